"""Positions the rules cannot reach are refused (issue 12 item 11; docs/engine.md,
"Positions the rules can reach").

Each test starts from a position a game reaches and edits one field, so that exactly one
reachability rule breaks; the expected field and column are worked out by hand below.
The base, BASE, is docs/ppn.md's example (seed 0 after 30 random plies):

    1D..2./.2..1./552.F./.2.13D/...41./4..23. c5 r r mWmpPQqRrxXw/xQPmr*XPmRQww 3121,W3,W3321,P-/W-,151,135,244 1/0

Columns: grid 1-41, grabber 43, to-move 46, first 48, tiles 50-75 (Red's aT..fB at
50-61, '/' 62, Blue's from 63: x 63, Q 64, P 65, m 66, r* 67-68, X 69, ...), crates
77-107 (Red's part at 77, '/' 93, Blue's at 94), rush 109.
Facts of BASE: 18 trays on the grid (3 face down: b6, e4, f3), 18 in crates; Red used
M M P Q R X W (7), Blue used X M M W W (5), Blue's 5L is malfunctioned; 30 moves, no
rush order spent (Red's used R waits: rush 1/0), Red first, so Red is to move.
"""

from __future__ import annotations

import random

import pytest

import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack.errors import SnapshotError
from pickpack.games.pickpack.position import PositionError

BASE = ("1D..2./.2..1./552.F./.2.13D/...41./4..23. c5 r r mWmpPQqRrxXw/xQPmr*XPmRQww "
        "3121,W3,W3321,P-/W-,151,135,244 1/0")
FIELDS = ("grid", "grabber", "to-move", "first", "tiles", "crates", "rush")


def edit(text: str, field: str, new: str) -> str:
    """``text`` with one whole field replaced."""
    words = text.split()
    words[FIELDS.index(field)] = new
    return " ".join(words)


def refused(text: str) -> PositionError:
    with pytest.raises(PositionError) as info:
        pickpack_game.from_position(text)
    return info.value


def test_the_base_position_is_reachable_and_loads() -> None:
    st = pickpack_game.from_position(BASE)
    assert (st.phase, st.current_player, st.to_position()) == ("play", "red", BASE)


def test_the_issues_over_flag_with_moves_left_is_refused_at_to_move() -> None:
    """The issue's instance: BASE marked over ('-'). Nobody has four closed crates
    (PP-E1) and Red, whose turn it is after 30 moves and no rush spent, can move (b5
    holds a tray in row 5): the over flag is not what PP-E2 gives."""
    error = refused(edit(BASE, "to-move", "-"))
    assert (error.field, error.column) == ("to-move", 46)
    assert "PP-E2" in error.reason and "red" in error.reason
    assert str(error).startswith("position string, to-move field, column 46: impossible position:")


def test_the_wrong_player_to_move_is_refused() -> None:
    """30 moves, no rush order spent, Red first: Red moves (PP-S4, PP-R1), not Blue
    (Blue could move: c4 holds a tray in column c, so only the turn rule is broken)."""
    error = refused(edit(BASE, "to-move", "b"))
    assert (error.field, error.column) == ("to-move", 46)
    assert "PP-R1" in error.reason and "red's turn" in error.reason


def test_the_wrong_first_player_is_refused_at_to_move() -> None:
    """With Blue first, an even number of moves (30) and no rush spent, Blue would be to
    move; the string says Red."""
    error = refused(edit(BASE, "first", "b"))
    assert (error.field, error.column) == ("to-move", 46)
    assert "blue's turn" in error.reason


def test_a_premium_crate_without_its_premium_tile_is_refused() -> None:
    """Red used one Premium tile (dT 'p') but crate 4 is shown open: each used P closed
    a crate (PP-A1). Reported at Red's crates, column 77."""
    error = refused(edit(BASE, "crates", "3121,W3,W3321,-/W-,151,135,244"))
    assert (error.field, error.column) == ("crates", 77)
    assert "PP-A1" in error.reason


def test_a_used_wholesale_tile_without_its_wholesale_crate_is_refused() -> None:
    """Red used one Wholesale tile (fB 'w'); Blue's crate 1 shown open: PP-A2, at Blue's
    crates, column 94."""
    error = refused(edit(BASE, "crates", "3121,W3,W3321,P-/-,151,135,244"))
    assert (error.field, error.column) == ("crates", 94)
    assert "PP-A2" in error.reason


