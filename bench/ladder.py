"""The strength ladder: every bot against every other bot, per game, heads-up.

    python bench/ladder.py [--games 10] [--seed 1] [--seconds 0.1 | --simulations N]
        [--game pickpack --game push ...] [--bots random,greedy,...] [--jobs 1]
        [--time-limit 1] [--write-docs docs/bots.md]

For each game (default: pickpack, push, pacru) and each pair of the bots that play it
(default: every bot ``pickpack.bots.available_bots(game)`` lists that can be built for
the game; ``--bots`` names them instead), one match of ``--games`` games between the two
(``pickpack.match.play_match``, two players): games 2k and 2k+1 share a deal with the
seats swapped (the runner's seating, docs/match.md), and every match uses the same base
seed ``--seed``, so each pair plays the same deals. Budget: with ``--seconds S`` (default
0.1) every bot that has a ``seconds`` option is given ``seconds=S`` (``mcts``,
``alphabeta``, ``openspiel-mcts``: for the last a target for the mean time a move,
docs/bots.md); with ``--simulations N`` every bot that has a ``simulations`` option is
given ``simulations=N`` instead and the others keep their defaults. The bots without
either option (``random``, ``greedy``, ``heuristic``) take one cheap step a move. The
match's per-move limit (``--time-limit``, default 1 s) only guards: a move later than it
(plus the runner's grace) loses the game by a fault, counted in the table's notes.

Prints one markdown table per game (``strength_table``): a row per bot, best first; the
cell in row A, column B is A's win share against B (a win 1, a draw 1/2 each:
pickpack.match.summary.win_share) with its 95% Wilson interval over the pair's games
(pickpack.match.stats.wilson_interval, as ``pickpack match`` reports it), so the cells
(A, B) and (B, A) sum to 1; the last column pools all of A's games. With
``--write-docs FILE`` the tables and the conditions of the run replace what stands
between the markers BEGIN and END in FILE (docs/bots.md, section "Strength").

Time-controlled bots depend on the machine's speed and load by nature: the conditions
line gives the load average (``os.getloadavg``) at the start and the end of the run.
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import os
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pickpack import plugins
from pickpack.bots import available_bots, resolve_bot
from pickpack.errors import BotSpecError
from pickpack.games_registry import get_game
from pickpack.match import check_bots, play_match
from pickpack.match.stats import wilson_interval
from pickpack.plugins import PluginNotFoundError

__all__ = ["BEGIN", "END", "GAMES", "Ladder", "Pairing", "budget_spec", "conditions", "main", "play_ladder",
           "roster", "strength_table", "write_section"]

GAMES = ("pickpack", "push", "pacru")
BEGIN = "<!-- bench/ladder.py: begin -->"
END = "<!-- bench/ladder.py: end -->"


@dataclass(frozen=True)
class Pairing:
    """One match of a ladder: bots ``a`` and ``b`` (indices into Ladder.bots), ``games``
    games, the exact win-share sums of each (a draw adds 1/2 to both, so ``share_a +
    share_b == games``), the draws and the games lost by a fault of either bot."""

    a: int
    b: int
    games: int
    share_a: float
    share_b: float
    draws: int
    forfeits: int


@dataclass
class Ladder:
    """The results of one game's round robin: ``bots`` (bot names as given, e.g.
    ``mcts``), ``specs`` (the specs played, budget options added), ``pairings`` and the
    wall-clock ``seconds`` the matches took."""

    game: str
    bots: list[str]
    specs: list[str]
    pairings: list[Pairing] = field(default_factory=list)
    seconds: float = 0.0

    def share(self, row: int, col: int) -> tuple[float, int]:
        """(win-share sum of bot ``row`` against bot ``col``, games they played)."""
        for p in self.pairings:
            if (p.a, p.b) == (row, col):
                return p.share_a, p.games
            if (p.b, p.a) == (row, col):
                return p.share_b, p.games
        raise KeyError(f"no pairing of {self.bots[row]} and {self.bots[col]}")

    def overall(self, row: int) -> tuple[float, int]:
        """(win-share sum of bot ``row`` over all its games, its games)."""
        shares = [self.share(row, col) for col in range(len(self.bots)) if col != row]
        return sum(s for s, _ in shares), sum(n for _, n in shares)


def _options(name: str, game: str) -> dict[str, str]:
    """The ``OPTIONS`` the factory of bot ``name`` declares in ``game`` (empty if none)."""
    factory = plugins.load("pickpack.bots", resolve_bot(name, game))
    options = getattr(factory, "OPTIONS", None)
    return dict(options) if isinstance(options, dict) else {}


def budget_spec(name: str, game: str, seconds: float | None, simulations: int | None) -> str:
    """The spec of bot ``name`` at the ladder's budget (module docstring): ``name`` with
    ``simulations=N`` when given and the bot has that option, else ``seconds=S`` when
    given and the bot has that option, else ``name`` as it is."""
    options = _options(name, game)
    if simulations is not None:
        return f"{name}:simulations={simulations}" if "simulations" in options else name
    if seconds is not None and "seconds" in options:
        return f"{name}:seconds={seconds:g}"
    return name


def roster(game: str, log: Callable[[str], None] = print) -> list[str]:
    """The bots of ``game``: those available_bots(game) lists that the match accepts in
    that game (check_bots builds each once); the others are left out with one line to
    ``log`` saying why (a bot of other games, OpenSpiel not installed, ...)."""
    bots = []
    for name in available_bots(game):
        try:
            check_bots([name, name], game=game)
        except (BotSpecError, PluginNotFoundError, ValueError) as exc:
            log(f"{game}: {name} left out: {exc}")
            continue
        bots.append(name)
    return bots


def play_ladder(game: str, bots: Sequence[str], games: int, seed: int, *, seconds: float | None = 0.1,
                simulations: int | None = None, time_limit: float = 1.0, jobs: int = 1,
                progress: Callable[[str], None] | None = None) -> Ladder:
    """Play the round robin of ``bots`` in ``game``: each pair one two-player match of
    ``games`` games from base seed ``seed`` (pickpack.match.play_match, ``jobs`` games at
    once, per-move limit ``time_limit`` s), each bot at the budget of budget_spec.

    Raises ValueError for fewer than two bots or games < 1, and what play_match raises
    (a bot that does not play the game, a bad spec, ...) before the first game.
    """
    if len(bots) < 2:
        raise ValueError(f"a ladder needs at least two bots, got {list(bots)}")
    specs = [budget_spec(name, game, seconds, simulations) for name in bots]
    ladder = Ladder(game, list(bots), specs)
    started = time.perf_counter()
    for a, b in itertools.combinations(range(len(bots)), 2):
        summary = play_match([specs[a], specs[b]], games, seed, game=game, players=2,
                             time_limit=time_limit, jobs=jobs, keep_games=True)
        line_a, line_b = summary.lines
        forfeits = line_a.forfeits + line_b.forfeits
        ladder.pairings.append(Pairing(a, b, summary.games_played, line_a.win_share * line_a.games,
                                       line_b.win_share * line_b.games, line_a.draws, forfeits))
        if progress is not None:
            progress(f"{game}: {specs[a]} vs {specs[b]}: {line_a.win_share:.2f} : {line_b.win_share:.2f}"
                     f" over {summary.games_played} games, {forfeits} forfeits")
    ladder.seconds = time.perf_counter() - started
    return ladder


def _cell(share: float, games: int) -> str:
    """``0.85 (0.64-0.95)``: a win share and its 95% Wilson interval."""
    p = share / games if games else 0.0
    low, high = wilson_interval(min(1.0, max(0.0, p)), games)
    return f"{p:.2f} ({low:.2f}-{high:.2f})"


def strength_table(ladder: Ladder) -> str:
    """The ladder as one markdown table (module docstring): a heading line naming the
    game, the table (rows best first by the pooled win share, columns in the same
    order, ``-`` on the diagonal) and a notes line (games per pair, draws, forfeits,
    wall time)."""
    order = sorted(range(len(ladder.bots)), key=lambda i: (-ladder.overall(i)[0] / max(1, ladder.overall(i)[1]),
                                                            ladder.bots[i]))
    title = get_game(ladder.game).title
    head = ["bot", *[f"vs `{ladder.bots[j]}`" for j in order], "all games"]
    rows = [f"| {' | '.join(head)} |", "|" + "---|" * len(head)]
    for i in order:
        cells = [f"`{ladder.specs[i]}`"]
        cells += ["-" if i == j else _cell(*ladder.share(i, j)) for j in order]
        cells.append(_cell(*ladder.overall(i)))
        rows.append(f"| {' | '.join(cells)} |")
    games = sorted({p.games for p in ladder.pairings})
    per_pair = "/".join(str(g) for g in games)
    draws = sum(p.draws for p in ladder.pairings)
    forfeits = sum(p.forfeits for p in ladder.pairings)
    notes = (f"{title}, 2 players: {per_pair} games a pair, {len(ladder.pairings)} pairs; "
             f"{draws} draws, {forfeits} games lost by a fault; {ladder.seconds:.0f} s of wall time.")
    return "\n".join([f"**{title}** (`--game {ladder.game}`)", "", *rows, "", notes])


def conditions(games: int, seed: int, seconds: float | None, simulations: int | None, time_limit: float,
               jobs: int, loads: tuple[float, float], command: str) -> str:
    """The paragraph saying how the tables were made (for the docs)."""
    if simulations is not None:
        budget = (f"`simulations={simulations}` for every bot with that option (the others at "
                  "their defaults)")
    else:
        budget = f"`seconds={seconds:g}` a move for every bot with that option"
    day = datetime.date.today().isoformat()
    return textwrap.fill(f"Made by `{command}` on {day}: {games} games a pair, base seed {seed} (games 2k and "
            f"2k+1 share a deal with the seats swapped), {budget}; the bots without such an option "
            f"take one cheap step a move. Per-move limit {time_limit:g} s, {jobs} game(s) at once, "
            f"on 2 cores shared with other work (load average {loads[0]:.1f} at the start, "
            f"{loads[1]:.1f} at the end): a time budget buys less search under load, for every "
            "timed bot alike. A cell is the row bot's win share against the column bot (a draw "
            "counts 1/2), with its 95% Wilson interval over that pair's games; (A, B) and (B, A) "
            "sum to 1. The last column pools all of the row bot's games.", width=88, break_on_hyphens=False)


def write_section(path: Path, text: str) -> None:
    """Replace what stands between the BEGIN and END markers of ``path`` by ``text``.
    Raises ValueError (naming the file) when the markers are missing or out of order."""
    doc = path.read_text(encoding="utf-8")
    start, end = doc.find(BEGIN), doc.find(END)
    if start < 0 or end < start:
        raise ValueError(f"{path}: needs the markers {BEGIN} and {END} (in that order) around the tables")
    path.write_text(doc[:start + len(BEGIN)] + "\n\n" + text.strip() + "\n\n" + doc[end:], encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (module docstring); 0 on success."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=10, help="games per pair (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="base seed of every match (default 1)")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, default=0.1, help="seconds a move (default 0.1)")
    budget.add_argument("--simulations", type=int, default=None, help="simulations a move instead")
    parser.add_argument("--game", action="append", dest="games_played", metavar="NAME",
                        help=f"a game to rank (repeatable; default: {', '.join(GAMES)})")
    parser.add_argument("--bots", default=None, help="comma-separated bot names (default: every bot of the game)")
    parser.add_argument("--time-limit", type=float, default=1.0, help="per-move limit in seconds (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (default 1)")
    parser.add_argument("--write-docs", type=Path, default=None, metavar="FILE",
                        help="write the tables between the markers of FILE (docs/bots.md)")
    args = parser.parse_args(argv)
    seconds = None if args.simulations is not None else args.seconds
    loads = [os.getloadavg()[0]]
    tables = []
    for game in args.games_played or GAMES:
        bots = args.bots.split(",") if args.bots else roster(game, log=lambda line: print(line, file=sys.stderr))
        ladder = play_ladder(game, bots, args.games, args.seed, seconds=seconds, simulations=args.simulations,
                             time_limit=args.time_limit, jobs=args.jobs,
                             progress=lambda line: print(line, file=sys.stderr, flush=True))
        tables.append(strength_table(ladder))
        print(tables[-1] + "\n", flush=True)
    loads.append(os.getloadavg()[0])
    if args.write_docs is not None:
        command = "python bench/ladder.py " + " ".join(argv if argv is not None else sys.argv[1:])
        text = conditions(args.games, args.seed, seconds, args.simulations, args.time_limit, args.jobs,
                          (loads[0], loads[1]), command.strip())
        write_section(args.write_docs, text + "\n\n" + "\n\n".join(tables))
    return 0


if __name__ == "__main__":
    sys.exit(main())
