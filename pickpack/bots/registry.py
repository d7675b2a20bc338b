"""The bot protocol, and how a bot spec becomes a bot (entry-point group ``pickpack.bots``).

Writing a bot
-------------
A bot plugin is a factory (usually the class itself) registered in the entry-point
group ``pickpack.bots`` of its distribution's ``pyproject.toml``::

    [project.entry-points."pickpack.bots"]
    mybot = "mybot_package.module:MyBot"

pickpack calls it once per game as ``factory(seed=S, **options)``: ``S`` is an int in
0..2**64-1 derived from the match seed and the game index (pickpack.match), or None
for "unseeded"; ``options`` come from the spec ``mybot:key=value,...``
(pickpack.bots.spec) and must be keyword parameters of the factory (unknown keys are
refused before the match starts, naming the ones it takes). The object it returns has

- ``name: str`` -- shown in messages;
- ``choose(state) -> Move`` -- a legal move for ``state.current_player``. ``state`` is
  the seat's view of the game's state (pickpack.game.GameState; a private copy the bot
  may mutate; in a game that hides information a state of the seat's information set,
  pickpack.bots.view.seat_view), never a chance node (the match draws chance outcomes
  itself) nor a finished game;
  a bot derived from ``BotBase`` (pickpack.bots.base: the built-in, process, native
  and isolated bots) raises NoDecisionError if asked there anyway. Return a ``Move`` from
  ``state.legal_moves()`` (or ``Move(action, state.action_text(action))`` for an
  action of ``state.legal_actions()``). Raising, returning something else or an
  illegal move loses the game (docs/match.md, "Faults");
- ``games: tuple[str, ...] | None`` (an attribute of the factory, i.e. of the class)
  -- the names of the games the bot plays, or None for every game (a bot that works
  through the GameState protocol only, like ``random``). make_bot refuses to build a
  bot for a game it does not declare, with one line naming the bot, the game and the
  games it plays. A factory without the attribute plays only the default game,
  ``pickpack`` (UNDECLARED: a bot written before games were plugins assumes Pick &
  Pack's snapshot), so it is refused for any other game with a line saying to declare
  ``games``. Process and native bots are told the game and player count in their
  handshake and refuse there;
- optionally ``reset(seed: int | None) -> None`` -- restart for a new game;
- optionally ``time_budget: float | None`` -- seconds per move the bot means to use;
  a match refuses to start when it is above the match's per-move time limit
  (pickpack.bots.time_limit; every move is timed, a late one loses the game);
- optionally ``close() -> None`` -- release resources; called after every game;
- optionally ``bounded = True`` (an attribute of the factory, i.e. of the class) --
  the bot promises to answer
  within the match's per-move limit by itself (see "Time limits" below).

A factory that has a ``time_limit`` keyword parameter receives the match's per-move
limit in seconds (``time_limit=L``), so that it can plan its moves inside it.

A game's own bots
-----------------
A bot written for one game lives in that game's package and is registered under the
game-qualified name ``GAME.NAME``; in a game of ``GAME`` the plain ``NAME`` means it::

    [project.entry-points."pickpack.bots"]
    "pacru.greedy" = "pickpack.games.pacru.greedy_bot:GreedyBot"
    "pickpack.greedy" = "pickpack.games.pickpack.greedy_bot:GreedyBot"

So ``greedy`` is two unrelated bots of one name, each in its game: ``pickpack match
greedy random --game pacru`` plays PACRU's. A spec ``NAME`` is resolved for a game G
(``resolve_bot``) as G's own ``G.NAME`` when it is registered, else the generic
``NAME`` (random, mcts, ...), else refused with one line naming the games that have a
bot of that name (BotSpecError, "bot 'greedy' does not play push; it plays: pacru,
pickpack"). A qualified spec (``pacru.greedy``) names its entry point directly. Game
and bot names hold no ``.``; the factory's ``games`` must still include its game.

Time limits
-----------
Every move must come within ``L + TIME_GRACE`` (pickpack.bots.time_limit), and a bot that
hangs must lose that game instead of hanging the match. A Python call cannot be
stopped from outside, so make_bot runs in-process only the bots that declare
``bounded = True`` (the built-in random, greedy, heuristic, mcts, alphabeta and
openspiel-mcts: the searches stop themselves before L). Any other bot -- an entry point without the attribute, a
``native:PATH`` library -- is never built in this process by make_bot: it is built
in a child process (an IsolatedBot, a ProcessBot underneath), once per game, and the
child is killed at ``L + TIME_GRACE``. A bad option or library is still refused at
once with its own error (the child reports it and make_bot raises it); the match
builds each bot once in-process before the first game (pickpack.match.check_bots). Its faults read as they would
in-process: "exception: raised ...", "garbage: returned ...", "illegal: ...", and a
late move "timeout: took more than ... s". ``make_bot(..., isolate=False)`` keeps such
a bot in-process (tests; the child's own side, to avoid recursion).

A minimal bot::

    class FirstMove(BotBase):
        name = "first"
        games = None          # any game: it uses the GameState protocol only
        def __init__(self, seed=None): pass
        def choose(self, state): return state.legal_moves()[0]

Bots in other languages: a shared library (``native:PATH``, core/common/pickpack_bot.h and
pickpack.bots.native) or a program speaking the line protocol
(``cmd:COMMAND``, docs/process-protocol.md and pickpack.bots.process).
"""

