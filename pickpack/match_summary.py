"""The older path of ``pickpack.match.summary``, kept because a pickled MatchSummary or
BotLine (what play_match returns) names this module.

It re-exports the same objects (not copies); new code imports pickpack.match.summary.
"""

from __future__ import annotations

from pickpack.match.summary import BotLine, MatchSummary, rank_of, win_share

__all__ = ["BotLine", "MatchSummary", "rank_of", "win_share"]
