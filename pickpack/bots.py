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
(pickpack.botspec) and must be keyword parameters of the factory (unknown keys are
refused before the match starts, naming the ones it takes). The object it returns has

- ``name: str`` -- shown in messages;
- ``choose(state) -> Move`` -- a legal move for ``state.current_player``. ``state`` is
  a pickpack.State (a private copy: the bot may mutate it); the game starts in phase
  "play" (placements are dealt by the match). Return a ``Move`` from
  ``state.legal_moves()`` (or ``Move(action, state.action_text(action))`` for an
  action of ``state.legal_actions()``). Raising, returning something else or an
  illegal move loses the game (docs/match.md, "Faults");
- optionally ``reset(seed: int | None) -> None`` -- restart for a new game;
- optionally ``time_budget: float | None`` -- seconds per move the bot means to use;
  a match refuses to start when it is above the match's per-move time limit
  (pickpack.time_limit; every move is timed, a late one loses the game);
- optionally ``close() -> None`` -- release resources; called after every game;
- optionally ``bounded = True`` (a class attribute) -- the bot promises to answer
  within the match's per-move limit by itself (see "Time limits" below).

A factory that has a ``time_limit`` keyword parameter receives the match's per-move
limit in seconds (``time_limit=L``), so that it can plan its moves inside it.

