"""Pig, the dice game, as a pickpack game plugin written only against pickpack's public
protocol (pickpack.Game, pickpack.GameState). Rules with ids PIG-1 .. PIG-9: README.md
of this distribution.

    >>> from pickpack_pig import GAME
    >>> state = GAME.new_state(players=3, target=20)
    >>> state.current_player, state.legal_moves()[0].text
    ('p1', 'roll')
"""

from __future__ import annotations

from pickpack_pig.game import GAME
from pickpack_pig.state import PigState

__all__ = ["GAME", "PigState"]
