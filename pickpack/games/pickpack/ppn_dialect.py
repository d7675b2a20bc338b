"""Pick & Pack's PPN dialect: today's PPN, exactly (docs/ppn.md; pickpack.records.dialect).

- Roster: ``Red`` and ``Blue`` (PGN's White and Black); a record without a ``Game`` tag is
  a Pick & Pack record, and Pick & Pack records are written without one.
- Set-up tags: a deal (``Seed`` or ``Deal``, PP-S1), optionally with both tile
  placements already made (``RedPlacement``, ``BluePlacement``, PP-S3) and who moves
  first (``First``, PP-S4); or, for a game taken up part-way, a position string
  (``SetUp "1"`` and ``Position``, pickpack.games.pickpack.position). ``Variant`` names
  the rules variant; this engine plays only the standard game.
- Result: ``1-0`` Red wins, ``0-1`` Blue wins, ``1/2-1/2`` a draw (PP-E4), ``*`` not over.
- Moves: the canonical move text (docs/engine.md, "Move text"), applied fast.

The canonical text of a move is what the engine writes for it (str(Move)). Given the
mover, a text names one action integer whatever the position, and that action is written
back as the same text in every position, except that a crate-pair target is written
``a>b`` for Quality control and ``axb`` for Order mix-up (the tile's kind, which the
position decides). So a text is learnt once per mover (checked against the engine's own
writing of it) and afterwards applied with one dict look-up and one checked apply in C;
crate-pair texts are compared with the engine's writing each time. The checked apply is
a move's one legality check: its IllegalMoveError (the rule and reason state.parse_move
gives) is raised when the text is not among the legal moves either. A text that is not
learnt is looked for among the legal moves, and one that is not among them goes to
pickpack.move.apply_text, which raises state.parse_move's exact error (the column of
malformed text, the rule an illegal move breaks).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pickpack.errors import IllegalMoveError, MoveSyntaxError
from pickpack.game import Game
from pickpack.games.pickpack._core import deal_from_seed
from pickpack.games.pickpack.encoding import KINDS, SQUARES
from pickpack.games.pickpack.game import GAME, new_pickpack
from pickpack.games.pickpack.movetext import parse_action
from pickpack.games.pickpack.position import PositionError
from pickpack.games.pickpack.state import State
from pickpack.move import Move, apply_text
from pickpack.records.dialect import MOVE_TOKEN, TWO_PLAYER_RESULTS, TagError

__all__ = ["DIALECT", "SETUP_TAGS", "PickPackDialect", "apply_move_text", "result_token",
           "state_from_tags", "tags_for_state"]

SETUP_TAGS = ("Variant", "Seed", "Deal", "RedPlacement", "BluePlacement", "First", "SetUp", "Position")
_SORTED_PLACEMENT = sorted(KINDS * 2)
_TRAY_COUNTS = {1: 10, 2: 8, 3: 7, 4: 6, 5: 4, 6: 1}   # PP-C2
_VARIANTS = ("standard",)


def state_from_tags(tags: Mapping[str, str]) -> State:
    """The initial state the set-up tags in ``tags`` describe (a new State, no history).

    Other tags are ignored. Raises TagError naming the tag and the offset in its value.
    """
    variant = tags.get("Variant", "standard")
    if variant not in _VARIANTS:
        raise TagError("Variant", 0, f"unknown variant {variant!r}; this engine plays: {', '.join(_VARIANTS)}")
    setup = tags.get("SetUp")
    if setup is not None and setup not in ("0", "1"):
        raise TagError("SetUp", 0, f"must be \"0\" or \"1\", got {setup!r}")
    if "Position" in tags:
        if setup == "0":
            raise TagError("SetUp", 0, "is \"0\" but a Position tag is given (use \"1\")")
        for other in ("Seed", "Deal", "RedPlacement", "BluePlacement", "First"):
            if other in tags:
                raise TagError(other, 0, "cannot be given with a Position tag (the position "
                               "string sets up the whole game)")
        try:
            return State.from_position(tags["Position"])
        except PositionError as exc:
            raise TagError("Position", exc.column - 1, str(exc)) from None
    if setup == "1":
        raise TagError("SetUp", 0, "is \"1\" but there is no Position tag")
    deal = _deal(tags)
    first = tags.get("First", "red")
    if first not in ("red", "blue"):
        raise TagError("First", 0, f"must be \"red\" or \"blue\" (PP-S4), got {first!r}")
    placements = _placements(tags)
    try:
        state: State = new_pickpack(deal=deal, first=first, placements=placements)
    except ValueError as exc:  # everything was checked above; kept as a tag error all the same
        raise TagError(None, 0, f"cannot set up the game: {exc}") from None
    return state


def _deal(tags: Mapping[str, str]) -> list[int]:
    seed_deal = None
    if "Seed" in tags:
        text = tags["Seed"]
        if not text.isascii() or not text.isdigit() or int(text) >= 2**64:
            raise TagError("Seed", 0, f"must be a decimal integer 0..2**64-1 (PP-S1), got {text!r}")
        seed_deal = deal_from_seed(int(text))
    if "Deal" not in tags:
        if seed_deal is None:
            raise TagError(None, 0, "no Seed, Deal or Position tag: the game cannot be set up")
        return seed_deal
    text = tags["Deal"]
    for i, ch in enumerate(text):
        if not "1" <= ch <= "6":
            where = f" for square {SQUARES[i]}" if i < 36 else ""
            raise TagError("Deal", i, f"expected the apples of each square a1..f6 as a digit 1-6, "
                           f"got {ch!r}{where}")
    if len(text) != 36:
        raise TagError("Deal", len(text), f"must give 36 squares a1..f6, got {len(text)}")
    deal = [int(ch) for ch in text]
    for apples, count in _TRAY_COUNTS.items():
        if deal.count(apples) != count:
            raise TagError("Deal", 0, f"must hold ten 1s, eight 2s, seven 3s, six 4s, four 5s and one 6 "
                           f"(PP-C2); it has {deal.count(apples)} of {apples}")
    if seed_deal is not None and seed_deal != deal:
        bad = next(i for i in range(36) if seed_deal[i] != deal[i])
        raise TagError("Deal", bad, f"differs from the deal of Seed {tags['Seed']} at square {SQUARES[bad]}")
    return deal


def _placements(tags: Mapping[str, str]) -> dict[str, str] | None:
    red, blue = tags.get("RedPlacement"), tags.get("BluePlacement")
    if red is None and blue is None:
        return None
    if red is None or blue is None:
        given, missing = ("BluePlacement", "RedPlacement") if red is None else ("RedPlacement", "BluePlacement")
        raise TagError(given, 0, f"needs {missing} too (both placements, or neither: PP-S3)")
    for tag, text in (("RedPlacement", red), ("BluePlacement", blue)):
        if sorted(text) == _SORTED_PLACEMENT:
            continue                        # two of each kind: well formed (PP-C3)
        for i, ch in enumerate(text):
            if ch not in KINDS:
                raise TagError(tag, i, f"expected a kind P W R Q X M per space, got {ch!r}")
        if len(text) != 12:
            raise TagError(tag, len(text) if len(text) < 12 else 12,
                           f"must give 12 kinds, one per space, got {len(text)}")
        for k in KINDS:
            if text.count(k) != 2:
                raise TagError(tag, 0, f"must hold two of each kind P W R Q X M (PP-C3); "
                               f"it has {text.count(k)} of {k}")
    return {"red": red, "blue": blue}


def tags_for_state(root: State, seed: int | None = None) -> dict[str, str]:
    """The set-up tags that reproduce ``root`` exactly, in writing order.

    A fresh deal (phase placement, nothing placed) gives ``Deal`` (or ``Seed`` when
    ``seed`` is given and deals it) and ``First``; a deal with both placements just
    made adds ``RedPlacement`` and ``BluePlacement``; any other position gives
    ``SetUp "1"`` and ``Position``. Raises ValueError if ``seed`` does not deal
    ``root``'s trays.
    """
    snap = root.snapshot()
    first = root.first_player
    grid = snap["grid"]
    trays = [grid[sq] for sq in grid]
    fresh = all(t is not None and t["face_up"] for t in trays)
    if fresh:
        deal = [t["apples"] for t in trays]
        if seed is not None and deal_from_seed(seed) != deal:
            raise ValueError(f"Seed {seed} does not deal this game's trays")
        kinds = {p: "".join(t["kind"] or "." for t in snap["tiles"][p].values()) for p in ("red", "blue")}
        placements = None if kinds["red"] == "." * 12 else kinds
        if placements is None or "." not in placements["red"] + placements["blue"]:
            candidate = new_pickpack(deal=deal, first=first, placements=placements)
            if candidate.snapshot() == snap and candidate.zobrist_hash() == root.zobrist_hash():
                tags = {"Seed": str(seed)} if seed is not None else {"Deal": "".join(map(str, deal))}
                if placements is not None:
                    tags["RedPlacement"] = placements["red"]
                    tags["BluePlacement"] = placements["blue"]
                tags["First"] = first
                return tags
    if seed is not None:
        raise ValueError(f"Seed {seed} cannot be written for a game that starts part-way (it uses Position)")
    return {"SetUp": "1", "Position": root.to_position()}


# (text, mover) -> (action, whether the text depends on the tile's kind). Only texts the
# engine itself wrote are stored, so the table is bounded by the move grammar.
# mover -> text -> (its Move, kind-dependent)
_LEARNT: dict[str, dict[str, tuple[Move, bool]]] = {"red": {}, "blue": {}}
_UNKNOWNKINDS: list[int | None] = [None] * 12


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
        raise IllegalMoveError.for_action(None, "PP-E1/PP-E2", "the game is over", text)
    learnt = _LEARNT[player]
    known = learnt.get(text)
    refused: IllegalMoveError | None = None     # the checked apply's error: the one legality check
    if known is not None:
        move, check = known
        try:
            same = not check or state.action_text(move.action) == text
        except IllegalMoveError:
            same = False
        if same:
            try:
                state.apply_action(move.action)
                return move
            except IllegalMoveError as exc:
                refused = exc
    else:
        try:
            action = parse_action(text, 0 if player == "red" else 1, -1, _UNKNOWNKINDS)
            same = state.action_text(action) == text
        except (MoveSyntaxError, IllegalMoveError):
            same = False
        if same:
            move = Move(action, text)
            learnt[text] = (move, _kind_dependent(text))
            try:
                state.apply_action(action)
                return move
            except IllegalMoveError as exc:
                refused = exc
    for move in state.legal_moves():
        if move.text == text:
            learnt[text] = (move, _kind_dependent(text))
            state.apply_action(move.action)
            return move
    if refused is not None:
        raise refused
    return apply_text(state, text)


def result_token(winner: str | None) -> str:
    """The result token for a winner: "red" 1-0, "blue" 0-1, "draw" 1/2-1/2, None "*"."""
    return {"red": "1-0", "blue": "0-1", "draw": "1/2-1/2", None: "*"}[winner]


class PickPackDialect:
    """Pick & Pack's RecordDialect (module docstring). Use the instance ``DIALECT``."""

    game: Game[Any] = GAME
    setup_tags = SETUP_TAGS
    move_token = MOVE_TOKEN
    final_rule: str | None = "PP-E4"

    def player_tags(self, tags: Mapping[str, str]) -> tuple[str, ...]:
        """``("Red", "Blue")``."""
        return ("Red", "Blue")

    def state_from_tags(self, tags: Mapping[str, str]) -> State:
        """See state_from_tags."""
        return state_from_tags(tags)

    def setup_tags_for(self, root: State, given: Mapping[str, str]) -> dict[str, str]:
        """tags_for_state(root, the given Seed). Raises ValueError for a Seed that is not
        a decimal integer or does not deal ``root``."""
        seed_text = given.get("Seed")
        if seed_text is not None and not (seed_text.isascii() and seed_text.isdigit()):
            raise ValueError(f"Seed {seed_text!r} is not a decimal integer")
        return tags_for_state(root, int(seed_text) if seed_text is not None else None)

    def history_moves(self, state: State) -> list[Move]:
        """``state.history()`` (canonical texts)."""
        return list(state.history())

    #: apply_move_text itself (the reader's inner loop: no extra call per ply).
    apply_move = staticmethod(apply_move_text)

    def result_of(self, state: State) -> str:
        """result_token(state.winner())."""
        return result_token(state.winner())

    def result_tokens(self, tags: Mapping[str, str]) -> str:
        """PGN's four tokens."""
        return "1-0, 0-1, 1/2-1/2 or *"

    def check_result(self, token: str, tags: Mapping[str, str]) -> bool:
        """True for 1-0, 0-1, 1/2-1/2 and *."""
        return token in TWO_PLAYER_RESULTS

    def __repr__(self) -> str:
        return "<Pick & Pack PPN dialect>"


#: The dialect Game.ppn_dialect names: "pickpack.games.pickpack.ppn_dialect:DIALECT".
DIALECT = PickPackDialect()
