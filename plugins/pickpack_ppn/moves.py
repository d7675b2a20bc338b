"""Applying a move written in canonical text, fast: the reader's inner loop.

The canonical text of a move is what the engine writes for it (str(Move), docs/engine.md
"Move text"). Given the mover, a text names one action integer whatever the position,
and that action is written back as the same text in every position, except that a
crate-pair target is written ``a>b`` for Quality control and ``axb`` for Order mix-up
(the tile's kind, which the position decides). So a text is learnt once per mover
(checked against the engine's own writing of it) and afterwards applied with one dict
look-up and one checked apply in C; crate-pair texts are compared with the engine's
writing each time. A text that is not learnt is looked for among the legal moves, and
one that is not among them goes to state.parse_move, which raises the engine's exact
error (the column of malformed text, the rule an illegal move breaks).
"""

from __future__ import annotations

from pickpack import IllegalMoveError, Move, MoveSyntaxError
from pickpack.games.pickpack import State
from pickpack.games.pickpack.movetext import parse_action

__all__ = ["apply_move_text"]

# (text, mover) -> (action, whether the text depends on the tile's kind). Only texts the
# engine itself wrote are stored, so the table is bounded by the move grammar.
_LEARNT: dict[tuple[str, str], tuple[int, bool]] = {}
_UNKNOWN_KINDS: list[int | None] = [None] * 12


def _kind_dependent(text: str) -> bool:
    """True for a crate-pair target (``:2>1`` / ``:2x1``), written by the tile's kind."""
    colon = text.find(":")
    return colon >= 0 and len(text) > colon + 2 and text[colon + 2] in ">x"


def apply_move_text(state: State, text: str) -> Move:
    """Apply the move written ``text`` to ``state`` and return it (canonical text).

    Raises pickpack.MoveSyntaxError (with the column in ``text``) for malformed text
    and pickpack.IllegalMoveError (naming the rule) for a move that is not legal here;
    the state is unchanged then.
    """
    player = state.current_player
    if player is None:
        raise IllegalMoveError(f"illegal move {text}: PP-E1/PP-E2: the game is over", rule="PP-E1/PP-E2")
    key = (text, player)
    known = _LEARNT.get(key)
    if known is not None:
        action, check = known
        try:
            if not check or state.action_text(action) == text:
                state.apply_action(action)
                return Move(action, text)
        except IllegalMoveError:
            pass
    else:
        try:
            action = parse_action(text, 0 if player == "red" else 1, -1, _UNKNOWN_KINDS)
            if state.action_text(action) == text:
                _LEARNT[key] = (action, _kind_dependent(text))
                state.apply_action(action)
                return Move(action, text)
        except (MoveSyntaxError, IllegalMoveError):
            pass
    for move in state.legal_moves():
        if move.text == text:
            _LEARNT[key] = (move.action, _kind_dependent(text))
            state.apply_action(move.action)
            return move
    move = state.parse_move(text)
    state.apply_action(move.action)
    return move
