"""Where the games of a match run: this process, a local process pool, or Ray tasks.

Every game is a pure function of its arguments (pickpack.match: seeded by the match
seed and its index), so the backend and the number of workers change only the speed,
never the results: ``run_tasks`` returns results in task order whatever order they
finish in.

- ``local`` with ``jobs == 1``: one after the other in this process.
- ``local`` with ``jobs > 1``: ``concurrent.futures.ProcessPoolExecutor`` with the
  ``spawn`` start method (safe with the threads of the progress display and of process
  bots); ``sys.path`` is passed on to the workers; tasks go out in chunks
  (``chunk_size``).
- ``ray``: one Ray task per game (Ray is the extra ``pickpack[ray]``). An already
  initialised Ray is used as it is; otherwise ``ray.init(address=...)`` connects to the
  cluster at ``address``, or starts a local instance with ``num_cpus=jobs`` when
  ``address`` is None, and shuts it down at the end. On a cluster, pickpack (and every
  plugin the bots need) must be installed on the worker nodes.
"""

from __future__ import annotations

import multiprocessing
import os
import socket
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from pickpack.errors import PickpackError

__all__ = ["BACKENDS", "MAX_CHUNK", "BackendError", "chunk_size", "default_jobs", "run_tasks"]

BACKENDS = ("local", "ray")

R = TypeVar("R")

MAX_CHUNK = 16

_ISOLATE = (" (a native bot that crashed?); run such a bot isolated as "
            "'cmd:python -m pickpack.process_bot native:PATH'")


class BackendError(PickpackError):
    """A backend that cannot run the games: Ray missing, a worker process died, ..."""


def default_jobs() -> int:
    """The number of cores this process may use (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:                     # not on Linux
        return max(1, os.cpu_count() or 1)


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
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; choices: {', '.join(BACKENDS)}")
    done = on_result or (lambda _: None)
    if backend == "ray":
        return _run_ray(func, tasks, jobs, ray_address, done)
    if jobs == 1 or len(tasks) <= 1:
        results = []
        for task in tasks:
            results.append(func(*task))
            done(results[-1])
        return results
    return _run_pool(func, tasks, jobs, done)


def _run_chunk(func: Callable[..., R], chunk: Sequence[tuple[Any, ...]]) -> list[R]:
    """A worker's unit of work: several tasks, so that short games do not drown in
    inter-process overhead."""
    return [func(*task) for task in chunk]


def chunk_size(tasks: int, jobs: int) -> int:
    """Tasks per worker submission: about 32 submissions per worker, at most MAX_CHUNK
    tasks each (so that the progress display still moves for slow bots)."""
    return max(1, min(MAX_CHUNK, tasks // (jobs * 32)))


def _run_pool(func: Callable[..., R], tasks: Sequence[tuple[Any, ...]], jobs: int,
              done: Callable[[R], None]) -> list[R]:
    results: list[R | None] = [None] * len(tasks)
    size = chunk_size(len(tasks), jobs)
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), mp_context=context) as pool:
        futures = {pool.submit(_run_chunk, func, tasks[start:start + size]): start
                   for start in range(0, len(tasks), size)}
        try:
            for future in as_completed(futures):
                start = futures[future]
                for offset, result in enumerate(future.result()):
                    results[start + offset] = result
                    done(result)
        except BrokenProcessPool:
            pool.shutdown(cancel_futures=True)
            raise BackendError(f"a worker process died{_ISOLATE}") from None
        except BaseException:
            pool.shutdown(cancel_futures=True)
            raise
    return results  # type: ignore[return-value]   # every slot is filled above


RAY_CONNECT_TIMEOUT = 5.0      # seconds to reach a cluster's address before giving up


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


def _run_ray(func: Callable[..., R], tasks: Sequence[tuple[Any, ...]], jobs: int,
             address: str | None, done: Callable[[R], None]) -> list[R]:
    try:
        import ray
    except ImportError:
        raise BackendError("--backend ray needs Ray: pip install 'pickpack[ray]'") from None
    started = not ray.is_initialized()
    if started:
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
    try:
        remote = ray.remote(func)
        refs = [remote.remote(*task) for task in tasks]
        index = {ref: i for i, ref in enumerate(refs)}
        results: list[R | None] = [None] * len(tasks)
        pending = list(refs)
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                try:
                    results[index[ref]] = result = ray.get(ref)
                except ray.exceptions.WorkerCrashedError:
                    raise BackendError(f"a Ray worker died{_ISOLATE}") from None
                done(result)
        return results  # type: ignore[return-value]
    finally:
        if started:
            ray.shutdown()