from __future__ import annotations

import inspect
import json
import os
import sys
import tempfile
import traceback
import weakref
from collections.abc import Callable, Mapping
from typing import Any, Protocol, TextIO, runtime_checkable

from pickpack.bots.base import BotBase, NoDecisionError, ResourceBot
from pickpack.bots.process import Handshake, StopServing, serve_protocol
from pickpack.bots.spec import BotSpec, parse_bot_spec
from pickpack.bots.time_limit import DEFAULT_TIME_LIMIT, HANDSHAKE_TIMEOUT, TIME_GRACE
from pickpack.bots.view import seat_view
from pickpack.errors import BotFault, BotLoadError, BotSpecError, IllegalMoveError, MoveSyntaxError
from pickpack.game import Game, GameState
from pickpack.games_registry import DEFAULT_GAME, get_game
from pickpack.move import Move, apply_text
from pickpack.plugins import PluginNotFoundError, load, names

__all__ = ["Bot", "BotBase", "IsolatedBot", "NoDecisionError", "available_bots", "bot_choices", "bot_games", "checked_move",
           "chosen_move", "close_bot", "make_bot", "resolve_bot", "trial_bot"]

# Keywords of make_bot itself, never bot options in a spec.
_RESERVED = ("time_limit", "handshake_timeout", "isolate", "game", "players")


@runtime_checkable
class Bot(Protocol):
    """What every bot offers (module docstring: the optional reset/time_budget/close)."""

    name: str

    def choose(self, state: GameState) -> Move: ...


def available_bots(game: str | Game[Any] | None = None) -> list[str]:
    """Names registered in ``pickpack.bots``, sorted; with ``game``, the names a spec
    may use in that game instead: the generic bots and the game's own bots by their
    plain name ("A game's own bots" in the module docstring; a generic bot whose
    ``games`` leave the game out is still listed: make_bot refuses it in one line)."""
    registered = names("pickpack.bots")
    if game is None:
        return registered
    own = f"{_game_name(game)}."
    return sorted({n for n in registered if "." not in n}
                  | {n[len(own):] for n in registered if n.startswith(own)})


def bot_choices(game: str | Game[Any] | None = None) -> str:
    """The bot names there are (for ``game``: available_bots(game)) plus the two other
    forms, for error messages."""
    return ", ".join([*available_bots(game), "native:PATH", "cmd:COMMAND"])


