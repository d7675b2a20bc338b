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
- optionally ``close() -> None`` -- release resources; called after every game.

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
from typing import Any, Protocol, runtime_checkable

from pickpack.botspec import BotSpec, parse_bot_spec
from pickpack.errors import BotLoadError, BotSpecError
from pickpack.move import Move
from pickpack.plugins import PluginNotFoundError, load, names
from pickpack.time_limit import DEFAULT_TIME_LIMIT

__all__ = ["Bot", "available_bots", "bot_choices", "make_bot"]


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
             if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and p.name != "seed"]
    for key in options:
        if key not in takes:
            raise BotSpecError(f"bot {spec.text!r}: {spec.name} has no option {key!r}; "
                               f"its options: {', '.join(takes) or 'none'}")


def make_bot(spec: str, seed: int | None = None, *, time_limit: float = DEFAULT_TIME_LIMIT,
             **options: Any) -> Bot:
    """Build the bot that ``spec`` names (grammar: pickpack.botspec) with this seed.

    ``options`` add to the spec's own ``key=value`` options (a key in both is an
    error); ``time_limit`` (seconds per move) is what a ``cmd:`` bot is told with
    every ``go``. Raises BotSpecError (malformed spec, unknown or bad option),
    PluginNotFoundError (unknown name; the message lists the choices), BotLoadError
    (plugin fails to import, native library unusable: NativeBotError), BotFault (a
    ``cmd:`` program that cannot start or fails the handshake) and TypeError when the
    plugin builds an object without ``name``/``choose``.
    """
    parsed = parse_bot_spec(spec)
    if parsed.kind != "entry" and options:
        raise BotSpecError(f"bot {spec!r}: {parsed.kind}: bots take no options, got "
                           f"{', '.join(options)}")
    if parsed.kind == "native":
        from pickpack.native_bot import NativeBot
        return NativeBot(parsed.target, seed)
    if parsed.kind == "cmd":
        from pickpack.process_bot import ProcessBot
        return ProcessBot(parsed.argv, seed, time_limit=time_limit, label=parsed.target.strip())
    both = sorted(set(parsed.options) & set(options))
    if both:
        raise BotSpecError(f"bot {spec!r}: option {both[0]!r} given in the spec and as a keyword")
    merged = {**parsed.options, **options}
    factory = _factory(parsed.name)
    _check_options(parsed, factory, merged)
    try:
        bot = factory(seed=seed, **merged)
    except (TypeError, ValueError) as exc:     # the plugin's own word on a bad option value
        raise BotSpecError(f"bot {spec!r}: {exc}") from None
    if not isinstance(bot, Bot):
        raise TypeError(f"bot plugin {parsed.name!r} built {type(bot).__name__}, which lacks name/choose")
    return bot
