"""A match's running totals per bot and their statistics (pickpack.match.stats).

Every game adds to each bot's line: its return, its win share (1/k when its return is
the highest, shared by k seats; 0 otherwise), its rank (1 = best; tied seats share the
mean of their ranks), the game's own score of its seat and the game's plies. A win is
a game where the bot alone has the highest return, a draw one where it shares the
highest, a loss any other. A game lost by a fault counts by its returns
(pickpack.match.forfeit_returns): the faulting seat has the lowest, the other seats
equal ones, so they share the win (1/(N-1) each, a draw for N > 2) and tie for the top
ranks, and the faulting bot has a loss and rank N.

Two players: the score rate ``(wins + draws/2) / games`` with its Wilson interval and
the Elo difference (the table of ``pickpack match`` as before). Any number of players:
the mean return and mean rank, each with a 95% interval by the normal approximation
over games (match_stats.mean_interval), clipped to the possible range, and the win share
with its Wilson interval.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pickpack.match.stats import (elo_difference, elo_interval, mean_interval, score_rate,
                                  simplest_fraction, wilson_interval)

if TYPE_CHECKING:
    from pickpack.match.result import GameResult

__all__ = ["BotLine", "MatchSummary", "rank_of", "win_share"]


def win_share(returns: Sequence[float], seat: int) -> float:
    """1/k when seat ``seat`` has the highest of ``returns`` together with k - 1 others,
    else 0.

    >>> win_share([1.0, 1.0, -1.0], 0), win_share([1.0, 1.0, -1.0], 2)
    (0.5, 0.0)
    """
    best = max(returns)
    return 1.0 / sum(r == best for r in returns) if returns[seat] == best else 0.0


def rank_of(returns: Sequence[float], seat: int) -> float:
    """The rank of seat ``seat`` by ``returns`` (1 = highest), ties averaged.

    >>> rank_of([1.0, 1.0, -1.0], 0), rank_of([1.0, 1.0, -1.0], 2), rank_of([2.0, 0.0, 1.0], 2)
    (1.5, 3.0, 2.0)
    """
    mine = returns[seat]
    above = sum(r > mine for r in returns)
    level = sum(r == mine for r in returns)
    return 1 + above + (level - 1) / 2


def _float(value: Fraction) -> float:
    """``value`` as a float, an infinity of its sign past the float range (a game whose
    returns are near 1e308 squares them out of it)."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


