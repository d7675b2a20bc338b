"""Bot-versus-bot matches on fresh random deals (headless; the CLI adds the display).

Game ``i`` of a match with base seed ``s``: the deal and both placements come from
``derive_seed(s, i // 2)`` (PP-S1, PP-S3), so games 2k and 2k+1 share a deal with the
bots' seats swapped; bot A plays Red in even games and Blue in odd ones; Red moves first
(PP-S4), so the bot that moves first alternates. Each bot's seed is
``derive_seed(s, i, seat)``. A game depends only on (s, i): results are the same in any
order, in any process, on any backend (pickpack.match_backends) -- except for a
"timeout" fault, which depends on the machine's speed by nature.

Bots are named by specs (pickpack.botspec) and built afresh for every game, so a bot
that failed in one game (a crashed process, a broken native handle) starts clean in
the next; a bot that is not ``bounded`` is built in its child process only
(pickpack.bots), so one that crashes while being built loses its game, nothing more. A bot that fails loses the game and the match goes on (docs/match.md,
"Faults"): the result records ``fault`` (the kind, errors.FAULT_KINDS), ``forfeit``
(the reason, one line) and ``forfeited_by`` (the colour).

A match's schedule is lazy and its summary incremental (running counts per bot), so
its memory follows the number of workers, not the number of games; the games
themselves are kept only when asked (``keep_games``) or handed over one by one, in game
order, to a ``record`` callback (the CLI's ``--ppn`` writer). Ctrl-C raises
MatchInterrupted, a KeyboardInterrupt that carries the summary of the games finished.
"""

from __future__ import annotations

import math
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing, contextmanager
from types import FrameType
from dataclasses import asdict, dataclass, field
from typing import Any

from pickpack.games.pickpack._core import placements_from_seed
from pickpack.bots import Bot, make_bot, trial_bot
from pickpack.errors import BotFault, BotLoadError, BotSpecError, IllegalMoveError, MoveSyntaxError
from pickpack.match_backends import iter_batches
from pickpack.match_stats import elo_difference, elo_interval, score_rate, wilson_interval
from pickpack.move import Move
from pickpack.games.pickpack.game import new_pickpack
from pickpack.plugins import PluginNotFoundError
from pickpack.seeding import derive_seed
from pickpack.time_limit import DEFAULT_TIME_LIMIT, HANDSHAKE_TIMEOUT, TIME_GRACE, check_time_limit

__all__ = ["BotLine", "GameResult", "MatchInterrupted", "MatchSummary", "check_bots",
           "play_game", "play_match", "summarize"]

_CONFIG_ERRORS = (BotSpecError, BotLoadError, PluginNotFoundError)


@dataclass(frozen=True)
class GameResult:
    """One finished game: who sat where, final scores (PP-E3), plies and the outcome.

    ``winner`` is "red", "blue" or "draw". When a bot lost by failing instead of by
    score, ``fault`` is the kind (errors.FAULT_KINDS), ``forfeit`` the reason and
    ``forfeited_by`` its colour; ``scores`` are then those of the position where the
    game stopped. ``moves`` are canonical texts of the play-phase moves.
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
    fault: str | None = None


def _close(bot: Bot) -> None:
    close = getattr(bot, "close", None)
    if close is not None:
        try:
            close()
        except Exception:       # the game is decided; a failing clean-up changes nothing
            pass


def _move(bot: Bot, state: Any, time_limit: float) -> Move | BotFault:
    """Let ``bot`` move in ``state``: the move applied (canonical), or the bot's fault."""
    started = time.perf_counter()
    try:
        move = bot.choose(state.copy())
    except BotFault as exc:
        return exc
    except Exception as exc:       # the bot's failure loses it this game, nothing more
        return BotFault("exception", f"raised {type(exc).__name__}: {exc}")
    elapsed = time.perf_counter() - started
    if elapsed > time_limit + TIME_GRACE:
        return BotFault("timeout", f"took {elapsed:.2f} s for a move, over the limit of "
                                   f"{time_limit:g} s + {TIME_GRACE:g} s grace")
    if not isinstance(move, (Move, str)):
        return BotFault("garbage", f"returned {type(move).__name__} {repr(move)[:60]}, not a Move")
    try:
        if isinstance(move, str):
            move = state.parse_move(move)
        state.apply(move)
    except (IllegalMoveError, MoveSyntaxError) as exc:
        return BotFault("illegal", str(exc))
    return move


