"""``pickpack match BOT BOT [BOT ...]``: bots against bots in any installed game
(``--game``, default Pick & Pack; ``--players``, ``--variant``, ``--option``;
docs/match.md). Every bad input -- an unknown game (the installed ones listed), a
player count, variant or option the game does not offer, options only the game's
factory refuses (pickpack.match.trial_state), a number of bots the game does not offer
or that is not ``--players``, a bot that does not play the game -- is one line and exit
status 2 before any game starts.

The ``--ppn`` record is written game by game, in game order, into a temporary file
that replaces FILE when the match ends (pickpack.records.safe_files), with whole games only:
an interrupted match keeps every finished game, one interrupted before its first game
leaves an existing FILE as it was, and so does a match that fails (a backend error,
an error writing the record: one line, exit status 2). Ctrl-C (or SIGTERM) stops the workers at once, prints the results of
the games finished, marked "interrupted after N of M games", and exits with status 130
(143 for SIGTERM).
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import math
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TYPE_CHECKING, Any, NoReturn

from pickpack.commands._common import (EXIT_INTERRUPTED, fail, new_output, option, positive_int, seed,
                                       single_options)
from pickpack.records.file_errors import os_error_text
from pickpack.report_columns import figure

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.table import Table

    from pickpack.match.runner import BotLine, GameResult, MatchSummary

NAME = "match"
HELP = "bots against bots in any installed game"

EXIT_TERMINATED = 143       # 128 + SIGTERM
PIPED_WIDTH = 80            # columns of piped output unless COLUMNS says otherwise


def _seconds(text: str) -> float:
    """argparse type: a positive, finite number of seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number of seconds, got {text!r}") from None
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text}")
    return value


def add_arguments(p: argparse.ArgumentParser) -> None:
    from pickpack.match.backends import BACKENDS
    from pickpack.bots.time_limit import DEFAULT_TIME_LIMIT, HANDSHAKE_TIMEOUT

    from pickpack.games_registry import DEFAULT_GAME

    p.add_argument("bots", nargs="+", metavar="BOT",
                   help="one bot spec per player: NAME, NAME:key=value,..., native:PATH or "
                        "cmd:COMMAND (see 'pickpack plugins' and docs/match.md)")
    p.add_argument("--game", default=DEFAULT_GAME, metavar="NAME",
                   help=f"the game played (default {DEFAULT_GAME}; 'pickpack plugins' lists them)")
    p.add_argument("--players", type=positive_int, default=None, metavar="N",
                   help="number of players (default: the number of bots); give one bot per player")
    p.add_argument("--variant", default=None, metavar="NAME", help="a variant of the game")
    p.add_argument("--option", type=option, action="append", default=[], metavar="KEY=VALUE",
                   help="a game option (repeatable); VALUE is read as JSON when it is JSON, "
                        "else as a string")
    p.add_argument("--games", type=positive_int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=seed, default=0, help="base seed (default 0)")
    p.add_argument("--jobs", type=positive_int, default=None,
                   help="games played at once (default: the number of cores); results do not depend on it")
    p.add_argument("--backend", choices=BACKENDS, default="local",
                   help="local processes (default) or Ray tasks (extra 'ray')")
    p.add_argument("--ray-address", default=None, metavar="ADDRESS",
                   help="with --backend ray: an existing cluster (default: start a local Ray)")
    p.add_argument("--time-limit", type=_seconds, default=DEFAULT_TIME_LIMIT, metavar="SECONDS",
                   help=f"per-move time limit of every bot (default {DEFAULT_TIME_LIMIT:g}); "
                        "a later move loses the game")
    p.add_argument("--handshake-timeout", type=_seconds, default=HANDSHAKE_TIMEOUT,
                   metavar="SECONDS",
                   help=f"seconds a process bot has to start and answer the handshake "
                        f"(default {HANDSHAKE_TIMEOUT:g})")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--ppn", metavar="FILE", default=None,
                   help="write every game to FILE as PPN (docs/ppn.md), game by game (a new file, unless --force)")
    p.add_argument("--force", action="store_true", help="replace the --ppn FILE if it exists")


class _RecordError(Exception):
    """Writing the ``--ppn`` record failed (a full disk): ``strerror`` says why."""

    def __init__(self, strerror: str) -> None:
        super().__init__(strerror)
        self.strerror = strerror