Time limits
-----------
Every move must come within ``L + TIME_GRACE`` (pickpack.time_limit), and a bot that
hangs must lose that game instead of hanging the match. A Python call cannot be
stopped from outside, so make_bot runs in-process only the bots that declare
``bounded = True`` (the built-in random, greedy, mcts and alphabeta: the searches stop
themselves before L). Any other bot -- an entry point without the attribute, a
``native:PATH`` library -- is built once here (so a bad option or library is refused
at once, as before) and then run in a child process (an IsolatedBot, a ProcessBot
underneath) that is killed at ``L + TIME_GRACE``. Its faults read as they would
in-process: "exception: raised ...", "garbage: returned ...", "illegal: ...", and a
late move "timeout: took more than ... s". ``make_bot(..., isolate=False)`` keeps such
a bot in-process (tests; the child's own side, to avoid recursion).

A minimal bot::

    class FirstMove:
        name = "first"
        def __init__(self, seed=None): pass
        def choose(self, state): return state.legal_moves()[0]

Bots in other languages: a shared library (``native:PATH``, core/pickpack_bot.h and
pickpack.native_bot) or a program speaking the line protocol
(``cmd:COMMAND``, docs/process-protocol.md and pickpack.process_bot).
"""

from __future__ import annotations

import inspect
import json
import os
import sys
import tempfile
import weakref
from collections.abc import Mapping
from typing import Any, Protocol, TextIO, runtime_checkable

from pickpack.botspec import BotSpec, parse_bot_spec
from pickpack.errors import BotFault, BotLoadError, BotSpecError, IllegalMoveError, MoveSyntaxError
from pickpack.move import Move
from pickpack.plugins import PluginNotFoundError, load, names
from pickpack.safe_files import write_text_atomic
from pickpack.time_limit import DEFAULT_TIME_LIMIT, HANDSHAKE_TIMEOUT, TIME_GRACE

__all__ = ["Bot", "IsolatedBot", "available_bots", "bot_choices", "checked_move", "make_bot"]

# Keywords of make_bot itself, never bot options in a spec.
_RESERVED = ("time_limit", "handshake_timeout", "isolate")


@runtime_checkable
class Bot(Protocol):
    """What every bot offers (module docstring: the optional reset/time_budget/close)."""

    name: str

    def choose(self, state: Any) -> Move: ...


def available_bots() -> list[str]:
    """Names registered in ``pickpack.bots``, sorted."""
    return names("pickpack.bots")


def bot_choices() -> str:
    """The bot names there are plus the two other forms, for error messages."""
    return ", ".join([*available_bots(), "native:PATH", "cmd:COMMAND"])


def _factory(name: str) -> Any:
    try:
        return load("pickpack.bots", name)
    except PluginNotFoundError:
        raise PluginNotFoundError(f"unknown bot {name!r}; choices: {bot_choices()}") from None
    except Exception as exc:      # a broken plugin: reported in one line, never a traceback
        raise BotLoadError(f"bot {name!r} failed to load: {type(exc).__name__}: {exc}") from None


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


def _close(bot: Any) -> None:
    close = getattr(bot, "close", None)
    if close is not None:
        close()


def make_bot(spec: str, seed: int | None = None, *, time_limit: float = DEFAULT_TIME_LIMIT,
             handshake_timeout: float = HANDSHAKE_TIMEOUT, isolate: bool = True,
             **options: Any) -> Bot:
    """Build the bot that ``spec`` names (grammar: pickpack.botspec) with this seed.

    ``options`` add to the spec's own ``key=value`` options (a key in both is an
    error). ``time_limit`` (seconds per move) is what a ``cmd:`` bot is told with every
    ``go`` and what a factory with a ``time_limit`` parameter receives (the search bots
    stop before it); ``handshake_timeout`` (seconds) is how long a bot in a child
    process has to start and answer the handshake. A bot that is not ``bounded`` (an
    entry point without ``bounded = True``, a ``native:`` library) comes back as an
    IsolatedBot running in a child process, unless ``isolate=False`` (module docstring,
    "Time limits").

    Raises BotSpecError (malformed spec, unknown or bad option, an option value that
    cannot be sent to a child process), PluginNotFoundError (unknown name; the message
    lists the choices), BotLoadError (plugin fails to import, native library unusable:
    NativeBotError), BotFault (a ``cmd:`` program or an isolated bot that cannot start
    or fails the handshake) and TypeError when the plugin builds an object without
    ``name``/``choose``.
    """
    parsed = parse_bot_spec(spec)
    if parsed.kind != "entry" and options:
        raise BotSpecError(f"bot {spec!r}: {parsed.kind}: bots take no options, got "
                           f"{', '.join(options)}")
    if parsed.kind == "cmd":
        from pickpack.process_bot import ProcessBot
        return ProcessBot(parsed.argv, seed, time_limit=time_limit,
                          handshake_timeout=handshake_timeout, label=parsed.target.strip())
    bot: Bot
    if parsed.kind == "native":
        from pickpack.native_bot import NativeBot
        bot = NativeBot(parsed.target, seed)          # a bad library is refused here
    else:
        bot = _entry_bot(parsed, seed, time_limit, options)
    if not isolate or getattr(bot, "bounded", False) is True:
        return bot
    budget = getattr(bot, "time_budget", None)
    _close(bot)
    return IsolatedBot(spec, seed, options=options, time_limit=time_limit,
                       handshake_timeout=handshake_timeout, time_budget=budget)


def _entry_bot(parsed: BotSpec, seed: int | None, time_limit: float,
               options: Mapping[str, Any]) -> Bot:
    """The entry-point bot of ``parsed`` built in this process (make_bot's errors)."""
    spec = parsed.text
    both = sorted(set(parsed.options) & set(options))
    if both:
        raise BotSpecError(f"bot {spec!r}: option {both[0]!r} given in the spec and as a keyword")
    merged = {**parsed.options, **options}
    reserved = [key for key in _RESERVED if key in merged]
    if reserved:
        raise BotSpecError(f"bot {spec!r}: {reserved[0]!r} is set by the match "
                           f"(--time-limit, --handshake-timeout), not a bot option")
    factory = _factory(parsed.name)
    _check_options(parsed, factory, merged)
    if _takes_time_limit(factory):
        merged["time_limit"] = time_limit
    try:
        bot = factory(seed=seed, **merged)
    except (TypeError, ValueError) as exc:     # the plugin's own word on a bad option value
        raise BotSpecError(f"bot {spec!r}: {exc}") from None
    if not isinstance(bot, Bot):
        raise TypeError(f"bot plugin {parsed.name!r} built {type(bot).__name__}, which lacks name/choose")
    return bot


# --- running a bot that is not bounded in a child process -----------------------------

def checked_move(bot: Bot, state: Any) -> Move | BotFault:
    """``bot.choose`` on a copy of ``state``, checked: the legal Move (canonical, not
    applied to ``state``), or the bot's fault -- "exception" (it raised; a BotFault it
    raised keeps its kind), "garbage" (not a Move or move text) or "illegal". The same
    words as the match runner's for an in-process bot (pickpack.match)."""
    try:
        move: Any = bot.choose(state.copy())
    except BotFault as exc:
        return exc
    except Exception as exc:
        return BotFault("exception", f"raised {type(exc).__name__}: {exc}")
    if not isinstance(move, (Move, str)):
        return BotFault("garbage", f"returned {type(move).__name__} {repr(move)[:60]}, not a Move")
    try:
        trial = state.copy()
        if isinstance(move, str):
            move = trial.parse_move(move)
        trial.apply(move)
    except (IllegalMoveError, MoveSyntaxError) as exc:
        return BotFault("illegal", str(exc))
    return Move(move.action, state.action_text(move.action))


# The child: Python's own path as the parent sees it (plugins added at run time stay
# visible), then serve_isolated. argv[1] is the JSON of IsolatedBot._child_args.
_CHILD_CODE = (
    "import json, sys\n"
    "args = json.loads(sys.argv[1])\n"
    "sys.path[:] = args['path'] + [p for p in sys.path if p not in args['path']]\n"
    "from pickpack.bots import serve_isolated\n"
    "raise SystemExit(serve_isolated(args))\n")


class IsolatedBot:
    """A bot that is not ``bounded`` (module docstring, "Time limits"), run in a child
    process through a ProcessBot, so that a late move is stopped at ``time_limit +
    TIME_GRACE`` and a crash (a native library's too) loses only the game.

    Built by make_bot; ``spec`` and ``options`` as make_bot got them (the options must
    be JSON data). The child builds the bot with ``make_bot(..., isolate=False)`` and
    checks each move (checked_move); a fault it finds is written to a side file and
    raised here with its kind and words, so ``choose`` raises the same BotFault as the
    bot in-process would, and BotFault "timeout" ("took more than L+grace s") or
    "crash" for what only a child can do. ``name`` is the bot's own name;
    ``time_budget`` the one it declared. Call ``close()`` to end the child.
    """

    bounded = True

    def __init__(self, spec: str, seed: int | None = None, *, options: Mapping[str, Any] | None = None,
                 time_limit: float = DEFAULT_TIME_LIMIT, handshake_timeout: float = HANDSHAKE_TIMEOUT,
                 time_budget: float | None = None) -> None:
        from pickpack.process_bot import ProcessBot

        self.time_limit = time_limit
        self.time_budget = time_budget
        try:
            payload = {"spec": spec, "options": dict(options or {}), "time_limit": time_limit,
                       "path": [os.path.abspath(p) for p in sys.path]}
            json.dumps(payload)
        except (TypeError, ValueError):
            raise BotSpecError(f"bot {spec!r}: its options are not JSON data, so it cannot run "
                               f"in a child process; pass isolate=False to keep it in-process") from None
        fd, self._fault_file = tempfile.mkstemp(prefix="pickpack-fault-", suffix=".json")
        os.close(fd)
        # removed by close(), or when this object goes away without it
        self._remove_fault_file = weakref.finalize(self, _remove_file, self._fault_file)
        payload["fault_file"] = self._fault_file
        try:
            self._process = ProcessBot([sys.executable, "-c", _CHILD_CODE, json.dumps(payload)],
                                       seed, time_limit=time_limit,
                                       handshake_timeout=handshake_timeout, label=spec)
        except BotFault as exc:
            fault = self._child_fault() or exc
            self._remove_fault_file()
            raise fault from None
        except BaseException:
            self._remove_fault_file()
            raise
        self.name: str = self._process.name

    def _child_fault(self) -> BotFault | None:
        """The fault the child wrote before it stopped, if any."""
        try:
            with open(self._fault_file, encoding="utf-8") as f:
                text = f.read()
            data = json.loads(text) if text else None
            return None if data is None else BotFault(data["kind"], data["message"])
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def reset(self, seed: int | None = None) -> None:
        """Start a new game in the child (it builds the bot afresh with this seed)."""
        self._process.reset(seed)

    def choose(self, state: Any) -> Move:
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
    ``args["options"]`` and ``args["time_limit"]``. A fault -- the bot cannot be built,
    raises, answers garbage or an illegal move -- is written as JSON ``{"kind",
    "message"}`` to ``args["fault_file"]`` and ends the child (status 3); otherwise it
    runs until ``quit`` or end of input (status 0)."""
    from pickpack.state import State

    spec, options = str(args["spec"]), dict(args["options"])

    def fail(fault: BotFault) -> int:
        write_text_atomic(args["fault_file"], json.dumps({"kind": fault.kind, "message": str(fault)}))
        return 3

    def build(seed: int) -> Any:
        return make_bot(spec, seed, time_limit=float(args["time_limit"]), isolate=False, **options)

    def say(line: str) -> None:
        stdout.write(line + "\n")
        stdout.flush()

    try:
        bot = build(0)
    except Exception as exc:
        return fail(BotFault("crash", f"could not be built: {type(exc).__name__}: {exc}"))
    state: Any = None
    try:
        for raw in stdin:
            command, _, rest = raw.strip().partition(" ")
            if command == "pickpack":
                say(f"ok {bot.name}")
            elif command == "newgame":
                _close(bot)
                try:
                    bot = build(int(rest))
                except Exception as exc:
                    return fail(BotFault("crash", f"could not be built: {type(exc).__name__}: {exc}"))
            elif command == "position" and rest.startswith("snapshot "):
                state = State.from_snapshot(json.loads(rest[len("snapshot "):]))
            elif command == "go" and state is not None:
                outcome = checked_move(bot, state)
                if isinstance(outcome, BotFault):
                    return fail(outcome)
                say(f"bestmove {outcome.text}")
            elif command == "quit":
                break
    finally:
        _close(bot)
    return 0
