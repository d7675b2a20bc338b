"""PUSH, the push-your-luck card game for 2-6 players (rules: docs/push.md, ids PU-...).

Registered as ``pickpack.games:push``. Every card drawn and every die rolled is a chance
node (``is_chance_node()``, ``chance_outcomes()`` with exact probabilities from the cards
left); the decisions are push or bank, where to place each card, draw again or stop, and
which stack each collector takes.

    >>> import pickpack
    >>> state = pickpack.new_game("push", players=3)
    >>> state.phase, state.deck_size, state.legal_moves()
    ('start', 120, [Move(action=0, text='draw')])
"""

from __future__ import annotations

from pickpack.games.push.game import GAME
from pickpack.games.push.state import State

__all__ = ["GAME", "State"]