class _Record:
    """The ``--ppn`` record: games written one at a time, in game order, to a temporary
    file next to FILE (pickpack.records.safe_files.atomic_writer) that replaces FILE at the end
    with whole games only -- every game of a complete match, the games finished before
    an interrupt (Ctrl-C, SIGTERM); on any other end (a backend failure, an error
    writing) FILE stays as it was."""

    def __init__(self, path: str, notation: Any) -> None:
        from pickpack.records.safe_files import atomic_writer

        if os.path.isdir(path):
            raise IsADirectoryError(21, "Is a directory")
        self._notation = notation
        self._date = datetime.date.today().strftime("%Y.%m.%d")
        self._writer = atomic_writer(path)
        self._stream = self._writer.__enter__()        # OSError here: nothing played yet
        self._fd = self._stream.fileno()
        self._whole = 0            # bytes of the temporary file that are whole games
        self.written = 0

    def write(self, game: GameResult) -> None:
        """Append one game (PPN's games_to_ppn with a list of one), whole or not at all:
        the game is made in memory, then written straight to the file (no buffer left
        to flush later). Raises _RecordError when the file cannot take it."""
        text = io.StringIO()
        self._notation.games_to_ppn([game], text, date=self._date)
        data = memoryview(text.getvalue().encode("utf-8"))
        try:
            while data:
                data = data[os.write(self._fd, data):]
        except OSError as exc:
            raise _RecordError(os_error_text(exc)) from None
        self._whole = os.lseek(self._fd, 0, os.SEEK_CUR)
        self.written += 1

    def close(self, keep: bool) -> None:
        """End the record: with ``keep`` (the match completed or was interrupted), FILE
        is replaced by the whole games written -- unless none was (then FILE stays as it
        was); without it, the temporary file is discarded and FILE stays as it was.
        Raises _RecordError when FILE cannot be replaced."""
        if keep and self.written:
            try:
                os.ftruncate(self._fd, self._whole)     # no half game after an interrupt
                self._writer.__exit__(None, None, None)
            except OSError as exc:      # the writer removed its temporary file
                raise _RecordError(os_error_text(exc)) from None
        else:
            stopped = KeyboardInterrupt()
            self._writer.__exit__(KeyboardInterrupt, stopped, None)


class _JsonStream:
    """The ``--json`` document, written as the match goes: the match's settings, then
    each game as it is booked (game order), then the totals -- so the command keeps no
    game in memory (its memory follows ``--jobs``, as without ``--json``). The settings
    are written with the first game (a match refused before it prints nothing);
    ``end`` closes the document with the totals, ``fail`` with ``error`` (a match that
    fails after its first game): either way standard output is one JSON object."""

    def __init__(self, header: dict[str, Any], out: Any) -> None:
        self._header = header
        self._out = out
        self._started = False
        self._games = 0
        self._closed = False

    def _field(self, key: str, value: Any) -> str:
        text = json.dumps(value, indent=2).replace("\n", "\n  ")
        return f"  {json.dumps(key)}: {text}"

    def _start(self) -> None:
        if not self._started:
            self._started = True
            fields = [self._field(k, v) for k, v in self._header.items()]
            self._out.write("{\n" + ",\n".join(fields) + ',\n  "games": [')

    def write(self, game: GameResult) -> None:
        """Append one game (GameResult.to_json)."""
        self._start()
        text = json.dumps(game.to_json(), indent=2).replace("\n", "\n    ")
        self._out.write(("," if self._games else "") + "\n    " + text)
        self._games += 1

    def _close(self, tail: dict[str, Any]) -> None:
        self._start()
        self._closed = True
        self._out.write(("\n  ]" if self._games else "]") + "".join(
            ",\n" + self._field(k, v) for k, v in tail.items()) + "\n}\n")
        self._out.flush()

    def end(self, summary: MatchSummary) -> None:
        """Close the document with the totals (MatchSummary.to_json less ``games``)."""
        totals = summary.to_json()
        for written in ("game", "players", "games"):     # in the settings, or streamed
            del totals[written]
        self._close(totals)

    def fail(self, message: str) -> None:
        """Close a document already begun with ``error``: the one line stderr shows."""
        if self._started and not self._closed:
            self._close({"games_played": self._games, "error": message})


def _open_record(path: str) -> _Record:
    """The PPN record, opened before any game is played, so that a bad path or a
    missing plugin costs nothing."""
    from pickpack.plugins import load

    try:
        notation = load("pickpack.notations", "ppn")
    except Exception as exc:  # a missing or broken plugin: one line, no traceback
        fail(f"--ppn needs the notation plugin 'ppn': {type(exc).__name__}: {exc}")
    try:
        return _Record(path, notation)
    except OSError as exc:
        fail(f"--ppn {path}: cannot write: {os_error_text(exc, path)}")


