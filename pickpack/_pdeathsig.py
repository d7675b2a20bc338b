"""The Linux parent-death signal, ``prctl(PR_SET_PDEATHSIG, sig)``, in one place.

Used by pickpack.bots.process (a bot started from the launcher thread gets SIGKILL when
that thread ends) and pickpack.match.backends (a pool worker dies with the host). libc's
prctl is resolved once, at import, so that the preexec function a child runs between
fork and exec calls nothing that could take a lock. Elsewhere (macOS, BSD, Windows)
there is no prctl: ``PRCTL`` is None and the callers rely on their other mechanisms.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from collections.abc import Callable
from typing import Any

__all__ = ["PRCTL", "PR_SET_PDEATHSIG", "pdeathsig_preexec", "set_pdeathsig"]

PR_SET_PDEATHSIG = 1      # <linux/prctl.h>


def _find_prctl() -> Any:
    """libc's prctl (Linux), or None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    prctl.restype = ctypes.c_int
    prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong,
                      ctypes.c_ulong]
    return prctl


PRCTL: Any = _find_prctl()


def set_pdeathsig(sig: int = signal.SIGKILL) -> bool:
    """Have the kernel send ``sig`` to this process when its parent (thread) dies.
    False where there is no prctl (nothing was set)."""
    if PRCTL is None:
        return False
    PRCTL(PR_SET_PDEATHSIG, sig, 0, 0, 0)
    return True


def pdeathsig_preexec() -> Callable[[], None] | None:
    """A ``preexec_fn`` giving the child SIGKILL when its parent thread dies (Linux), or
    None where there is no prctl.

    Made for the calling process (its pid is checked in the child: a parent that died
    before the prctl took effect is followed at once); it calls only the prctl resolved
    at import, nothing that could lock between fork and exec.
    """
    prctl = PRCTL
    if prctl is None:
        return None
    parent = os.getpid()

    def set_in_child() -> None:   # runs in the child between fork and exec
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:     # the parent died before prctl: follow it
            os.kill(os.getpid(), signal.SIGKILL)

    return set_in_child
