"""The per-move time limit of a match, the same rule for every kind of bot.

Every move of every bot has the match's time limit ``L`` seconds (``pickpack match
--time-limit``, default DEFAULT_TIME_LIMIT). A move is late when it takes longer than
``L + TIME_GRACE`` seconds of wall-clock time; the grace absorbs pipes, process
scheduling and timing overhead. A late move loses the game (fault "timeout",
docs/match.md):

- process bots are told ``go L*1000`` and are killed at ``L + TIME_GRACE`` if they have
  not answered (docs/process-protocol.md): they can never hang a match;
- in-process bots (entry points, native libraries) cannot be interrupted safely, so
  their ``choose`` is timed and a late move forfeits after it returns. To give an
  untrusted in-process bot a hard limit, run it as a process bot:
  ``cmd:python -m pickpack.process_bot SPEC``.

A process bot also has HANDSHAKE_TIMEOUT seconds to start and answer the handshake.
"""

from __future__ import annotations

__all__ = ["DEFAULT_TIME_LIMIT", "HANDSHAKE_TIMEOUT", "TIME_GRACE", "check_time_limit"]

DEFAULT_TIME_LIMIT = 10.0
TIME_GRACE = 0.5
HANDSHAKE_TIMEOUT = 10.0


def check_time_limit(seconds: float) -> float:
    """``seconds`` if it is a usable per-move limit (finite, > 0); ValueError otherwise."""
    if not 0 < seconds < float("inf"):
        raise ValueError(f"time limit must be a positive number of seconds, got {seconds}")
    return seconds
