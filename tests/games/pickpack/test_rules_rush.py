"""Rush orders (PP-R1..PP-R3), worked by hand.

A trailing "+" spends a rush order (docs/engine.md); its action integer is the same move's
plus one. Red's Rush order tiles are cT and cB (tests/games/pickpack/positions.py); a position
with rush orders waiting marks as many of them used (the rules' only way to get one).
"""

from __future__ import annotations

import pickpack
import pickpack.games.pickpack as pickpack_game
from tests.games.pickpack.positions import (
    BLOCKED_COLUMN_D,
    broken_rule,
    crate_statuses,
    destinations,
    down,
    moves_to,
    play,
    play_action,
    state,
    texts,
    tile_detail,
)


def one_order_waiting(rush: int = 1) -> pickpack_game.State:
    """Red on c3 (row 3 and column c face-up 1s, Blue's crate holds the 6), both of Red's
    Rush order tiles used, ``rush`` orders waiting; Red's crates empty."""
    return state(grabber="c3", crates={"blue": [[6]]}, rush={"red": rush},
                 played={"red": {"cT": "used", "cB": "used"}})


# --- PP-R1 ------------------------------------------------------------------------------


def test_every_move_may_spend_a_waiting_rush_order() -> None:
    """PP-R1: with an order waiting, each grab of a3, b3, d3, e3, f3 into crate 1-4
    (all empty, PP-G2 tie) comes plain and with "+", the "+" right after (action + 1)."""
    st = one_order_waiting()
    assert texts(st) == [f"{sq}>{c}{r}" for sq in ("a3", "b3", "d3", "e3", "f3") for c in "1234" for r in ("", "+")]


def test_spending_a_rush_order_gives_the_same_player_one_more_move_at_once() -> None:
    """PP-R1: "e3>1+": the order is turned face down (rush 1 -> 0) and Red moves again,
    now along row 3 from e3: a3, b3, d3, f3 (c3 is empty and column c's tiles are used)."""
    st = one_order_waiting()
    play(st, "e3>1+")
    assert st.snapshot()["rush"]["red"] == 0
    assert st.current_player == "red"
    assert destinations(st) == {"a3", "b3", "d3", "f3"}


def test_without_spending_the_opponent_moves_next_and_the_order_keeps() -> None:
    """PP-R1: "may be spent": after plain "e3>1" Blue moves and Red still has 1 order."""
    st = one_order_waiting()
    play(st, "e3>1")
    assert st.current_player == "blue"
    assert st.snapshot()["rush"]["red"] == 1


def test_no_rush_order_can_be_spent_when_none_is_waiting() -> None:
    """PP-R1: rush 0: no "+" move. e3>1+ is action 6 + (16*142 + 0)*2 + 1 = 4551
    (docs/engine.md; e3 = row index 2 * 6 + column index 4 = 16)."""
    st = one_order_waiting(rush=0)
    assert not any(t.endswith("+") for t in texts(st))
    assert play_action("e3", 0, 1) == 4551
    assert broken_rule(st, 4551) == "PP-R1"


# --- PP-R2 (Decision) -------------------------------------------------------------------


def test_rush_order_taken_this_move_cannot_be_spent() -> None:
    """PP-R2 Decision: Red (no order waiting; cB used earlier) enters c3 through cT. The
    order lands in the area on this very move, so only "c3/cT" is legal, not
    "c3/cT+"; the "+" action is refused naming PP-R2. Spending at once would be the
    other reading."""
    st = state(grabber="a3", grid={"c3": None}, crates={"blue": [[6]], "red": [[5]]},
               played={"red": {"cB": "used"}})
    assert moves_to(st, "c3") == ["c3/cT"]
    assert broken_rule(st, play_action("c3", tile_detail(0, 0), 1)) == "PP-R2"


