"""Self-checks of the plain-Python reference (pickpack/reference/) with hand-worked values.

These test the reference alone, against numbers worked out by hand from
../shared/rules/pickpack.md (PP-…) and docs/engine.md; the differential tests then
hold the C core to the reference. Every expected value says how it was obtained.

Action integers (docs/engine.md): a play move is 6 + (dest*142 + detail)*2 + rush, with
detail 0..3 for a grab into crate detail, or 4 + end*69 + t for a tile at line end `end`.
Squares are row*6 + col (a1 = 0, f6 = 35).
"""

from __future__ import annotations

import copy

import pytest

from pickpack.games.pickpack.reference import RefState, deal_from_seed, random_placements
from pickpack.games.pickpack.reference import pickpack_ref as ref

# The 36 trays of PP-C2 in ascending order, dealt one per square a1, b1, ..., f6:
# a1..d2 (sq 0..9) hold 1, e2..f3 (10..17) hold 2, a4..a5 (18..24) hold 3,
# b5..a6 (25..30) hold 4, b6..e6 (31..34) hold 5 and f6 (35) the 6, so the grabber
# starts on f6 (PP-S2).
ASCENDING_DEAL = [1] * 10 + [2] * 8 + [3] * 7 + [4] * 6 + [5] * 4 + [6]
RED_TILES = "PPWWRRQQXXMM"  # aT=P bT=P cT=W dT=W eT=R fT=R aB=Q bB=Q cB=X dB=X eB=M fB=M
BLUE_TILES = "MMXXQQRRWWPP"


def texts(state: RefState) -> list[str]:
    """The canonical texts of the legal moves, in action order."""
    return [move.text for move in state.legal_moves()]


def play_action(dest: int, detail: int, rush: int = 0) -> int:
    return 6 + (dest * 142 + detail) * 2 + rush


# ---------------------------------------------------------------------------
# PRNG and Zobrist keys
# ---------------------------------------------------------------------------


def test_splitmix64_matches_its_published_first_output() -> None:
    # SplitMix64 seeded with 0: the widely published first output 0xE220A8397B1DCDAF.
    assert ref.SplitMix64(0).next() == 0xE220A8397B1DCDAF


def test_xoshiro256starstar_matches_the_reference_vector() -> None:
    # The reference outputs of Blackman & Vigna's xoshiro256** from the state {1, 2, 3, 4}
    # (the same list is used by rand_xoshiro and many ports). The first by hand:
    # rotl(2*5, 7)*9 = 1280*9 = 11520; the second: s1 is now 2^(3^1)... = 0 after the
    # first update, so rotl(0, 7)*9 = 0.
    rng = ref.Xoshiro256StarStar.from_words([1, 2, 3, 4])
    assert [rng.next() for _ in range(10)] == [
        11520, 0, 1509978240, 1215971899390074240, 1216172134540287360,
        607988272756665600, 16172922978634559625, 8476171486693032832,
        10595114339597558777, 2904607092377533576,
    ]


def test_first_zobrist_key_worked_by_hand_from_splitmix64() -> None:
    # state = 0x5049434B5041434B + 0x9E3779B97F4A7C15 (16-bit groups, no carries:
    #   5049+9E37=EE80, 434B+79B9=BD04, 5041+7F4A=CF8B, 434B+7C15=BF60)
    #   = 0xEE80BD04CF8BBF60
    # z ^ (z >> 30)                          = 0xEE80BD0775894B73
    # * 0xBF58476D1CE4E5B9 mod 2^64          = 0x8B89FE068721651B
    # z ^ (z >> 27)                          = 0x8B89FE17F61EA5CB
    # * 0x94D049BB133111EB mod 2^64          = 0x420037CBC3FFAC59
    # z ^ (z >> 31)                          = 0x420037CB47FFC3CE
    # (0x420037CBC3FFAC59 >> 31 = 0x84006F97; only the low word changes:
    #  0xC3FFAC59 ^ 0x84006F97 = 0x47FFC3CE.)
    assert ref.ZOBRIST_KEYS[0] == 0x420037CB47FFC3CE
    # The table holds 432 + 36 + 1728 + 16 + 432 + 4 + 2 + 2 + 1 keys (docs/engine.md).
    assert len(ref.ZOBRIST_KEYS) == 2653


