"""A closed crate is covered (issue 12 item 22; PP-V2): the Premium or Wholesale tile lies
on top of it, so the opponent sees its status and count, not its top tray."""

from __future__ import annotations

import random

import pickpack
import pickpack.games.pickpack as pickpack_game

# The issue's position. It is not reachable (Blue's 3R is used while row 3 is full, see
# test_position_reachable.py), so it is loaded with the unchecked load meant for tests.
ISSUE = ("....../....../111111/222222/233344/444555 a6 r r pPwQXMRRWQXM/MMXXQQRRwwpP "
         "23,P34,W33,W111/W5,P1,6,- 0/0")


def load(text: str) -> pickpack_game.State:
    return pickpack_game.from_position(text, checked=False)


def test_the_issues_position_hides_the_top_of_reds_closed_crates_from_blue() -> None:
    """Red: 23 open, P34 premium, W33 wholesale, W111 wholesale. Blue sees the open
    crate's top (3) and only status and count of the three closed ones."""
    assert load(ISSUE).observation("blue")["crates"]["red"] == [
        {"count": 2, "top": 3, "status": "open"},
        {"count": 2, "top": None, "status": "premium"},
        {"count": 2, "top": None, "status": "wholesale"},
        {"count": 3, "top": None, "status": "wholesale"},
    ]


def test_red_sees_blues_closed_crates_covered_and_the_open_ones_top() -> None:
    """Blue: W5 wholesale, P1 premium, 6 open, empty open."""
    assert load(ISSUE).observation("red")["crates"]["blue"] == [
        {"count": 1, "top": None, "status": "wholesale"},
        {"count": 1, "top": None, "status": "premium"},
        {"count": 1, "top": 6, "status": "open"},
        {"count": 0, "top": None, "status": "open"},
    ]


def test_own_closed_crates_stay_visible_in_full() -> None:
    st = load(ISSUE)
    assert st.observation("red")["crates"]["red"] == st.snapshot()["crates"]["red"]
    assert st.observation("red")["crates"]["red"][1] == {"trays": [3, 4], "status": "premium"}
    assert st.observation("blue")["crates"]["blue"] == st.snapshot()["crates"]["blue"]


def test_a_closed_crates_order_of_trays_cannot_be_told_apart() -> None:
    """Red's premium crate 34 or 43 (same trays, same count): Blue's observations are
    equal; before, the top (4 or 3) told them apart."""
    other = ISSUE.replace("P34", "P43")
    assert load(ISSUE).snapshot() != load(other).snapshot()
    assert load(ISSUE).observation("blue") == load(other).observation("blue")


def test_in_played_games_every_closed_opponent_crate_is_covered() -> None:
    """Over reachable positions of random games: an opponent's closed crate shows no top,
    an open one shows its real top tray (None when empty)."""
    closed_seen = 0
    for seed in range(6):
        rng = random.Random(seed)
        st = pickpack.new_game(seed=seed)  # placement decisions are random moves too
        while not st.is_terminal():
            moves = st.legal_moves()
            tiles = [m for m in moves if "/" in m.text]
            st.apply(rng.choice(tiles if tiles and rng.random() < 0.6 else moves))
            snap = st.snapshot()
            for viewer, other in (("red", "blue"), ("blue", "red")):
                seen = st.observation(viewer)["crates"][other]
                for crate, shown in zip(snap["crates"][other], seen, strict=True):
                    assert shown["count"] == len(crate["trays"])
                    assert shown["status"] == crate["status"]
                    if crate["status"] == "open":
                        assert shown["top"] == (crate["trays"][-1] if crate["trays"] else None)
                    else:
                        closed_seen += bool(crate["trays"])
                        assert shown["top"] is None
    assert closed_seen > 0
