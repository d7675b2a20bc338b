"""The per-move time limit of a match, the same rule for every kind of bot.

Every move of every bot has the match's time limit ``L`` seconds (``pickpack match
--time-limit``, default DEFAULT_TIME_LIMIT). A move is late when it takes longer than
``L + TIME_GRACE`` seconds of wall-clock time; the grace absorbs pipes, process
scheduling and timing overhead. A late move loses the game (fault "timeout",
docs/match.md):

- process bots are told ``go L*1000`` and are killed at ``L + TIME_GRACE`` if they have
  not answered (docs/process-protocol.md): they can never hang a match;
- in-process bots that honour a limit by themselves (class attribute ``bounded =
  True``: the built-in random, greedy, heuristic, mcts, alphabeta and openspiel-mcts) are given ``L`` by
  ``make_bot`` and stop their search before it; a bot that cannot be bounded in-process
  (a third-party entry point without ``bounded``, a native library) is run by
  ``make_bot`` in a child process of its own (``pickpack.bots.IsolatedBot``, a process
  bot), so that it can be killed at ``L + TIME_GRACE`` like any other process bot.

A process bot also has a handshake timeout: HANDSHAKE_TIMEOUT seconds by default to
start and answer the handshake, independent of ``L``. Raise it for a bot that loads a
large model: ``pickpack match --handshake-timeout SECONDS``, ``play_match(...,
handshake_timeout=)``, ``make_bot(..., handshake_timeout=)`` or
``ProcessBot(..., handshake_timeout=)``. A bot that misses it loses with a "timeout"
fault that names the handshake timeout.
"""

from __future__ import annotations

__all__ = ["DEFAULT_TIME_LIMIT", "HANDSHAKE_TIMEOUT", "TIME_GRACE", "check_handshake_timeout",
           "check_time_limit"]

DEFAULT_TIME_LIMIT = 10.0
TIME_GRACE = 0.5
HANDSHAKE_TIMEOUT = 10.0


def check_time_limit(seconds: float) -> float:
    """``seconds`` if it is a usable per-move limit (finite, > 0); ValueError otherwise."""
    if not 0 < seconds < float("inf"):
        raise ValueError(f"time limit must be a positive number of seconds, got {seconds}")
    return seconds


def check_handshake_timeout(seconds: float) -> float:
    """``seconds`` if it is a usable handshake timeout (finite, > 0); ValueError otherwise."""
    if not 0 < seconds < float("inf"):
        raise ValueError(f"handshake timeout must be a positive number of seconds, got {seconds}")
    return seconds