def resolve_bot(name: str, game: str | Game[Any] = DEFAULT_GAME, spec: str | None = None) -> str:
    """The entry-point name the bot ``name`` of a spec means in ``game``: ``GAME.NAME``
    when the game has its own bot of that name, else ``name`` (module docstring, "A
    game's own bots"). Raises BotSpecError when only other games have a bot ``name``
    (one line quoting ``spec``, default ``name``, and naming those games) and
    PluginNotFoundError for a name nobody registered (the
    message lists the bots of ``game``)."""
    registered = names("pickpack.bots")
    game_name = _game_name(game)
    if "." not in name and f"{game_name}.{name}" in registered:
        return f"{game_name}.{name}"
    if name in registered:
        return name
    others = sorted(n.partition(".")[0] for n in registered if n.endswith(f".{name}") and "." not in name)
    if others:
        raise BotSpecError(f"bot {spec or name!r} does not play {game_name}; it plays: {', '.join(others)}")
    raise PluginNotFoundError(f"unknown bot {name!r}; choices: {bot_choices(game)}")


def _factory(parsed: BotSpec, game: str | Game[Any]) -> Any:
    """The factory of the entry-point bot ``parsed`` in ``game`` (resolve_bot), imported."""
    entry = resolve_bot(parsed.name, game, parsed.text)
    try:
        return load("pickpack.bots", entry)
    except Exception as exc:      # a broken plugin: reported in one line, never a traceback
        raise BotLoadError(f"bot {entry!r} failed to load: {type(exc).__name__}: {exc}") from None


def _check_options(spec: BotSpec, factory: Any, options: dict[str, Any]) -> None:
    """Refuse options the factory does not take (unless it takes **kwargs)."""
    try:
        params = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):       # no introspectable signature: let the call decide
        return
    if any(p.kind is p.VAR_KEYWORD for p in params):
        return
    takes = [p.name for p in params
             if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
             and p.name not in ("seed", "time_limit")]
    for key in options:
        if key not in takes:
            raise BotSpecError(f"bot {spec.text!r}: {spec.name} has no option {key!r}; "
                               f"its options: {', '.join(takes) or 'none'}")


def _takes_time_limit(factory: Any) -> bool:
    """Has the factory a ``time_limit`` parameter of its own (module docstring)?"""
    try:
        return "time_limit" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return False


def close_bot(bot: Any, *, quiet: bool = False) -> None:
    """Call ``bot.close()`` when the bot has one; with ``quiet``, an exception it raises
    is dropped (the game is decided; a failing clean-up changes nothing)."""
    close = getattr(bot, "close", None)
    if close is None:
        return
    try:
        close()
    except Exception:
        if not quiet:
            raise


#: What a factory without a ``games`` attribute plays: the default game alone (the one
#: game there was before games were plugins; module docstring).
UNDECLARED = (DEFAULT_GAME,)


def bot_games(factory: Any) -> tuple[str, ...] | None:
    """The games a bot factory declares (its ``games`` attribute; module docstring), or
    None for every game; UNDECLARED (the default game alone) for a factory without the
    attribute. Raises TypeError for a declaration that is neither None nor a tuple of
    strings."""
    if not hasattr(factory, "games"):
        return UNDECLARED
    games = getattr(factory, "games")
    if games is None:
        return None
    if not isinstance(games, tuple) or not all(isinstance(g, str) for g in games):
        raise TypeError(f"bot {getattr(factory, 'name', factory)!r}: games must be None or a "
                        f"tuple of game names, got {games!r}")
    return games


def _game_name(game: str | Game[Any]) -> str:
    return game.name if isinstance(game, Game) else game


def _check_plays(spec: str, factory: Any, game: str | Game[Any]) -> None:
    """BotSpecError unless the bot of ``factory`` plays ``game`` (one line: the bot, the
    game and the games it plays)."""
    games = bot_games(factory)
    name = _game_name(game)
    if games is not None and name not in games:
        if not hasattr(factory, "games"):
            raise BotSpecError(f"bot {spec!r} does not play {name}: it declares no games, so it "
                               f"plays only {DEFAULT_GAME}; a bot for other games sets games on "
                               f"its factory (a tuple of game names, or None for every game)")
        raise BotSpecError(f"bot {spec!r} does not play {name}; it plays: "
                           f"{', '.join(games) or 'no game'}")


