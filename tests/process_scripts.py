"""Test helper: small process bots (docs/process-protocol.md) that misbehave on purpose.

``script(tmp, name, handshake=..., go=..., quit=...)`` writes a Python program that
speaks the protocol like examples/process_bot.py (a seeded random choice among the
``legal`` moves) except for the pieces replaced, and returns its ``cmd:`` spec.
Inside the pieces: ``rng`` (seeded by newgame), ``legal`` (the move texts), ``moves``
(the number of ``go`` received so far, this one included), ``sys``, ``time``.
"""

from __future__ import annotations

import shlex
import sys
import textwrap
from pathlib import Path

HANDSHAKE_OK = 'print("ok scripted", flush=True)'
GO_RANDOM = 'print("bestmove", rng.choice(legal), flush=True)'

_TEMPLATE = '''\
import random, sys, time
rng, legal, moves = random.Random(0), [], 0
for line in sys.stdin:
    command, _, rest = line.strip().partition(" ")
    if command == "pickpack":
{handshake}
    elif command == "newgame":
        rng = random.Random(int(rest))
    elif command == "legal":
        legal = rest.split()
    elif command == "go":
        moves += 1
{go}
    elif command == "quit":
{quit}
'''


def script(tmp: Path, name: str, *, handshake: str = HANDSHAKE_OK, go: str = GO_RANDOM,
           quit: str = "break") -> str:
    """Write the bot ``name`` in ``tmp``; its spec ``cmd:PYTHON PATH``."""
    path = tmp / f"{name}.py"
    path.write_text(_TEMPLATE.format(handshake=textwrap.indent(handshake, " " * 8),
                                     go=textwrap.indent(go, " " * 8),
                                     quit=textwrap.indent(quit, " " * 8)))
    return f"cmd:{shlex.join([sys.executable, str(path)])}"


def raw_script(tmp: Path, name: str, code: str) -> str:
    """A program of any content; its spec ``cmd:PYTHON PATH``."""
    path = tmp / f"{name}.py"
    path.write_text(code)
    return f"cmd:{shlex.join([sys.executable, str(path)])}"
