"""Bots: the bot protocol, bot specs and how a spec becomes a bot.

The names of this package are the registry's (pickpack.bots.registry: ``make_bot``,
``available_bots``, ``resolve_bot``, ``IsolatedBot``, ...), importable as they always
were (``from pickpack.bots import make_bot``). Its modules, one concept each:

- ``base``: BotBase, SeededBot, ResourceBot, NoDecisionError (what every built-in bot
  derives from);
- ``spec``: the spec grammar ``NAME[:key=value,...]`` (BotSpec, parse_bot_spec);
- ``registry``: entry-point group ``pickpack.bots``, make_bot, the isolated bot;
- ``search``: SearchBot and the time budget of a search (search_seconds);
- ``mcts``: the Python UCT search over the GameState protocol;
- ``process``: the line protocol of a bot in another program (docs/process-protocol.md);
- ``serve``: any spec served over that protocol (``python -m pickpack.bots.serve SPEC``);
- ``native``: a bot in a shared library (``native:PATH``, core/common/pickpack_bot.h);
- ``time_limit``: the per-move limit, its grace and the handshake timeout;
- ``view``: seat_view, the state a bot deciding for a seat is given (only what the
  seat may see), and the refusal of a game that cannot make one (NoInfostateError).

The modules import one another, never this package, so importing any of them first
is safe.
"""

from __future__ import annotations

from pickpack.bots.registry import (UNDECLARED, Bot, BotBase, IsolatedBot, NoDecisionError, available_bots,
                                    bot_choices, bot_games, checked_move, chosen_move, close_bot, make_bot,
                                    resolve_bot, serve_isolated, trial_bot)
from pickpack.bots.view import NoInfostateError, infostate_problem, require_view, seat_view, view_hash

__all__ = ["UNDECLARED", "Bot", "BotBase", "IsolatedBot", "NoDecisionError", "NoInfostateError", "available_bots",
           "bot_choices", "bot_games", "checked_move", "chosen_move", "close_bot", "infostate_problem", "make_bot",
           "require_view", "resolve_bot", "seat_view", "serve_isolated", "trial_bot", "view_hash"]
