"""The older path of ``pickpack.match.result``, kept because a pickled GameResult (what
play_match and play_game return) names this module, and docs/match.md and docs/ppn.md
named it.

It re-exports the same objects (not copies); new code imports pickpack.match.result.
"""

from __future__ import annotations

from pickpack.match.result import GameResult

__all__ = ["GameResult"]
