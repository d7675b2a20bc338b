"""Process bots: programs in any language that speak docs/process-protocol.md.

``cmd:COMMAND LINE`` on the command line builds a ProcessBot: the program is started
once per game in a session (and process group) of its own, and every exchange has a
deadline (the handshake ``handshake_timeout``, default HANDSHAKE_TIMEOUT; each move the
match's time limit plus TIME_GRACE, pickpack.time_limit). Reads and writes never block
past it: the pipes are non-blocking and waited on with ``selectors`` in slices of at
most WAIT_SLICE seconds, so a KeyboardInterrupt ends a wait at once; at the deadline
the process group is killed. Whatever goes wrong becomes a BotFault with its kind
(crash, timeout, garbage, illegal) and a one-line reason that quotes the end of the
last line the program wrote on stderr.

Standard error is drained by a thread in chunks of up to 64 KiB, so a chatty bot never
blocks on it; only its last STDERR_TAIL bytes are kept (``ProcessBot.stderr_tail``).

No bot outlives the process that launched it (docs/process-protocol.md, "Lifetime"):

- close() kills the bot's whole process group (after ``quit`` and QUIT_TIMEOUT if the
  bot is idle, at once if it is busy with a move or the wait was interrupted);
- on Linux each bot gets the parent-death signal SIGKILL (``prctl(PR_SET_PDEATHSIG)``).
  It fires when the launching *thread* ends, so every bot is started from one
  long-lived launcher thread per process, never from the caller's thread;
- a small reaper process per launching process (started with the first bot, in a
  session of its own) holds the read end of a pipe from its launcher and the list of
  live bot process groups; when the launcher dies in any way (SIGKILL included) the pipe
  closes and the reaper kills every group still listed, grandchildren included. This is
  also the whole mechanism on POSIX systems without PR_SET_PDEATHSIG (macOS, BSD).

Run as a module, it serves any bot spec over the protocol, so that an in-process bot
(an entry point or a native library) gets a hard time limit and crash isolation::

    python -m pickpack.process_bot native:examples/native-bot/libgrab_bot.so
"""

from __future__ import annotations

import collections
import json
import os
import queue
import re
import secrets
import selectors
import shlex
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from typing import IO, Any, TextIO

from pickpack._pdeathsig import pdeathsig_preexec
from pickpack.errors import BotFault, IllegalMoveError, MoveSyntaxError
from pickpack.move import Move
from pickpack.time_limit import (DEFAULT_TIME_LIMIT, HANDSHAKE_TIMEOUT, TIME_GRACE,
                                 check_handshake_timeout, check_time_limit)

__all__ = ["MAX_LINE", "PROTOCOL_VERSION", "QUIT_TIMEOUT", "STDERR_QUOTE", "STDERR_TAIL",
           "WAIT_SLICE", "ProcessBot", "serve"]

PROTOCOL_VERSION = 1
MAX_LINE = 1 << 20          # bytes: a longer line is garbage
QUIT_TIMEOUT = 1.0          # seconds a bot has to exit after "quit" before it is killed
STDERR_TAIL = 8192          # bytes of a bot's stderr kept (the last ones)
STDERR_QUOTE = 160          # characters of the last stderr line quoted in a fault (its end)
WAIT_SLICE = 0.1            # seconds: the longest single wait on a pipe
_CHUNK = 65536              # bytes read from a pipe at a time
#: A line the engine must read: not blank, not ``info`` nor ``info ...`` once stripped.
_ANSWER = re.compile(rb"^[ \t\r\f\v]*(?!info(?: |[ \t\r\f\v]*$))\S.*$", re.MULTILINE)


# --- launching: parent-death signal, launcher thread, reaper -------------------------

# The reaper: reads "+PGID" / "-PGID" lines; at end of input (its launcher is gone)
# SIGKILLs every group still listed. Plain stdlib, run with -I -S: it starts in ~10 ms.
_REAPER_CODE = """\
import os, signal
for s in (signal.SIGINT, signal.SIGHUP, signal.SIGTSTP):
    signal.signal(s, signal.SIG_IGN)
groups, rest = set(), b""
while True:
    chunk = os.read(0, 4096)
    if not chunk:
        break
    *lines, rest = (rest + chunk).split(b"\\n")
    for line in lines:
        if line[:1] == b"+":
            groups.add(int(line[1:]))
        elif line[:1] == b"-":
            groups.discard(int(line[1:]))
for group in groups:
    try:
        os.killpg(group, signal.SIGKILL)
    except OSError:
        pass
"""


