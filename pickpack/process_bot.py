"""Process bots: programs in any language that speak docs/process-protocol.md.

``cmd:COMMAND LINE`` on the command line builds a ProcessBot: the program is started
once per game in a session of its own, and every exchange has a deadline (the
handshake HANDSHAKE_TIMEOUT, each move the match's time limit plus TIME_GRACE,
pickpack.time_limit). Reads and writes never block past it: the pipes are
non-blocking and waited on with ``selectors``; at the deadline the process group is
killed. Whatever goes wrong becomes a BotFault with its kind (crash, timeout, garbage,
illegal) and a one-line reason that quotes the last line the program wrote on stderr.

Run as a module, it serves any bot spec over the protocol, so that an in-process bot
(an entry point or a native library) gets a hard time limit and crash isolation::

    python -m pickpack.process_bot native:examples/native-bot/libgrab_bot.so
"""

from __future__ import annotations

import collections
import json
import os
import secrets
import selectors
import shlex
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Sequence
from typing import IO, Any, TextIO

from pickpack.errors import BotFault, IllegalMoveError, MoveSyntaxError
from pickpack.move import Move
from pickpack.time_limit import DEFAULT_TIME_LIMIT, HANDSHAKE_TIMEOUT, TIME_GRACE, check_time_limit

__all__ = ["MAX_LINE", "PROTOCOL_VERSION", "QUIT_TIMEOUT", "ProcessBot", "serve"]

