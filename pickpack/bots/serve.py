"""Any bot spec as a process bot: ``python -m pickpack.bots.serve SPEC`` (or its older
spelling ``python -m pickpack.process_bot SPEC``) speaks docs/process-protocol.md for the bot that
make_bot builds from SPEC, so that an in-process bot (an entry point or a native
library) gets a hard time limit and crash isolation::

    python -m pickpack.bots.serve native:examples/native-bot/libgrab_bot.so

Kept apart from pickpack.bots.process, which speaks the protocol and must not import
pickpack.bots.registry (the registry imports it): this module joins the two. The package
``pickpack.bots`` does not import this module, so that ``python -m`` runs it once.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, TextIO

from pickpack.bots.process import Handshake, serve
from pickpack.bots.registry import make_bot

__all__ = ["main", "serve_spec"]


def serve_spec(spec: str, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Play the bot ``spec`` (pickpack.bots.spec) as a process bot until ``quit`` or EOF.

    Each bot is built in this process (``make_bot(..., isolate=False)``: never wrapped
    in yet another process) for the handshake's game and player count: one with seed 0
    at the handshake for its name (a bot that does not play the game is refused there:
    ``error`` with make_bot's message), then a fresh one per game at its first ``go``,
    with the ``newgame`` seed and the ``go`` limit in seconds. Returns the exit status:
    0 after ``quit`` or end of input.
    """

    def build(handshake: Handshake, seed: int, time_limit: float | None) -> Any:
        limit: dict[str, Any] = {} if time_limit is None else {"time_limit": time_limit}
        return make_bot(spec, seed, game=handshake.game, players=handshake.players,
                        isolate=False, **limit)

    return serve(build, stdin, stdout)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m pickpack.bots.serve SPEC``: serve SPEC on stdin/stdout (status 2
    with a usage line for anything but one argument)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        sys.stderr.write("usage: python -m pickpack.bots.serve SPEC  (e.g. greedy, native:PATH)\n")
        return 2
    return serve_spec(args[0])


if __name__ == "__main__":
    raise SystemExit(main())
