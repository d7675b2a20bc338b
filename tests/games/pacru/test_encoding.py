"""PACRU's geometry, set-ups, action codec and move text (pickpack/games/pacru/encoding.py)
and its Zobrist definition (zobrist.py). Expected values are worked out by hand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pickpack.errors import MoveSyntaxError
from pickpack.games.pacru import zobrist
from pickpack.games.pacru.encoding import (NUM_DISTINCT_ACTIONS, NUM_MOVE_ACTIONS, REORIENT_2, REORIENT_4,
                                           SETUP, TARGET, CHEVRONS, SEAT_NAMES, action_text, borderland,
                                           borderland_cells, cell_text, combination_rank, combination_unrank,
                                           decode_action, encode_move, encode_reorient, parse_action,
                                           parse_cell, place_in_borderland, step)


def test_cells_are_numbered_row_by_row_from_a1() -> None:
    # PA-C1: a..i west to east, 1..9 south to north.
    assert [parse_cell(t) for t in ("a1", "i1", "a2", "e5", "i9")] == [0, 8, 9, 40, 80]
    assert cell_text(76) == "e9"          # row 8 * 9 + column 4


def test_borderlands_are_the_nine_3x3_blocks() -> None:
    # PA-C1: (column // 3, row // 3); index (row // 3) * 3 + column // 3.
    assert borderland(parse_cell("c3")) == 0 and borderland(parse_cell("d3")) == 1
    assert borderland(parse_cell("c4")) == 3 and borderland(parse_cell("i9")) == 8
    assert [cell_text(c) for c in borderland_cells(4)] == ["d4", "e4", "f4", "d5", "e5", "f5", "d6", "e6", "f6"]
    assert place_in_borderland(parse_cell("f6")) == 8


def test_steps_stop_at_the_edge() -> None:
    # Directions clockwise from north (PA-C3): NE from e5 twice is g7; W from a5 leaves the board.
    assert cell_text(step(parse_cell("e5"), 1, 2)) == "g7"
    assert step(parse_cell("a5"), 6) == -1 and step(parse_cell("e9"), 0) == -1


def test_setups_are_the_rules() -> None:
    # PA-S1: south a3 E, e1 N, i3 W, i9 SW; north a7 E, e9 S, i7 W, a1 NE.
    text = {n: [[cell_text(c) + "N NE E SE S SW W NW".split()[d] for c, d in seat] for seat in SETUP[n]]
            for n in (2, 3, 4)}
    assert text[2] == [["a3E", "e1N", "i3W", "i9SW"], ["a7E", "e9S", "i7W", "a1NE"]]
    # PA-S2 in turn order south, west, north, east (PA-S4); PA-S3: north, east, west without south.
    assert text[4] == [["e1N", "a3E", "i3W"], ["a5E", "c1N", "c9S"], ["e9S", "a7E", "i7W"], ["i5W", "g1N", "g9S"]]
    assert text[3] == [["e9S", "a7E", "i7W"], ["i5W", "g1N", "g9S"], ["a5E", "c1N", "c9S"]]
    assert SEAT_NAMES[3] == ("north", "east", "west")
    assert (CHEVRONS[2], CHEVRONS[3], CHEVRONS[4]) == (4, 3, 3)          # PA-C4
    assert (TARGET[2], TARGET[3], TARGET[4]) == (42, 28, 24)             # PA-C5


def test_the_action_space_sizes() -> None:
    # 81 cells * 8 travel * 8 distances * 2 pincer * 2 connection * 10 crossing * 82 meeting.
    assert NUM_MOVE_ACTIONS == 17_003_520 == REORIENT_2
    # + 81 * 8 * C(81, 2) = 648 * 3240 = 2,099,520 reorientations by 45 degrees.
    assert REORIENT_4 == 19_103_040
    # + 648 * C(81, 4) = 648 * 1,663,740 = 1,078,103,520 by 90 degrees; below 2**31 for C ints.
    assert NUM_DISTINCT_ACTIONS == 1_097_206_560 < 2**31


def test_combination_ranks_are_colex() -> None:
    # {0,1} is first; {0,2} = C(0,1) + C(2,2) = 1; {1,2} = 1 + 1 = 2; {0,1,2,3} = 0.
    assert [combination_rank(s) for s in ([0, 1], [0, 2], [1, 2], [3, 2, 1, 0])] == [0, 1, 2, 0]
    # {80, 79, 78, 77} is the last 4-set: C(81, 4) - 1.
    assert combination_rank([77, 78, 79, 80]) == 1_663_739
    assert combination_unrank(1_663_739, 4) == (77, 78, 79, 80)
    with pytest.raises(ValueError, match="repeated"):
        combination_rank([3, 3])


def test_move_actions_by_hand() -> None:
    # e1 (cell 4) N (0) 1 cell, nothing else: ((((4*8+0)*8+0)*2*2)*10 + 9)*82 + 81.
    assert encode_move(4, 0, 1) == (4 * 8 * 8 * 4 * 10 + 9) * 82 + 81
    a = parse_action("e1xe5[f4,*c7]")
    d = decode_action(a)
    assert (d.kind, cell_text(d.cell), d.direction, d.distance, cell_text(d.to)) == ("move", "e1", 0, 4, "e5")
    assert d.pincer and not d.connection and cell_text(d.crossing) == "f4" and cell_text(d.meeting) == "c7"
    assert action_text(a) == "e1xe5[f4,*c7]"
    assert action_text(parse_action("a3-g3[conn]")) == "a3-g3[conn]"


def test_reorientation_actions_by_hand() -> None:
    # e1 to NE freeing a1, b2 (cells 0 and 10): REORIENT_2 + (4*8 + 1) * 3240 + C(0,1) + C(10,2).
    a = encode_reorient(4, 1, [10, 0])
    assert a == REORIENT_2 + 33 * 3240 + 45
    assert action_text(a) == "e1>NE[a1,b2]" == action_text(parse_action("E1>ne[b2, a1]"))
    four = parse_action("e1>E[a1,b1,c1,d2]")
    assert four >= REORIENT_4 and decode_action(four).freed == (0, 1, 2, 12)


@given(st.integers(0, NUM_DISTINCT_ACTIONS - 1))
def test_every_writable_action_reads_back(action: int) -> None:
    try:
        text = action_text(action)
    except ValueError:             # a move off the board has no text
        assert decode_action(action).to == -1
        return
    assert parse_action(text) == action
    assert parse_action(text.upper()) == action


@pytest.mark.parametrize("text, column", [
    ("", 1), ("z1-e3", 1), ("e0-e3", 2), ("e1", 3), ("e1?e3", 3),
    ("e1-f3", 4),                  # not a straight line (PA-M1)
    ("e1-e4[a1]", 7),              # a1 is not in e4's borderland (PA-B1)
    ("e1-e3[*z9]", 7), ("e1-e4[d4,conn]", 10), ("e1>NE[a1]", 7), ("e1>e2[a1,b1]", 4),
    # Each bracket item has its own column: b6 (a second crossing cell) is at 10, the
    # empty item after "b5, " at 11; an unclosed bracket points past the end (9), junk
    # after a closed one at itself (10).
    ("a3-b4[b5,b6]", 10), ("a3-b4[b5, ]", 11), ("a3-b4[b5", 9), ("a3-b4[b5]x", 10), ("e1>NE[a1,zz]", 10),
])
def test_malformed_move_text_names_the_column(text: str, column: int) -> None:
    with pytest.raises(MoveSyntaxError) as err:
        parse_action(text)
    assert err.value.column == column


def test_out_of_range_actions_have_no_text() -> None:
    for bad in (-1, NUM_DISTINCT_ACTIONS):
        with pytest.raises(ValueError, match="no action"):
            action_text(bad)
    with pytest.raises(ValueError, match="leaves the board"):
        action_text(((4 * 8 + 4) * 8 * 4 * 10 + 9) * 82 + 81)   # e1 one cell S: off the board


def _start_snapshot() -> dict[str, object]:
    return {"players": 2, "single_cell": False, "classic_meeting": False, "max_plies": 1000, "ply": 0,
            "turn": 0, "board": ["." * 9] * 9,
            "chevrons": [["a3E", "e1N", "i3W", "i9SW"], ["a1NE", "a7E", "e9S", "i7W"]]}


def test_zobrist_hash_is_the_xor_of_the_keys() -> None:
    snap = _start_snapshot()
    k = zobrist.KEYS
    o = zobrist.OFFSETS
    expected = 0
    for cell in range(81):
        expected ^= k[o["COLOUR"] + cell * 5]                  # every cell neutral
    for seat, chevrons in enumerate([[(18, 2), (4, 0), (26, 6), (80, 5)], [(0, 1), (54, 2), (76, 4), (62, 6)]]):
        for cell, d in chevrons:
            expected ^= k[o["CHEVRON"] + cell * 32 + seat * 8 + d]
    expected ^= k[o["TURN"]] ^ k[o["PLAYERS"] + 2] ^ k[o["SINGLE_CELL"]] ^ k[o["CLASSIC_MEETING"]]
    assert zobrist.hash_snapshot(snap) == expected
    # The ply count and the cap are not hashed (PA-E3 is a safeguard, not a feature of the position).
    assert zobrist.hash_snapshot({**snap, "ply": 7, "max_plies": 50}) == expected
    assert zobrist.hash_snapshot({**snap, "turn": 1}) != expected


def test_splitmix64_matches_its_published_first_output() -> None:
    # splitmix64 from state 0: the first output is 0xE220A8397B1DCDAF (Vigna's reference code).
    assert zobrist.splitmix64_stream(0, 1) == [0xE220A8397B1DCDAF]
