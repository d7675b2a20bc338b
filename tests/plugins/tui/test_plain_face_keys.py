"""Typing a move in the plain face (pickpack_tui.plain_face) needs no Tab first: the move
line has the focus on a person's turn, so the letters of a move (the dice race's
``step`` starts with the shell's save key ``s``) go into it; Up, Down and Enter there
work the move list, F1 is help; after Escape the shell's one-letter keys work again."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from pickpack_tui.app import GameApp
from pickpack_tui.screens.help_screen import HelpScreen
from pickpack_tui.session import GameSession
from tests.support.tui_apps import settle, shown
from tests.support.plain_game import DICE_RACE

SEATS = {"p1": "human", "p2": "random", "p3": "random"}


def _play(check: Callable[[Pilot[Any], GameApp], Awaitable[None]]) -> None:
    """Run ``check`` on a dice race (seed 4) in the plain face, p1 (a person) to move."""
    async def run() -> None:
        app = GameApp(GameSession.new(SEATS, seed=4, game=DICE_RACE), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await check(pilot, app)
    asyncio.run(run())


def _mine(app: GameApp) -> list[str]:
    """The texts of p1's moves so far."""
    return [text for mover, _action, text in app.session.history() if mover == "p1"]


def test_a_move_typed_without_tab_is_played_and_no_shell_key_fires() -> None:
    async def check(pilot: Pilot[Any], app: GameApp) -> None:
        line = app.board_screen.query_one("#plain-move-text", Input)
        assert app.focused is line
        await pilot.press("s", "t", "e", "p", "enter")        # "s" is also the shell's save key
        await settle(pilot)
        assert app.screen is app.board_screen                  # no save dialog
        assert _mine(app) == ["step"]
        assert app.session.state.current_player == "p1"        # the bots have moved
        assert app.focused is line                             # again at p1's turn
        await pilot.press("r", "o", "l", "l", "enter")        # "l" is also the load key
        await settle(pilot)
        assert app.screen is app.board_screen and _mine(app) == ["step", "roll"]
    _play(check)


def test_up_down_and_enter_on_the_empty_move_line_play_the_highlighted_move() -> None:
    async def check(pilot: Pilot[Any], app: GameApp) -> None:
        moves = app.board_screen.query_one("#plain-moves", OptionList)
        await pilot.press("down")
        assert moves.highlighted == 1                          # roll
        await pilot.press("up")
        assert moves.highlighted == 0                          # step
        await pilot.press("down", "enter")
        await settle(pilot)
        assert _mine(app) == ["roll"]
        assert app.session.history()[1][0] == "chance"         # the shell drew the die
    _play(check)


def test_after_escape_the_shells_keys_work_and_typed_keys_do_not() -> None:
    async def check(pilot: Pilot[Any], app: GameApp) -> None:
        line = app.board_screen.query_one("#plain-move-text", Input)
        await pilot.press("question_mark")                     # typed: the line has the focus
        await pilot.pause()
        assert line.value == "?" and app.screen is app.board_screen
        await pilot.press("escape")
        assert app.focused is app.board_screen.query_one("#plain-moves", OptionList)
        await pilot.press("question_mark")
        await shown(pilot, HelpScreen)
        assert app.session.state.history_actions() == []
    _play(check)


def test_f1_on_the_move_line_shows_the_help() -> None:
    async def check(pilot: Pilot[Any], app: GameApp) -> None:
        assert app.focused is app.board_screen.query_one("#plain-move-text", Input)
        await pilot.press("f1")
        await shown(pilot, HelpScreen)
    _play(check)
