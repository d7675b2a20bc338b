"""The older path of ``pickpack.bots.process``, kept because
``python -m pickpack.process_bot SPEC`` is the documented command that serves a bot over
the line protocol (written into ``cmd:`` specs, scripts and records), and
docs/process-protocol.md named ``pickpack.process_bot.serve_protocol``. Run as a module,
it is ``python -m pickpack.bots.serve SPEC``.

It re-exports the same objects (not copies); new code imports pickpack.bots.process.
"""

from __future__ import annotations

from pickpack.bots.process import (MAX_LINE, PROTOCOL_VERSION, QUIT_TIMEOUT, STDERR_QUOTE, STDERR_TAIL, V1_GAME,
                                   V1_VERSION, WAIT_SLICE, BotBuilder, Handshake, ProcessBot, RebuildingPlayer,
                                   Refusal, ServedPlayer, StopServing, offer_line, serve, serve_protocol)

__all__ = ["MAX_LINE", "PROTOCOL_VERSION", "QUIT_TIMEOUT", "STDERR_QUOTE", "STDERR_TAIL", "V1_GAME", "V1_VERSION",
           "WAIT_SLICE", "BotBuilder", "Handshake", "ProcessBot", "RebuildingPlayer", "Refusal", "ServedPlayer",
           "StopServing", "offer_line", "serve", "serve_protocol"]

if __name__ == "__main__":      # python -m pickpack.process_bot SPEC
    from pickpack.bots.serve import main

    raise SystemExit(main())