def test_more_malfunctioned_tiles_than_the_opponents_malfunctions_is_refused() -> None:
    """Red's bT, eT and fT shown malfunctioned (w* p* q*): 3, but Blue used only 2
    Malfunction tiles (4L, 2R) (PP-A6). At Red's first malfunctioned space, bT: 51."""
    error = refused(edit(BASE, "tiles", "mw*mpp*q*qRrxXw/xQPmr*XPmRQww"))
    assert (error.field, error.column) == ("tiles", 51)
    assert "PP-A6" in error.reason


def test_more_face_down_trays_than_malfunctions_is_refused() -> None:
    """a6's 1 shown face down (A): 4 face-down trays + Blue's malfunctioned 5L = 5, but
    only 4 Malfunctions were used (Red aT, cT; Blue 4L, 2R) (PP-A6). At the first
    face-down square in the string, a6: column 1."""
    error = refused(edit(BASE, "grid", "AD..2./.2..1./552.F./.2.13D/...41./4..23."))
    assert (error.field, error.column) == ("grid", 1)
    assert "PP-A6" in error.reason


def test_a_used_tile_whose_line_is_full_is_refused() -> None:
    """Red's eB shown used (x): column e holds a tray on every square (2 1 F 3 1 3), so
    the grabber never entered an empty square there to play it (PP-M2). Red's eB is
    space 10: column 50 + 10 = 60."""
    error = refused(edit(BASE, "tiles", "mWmpPQqRrxxw/xQPmr*XPmRQww"))
    assert (error.field, error.column) == ("tiles", 60)
    assert "PP-M2" in error.reason and "column e" in error.reason


def test_the_grabber_on_a_tray_after_moves_is_refused() -> None:
    """c4 holds a 2: after a move the grabber stands on the emptied or entered square
    (PP-G1, PP-M2)."""
    error = refused(edit(BASE, "grabber", "c4"))
    assert (error.field, error.column) == ("grabber", 43)
    assert "PP-G1" in error.reason


def test_the_grabber_off_the_six_before_the_first_move_is_refused() -> None:
    """Seed 7 with placements given: play, no move made, all 36 trays on the grid; the
    grabber is on the 6 (d6), not a1 (PP-S2)."""
    start = pickpack.new_game(seed=7, placements={"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"})
    text = start.to_position()
    assert text.split()[1] == "d6"
    error = refused(edit(text, "grabber", "a1"))
    assert (error.field, error.column) == ("grabber", 43)
    assert "PP-S2" in error.reason


def test_after_the_first_move_the_six_is_in_the_movers_row() -> None:
    """Seed 7: Red grabs a6 from d6 (the 6's square). Swapping the 6 (d6) with a1's 4
    keeps the tray multiset but puts the 6 off row 6, which Red's first move went along
    (PP-S2, PP-M1)."""
    st = pickpack.new_game(seed=7, placements={"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"})
    st.apply("a6>1")
    text = st.to_position()
    assert text.split()[0] == ".33654/321515/322211/412314/431211/445312"
    pickpack_game.from_position(text)
    error = refused(edit(text, "grid", ".33454/321515/322211/412314/431211/645312"))
    assert (error.field, error.column) == ("grabber", 43)
    assert "PP-S2" in error.reason


def test_the_grabber_off_the_last_movers_axis_is_refused() -> None:
    """Seed 0 after 3 moves (Red, Blue, Red; a6, d6 and d4 empty, no tile used, no rush
    spent): Red made the last move, along a row. On d4 the grabber would have come from
    an empty square of row 4 (552.61): there is none but d4 itself (PP-M1)."""
    text = ".42.23/325112/552.61/523134/111413/442234 a6 b r QQPRMXXRWWPM/RWPXRMMWQPQX -,1,-,3/-,1,-,- 0/0"
    pickpack_game.from_position(text)
    error = refused(edit(text, "grabber", "d4"))
    assert (error.field, error.column) == ("grabber", 43)
    assert "PP-M1" in error.reason and "row (Red)" in error.reason


def test_open_crates_outside_the_fewest_rule_are_refused() -> None:
    """Blue's open crates shown as 15135, 1, 244 (same trays): 5, 1 and 3 trays differ
    by 4, but trays go to an open crate with the fewest (PP-G2) and Red's one Quality
    control (aB) took at most one away: at most 1 + 1 = 2. At Blue's crate 2 (the
    fullest): column 94 + len('W-,') = 97."""
    error = refused(edit(BASE, "crates", "3121,W3,W3321,P-/W-,15135,1,244"))
    assert (error.field, error.column) == ("crates", 97)
    assert "PP-G2" in error.reason


