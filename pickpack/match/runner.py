"""Bot-versus-bot matches of any game (headless; the CLI adds the display).

Typed on pickpack.game's Game and GameState only: a match of ``N`` bots plays an
``N``-player game (any registered game, or a Game object) with its variant and options.

Seats (docs/match.md, "Seats, seeds and chance"). The seatings follow a Williams
design (Williams 1949, a balanced Latin square; ``seating``): for an even number ``N``
of players ``N`` orders in which every bot sits in every seat once and, reading the
seats in order, immediately precedes every other bot once; for odd ``N`` the ``2N``
orders of the square and its mirror (each row reversed), where that holds twice. Game
``g`` plays order ``g mod len(design)``. For two players that is the alternation of
old: bot A is seat 0 (Red in Pick & Pack) in even games and seat 1 in odd ones.

Seeds (pickpack.match.seeding). With base seed ``s``, game ``g`` is created by
``game.new_state(players=N, seed=derive_seed(s, g // len(design)), variant, **options)``:
every deal is played under every order of the design (for two players: games 2k and
2k+1 share it, the seats swapped). ``variant`` None means the game's ``match_variant``
when it names one (Pick & Pack: its placements drawn from the same seed, so a match
starts in play as it always has), else the game's defaults. Bot ``i``'s seed is
``derive_seed(s, g, i)``. Chance nodes are resolved
by the runner, never shown to a bot: an outcome is drawn exactly from
``chance_outcomes()`` (pickpack.match.chance) with a generator seeded by
``chance_seed(s, g)``. A game depends only on (s, g): results are the same in any
order, in any process, on any backend (pickpack.match.backends) -- except for a
"timeout" fault, which depends on the machine's speed by nature.

Views (pickpack.bots.view). A bot deciding for a seat is given that seat's view,
``seat_view(state, seat, bot seed)``: a copy in a game of perfect information, else a
state of the seat's information set (``resample_from_infostate``) with what the seat
cannot see redrawn from the bot's seed, so that nothing hidden reaches it (a process or
native bot gets the view's position string). A game that hides information and offers
no such hook is refused before the first game (NoInfostateError, check_bots).

Bots are named by specs (pickpack.bots.spec) and built afresh for every game, so a bot
that failed in one game starts clean in the next; a bot that is not ``bounded`` is
built in its child process only (pickpack.bots). A bot that does not play the game
(its ``games``) is refused before the first game.

Faults (docs/match.md, "Faults"). A bot that cannot be built, raises, crashes, times
out, answers garbage or an illegal move ends the game: its seat gets the game's
``min_utility``; the other seats share the win (forfeit_returns): each gets
``-min_utility / (N - 1)`` when the game is ``zero_sum`` (so the returns still sum to
zero; for two players that is ``max_utility``: the other wins), else ``max_utility``.
The result records ``fault`` (the kind, errors.FAULT_KINDS), ``forfeit`` (the
reason, one line) and ``forfeited_by`` (the player name of the seat).

A match's schedule is lazy and its summary incremental (running sums per bot), so
its memory follows the number of workers, not the number of games; the games are kept
only when asked (``keep_games``) or handed over one by one, in game order, to a
``record`` callback (the CLI's ``--ppn`` writer). Ctrl-C raises MatchInterrupted, a
KeyboardInterrupt that carries the summary of the games finished.
"""

from __future__ import annotations

import functools
import random
import reprlib
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import closing, contextmanager
from types import FrameType
from typing import Any

from pickpack.bots.registry import Bot, chosen_move, close_bot, make_bot, trial_bot
from pickpack.bots.time_limit import DEFAULT_TIME_LIMIT, HANDSHAKE_TIMEOUT, TIME_GRACE, check_time_limit
from pickpack.bots.view import require_view
from pickpack.errors import (BotFault, BotLoadError, BotSpecError, GameLoadError, IllegalMoveError,
                             MoveSyntaxError, PickpackError)