def test_deal_and_random_placements_use_the_components() -> None:
    for seed in (0, 1, 0x5049434B5041434B):
        deal = deal_from_seed(seed)
        assert sorted(deal) == ASCENDING_DEAL  # PP-C2 multiset
        placements = random_placements(seed)
        assert sorted(placements["red"]) == sorted("PPWWRRQQXXMM")
        assert sorted(placements["blue"]) == sorted("PPWWRRQQXXMM")
        assert deal_from_seed(seed) == deal  # a seed reproduces the deal (PP-S1)


# ---------------------------------------------------------------------------
# The opening position
# ---------------------------------------------------------------------------


def test_red_opening_moves_grab_along_the_grabbers_row() -> None:
    state = RefState.new(ASCENDING_DEAL, {"red": RED_TILES, "blue": BLUE_TILES})
    assert state.current_player == "red"
    # Grabber on f6 (sq 35); Red moves along row 6 (PP-M1): a6..e6 = sq 30..34, all
    # face-up trays, each into any of the 4 empty open crates (PP-G2 tie).
    expected_texts = [f"{c}6>{k}" for c in "abcde" for k in "1234"]
    assert texts(state) == expected_texts
    # a6>1: 6 + (30*142 + 0)*2 = 6 + 8520 = 8526; then +2 per crate;
    # b6>1: 6 + 31*142*2 = 6 + 8804 = 8810.
    actions = state.legal_actions()
    assert actions[:5] == [8526, 8528, 8530, 8532, 8810]
    assert actions == [play_action(sq, c) for sq in range(30, 35) for c in range(4)]


def test_blue_opening_moves_grab_along_the_grabbers_column() -> None:
    state = RefState.new(ASCENDING_DEAL, {"red": RED_TILES, "blue": BLUE_TILES}, first="blue")
    assert state.current_player == "blue"
    # Blue moves along column f: f1..f5 = sq 5, 11, 17, 23, 29. f1>1 = 6 + 5*142*2 = 1426.
    assert texts(state) == [f"f{r}>{k}" for r in "12345" for k in "1234"]
    assert state.legal_actions()[0] == 1426


def test_grab_goes_to_an_open_crate_with_fewest_trays() -> None:
    state = RefState.new(ASCENDING_DEAL, {"red": RED_TILES, "blue": BLUE_TILES})
    state.apply("a6>2")  # Red: the 4 of a6 into crate 2
    assert state.snapshot()["crates"]["red"][1]["trays"] == [4]
    assert state.snapshot()["grid"]["a6"] is None  # PP-G1
    assert state.snapshot()["grabber"] == "a6"
    # Blue now moves in column a (a1..a5), 4 empty crates each.
    assert texts(state) == [f"a{r}>{k}" for r in "12345" for k in "1234"]
    state.apply("a1>1")
    # Red moves in row 1 from a1: b1..f1; crate 2 holds one tray, so only 1, 3, 4 (PP-G2).
    assert texts(state) == [f"{c}1>{k}" for c in "bcdef" for k in "134"]


