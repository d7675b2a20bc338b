"""Where the games of a match run: this process, a local process pool, or Ray tasks.

Every game is a pure function of its arguments (pickpack.match: seeded by the match
seed and its index), so the backend and the number of workers change only the speed,
never the results: ``run_tasks`` returns results in task order whatever order they
finish in; ``iter_batches`` yields them as they finish, with their task index, in
batches (everything that arrived together).

Schedules are lazy: tasks are taken from their iterable only as workers become free,
with at most ``IN_FLIGHT`` submissions per worker waiting or running, so memory follows
``jobs``, not the number of tasks.

- ``local`` with ``jobs == 1``: one after the other in this process.
- ``local`` with ``jobs > 1``: ``concurrent.futures.ProcessPoolExecutor`` with the
  ``spawn`` start method (safe with the threads of the progress display and of process
  bots); tasks go out in chunks (``chunk_size``). Workers ignore SIGINT (the host
  handles Ctrl-C and stops them) and die with the host: a parent-death signal on Linux
  (``prctl(PR_SET_PDEATHSIG, SIGKILL)``) and, everywhere, a watchdog thread that ends
  the worker within WATCHDOG_PERIOD seconds of its parent's death. When the consumer
  stops (Ctrl-C, an exception, closing the iterator), queued work is cancelled and the
  workers are terminated at once instead of finishing their games.
- ``ray``: one Ray task per game (Ray is the extra ``pickpack-engine[ray]``). An already
  initialised Ray is used as it is; otherwise ``ray.init(address=...)`` connects to the
  cluster at ``address``, or starts a local instance with ``num_cpus=jobs`` when
  ``address`` is None, and shuts it down at the end. On a cluster, pickpack (and every
  plugin the bots need) must be installed on the worker nodes. ``ray.init`` puts its
  own C signal handlers over Python's (on SIGTERM a stack dump, then death, with no
  results); Python's handlers are put back at once, so that SIGTERM and Ctrl-C stop a
  Ray match as they stop a local one. When the consumer stops, the running tasks are
  cancelled first as Ctrl-C would stop them (their bots are closed and their process
  groups killed), for up to RAY_STOP_GRACE seconds, then force-cancelled (their workers
  killed; a process bot's reaper, pickpack.bots.process, kills what the bots left).
"""

from __future__ import annotations

import ast
import itertools
import multiprocessing
import os
import pickle
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from pickpack._pdeathsig import set_pdeathsig
from pickpack.errors import PickpackError
from pickpack.install_hint import install_hint

__all__ = ["BACKENDS", "IN_FLIGHT", "MAX_CHUNK", "WATCHDOG_PERIOD", "BackendError", "chunk_size",
           "default_jobs", "has_main_guard", "iter_batches", "run_tasks"]

BACKENDS = ("local", "ray")

R = TypeVar("R")

MAX_CHUNK = 16
IN_FLIGHT = 2             # submissions per worker waiting or running at any time
WATCHDOG_PERIOD = 0.25    # seconds between a worker's checks that its parent lives
STOP_GRACE = 0.5          # seconds a terminated worker has to exit before SIGKILL
MANAGER_GRACE = 30.0      # seconds the pool's manager thread has to see its workers gone

_ISOLATE = (" (a native bot that crashed?); run such a bot isolated as "
            "'cmd:python -m pickpack.bots.serve native:PATH'")


class BackendError(PickpackError):
    """A backend that cannot run the games: Ray missing, a worker process died, ..."""


