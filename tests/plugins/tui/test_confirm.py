"""Irreversible keys ask first (issue 12 item 16): n, q, Ctrl+Q, load over an unsaved
game, and the game-over dialog, whose focus is on a button that loses nothing.

"Unsaved" means the history differs from the one at the last save or load (or at the
start of the game): GameSession.has_unsaved_moves.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from pickpack.games.pickpack import placements_from_seed
from textual.pilot import Pilot
from textual.widgets import Button

from tests.support.tui_apps import PickPackApp, settle, shown
from pickpack_tui.screens.confirm_screen import ConfirmScreen
from pickpack_tui.screens.file_screen import FileScreen
from pickpack.games.pickpack.tui.game_over_screen import GameOverScreen
from pickpack.games.pickpack.tui.placement_screen import PlacementScreen
from pickpack_tui.session import GameSession
from tests.plugins.tui.test_pilot import _first_grab, play_move

SEATS = {"red": "human", "blue": "random"}


def test_unsaved_means_a_history_other_than_the_saved_one(tmp_path: Path) -> None:
    session = GameSession.new(SEATS, seed=3, placements=placements_from_seed(3))
    assert not session.has_unsaved_moves()          # dealt placements are the start
    session.state.apply("e2>2")
    assert session.has_unsaved_moves()
    session.save(tmp_path / "g.json")
    assert not session.has_unsaved_moves()
    session.state.undo()                            # taking back a saved move loses it too
    assert session.has_unsaved_moves()
    assert not GameSession.load(tmp_path / "g.json").has_unsaved_moves()


async def _mid_game(pilot: Pilot[Any], app: PickPackApp) -> None:
    await shown(pilot, PlacementScreen)
    await pilot.press("c")
    await settle(pilot)
    await play_move(pilot, _first_grab(app.session.state), mouse=False)
    assert app.session.has_unsaved_moves()


def _focused_id(app: PickPackApp) -> str | None:
    return app.screen.focused.id if app.screen.focused is not None else None


def test_new_game_and_quit_ask_and_the_safe_answer_is_the_default() -> None:
    async def run() -> None:
        app = PickPackApp(GameSession.new(SEATS, seed=11), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await _mid_game(pilot, app)
            session = app.session
            for keys in (["n"], ["q"], ["ctrl+q"]):
                await pilot.press(*keys)
                await shown(pilot, ConfirmScreen)
                assert _focused_id(app) == "no"
                await pilot.press("q", "ctrl+q")     # asking again while asking: ignored
                assert isinstance(app.screen, ConfirmScreen) and len(app.screen_stack) == 3
                await pilot.press("enter")           # Enter out of habit keeps the game
                await shown(pilot, app.board_screen)
                assert app.session is session and app.is_running
            await pilot.press("n")
            await shown(pilot, ConfirmScreen)
            await pilot.press("escape")
            assert app.session is session
            await pilot.press("n")
            await shown(pilot, ConfirmScreen)
            await pilot.press("y")
            await shown(pilot, PlacementScreen)
            assert app.session is not session and app.session.seed == 12
            await pilot.press("ctrl+q")              # nothing played yet: quits at once
            await pilot.pause()
            assert not app.is_running
    asyncio.run(run())


def test_a_saved_game_is_left_without_a_question_and_load_over_unsaved_asks(tmp_path: Path) -> None:
    async def run() -> None:
        path = tmp_path / "g.json"
        app = PickPackApp(GameSession.new(SEATS, seed=11), bot_delay=0, save_path=str(path))
        async with app.run_test(size=(80, 24)) as pilot:
            await _mid_game(pilot, app)
            await pilot.press("s")
            await shown(pilot, FileScreen)
            await pilot.press("enter")
            await shown(pilot, app.board_screen)
            saved = app.session
            await play_move(pilot, _first_grab(saved.state), mouse=False)
            await pilot.press("l")
            await shown(pilot, FileScreen)
            await pilot.press("enter")
            await shown(pilot, ConfirmScreen)        # the move after the save would be lost
            await pilot.press("n")
            await shown(pilot, app.board_screen)
            assert app.session is saved and saved.state.ply == 28
            await pilot.press("l")
            await shown(pilot, FileScreen)
            await pilot.press("enter")
            await shown(pilot, ConfirmScreen)
            await pilot.press("y")
            await settle(pilot)
            assert app.session is not saved and app.session.state.ply == 26
            await pilot.press("n")                   # just loaded: nothing to lose, no question
            await shown(pilot, PlacementScreen)
            assert app.session.seed == 12
    asyncio.run(run())


def _nearly_over(seed: int) -> tuple[GameSession, int]:
    """A game against the random bot where the person is to move and ``last`` ends it."""
    from tests.plugins.tui.test_handover import _one_move_from_the_end
    session, last = _one_move_from_the_end(seed)
    human = session.state.current_player
    session.seats = {p: "human" if p == human else "random" for p in ("red", "blue")}
    return session, last


def test_game_over_dialog_focuses_board_and_new_game_from_it_asks() -> None:
    async def run() -> None:
        session, last = _nearly_over(21)
        app = PickPackApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await shown(pilot, app.board_screen)
            await play_move(pilot, last, mouse=False)
            over = await shown(pilot, GameOverScreen)
            assert _focused_id(app) == "board"
            assert [b.id for b in over.query(Button)] == ["board", "new", "quit"]
            await pilot.press("n")                   # the game's last move is unsaved
            await shown(pilot, ConfirmScreen)
            await pilot.press("enter")
            await shown(pilot, app.board_screen)
            assert app.session is session and session.state.is_terminal()
    asyncio.run(run())