def test_placement_phase_fills_red_then_blue_in_space_order() -> None:
    state = RefState.new(ASCENDING_DEAL, None, first="blue")
    assert state.snapshot()["phase"] == "placement"
    assert state.current_player == "red"
    assert state.legal_actions() == [0, 1, 2, 3, 4, 5]
    assert texts(state) == ["aT=P", "aT=W", "aT=R", "aT=Q", "aT=X", "aT=M"]
    state.apply("aT=P")
    state.apply("bT=P")
    # Two Premium tiles are placed, so P (0) is gone for Red (PP-C3).
    assert state.legal_actions() == [1, 2, 3, 4, 5]
    assert texts(state)[0] == "cT=W"
    for letter in RED_TILES[2:]:
        state.apply_action(ref.KINDS.index(letter))
    assert state.current_player == "blue"
    assert texts(state)[0] == "1L=P"
    assert state.snapshot()["tiles"]["blue"]["1L"] == {"kind": None, "status": "unplayed"}
    for letter in BLUE_TILES:
        state.apply_action(ref.KINDS.index(letter))
    # After 24 placements play starts with `first` (here Blue) to move (PP-S4).
    assert state.snapshot()["phase"] == "play"
    assert state.current_player == "blue"
    direct = RefState.new(ASCENDING_DEAL, {"red": RED_TILES, "blue": BLUE_TILES}, first="blue")
    assert state.snapshot() == direct.snapshot()
    assert state.zobrist_hash() == direct.zobrist_hash()


def test_blue_first_key_is_present_only_during_placement() -> None:
    red_first = RefState.new(ASCENDING_DEAL, None, first="red")
    blue_first = RefState.new(ASCENDING_DEAL, None, first="blue")
    # Everything else equal (Red places first either way): they differ by key group 9,
    # index 432+36+1728+16+432+4+2+2 = 2652.
    assert red_first.zobrist_hash() ^ blue_first.zobrist_hash() == ref.ZOBRIST_KEYS[2652]


def test_opening_hash_is_the_xor_of_the_documented_features() -> None:
    state = RefState.new(ASCENDING_DEAL, {"red": RED_TILES, "blue": BLUE_TILES})
    keys = ref.ZOBRIST_KEYS
    expected = 0
    for sq, apples in enumerate(ASCENDING_DEAL):
        expected ^= keys[sq * 12 + (apples - 1) * 2 + 0]  # 1. tray face up on sq
    expected ^= keys[432 + 35]  # 2. grabber on f6
    for player, letters in enumerate((RED_TILES, BLUE_TILES)):
        for space, letter in enumerate(letters):
            kind = "PWRQXM".index(letter)
            expected ^= keys[2212 + ((player * 12 + space) * 6 + kind) * 3 + 0]  # 5. unplayed
    expected ^= keys[2648]  # 7. Red to move; phase play adds nothing
    assert state.zobrist_hash() == expected


# ---------------------------------------------------------------------------
# A hand-made mid-game position
# ---------------------------------------------------------------------------


def make_snapshot(
    *,
    grid: dict[str, tuple[int, bool]],
    grabber: str,
    to_move: str | None,
    red_crates: list[tuple[list[int], str]],
    blue_crates: list[tuple[list[int], str]],
    red_tiles: dict[str, tuple[str, str]],
    blue_tiles: dict[str, tuple[str, str]],
    rush: tuple[int, int] = (0, 0),
    phase: str = "play",
) -> dict:
    """A snapshot in the rules file's format (scores are filled in by the state).

    The trays need not add up to the PP-C2 multiset: nothing checked here depends on it.
    """
    return {
        "game": "pickpack",
        "phase": phase,
        "to_move": to_move,
        "grabber": grabber,
        "grid": {
            name: (None if name not in grid else {"apples": grid[name][0], "face_up": grid[name][1]})
            for name in ref.SQUARE_NAMES
        },
        "crates": {
            "red": [{"trays": list(t), "status": s} for t, s in red_crates],
            "blue": [{"trays": list(t), "status": s} for t, s in blue_crates],
        },
        "tiles": {
            "red": {k: {"kind": v[0], "status": v[1]} for k, v in red_tiles.items()},
            "blue": {k: {"kind": v[0], "status": v[1]} for k, v in blue_tiles.items()},
        },
        "rush": {"red": rush[0], "blue": rush[1]},
        "scores": {"red": 0, "blue": 0},
    }