from pickpack.game import Game, GameState, OptionError
from pickpack.game_check import check_game
from pickpack.games_registry import DEFAULT_GAME, get_game
from pickpack.match.backends import iter_batches
from pickpack.match.chance import sample_outcome
from pickpack.match.result import GameResult
from pickpack.match.seeding import chance_seed, derive_seed
from pickpack.match.summary import BotLine, MatchSummary
from pickpack.move import Move, apply_text
from pickpack.plugins import PluginNotFoundError

__all__ = ["BotLine", "GameResult", "MatchInterrupted", "MatchSummary", "check_bots",
           "deal_seed", "forfeit_returns", "match_game", "match_variant", "play_game", "play_match",
           "seat_of", "seating", "summarize", "trial_state"]

_CONFIG_ERRORS = (BotSpecError, BotLoadError, PluginNotFoundError, GameLoadError)


@functools.lru_cache(maxsize=None)
def seating(players: int) -> tuple[tuple[int, ...], ...]:
    """The seat orders of a ``players``-player match, a Williams design: each order
    gives the bot (its index in the match) in each seat, ``order[seat]``; game ``g``
    plays order ``g mod len(seating(players))``.

    The first order is ``0, 1, N-1, 2, N-2, ...``; order ``r`` adds ``r`` to every bot
    (mod ``N``). For even ``N`` these ``N`` orders seat every bot in every seat once and
    let every bot immediately precede every other bot (the next seat) once; for odd
    ``N`` the ``N`` mirrored orders (each reversed) follow, and both hold twice over
    the ``2N``. Raises ValueError for ``players < 1``.

    >>> seating(2)
    ((0, 1), (1, 0))
    >>> seating(3)
    ((0, 1, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0), (0, 2, 1), (1, 0, 2))
    >>> seating(4)
    ((0, 1, 3, 2), (1, 2, 0, 3), (2, 3, 1, 0), (3, 0, 2, 1))
    """
    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        raise ValueError(f"players must be an int of at least 1, got {players!r}")
    first = [0] + [(k + 1) // 2 if k % 2 else players - k // 2 for k in range(1, players)]
    square = tuple(tuple((bot + r) % players for bot in first) for r in range(players))
    if players % 2 and players > 1:
        square += tuple(order[::-1] for order in square)
    return square


def seat_of(bot: int, index: int, players: int) -> int:
    """The seat of bot ``bot`` in game ``index`` of a ``players``-player match (seating).

    >>> [seat_of(0, g, 2) for g in range(4)], [seat_of(0, g, 3) for g in range(6)]
    ([0, 1, 0, 1], [0, 2, 1, 2, 0, 1])
    """
    design = seating(players)
    return design[index % len(design)].index(bot)


def deal_seed(base_seed: int, index: int, players: int) -> int:
    """The seed of game ``index``'s own randomness: ``derive_seed(base_seed, index //
    len(seating(players)))``, so every deal is played under every order of the design.

    >>> [deal_seed(7, g, 3) == derive_seed(7, g // 6) for g in range(13)] == [True] * 13
    True
    >>> deal_seed(7, 1, 2) == derive_seed(7, 0) != deal_seed(7, 2, 2)
    True
    """
    return derive_seed(base_seed, index // len(seating(players)))


def forfeit_returns(game: Game[Any], players: int, failed: int) -> tuple[float, ...]:
    """The returns of a game that seat ``failed`` lost by a fault: ``min_utility`` for
    it; for every other seat ``-min_utility / (players - 1)`` when ``game.zero_sum``
    (the returns sum to zero, the others share the win equally; for two players that
    is ``max_utility``), else ``max_utility``.

    >>> from pickpack.game import Game, seat_names
    >>> g = Game("g", "G", dict, seat_names(), 2, 4, 2, 9, -1.0, 1.0)
    >>> forfeit_returns(g, 2, 0), forfeit_returns(g, 3, 2)
    ((-1.0, 1.0), (0.5, 0.5, -1.0))
    """
    low = float(game.min_utility)
    other = -low / (players - 1) if game.zero_sum and players > 1 else float(game.max_utility)
    return tuple(low if seat == failed else other for seat in range(players))


def match_game(game: str | Game[Any], players: int | None, bots: int,
               variant: str | None = None, options: Mapping[str, Any] | None = None
               ) -> tuple[Game[Any], int]:
    """The game of a match of ``bots`` bots and its player count, checked before any game.

    ``game`` is a registered name or a Game; ``players`` None means ``bots``.
    Raises PluginNotFoundError for an unknown game (listing the installed ones),
    GameLoadError for one that fails to load or (GameCheckError) fails the load check
    (pickpack.game_check; a Game object is checked too), OptionError for a player count
    (``players``, or the number of bots when ``players`` is None: "pig is played by
    2..6 players, not 7; a match seats one bot per player: give 2 to 6 bots (name a bot
    again for another seat)"), variant or option the game does not offer, ValueError
    when ``players`` is given and the number of bots is not that. The game's factory is not
    run here (check_bots builds a trial state, trial_state).
    """
    resolved = get_game(game) if isinstance(game, str) else game
    check_game(resolved)           # a Game object is checked as a loaded one is
    variant = match_variant(resolved, variant)
    try:
        resolved.check_players(bots if players is None else players)
    except OptionError as exc:
        given = " (the number of bots given)" if players is None else ""
        raise OptionError(f"{exc}{given}; {_seats(resolved, players is not None)}", exc.field) from None
    if players is None:
        players = bots
    if bots != players:
        raise ValueError(f"{resolved.name} with {players} players needs {players} bots "
                         f"(one per player), got {bots}; name a bot again for another seat")
    resolved.resolve_options(variant, options)
    return resolved, players


def _seats(game: Game[Any], players_given: bool = False) -> str:
    """How a match fills the seats of ``game``, for an error about the player count
    (``players_given``: the count came as ``players``, not as the number of bots)."""
    low, high = game.min_players, game.max_players
    counts = str(low) if low == high else f"{low} to {high}"
    if players_given:
        return f"give players {counts}, and as many bots (name a bot again for another seat)"
    return f"a match seats one bot per player: give {counts} bots (name a bot again for another seat)"


def match_variant(game: Game[Any], variant: str | None) -> str | None:
    """The variant a match plays: ``variant``, or when None the game's
    ``match_variant`` attribute (None when the game has none)."""
    if variant is not None:
        return variant
    default = game.match_variant
    return default if isinstance(default, str) else None


def _given(variant: str | None, options: Mapping[str, Any]) -> tuple[str, str]:
    """What a match gave the game's factory, for an error line, and the OptionError
    field to blame: the options (``option NAME=VALUE``), else the variant, else the
    defaults."""
    if options:
        shown = ", ".join(f"{key}={reprlib.repr(value)}" for key, value in options.items())
        blamed = next(iter(options)) if len(options) == 1 else "options"
        return f"option{'s' if len(options) > 1 else ''} {shown}", blamed
    if variant is not None:
        return f"variant {variant!r}", "variant"
    return "its default options", "options"


def trial_state(game: Game[Any], players: int, variant: str | None = None,
                options: Mapping[str, Any] | None = None, seed: int = 0) -> GameState:
    """One state of ``game`` as a match makes them (``players``, ``variant``, which
    None means match_variant, ``options``) with ``seed``: the check, before the first
    game, of the values only the game's factory checks.

    Raises OptionError (field: the option, or ``"variant"``/``"options"``) with one
    line naming the options and the factory's reason when the factory raises
    ValueError, TypeError or a PickpackError (``GAME refused option NAME=VALUE:
    REASON``, the reason on one line); an OptionError of the game's own passes
    unchanged.
    """
    opts = dict(options or {})
    chosen = match_variant(game, variant)
    try:
        state: GameState = game.new_state(players=players, seed=seed, variant=chosen, **opts)
    except OptionError:
        raise
    except (ValueError, TypeError, PickpackError) as exc:
        what, blamed = _given(chosen, opts)
        reason = " ".join(str(exc).split()) or type(exc).__name__
        raise OptionError(f"{game.name} refused {what}: {reason}", blamed) from None
    return state


def _misread(move: Move, text: str) -> IllegalMoveError:
    """The error of a Move whose text is not its action's here (``text``)."""
    return IllegalMoveError(f"move {move.text} does not belong to this position (here action "
                            f"{move.action} is {text})", rule="action text")


def _move(bot: Bot, state: GameState, time_limit: float, seed: int) -> Move | BotFault:
    """Let ``bot`` move in ``state``: the move applied (canonical text), or its fault.
    The bot is given its seat's view drawn from ``seed``, the bot's own seed
    (chosen_move, pickpack.bots.view.seat_view).

    The work is done once per decision: a Move's text is made once (``action_text``,
    which is also the check that the bot's text belongs to its action here) and its
    legality checked once (the checked ``apply_action``). Move text a bot answered is
    applied by pickpack.move.apply_text, which gives the canonical text and checks its
    legality once too (for a state with the ``parse_action`` hook)."""
    started = time.perf_counter()
    move = chosen_move(bot, state, seed)
    elapsed = time.perf_counter() - started
    if isinstance(move, BotFault):
        return move
    if elapsed > time_limit + TIME_GRACE:
        return BotFault("timeout", f"took {elapsed:.2f} s for a move, over the limit of "
                                   f"{time_limit:g} s + {TIME_GRACE:g} s grace")
    try:
        if isinstance(move, str):
            move = apply_text(state, move)
            text = move.text
        else:
            text = state.action_text(move.action)
            if text != move.text:
                raise _misread(move, text)
            state.apply_action(move.action)
    except (IllegalMoveError, MoveSyntaxError) as exc:
        return BotFault("illegal", str(exc))
    return move if type(move) is Move else Move(move.action, text)


def play_game(bot_names: Sequence[str], index: int, base_seed: int,
              bot_options: Sequence[dict[str, Any]] | None = None,
              time_limit: float = DEFAULT_TIME_LIMIT,
              handshake_timeout: float = HANDSHAKE_TIMEOUT,
              game: str | Game[Any] = DEFAULT_GAME, variant: str | None = None,
              options: Mapping[str, Any] | None = None) -> GameResult:
    """Play game ``index`` of a match between the bots ``bot_names`` (one per seat).

    ``bot_names`` are bot specs (pickpack.bots.spec); ``game`` a registered name or a
    Game, played with ``len(bot_names)`` players, ``variant`` and ``options``; seats,
    seeds and chance as in the module docstring. ``time_limit`` is the per-move limit
    in seconds and ``handshake_timeout`` the seconds a process bot has to start and
    answer the handshake (pickpack.bots.time_limit). A bot that cannot be built for the
    game, raises, crashes, times out, answers garbage or an illegal move loses (the
    fault rule). Raises BotSpecError, PluginNotFoundError or BotLoadError for a spec
    that cannot name a usable bot (check_bots finds those up front), NoInfostateError
    before any move for a game that hides information without resample_from_infostate,
    and the errors of match_game.
    """
    names = list(bot_names)
    resolved, n = match_game(game, len(names), len(names), variant, options)
    return _play(names, index, base_seed, bot_options, time_limit, handshake_timeout, resolved, n,
                 match_variant(resolved, variant), options)


@functools.lru_cache(maxsize=None)
def _worker_game(name: str) -> Game[Any]:
    """The registered game ``name``, looked up once per process: the match checked it
    (match_game) before its first game, so a worker only finds it."""
    return get_game(name)


def _play_task(names: list[str], index: int, base_seed: int, opts: list[dict[str, Any]],
               time_limit: float, handshake_timeout: float, game: str | Game[Any],
               variant: str | None, options: dict[str, Any]) -> GameResult:
    """One game of a match play_match has checked: its game looked up once per process
    (_worker_game) instead of once per game, and not checked again."""
    resolved = _worker_game(game) if isinstance(game, str) else game
    return _play(names, index, base_seed, opts, time_limit, handshake_timeout, resolved, len(names),
                 variant, options)


def _play(names: list[str], index: int, base_seed: int,
          bot_options: Sequence[dict[str, Any]] | None, time_limit: float,
          handshake_timeout: float, resolved: Game[Any], n: int, variant: str | None,
          options: Mapping[str, Any] | None) -> GameResult:
    """play_game on a checked game ``resolved`` of ``n`` players and its variant."""
    opts = list(bot_options) if bot_options is not None else [{} for _ in names]
    design = seating(n)
    who = design[index % len(design)]               # who[seat] = bot index
    bot_seats = tuple(who.index(i) for i in range(n))
    game_seed = deal_seed(base_seed, index, n)
    state: GameState = resolved.new_state(players=n, seed=game_seed, variant=variant, **dict(options or {}))
    require_view(resolved, state)
    player_names = tuple(state.players)
    rng = random.Random(chance_seed(base_seed, index))
    bots: list[Bot] = []
    seeds = [derive_seed(base_seed, index, who[seat]) for seat in range(n)]
    moves: list[str] = []
    actions: list[int] = []
    plies = 0
    fault: BotFault | None = None
    failed: int | None = None                        # the faulting seat
    try:
        for seat in range(n):
            i = who[seat]
            try:
                bots.append(make_bot(names[i], seed=seeds[seat],
                                     game=resolved, players=n, time_limit=time_limit,
                                     handshake_timeout=handshake_timeout, **opts[i]))
            except _CONFIG_ERRORS:
                raise
            except BotFault as exc:
                fault, failed = exc, seat
                break
            except Exception as exc:
                fault, failed = BotFault("crash", f"could not be built: {type(exc).__name__}: {exc}"), seat
                break
        while fault is None and not state.is_terminal():
            if state.is_chance_node():
                action = sample_outcome(state.chance_outcomes(), rng)
                moves.append(state.action_text(action))
                actions.append(action)
                state.apply_action(action)
                continue
            seat = state.current_player_id()
            outcome = _move(bots[seat], state, time_limit, seeds[seat])
            if isinstance(outcome, BotFault):
                fault, failed = outcome, seat
            else:
                moves.append(outcome.text)
                actions.append(outcome.action)
                plies += 1
    finally:
        for bot in bots:
            close_bot(bot, quiet=True)
    forfeit = forfeited_by = None
    if fault is not None and failed is not None:
        returns = forfeit_returns(resolved, n, failed)
        forfeited_by = player_names[failed]
        forfeit = f"{names[who[failed]]} ({forfeited_by}) {fault.kind}: {fault}"
    else:
        returns = tuple(float(r) for r in state.returns())
    return GameResult(
        index=index, game=resolved.name, seed=game_seed, players=player_names,
        seats=tuple(names[who[s]] for s in range(n)), bot_seats=bot_seats, returns=returns,
        scores=dict(state.scores()), plies=plies, moves=moves, variant=variant,
        options=dict(options or {}), forfeit=forfeit, forfeited_by=forfeited_by,
        fault=fault.kind if fault is not None else None, actions=actions)


def check_bots(bot_names: Sequence[str], bot_options: Sequence[dict[str, Any]] | None = None,
               time_limit: float = DEFAULT_TIME_LIMIT,
               handshake_timeout: float = HANDSHAKE_TIMEOUT, *,
               game: str | Game[Any] = DEFAULT_GAME, players: int | None = None,
               variant: str | None = None, options: Mapping[str, Any] | None = None) -> None:
    """Check a match before game 0: the game, player count, variant and options
    (match_game), then build each bot once (seed 0) in this process for that game and
    close it (pickpack.bots.trial_bot: also a bot that every game runs in a child
    process is built here, once; the games themselves never build one in this process).

    ``time_limit`` and ``handshake_timeout`` (seconds) are given to every bot as in
    play_game.

    Then one trial state (trial_state, seed 0) checks the values only the game's
    factory checks, before any bot is built.

    Raises the errors of match_game and of trial_state (OptionError); NoInfostateError
    (one line) for a game that hides information and whose states offer no
    resample_from_infostate (no bot can be given its seat's view); BotSpecError (malformed spec, bad option, a bot
    that does not play the game, a ``time_budget`` over the time limit),
    PluginNotFoundError, BotLoadError (plugin import error, unusable native library),
    BotFault (a ``cmd:`` program that does not start or fails the handshake),
    TypeError (a plugin without name/choose), ValueError (bad time limit).
    """
    check_time_limit(time_limit)
    resolved, n = match_game(game, players, len(bot_names), variant, options)
    _check_bots(bot_names, bot_options, time_limit, handshake_timeout, resolved, n, variant, options)


def _check_bots(bot_names: Sequence[str], bot_options: Sequence[dict[str, Any]] | None,
                time_limit: float, handshake_timeout: float, resolved: Game[Any], n: int,
                variant: str | None, options: Mapping[str, Any] | None) -> None:
    """check_bots on a game match_game has checked (``resolved``, ``n`` players)."""
    require_view(resolved, trial_state(resolved, n, variant, options))
    opts = list(bot_options) if bot_options is not None else [{} for _ in bot_names]
    for spec, bot_opts in zip(bot_names, opts):
        # the one build of the bot outside a game, in this process even for a bot the
        # games run in a child process (pickpack.bots.trial_bot)
        bot = trial_bot(spec, seed=0, game=resolved, players=n, time_limit=time_limit,
                        handshake_timeout=handshake_timeout, **bot_opts)
        try:
            budget = getattr(bot, "time_budget", None)
            if isinstance(budget, (int, float)) and budget > time_limit:
                raise BotSpecError(f"bot {spec!r} means to use {budget:g} s per move (time_budget), "
                                   f"over the match's time limit of {time_limit:g} s; raise --time-limit")
        finally:
            close_bot(bot, quiet=True)


class MatchInterrupted(KeyboardInterrupt):
    """Ctrl-C during play_match: a KeyboardInterrupt that carries ``summary``, the
    results of the games finished (``summary.interrupted`` is True)."""

    def __init__(self, summary: MatchSummary) -> None:
        super().__init__(f"interrupted after {summary.games_played} games")
        self.summary = summary


def _new_lines(bot_names: Sequence[str], game: Game[Any]) -> list[BotLine]:
    return [BotLine(name, players=len(bot_names), min_utility=game.min_utility,
                    max_utility=game.max_utility) for name in bot_names]


def summarize(bot_names: Sequence[str], games: Sequence[GameResult],
              game: str | Game[Any] = DEFAULT_GAME) -> MatchSummary:
    """Totals and statistics per bot (pickpack.match.summary) over ``games`` of ``game``."""
    resolved = get_game(game) if isinstance(game, str) else game
    lines = _new_lines(bot_names, resolved)
    for g in games:
        _count(lines, g)
    return MatchSummary(lines, sorted(games, key=lambda g: g.index), game=resolved.name)


def _count(lines: Sequence[BotLine], g: GameResult) -> None:
    """Add game ``g`` to every bot's line."""
    for line, seat in zip(lines, g.bot_seats):
        line.count(g.returns, seat, g.scores[g.players[seat]], g.plies,
                   g.forfeited_by == g.players[seat])


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
           time_limit: float, handshake_timeout: float, game: str | Game[Any],
           variant: str | None, options: dict[str, Any]) -> Iterator[tuple[Any, ...]]:
    """_play_task's arguments for games 0..games-1, made one at a time (lazy schedule)."""
    for i in range(games):
        yield names, i, seed, opts, time_limit, handshake_timeout, game, variant, options


def play_match(bot_names: Sequence[str], games: int, seed: int,
               progress: Callable[[GameResult], None] | None = None,
               bot_options: Sequence[dict[str, Any]] | None = None, *,
               game: str | Game[Any] = DEFAULT_GAME, players: int | None = None,
               variant: str | None = None, options: Mapping[str, Any] | None = None,
               time_limit: float = DEFAULT_TIME_LIMIT,
               handshake_timeout: float = HANDSHAKE_TIMEOUT, jobs: int = 1,
               backend: str = "local", ray_address: str | None = None, check: bool = True,
               keep_games: bool = True,
               record: Callable[[GameResult], None] | None = None) -> MatchSummary:
    """Play ``games`` games (indices 0..games-1) of ``game`` between the bots
    ``bot_names`` (one per player) and summarise them.

    ``game`` is a registered name or a Game object (a Game must pickle, i.e. be made
    of module-level functions, for ``jobs > 1``); ``players`` (None: the number of
    bots), ``variant`` and ``options`` go to ``Game.new_state``. The match is checked
    first (match_game, and check_bots unless ``check=False`` for a caller that
    already did it); the games then run on ``backend`` ("local" or "ray") with
    ``jobs`` workers (pickpack.match.backends) -- the results are the same for any
    backend and any ``jobs``. ``time_limit`` (seconds per move) and
    ``handshake_timeout`` (seconds for a process bot's start) go to every bot.

    The schedule is lazy and the totals are counted as results arrive, so memory does
    not grow with ``games``; ``keep_games=False`` keeps no GameResult (the summary's
    ``games`` is then empty). ``progress`` is called after each game, in finishing
    order; ``record`` with every game in game order, as soon as the games before it are
    in (a small reorder buffer holds the ones that finished early). When the match
    stops early, ``record`` first gets the finished games still buffered, in order.

    Raises ValueError for games < 1, a negative seed, jobs < 1, an unknown backend, a
    bad time limit or a number of bots that is not the number of players;
    PluginNotFoundError for an unknown game; OptionError for a player count, variant
    or option the game does not offer; the errors of check_bots; BackendError when
    the backend cannot run the games; MatchInterrupted (a KeyboardInterrupt, with the
    summary of the games finished) on Ctrl-C; and whatever ``progress`` or ``record``
    raise.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if seed < 0:
        raise ValueError(f"seed must be non-negative, got {seed}")
    check_time_limit(time_limit)
    resolved, n = match_game(game, players, len(bot_names), variant, options)  # the one look-up
    if check:
        _check_bots(bot_names, bot_options, time_limit, handshake_timeout, resolved, n, variant, options)
    names = list(bot_names)
    opts = [dict(o) for o in bot_options] if bot_options is not None else [{} for _ in names]
    lines = _new_lines(names, resolved)
    kept: list[GameResult] = []
    early: dict[int, GameResult] = {}       # finished, waiting for a game before them
    next_index = 0
    in_record = False                       # record() raised: do not call it again

    def summary(interrupted: bool) -> MatchSummary:
        return MatchSummary(lines, sorted(kept, key=lambda g: g.index), interrupted,
                            game=resolved.name)

    # a registered game travels to the workers by name (its Game may not pickle)
    # (and is looked up there once per process, _worker_game); in this process the games
    # use the Game looked up above
    in_process = backend == "local" and (jobs == 1 or games == 1)
    task_game: str | Game[Any] = game if isinstance(game, str) and not in_process else resolved
    batches = iter_batches(_play_task, _tasks(names, games, seed, opts, time_limit, handshake_timeout,
                                              task_game, match_variant(resolved, variant),
                                              dict(options or {})),
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
                                finished = early.pop(next_index)
                                next_index += 1
                                in_record = True
                                record(finished)
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
