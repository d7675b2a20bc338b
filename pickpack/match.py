"""Bot-versus-bot matches on fresh random deals (headless; the CLI adds the display).

Game ``i`` of a match with base seed ``s``: the deal and both placements come from
``derive_seed(s, i // 2)`` (PP-S1, PP-S3), so games 2k and 2k+1 share a deal with the
bots' seats swapped; bot A plays Red in even games and Blue in odd ones; Red moves first
(PP-S4), so the bot that moves first alternates. Each bot's seed is
``derive_seed(s, i, seat)``. A game depends only on (s, i): results are the same in any
order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from pickpack._core import placements_from_seed
from pickpack.bots import Bot, make_bot
from pickpack.pickpack_game import new_pickpack
from pickpack.seeding import derive_seed

__all__ = ["GameResult", "MatchSummary", "play_game", "play_match", "summarize"]


@dataclass(frozen=True)
class GameResult:
    """One finished game: who sat where, final scores (PP-E3), plies and the outcome.

    ``winner`` is "red", "blue" or "draw"; ``forfeit`` names the reason when a bot lost
    by failing (raised, illegal move) instead of by score. ``moves`` are canonical texts
    of the play-phase moves.
    """

    index: int
    seed: int
    red: str
    blue: str
    placements: dict[str, str]
    scores: dict[str, int]
    winner: str
    plies: int
    moves: list[str] = field(default_factory=list)
    forfeit: str | None = None
    forfeited_by: str | None = None


def play_game(bot_names: Sequence[str], index: int, base_seed: int,
              bot_options: Sequence[dict[str, Any]] | None = None) -> GameResult:
    """Play game ``index`` of a match between ``bot_names[0]`` (A) and ``bot_names[1]`` (B).

    A bot that raises or returns an illegal move forfeits: the other side wins and the
    reason is recorded. Raises PluginNotFoundError for an unknown bot.
    """
    opts = bot_options or [{}, {}]
    seats = (0, 1) if index % 2 == 0 else (1, 0)      # seats[color] = which bot
    deal_seed = derive_seed(base_seed, index // 2)
    placements = placements_from_seed(deal_seed)
    state = new_pickpack(seed=deal_seed, placements=placements, first="red")
    bots: dict[str, Bot] = {}
    for color, who in zip(("red", "blue"), seats):
        bot = make_bot(bot_names[who], seed=derive_seed(base_seed, index, who), **opts[who])
        bots[color] = bot
    moves: list[str] = []
    forfeit: str | None = None
    forfeited_by: str | None = None
    winner: str | None = None
    while not state.is_terminal():
        color = state.current_player
        assert color is not None
        try:
            move = bots[color].choose(state.copy())
            state.apply(move)
        except Exception as exc:  # the bot's failure loses it this game, nothing more
            forfeit = f"{bots[color].name} ({color}) {type(exc).__name__}: {exc}"
            forfeited_by = color
            winner = "blue" if color == "red" else "red"
            break
        moves.append(str(move))
    return GameResult(
        index=index, seed=deal_seed,
        red=bot_names[seats[0]], blue=bot_names[seats[1]],
        placements=placements, scores=state.scores(),
        winner=winner or state.winner() or "draw",
        plies=len(moves), moves=moves, forfeit=forfeit,
        forfeited_by=forfeited_by)


@dataclass
class BotLine:
    """Aggregate results of one bot over a match."""

    bot: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    score_sum: int = 0
    plies_sum: int = 0
    forfeits: int = 0

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0

    @property
    def mean_plies(self) -> float:
        return self.plies_sum / self.games if self.games else 0.0


@dataclass
class MatchSummary:
    """Per-bot lines (A first) and all game results, in game order."""

    lines: list[BotLine]
    games: list[GameResult]

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-able data: per-bot totals and every game."""
        return {
            "bots": [
                {"bot": ln.bot, "games": ln.games, "wins": ln.wins, "draws": ln.draws,
                 "losses": ln.losses, "mean_score": round(ln.mean_score, 3),
                 "mean_plies": round(ln.mean_plies, 3), "forfeits": ln.forfeits}
                for ln in self.lines],
            "games": [asdict(g) for g in self.games],
        }


def summarize(bot_names: Sequence[str], games: Sequence[GameResult]) -> MatchSummary:
    """Totals per bot (wins, draws, losses, mean score, mean plies) over ``games``."""
    lines = [BotLine(bot_names[0]), BotLine(bot_names[1])]
    for g in sorted(games, key=lambda g: g.index):
        seat_of = {0: "red", 1: "blue"} if g.index % 2 == 0 else {0: "blue", 1: "red"}
        for who, line in enumerate(lines):
            color = seat_of[who]
            line.games += 1
            line.score_sum += g.scores[color]
            line.plies_sum += g.plies
            if g.winner == "draw":
                line.draws += 1
            elif g.winner == color:
                line.wins += 1
            else:
                line.losses += 1
                line.forfeits += g.forfeited_by == color
    return MatchSummary(lines, sorted(games, key=lambda g: g.index))


def play_match(bot_names: Sequence[str], games: int, seed: int,
               progress: Callable[[GameResult], None] | None = None,
               bot_options: Sequence[dict[str, Any]] | None = None) -> MatchSummary:
    """Play ``games`` games (indices 0..games-1) and summarise them.

    ``progress`` is called after each game. Raises PluginNotFoundError for an unknown
    bot and ValueError for games < 1 or a negative seed.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if seed < 0:
        raise ValueError(f"seed must be non-negative, got {seed}")
    results = []
    for i in range(games):
        r = play_game(bot_names, i, seed, bot_options)
        results.append(r)
        if progress is not None:
            progress(r)
    return summarize(bot_names, results)