def default_jobs() -> int:
    """The number of cores this process may use (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:                     # not on Linux
        return max(1, os.cpu_count() or 1)


def chunk_size(tasks: int, jobs: int) -> int:
    """Tasks per worker submission: about 32 submissions per worker, at most MAX_CHUNK
    tasks each (so that the progress display still moves for slow bots)."""
    return max(1, min(MAX_CHUNK, tasks // (jobs * 32)))


def _check(jobs: int, backend: str) -> None:
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; choices: {', '.join(BACKENDS)}")


def run_tasks(func: Callable[..., R], tasks: Sequence[tuple[Any, ...]], *, jobs: int = 1,
              backend: str = "local", ray_address: str | None = None,
              on_result: Callable[[R], None] | None = None) -> list[R]:
    """``[func(*task) for task in tasks]``, run on ``backend`` with ``jobs`` workers.

    ``func`` must be a module-level function (it is pickled by reference) and its
    results picklable. ``on_result`` is called in this process as each result arrives
    (in finishing order). Raises ValueError for jobs < 1 or an unknown backend,
    BackendError when Ray is missing or a worker process dies, and whatever ``func``
    raises.
    """
    _check(jobs, backend)
    results: list[R | None] = [None] * len(tasks)
    for batch in iter_batches(func, tasks, jobs=jobs, backend=backend,
                              ray_address=ray_address, total=len(tasks)):
        for index, result in batch:
            results[index] = result
            if on_result is not None:
                on_result(result)
    return results  # type: ignore[return-value]   # every slot is filled above


def iter_batches(func: Callable[..., R], tasks: Iterable[tuple[Any, ...]], *, jobs: int = 1,
                 backend: str = "local", ray_address: str | None = None,
                 total: int | None = None) -> Generator[list[tuple[int, R]], None, None]:
    """Yield ``(i, func(*task_i))`` for every task, in finishing order, as results arrive:
    in lists of the results that arrived together (a chunk, or all the chunks one wait
    returned), so that a consumer can take each list whole.

    ``tasks`` is read lazily: at most ``jobs * IN_FLIGHT`` submissions (of up to
    ``chunk_size(total, jobs)`` tasks each; ``total`` is the number of tasks when
    known, else chunks are single tasks) wait or run at a time. Closing the iterator
    early or an exception in it (KeyboardInterrupt included) cancels what is queued and
    terminates the workers without waiting for running games. Raises ValueError for
    jobs < 1 or an unknown backend, BackendError when Ray is missing or a worker process
    dies (the message says whether it died while starting -- e.g. a script without an
    ``if __name__ == "__main__":`` guard -- or while playing), and whatever ``func``
    raises.
    """
    _check(jobs, backend)
    numbered = enumerate(tasks)
    if backend == "ray":
        return _iter_ray(func, numbered, jobs, ray_address)
    if jobs == 1 or (total is not None and total <= 1):
        return ([(i, func(*task))] for i, task in numbered)
    size = chunk_size(total, jobs) if total is not None else 1
    return _iter_pool(func, numbered, jobs if total is None else min(jobs, total), size)


# --- the local process pool -------------------------------------------------------

def _run_chunk(func: Callable[..., R], chunk: Sequence[tuple[int, tuple[Any, ...]]]
               ) -> list[tuple[int, R]]:
    """A worker's unit of work: several tasks, so that short games do not drown in
    inter-process overhead. Results that cannot be sent back (they do not pickle) are
    one BackendError naming the task, instead of the pool's traceback."""
    results = [(i, func(*task)) for i, task in chunk]
    problem = _pickle_problem(results)
    if problem is not None:
        raise BackendError(f"the result of task {chunk[0][0] + 1} cannot be sent back from its "
                           f"worker process: it does not pickle: {problem}")
    return results


def _pickle_problem(obj: Any) -> str | None:
    """Why ``obj`` does not pickle (``"TypeError: cannot pickle ..."``, one line), or None."""
    try:
        pickle.dumps(obj)
    except Exception as exc:      # PicklingError, AttributeError, TypeError: the object's word
        return f"{type(exc).__name__}: {' '.join(str(exc).split())}"
    return None


def _die_with_parent(parent_pid: int) -> None:
    """End this process when ``parent_pid`` (its parent) dies, however it dies."""
    set_pdeathsig(signal.SIGKILL)              # Linux; elsewhere the watchdog alone
    if os.getppid() != parent_pid:             # died before the signal was set
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent_pid:
            time.sleep(WATCHDOG_PERIOD)
        os._exit(1)

    threading.Thread(target=watch, name="pickpack-parent-watchdog", daemon=True).start()


