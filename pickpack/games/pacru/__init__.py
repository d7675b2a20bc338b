"""PACRU, the territory game for 2-4 players (rules: docs/pacru.md, ids PA-...).

Registered as ``pickpack.games:pacru``. A turn is one decision holding everything the
mover chooses (the chevron, where it goes, each benefit cell, connection or crossing, or
a reorientation with the cells it frees), so every action has one canonical text
(encoding.py). Perfect information, no chance.

    >>> import pickpack
    >>> state = pickpack.new_game("pacru", players=2)
    >>> state.current_player, len(state.legal_actions()), state.power(state.chevrons(0)[0][0])
    ('south', 28, 1)
    >>> state.apply("a3-b4[c5]"); state.scores()
    {'south': 1, 'north': 0}
"""

from __future__ import annotations

from pickpack.games.pacru.game import GAME
from pickpack.games.pacru.state import State

__all__ = ["GAME", "State"]