U, D = "unplayed", "used"
# Red: column a has M (top) and P (bottom) unplayed; column f has R (top) and Q (bottom)
# unplayed; column d's tiles are used / malfunctioned; everything else used.
MID_RED_TILES = {
    "aT": ("M", U), "bT": ("P", D), "cT": ("W", D), "dT": ("W", D), "eT": ("R", D), "fT": ("R", U),
    "aB": ("P", U), "bB": ("Q", D), "cB": ("X", D), "dB": ("M", "malfunctioned"), "eB": ("X", D),
    "fB": ("Q", U),
}
# Blue: only 3L (W) and 4R (X) unplayed.
MID_BLUE_TILES = {
    "1L": ("P", D), "2L": ("P", D), "3L": ("W", U), "4L": ("W", D), "5L": ("R", D), "6L": ("R", D),
    "1R": ("Q", "malfunctioned"), "2R": ("Q", D), "3R": ("X", D), "4R": ("X", U), "5R": ("M", D),
    "6R": ("M", D),
}


def mid_game(rush: tuple[int, int] = (0, 0)) -> RefState:
    # Grid: b3 face-down 1, e3 face-up 2, a5 face-up 4, f1 face-down 3; the rest empty.
    # Grabber on c3, Red to move (row 3).
    snap = make_snapshot(
        grid={"b3": (1, False), "e3": (2, True), "a5": (4, True), "f1": (3, False)},
        grabber="c3",
        to_move="red",
        red_crates=[([3], "open"), ([], "open"), ([], "premium"), ([], "open")],
        blue_crates=[([2, 4], "open"), ([], "wholesale"), ([1], "wholesale"), ([5], "open")],
        red_tiles=MID_RED_TILES,
        blue_tiles=MID_BLUE_TILES,
        rush=rush,
    )
    return RefState.from_snapshot(snap)


def test_mid_game_legal_moves_worked_by_hand() -> None:
    state = mid_game()
    # Red's row 3 from c3 (PP-M1): a3, b3, d3, e3, f3.
    # a3 (sq 12) empty, column a (PP-M2): aT = M, aB = P, both unplayed.
    #   M (PP-A6): face-up trays e3 (sq 16, t = 21+16 = 37), a5 (sq 24, t = 45); Blue's
    #   unplayed tiles 3L (space 2, t = 57+2 = 59) and 4R (space 9, t = 66).
    #   detail = 4 + t: 41, 49, 63, 70 -> 6 + (12*142 + d)*2 = 6 + (1704 + d)*2.
    #   P (PP-A1): Red's open crates 1, 2, 4 (3 is premium) -> t = 1, 2, 4, detail 74, 75, 77.
    # b3 holds a face-down tray (PP-M3): never.
    # d3 empty, but dT is used and dB malfunctioned (PP-M4): never.
    # e3 (sq 16) face-up 2: open crates with fewest trays are 2 and 4 (crate 3 is empty
    #   but closed and does not count, PP-G2) -> 6 + (2272 + 1|3)*2 = 4552, 4556.
    # f3 (sq 17) empty, column f: fT = R (t = 0, detail 4) and fB = Q:
    #   Q (PP-A4): Blue's open non-empty crates 1 ([2,4]) and 4 ([5]) x Red's fewest open
    #   crates 2 and 4 -> t = 5 + a*4 + b = 6, 8, 18, 20, detail 73 + t.
    expected = [
        ("a3/aT:e3", 3496), ("a3/aT:a5", 3512), ("a3/aT:3L", 3540), ("a3/aT:4R", 3554),
        ("a3/aB:1", 3562), ("a3/aB:2", 3564), ("a3/aB:4", 3568),
        ("e3>2", 4552), ("e3>4", 4556),
        ("f3/fT", 4842),
        ("f3/fB:1>2", 4992), ("f3/fB:1>4", 4996), ("f3/fB:4>2", 5016), ("f3/fB:4>4", 5020),
    ]
    assert texts(state) == [text for text, _ in expected]
    assert state.legal_actions() == [action for _, action in expected]
    for text, action in expected:
        assert state.parse_action(text) == action
        assert state.action_text(action) == text