def _init_worker(parent_pid: int, started: Any) -> None:
    """Pool initializer: ignore Ctrl-C (the host stops the pool), die with the host, and
    count this worker as started (so that a death before it is told apart)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent(parent_pid)
    started.value = 1


def _stop_workers(pool: ProcessPoolExecutor, workers: Iterable[multiprocessing.process.BaseProcess]
                  ) -> None:
    """Cancel queued work and end the workers now (SIGTERM, SIGKILL after STOP_GRACE)."""
    pool.shutdown(wait=False, cancel_futures=True)
    procs = list(workers)
    for proc in procs:
        if proc.is_alive():
            proc.terminate()
    deadline = time.monotonic() + STOP_GRACE
    for proc in procs:
        proc.join(max(0.0, deadline - time.monotonic()))
        if proc.is_alive():
            proc.kill()
            proc.join(STOP_GRACE)
    # The pool's manager thread sees its workers gone and closes its wake-up pipe. Let it
    # finish now: left running, it races concurrent.futures' exit hook, which writes to
    # that pipe as it closes and prints "Exception ignored ... Bad file descriptor" at the
    # interpreter's exit (CPython 3.11; seen after Ctrl-C in a --jobs match).
    # Waited for without a short bound (it ends as soon as it has seen the dead workers;
    # a short one lost the race on a loaded machine); should it still run after
    # MANAGER_GRACE, its wake-up is taken off the exit hook's list so that nothing writes
    # to the pipe it closes.
    manager = getattr(pool, "_executor_manager_thread", None)
    if isinstance(manager, threading.Thread):
        manager.join(MANAGER_GRACE)
        if manager.is_alive():
            import concurrent.futures.process as futures_process

            getattr(futures_process, "_threads_wakeups", {}).pop(manager, None)


def has_main_guard(path: str) -> bool | None:
    """Whether the script at ``path`` tests ``__name__ == "__main__"`` at its top level
    (None when it cannot be read or parsed)."""
    try:
        with open(path, "rb") as file:
            tree = ast.parse(file.read())
    except (OSError, SyntaxError, ValueError):
        return None
    for node in tree.body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Compare):
            names = [node.test.left, *node.test.comparators]
            if (any(isinstance(n, ast.Name) and n.id == "__name__" for n in names)
                    and any(isinstance(n, ast.Constant) and n.value == "__main__" for n in names)):
                return True
    return False


def _died_message(started: int, method: str) -> str:
    """Why the pool broke: a worker that died while starting (what the main module does
    under spawn) or one that died while playing (a native bot)."""
    if started:
        return f"a worker process died while playing{_ISOLATE}"
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if isinstance(path, str) and has_main_guard(path) is False:
        return (f"the worker processes died while starting, before any game: with the "
                f"{method!r} start method every worker imports the main module {path}, "
                f"which starts the match again at its top level; the fix: put the script's "
                f"top-level code under 'if __name__ == \"__main__\":'")
    where = f"the main module {path}" if isinstance(path, str) else "the main module"
    return (f"the worker processes died while starting, before any game: importing {where} "
            f"or pickpack failed in them (their error is printed above)")


def _check_pickles(func: Callable[..., Any], chunk: Sequence[tuple[int, tuple[Any, ...]]]) -> None:
    """BackendError (one line: the task and why) unless ``func`` and ``chunk`` pickle,
    checked here before submitting: a pool's feeder thread would print its own traceback
    and leave the future hanging on the error (a Game built of local functions, a
    lambda among the options)."""
    problem = _pickle_problem((func, chunk))
    if problem is not None:
        raise BackendError(f"task {chunk[0][0] + 1} cannot be sent to a worker process (jobs > 1): "
                           f"it does not pickle: {problem}; make its functions module-level, or "
                           f"run with one job")


def _iter_pool(func: Callable[..., R], tasks: Iterator[tuple[int, tuple[Any, ...]]],
               jobs: int, size: int) -> Generator[list[tuple[int, R]], None, None]:
    context = multiprocessing.get_context("spawn")
    started = context.RawValue("i", 0)     # set to 1 by every worker that started
    before = set(multiprocessing.active_children())
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_init_worker,
                               initargs=(os.getpid(), started))
    pending: set[Future[list[tuple[int, R]]]] = set()
    finished = False
    try:
        while True:
            while len(pending) < jobs * IN_FLIGHT:
                chunk = list(itertools.islice(tasks, size))
                if not chunk:
                    break
                _check_pickles(func, chunk)
                pending.add(pool.submit(_run_chunk, func, chunk))
            if not pending:
                break
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            yield [result for future in done for result in future.result()]
        finished = True
    except BrokenProcessPool:
        raise BackendError(_died_message(started.value, context.get_start_method())) from None
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:
            _stop_workers(pool, (p for p in multiprocessing.active_children() if p not in before))


# --- Ray ----------------------------------------------------------------------------

RAY_CONNECT_TIMEOUT = 5.0      # seconds to reach a cluster's address before giving up
RAY_STOP_GRACE = 5.0           # seconds cancelled tasks have to close their bots


def _signal_handlers() -> dict[int, Any]:
    """This process's Python handlers of SIGTERM and SIGINT (none outside the main
    thread, which alone can set them)."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    return {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGINT)}