@dataclass
class BotLine:
    """Aggregate results of one bot over a match (module docstring): counts, sums and
    sums of squares, and the statistics made from them."""

    bot: str
    players: int = 2
    min_utility: float = -1.0
    max_utility: float = 1.0
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    score_sum: float = 0
    plies_sum: int = 0
    forfeits: int = 0
    # Exact sums: returns, shares and ranks are small rationals, and float sums of them
    # drift (a mean return of 0 over thirds came out as 1.39e-17).
    sums: dict[str, Fraction] = field(default_factory=lambda: dict.fromkeys(
        ("return", "return_sq", "share", "share_sq", "rank", "rank_sq"), Fraction(0)))

    def count(self, returns: Sequence[float], seat: int, score: float, plies: int,
              forfeited: bool) -> None:
        """Add one game where the bot sat in ``seat``: the returns of every seat, its
        seat's score, the game's plies and whether it forfeited."""
        r, share, rank = returns[seat], win_share(returns, seat), rank_of(returns, seat)
        self.games += 1
        if share == 1.0:
            self.wins += 1
        elif share > 0:
            self.draws += 1
        else:
            self.losses += 1
        self.forfeits += forfeited
        self.score_sum += score
        self.plies_sum += plies
        for key, value in (("return", r), ("share", share), ("rank", rank)):
            exact = simplest_fraction(value)
            self.sums[key] += exact
            self.sums[key + "_sq"] += exact * exact

    def _mean(self, key: str) -> float:
        return _float(self.sums[key] / self.games) if self.games else 0.0

    def _interval(self, key: str, low: float, high: float) -> tuple[float, float]:
        return mean_interval(_float(self.sums[key]), _float(self.sums[key + "_sq"]), self.games, low, high)

    @property
    def mean_score(self) -> float:
        """The game's own score of the bot's seat, averaged over games."""
        return self.score_sum / self.games if self.games else 0.0

    @property
    def mean_plies(self) -> float:
        return self.plies_sum / self.games if self.games else 0.0

    @property
    def mean_return(self) -> float:
        return self._mean("return")

    @property
    def return_ci95(self) -> tuple[float, float]:
        """Normal-approximation 95% interval of the mean return, within the game's range."""
        return self._interval("return", self.min_utility, self.max_utility)

    @property
    def win_share(self) -> float:
        return self._mean("share")

    @property
    def win_share_ci95(self) -> tuple[float, float]:
        """95% interval of the win share: the Wilson interval of the mean share over the
        games (a share is a rate; a split win counts its fraction, which only narrows
        the true spread), so that more wins never give a lower upper bound."""
        if not self.games:
            return 0.0, 1.0
        return wilson_interval(min(1.0, max(0.0, self.win_share)), self.games)

    @property
    def mean_rank(self) -> float:
        return self._mean("rank")

    @property
    def rank_ci95(self) -> tuple[float, float]:
        """Normal-approximation 95% interval of the mean rank, within [1, players]."""
        return self._interval("rank", 1.0, float(self.players))

    @property
    def score_rate(self) -> float:
        """(wins + draws/2) / games."""
        return score_rate(self.wins, self.draws, self.games)

    @property
    def score_ci95(self) -> tuple[float, float]:
        """Wilson 95% interval of the score rate."""
        return wilson_interval(self.score_rate, self.games)

    @property
    def elo(self) -> float:
        """Elo difference against the other bot (±inf for a score rate of 1 or 0)."""
        return elo_difference(self.score_rate)

    @property
    def elo_ci95(self) -> tuple[float, float]:
        """The Elo differences of the score rate's 95% bounds."""
        return elo_interval(self.score_rate, self.games)

    def to_json(self) -> dict[str, Any]:
        """The line as JSON data (MatchSummary.to_json)."""
        data: dict[str, Any] = {
            "bot": self.bot, "games": self.games, "wins": self.wins, "draws": self.draws,
            "losses": self.losses, "mean_score": round(self.mean_score, 3),
            "mean_plies": round(self.mean_plies, 3), "forfeits": self.forfeits}
        if self.players == 2:
            data.update({"score_rate": round(self.score_rate, 4),
                         "score_ci95": [round(x, 4) for x in self.score_ci95],
                         "elo": _finite(self.elo), "elo_ci95": [_finite(x) for x in self.elo_ci95]})
        data.update({"mean_return": round(self.mean_return, 4),
                     "return_ci95": [round(x, 4) for x in self.return_ci95],
                     "win_share": round(self.win_share, 4),
                     "win_share_ci95": [round(x, 4) for x in self.win_share_ci95],
                     "mean_rank": round(self.mean_rank, 4),
                     "rank_ci95": [round(x, 4) for x in self.rank_ci95]})
        return data


def _finite(x: float) -> float | None:
    """A float for JSON: rounded, or None when infinite."""
    return round(x, 4) if math.isfinite(x) else None


@dataclass
class MatchSummary:
    """Per-bot lines (in the match's bot order) and the game results kept (in game
    order; empty when the match ran with ``keep_games=False``). ``interrupted`` is True
    when the match stopped before all its games were played; the lines then count the
    games finished. ``game`` is the game's name."""

    lines: list[BotLine]
    games: list[GameResult]
    interrupted: bool = False
    game: str = "pickpack"

    @property
    def games_played(self) -> int:
        """The number of games finished and counted in the lines."""
        return self.lines[0].games

    @property
    def players(self) -> int:
        """The number of players (and bots) of the match."""
        return len(self.lines)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-able data: the game, players, games played, whether interrupted,
        per-bot totals and statistics, and every game kept.

        Every match: ``mean_return``, ``win_share``, ``mean_rank`` with their
        normal-approximation 95% intervals (``*_ci95``). Two players also: ``score_rate``
        (a draw counts half), ``score_ci95`` (Wilson), ``elo`` and ``elo_ci95`` (Elo
        differences against the other bot, null when infinite; pickpack.match.stats).
        """
        return {
            "game": self.game,
            "players": self.players,
            "games_played": self.games_played,
            "interrupted": self.interrupted,
            "bots": [line.to_json() for line in self.lines],
            "games": [g.to_json() for g in self.games],
        }
