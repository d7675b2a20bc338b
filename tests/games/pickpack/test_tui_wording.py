"""The words of Pick & Pack's face at 80x24: the game-over table keeps its points and
totals columns for a 33-tray crate, help lists only the game's own keys (not Textual's),
counted words are singular for one ("1 pt", "1 apple"), and the board screen names the
cursor's square in text, not by colour only."""

from __future__ import annotations

import asyncio
from typing import Any

from pickpack.games.pickpack import GAME, State
from textual.pilot import Pilot
from textual.widgets import Label

from tests.support.tui_apps import MID_GAME, PickPackApp, placed, settle, shown
from pickpack.games.pickpack.tui.move_choices import Questions, decode
from pickpack.games.pickpack.tui.game_over_screen import GameOverScreen
from pickpack_tui.screens.help_screen import HelpScreen
from pickpack_tui.session import GameSession
from pickpack.games.pickpack.tui.widgets.board_view import BoardView
from pickpack.games.pickpack.tui.wording import points_text, square_text
from pickpack_tui.wording import counted
from tests.games.pickpack.positions import SQUARES, malfunction_position, position

HOT = {"red": "human", "blue": "human"}
# Red's crate 4: 33 trays (all but the three in Red's other crates and the 6, PP-C2).
LONG_CRATE = [1] * 10 + [2] * 8 + [3] * 7 + [4] * 6 + [5] * 2


def screen_lines(pilot: Pilot[Any]) -> list[str]:
    """The terminal's text as the user sees it, line by line (every screen composited)."""
    strips = pilot.app.screen._compositor.render_strips()
    return ["".join(segment.text for segment in strip).rstrip() for strip in strips]


def _long_crate_game_over() -> GameSession:
    """A final hot-seat position (PP-E1): Red's four crates closed by Red's two Premium
    tiles (aT, aB) and Blue's two Wholesale tiles (2L, 2R); crate 4, premium, holds 33
    trays: 81 apples, 162 points (PP-E3). Red 3 + 10 + 2 + 162 = 177, Blue 0."""
    snap = position(to_move=None, phase="over", grabber="a2", grid={"b2": None},
                    crates={"red": [[6], [5], [5], LONG_CRATE]},
                    closed={"red": {1: "wholesale", 2: "premium", 3: "wholesale", 4: "premium"}},
                    played={"red": {"aT": "used", "aB": "used"}, "blue": {"2L": "used", "2R": "used"}})
    st = State.from_snapshot(snap)            # checked: a position a game can reach
    assert st.is_terminal() and st.crate_scores("red") == [3, 10, 2, 162]
    return GameSession(GAME, st, dict(HOT), st.copy(), None)