def _player_count(game: str | Game[Any], players: int | None) -> int:
    """``players``, or the game's default player count (the game loaded by name)."""
    if players is not None:
        return players
    return (game if isinstance(game, Game) else get_game(game)).default_player_count()


def make_bot(spec: str, seed: int | None = None, *, game: str | Game[Any] = DEFAULT_GAME,
             players: int | None = None, time_limit: float = DEFAULT_TIME_LIMIT,
             handshake_timeout: float = HANDSHAKE_TIMEOUT, isolate: bool = True,
             **options: Any) -> Bot:
    """Build the bot that ``spec`` names (grammar: pickpack.bots.spec) with this seed, to
    play ``game`` (a registered name or a Game) with ``players`` seats (None: the
    game's default).

    ``options`` add to the spec's own ``key=value`` options (a key in both is an
    error). ``time_limit`` (seconds per move) is what a ``cmd:`` bot is told with every
    ``go`` and what a factory with a ``time_limit`` parameter receives (the search bots
    stop before it); ``handshake_timeout`` (seconds) is how long a bot in a child
    process has to start and answer the handshake. A bot that is not ``bounded`` (an
    entry point without ``bounded = True``, a ``native:`` library) comes back as an
    IsolatedBot running in a child process, unless ``isolate=False`` (module docstring,
    "Time limits"); such a bot is then built only in the child, never here (whether it
    is bounded is read from its factory).

    Raises BotSpecError (malformed spec, unknown or bad option, an option value that
    cannot be sent to a child process, a bot whose ``games`` do not include ``game``:
    one line naming the bot, the game and the games it plays), PluginNotFoundError (unknown name; the message
    lists the choices), BotLoadError (plugin fails to import, native library unusable:
    NativeBotError), BotFault (a ``cmd:`` program or an isolated bot that cannot start
    or fails the handshake) and TypeError when the plugin builds an object without
    ``name``/``choose`` -- for an isolated bot, the same errors as the child met them.
    """
    parsed = parse_bot_spec(spec)
    if parsed.kind != "entry" and options:
        raise BotSpecError(f"bot {spec!r}: {parsed.kind}: bots take no options, got "
                           f"{', '.join(options)}")
    if parsed.kind == "cmd":
        from pickpack.bots.process import ProcessBot
        return ProcessBot(parsed.argv, seed, time_limit=time_limit,
                          handshake_timeout=handshake_timeout, label=parsed.target.strip(),
                          game=_game_name(game), players=_player_count(game, players))
    if parsed.kind == "native":
        if isolate:       # a library's create() may crash: never in this process
            return IsolatedBot(spec, seed, options=options, time_limit=time_limit,
                               handshake_timeout=handshake_timeout, game=_game_name(game),
                               players=_player_count(game, players))
        from pickpack.bots.native import NativeBot
        # a bad library, or one refusing the game, is refused here
        return NativeBot(parsed.target, seed, game=_game_name(game),
                         players=_player_count(game, players))
    factory, merged = _entry_options(parsed, time_limit, options, game)
    _check_plays(spec, factory, game)
    if isolate and getattr(factory, "bounded", False) is not True:
        return IsolatedBot(spec, seed, options=options, time_limit=time_limit,
                           handshake_timeout=handshake_timeout, game=_game_name(game),
                           players=_player_count(game, players))
    return _entry_bot(parsed, factory, merged, seed)


