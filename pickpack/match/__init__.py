"""Bot-versus-bot matches: the runner and what it is made of.

The names of this package are the runner's (pickpack.match.runner: ``play_match``,
``play_game``, ``seating``, ``forfeit_returns``, ``MatchInterrupted``, ``GameResult``,
...), importable as they always were (``from pickpack.match import play_match``). Its
modules, one concept each:

- ``runner``: seats, seeds, one game, a whole match (docs/match.md);
- ``result``: GameResult, one finished game (what records are written from);
- ``seeding``: the seeds of a deal, a bot and the chance stream (derive_seed);
- ``chance``: an outcome drawn exactly from ``chance_outcomes()`` (sample_outcome);
- ``backends``: where the games run (in-process, worker processes, Ray);
- ``stats``: score rate, Wilson interval, Elo difference and their intervals;
- ``summary``: a match's table (MatchSummary, BotLine).

The modules import one another, never this package, so importing any of them first
is safe.
"""

from __future__ import annotations

from pickpack.match.runner import (BotLine, GameResult, MatchInterrupted, MatchSummary, check_bots, deal_seed,
                                   forfeit_returns, match_game, match_variant, play_game, play_match, seat_of,
                                   seating, summarize, trial_state)

__all__ = ["BotLine", "GameResult", "MatchInterrupted", "MatchSummary", "check_bots",
           "deal_seed", "forfeit_returns", "match_game", "match_variant", "play_game", "play_match",
           "seat_of", "seating", "summarize", "trial_state"]