class _Launcher:
    """Starts bots from one long-lived thread and keeps this process's reaper.

    One per process: a forked child (a pool worker) gets a fresh one (os.register_at_fork
    drops the parent's, closing the child's copy of the reaper pipe).
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._jobs: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._reaper: subprocess.Popen[bytes] | None = None
        self._reaper_fd = -1
        self._preexec = pdeathsig_preexec()

    def start(self, argv: list[str], owner: object
              ) -> tuple[subprocess.Popen[bytes], weakref.finalize[Any, Any]]:
        """Popen ``argv`` (pipes on 0, 1, 2; own session) from the launcher thread.

        Returns the process and its finalizer (``_kill_group``), registered for
        ``owner`` before this returns and before the reaper is told, so that no
        interrupt can leave a started bot without one: an interrupt inside kills it
        here, one after hands the finalizer to ``owner``'s death (or to exit).
        """
        done = threading.Event()
        box: list[Any] = []

        def job() -> None:
            try:
                box.append(subprocess.Popen(
                    argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE, bufsize=0, start_new_session=True,
                    preexec_fn=self._preexec))
            except BaseException as exc:   # handed to the caller's thread
                box.append(exc)
            done.set()

        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._serve, name="pickpack-bot-launcher",
                                                daemon=True)
                self._thread.start()
        self._jobs.put(job)
        finalizer: weakref.finalize[Any, Any] | None = None
        try:
            while not done.wait(WAIT_SLICE):
                pass
            if isinstance(box[0], subprocess.Popen):
                finalizer = weakref.finalize(owner, _kill_group, box[0])
                self.watch(box[0].pid)
        except BaseException:          # interrupted: whatever was started must not live on
            done.wait()
            if finalizer is not None:
                finalizer()
            elif box and isinstance(box[0], subprocess.Popen):
                _kill_group(box[0])
            raise
        if isinstance(box[0], BaseException):
            raise box[0]
        assert finalizer is not None
        return box[0], finalizer

    def _serve(self) -> None:
        while True:
            self._jobs.get()()

    def watch(self, group: int) -> None:
        """Tell the reaper to kill process group ``group`` if this process dies."""
        with self._lock:
            if self._reaper is None or self._reaper.poll() is not None:
                self._start_reaper()
            self._tell(f"+{group}\n")

    def unwatch(self, group: int) -> None:
        """The group is gone (killed and reaped by close()): the reaper forgets it."""
        with self._lock:
            if self._reaper_fd >= 0:
                self._tell(f"-{group}\n")

    def _start_reaper(self) -> None:
        read, write = os.pipe()        # both ends non-inheritable: bots never hold them
        try:
            self._reaper = subprocess.Popen(
                [sys.executable, "-I", "-S", "-c", _REAPER_CODE], stdin=read,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        except OSError:                # no reaper: the parent-death signal still holds
            os.close(write)
            self._reaper, self._reaper_fd = None, -1
            return
        finally:
            os.close(read)
        self._reaper_fd = write

    def _tell(self, line: str) -> None:
        if self._reaper_fd < 0:
            return
        try:
            os.write(self._reaper_fd, line.encode())
        except OSError:                # the reaper is gone; a new one comes with the next bot
            os.close(self._reaper_fd)
            self._reaper_fd = -1

    def forget(self) -> None:
        """In a forked child: drop the parent's reaper pipe and launcher thread.

        Also runs between fork and exec of every bot (subprocess calls the at-fork
        hooks when it has a preexec_fn), so it does nothing that could block."""
        if self._reaper_fd >= 0:
            try:
                os.close(self._reaper_fd)
            except OSError:
                pass
        if self._reaper is not None:   # the parent's; kept referenced, never waited on
            _INHERITED.append(self._reaper)
        self._reaper, self._reaper_fd, self._thread = None, -1, None
        self._lock = threading.Lock()
        self._jobs = queue.SimpleQueue()
        if self._preexec is not None:  # kept off in tests that simulate other systems
            self._preexec = pdeathsig_preexec()


_INHERITED: list[subprocess.Popen[bytes]] = []
_LAUNCHER = _Launcher()
os.register_at_fork(after_in_child=_LAUNCHER.forget)


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    """Kill the bot's whole process group (its session) and reap the bot.

    The group is killed even when the bot itself has exited: a grandchild it left
    behind goes too.
    """
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    _LAUNCHER.unwatch(proc.pid)
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
    every ``go``; ``handshake_timeout`` (seconds, default HANDSHAKE_TIMEOUT) is how long
    the program has to start and answer ``ok NAME``. The constructor starts the program
    and does the handshake; it raises ValueError for an empty ``argv`` or a limit that
    is not a positive finite number, and BotFault ("crash": cannot start or exited,
    "timeout": no answer within ``handshake_timeout``, "garbage": not ``ok NAME``).
    ``name`` is the NAME the program gave. Call ``close()`` (or use ``with``) to end
    the program; it cannot outlive this process in any case (see the module docstring).
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
        self.handshake_timeout = check_handshake_timeout(handshake_timeout)
        self._buffer = bytearray()               # the bot's unfinished stdout line
        self._lines: collections.deque[bytes] = collections.deque()   # answers not yet read
        self._closed = False
        self._busy = True              # an answer is awaited: close() kills at once
        self._tail = bytearray()
        self._tail_lock = threading.Lock()
        try:
            # the finalizer comes with the process (_Launcher.start): no gap between them
            self._proc, self._finalizer = _LAUNCHER.start(list(argv), self)
        except OSError as exc:
            raise BotFault("crash", f"process bot {self.label!r}: cannot start {argv[0]!r}: "
                                    f"{exc.strerror or exc}") from None
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
        deadline = time.monotonic() + self.handshake_timeout
        try:
            self._send(f"pickpack {PROTOCOL_VERSION}", deadline, "the handshake")
            answer = self._read_line(deadline, f"the handshake 'pickpack {PROTOCOL_VERSION}'")
            self._busy = False
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
        "illegal" for move text that is malformed or not legal here. Anything raised
        while waiting (KeyboardInterrupt) leaves the bot busy: close() then kills it at
        once instead of asking it to quit.
        """
        deadline = time.monotonic() + self.time_limit + TIME_GRACE
        millis = max(1, round(self.time_limit * 1000))
        snapshot = json.dumps(state.snapshot(), separators=(",", ":"))
        legal: dict[str, Move] = {m.text: m for m in state.legal_moves()}
        self._busy = True
        self._send(f"position snapshot {snapshot}\nlegal {' '.join(legal)}\ngo {millis}",
                   deadline, "go")
        answer = self._read_line(deadline, f"go {millis}")
        self._busy = False
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
        """End the program and its process group; safe to call twice.

        An idle bot is sent ``quit`` and given QUIT_TIMEOUT seconds; a busy one (a move
        or the handshake was interrupted) is killed at once. Either way the whole
        process group is then killed, so nothing the bot started lives on.
        """
        proc = getattr(self, "_proc", None)
        if proc is None or self._closed:
            return
        self._closed = True
        try:
            if self._finalizer.alive and proc.poll() is None and not self._busy:
                try:
                    self._send("quit", time.monotonic() + QUIT_TIMEOUT, "quit")
                    proc.wait(QUIT_TIMEOUT)
                except (BotFault, subprocess.TimeoutExpired):
                    pass
        finally:                   # also when Ctrl-C interrupts the wait for quit
            self._finalizer()      # kills the group, reaps the bot
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

    @property
    def stderr_tail(self) -> str:
        """The last STDERR_TAIL bytes the program wrote on stderr, decoded (UTF-8,
        undecodable bytes replaced)."""
        with self._tail_lock:
            return self._tail.decode("utf-8", "replace")

    # --- pipes with deadlines -------------------------------------------------------

    def _collect_stderr(self, pipe: IO[bytes]) -> None:
        """Drain stderr in chunks, keeping only the last STDERR_TAIL bytes."""
        fd = pipe.fileno()
        try:
            while chunk := os.read(fd, _CHUNK):
                with self._tail_lock:
                    self._tail += chunk[-STDERR_TAIL:]
                    if len(self._tail) > STDERR_TAIL:
                        del self._tail[:-STDERR_TAIL]
        except OSError:
            pass
        finally:
            pipe.close()

    def _last_stderr_line(self) -> str:
        """``; last stderr line: '...'`` (its last STDERR_QUOTE characters), or ''."""
        lines = [line.strip() for line in self.stderr_tail.splitlines() if line.strip()]
        if not lines:
            return ""
        last = lines[-1]
        if len(last) > STDERR_QUOTE:
            last = "…" + last[-(STDERR_QUOTE - 1):]
        return f"; last stderr line: {last!r}"

    def _fault(self, kind: str, what: str) -> BotFault:
        return BotFault(kind, f"process bot {self.label!r}: {what}")

    def _died(self, waiting_for: str) -> BotFault:
        try:
            code: int | None = self._proc.wait(QUIT_TIMEOUT)
        except subprocess.TimeoutExpired:
            code = None
        self._finalizer()
        self._stderr_thread.join(QUIT_TIMEOUT)
        return self._fault("crash", f"{_exit_text(code)} while waiting for {waiting_for}"
                                    f"{self._last_stderr_line()}")

    def _late(self, waiting_for: str) -> BotFault:
        self._finalizer()
        if waiting_for.startswith("the handshake"):
            limit = (f"handshake timeout {self.handshake_timeout:g} s; raise it with "
                     "--handshake-timeout")
        else:
            limit = f"limit {self.time_limit:g} s + {TIME_GRACE:g} s grace"
        return self._fault("timeout", f"no answer to {waiting_for} in time ({limit}); killed")

    def _send(self, lines: str, deadline: float, waiting_for: str) -> None:
        if not self._finalizer.alive:
            raise self._fault("crash", f"is no longer running (cannot send {waiting_for})")
        data = memoryview((lines + "\n").encode())
        while data:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise self._late(waiting_for)
            if not self._writable.select(min(remaining, WAIT_SLICE)):
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
            if self._lines:
                return self._lines.popleft().decode("utf-8", "replace").strip()
            if len(self._buffer) > MAX_LINE:
                self._finalizer()
                raise self._fault("garbage", f"wrote a line longer than {MAX_LINE} bytes")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise self._late(waiting_for)
            if not self._readable.select(min(remaining, WAIT_SLICE)):
                continue
            try:
                chunk = os.read(self._out, _CHUNK)
            except BlockingIOError:
                continue
            if not chunk:
                raise self._died(waiting_for)
            self._take(chunk)

    def _take(self, chunk: bytes) -> None:
        """Keep the answers among the complete lines the bot wrote (those that are not
        blank or ``info ...``, found by one regular-expression scan, so a megabyte of
        ``info`` lines costs milliseconds); the unfinished last line stays buffered."""
        if b"\n" not in chunk:
            self._buffer += chunk
            return
        data = bytes(self._buffer) + chunk
        end = data.rfind(b"\n")
        self._lines.extend(_ANSWER.findall(data, 0, end))
        self._buffer = bytearray(data[end + 1:])


