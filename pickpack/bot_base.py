"""The older path of ``pickpack.bots.base``, kept because third-party bots derive from
``pickpack.bot_base.BotBase`` and ``SeededBot``, as docs/bots.md and
docs/writing-a-game.md told them.

It re-exports the same objects (not copies); new code imports pickpack.bots.base.
"""

from __future__ import annotations

from pickpack.bots.base import (BotBase, NoDecisionError, OtherGameError, ResourceBot, SeededBot, refuse_no_decision,
                                refuse_other_game)

__all__ = ["BotBase", "NoDecisionError", "OtherGameError", "ResourceBot", "SeededBot", "refuse_no_decision",
           "refuse_other_game"]
