"""What the search bots (``mcts``, ``alphabeta``) share: option checks, seed, budget.

Each check returns the value as the search wants it or raises a one-line ValueError
that names the bot and the option, so ``pickpack match mcts:simulatons=10 ...``
fails before the first game (pickpack.bots.make_bot turns it into a BotSpecError).

Time: a search bot built with the match's per-move limit ``time_limit=L`` (make_bot
passes it) stops its search by itself after ``search_seconds(L)`` = L minus a safety
margin of max(SAFETY_FRACTION * L, SAFETY_MIN) seconds (at least L / 2), or after its
own ``seconds`` option when that is smaller. That time is wall time since the move
started (the bot's ``choose`` was called: ``seconds_left``), not since the search
started, and the C search checks it itself (its clock read every 16 MCTS simulations
or 1024 alpha-beta nodes), so a bot keeps the limit by construction on a busy machine
too, whatever its simulation or depth budget. The margin covers the Python work after
the search (the move text, the runner's own timing). ``last_search`` holds what the
last search reported (``simulations`` or ``depth``, ``seconds``), which tells whether
the clock or the budget stopped it.
"""

from __future__ import annotations

import math
import secrets
import time
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from pickpack.bots.base import BotBase
from pickpack.bots.time_limit import check_time_limit
from pickpack.move import Move

__all__ = ["LEAST_SEARCH", "SAFETY_FRACTION", "SAFETY_MIN", "SearchBot", "bot_seed", "check_known", "choice",
           "count", "real", "search_seconds"]

SAFETY_FRACTION = 0.1      # of the per-move limit, kept for the Python around the search
SAFETY_MIN = 0.02          # seconds: the least margin
LEAST_SEARCH = 1e-3        # seconds a search is given when the move's time is all spent


def search_seconds(time_limit: float) -> float:
    """Seconds a search may run under a per-move limit of ``time_limit`` seconds: the
    limit minus max(SAFETY_FRACTION * limit, SAFETY_MIN), but at least half the limit
    (0.05 -> 0.03, 0.3 -> 0.27, 10 -> 9). Raises ValueError for a limit that is not a
    finite number > 0 (pickpack.bots.time_limit.check_time_limit)."""
    limit = check_time_limit(time_limit)
    return max(limit - max(SAFETY_FRACTION * limit, SAFETY_MIN), limit / 2)


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


class SearchBot(BotBase, ABC):
    """Base of the search bots: a seed per game, an optional time budget per move;
    ``choose`` refuses a chance node and a finished game (pickpack.bots.base.BotBase).

    Subclasses set ``name``, ``OPTIONS`` (option -> what it is) and ``seconds`` (None
    or seconds per move), and call ``_start(seed, options, time_limit)`` first in
    ``__init__``. ``bounded`` tells pickpack.bots.make_bot that the bot keeps the
    match's time limit by itself, so it runs in-process; ``games`` names the games the
    bot plays (None: every game), each subclass its own.
    """

    name = "search"
    bounded: ClassVar[bool] = True
    games: ClassVar[tuple[str, ...] | None] = None
    OPTIONS: ClassVar[dict[str, str]] = {}
    seconds: float | None = None
    time_limit: float | None = None
    #: What the last search reported (its result without the root moves), or None.
    last_search: Mapping[str, Any] | None = None
    _seed: int = 0

    def _start(self, seed: Any, options: Mapping[str, Any], time_limit: float | None) -> None:
        check_known(self.name, options, self.OPTIONS)
        self.seconds = None if options.get("seconds") is None else real(
            self.name, "seconds", options["seconds"], positive=True)
        if time_limit is not None:
            if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
                raise ValueError(f"{self.name}: time_limit must be a number of seconds, "
                                 f"got {time_limit!r}")
            search_seconds(time_limit)           # a bad limit fails here, by name
            time_limit = float(time_limit)
        self.time_limit = time_limit
        self._seed = bot_seed(self.name, seed)

    @property
    def search_deadline(self) -> float | None:
        """Seconds the next search may run: the smaller of the ``seconds`` option and
        search_seconds(time_limit) (module docstring); None when neither is set."""
        limits = [s for s in (self.seconds, None if self.time_limit is None
                              else search_seconds(self.time_limit)) if s is not None]
        return min(limits) if limits else None

    def seconds_left(self, started: float) -> float | None:
        """Seconds the search of a move that started at ``started`` (time.monotonic())
        may still run: search_deadline less the time already spent on the move, at
        least LEAST_SEARCH; None when there is no deadline."""
        budget = self.search_deadline
        if budget is None:
            return None
        return max(LEAST_SEARCH, budget - (time.monotonic() - started))

    def _keep(self, result: Mapping[str, Any]) -> None:
        """Keep a search's report as ``last_search`` (without its root moves)."""
        self.last_search = {k: v for k, v in result.items() if k != "root_moves"}

    @property
    def time_budget(self) -> float | None:
        """Seconds per move the bot means to use: its ``seconds`` option, capped by the
        match's limit (search_deadline); None when it has no ``seconds`` option (its
        budget is then depth or simulations, still cut at the limit's deadline)."""
        return None if self.seconds is None else self.search_deadline

    def reset(self, seed: int | None = None) -> None:
        """Start a new game with this base seed (None: a fresh random one)."""
        self._seed = bot_seed(self.name, seed)

    @abstractmethod
    def choose(self, state: Any) -> Move:
        """A legal move for the player to move in ``state``, a GameState of one of the
        bot's ``games`` (the Bot protocol)."""