def test_mid_game_blue_reply_activates_a_tile_at_the_end_of_the_row() -> None:
    state = mid_game()
    state.apply("a3/aB:2")  # PP-A1: Red closes own crate 2 as premium
    snap = state.snapshot()
    assert snap["crates"]["red"][1]["status"] == "premium"
    assert snap["tiles"]["red"]["aB"] == {"kind": "P", "status": "used"}
    assert state.current_player == "blue"
    # Blue's column a from a3: a1, a2, a6 empty with no unplayed tile at the ends of rows
    # 1, 2, 6; a4 empty and row 4 has 4R = X unplayed; a5 a face-up tray.
    # X (PP-A5): Red's open non-empty crates: only 1 ([3]); Blue's: 1 ([2,4]) and 4 ([5]).
    # a5: Blue's open crates are 1 (2 trays) and 4 (1 tray) -> only crate 4.
    assert texts(state) == ["a4/4R:1x1", "a4/4R:1x4", "a5>4"]
    state.apply("a4/4R:1x4")  # swap Red crate 1's top (3) with Blue crate 4's top (5)
    snap = state.snapshot()
    assert snap["crates"]["red"][0]["trays"] == [5]
    assert snap["crates"]["blue"][3]["trays"] == [3]
    assert snap["tiles"]["blue"]["4R"] == {"kind": "X", "status": "used"}


@pytest.mark.parametrize(
    "move, check",
    [
        # PP-A4: Blue crate 4's top 5 goes onto Red crate 2.
        ("f3/fB:4>2", lambda s: s["crates"]["red"][1]["trays"] == [5] and s["crates"]["blue"][3]["trays"] == []),
        # PP-A6(b): the opponent tile is flipped, status "malfunctioned".
        ("a3/aT:4R", lambda s: s["tiles"]["blue"]["4R"] == {"kind": "X", "status": "malfunctioned"}),
        # PP-A6(a): the tray stays on the grid face down.
        ("a3/aT:e3", lambda s: s["grid"]["e3"] == {"apples": 2, "face_up": False}),
        # PP-A3: the rush order goes to the rush-order area.
        ("f3/fT", lambda s: s["rush"]["red"] == 1 and s["tiles"]["red"]["fT"]["status"] == "used"),
    ],
)
def test_action_effects(move, check) -> None:
    state = mid_game()
    state.apply(move)
    snap = state.snapshot()
    assert check(snap)
    assert snap["grabber"] == move[:2]
    assert state.current_player == "blue"


def test_illegal_moves_are_refused() -> None:
    state = mid_game()
    for text in ("b3>1", "d3/dT", "e3>3", "e3>1", "f3/fT+", "a3/aB:3", "c3>1", "a3/aT:b3"):
        with pytest.raises(ValueError):
            state.parse_action(text)
    with pytest.raises(ValueError):
        state.apply_action(play_action(16, 0))  # e3>1: crate 1 is not among the fewest
    with pytest.raises(ValueError):
        state.apply("e3>2+")  # no rush order waiting


# ---------------------------------------------------------------------------
# Rush orders (PP-R) and the end of the game (PP-E)
# ---------------------------------------------------------------------------


def test_rush_order_taken_this_move_cannot_be_spent() -> None:
    state = mid_game(rush=(0, 0))
    assert "f3/fT+" not in texts(state)  # PP-R2
    state.apply("f3/fT")
    assert state.snapshot()["rush"] == {"red": 1, "blue": 0}
    assert state.current_player == "blue"


