"""Named conformance cases of one game, for a test runner to parametrize over
(docs/testing.md), and ``check_conformance`` to run them all at once.

A case is one check (pickpack.testing.checks.CHECKS) at one player count, over the
seeded random walks of that count: ``seeds`` deals, each played ``ways`` ways. The walks
are drawn once, on the first case of their player count that runs, and shared.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pickpack.game import Game
from pickpack.games_registry import get_game
from pickpack.plugins import PluginNotFoundError
from pickpack.testing.checks import CHECKS, ConformanceError, names
from pickpack.testing.walks import Walk, here, random_walk, set_here

__all__ = ["DEFAULT_SAMPLE", "DEFAULT_SEEDS", "DEFAULT_WAYS", "ConformanceCase", "check_conformance",
           "conformance_cases", "player_counts"]

#: The deals of the walks (``new_state(seed=...)``).
DEFAULT_SEEDS = (0, 1)
#: How many ways each deal is played (different random choices).
DEFAULT_WAYS = 2
#: How many plies of each walk the per-state checks look at.
DEFAULT_SAMPLE = 16
#: The seed of the choices of way k of deal s: s + k * CHOICES_STRIDE (way 0: s itself).
CHOICES_STRIDE = 1000


def player_counts(game: Game[Any]) -> list[int]:
    """The player counts the suite checks: the game's default and its largest."""
    return sorted({game.default_player_count(), game.max_players})


@dataclass
class _Walks:
    """The walks of one player count, drawn on first use."""

    game: Game[Any]
    players: int
    seeds: tuple[int, ...]
    ways: int
    options: Mapping[str, Any]

    @functools.cached_property
    def walks(self) -> list[Walk]:
        return [random_walk(self.game, self.players, seed, self.options, seed + way * CHOICES_STRIDE)
                for seed in self.seeds for way in range(self.ways)]


@dataclass(frozen=True)
class ConformanceCase:
    """One check of one game at one player count. ``name`` is ``GAME-Np-CHECK``
    (``pig-2p-undo``), a test id; ``run()`` raises ConformanceError (an
    AssertionError) naming the game, players, seed, ply (or start position), check and
    fault of the first broken promise."""

    name: str
    check: str
    game: Game[Any]
    players: int
    sample: int
    _walks: _Walks = field(repr=False, compare=False)

    def __repr__(self) -> str:
        """``ConformanceCase('push-4p-undo', check='undo', game='push', players=4, sample=16)``:
        the game by its name, not its whole Game."""
        return (f"ConformanceCase({self.name!r}, check={self.check!r}, game={self.game.name!r}, "
                f"players={self.players}, sample={self.sample})")

    def run(self) -> None:
        """Run the check; ConformanceError on the first broken promise, also when the
        game raises while its walks are drawn (then at the seed and ply of the draw)."""
        set_here(None)
        try:
            walks = self._walks.walks
        except Exception as exc:        # the game's own error, of any kind, in new_state or a step
            where = here() or f"{self.game.name}, {self.players} players"
            fault = f"drawing the random walk raised {type(exc).__name__}: {' '.join(str(exc).split())}"
            raise ConformanceError(f"{where}, check {self.check}: {fault}", where=where, check=self.check,
                                   fault=fault) from exc
        CHECKS[self.check](walks, self.sample)

    def __str__(self) -> str:
        return self.name


def _the_game(game: Game[Any] | str) -> Game[Any]:
    """``game`` itself, or the game registered under that name (pickpack.get_game):
    LookupError (PluginNotFoundError) naming the installed games for an unknown name,
    TypeError for anything else."""
    if isinstance(game, Game):
        return game
    if isinstance(game, str):
        try:
            return get_game(game)
        except PluginNotFoundError as exc:
            raise PluginNotFoundError(f"conformance cases of {game!r}: {exc}") from None
    raise TypeError(f"conformance cases need a pickpack.Game or the name of an installed game, "
                    f"not {type(game).__name__} {game!r:.60}")


def conformance_cases(game: Game[Any] | str, *, players: Sequence[int] | None = None,
                      seeds: Sequence[int] = DEFAULT_SEEDS, ways: int = DEFAULT_WAYS,
                      sample: int = DEFAULT_SAMPLE, checks: Sequence[str] | None = None,
                      options: Mapping[str, Any] | None = None) -> list[ConformanceCase]:
    """The conformance cases of ``game`` (a Game, or the name of an installed one:
    ``"pig"``): every check in ``checks`` (default: all of
    CHECKS) at every player count in ``players`` (default: player_counts(game)), over
    the random walks of the deals ``seeds``, each played ``ways`` ways, ``sample`` plies
    of each walk checked, the game made with ``options``. Nothing is played until a
    case runs.

    >>> import pickpack
    >>> from pickpack.testing import conformance_cases
    >>> [case.name for case in conformance_cases(pickpack.get_game("push"), checks=["undo", "chance"])]
    ['push-4p-undo', 'push-4p-chance', 'push-6p-undo', 'push-6p-chance']

    Raises ValueError for an unknown check name, OptionError for a player count the
    game does not offer, PluginNotFoundError (a LookupError) for a name no installed game
    has, TypeError for a ``game`` that is neither a Game nor a str.
    """
    game = _the_game(game)
    chosen = names(CHECKS if checks is None else checks)
    counts = [game.check_players(n) for n in (player_counts(game) if players is None else players)]
    cases = []
    for count in counts:
        walks = _Walks(game, count, tuple(seeds), ways, dict(options or {}))
        cases += [ConformanceCase(f"{game.name}-{count}p-{check}", check, game, count, sample, walks)
                  for check in chosen]
    return cases


def check_conformance(game: Game[Any] | str, **settings: Any) -> None:
    """Run every case of ``conformance_cases(game, **settings)`` (``game`` a Game or an
    installed game's name); raise one
    ConformanceError listing each failed case on its own line (``NAME: fault``), as
    gymnasium's ``check_env`` does for an environment. Returns None when all pass."""
    failures = []
    game = _the_game(game)
    for case in conformance_cases(game, **settings):
        try:
            case.run()
        except ConformanceError as exc:
            failures.append(f"{case.name}: {exc}")
        except Exception as exc:        # the game's own error, of any kind, in a check
            failures.append(f"{case.name}: raised {type(exc).__name__}: {' '.join(str(exc).split())}")
    if failures:
        raise ConformanceError(f"{game.name} fails {len(failures)} conformance case(s):\n" + "\n".join(failures))
