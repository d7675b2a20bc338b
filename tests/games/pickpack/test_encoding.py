"""pickpack.games.pickpack.encoding: the one definition of Pick & Pack's names and action
layout, and the typed parts of an action (pp_decode / pp_encode of the core).

Every one of the 10,230 actions is decoded, encoded back and checked against the move
text the core writes and the move-text reader (docs/engine.md, "Action integers").
"""

from __future__ import annotations

import pytest

import pickpack
from pickpack.errors import MoveSyntaxError, PickpackError, PositionError, SnapshotError
from pickpack.games.pickpack import State, encoding
from pickpack.games.pickpack.encoding import (
    CratePairTarget, CrateTarget, DecodedAction, SpaceTarget, SquareTarget, decode, encode)
from pickpack.games.pickpack.movetext import parse_action
from pickpack.games.pickpack.position import position_error

PLACEMENTS = {"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}


def test_the_tables_spell_the_squares_spaces_and_kinds_of_docs_engine_md() -> None:
    assert encoding.PLAYERS == ("red", "blue")
    assert encoding.FILES == "abcdef" and encoding.RANKS == "123456"
    assert len(encoding.SQUARES) == 36
    assert (encoding.SQUARES[0], encoding.SQUARES[5], encoding.SQUARES[6], encoding.SQUARES[35]) == (
        "a1", "f1", "a2", "f6")
    assert encoding.SPACES[0] == ("aT", "bT", "cT", "dT", "eT", "fT", "aB", "bB", "cB", "dB", "eB", "fB")
    assert encoding.SPACES[1] == ("1L", "2L", "3L", "4L", "5L", "6L", "1R", "2R", "3R", "4R", "5R", "6R")
    assert encoding.KINDS == "PWRQXM"
    # the rules' names, PP-A1..PP-A6 (docs/rules.md)
    assert encoding.KIND_NAMES == {"P": "Premium", "W": "Wholesale", "R": "Rush order",
                                   "Q": "Quality control", "X": "Order mix-up", "M": "Malfunction"}
    assert (encoding.PLACEMENT_ACTIONS, encoding.DETAILS_PER_SQUARE, encoding.TARGETS_PER_END) == (6, 142, 69)
    assert (encoding.TARGET_CRATE, encoding.TARGET_PAIR, encoding.TARGET_SQUARE, encoding.TARGET_SPACE) == (
        1, 5, 21, 57)
    assert encoding.NUM_DISTINCT_ACTIONS == 6 + 36 * 142 * 2 == 10230
    assert encoding.square_of("c4") == 20 and encoding.space_of("3R") == (1, 8)
    assert encoding.CRATE_STATUS == ("open", "premium", "wholesale")
    assert encoding.TILE_STATUS == ("unplayed", "used", "malfunctioned")
    assert encoding.PHASES == ("placement", "play", "over")


def test_hand_worked_actions_decode_to_their_parts() -> None:
    assert decode(5) == DecodedAction(5, "M", None, None, None, None, False)
    assert decode(6) == DecodedAction(6, None, "a1", 1, None, None, False)
    # 6 + (35*142 + 4 + 69 + 68)*2 + 1: f6, far end, the opponent's last space, rush.
    last = decode(10229, mover="red")
    assert last == DecodedAction(10229, None, "f6", None, 1, SpaceTarget(11, "6R"), True, "fB")
    blue = decode(10229, mover="blue")
    assert (blue.tile_space, blue.target) == ("6R", SpaceTarget(11, "fB"))
    # a1, near end, Quality control from the opponent's crate 2 into own crate 3:
    # detail 4 + 0*69 + 5 + 1*4 + 2 = 15 -> 6 + 15*2.
    assert encode(destination="a1", tile_end=0, target=CratePairTarget(2, 3)) == 36
    assert decode(36).target == CratePairTarget(2, 3)
    # c4 (20), near end, Malfunction on e5 (square 28, target 21 + 28 = 49): 6 + (20*142 + 53)*2.
    assert encode(destination="c4", tile_end=0, target=SquareTarget("e5")) == 5792
    assert encode(destination="c4", tile_end=0, target=CrateTarget(3), rush=True) == 5701
    assert encode(placement_kind="P") == 0


def test_every_action_round_trips_through_decode_and_encode() -> None:
    for action in range(encoding.NUM_DISTINCT_ACTIONS):
        parts = decode(action)
        assert parts.action == action
        assert parts.encode() == action
        assert encoding.encode_raw(*encoding.decode_raw(action)) == action


def _text_of(parts: DecodedAction, sep: str) -> str:
    """Move text written from the typed parts alone (docs/engine.md, "Move text")."""
    assert parts.destination is not None
    if parts.grab_crate is not None:
        body = f"{parts.destination}>{parts.grab_crate}"
    else:
        body = f"{parts.destination}/{parts.tile_space}"
        target = parts.target
        if isinstance(target, CrateTarget):
            body += f":{target.crate}"
        elif isinstance(target, CratePairTarget):
            body += f":{target.opponent_crate}{sep}{target.own_crate}"
        elif isinstance(target, SquareTarget):
            body += f":{target.square}"
        elif isinstance(target, SpaceTarget):
            body += f":{target.name}"
    return body + ("+" if parts.rush else "")


@pytest.mark.parametrize("first", ["red", "blue"])
def test_every_play_action_matches_the_core_text_and_the_move_text_reader(first: str) -> None:
    st = pickpack.new_game("pickpack", seed=3, first=first, placements=PLACEMENTS)
    mover, placing, kinds = st._parse_context()
    assert (mover, placing) == (encoding.PLAYERS.index(first), -1)
    for action in range(encoding.PLACEMENT_ACTIONS, encoding.NUM_DISTINCT_ACTIONS):
        text = st.action_text(action)          # the core's writer, legal or not
        parts = decode(action, mover=first)
        sep = "x" if parts.tile_space is not None and kinds[encoding.space_of(parts.tile_space)[1]] == 4 else ">"
        assert _text_of(parts, sep) == text, action
        assert parse_action(text, mover, placing, kinds) == action


def test_every_placement_action_matches_the_core_text_and_the_reader() -> None:
    st = pickpack.new_game("pickpack", seed=3)
    for _ in range(13):                        # Red's 12 spaces, then Blue's 1L
        mover, placing, kinds = st._parse_context()
        for action in range(encoding.PLACEMENT_ACTIONS):
            text = st.action_text(action)
            assert text == f"{encoding.SPACES[mover][placing]}={decode(action).placement_kind}"
            assert parse_action(text, mover, placing, kinds) == action
        st.apply_action(st.legal_actions()[0])


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"placement_kind": "Z"}, "placement_kind"),
    ({"placement_kind": "P", "destination": "a1"}, "destination"),
    ({"placement_kind": "P", "rush": True}, "rush"),
    ({"destination": "g7", "grab_crate": 1}, "destination"),
    ({"grab_crate": 1}, "destination"),
    ({"destination": "a1", "grab_crate": 5}, "grab_crate"),
    ({"destination": "a1", "grab_crate": True}, "grab_crate"),
    ({"destination": "a1", "grab_crate": 1, "tile_end": 0}, "tile_end, target"),
    ({"destination": "a1"}, "tile_end"),
    ({"destination": "a1", "tile_end": 2}, "tile_end"),
    ({"destination": "a1", "tile_end": 0, "target": CrateTarget(0)}, "target.crate"),
    ({"destination": "a1", "tile_end": 0, "target": CratePairTarget(1, 5)}, "target.own_crate"),
    ({"destination": "a1", "tile_end": 0, "target": SquareTarget("z9")}, "target.square"),
    ({"destination": "a1", "tile_end": 0, "target": SpaceTarget(12)}, "target.index"),
    ({"destination": "a1", "tile_end": 0, "target": 3}, "target"),
    ({"destination": "a1", "grab_crate": 1, "rush": 1}, "rush"),
])
def test_encode_names_the_field_of_bad_input(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(ValueError, match=rf"^{field}:"):
        encode(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("action", [-1, 10230, "6", 6.0, True, None])
def test_decode_names_the_action_for_bad_input(action: object) -> None:
    with pytest.raises(ValueError, match=r"^action:"):
        decode(action)  # type: ignore[arg-type]


def test_decode_names_the_player_for_a_bad_mover() -> None:
    with pytest.raises(ValueError, match=r"^player:"):
        decode(6, mover="green")


@pytest.mark.parametrize(("text", "field", "column"), [
    ("", "move", 1),
    ("aT=Z", "kind", 4),
    ("zz=P", "space", 1),
    ("g4>1", "destination", 1),
    ("c4>9", "crate", 4),
    ("c4", "move", 3),
    ("c4/zz", "tile", 4),
    ("c4>1x", "move", 5),
])
def test_move_syntax_errors_carry_field_and_column(text: str, field: str, column: int) -> None:
    with pytest.raises(MoveSyntaxError) as info:
        parse_action(text, 0, -1, [None] * 12)
    assert (info.value.field, info.value.column, info.value.text) == (field, column, text)


def test_a_snapshot_error_is_placed_by_its_fields_never_by_its_message() -> None:
    text = pickpack.new_game("pickpack", seed=7, placements=PLACEMENTS).to_position()
    assert text.endswith(" PPWWRRQQXXMM/MMXXQQRRWWPP -,-,-,-/-,-,-,- 0/0")
    fields = text.split()
    tiles_at = text.index(fields[4]) + 1
    blue_part = tiles_at + fields[4].index("/") + 1
    # A message that names another field and square: only field/player/index count.
    err = position_error(text, SnapshotError("grid.a1: rush of red (PP-C2)", "tiles", "blue", 3))
    assert isinstance(err, PositionError)
    assert (err.field, err.column) == ("tiles", blue_part + 3)
    rush = position_error(text, SnapshotError("tiles", "rush", "blue"))
    assert (rush.field, rush.column) == ("rush", len(text))      # Blue's count, the last character
    grid = position_error(text, SnapshotError("crates", "grid", None, 0))   # a1: row 1, last row
    assert (grid.field, grid.column) == ("grid", 5 * 7 + 1)


def test_snapshot_errors_are_pickpack_errors_with_their_fields() -> None:
    with pytest.raises(SnapshotError) as info:
        State.from_snapshot({"game": "pickpack", "phase": "dance"})
    assert isinstance(info.value, PickpackError) and isinstance(info.value, ValueError)
    assert (info.value.field, info.value.player, info.value.index) == ("phase", None, None)