@contextmanager
def _sigterm_as_interrupt() -> Iterator[Callable[[], bool]]:
    """While the block runs, SIGTERM stops the match like Ctrl-C (finished games kept);
    yields a function telling whether SIGTERM came."""
    came: list[int] = []

    def on_term(signum: int, frame: FrameType | None) -> None:
        came.append(signum)
        raise KeyboardInterrupt

    if threading.current_thread() is not threading.main_thread():
        yield lambda: False
        return
    previous = signal.signal(signal.SIGTERM, on_term)
    try:
        yield lambda: bool(came)
    finally:
        signal.signal(signal.SIGTERM, previous)


# --- the results table -------------------------------------------------------------

_CAPTION = ("score: (wins + draws/2) / games; 95% Wilson interval; Elo: difference to the "
            "other bot; points: mean final score (the game's own); "
            "plies: mean decisions per game, all seats together (chance outcomes not counted)")
_N_CAPTION = ("return: mean return; win: share of games with the highest return (ties "
              "split); rank: mean rank (1 = best, ties averaged); 95% intervals: Wilson for "
              "the win share, the normal approximation over games otherwise; plies: mean decisions per "
              "game, all seats together (chance outcomes "
              "not counted)")
_N_COLUMNS = ("return", "95% CI", "win", "win 95% CI", "rank", "rank 95% CI", "plies", "forfeits")


def _interval(low: float, high: float, fmt: str) -> str:
    return f"{format(low, fmt)} to {format(high, fmt)}"


def _stats(line: BotLine) -> list[str]:
    """score, 95% CI, Elo, Elo 95% CI (in words at a perfect or zero score, never inf:
    pickpack.match.stats.elo_texts)."""
    from pickpack.match.stats import elo_texts

    return [f"{line.score_rate:.1%}", _interval(*line.score_ci95, ".1%"), *elo_texts(line.score_rate, line.games)]


def _counts(line: BotLine) -> list[str]:
    """wins, draws, losses, points (mean final score), plies (mean game length), forfeits."""
    return [str(line.wins), str(line.draws), str(line.losses), figure(line.mean_score, 2),
            figure(line.mean_plies, 1), str(line.forfeits)]


_STATS = ("score", "95% CI", "Elo", "Elo 95% CI")
# One word a header, so that no header is ever broken inside a word.
_COUNTS = ("wins", "draws", "losses", "points", "plies", "forfeits")


def _table(columns: tuple[str, ...], rows: list[list[str]], title: str | None,
           caption: str | None) -> Table:
    from rich.table import Table

    table = Table(title=title, caption=caption)
    # Names and intervals do not wrap; the headers of the other columns give way first
    # (a terminal much narrower than 80 columns squeezes everything).
    table.add_column("bot", justify="left", no_wrap=True, overflow="fold")
    for col in columns:
        table.add_column(col, justify="right", no_wrap=col.endswith("CI"), overflow="fold")
    for row in rows:
        table.add_row(*row)
    return table


def _fits(table: Table, width: int, *, wrapping_headers: bool) -> bool:
    """Whether ``table`` fits ``width`` columns: on one line per header, or with the
    headers (never names, numbers or intervals) wrapped onto more lines."""
    from rich.console import Console

    measured = Console(width=100_000, file=io.StringIO()).measure(table)
    return (measured.minimum if wrapping_headers else measured.maximum) <= width


def _n_cells(line: BotLine) -> list[str]:
    """The N-player columns of one bot (_N_COLUMNS)."""
    return [figure(line.mean_return, 3, plus=True),
            " to ".join(figure(x, 3, plus=True) for x in line.return_ci95),
            f"{line.win_share:.1%}", _interval(*line.win_share_ci95, ".1%"),
            f"{line.mean_rank:.2f}", _interval(*line.rank_ci95, ".2f"),
            figure(line.mean_plies, 1), str(line.forfeits)]


