"""Components and set-up of Pick & Pack (PP-C1..PP-C5, PP-S1..PP-S4), worked by hand.

Every expected value comes from the rules file (../shared/rules/pickpack.md) and
docs/engine.md; each test says how it was obtained.
"""

from __future__ import annotations

from collections import Counter

import pytest

import pickpack
import pickpack.games.pickpack as pickpack_game
from tests.games.pickpack.positions import ASCENDING_DEAL, LINE_TILES, texts

PLACEMENTS = {"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}


# --- PP-C1 board ----------------------------------------------------------------------


def test_board_is_six_by_six_with_rows_counted_bottom_to_top() -> None:
    """PP-C1: squares a1..f6, columns a-f left to right, rows 1-6 bottom to top.

    The deal lists apples in square order a1, b1, ..., f1, a2, ... (docs/engine.md:
    sq = row*6 + col). In ASCENDING_DEAL, indices 0-9 hold 1, 10-17 hold 2, 18-24 hold 3,
    25-30 hold 4, 31-34 hold 5, 35 holds 6. So e2 = 1*6+4 = 10 -> 2; b5 = 4*6+1 = 25 ->
    4; a6 = 30 -> 4; b6 = 31 -> 5; f1 = 5 -> 1; f6 = 35 -> 6. A column-major board
    would put e2 at 4*6+1 = 25 (4 apples) instead.
    """
    grid = pickpack.new_game(deal=ASCENDING_DEAL).snapshot()["grid"]
    assert set(grid) == {f + r for f in "abcdef" for r in "123456"}
    assert len(grid) == 36
    apples = {sq: grid[sq]["apples"] for sq in ("e2", "b5", "a6", "b6", "f1", "f6")}
    assert apples == {"e2": 2, "b5": 4, "a6": 4, "b6": 5, "f1": 1, "f6": 6}


# --- PP-C2 trays ----------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 7, 2**64 - 1])
def test_every_deal_holds_the_36_trays_of_pp_c2(seed: int) -> None:
    """PP-C2: ten 1s, eight 2s, seven 3s, six 4s, four 5s, one 6.

    Apples: 10*1 + 8*2 + 7*3 + 6*4 + 4*5 + 1*6 = 10 + 16 + 21 + 24 + 20 + 6 = 97.
    """
    grid = pickpack.new_game(seed=seed).snapshot()["grid"]
    counts = Counter(cell["apples"] for cell in grid.values())
    assert counts == {1: 10, 2: 8, 3: 7, 4: 6, 5: 4, 6: 1}
    assert sum(cell["apples"] for cell in grid.values()) == 97


def test_deal_that_is_not_the_pp_c2_multiset_is_rejected() -> None:
    """PP-C2: a deal with two 6s (one 5 replaced) is not the game's set of trays."""
    deal = list(ASCENDING_DEAL)
    deal[34] = 6  # index 34 held the last 5
    with pytest.raises(ValueError, match="PP-C2"):
        pickpack.new_game(deal=deal)


# --- PP-C3 players, crates, tiles -----------------------------------------------------


def test_each_player_has_four_open_empty_crates_twelve_tiles_and_an_empty_rush_area() -> None:
    """PP-C3: two players, 4 crates each, 12 tiles (two of each of six kinds), rush area.

    PLACEMENTS gives Red PPWWRRQQXXMM and Blue MMXXQQRRWWPP: two of each kind.
    """
    snap = pickpack.new_game(seed=3, placements=PLACEMENTS).snapshot()
    for player in ("red", "blue"):
        assert snap["crates"][player] == [{"trays": [], "status": "open"}] * 4
        kinds = Counter(t["kind"] for t in snap["tiles"][player].values())
        assert kinds == {k: 2 for k in "PWRQXM"}
        assert all(t["status"] == "unplayed" for t in snap["tiles"][player].values())
    assert snap["rush"] == {"red": 0, "blue": 0}


def test_a_third_tile_of_one_kind_cannot_be_placed() -> None:
    """PP-C3: two tiles of each kind. After Red places P on aT and bT, the next space
    (cT) may take W R Q X M but not P (action 0)."""
    st = pickpack.new_game(seed=3)
    st.apply("aT=P")
    st.apply("bT=P")
    assert texts(st) == ["cT=W", "cT=R", "cT=Q", "cT=X", "cT=M"]
    with pytest.raises(pickpack.IllegalMoveError) as info:
        st.apply_action(0)
    assert info.value.rule == "PP-C3"


def test_placements_with_three_tiles_of_a_kind_are_rejected() -> None:
    """PP-C3: PPPWRRQQXXMM has three P and one W."""
    with pytest.raises(ValueError, match="PP-C3"):
        pickpack.new_game(seed=3, placements={"red": "PPPWRRQQXXMM", "blue": "MMXXQQRRWWPP"})


# --- PP-C4 action kinds -----------------------------------------------------------------


def test_action_kind_letters_and_placement_actions_are_P_W_R_Q_X_M() -> None:
    """PP-C4 + docs/engine.md: placement actions 0..5 are the kinds P W R Q X M, put on
    the next space (aT first)."""
    moves = pickpack.new_game(seed=3).legal_moves()
    assert [(m.action, m.text) for m in moves] == [
        (0, "aT=P"), (1, "aT=W"), (2, "aT=R"), (3, "aT=Q"), (4, "aT=X"), (5, "aT=M")]


def test_placement_letters_land_on_the_spaces_in_order() -> None:
    """PP-C4/PP-C5: LINE_TILES PWRQXMPWRQXM in space order gives Red aT=P bT=W cT=R
    dT=Q eT=X fT=M aB=P ... fB=M and Blue 1L=P 2L=W 3L=R 4L=Q 5L=X 6L=M 1R=P ... 6R=M."""
    tiles = pickpack.new_game(seed=3, placements={"red": LINE_TILES, "blue": LINE_TILES}).snapshot()["tiles"]
    assert {sp: t["kind"] for sp, t in tiles["red"].items()} == {
        "aT": "P", "bT": "W", "cT": "R", "dT": "Q", "eT": "X", "fT": "M",
        "aB": "P", "bB": "W", "cB": "R", "dB": "Q", "eB": "X", "fB": "M"}
    assert {sp: t["kind"] for sp, t in tiles["blue"].items()} == {
        "1L": "P", "2L": "W", "3L": "R", "4L": "Q", "5L": "X", "6L": "M",
        "1R": "P", "2R": "W", "3R": "R", "4R": "Q", "5R": "X", "6R": "M"}


# --- PP-C5 action spaces / PP-S3 placement --------------------------------------------


def test_placement_fills_red_column_ends_then_blue_row_ends_one_per_space() -> None:
    """PP-C5, PP-S3 (docs/engine.md): Red places on aT..fT, aB..fB (the column ends),
    then Blue on 1L..6L, 1R..6R (the row ends): 24 decisions, then phase play with Red
    to move (PP-S4)."""
    st = pickpack.new_game(seed=3)
    seen = []
    for _ in range(24):
        assert st.phase == "placement"
        move = st.legal_moves()[0]
        seen.append((st.current_player, move.text[:2]))
        st.apply(move)
    assert seen == (
        [("red", sp) for sp in ["aT", "bT", "cT", "dT", "eT", "fT", "aB", "bB", "cB", "dB", "eB", "fB"]]
        + [("blue", sp) for sp in ["1L", "2L", "3L", "4L", "5L", "6L", "1R", "2R", "3R", "4R", "5R", "6R"]])
    assert st.phase == "play"
    assert st.current_player == "red"


def test_placement_is_hidden_until_both_players_have_committed() -> None:
    """PP-S3: neither player sees the other's placement until both have committed.

    After Red's 12 decisions and 5 of Blue's (M M X X Q on 1L..5L): Blue's observation
    shows no Red kind, Red's shows no Blue kind; each sees their own. After Blue's last
    7 (Q R R W W P P), both see both.
    """
    st = pickpack.new_game(seed=3)
    for kind in "PWRQXMPWRQXM":
        st.apply_action("PWRQXM".index(kind))
    for kind in "MMXXQ":
        st.apply_action("PWRQXM".index(kind))
    red_view, blue_view = st.observation("red"), st.observation("blue")
    assert [t["kind"] for t in blue_view["tiles"]["red"].values()] == [None] * 12
    assert [t["kind"] for t in red_view["tiles"]["blue"].values()] == [None] * 12
    assert [t["kind"] for t in red_view["tiles"]["red"].values()] == list("PWRQXMPWRQXM")
    assert [t["kind"] for t in blue_view["tiles"]["blue"].values()] == list("MMXXQ") + [None] * 7
    for kind in "QRRWWPP":
        st.apply_action("PWRQXM".index(kind))
    assert [t["kind"] for t in st.observation("red")["tiles"]["blue"].values()] == list("MMXXQQRRWWPP")
    assert [t["kind"] for t in st.observation("blue")["tiles"]["red"].values()] == list("PWRQXMPWRQXM")


def test_the_grabber_cannot_move_before_placement_is_committed() -> None:
    """PP-S3: action 6 is the grab of a1 into crate 1 (docs/engine.md: 6 + (0*142+0)*2);
    in phase placement it is refused naming PP-S3."""
    st = pickpack.new_game(seed=3)
    with pytest.raises(pickpack.IllegalMoveError) as info:
        st.apply_action(6)
    assert info.value.rule == "PP-S3"


# --- PP-S1 deal ---------------------------------------------------------------------------


def test_a_seed_reproduces_its_deal_and_different_seeds_give_different_deals() -> None:
    """PP-S1: the deal comes from a seeded generator, face up, one tray per square.

    Same seed, same 36 cells; deal_from_seed lists the same apples in square order.
    Seeds 1..5 give five different deals (a collision of two of the ~10^24 possible
    deals would mean the seed is ignored).
    """
    a = pickpack.new_game(seed=12345).snapshot()["grid"]
    b = pickpack.new_game(seed=12345).snapshot()["grid"]
    assert a == b
    order = [f + r for r in "123456" for f in "abcdef"]
    assert [a[sq]["apples"] for sq in order] == pickpack_game.deal_from_seed(12345)
    assert all(cell["face_up"] for cell in a.values())
    deals = {tuple(pickpack_game.deal_from_seed(s)) for s in range(1, 6)}
    assert len(deals) == 5


def test_an_explicit_deal_is_laid_square_by_square() -> None:
    """PP-S1: "a deal can also be given explicitly". Reversed ASCENDING_DEAL puts the 6
    on a1 (index 0), the four 5s on b1..e1 (indices 1-4), a 4 on f1 (5), and the ten 1s
    on indices 26..35 = c5, d5, e5, f5, a6, ..., f6."""
    deal = list(reversed(ASCENDING_DEAL))
    grid = pickpack.new_game(deal=deal).snapshot()["grid"]
    assert [grid[sq]["apples"] for sq in ("a1", "b1", "e1", "f1", "c5", "f6")] == [6, 5, 5, 4, 1, 1]


# --- PP-S2 grabber start -----------------------------------------------------------------


def test_grabber_starts_on_the_six_apple_tray_which_stays_under_it() -> None:
    """PP-S2: the ascending deal with the 6 swapped onto d2 (index 1*6+3 = 9) starts
    the grabber on d2, and d2 still holds the 6 face up."""
    deal = list(ASCENDING_DEAL)
    deal[9], deal[35] = 6, deal[9]
    snap = pickpack.new_game(deal=deal).snapshot()
    assert snap["grabber"] == "d2"
    assert snap["grid"]["d2"] == {"apples": 6, "face_up": True}


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_grabber_starts_on_the_six_for_seeded_deals(seed: int) -> None:
    """PP-S2 for seeded deals: the square under the grabber holds the single 6."""
    snap = pickpack.new_game(seed=seed).snapshot()
    assert snap["grid"][snap["grabber"]]["apples"] == 6


# --- PP-S4 first player (Decision) -------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_red_moves_first_unless_the_game_is_created_otherwise(seed: int) -> None:
    """PP-S4 Decision: Red moves first. A reading that picks the first player (by seed,
    at random, or Blue) fails for at least one of these eight seeds."""
    st = pickpack.new_game(seed=seed, placements=PLACEMENTS)
    assert (st.phase, st.current_player, st.first_player) == ("play", "red", "red")


def test_blue_moves_first_when_the_game_is_created_so() -> None:
    """PP-S4: first="blue". Placement still begins with Red's space aT (PP-S3, engine
    order), but the first grabber move is Blue's."""
    assert pickpack.new_game(seed=3, first="blue", placements=PLACEMENTS).current_player == "blue"
    st = pickpack.new_game(seed=3, first="blue")
    assert st.current_player == "red"
    for _ in range(24):
        st.apply(st.legal_moves()[0])
    assert (st.phase, st.current_player) == ("play", "blue")