def test_rush_order_sequence() -> None:
    state = mid_game(rush=(0, 0))
    state.apply("f3/fT")  # Red takes a rush order (not spendable now, PP-R2)
    # Blue in column f from f3: f1 face-down, f2/f5/f6 empty with no tile on their rows,
    # f4 empty with 4R = X: Red's open non-empty crate 1 x Blue's crates 1 and 4.
    assert texts(state) == ["f4/4R:1x1", "f4/4R:1x4"]
    state.apply("f4/4R:1x1")  # Red crate 1 [3] <-> Blue crate 1 [2,4]: [4] and [2,3]
    assert state.snapshot()["crates"]["red"][0]["trays"] == [4]
    assert state.snapshot()["crates"]["blue"][0]["trays"] == [2, 3]
    # Red in row 4 from f4: only column a still has unplayed tiles (aT = M, aB = P);
    # with one rush order waiting, every move also comes with "+" (PP-R1).
    moves = texts(state)
    assert "a4/aB:2" in moves and "a4/aB:2+" in moves
    assert all(m.startswith("a4/") for m in moves)
    assert len(moves) % 2 == 0 and sum(m.endswith("+") for m in moves) == len(moves) // 2
    state.apply("a4/aB:2+")  # close crate 2 as premium, then spend the rush order
    assert state.snapshot()["rush"]["red"] == 0
    assert state.current_player == "red"  # the same player moves again
    # Red in row 4 from a4: f4 is empty and column f still has fB = Q unplayed.
    # Q: Blue's open non-empty crates 1 ([2,3]) and 4 ([5]) -> Red's fewest open crate:
    # crate 1 holds [4], crate 4 is empty (2 and 3 closed) -> only crate 4.
    # No rush order waiting any more, so no "+".
    assert texts(state) == ["f4/fB:1>4", "f4/fB:4>4"]
    state.apply("f4/fB:1>4")
    assert state.snapshot()["crates"]["red"][3]["trays"] == [3]
    assert state.snapshot()["crates"]["blue"][0]["trays"] == [2]
    assert state.current_player == "blue"


def test_rush_order_with_a_new_one_taken_keeps_one_waiting() -> None:
    state = mid_game(rush=(1, 0))
    # One waiting before the move: every one of the 14 moves also comes with "+".
    assert len(texts(state)) == 28
    state.apply("f3/fT+")  # 1 waiting + 1 taken - 1 spent = 1
    assert state.snapshot()["rush"]["red"] == 1
    assert state.current_player == "red"


def test_no_rush_order_on_a_move_that_closes_a_fourth_crate() -> None:
    snap = mid_game(rush=(1, 0)).snapshot()
    snap["crates"]["red"] = [
        {"trays": [3], "status": "open"},
        {"trays": [], "status": "premium"},
        {"trays": [], "status": "premium"},
        {"trays": [2], "status": "wholesale"},
    ]
    state = RefState.from_snapshot(snap)
    moves = texts(state)
    # P can only close crate 1, Red's last open crate: PP-E1 ends the game, so no "+" (PP-R3).
    assert "a3/aB:1" in moves and "a3/aB:1+" not in moves
    assert "e3>1+" in moves  # other moves may still spend it
    state.apply("a3/aB:1")
    assert state.is_terminal()
    assert state.current_player is None
    snap = state.snapshot()
    assert snap["phase"] == "over" and snap["to_move"] is None
    assert state.legal_actions() == []
    # Red: premium [3] = 6, premium [] = 0, premium [] = 0, wholesale [2] = 1 -> 7.
    # Blue: open [2,4] = 6, wholesale [] = 0, wholesale [1] = 0, open [5] = 5 -> 11.
    assert state.scores() == {"red": 7, "blue": 11}
    assert state.winner() == "blue"


def dead_end(rush: tuple[int, int]) -> RefState:
    # Only d3 holds a tray; every action tile is used; Red to move from c3.
    used_red = {k: (v[0], D) for k, v in MID_RED_TILES.items()}
    used_blue = {k: (v[0], D) for k, v in MID_BLUE_TILES.items()}
    snap = make_snapshot(
        grid={"d3": (2, True)},
        grabber="c3",
        to_move="red",
        red_crates=[([], "open")] * 4,
        blue_crates=[([], "open")] * 4,
        red_tiles=used_red,
        blue_tiles=used_blue,
        rush=rush,
    )
    return RefState.from_snapshot(snap)


