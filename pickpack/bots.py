"""The bot protocol and how bots are found (entry-point group ``pickpack.bots``).

A bot plugin is a factory registered in ``pickpack.bots``: called as
``factory(seed=int | None, **options)`` it returns an object with

- ``name: str`` - shown in results tables;
- ``choose(state) -> Move`` - a legal move for ``state.current_player``; the bot must
  not mutate ``state`` (work on ``state.copy()``);
- optionally ``reset(seed: int | None) -> None`` - called before each game;
- optionally ``time_budget: float | None`` - seconds per move it is allowed.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from pickpack.move import Move
from pickpack.plugins import load, names

__all__ = ["Bot", "available_bots", "make_bot"]


@runtime_checkable
class Bot(Protocol):
    """What a bot offers (see the module docstring)."""

    name: str

    def choose(self, state: Any) -> Move: ...


def available_bots() -> list[str]:
    """Names registered in ``pickpack.bots``, sorted."""
    return names("pickpack.bots")


def make_bot(name: str, seed: int | None = None, **options: Any) -> Bot:
    """Build the bot registered as ``name`` with this seed and options.

    Raises PluginNotFoundError (listing the choices) for an unknown name and TypeError if
    the plugin does not build an object with ``name`` and ``choose``.
    """
    factory = load("pickpack.bots", name)
    bot = factory(seed=seed, **options)
    if not isinstance(bot, Bot):
        raise TypeError(f"bot plugin {name!r} built {type(bot).__name__}, which lacks name/choose")
    return bot
