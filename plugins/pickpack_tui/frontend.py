"""Entry point ``pickpack.frontends:textual``: play Pick & Pack in the terminal."""

from __future__ import annotations

import sys

from pickpack.bots import make_bot
from pickpack.errors import PickpackError

from pickpack_tui.app import PickPackApp
from pickpack_tui.session import HUMAN, GameSession

__all__ = ["has_terminal", "run"]


def has_terminal() -> bool:
    """Whether standard input and output are both terminals (ttys)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def run(red: str = HUMAN, blue: str = "greedy", seed: int | None = None, first: str = "red") -> int:
    """Open the app: ``red``/``blue`` are ``"human"`` or a bot spec in the grammar every
    command takes (pickpack.botspec: ``NAME``, ``NAME:key=value,...``, ``native:PATH``,
    ``cmd:COMMAND``).

    ``seed`` fixes the deal (PP-S1; None: a fresh one), ``first`` who moves first
    (PP-S4). Every bot is built once (and closed) before the app starts, so a bad spec
    fails here with make_bot's one-line errors, the same as ``pickpack match``:
    BotSpecError, PluginNotFoundError (unknown bot, with the choices), BotLoadError,
    BotFault; ValueError for a bad ``first`` or ``seed``; PickpackError when standard
    input or output is not a terminal (the app would wait for keys that never come).
    Returns the exit status (0).
    """
    for spec in (red, blue):
        if spec != HUMAN:
            bot = make_bot(spec, seed=seed)
            close = getattr(bot, "close", None)
            if callable(close):
                close()
    if not has_terminal():
        raise PickpackError("the terminal UI needs a terminal on standard input and output; "
                            "to play bots against each other without one: pickpack match A B")
    session = GameSession.new({"red": red, "blue": blue}, seed=seed, first=first)
    PickPackApp(session).run()
    return 0
