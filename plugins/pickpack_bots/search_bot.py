"""What the search bots (``mcts``, ``alphabeta``) share: option checks, seed, budget.

Each check returns the value as the search wants it or raises a one-line ValueError
that names the bot and the option, so ``pickpack match mcts:simulatons=10 ...``
fails before the first game (pickpack.bots.make_bot turns it into a BotSpecError).
"""

from __future__ import annotations

import math
import secrets
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from pickpack import Move, State

__all__ = ["SearchBot", "bot_seed", "check_known", "choice", "count", "real"]


def check_known(bot: str, options: Mapping[str, Any], known: Mapping[str, str]) -> None:
    """Refuse any option not in ``known`` (name -> what it is), listing the known ones."""
    for key in options:
        if key not in known:
            listed = ", ".join(f"{k} ({what})" for k, what in known.items())
            raise ValueError(f"{bot}: unknown option {key!r}; its options: {listed}")


def count(bot: str, key: str, value: Any, lo: int, hi: int) -> int:
    """An int option in lo..hi (bools refused)."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ValueError(f"{bot}: option {key!r} must be an int {lo}..{hi}, got {value!r}")
    return value


def real(bot: str, key: str, value: Any, *, positive: bool) -> float:
    """A finite number option, > 0 when ``positive`` else >= 0 (bools refused)."""
    ok = not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value)
    if ok:
        ok = value > 0 if positive else value >= 0
    if not ok:
        bound = "> 0" if positive else ">= 0"
        raise ValueError(f"{bot}: option {key!r} must be a finite number {bound}, got {value!r}")
    return float(value)


def choice(bot: str, key: str, value: Any, choices: tuple[str, ...]) -> str:
    """A string option among ``choices``."""
    if value not in choices:
        raise ValueError(f"{bot}: option {key!r} must be one of {', '.join(choices)}, got {value!r}")
    return str(value)


def bot_seed(bot: str, seed: Any) -> int:
    """The bot's base seed: ``seed`` (int 0..2**64-1), or a fresh random one for None."""
    if seed is None:
        return secrets.randbits(64)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ValueError(f"{bot}: seed must be None or an int 0..2**64-1, got {seed!r}")
    return seed


class SearchBot(ABC):
    """Base of the search bots: a seed per game, an optional time budget per move.

    Subclasses set ``name``, ``OPTIONS`` (option -> what it is) and ``seconds`` (None
    or seconds per move), and call ``_start(seed, options)`` first in ``__init__``.
    """

    name = "search"
    OPTIONS: ClassVar[dict[str, str]] = {}
    seconds: float | None = None
    _seed: int = 0

    def _start(self, seed: Any, options: Mapping[str, Any]) -> None:
        check_known(self.name, options, self.OPTIONS)
        self.seconds = None if options.get("seconds") is None else real(
            self.name, "seconds", options["seconds"], positive=True)
        self._seed = bot_seed(self.name, seed)

    @property
    def time_budget(self) -> float | None:
        """Seconds per move when a time budget was given, else None."""
        return self.seconds

    def reset(self, seed: int | None = None) -> None:
        """Start a new game with this base seed (None: a fresh random one)."""
        self._seed = bot_seed(self.name, seed)

    @abstractmethod
    def choose(self, state: State) -> Move:
        """A legal move for the player to move in ``state`` (the Bot protocol)."""
