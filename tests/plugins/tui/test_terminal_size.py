"""A terminal smaller than a face needs shows one notice naming the size (TooSmallScreen),
and the game again once the terminal is large enough: every built-in game, Pig and a
game without a face (PlainFace)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Label

from pickpack.games_registry import get_game
from pickpack_tui.app import GameApp
from pickpack_tui.screens.confirm_screen import ConfirmScreen
from pickpack_tui.screens.too_small_screen import TooSmallScreen
from pickpack_tui.session import GameSession
from tests.support.tui_apps import settle
from tests.support.plain_game import DICE_RACE

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "examples" / "thirdparty-game"))
from pickpack_pig import GAME as PIG  # noqa: E402

# (game, seats, the size its face declares, Face.min_size)
CASES = [
    pytest.param(get_game("pickpack"), {"red": "human", "blue": "random"}, (80, 24), id="pickpack"),
    pytest.param(get_game("push"), {"p1": "human", "p2": "random", "p3": "random"}, (80, 24), id="push"),
    pytest.param(get_game("pacru"), {"south": "human", "north": "random"}, (80, 24), id="pacru"),
    pytest.param(PIG, {"p1": "human", "p2": "random"}, (60, 16), id="pig"),
    pytest.param(DICE_RACE, {"p1": "human", "p2": "random", "p3": "random"}, (60, 16), id="faceless"),
]


def _notice(app: GameApp) -> str:
    assert isinstance(app.screen, TooSmallScreen)
    return str(app.screen.query_one("#too-small", Label).render())


@pytest.mark.parametrize("game, seats, needed", CASES)
def test_a_small_terminal_names_the_size_needed_and_the_board_returns_when_it_grows(
        game: Any, seats: dict[str, str], needed: tuple[int, int]) -> None:
    async def run() -> None:
        app = GameApp(GameSession.new(seats, seed=2, game=game), bot_delay=0)
        assert app.face.min_size == needed
        async with app.run_test(size=(40, 10)) as pilot:
            await settle(pilot)
            assert _notice(app) == f"Terminal too small: this game needs at least {needed[0]}×{needed[1]} (now 40×10)"
            assert sum(isinstance(s, TooSmallScreen) for s in app.screen_stack) == 1
            game_screen = app.screen_stack[-2]      # the board, or the screen of the first turn
            await pilot.resize_terminal(needed[0], needed[1] - 1)     # one row short
            await settle(pilot)
            assert _notice(app).endswith(f"(now {needed[0]}×{needed[1] - 1})")
            await pilot.resize_terminal(*needed)
            await settle(pilot)
            assert app.screen is game_screen
            await pilot.resize_terminal(39, 30)                        # too narrow again
            await settle(pilot)
            assert _notice(app).endswith("(now 39×30)")
            await pilot.resize_terminal(120, 36)
            await settle(pilot)
            assert app.screen is game_screen
            assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)
    asyncio.run(run())


@pytest.mark.parametrize("size", [(1, 1), (12, 4), (79, 24), (80, 15)])
@pytest.mark.parametrize("game, seats, needed", CASES)
def test_no_face_dies_in_a_tiny_terminal(game: Any, seats: dict[str, str], needed: tuple[int, int],
                                         size: tuple[int, int]) -> None:
    # The face's screens are laid out underneath the notice too: none may fail there.
    async def run() -> None:
        app = GameApp(GameSession.new(seats, seed=5, game=game), bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            assert app.is_running and app._exception is None
            small = size[0] < needed[0] or size[1] < needed[1]
            assert isinstance(app.screen, TooSmallScreen) == small
    asyncio.run(run())


def test_quit_on_the_notice_asks_above_it_and_no_brings_the_notice_or_the_grown_board_back() -> None:
    async def run() -> None:
        session = GameSession.new({"p1": "human", "p2": "human"}, seed=3, game=PIG)
        session.state.apply_action(session.state.legal_actions()[0])   # an unsaved move
        session.resolve_chance()
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(40, 10)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, TooSmallScreen)
            await pilot.press("q")
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen)                # the question is seen
            await pilot.press("n")
            await settle(pilot)
            assert isinstance(app.screen, TooSmallScreen) and app.is_running
            await pilot.press("q")
            await settle(pilot)
            await pilot.resize_terminal(120, 36)                        # grows while asked
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("n")
            await settle(pilot)
            assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack) and app.is_running
    asyncio.run(run())
