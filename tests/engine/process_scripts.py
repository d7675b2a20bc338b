"""Test helper: small process bots (docs/process-protocol.md) that misbehave on purpose.

``script(tmp, name, handshake=..., go=..., quit=...)`` writes a Python program that
speaks the protocol like examples/process_bot.py (a seeded random choice among the
``legal`` moves) except for the pieces replaced, and returns its ``cmd:`` spec.
Inside the pieces: ``rest`` (the handshake's words after ``pickpack``), ``rng`` (seeded
by newgame), ``legal`` (the move texts), ``positions`` (the ``position`` lines' text so
far), ``moves`` (the number of ``go`` received so far, this one included), ``sys``,
``time``.
"""

from __future__ import annotations

import shlex
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from pathlib import Path

#: Version 2 when offered (``ok 2 scripted``), version 1 otherwise (``ok scripted``).
HANDSHAKE_OK = 'print("ok 2 scripted" if rest.split()[:1] == ["2"] else "ok scripted", flush=True)'
#: A version-1 bot that answers ``ok`` to any handshake (version 1 did not ask it to check).
HANDSHAKE_V1 = 'print("ok scripted-v1", flush=True)'
#: A version-1 bot as version 1 told it to be: it exits on any version but 1.
HANDSHAKE_V1_STRICT = ('if rest != "1":\n'
                       '    sys.exit(f"this bot speaks protocol 1, not {rest}")\n'
                       'print("ok strict-v1", flush=True)')
GO_RANDOM = 'print("bestmove", rng.choice(legal), flush=True)'

_TEMPLATE = '''\
import random, sys, time
rng, legal, moves, positions = random.Random(0), [], 0, []
for line in sys.stdin:
    command, _, rest = line.strip().partition(" ")
    if command == "pickpack":
{handshake}
    elif command == "newgame":
        rng = random.Random(int(rest))
    elif command == "position":
        positions.append(rest)
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


# --- hosts: programs that launch a process bot, for lifetime tests ----------------------

#: A ``go`` (or handshake) piece: start a grandchild in the bot's process group, write
#: "BOT_PID GRANDCHILD_PID" to the file PIDFILE (atomically), then sleep.
SPAWN_AND_SLEEP = '''\
import os, subprocess
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
with open(PIDFILE + ".tmp", "w") as out:
    out.write(f"{os.getpid()} {child.pid}")
os.replace(PIDFILE + ".tmp", PIDFILE)
time.sleep(60)'''

_HOST = '''\
import sys, threading, time
import pickpack
import pickpack.bots.process as process_bot
from pickpack.bots.process import ProcessBot

if not {pdeathsig}:
    process_bot._LAUNCHER._preexec = None      # only the reaper is left (non-Linux path)
if {quit_timeout!r} is not None:
    process_bot.QUIT_TIMEOUT = {quit_timeout!r}
argv = {argv!r}
state = pickpack.new_game(seed=7, placements={{"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}})
bots = []
if {from_thread}:                               # launched from a thread that then ends
    launcher = threading.Thread(target=lambda: bots.append(ProcessBot(argv, time_limit=60)))
    launcher.start()
    launcher.join()
try:
    if not bots:
        bots.append(ProcessBot(argv, time_limit=60, handshake_timeout=60))
    bots[0].choose(state)
except KeyboardInterrupt:
    start = time.monotonic()
    for bot in bots:
        bot.close()
    print("closed", time.monotonic() - start, flush=True)
'''


def host_script(tmp: Path, name: str, bot_argv: Sequence[str], *, from_thread: bool = False,
                pdeathsig: bool = True, quit_timeout: float | None = None) -> list[str]:
    """A host program that starts a ProcessBot on ``bot_argv`` (time limit 60 s) and
    waits for its move; on KeyboardInterrupt it closes the bot and prints ``closed
    SECONDS`` (how long close() took). ``from_thread``: the bot is launched from
    a thread that ends at once; ``pdeathsig=False``: without the parent-death signal;
    ``quit_timeout``: the host's process_bot.QUIT_TIMEOUT instead of the default.
    Returns the host's argv."""
    path = tmp / f"{name}.py"
    path.write_text(_HOST.format(argv=list(bot_argv), from_thread=from_thread,
                                 pdeathsig=pdeathsig, quit_timeout=quit_timeout))
    return [sys.executable, str(path)]


def default_sigint() -> None:
    """``preexec_fn`` for a child a test interrupts with SIGINT.

    A child started from a non-interactive shell (a background job, a CI wrapper) may
    inherit SIGINT as ignored, and Python then keeps ignoring it; this restores the
    default so the child behaves as on a terminal (Python installs its KeyboardInterrupt
    handler over SIG_DFL)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupt_when_ready(argv: Sequence[str], ready_lines: int, settle: float,
                         cwd: str | Path | None = None) -> tuple[int, list[str], str, str, float]:
    """Start ``argv``, read its first ``ready_lines`` lines of output (the child prints
    them once it is inside the work to be interrupted), wait ``settle`` seconds, send
    SIGINT. Returns (exit status, the ready lines, the rest of stdout, stderr, seconds
    from the signal to the exit). The child gets 30 s to stop; it is killed in any case."""
    proc = subprocess.Popen(list(argv), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=cwd, preexec_fn=default_sigint)
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(ready_lines)]
        time.sleep(settle)
        proc.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = proc.communicate(timeout=30)
        return proc.returncode, lines, out, err, time.monotonic() - sent
    finally:
        proc.kill()
        proc.wait()


def pid_alive(pid: int) -> bool:
    """True while process ``pid`` exists and is not a zombie (Linux /proc)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            state = stat.read().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    return state not in ("Z", "X")


def wait_for(condition: Callable[[], bool], what: str, timeout: float = 60.0) -> None:
    """Poll ``condition`` every 50 ms until it holds; AssertionError naming ``what`` after
    ``timeout`` seconds (a bound on a hang, never what a test measures)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.05)