def _entry_options(parsed: BotSpec, time_limit: float, options: Mapping[str, Any],
                   game: str | Game[Any]) -> tuple[Any, dict[str, Any]]:
    """The factory of ``parsed`` in ``game`` (resolve_bot; imported, not called) and
    the keywords it gets, checked without building anything (make_bot's option errors)."""
    spec = parsed.text
    both = sorted(set(parsed.options) & set(options))
    if both:
        raise BotSpecError(f"bot {spec!r}: option {both[0]!r} given in the spec and as a keyword")
    merged = {**parsed.options, **options}
    reserved = [key for key in _RESERVED if key in merged]
    if reserved:
        raise BotSpecError(f"bot {spec!r}: {reserved[0]!r} is set by the match "
                           f"(--time-limit, --handshake-timeout, --game, --players), "
                           f"not a bot option")
    factory = _factory(parsed, game)
    _check_options(parsed, factory, merged)
    if _takes_time_limit(factory):
        merged["time_limit"] = time_limit
    return factory, merged


def _entry_bot(parsed: BotSpec, factory: Any, merged: dict[str, Any], seed: int | None) -> Bot:
    """The entry-point bot of ``parsed`` built in this process (make_bot's errors)."""
    spec = parsed.text
    try:
        bot = factory(seed=seed, **merged)
    except (TypeError, ValueError) as exc:     # the plugin's own word on a bad option value
        raise BotSpecError(f"bot {spec!r}: {exc}") from None
    if not isinstance(bot, Bot):
        raise TypeError(f"bot plugin {parsed.name!r} built {type(bot).__name__}, which lacks name/choose")
    return bot


# --- running a bot that is not bounded in a child process -----------------------------

