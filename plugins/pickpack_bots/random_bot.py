"""The ``random`` bot: a uniformly random legal move, in any game (GameState protocol only).

A game whose action integers are a poor thing to be uniform over may give its state a
``random_action(rng: random.Random) -> int`` method; the bot then asks it instead.
PACRU does (pickpack.games.pacru.random_action): late in a game nearly all of its some
800,000 legal actions are reorientations, one per set of freed cells, so it draws a move
kind uniformly first.
"""

from __future__ import annotations

from typing import ClassVar

from pickpack.game import GameState
from pickpack.move import Move

from pickpack.bots.base import SeededBot


class RandomBot(SeededBot):
    """Chooses uniformly among the legal moves (or asks the state's ``random_action``,
    see the module docstring); ``seed`` makes it reproducible."""

    name = "random"
    games: ClassVar[tuple[str, ...] | None] = None     # every game
    bounded = True       # one cheap step per move: it keeps any time limit in-process

    def choose(self, state: GameState) -> Move:
        """A uniformly random legal move of ``state`` (any game; through
        ``legal_actions``/``action_text``, or the state's ``random_action``). Raises
        NoDecisionError (a ValueError) at a chance node or the end (pickpack.bots.base)."""
        draw = getattr(state, "random_action", None)
        if callable(draw):
            action = int(draw(self.rng))
        else:
            actions = state.legal_actions()
            if not actions:
                raise ValueError("random bot: no legal move (the game is over)")
            action = self.rng.choice(actions)
        return Move(action, state.action_text(action))