def test_game_over_dialog_keeps_points_and_totals_of_a_33_tray_crate_at_80x24() -> None:
    async def run() -> None:
        app = PickPackApp(_long_crate_game_over(), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            over = await shown(pilot, GameOverScreen)
            box = over.query_one("#game-over-box")
            assert box.region.x >= 0 and box.region.right <= 80 and box.region.bottom <= 23
            lines = screen_lines(pilot)
            text = "\n".join(lines)
            header = next(line for line in lines if "crate" in line and "status" in line)
            assert header.split("█")[1].split() == ["crate", "status", "trays", "apples", "points"]
            rows = [line.split("█")[1].split() for line in lines if line.count("█") == 2]
            # Red's crates: number, status, trays..., apples, points (the trays wrap).
            assert ["Red", "1", "wholesale", "6", "6", "3"] in rows
            assert ["2", "premium", "5", "5", "10"] in rows
            long_row = next(r for r in rows if r[:2] == ["4", "premium"])
            assert long_row[-2:] == ["81", "162"], long_row
            assert ["total", "177"] in rows and ["total", "0"] in rows
            assert ["Blue", "1", "open", "-", "0", "0"] in rows
            assert "Red (human) wins, 177 to 0" in text
            assert "wholesale 1 per 2 apples (rounded down)" in text
            # A wider terminal: the whole crate on one line, the dialog still as wide as the table.
            await pilot.resize_terminal(140, 40)
            await pilot.pause()
            lines = screen_lines(pilot)
            stack = " ".join(map(str, LONG_CRATE))
            inside = [line.split("█")[1].split() for line in lines if line.count("█") == 2]
            assert ["4", "premium", *stack.split(), "81", "162"] in inside
    asyncio.run(run())


def test_help_on_the_board_lists_only_the_games_own_keys() -> None:
    async def run() -> None:
        app = placed(5, MID_GAME)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("question_mark")
            help_screen = await shown(pilot, HelpScreen)
            rows = dict((what, keys) for keys, what in help_screen.keys)
            assert rows["undo (against a bot: back to your previous move)"] == "u"
            assert rows["move the cursor"] == "↑ / ↓ / ← / →"
            assert rows["quit (asks first if moves are unsaved)"] == "^q / q"
            listed = " ".join(rows)
            for builtin in ("command palette", "Copy selected text", "Focus Previous", "Focus Next"):
                assert builtin not in listed
            assert set(rows.values()) == {"↑ / ↓ / ← / →", "⏎ / space", "^q / q", "u", "n", "s",
                                          "l", "t", "?"}
    asyncio.run(run())


def test_counted_words_are_singular_for_one() -> None:
    assert points_text(1) == "1 pt" and points_text(0) == "0 pts" and points_text(12) == "12 pts"
    assert counted(1, "apple") == "1 apple" and counted(3, "apple") == "3 apples"
    assert counted(1, "rush order") == "1 rush order" and counted(2, "move") == "2 moves"
    assert square_text("a1", {"apples": 1, "face_up": True}) == "a1: tray of 1 apple"
    assert square_text("d6", None, grabber=True) == "d6: empty, grabber"
    assert square_text("c5", {"apples": 2, "face_up": False}) == "c5: face-down tray (PP-M3)"


def test_malfunction_prompt_says_what_it_asks_and_counts_one_apple() -> None:
    # Red on a3 moves to the empty f3 and activates fT, Malfunction (PP-A6): any face-up
    # tray on the grid (a1 holds a 1-apple tray) or one of Blue's unplayed tiles.
    st = malfunction_position()
    assert st.snapshot()["grid"]["a1"] == {"apples": 1, "face_up": True}
    f3 = SQUARES.index("f3")
    questions = Questions(st.observation("red"), "red",
                          [a for a in st.legal_actions() if a >= 6 and decode(a).dest == f3])
    question = questions.next()
    while question is not None and question.key != "malfunction":
        questions.answer(next(o.value for o in question.options if o.unavailable is None))
        question = questions.next()
    assert question is not None
    assert question.title == "Malfunction: which tray or tile do you turn face down?"
    labels = [o.label for o in question.options]
    assert "tray on a1 (1 apple)" in labels
    five = next(sq for sq, cell in st.snapshot()["grid"].items() if cell == {"apples": 5, "face_up": True})
    assert f"tray on {five} (5 apples)" in labels
    assert "Blue's tile 2L: Wholesale" in labels
    assert not any("1 apples" in label for label in labels)


def test_a_score_of_one_reads_1_pt_on_the_panel() -> None:
    async def run() -> None:
        # Seed 1: Red grabs the 1-apple tray on c5 into crate 1 (PP-G1, PP-E3: 1 point).
        app = placed(1, ["c5>1"])
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert app.session.state.crate_scores("red") == [1, 0, 0, 0]
            screen = app.board_screen
            assert str(screen.query_one("#score-red", Label).render()) == "1 pt"
            assert str(screen.query_one("#score-blue", Label).render()) == "? pts"  # PP-V2
    asyncio.run(run())


def _hint(app: PickPackApp) -> str:
    return str(app.board_screen.query_one("#hint", Label).render())


def test_the_board_screen_names_the_cursor_square_in_text() -> None:
    # The mid-game position of the snapshots: Red on d6 (empty under the grabber); c6
    # holds 4 apples, c5 one, c3 is face down; Red may move to c6, e6 or f6 (PP-M1).
    async def run() -> None:
        app = placed(5, MID_GAME)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            grid = app.session.state.snapshot()["grid"]
            assert grid["c6"] == {"apples": 4, "face_up": True} and grid["d6"] is None
            assert _hint(app) == "Cursor d6: empty, grabber\nYour move: c6 e6 f6"
            await pilot.press("left")
            assert _hint(app) == "Cursor c6: tray of 4 apples\nYour move: c6 e6 f6"
            await pilot.press("down")
            assert grid["c5"] == {"apples": 1, "face_up": True}
            assert _hint(app).startswith("Cursor c5: tray of 1 apple\n")
            await pilot.press("down", "down")
            assert grid["c3"] is not None and not grid["c3"]["face_up"]
            assert _hint(app).startswith("Cursor c3: face-down tray (PP-M3)\n")
            assert app.board_screen.query_one(BoardView).cursor_square == SQUARES.index("c3")
            assert grid["b4"] is None
            await pilot.click("#sq-b4")                  # a click moves the cursor too
            await settle(pilot)
            assert _hint(app) == "Cursor b4: empty\nYour move: c6 e6 f6"
            assert any(line.split("│")[0].strip() == "Cursor b4: empty" for line in screen_lines(pilot))
    asyncio.run(run())
