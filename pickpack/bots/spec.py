"""Bot specs: how a bot is named on the command line (``pickpack match SPEC SPEC``).

Grammar (spaces are significant only inside a ``cmd:`` command line)::

    spec     = native | command | named
    native   = "native:" PATH               a shared library with the C ABI of
                                            core/common/pickpack_bot.h (pickpack.bots.native)
    command  = "cmd:" COMMAND-LINE          a program speaking docs/process-protocol.md,
                                            split into argv like a POSIX shell (shlex)
    named    = NAME [":" option ("," option)*]
    option   = KEY "=" VALUE
    NAME     = [A-Za-z0-9_] [A-Za-z0-9_.-]*   an entry point in group pickpack.bots
    KEY      = a Python identifier, not "seed" (the match seeds every game itself)
    VALUE    = one or more characters other than ","

A VALUE becomes an ``int`` if ``int(VALUE)`` accepts it, else a ``float`` if
``float(VALUE)`` accepts it and the result is finite, else the ``str`` itself:
``mcts:simulations=2000,c=1.4,policy=uct`` gives
``{"simulations": 2000, "c": 1.4, "policy": "uct"}``. ``native`` and ``cmd`` are
reserved prefixes: an entry point with one of those names cannot be named.

Examples::

    random
    mcts:simulations=2000,c=1.4
    native:./build/libmybot.so
    cmd:python examples/process_bot.py --verbose

``parse_bot_spec`` raises BotSpecError with one line that quotes the spec and gives the
1-based column of the problem.
"""

from __future__ import annotations

import math
import re
import shlex
from dataclasses import dataclass, field
from typing import Literal

from pickpack.errors import BotSpecError

__all__ = ["BotSpec", "OptionValue", "parse_bot_spec", "parse_option_value"]

OptionValue = int | float | str

_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*\Z")


@dataclass(frozen=True)
class BotSpec:
    """A parsed bot spec.

    ``kind`` is ``"entry"`` (an entry point ``name`` with ``options``), ``"native"``
    (``target`` is the library path) or ``"cmd"`` (``target`` is the command line as
    written, ``argv`` its words). ``text`` is the spec as given.
    """

    text: str
    kind: Literal["entry", "native", "cmd"]
    name: str
    options: dict[str, OptionValue] = field(default_factory=dict)
    target: str = ""
    argv: tuple[str, ...] = ()


def parse_option_value(text: str) -> OptionValue:
    """``text`` as an int, else a finite float, else the string itself (see the grammar).

    >>> parse_option_value("2000"), parse_option_value("1.4"), parse_option_value("uct")
    (2000, 1.4, 'uct')
    """
    try:
        return int(text)
    except ValueError:
        pass
    try:
        number = float(text)
    except ValueError:
        return text
    return number if math.isfinite(number) else text


def _error(spec: str, column: int, problem: str) -> BotSpecError:
    return BotSpecError(f"bad bot spec {spec!r} at column {column}: {problem}")


def parse_bot_spec(spec: str) -> BotSpec:
    """Parse one bot spec (grammar in the module docstring).

    Raises BotSpecError for an empty spec, a bad name, an empty ``native:`` path or
    ``cmd:`` command, unbalanced quotes in a command, an option without ``=``, an empty
    key or value, a key that is not an identifier, ``seed`` as a key, or a key given twice.

    >>> parse_bot_spec("mcts:simulations=200,c=1.4").options
    {'simulations': 200, 'c': 1.4}
    >>> parse_bot_spec("cmd:python bot.py --fast").argv
    ('python', 'bot.py', '--fast')
    """
    if not spec.strip():
        raise BotSpecError("bad bot spec '': empty; give a bot name, native:PATH or cmd:COMMAND")
    head, colon, rest = spec.partition(":")
    if head == "native":
        if not rest.strip():
            raise _error(spec, 8, "native: needs the path of a shared library")
        return BotSpec(spec, "native", "native", target=rest)
    if head == "cmd":
        try:
            argv = tuple(shlex.split(rest))
        except ValueError as exc:       # shlex: "No closing quotation" / "No escaped character"
            raise _error(spec, 5, f"cannot split the command line: {exc}") from None
        if not argv:
            raise _error(spec, 5, "cmd: needs a command line")
        return BotSpec(spec, "cmd", "cmd", target=rest, argv=argv)
    if not _NAME.match(head):
        raise _error(spec, 1, f"{head!r} is not a bot name (letters, digits, '_', '.', '-'; "
                              "or native:PATH, cmd:COMMAND)")
    if not colon:
        return BotSpec(spec, "entry", head)
    if not rest:
        raise _error(spec, len(head) + 2, "no options after ':' (give key=value,...)")
    options: dict[str, OptionValue] = {}
    column = len(head) + 2
    for item in rest.split(","):
        key, eq, value = item.partition("=")
        if not eq:
            raise _error(spec, column, f"option {item!r} needs the form key=value")
        if not key.isidentifier():
            raise _error(spec, column, f"option key {key!r} is not an identifier")
        if key == "seed":
            raise _error(spec, column, "'seed' is not an option: the match seeds every game")
        if key in options:
            raise _error(spec, column, f"option {key!r} given twice")
        if not value:
            raise _error(spec, column + len(key) + 1, f"option {key!r} has an empty value")
        options[key] = parse_option_value(value)
        column += len(item) + 1
    return BotSpec(spec, "entry", head, options=options)