def play_game(bot_names: Sequence[str], index: int, base_seed: int,
              bot_options: Sequence[dict[str, Any]] | None = None,
              time_limit: float = DEFAULT_TIME_LIMIT,
              handshake_timeout: float = HANDSHAKE_TIMEOUT) -> GameResult:
    """Play game ``index`` of a match between ``bot_names[0]`` (A) and ``bot_names[1]`` (B).

    ``bot_names`` are bot specs (pickpack.botspec); ``time_limit`` is the per-move limit
    in seconds and ``handshake_timeout`` the seconds a process bot has to start and
    answer the handshake (pickpack.time_limit). A bot that cannot be built for the game, raises,
    crashes, times out, answers garbage or an illegal move loses: the other side wins
    and the fault is recorded. Raises BotSpecError, PluginNotFoundError or BotLoadError
    for a spec that cannot name a bot at all (check_bots finds those up front).
    """
    opts = bot_options or [{}, {}]
    seats = (0, 1) if index % 2 == 0 else (1, 0)      # seats[color] = which bot
    deal_seed = derive_seed(base_seed, index // 2)
    placements = placements_from_seed(deal_seed)
    state = new_pickpack(seed=deal_seed, placements=placements, first="red")
    bots: dict[str, Bot] = {}
    moves: list[str] = []
    fault: BotFault | None = None
    failed: str | None = None
    try:
        for color, who in zip(("red", "blue"), seats):
            try:
                bots[color] = make_bot(bot_names[who], seed=derive_seed(base_seed, index, who),
                                       time_limit=time_limit,
                                       handshake_timeout=handshake_timeout, **opts[who])
            except _CONFIG_ERRORS:
                raise
            except BotFault as exc:
                fault, failed = exc, color
                break
            except Exception as exc:
                fault, failed = BotFault("crash", f"could not be built: {type(exc).__name__}: {exc}"), color
                break
        while fault is None and not state.is_terminal():
            mover = state.current_player
            assert mover is not None          # the game is not over
            outcome = _move(bots[mover], state, time_limit)
            if isinstance(outcome, BotFault):
                fault, failed = outcome, mover
            else:
                moves.append(outcome.text)
    finally:
        for bot in bots.values():
            _close(bot)
    winner = state.winner() or "draw"
    forfeit = None
    if fault is not None and failed is not None:
        winner = "blue" if failed == "red" else "red"
        forfeit = f"{bot_names[seats[0 if failed == 'red' else 1]]} ({failed}) {fault.kind}: {fault}"
    return GameResult(
        index=index, seed=deal_seed,
        red=bot_names[seats[0]], blue=bot_names[seats[1]],
        placements=placements, scores=state.scores(),
        winner=winner, plies=len(moves), moves=moves, forfeit=forfeit,
        forfeited_by=failed if fault is not None else None,
        fault=fault.kind if fault is not None else None)


def check_bots(bot_names: Sequence[str], bot_options: Sequence[dict[str, Any]] | None = None,
               time_limit: float = DEFAULT_TIME_LIMIT,
               handshake_timeout: float = HANDSHAKE_TIMEOUT) -> None:
    """Build each bot once (seed 0) in this process and close it, so that bad specs fail
    before game 0 (pickpack.bots.trial_bot: also a bot that every game runs in a child
    process is built here, once; the games themselves never build one in this process).

    ``time_limit`` and ``handshake_timeout`` (seconds) are given to every bot as in
    play_game.

    Raises BotSpecError (malformed spec, bad option, a ``time_budget`` over the time
    limit), PluginNotFoundError, BotLoadError (plugin import error, unusable native
    library), BotFault (a ``cmd:`` program that does not start or fails the
    handshake), TypeError (a plugin without name/choose), ValueError (bad time limit).
    """
    check_time_limit(time_limit)
    if len(bot_names) != 2:
        raise ValueError(f"a match needs two bots, got {len(bot_names)}")
    opts = bot_options or [{}, {}]
    for spec, options in zip(bot_names, opts):
        # the one build of the bot outside a game, in this process even for a bot the
        # games run in a child process (pickpack.bots.trial_bot)
        bot = trial_bot(spec, seed=0, time_limit=time_limit, handshake_timeout=handshake_timeout,
                        **options)
        try:
            budget = getattr(bot, "time_budget", None)
            if isinstance(budget, (int, float)) and budget > time_limit:
                raise BotSpecError(f"bot {spec!r} means to use {budget:g} s per move (time_budget), "
                                   f"over the match's time limit of {time_limit:g} s; raise --time-limit")
        finally:
            _close(bot)


@dataclass
class BotLine:
    """Aggregate results of one bot over a match, with its score rate, 95% interval and
    Elo difference against the other bot (pickpack.match_stats)."""

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


def _finite(x: float) -> float | None:
    """A float for JSON: rounded, or None when infinite."""
    return round(x, 4) if math.isfinite(x) else None


@dataclass
class MatchSummary:
    """Per-bot lines (A first) and the game results kept (in game order; empty when the
    match ran with ``keep_games=False``). ``interrupted`` is True when the match stopped
    before all its games were played; the lines then count the games finished."""

    lines: list[BotLine]
    games: list[GameResult]
    interrupted: bool = False

    @property
    def games_played(self) -> int:
        """The number of games finished and counted in the lines."""
        return self.lines[0].games

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-able data: games played, whether interrupted, per-bot totals and
        statistics, and every game kept.

        ``score_rate`` counts a draw as half; ``score_ci95`` is its Wilson interval;
        ``elo`` and ``elo_ci95`` are Elo differences against the other bot, null when
        infinite (pickpack.match_stats).
        """
        return {
            "games_played": self.games_played,
            "interrupted": self.interrupted,
            "bots": [
                {"bot": ln.bot, "games": ln.games, "wins": ln.wins, "draws": ln.draws,
                 "losses": ln.losses, "mean_score": round(ln.mean_score, 3),
                 "mean_plies": round(ln.mean_plies, 3), "forfeits": ln.forfeits,
                 "score_rate": round(ln.score_rate, 4),
                 "score_ci95": [round(x, 4) for x in ln.score_ci95],
                 "elo": _finite(ln.elo), "elo_ci95": [_finite(x) for x in ln.elo_ci95]}
                for ln in self.lines],
            "games": [asdict(g) for g in self.games],
        }


class MatchInterrupted(KeyboardInterrupt):
    """Ctrl-C during play_match: a KeyboardInterrupt that carries ``summary``, the
    results of the games finished (``summary.interrupted`` is True)."""

    def __init__(self, summary: MatchSummary) -> None:
        super().__init__(f"interrupted after {summary.games_played} games")
        self.summary = summary


def _count(lines: Sequence[BotLine], g: GameResult) -> None:
    """Add game ``g`` to both bots' lines (bot A is Red in even games)."""
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


def summarize(bot_names: Sequence[str], games: Sequence[GameResult]) -> MatchSummary:
    """Totals per bot (wins, draws, losses, mean score, mean plies) over ``games``."""
    lines = [BotLine(bot_names[0]), BotLine(bot_names[1])]
    for g in games:
        _count(lines, g)
    return MatchSummary(lines, sorted(games, key=lambda g: g.index))


@contextmanager
def _signals_deferred() -> Iterator[None]:
    """Hold SIGINT and SIGTERM (when Python handles them) until the block has run, so
    that a Ctrl-C cannot fall between counting a game and recording it; a signal that
    came is then handled as usual (KeyboardInterrupt). Only in the main thread, where
    Python runs signal handlers."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {sig: handler for sig in (signal.SIGINT, signal.SIGTERM)
                if callable(handler := signal.getsignal(sig))}
    came: list[tuple[int, FrameType | None]] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        came.append((signum, frame))

    for sig in previous:
        signal.signal(sig, hold)
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    for signum, frame in came:
        previous[signal.Signals(signum)](signum, frame)


def _tasks(names: list[str], games: int, seed: int, opts: list[dict[str, Any]],
           time_limit: float, handshake_timeout: float) -> Iterator[tuple[Any, ...]]:
    """play_game's arguments for games 0..games-1, made one at a time (lazy schedule)."""
    for i in range(games):
        yield names, i, seed, opts, time_limit, handshake_timeout


def play_match(bot_names: Sequence[str], games: int, seed: int,
               progress: Callable[[GameResult], None] | None = None,
               bot_options: Sequence[dict[str, Any]] | None = None, *,
               time_limit: float = DEFAULT_TIME_LIMIT,
               handshake_timeout: float = HANDSHAKE_TIMEOUT, jobs: int = 1,
               backend: str = "local", ray_address: str | None = None, check: bool = True,
               keep_games: bool = True,
               record: Callable[[GameResult], None] | None = None) -> MatchSummary:
    """Play ``games`` games (indices 0..games-1) and summarise them.

    The bots are checked first (check_bots; ``check=False`` skips that for a caller
    that already did it); the games then run on ``backend``
    ("local" or "ray") with ``jobs`` workers (pickpack.match_backends) -- the results
    are the same for any backend and any ``jobs``. ``time_limit`` (seconds per move) and
    ``handshake_timeout`` (seconds for a process bot's start) go to every bot.

    The schedule is lazy and the totals are counted as results arrive, so memory does
    not grow with ``games``; ``keep_games=False`` keeps no GameResult (the summary's
    ``games`` is then empty). ``progress`` is called after each game, in finishing
    order; ``record`` with every game in game order, as soon as the games before it are
    in (a small reorder buffer holds the ones that finished early). When the match
    stops early, ``record`` first gets the finished games still buffered, in order.

    Raises ValueError for games < 1, a negative seed, jobs < 1, an unknown backend or a
    bad time limit; the errors of check_bots; BackendError when the backend cannot run
    the games; MatchInterrupted (a KeyboardInterrupt, with the summary of the games
    finished) on Ctrl-C; and whatever ``progress`` or ``record`` raise.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if seed < 0:
        raise ValueError(f"seed must be non-negative, got {seed}")
    if check:
        check_bots(bot_names, bot_options, time_limit, handshake_timeout)
    names, opts = list(bot_names), [dict(o) for o in (bot_options or [{}, {}])]
    lines = [BotLine(names[0]), BotLine(names[1])]
    kept: list[GameResult] = []
    early: dict[int, GameResult] = {}       # finished, waiting for a game before them
    next_index = 0
    in_record = False                       # record() raised: do not call it again

    def summary(interrupted: bool) -> MatchSummary:
        return MatchSummary(lines, sorted(kept, key=lambda g: g.index), interrupted)

    batches = iter_batches(play_game, _tasks(names, games, seed, opts, time_limit, handshake_timeout),
                           jobs=jobs, backend=backend, ray_address=ray_address, total=games)
    try:
        with closing(batches):
            for batch in batches:
                with _signals_deferred():     # results are booked whole: counted and recorded
                    for index, result in batch:
                        _count(lines, result)
                        if keep_games:
                            kept.append(result)
                        if record is not None:
                            early[index] = result
                            while next_index in early:
                                game = early.pop(next_index)
                                next_index += 1
                                in_record = True
                                record(game)
                                in_record = False
                if progress is not None:
                    for _, result in batch:
                        progress(result)
    except BaseException as exc:
        if record is not None and not in_record:
            for index in sorted(early):
                record(early.pop(index))
        if isinstance(exc, KeyboardInterrupt) and not isinstance(exc, MatchInterrupted):
            raise MatchInterrupted(summary(True)) from None
        raise
    return summary(False)