def _where(exc: BaseException) -> str:
    """`` (at FILE:LINE in FUNCTION)``: where ``exc`` was raised, the innermost frame of
    its traceback (the file's base name), so that a forfeit says where a bot failed
    (``raised KeyError: 'grid' (at biggest_tray.py:41 in choose)``); "" without one."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    return f" (at {os.path.basename(last.filename)}:{last.lineno} in {last.name})"


def chosen_move(bot: Bot, state: GameState, seed: int = 0) -> Move | str | BotFault:
    """What ``bot.choose`` answers on the view of the seat to move (a Move or move text,
    not checked for legality), or the bot's fault: "exception" (it raised: the error's
    class, message and where, _where; a BotFault it raised keeps its kind) or "garbage" (neither a Move nor a string). Shared by
    checked_move and the match runner (pickpack.match), so both say the same words.

    The view is ``seat_view(state, seat, seed)`` (pickpack.bots.view): a private copy, or
    in a game that hides information a state of the seat's information set drawn from
    ``seed`` (the match gives the bot's seed), so that nothing the seat cannot see reaches
    the bot (a process or native bot gets the view's position string). Where nobody
    decides, a copy (the bot refuses it: NoDecisionError). NoInfostateError (not a fault:
    the match refuses such a game before its first game) for a game that hides
    information without resample_from_infostate."""
    seat = state.current_player_id()
    view = seat_view(state, seat, seed) if seat >= 0 else state.copy()
    try:
        move: Any = bot.choose(view)
    except BotFault as exc:
        return exc
    except Exception as exc:       # the bot's failure loses it this game, nothing more
        detail = " ".join(str(exc).split())
        return BotFault("exception", f"raised {type(exc).__name__}: {detail}{_where(exc)}")
    if not isinstance(move, (Move, str)):
        return BotFault("garbage", f"returned {type(move).__name__} {repr(move)[:60]}, not a Move")
    return move


def checked_move(bot: Bot, state: GameState, seed: int = 0) -> Move | BotFault:
    """``bot.choose`` on the seat's view of ``state`` (chosen_move, ``seed``), checked:
    the legal Move (canonical, not applied to ``state``), or the bot's fault --
    "exception" (it raised; a BotFault it raised keeps its kind), "garbage" (not a Move
    or move text) or "illegal". The same words as the match runner's for an in-process
    bot (pickpack.match)."""
    move = chosen_move(bot, state, seed)
    if isinstance(move, BotFault):
        return move
    try:
        trial = state.copy()
        if isinstance(move, str):
            move = apply_text(trial, move)      # legality checked once
        else:
            trial.apply(move)
    except (IllegalMoveError, MoveSyntaxError) as exc:
        return BotFault("illegal", str(exc))
    return Move(move.action, state.action_text(move.action))


def trial_bot(spec: str, seed: int | None = 0, *, game: str | Game[Any] = DEFAULT_GAME,
              players: int | None = None, time_limit: float = DEFAULT_TIME_LIMIT,
              handshake_timeout: float = HANDSHAKE_TIMEOUT, **options: Any) -> Bot:
    """The bot of ``spec`` built once in this process (make_bot with ``isolate=False``),
    for the checks before a match (pickpack.match.check_bots): a bad option or an
    unusable library fails here, at once, with make_bot's errors. A bot that make_bot
    would run in a child process must also have options that are JSON data
    (BotSpecError otherwise). ``game`` and ``players`` as for make_bot (a bot that does
    not play ``game`` is refused here). The caller closes the bot."""
    parsed = parse_bot_spec(spec)
    if parsed.kind == "native" or (
            parsed.kind == "entry"
            and getattr(_factory(parsed, game), "bounded", False) is not True):
        _child_payload(spec, seed, options, time_limit, _game_name(game),
                       _player_count(game, players))
    return make_bot(spec, seed, game=game, players=players, time_limit=time_limit,
                    handshake_timeout=handshake_timeout, isolate=False, **options)


def _child_payload(spec: str, seed: int | None, options: Mapping[str, Any],
                   time_limit: float, game: str, players: int) -> dict[str, Any]:
    """What an IsolatedBot's child gets (serve_isolated's ``args``, less the side file);
    BotSpecError when the options are not JSON data."""
    payload = {"spec": spec, "seed": seed, "options": dict(options), "time_limit": time_limit,
               "game": game, "players": players,
               "path": [os.path.abspath(p) for p in sys.path]}
    try:
        json.dumps(payload)
    except (TypeError, ValueError):
        raise BotSpecError(f"bot {spec!r}: its options are not JSON data, so it cannot run "
                           f"in a child process; pass isolate=False to keep it in-process") from None
    return payload


# The child: Python's own path as the parent sees it (plugins added at run time stay
# visible), then serve_isolated. argv[1] is the JSON of _child_payload.
_CHILD_CODE = (
    "import json, sys\n"
    "args = json.loads(sys.argv[1])\n"
    "sys.path[:] = args['path'] + [p for p in sys.path if p not in args['path']]\n"
    "from pickpack.bots.registry import serve_isolated\n"
    "raise SystemExit(serve_isolated(args))\n")


def _config_errors() -> dict[str, type[Exception]]:
    """The errors of a spec that cannot name a usable bot, by class name: the child
    reports them by name and IsolatedBot raises them as make_bot would in-process."""
    from pickpack.bots.native import NativeBotError

    return {cls.__name__: cls for cls in (BotSpecError, BotLoadError, NativeBotError,
                                          PluginNotFoundError, TypeError)}


class IsolatedBot(ResourceBot):
    """A bot that is not ``bounded`` (module docstring, "Time limits"), run in a child
    process through a ProcessBot, so that a late move is stopped at ``time_limit +
    TIME_GRACE`` and a crash (a native library's too) loses only the game.

    Built by make_bot; ``spec`` and ``options`` as make_bot got them (the options must
    be JSON data); ``game`` (a registered game's name: the child loads it) and
    ``players`` go to the child and to the ProcessBot's handshake. The bot is built only in the child, with ``make_bot(...,
    isolate=False)``, once per game (with ``seed`` before the handshake, afresh with
    each later ``reset``); when that first build fails, the constructor raises what
    make_bot in-process would (BotSpecError, BotLoadError/NativeBotError,
    PluginNotFoundError, TypeError), or BotFault "crash" when the child dies building
    it. The child checks each move (checked_move); a fault it finds is written to a
    private side file and raised here with its kind and words, so ``choose`` raises the
    same BotFault as the bot in-process would, and BotFault "timeout" ("took more than
    L+grace s") or "crash" for what only a child can do. ``name`` is the bot's own
    name; ``time_budget`` the one it declared (the child reports it). Call ``close()``
    to end the child and remove the side file.
    """

    holds = "a child process"

    bounded = True

    def __init__(self, spec: str, seed: int | None = None, *, options: Mapping[str, Any] | None = None,
                 time_limit: float = DEFAULT_TIME_LIMIT, handshake_timeout: float = HANDSHAKE_TIMEOUT,
                 time_budget: float | None = None, game: str = DEFAULT_GAME,
                 players: int = 2) -> None:
        from pickpack.bots.process import ProcessBot

        self.time_limit = time_limit
        self.time_budget = time_budget
        payload = _child_payload(spec, seed, options or {}, time_limit, game, players)
        fd, self._fault_file = tempfile.mkstemp(prefix="pickpack-fault-", suffix=".json")
        os.close(fd)
        # removed by close(), or when this object goes away without it
        self._remove_fault_file = weakref.finalize(self, _remove_file, self._fault_file)
        payload["fault_file"] = self._fault_file
        try:
            self._process = ProcessBot([sys.executable, "-c", _CHILD_CODE, json.dumps(payload)],
                                       seed, time_limit=time_limit,
                                       handshake_timeout=handshake_timeout, label=spec,
                                       game=game, players=players)
        except BotFault as exc:
            report = self._report()
            self._remove_fault_file()
            error = _config_errors().get(str(report.get("error")))
            if error is not None:
                raise error(str(report.get("message", ""))) from None
            raise self._child_fault(report) or exc from None
        except BaseException:
            self._remove_fault_file()
            raise
        self.name: str = self._process.name
        budget = self._report().get("time_budget")
        if time_budget is None and isinstance(budget, (int, float)):
            self.time_budget = float(budget)

    def _report(self) -> dict[str, Any]:
        """What the child wrote to the side file: ``{"time_budget"}`` once built, then
        ``{"kind", "message"}`` for a fault or ``{"error", "message"}`` for a bot that
        cannot be built; {} for nothing, or a partial write (a child killed writing)."""
        try:
            with open(self._fault_file, encoding="utf-8") as f:
                data = json.loads(f.read() or "{}")
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _child_fault(self, report: dict[str, Any] | None = None) -> BotFault | None:
        """The fault the child wrote before it stopped, if any."""
        data = self._report() if report is None else report
        kind, message = data.get("kind"), data.get("message")
        if not isinstance(kind, str) or not isinstance(message, str):
            return None
        return BotFault(kind, message)

    def reset(self, seed: int | None = None) -> None:
        """Start a new game in the child (it builds the bot afresh with this seed)."""
        self._process.reset(seed)

    def choose(self, state: GameState) -> Move:
        """The child's move for ``state``. Raises BotFault as the class docstring says."""
        try:
            return self._process.choose(state)
        except BotFault as exc:
            fault = self._child_fault()
            if fault is not None:
                raise fault from None
            if exc.kind == "timeout":
                raise BotFault("timeout", f"took more than {self.time_limit + TIME_GRACE:g} s "
                                          f"for a move, over the limit of {self.time_limit:g} s + "
                                          f"{TIME_GRACE:g} s grace") from None
            raise

    def close(self) -> None:
        """End the child process and remove the side file."""
        try:
            self._process.close()
        finally:
            self._remove_fault_file()


def _remove_file(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def serve_isolated(args: Mapping[str, Any], stdin: TextIO = sys.stdin,
                   stdout: TextIO = sys.stdout) -> int:
    """The child side of an IsolatedBot: docs/process-protocol.md on stdin/stdout for
    the bot ``args["spec"]`` built in-process (``isolate=False``) with
    ``args["options"]`` and ``args["time_limit"]``.

    The lines are spoken by pickpack.bots.process.serve_protocol, the one server of the
    protocol (``pickpack 1`` is answered ``ok NAME``, ``pickpack 2 ...`` ``ok 2 NAME``). Positions come as
    ``position snapshot JSON`` (version 1) or ``position TEXT`` (version 2: the game's
    position string) of the game ``args["game"]`` (a registered name; default Pick &
    Pack), read by its state class, so the child imports no game package by name.

    The bot is built once per game: with ``args["seed"]`` before the handshake (its
    name is the answer), kept for the first ``newgame`` (ProcessBot's own, with that
    seed), and built afresh for every later one. Once built, ``{"time_budget": ...}``
    is written to ``args["fault_file"]``. A bot that cannot be built at start is
    reported there as ``{"error": CLASS, "message"}`` for a configuration error
    (BotSpecError, BotLoadError, ...) and as a fault otherwise; a fault -- the bot
    cannot be built, raises, answers garbage or an illegal move -- is written as JSON
    ``{"kind", "message"}``. Either ends the child (status 3); otherwise it runs until
    ``quit`` or end of input (status 0). The side file is private to the two
    processes and written in place: a child killed mid-write leaves a partial file,
    which the reader takes for "nothing reported"."""
    game = get_game(str(args.get("game", DEFAULT_GAME)))
    players = int(args.get("players", game.default_player_count()))
    spec, options = str(args["spec"]), dict(args["options"])
    first_seed = args.get("seed")

    def report(data: dict[str, Any]) -> None:
        with open(args["fault_file"], "w", encoding="utf-8") as f:   # private side file
            f.write(json.dumps(data))

    def fail(fault: BotFault) -> int:
        report({"kind": fault.kind, "message": str(fault)})
        return 3

    def build(seed: int | None) -> Bot:
        return make_bot(spec, seed, game=game, players=players, time_limit=float(args["time_limit"]),
                        isolate=False, **options)

    try:
        bot = build(first_seed)
    except tuple(_config_errors().values()) as exc:
        report({"error": type(exc).__name__, "message": str(exc)})
        return 3
    except Exception as exc:
        return fail(BotFault("crash", f"could not be built: {type(exc).__name__}: {exc}"))
    budget = getattr(bot, "time_budget", None)
    report({"time_budget": budget if isinstance(budget, (int, float)) else None})
    return serve_protocol(_IsolatedPlayer(bot, build, first_seed, fail), stdin, stdout)


class _IsolatedPlayer:
    """serve_isolated's bot behind the one line-protocol server (serve_protocol): the
    bot built at start serves the first game, every later ``newgame`` builds afresh,
    a fault goes to the side file and ends the child with status 3 (StopServing)."""

    def __init__(self, bot: Bot, build: Callable[[int | None], Bot], first_seed: int | None,
                 fail: Callable[[BotFault], int]) -> None:
        self._bot: Bot | None = bot
        self._build, self._first, self._fail = build, first_seed, fail
        self._fresh = True        # built for the first game and not claimed by a newgame yet

    def hello(self, handshake: Handshake) -> str:
        """The bot's name (the game was checked when the bot was built)."""
        assert self._bot is not None
        return str(self._bot.name)

    def newgame(self, seed: int) -> None:
        """Keep the bot built at start for the first game; build afresh for later ones."""
        if self._fresh and (self._first is None or seed == self._first):
            self._fresh = False
            return
        self._fresh = False
        self.close()
        try:
            self._bot = self._build(seed)
        except Exception as exc:
            raise StopServing(self._fail(BotFault(
                "crash", f"could not be built: {type(exc).__name__}: {exc}"))) from None

    def go(self, state: GameState, millis: int | None) -> str:
        """The bot's checked move text; a fault ends the child (StopServing)."""
        self._fresh = False
        assert self._bot is not None
        outcome = checked_move(self._bot, state)
        if isinstance(outcome, BotFault):
            raise StopServing(self._fail(outcome))
        return outcome.text

    def close(self) -> None:
        """Close the bot, once."""
        bot, self._bot = self._bot, None
        if bot is not None:
            close_bot(bot)