def test_a_finished_game_needs_the_closing_tile_at_the_grabbers_line() -> None:
    """Seed 0, a game that ended by PP-E1 (Red's four crates closed, Red's used Premium
    cT in column c, where the grabber is, on c2). With the grabber on a1 instead (also
    empty), neither Red's column-a tiles (q, x) nor Blue's row-1 tiles (r, m) is the
    P or W tile that closed the last crate (PP-E1)."""
    text = (".D2.../C.5.AB/552..1/5231../....../.4..3. c2 - r qQprmxxRWwpm/rwPxRmmwQpQx "
            "W1,W12,P3,P1424232/W4,P1,341,6311 0/0")
    assert pickpack_game.from_position(text).winner() is not None
    error = refused(edit(text, "grabber", "a1"))
    assert (error.field, error.column) == ("grabber", 43)
    assert "PP-E1" in error.reason


def test_the_item_22_position_is_unreachable_and_loads_only_unchecked() -> None:
    """The issue's item-22 position has Blue's 3R used (w) with row 3 full (111111): the
    grabber never entered row 3 to play it (PP-M2). Blue's 3R is space 8; Blue's tiles
    start at column 63: 71. The unchecked load (for tests) still takes it."""
    text = ("....../....../111111/222222/233344/444555 a6 r r pPwQXMRRWQXM/MMXXQQRRwwpP "
            "23,P34,W33,W111/W5,P1,6,- 0/0")
    error = refused(text)
    assert (error.field, error.column) == ("tiles", 71)
    assert pickpack_game.from_position(text, checked=False).phase == "play"


def test_the_error_is_structured_not_text() -> None:
    """from_snapshot's SnapshotError carries the field, player, index and rule that the
    position string's column is computed from."""
    st = pickpack_game.from_position(edit(BASE, "tiles", "mWmpPQqRrxXw/xQPmr*XPmRQww"), checked=False)
    snap = st.snapshot()
    snap["tiles"]["red"]["eB"]["status"] = "used"
    with pytest.raises(SnapshotError) as info:
        pickpack_game.State.from_snapshot(snap, "red")
    error = info.value
    assert (error.field, error.player, error.index, error.rule) == ("tiles", "red", 10, "PP-M2")
    assert isinstance(error, ValueError)


def test_the_unchecked_load_keeps_the_structural_checks() -> None:
    """checked=False skips reachability, not the PP-C2 tray multiset."""
    text = edit(BASE, "grid", "1D..2./.2..1./552.F./.2.13D/...41./4..236")
    with pytest.raises(PositionError) as info:
        pickpack_game.from_position(text, checked=False)
    assert info.value.field == "grid" and "PP-C2" in info.value.reason


def _random_game_positions(seed: int) -> list[str]:
    """Every position of one random game through the public API (placement included);
    rush orders and tiles are favoured so that PP-R and PP-E1 endings occur often."""
    rng = random.Random(seed)
    st = pickpack.new_game(seed=seed, first="blue" if seed % 2 else "red")
    out = [st.to_position()]
    while not st.is_terminal():
        moves = st.legal_moves()
        rush = [m for m in moves if m.text.endswith("+")]
        tiles = [m for m in moves if "/" in m.text]
        pool = rush if rush and rng.random() < 0.7 else tiles if tiles and rng.random() < 0.5 else moves
        st.apply(rng.choice(pool))
        out.append(st.to_position())
    return out


@pytest.mark.parametrize("seed", range(24))
def test_every_position_of_a_random_game_round_trips(seed: int) -> None:
    """No false positives: whatever a game reaches loads, and writes back the same."""
    for text in _random_game_positions(seed):
        assert pickpack_game.from_position(text).to_position() == text


def test_a_snapshot_without_first_infers_it_once_play_has_begun() -> None:
    """A snapshot does not hold the first player (the process-bot protocol sends only
    the snapshot). Seed 3 with Blue first, after 5 play moves: Blue, Red, Blue, Red,
    Blue moved, no rush spent, so Red is to move; only Blue-first makes that so, and
    from_snapshot(snap) finds it. Given first="red" explicitly, it is refused."""
    st = pickpack.new_game(seed=3, first="blue", placements={"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"})
    rng = random.Random(3)
    for _ in range(5):
        st.apply(rng.choice([m for m in st.legal_moves() if "/" not in m.text]))
    snap = st.snapshot()
    assert snap["to_move"] == "red" and snap["rush"] == {"red": 0, "blue": 0}
    loaded = pickpack_game.State.from_snapshot(snap)
    assert (loaded.first_player, loaded.zobrist_hash()) == ("blue", st.zobrist_hash())
    with pytest.raises(SnapshotError) as info:
        pickpack_game.State.from_snapshot(snap, "red")
    assert (info.value.field, info.value.rule) == ("to_move", "PP-R1")