PROTOCOL_VERSION = 1
MAX_LINE = 1 << 20          # bytes: a longer line is garbage
QUIT_TIMEOUT = 1.0          # seconds a bot has to exit after "quit" before it is killed
_STDERR_LINES = 20


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    """Kill the bot's whole process group (it runs in a session of its own) and reap it."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    proc.wait()


def _exit_text(code: int | None) -> str:
    if code is None:
        return "closed its output"
    if code < 0:
        try:
            return f"was killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"was killed by signal {-code}"
    return f"exited with status {code}"


class ProcessBot:
    """A bot in a subprocess speaking the line protocol (docs/process-protocol.md).

    ``argv`` is the program and its arguments; ``seed`` goes to ``newgame`` (None: a
    random 64-bit seed); ``time_limit`` is the per-move limit in seconds, sent with
    every ``go``. The constructor starts the program and does the handshake; it raises
    BotFault ("crash": cannot start or exited, "timeout": no answer within
    ``handshake_timeout``, "garbage": not ``ok NAME``). ``name`` is the NAME the
    program gave. Call ``close()`` (or use ``with``) to end the program.
    """

    time_budget: float | None = None

    def __init__(self, argv: Sequence[str], seed: int | None = None, *,
                 time_limit: float = DEFAULT_TIME_LIMIT,
                 handshake_timeout: float = HANDSHAKE_TIMEOUT,
                 label: str | None = None) -> None:
        if not argv:
            raise ValueError("ProcessBot needs a command (argv is empty)")
        self.label = label or shlex.join(argv)
        self.name = self.label
        self.time_limit = check_time_limit(time_limit)
        self._buffer = bytearray()
        self._closed = False
        self._stderr: collections.deque[str] = collections.deque(maxlen=_STDERR_LINES)
        try:
            self._proc = subprocess.Popen(
                list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, bufsize=0, start_new_session=True)
        except OSError as exc:
            raise BotFault("crash", f"process bot {self.label!r}: cannot start {argv[0]!r}: "
                                    f"{exc.strerror or exc}") from None
        self._finalizer = weakref.finalize(self, _kill_group, self._proc)
        assert self._proc.stdin and self._proc.stdout and self._proc.stderr
        self._in, self._out = self._proc.stdin.fileno(), self._proc.stdout.fileno()
        os.set_blocking(self._in, False)
        os.set_blocking(self._out, False)
        self._readable = selectors.DefaultSelector()
        self._readable.register(self._out, selectors.EVENT_READ)
        self._writable = selectors.DefaultSelector()
        self._writable.register(self._in, selectors.EVENT_WRITE)
        self._stderr_thread = threading.Thread(
            target=self._collect_stderr, args=(self._proc.stderr,), daemon=True)
        self._stderr_thread.start()
        deadline = time.monotonic() + handshake_timeout
        try:
            self._send(f"pickpack {PROTOCOL_VERSION}", deadline, "the handshake")
            answer = self._read_line(deadline, f"the handshake 'pickpack {PROTOCOL_VERSION}'")
            word, _, name = answer.partition(" ")
            if word != "ok" or not name.strip():
                raise self._fault("garbage", f"answered {answer[:80]!r} to the handshake "
                                             f"'pickpack {PROTOCOL_VERSION}' (expected 'ok NAME')")
            self.name = name.strip()
            self.reset(seed)
        except BaseException:
            self.close()
            raise

    # --- the protocol ---------------------------------------------------------------

    def reset(self, seed: int | None = None) -> None:
        """Start a new game: ``newgame SEED`` (None: a random 64-bit seed)."""
        seed = secrets.randbits(64) if seed is None else seed
        self._send(f"newgame {seed}", time.monotonic() + self.time_limit + TIME_GRACE, "newgame")

    def choose(self, state: Any) -> Move:
        """Send the position and its legal moves, then ``go``; the answer's legal Move.

        Raises BotFault: "timeout" past ``time_limit + TIME_GRACE`` (the process is
        killed), "crash" if it exits, "garbage" for a line that is not ``bestmove``,
        "illegal" for move text that is malformed or not legal here.
        """
        deadline = time.monotonic() + self.time_limit + TIME_GRACE
        millis = max(1, round(self.time_limit * 1000))
        snapshot = json.dumps(state.snapshot(), separators=(",", ":"))
        legal: dict[str, Move] = {m.text: m for m in state.legal_moves()}
        self._send(f"position snapshot {snapshot}\nlegal {' '.join(legal)}\ngo {millis}",
                   deadline, "go")
        answer = self._read_line(deadline, f"go {millis}")
        word, _, text = answer.partition(" ")
        if word != "bestmove" or not text.strip():
            raise self._fault("garbage", f"answered {answer[:80]!r} to go (expected 'bestmove MOVE')")
        if text.strip() in legal:          # the usual case: one of the texts just sent
            return legal[text.strip()]
        try:
            return Move.parse(text.strip(), state)
        except (IllegalMoveError, MoveSyntaxError) as exc:
            raise self._fault("illegal", f"bestmove {text.strip()[:40]}: {exc}") from None

    def close(self) -> None:
        """Send ``quit``, give the program QUIT_TIMEOUT seconds, then kill its group."""
        proc = getattr(self, "_proc", None)
        if proc is None or self._closed:
            return
        self._closed = True
        if self._finalizer.alive and proc.poll() is None:
            try:
                self._send("quit", time.monotonic() + QUIT_TIMEOUT, "quit")
                proc.wait(QUIT_TIMEOUT)
            except (BotFault, subprocess.TimeoutExpired):
                pass
        self._finalizer()          # kills the group if still running, reaps it
        self._readable.close()
        self._writable.close()
        for pipe in (proc.stdin, proc.stdout):
            if pipe is not None:
                pipe.close()
        self._stderr_thread.join(QUIT_TIMEOUT)

    def __enter__(self) -> ProcessBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- pipes with deadlines -------------------------------------------------------

    def _collect_stderr(self, pipe: IO[bytes]) -> None:
        for raw in pipe:
            line = raw.decode("utf-8", "replace").strip()
            if line:
                self._stderr.append(line)
        pipe.close()

    def _fault(self, kind: str, what: str) -> BotFault:
        return BotFault(kind, f"process bot {self.label!r}: {what}")

    def _died(self, waiting_for: str) -> BotFault:
        try:
            code: int | None = self._proc.wait(QUIT_TIMEOUT)
        except subprocess.TimeoutExpired:
            code = None
        self._finalizer()
        self._stderr_thread.join(QUIT_TIMEOUT)
        last = f"; last stderr line: {self._stderr[-1][:160]!r}" if self._stderr else ""
        return self._fault("crash", f"{_exit_text(code)} while waiting for {waiting_for}{last}")

    def _late(self, waiting_for: str) -> BotFault:
        self._finalizer()
        return self._fault("timeout", f"no answer to {waiting_for} in time (limit "
                                      f"{self.time_limit:g} s + {TIME_GRACE:g} s grace); killed")

    def _send(self, lines: str, deadline: float, waiting_for: str) -> None:
        if not self._finalizer.alive:
            raise self._fault("crash", f"is no longer running (cannot send {waiting_for})")
        data = memoryview((lines + "\n").encode())
        while data:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise self._late(waiting_for)
            if not self._writable.select(remaining):
                continue
            try:
                written = os.write(self._in, data)
            except BlockingIOError:
                continue
            except (BrokenPipeError, ConnectionResetError):
                raise self._died(waiting_for) from None
            data = data[written:]

    def _read_line(self, deadline: float, waiting_for: str) -> str:
        """The next line that is not blank or ``info ...``, without its newline."""
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                raw = bytes(self._buffer[:end])
                del self._buffer[:end + 1]
                line = raw.decode("utf-8", "replace").strip()
                if line and line != "info" and not line.startswith("info "):
                    return line
                continue
            if len(self._buffer) > MAX_LINE:
                self._finalizer()
                raise self._fault("garbage", f"wrote a line longer than {MAX_LINE} bytes")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise self._late(waiting_for)
            if not self._readable.select(remaining):
                continue
            try:
                chunk = os.read(self._out, 65536)
            except BlockingIOError:
                continue
            if not chunk:
                raise self._died(waiting_for)
            self._buffer += chunk


# --- serving a bot over the protocol -------------------------------------------------

def serve(spec: str, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Play the bot ``spec`` (pickpack.botspec) as a process bot until ``quit`` or EOF.

    Builds a fresh bot at every ``newgame SEED``; reads the position from
    ``position snapshot JSON`` (the ``legal`` line is not needed: the state knows its
    legal moves). Lines it does not know are ignored, as the protocol asks. Returns
    the exit status: 0 after ``quit`` or end of input.
    """
    from pickpack.bots import make_bot
    from pickpack.state import State

    bot = make_bot(spec, seed=0)
    state: Any = None

    def say(line: str) -> None:
        stdout.write(line + "\n")
        stdout.flush()

    try:
        for raw in stdin:
            command, _, rest = raw.strip().partition(" ")
            if command == "pickpack":
                say(f"ok {bot.name}")
            elif command == "newgame":
                getattr(bot, "close", lambda: None)()
                bot = make_bot(spec, seed=int(rest))
            elif command == "position" and rest.startswith("snapshot "):
                state = State.from_snapshot(json.loads(rest[len("snapshot "):]))
            elif command == "go" and state is not None:
                say(f"bestmove {bot.choose(state)}")
            elif command == "quit":
                break
    finally:
        getattr(bot, "close", lambda: None)()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m pickpack.process_bot SPEC``: serve SPEC on stdin/stdout."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        sys.stderr.write("usage: python -m pickpack.process_bot SPEC  (e.g. greedy, native:PATH)\n")
        return 2
    return serve(args[0])


if __name__ == "__main__":
    raise SystemExit(main())
