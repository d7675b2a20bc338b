"""Entry point ``pickpack.frontends:textual``: play Pick & Pack in the terminal."""

from __future__ import annotations

from pickpack.bots import make_bot

from pickpack_tui.app import PickPackApp
from pickpack_tui.session import HUMAN, GameSession

__all__ = ["run"]


def run(red: str = HUMAN, blue: str = "greedy", seed: int | None = None, first: str = "red") -> int:
    """Open the app: ``red``/``blue`` are ``"human"`` or a bot name (group ``pickpack.bots``).

    ``seed`` fixes the deal (PP-S1; None: a fresh one), ``first`` who moves first
    (PP-S4). Every bot is built once before the app starts, so a bad name fails here:
    raises PluginNotFoundError for an unknown bot and ValueError for a bad ``first``
    or ``seed``. Returns the exit status (0).
    """
    for name in (red, blue):
        if name != HUMAN:
            make_bot(name, seed=seed)
    session = GameSession.new({"red": red, "blue": blue}, seed=seed, first=first)
    PickPackApp(session).run()
    return 0