def test_rush_order_can_be_spent_on_a_later_move() -> None:
    """PP-R2: continuing: Red "c3/cT" (1 order), Blue c3->c1 (grab into crate 2, its
    crate 1 holds the 6), then Red's next move along row 1 may spend it: "a1>2+" (Red's
    crate 1 holds the 5): Red moves again, 0 orders left."""
    st = state(grabber="a3", grid={"c3": None}, crates={"blue": [[6]], "red": [[5]]},
               played={"red": {"cB": "used"}})
    play(st, "c3/cT")
    assert st.snapshot()["rush"]["red"] == 1
    play(st, "c1>2")
    assert "a1>2+" in texts(st)
    play(st, "a1>2+")
    assert (st.current_player, st.snapshot()["rush"]["red"]) == ("red", 0)


def test_an_order_may_be_spent_on_a_move_gained_by_a_rush_order() -> None:
    """PP-R2: Red has 1 order (from cB) and enters c3 through cT: the older order may be
    spent ("c3/cT+"), the new one arrives: 1 - 1 + 1 = 1 waiting, Red again. That next
    move was gained by a rush order and may spend the new one ("e3>2+", Red's crate 1
    holds the 5): 0 waiting, Red again, and now no "+" move is left."""
    st = state(grabber="a3", grid={"c3": None}, crates={"blue": [[6]], "red": [[5]]},
               played={"red": {"cB": "used"}}, rush={"red": 1})
    assert moves_to(st, "c3") == ["c3/cT", "c3/cT+"]
    play(st, "c3/cT+")
    assert (st.current_player, st.snapshot()["rush"]["red"]) == ("red", 1)
    play(st, "e3>2+")
    assert (st.current_player, st.snapshot()["rush"]["red"]) == ("red", 0)
    assert not any(t.endswith("+") for t in texts(st))


def test_both_rush_orders_may_be_spent_one_after_the_other() -> None:
    """PP-R2: 2 orders. c3->a3 "+" (1 left), a3->b3 "+" (0 left), then b3->d3 plain and
    Blue moves: three Red moves in a row. Crates: a3's tray to crate 1, b3's to 2 (the
    fewest, 0 trays), d3's to 3."""
    st = one_order_waiting(rush=2)
    play(st, "a3>1+")
    assert (st.current_player, st.snapshot()["rush"]["red"]) == ("red", 1)
    play(st, "b3>2+")
    assert (st.current_player, st.snapshot()["rush"]["red"]) == ("red", 0)
    assert not any(t.endswith("+") for t in texts(st))
    play(st, "d3>3")
    assert st.current_player == "blue"


# --- PP-R3 (Decision) -------------------------------------------------------------------


def last_blue_crate_position(blue_closed: dict[int, str]) -> pickpack_game.State:
    """Red on a3, b3 empty, bT (Wholesale) unplayed, 1 rush order waiting (cB used).
    Blue's crates [2], [3], [4], [5]; Blue's P tiles 1L, 1R used; Red's bB used."""
    return state(grabber="a3", grid={"b3": None}, crates={"blue": [[2], [3], [4], [5]], "red": [[6, 1]]},
                 closed={"blue": blue_closed}, rush={"red": 1},
                 played={"red": {"cB": "used", "bB": "used"}, "blue": {"1L": "used", "1R": "used"}})


def test_rush_order_cannot_be_spent_on_a_wholesale_that_closes_the_fourth_crate() -> None:
    """PP-R3: Blue's crates 1, 2 premium and 3 wholesale; Wholesale on crate 4 closes
    Blue's fourth crate (PP-E1), so no "+" variant; the "+" action is refused (PP-R3).
    The plain move ends the game with Red's order still waiting. Scores: Blue 2*2 + 2*3 +
    4//2 + 5//2 = 4+6+2+2 = 14, Red 6+1 = 7."""
    st = last_blue_crate_position({1: "premium", 2: "premium", 3: "wholesale"})
    assert moves_to(st, "b3") == ["b3/bT:4"]
    assert broken_rule(st, play_action("b3", tile_detail(0, 4), 1)) == "PP-R3"
    play(st, "b3/bT:4")
    assert (st.phase, st.current_player) == ("over", None)
    assert st.snapshot()["rush"]["red"] == 1
    assert st.scores() == {"red": 7, "blue": 14}