def n_player_tables(summary: MatchSummary, title: str, width: int) -> list[RenderableType]:
    """The results of a match of any number of players (pickpack.match.summary): one
    table with every column and the bots' specs when it fits ``width``; otherwise the
    bots are labelled ``A``, ``B``, ``C``, ... (in the match's bot order; their specs on
    the lines above) in two tables, returns and win shares, then ranks and counts
    (about 60 columns); narrower still, one paragraph a bot."""
    from rich.text import Text

    labels = [chr(ord("A") + i) if i < 26 else str(i + 1) for i in range(len(summary.lines))]
    named = _table(_N_COLUMNS, [[f"{label}: {ln.bot}", *_n_cells(ln)]
                                for label, ln in zip(labels, summary.lines)], title, _N_CAPTION)
    if _fits(named, width, wrapping_headers=False):
        return [named]
    cells = [_n_cells(ln) for ln in summary.lines]
    tables = [_table(_N_COLUMNS[:4], [[label, *row[:4]] for label, row in zip(labels, cells)],
                     title, None),
              _table(_N_COLUMNS[4:], [[label, *row[4:]] for label, row in zip(labels, cells)],
                     None, _N_CAPTION)]
    legend = Text("\n".join(f"{label}: {ln.bot}" for label, ln in zip(labels, summary.lines)),
                  overflow="fold")
    if all(_fits(table, width, wrapping_headers=False) for table in tables):
        return [legend, *tables]
    lines = [title]
    for label, ln in zip(labels, summary.lines):
        ret, ret_ci, win, win_ci, rank, rank_ci, plies, forfeits = _n_cells(ln)
        lines += [f"{label}: {ln.bot}",
                  f"  return {ret} (95% CI {ret_ci}); win {win} ({win_ci}); "
                  f"rank {rank} ({rank_ci}); plies {plies}, forfeits {forfeits}"]
    return [Text("\n".join([*lines, _N_CAPTION]), overflow="fold")]


def results_tables(summary: MatchSummary, title: str, width: int) -> list[RenderableType]:
    """The results as Rich renderables fitting ``width`` columns (a match of other
    than two players: n_player_tables).

    One table with every column when it fits on one line per row (about 120 columns
    for short bot names). Otherwise a compact layout of two tables, the statistics
    (score, 95% CI, Elo, Elo 95% CI) then the counts (wins, draws, losses, points,
    plies, forfeits), which fits 80 columns for bot names of up to about 20
    characters; with longer names (``cmd:`` specs) the tables call the bots A and B and
    the names stand on their own lines above them; under about 60 columns, one
    paragraph a bot. Names and intervals are never cut
    or wrapped at 80 columns.
    """
    from rich.text import Text

    if summary.players != 2:
        return n_player_tables(summary, title, width)
    same_name = summary.lines[0].bot == summary.lines[1].bot
    names = [f"{ln.bot} ({seat})" if same_name else ln.bot for seat, ln in zip("AB", summary.lines)]
    wide = _table(_COUNTS[:3] + _STATS + _COUNTS[3:],
                  [[name, *_counts(ln)[:3], *_stats(ln), *_counts(ln)[3:]]
                   for name, ln in zip(names, summary.lines)], title, _CAPTION)
    if _fits(wide, width, wrapping_headers=False):
        return [wide]

    def compact(labels: list[str]) -> list[Table]:
        return [_table(_STATS, [[label, *_stats(ln)] for label, ln in zip(labels, summary.lines)],
                       title, None),
                _table(_COUNTS, [[label, *_counts(ln)] for label, ln in zip(labels, summary.lines)],
                       None, _CAPTION)]

    tables = compact(names)
    if all(_fits(table, width, wrapping_headers=False) for table in tables):
        return list(tables)
    legend = Text("\n".join(f"{seat}: {ln.bot}" for seat, ln in zip("AB", summary.lines)),
                  overflow="fold")
    tables = compact(["A", "B"])
    if all(_fits(table, width, wrapping_headers=False) for table in tables):
        return [legend, *tables]
    # Narrower than any table (under about 60 columns): one paragraph a bot, which
    # wraps between words and never cuts a number.
    lines = [title]
    for seat, ln in zip("AB", summary.lines):
        score, score_ci, elo, elo_ci = _stats(ln)
        wins, draws, losses, points, plies, forfeits = _counts(ln)
        lines += [f"{seat}: {ln.bot}",
                  f"  score {score} (95% CI {score_ci}); Elo {elo} (95% CI {elo_ci})",
                  f"  wins {wins}, draws {draws}, losses {losses}; points {points}, "
                  f"plies {plies}, forfeits {forfeits}"]
    return [Text("\n".join([*lines, _CAPTION]), overflow="fold")]