def _restore_signal_handlers(saved: dict[int, Any]) -> None:
    """Put back handlers saved by _signal_handlers (ray.init sets its own SIGTERM
    handler, ``sys.exit(15)``, and C handlers that dump a stack trace)."""
    for sig, handler in saved.items():
        if handler is not None:
            signal.signal(sig, handler)


def _cancel(ray: Any, refs: list[Any], *, force: bool) -> None:
    for ref in refs:
        try:
            ray.cancel(ref, force=force)
        except Exception:            # already finished or gone: nothing left to stop
            pass


def _cancel_ray_tasks(ray: Any, refs: list[Any]) -> None:
    """Stop the tasks ``refs``: a KeyboardInterrupt in each (the task closes its bots),
    RAY_STOP_GRACE seconds for them to end, then the workers of the rest killed."""
    _cancel(ray, refs, force=False)
    try:
        _, refs = ray.wait(refs, num_returns=len(refs), timeout=RAY_STOP_GRACE)
    except Exception:                # Ray itself is going: force what is left
        pass
    if refs:
        _cancel(ray, refs, force=True)


def _check_reachable(address: str) -> None:
    """Refuse a ``[ray://]HOST:PORT`` nobody listens on, in RAY_CONNECT_TIMEOUT seconds
    (ray.init itself retries such an address for minutes). "auto" and other forms are
    left to Ray."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return
    try:
        socket.create_connection((host, int(port)), timeout=RAY_CONNECT_TIMEOUT).close()
    except OSError as exc:
        raise BackendError(f"cannot reach Ray at {address!r}: {exc.strerror or exc}") from None


def _iter_ray(func: Callable[..., R], tasks: Iterator[tuple[int, tuple[Any, ...]]], jobs: int,
              address: str | None) -> Generator[list[tuple[int, R]], None, None]:
    try:
        import ray
    except ImportError:
        raise BackendError(f"--backend ray: {install_hint('ray')}") from None
    started = not ray.is_initialized()
    if started:
        handlers = _signal_handlers()
        try:
            if address is None:
                ray.init(num_cpus=jobs, include_dashboard=False)
            else:
                _check_reachable(address)
                ray.init(address=address)
        except BackendError:
            raise
        except Exception as exc:     # ConnectionError, RuntimeError, ...: one line, no trace
            where = "a local Ray instance" if address is None else f"Ray at {address!r}"
            raise BackendError(f"cannot start {where}: {type(exc).__name__}: {exc}") from None
        finally:
            _restore_signal_handlers(handlers)
    pending: dict[Any, int] = {}
    try:
        remote = ray.remote(func)
        while True:
            for i, task in itertools.islice(tasks, max(0, jobs * IN_FLIGHT - len(pending))):
                pending[remote.remote(*task)] = i
            if not pending:
                break
            ready, _ = ray.wait(list(pending), num_returns=1)
            batch = []
            for ref in ready:
                i = pending.pop(ref)
                try:
                    batch.append((i, ray.get(ref)))
                except ray.exceptions.WorkerCrashedError:
                    raise BackendError(f"a Ray worker died{_ISOLATE}") from None
            yield batch
    finally:
        if pending:
            _cancel_ray_tasks(ray, list(pending))
        if started:
            ray.shutdown()
