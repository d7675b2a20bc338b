"""The older path of ``pickpack.bots.mcts``, kept because docs/writing-a-game.md told a
game's bots to ``from pickpack.mcts import search``, and a pickled SearchResult names
this module.

It re-exports the same objects (not copies); new code imports pickpack.bots.mcts.
"""

from __future__ import annotations

from pickpack.bots.mcts import SearchResult, search

__all__ = ["SearchResult", "search"]