def _output_console() -> Console:
    """Standard output: a terminal's own width; piped, COLUMNS or PIPED_WIDTH."""
    from rich.console import Console

    out = Console()
    if out.is_terminal:
        return out
    columns = os.environ.get("COLUMNS", "")
    return Console(width=int(columns) if columns.isdigit() and int(columns) > 0 else PIPED_WIDTH)


def _print_results(summary: MatchSummary, games: int, seed_value: int) -> None:
    played = summary.games_played
    if summary.interrupted:
        title = f"interrupted after {played} of {games} games, seed {seed_value}"
    else:
        title = f"{games} game{'s' if games != 1 else ''}, seed {seed_value}"
    out = _output_console()
    for part in results_tables(summary, title, out.width):
        out.print(part)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from pickpack.errors import PickpackError
    from pickpack.match.runner import GameResult, MatchInterrupted, check_bots, play_match
    from pickpack.match.backends import default_jobs

    from pickpack.commands._games import game_named

    if args.ray_address is not None and args.backend != "ray":
        fail("--ray-address needs --backend ray")
    jobs = args.jobs or default_jobs()
    game = game_named(args.game)
    options = single_options(args.option)
    try:
        check_bots(args.bots, time_limit=args.time_limit, handshake_timeout=args.handshake_timeout,
                   game=game, players=args.players, variant=args.variant, options=options)
    except (PickpackError, LookupError, TypeError, ValueError) as exc:
        fail(str(exc))
    if args.ppn:
        new_output(args.ppn, force=args.force, option="--ppn")
    record = _open_record(args.ppn) if args.ppn else None
    console = Console(stderr=True)
    stream = _JsonStream({"game_count": args.games, "seed": args.seed, "jobs": jobs,
                          "variant": args.variant, "options": options,
                          "backend": args.backend, "time_limit": args.time_limit,
                          "handshake_timeout": args.handshake_timeout, "game": game.name,
                          "players": len(args.bots)}, sys.stdout) if args.json else None

    def failed(message: str) -> NoReturn:
        if stream is not None:
            stream.fail(message)
        fail(message)

    keep = False
    try:
        with _sigterm_as_interrupt() as terminated, \
                Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                         TimeRemainingColumn(), console=console,
                         disable=not console.is_terminal) as progress:
            task = progress.add_task(" vs ".join(args.bots), total=args.games)

            def advance(_: GameResult) -> None:
                progress.advance(task)

            def in_order(game: GameResult) -> None:
                if record is not None:
                    record.write(game)
                if stream is not None:
                    stream.write(game)
                elif game.forfeit:         # numbered from 1, as the --ppn record's Round
                    progress.console.print(f"game {game.index + 1}: forfeit: {game.forfeit}",
                                           markup=False, highlight=False, soft_wrap=True)

            try:
                summary = play_match(args.bots, args.games, args.seed, progress=advance,
                                     game=args.game, players=args.players,
                                     variant=args.variant, options=options,
                                     time_limit=args.time_limit,
                                     handshake_timeout=args.handshake_timeout, jobs=jobs,
                                     backend=args.backend, ray_address=args.ray_address,
                                     check=False, keep_games=False, record=in_order)
            except MatchInterrupted as exc:
                summary = exc.summary
            except PickpackError as exc:
                failed(str(exc))
            except _RecordError as exc:        # FILE stays as it was (record.close)
                failed(f"--ppn {args.ppn}: cannot write: {exc.strerror}")
            status = 0
            if summary.interrupted:
                status = EXIT_TERMINATED if terminated() else EXIT_INTERRUPTED
            keep = True          # complete, or interrupted: the whole games finished
    except BrokenPipeError:
        # stdout's reader left (``--json | head``): like an interrupt, FILE keeps every
        # game written so far (each game reaches the record before the JSON stream)
        keep = True
        raise
    finally:
        if record is not None:
            try:
                record.close(keep)
            except _RecordError as exc:
                failed(f"--ppn {args.ppn}: cannot write: {exc.strerror}")
    if summary.interrupted:
        if record is None:
            said = ""
        elif record.written:
            said = f"; {record.written} written to {args.ppn}"
        else:     # nothing finished: FILE was neither made nor replaced
            said = f"; {args.ppn} left as it was (no game finished)"
        console.print(f"pickpack: interrupted after {summary.games_played} of {args.games} games{said}",
                      markup=False, highlight=False, soft_wrap=True)
    if stream is not None:
        stream.end(summary)
    elif summary.games_played:
        _print_results(summary, args.games, args.seed)
    return status