def test_rush_order_may_be_spent_on_a_wholesale_that_leaves_a_crate_open() -> None:
    """PP-R3 control: with Blue's crate 3 open, closing 3 or 4 leaves one open crate, so
    both may spend the order."""
    st = last_blue_crate_position({1: "premium", 2: "premium"})
    assert moves_to(st, "b3") == ["b3/bT:3", "b3/bT:3+", "b3/bT:4", "b3/bT:4+"]


def test_rush_order_cannot_be_spent_on_a_premium_that_closes_the_own_fourth_crate() -> None:
    """PP-R3: Red's crates 1 premium (aB), 2 and 3 wholesale (Blue's 2L, 2R), 4 open;
    Red on b3 enters a3 through aT: only "a3/aT:4", which ends the game (PP-E1).
    Red: 2*2 + 3//2 + 4//2 + 2*5 = 4+1+2+10 = 17."""
    st = state(grabber="b3", grid={"a3": None}, crates={"red": [[2], [3], [4], [5]], "blue": [[6]]},
               closed={"red": {1: "premium", 2: "wholesale", 3: "wholesale"}}, rush={"red": 1},
               played={"red": {"cB": "used", "aB": "used"}, "blue": {"2L": "used", "2R": "used"}})
    assert moves_to(st, "a3") == ["a3/aT:4"]
    play(st, "a3/aT:4")
    assert st.is_terminal()
    assert crate_statuses(st, "red") == ["premium", "wholesale", "wholesale", "premium"]
    assert st.scores()["red"] == 17


def blue_blocked_position() -> pickpack_game.State:
    """Red on a3 with 1 order waiting (cB used); d3 face up (a 1), every other square
    of column d face down: after Red grabs d3, Blue (column d) has no legal move."""
    return state(grabber="a3", crates={"blue": [[6]]}, rush={"red": 1}, played={"red": {"cB": "used"}},
                 grid=BLOCKED_COLUMN_D)


def test_pp_e2_is_judged_after_the_rush_decision() -> None:
    """PP-R3 Decision: after "d3>1" Blue could not move; spending the order ("d3>1+")
    is allowed and the game goes on with Red, who moves along row 3 from d3 (a3 empty
    but enterable through aT/aB; b3, c3, e3, f3 face up). Without the "+", the game
    ends by PP-E2. Judging PP-E2 before the rush decision would end it either way."""
    st = blue_blocked_position()
    assert "d3>1+" in texts(st)
    play(st, "d3>1+")
    assert (st.phase, st.current_player) == ("play", "red")
    assert st.snapshot()["rush"]["red"] == 0
    assert destinations(st) == {"a3", "b3", "c3", "e3", "f3"}
    plain = blue_blocked_position()
    play(plain, "d3>1")
    assert (plain.phase, plain.current_player) == ("over", None)


def test_game_ends_with_the_order_spent_when_the_rushing_player_cannot_move_again() -> None:
    """PP-R3: Red on a3 grabs f3 and spends its order; along row 3 from f3, b3..e3 are
    face down and a3 is empty with aT, aB used: Red cannot move, so the game ends
    (PP-E2 on the same player) with the order spent (rush 0), although Blue could have
    moved along column f."""
    st = state(grabber="a3", crates={"blue": [[6]]}, rush={"red": 1},
               grid={"b3": down(1), "c3": down(2), "d3": down(3), "e3": down(4)},
               played={"red": {"cB": "used", "aT": "used", "aB": "used"}})
    play(st, "f3>1+")
    assert (st.phase, st.current_player) == ("over", None)
    assert st.snapshot()["rush"]["red"] == 0
