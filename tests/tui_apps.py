"""The app the TUI tests run: the shell (pickpack_tui.app.GameApp) with Pick & Pack's face."""

from __future__ import annotations

from typing import Any

from pickpack.games.pickpack.tui.face import FACE

from pickpack_tui.app import GameApp
from pickpack_tui.session import GameSession

__all__ = ["PickPackApp"]


class PickPackApp(GameApp):
    """GameApp on ``session`` with Pick & Pack's face (``GAME.tui_face``)."""

    def __init__(self, session: GameSession, **kwargs: Any) -> None:
        super().__init__(session, face=FACE, **kwargs)
