"""The app the TUI tests run: the shell (pickpack_tui.app.GameApp) with Pick & Pack's face,
and ``at_rest``/``settled``: waiting for the state a snapshot needs, never for a time."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from pickpack.games.pickpack.tui.face import FACE

from pickpack_tui.app import GameApp
from pickpack_tui.session import GameSession

__all__ = ["PickPackApp", "at_rest", "settled"]


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