def test_game_ends_when_the_next_player_cannot_move() -> None:
    state = dead_end((0, 0))
    assert texts(state) == ["d3>1", "d3>2", "d3>3", "d3>4"]
    before = state.zobrist_hash()
    state.apply("d3>1")
    # Blue in column d: all empty, no unplayed tile -> PP-E2.
    assert state.is_terminal() and state.current_player is None
    assert state.scores() == {"red": 2, "blue": 0}
    assert state.winner() == "red"
    # The hash of the finished game: the d3 tray left the grid for Red's crate 1
    # (height 0), the grabber moved c3 -> d3 (sq 14 -> 15), Red's mover key went and
    # the "over" phase key (2651) came; no mover key when over.
    keys = ref.ZOBRIST_KEYS
    diff = (
        keys[15 * 12 + (2 - 1) * 2 + 0]  # tray 2 face up on d3
        ^ keys[432 + 14] ^ keys[432 + 15]  # grabber
        ^ keys[468 + ((0 * 4 + 0) * 36 + 0) * 6 + (2 - 1)]  # Red crate 1, height 0, 2 apples
        ^ keys[2648]  # Red to move
        ^ keys[2651]  # phase over
    )
    assert state.zobrist_hash() == before ^ diff


def test_rush_spent_then_no_move_ends_the_game_with_it_spent() -> None:
    state = dead_end((1, 0))
    assert "d3>1+" in texts(state)
    state.apply("d3>1+")
    # PP-R3: E2 is judged on Red, who must move again from d3 (row 3 all empty,
    # no unplayed tiles) -> over, with the rush order spent.
    assert state.is_terminal()
    assert state.snapshot()["rush"] == {"red": 0, "blue": 0}


def test_scores_of_a_hand_made_snapshot() -> None:
    snap = make_snapshot(
        grid={"a1": (6, False)},  # a face-down tray scores nothing (PP-E5)
        grabber="b2",
        to_move=None,
        phase="over",
        red_crates=[([1, 2, 3], "open"), ([4, 5], "premium"), ([5, 4], "wholesale"), ([], "open")],
        blue_crates=[([6], "premium"), ([3, 3, 1], "wholesale"), ([2], "open"), ([1], "wholesale")],
        red_tiles=MID_RED_TILES,
        blue_tiles=MID_BLUE_TILES,
    )
    state = RefState.from_snapshot(snap)
    # PP-E3 Red: open 1+2+3 = 6; premium 2*(4+5) = 18; wholesale (5+4)//2 = 4; open 0 -> 28.
    # Blue: premium 2*6 = 12; wholesale 7//2 = 3; open 2; wholesale 1//2 = 0 -> 17.
    assert state.scores() == {"red": 28, "blue": 17}
    assert state.snapshot()["scores"] == {"red": 28, "blue": 17}
    assert state.winner() == "red"
    # PP-E4: equal totals are a draw. Make Red's total 17 too:
    # open [] = 0, premium [4] = 8, wholesale [5,4] = 4, open [5] = 5 -> 17.
    snap["crates"]["red"][0]["trays"] = []
    snap["crates"]["red"][1]["trays"] = [4]
    snap["crates"]["red"][3]["trays"] = [5]
    state = RefState.from_snapshot(snap)
    assert state.scores() == {"red": 17, "blue": 17}
    assert state.winner() == "draw"


def test_snapshot_round_trip_and_copy_independence() -> None:
    state = mid_game(rush=(1, 1))
    snap = state.snapshot()
    again = RefState.from_snapshot(copy.deepcopy(snap))
    assert again.snapshot() == snap
    assert again.zobrist_hash() == state.zobrist_hash()
    assert again.legal_actions() == state.legal_actions()
    clone = state.copy()
    clone.apply("e3>2")
    assert state.snapshot() == snap  # the original is untouched
    assert set(snap) == {"game", "phase", "to_move", "grabber", "grid", "crates", "tiles", "rush", "scores"}
    assert len(snap["grid"]) == 36 and len(snap["tiles"]["red"]) == 12 == len(snap["tiles"]["blue"])
