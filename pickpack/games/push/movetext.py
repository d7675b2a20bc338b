"""Reading PUSH move text: the one parser behind ``State.parse_move`` and the reference's.

Move text is not rules: both implementations read it alike, then check the action with
their own rules (``check_action``).

    >>> read_move_text("  take-2 ", "collect", lambda: ["take-1", "take-2"])
    11
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pickpack.errors import IllegalMoveError, MoveSyntaxError
from pickpack.games.push.encoding import error_column, parse_card, parse_decision, parse_die

__all__ = ["read_move_text"]

_PARSERS = ((parse_decision, "decision"), (parse_card, "card"), (parse_die, "die"))


def read_move_text(text: str, phase: str, legal_texts: Callable[[], Sequence[str]]) -> int:
    """The action ``text`` names in phase ``phase`` (encoding.PHASES): a decision
    (``draw``/``push``, ``stop``, ``bank-R``, ``place-2``, ``take-3``), a card (``R1`` ..
    ``P6``, ``roll``, ``switch``) while one is drawn, a die face (``die-R`` ..
    ``die-star``) while the die rolls; any letter case, spaces around ignored.

    Raises TypeError for a non-str, MoveSyntaxError (with the column, error_column) for
    text that names nothing, IllegalMoveError naming the rule for the wrong kind of
    action here: PU-E1 once over, PU-C1 at a draw, PU-C2 at a roll, PU-T1 for a card or
    die face where a player decides (``legal_texts()`` are listed then). Whether the
    action is legal is the caller's ``check_action``."""
    if not isinstance(text, str):
        raise TypeError(f"move text must be a str, not {type(text).__name__}")
    action: int | None = None
    kind = ""
    for parse, name in _PARSERS:
        try:
            action = parse(text)
        except MoveSyntaxError:
            continue
        kind = name
        break
    if action is None:
        raise MoveSyntaxError("expected a decision (draw, stop, bank-R .. bank-P, place-1 .. place-3, "
                              "take-1 .. take-3), a card (R1 .. P6, roll, switch) or a die face "
                              "(die-R .. die-star)", text, error_column(text), "move")
    word = text.strip()
    if phase == "over":
        raise IllegalMoveError.for_action(None, "PU-E1", "the game is over", word)
    if phase == "draw" and kind != "card":
        raise IllegalMoveError.for_action(None, "PU-C1", "a card is being drawn; the next action is the card "
                                          "(R1 .. P6, roll, switch)", word)
    if phase == "roll" and kind != "die":
        raise IllegalMoveError.for_action(None, "PU-C2", "the die is rolling; the next action is its face "
                                          "(die-R .. die-star)", word)
    if phase not in ("draw", "roll") and kind != "decision":
        raise IllegalMoveError.for_action(None, "PU-T1", "cards and die faces come by chance; the player "
                                          f"decides ({', '.join(legal_texts())})", word)
    return action