# --- serving a bot over the protocol -------------------------------------------------

def _make_in_process(spec: str, seed: int, time_limit: float | None = None) -> Any:
    """make_bot(spec, seed) kept in this process (``isolate=False``): the served bot
    must not be wrapped in yet another process bot. ``time_limit`` None: the default."""
    from pickpack.bots import make_bot

    if time_limit is None:
        return make_bot(spec, seed=seed, isolate=False)
    return make_bot(spec, seed=seed, isolate=False, time_limit=time_limit)


def serve(spec: str, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Play the bot ``spec`` (pickpack.botspec) as a process bot until ``quit`` or EOF.

    Builds a fresh bot for every ``newgame SEED``, with that seed, at the game's first
    ``go MILLISECONDS``, so that it gets the per-move limit (``make_bot(...,
    time_limit=MILLISECONDS / 1000)``: a search bot stops before it); reads the position
    from ``position snapshot JSON`` (the ``legal`` line is not needed: the state knows
    its legal moves). Lines it does not know are ignored, as the protocol asks. Returns
    the exit status: 0 after ``quit`` or end of input.
    """
    from pickpack.games.pickpack.state import State

    bot = _make_in_process(spec, 0)          # its name, for the handshake
    seed: int | None = None                  # a newgame whose bot is not built yet
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
                seed = int(rest)
            elif command == "position" and rest.startswith("snapshot "):
                # the host checked the position; an unchecked one (tests) plays too
                state = State.from_snapshot(json.loads(rest[len("snapshot "):]), checked=False)
            elif command == "go" and state is not None:
                if seed is not None:
                    millis = int(rest) if rest.strip().isdigit() and int(rest) > 0 else None
                    getattr(bot, "close", lambda: None)()
                    bot = _make_in_process(spec, seed, None if millis is None else millis / 1000)
                    seed = None
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
