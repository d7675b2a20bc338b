"""The app the TUI tests run: the shell (pickpack_tui.app.GameApp) with Pick & Pack's face,
and ``at_rest``/``settled``/``settle``/``shown``: waiting for the state a snapshot or a
pilot test needs, never for a time; ``screen_text``, the screen as plain text; and
``MID_GAME``/``placed``, the Pick & Pack position of the snapshots (used by the tests of
the shell, tests/plugins/tui, and of the games' faces, tests/games/*)."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable
from typing import Any

from rich.console import Console
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Input

from pickpack.games.pickpack import placements_from_seed
from pickpack.games.pickpack.tui.face import FACE

from pickpack_tui.app import GameApp
from pickpack_tui.session import GameSession

__all__ = ["MID_GAME", "PickPackApp", "SEATS", "at_rest", "placed", "screen_text", "settle", "settled", "shown"]


class PickPackApp(GameApp):
    """GameApp on ``session`` with Pick & Pack's face (``GAME.tui_face``)."""

    def __init__(self, session: GameSession, **kwargs: Any) -> None:
        super().__init__(session, face=FACE, **kwargs)


async def at_rest(pilot: Pilot[Any], *, rounds: int = 200) -> None:
    """Wait until the app is at rest, whatever the machine's load: no bot thinking, no
    refresh, layout or deferred callback pending, no animation running, and the screen
    drawn the same twice in a row. Input cursors stop blinking (a blink is a timer).
    Waits for states, never for a time; raises AssertionError after ``rounds`` tries."""
    app = pilot.app
    last = None
    for _ in range(rounds):
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        bots = [w for w in app.workers if w.group == "bot" and not w.is_finished]
        if bots:
            await app.workers.wait_for_complete(bots)
            continue
        for field in app.screen.query(Input):
            field.cursor_blink = False
        screen = app.screen
        pending = (screen._layout_required or screen._repaint_required or bool(screen._callbacks)
                   or bool(screen._dirty_widgets) or getattr(app, "thinking", None) is not None)
        frame = app.export_screenshot()
        if not pending and frame == last:
            return
        last = frame
    raise AssertionError(f"the app never came to rest on {app.screen}")


def settled(*keys: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """A snapshot's ``run_before``: at rest (``at_rest``), then each of ``keys``
    pressed and waited out in turn."""
    async def run_before(pilot: Pilot[Any]) -> None:
        await at_rest(pilot)
        for key in keys:
            await pilot.press(key)
            await at_rest(pilot)
    return run_before


async def settle(pilot: Pilot[Any]) -> None:
    """Wait until no bot is thinking and the screen has caught up."""
    app = pilot.app
    assert isinstance(app, GameApp)
    for _ in range(2000):
        await pilot.pause()
        busy = [w for w in app.workers if w.group == "bot" and not w.is_finished]
        if not busy and app.thinking is None:
            await pilot.pause()
            return
        await asyncio.sleep(0.002)
    raise AssertionError("the bot never answered")


async def shown(pilot: Pilot[Any], kind: type[Screen[Any]] | Screen[Any]) -> Any:
    """Wait until the app shows a screen of class ``kind`` (or the screen ``kind``)."""
    app = pilot.app
    for _ in range(1000):
        screen = app.screen
        if (screen is kind) if isinstance(kind, Screen) else isinstance(screen, kind):
            if screen.is_mounted:
                await pilot.pause()
                return screen
        await pilot.pause(0.005)
    raise AssertionError(f"{kind} never shown; the app shows {app.screen}")


def screen_text(app: Any) -> str:
    """The app's screen as plain text, one line per row (what its SVG screenshot shows)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text(styles=False)


# Seed 5, random placements, then 31 random moves: Red to move from d6 with face-up,
# empty and face-down trays on the grid (PP-A6), unplayed, used and malfunctioned tiles
# on both sides (PP-M4), open, premium and wholesale crates (PP-A1, PP-A2), and a rush
# order waiting for Red (PP-R1).
MID_GAME = [
    "f5>4", "f3>1", "d3>3", "d2>4", "f2>1", "f1>2", "d1>2", "d3/3R:4", "f3/fB:a1", "f2/2L:aT",
    "a2>2", "a4>3", "b4>3", "b3>4", "e3>1", "e6>2", "b6>1", "b4/4R:c3", "a4/aB:2>3", "a6>1",
    "b6/bT:3x2", "b1>2", "d1/dB:2", "d3/3L", "e3/eT:1", "e4>3+", "e6/6L:3>1", "b6/bB:3>2",
    "b1/1L:4", "d1/dT", "d6>3",
]
# The seats of ``placed``: Red a person, Blue the random bot.
SEATS = {"red": "human", "blue": "random"}


def placed(seed: int, moves: list[str]) -> PickPackApp:
    """The app on Pick & Pack's game of ``seed`` (placements from the seed) after
    ``moves`` (canonical text), seats ``SEATS``, bots answering at once."""
    session = GameSession.new(SEATS, seed=seed, placements=placements_from_seed(seed))
    for text in moves:
        session.state.apply(text)
    return PickPackApp(session, bot_delay=0)
