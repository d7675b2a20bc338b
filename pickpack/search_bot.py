"""The older path of ``pickpack.bots.search``, kept because third-party bots derive from
``pickpack.search_bot.SearchBot`` and call ``search_seconds``, as docs/bots.md and
docs/writing-a-game.md told them.

It re-exports the same objects (not copies); new code imports pickpack.bots.search.
"""

from __future__ import annotations

from pickpack.bots.search import (LEAST_SEARCH, SAFETY_FRACTION, SAFETY_MIN, SearchBot, bot_seed, check_known,
                                  choice, count, real, search_seconds)

__all__ = ["LEAST_SEARCH", "SAFETY_FRACTION", "SAFETY_MIN", "SearchBot", "bot_seed", "check_known", "choice",
           "count", "real", "search_seconds"]
