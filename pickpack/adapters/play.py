"""A pickpack state seen through a small, fixed action space: what the OpenSpiel and
PettingZoo adapters share (docs/adapters.md).

An ``AdaptedState`` wraps a GameState. At a decision its actions are the game's own
actions, or, for a game with an ``action_tokens`` codec (PACRU), the tokens of the turn
so far (``pickpack.action_tokens.TokenTurn``: a turn is then a few sub-decisions by the
same player). At a chance node its actions are the game's chance outcomes. Its
observation tensor is the game's tensor followed by the token rows of the turn so far.

    >>> import pickpack
    >>> adapted = AdaptedState(pickpack.new_game("pacru", players=2))
    >>> adapted.num_actions, adapted.legal_actions()       # south's chevrons a3 e1 i3 i9
    (82, [4, 18, 26, 80])
    >>> adapted.action_string(4), adapted.apply(4), adapted.turn.prefix
    ('e1', None, (4,))
    >>> adapted.action_string(0), adapted.apply(0), adapted.turn.prefix   # e1-e2: nothing left to choose
    ('N', 840499, ())
"""

from __future__ import annotations

import array
import math
import operator
from numbers import Integral
from collections.abc import Mapping
from typing import Any, cast

from pickpack.action_tokens import ActionTokens, TokenTurn
from pickpack.errors import IllegalMoveError
from pickpack.game import Game, ObservationTensorState
from pickpack.game_check import check_game
from pickpack.games_registry import get_game

__all__ = ["AdaptedState", "resolve_game"]


def resolve_game(game: str | Game[Any]) -> Game[Any]:
    """``game`` itself, or the installed game of that name (PluginNotFoundError listing
    the installed games otherwise), checked when loaded (GameCheckError,
    pickpack.game_check). TypeError for anything else."""
    if isinstance(game, Game):
        check_game(game)
        return game
    if isinstance(game, str):
        return get_game(game)
    raise TypeError(f"game must be a game name or a pickpack.Game, not {type(game).__name__}")


class AdaptedState:
    """A GameState with the adapters' action space.

    - ``state``: the wrapped pickpack state (changed in place by ``apply``);
    - ``turn``: the TokenTurn of the turn in progress (prefix () without a codec);
    - ``num_actions``: size of the decision action space, the codec's vocabulary or the
      game's ``num_distinct_actions``;
    - ``max_chance_outcomes``: the game's.

    Raises TypeError when the state has no observation tensor (pickpack.game.
    ObservationTensorState), naming the game.
    """

    __slots__ = ("state", "turn", "codec", "num_actions")

    def __init__(self, state: Any, turn: TokenTurn | None = None) -> None:
        if not isinstance(state, ObservationTensorState):
            raise TypeError(f"game {state.game.name} has no observation tensor "
                            "(observation_tensor_shape/observation_tensor, pickpack.game.ObservationTensorState); "
                            "the adapters need one (docs/writing-a-game.md)")
        self.state: Any = state
        self.codec: ActionTokens | None = state.game.load("action_tokens")
        self.turn = turn if turn is not None else TokenTurn(self.codec)
        self.num_actions = self.codec.vocabulary if self.codec is not None else state.game.num_distinct_actions

    @property
    def max_tokens(self) -> int:
        """Most decisions one turn of the game takes here (1 without a codec)."""
        return self.codec.max_tokens if self.codec is not None else 1

    def copy(self) -> AdaptedState:
        """An independent copy (state and turn), without ``__init__``'s checks (searches
        copy states often: 0.7 us here against 60 us through ``__init__``)."""
        other = type(self).__new__(type(self))
        other.state, other.turn = self.state.copy(), self.turn.copy()
        other.codec, other.num_actions = self.codec, self.num_actions
        return other

    def legal_actions(self) -> list[int]:
        """The chance outcomes at a chance node, else the legal tokens (the game's legal
        actions without a codec); empty at the end. Increasing."""
        if self.state.is_chance_node():
            return [a for a, _ in self.state.chance_outcomes()]
        return self.turn.legal_tokens(self.state)

    def action_mask(self) -> list[int]:
        """``num_actions`` ints, 1 where ``legal_actions()`` has the action (decisions
        only: all zeros at a chance node or the end)."""
        mask = [0] * self.num_actions
        if not self.state.is_chance_node():
            for a in self.legal_actions():
                mask[a] = 1
        return mask

    def check(self, action: int) -> str | None:
        """None if ``action`` is legal now, else the reason (with the rule id when the
        game gives one), for the adapters' illegal-move reports."""
        if isinstance(action, bool) or not isinstance(action, int):
            return f"an action is an int, not {type(action).__name__}"
        if self.state.is_terminal():
            return "the game is over"
        if self.state.is_chance_node():
            if action not in self.legal_actions():
                return f"{action} is not a chance outcome here"
            return None
        if not 0 <= action < self.num_actions:
            return f"action {action} is outside the action space 0..{self.num_actions - 1}"
        if self.codec is not None:
            if action not in self.legal_actions():
                try:
                    said = f"token {self.codec.token_text(self.turn.prefix, action)} ({action})"
                except ValueError:          # a token with no meaning at this point of the turn
                    said = f"token {action}"
                return f"{said} does not continue any legal move of this turn"
            return None
        problem = self.state.check_action(action)
        return None if problem is None else f"{problem[0]}: {problem[1]}"

    def apply(self, action: int) -> int | None:
        """Play ``action`` (a token, a game action or a chance outcome): the game action
        applied to ``state``, or None when the turn needs more tokens.

        Raises IllegalMoveError (the game's, naming the rule, or TokenTurn's) for an
        illegal action; nothing changes then.
        """
        if self.state.is_chance_node() or self.codec is None:
            self.state.apply_action(action)
            return action
        if isinstance(action, bool) or not isinstance(action, Integral):
            raise IllegalMoveError(f"an action is an int, not {type(action).__name__}")
        action = operator.index(action)             # a NumPy integer becomes an int
        if not 0 <= action < self.num_actions:
            raise IllegalMoveError(f"action {action} is outside the action space 0..{self.num_actions - 1}")
        chosen = self.turn.choose(self.state, action)
        if chosen is not None:
            self.state.apply_action(chosen)
        return chosen

    def action_string(self, action: int) -> str:
        """Text of ``action`` here: the game's move or chance-outcome text, or the
        token's text (PACRU: ``e1``, then ``N``, ...)."""
        if self.codec is None or self.state.is_chance_node():
            return str(self.state.action_text(action))
        return self.codec.token_text(self.turn.prefix, action)

    def tensor_shapes(self) -> dict[str, tuple[int, ...]]:
        """The parts of ``tensor``: ``{"observation": the game's shape}`` and, with a
        codec, ``"tokens": (max_tokens, vocabulary)``."""
        shapes = {"observation": tuple(self.state.observation_tensor_shape())}
        if self.codec is not None:
            shapes["tokens"] = (self.codec.max_tokens, self.codec.vocabulary)
        return shapes

    def tensor_size(self) -> int:
        """Number of floats in ``tensor``."""
        return sum(math.prod(shape) for shape in self.tensor_shapes().values())

    def tensor(self, player: int) -> array.array[float]:
        """The game's observation tensor for ``player`` followed by the turn's token rows
        (TokenTurn.prefix_planes), flat ``array('f')`` of ``tensor_size()`` values in 0..1.
        The token rows are the turn's own (only its player chooses them; others see
        the same rows: a turn in progress hides nothing in these games)."""
        values = self.state.observation_tensor(player)
        if self.codec is not None:
            values.extend(self.turn.prefix_planes())
        return cast("array.array[float]", values)

    def observation_string(self, player: int) -> Mapping[str, Any]:
        """The game's ``observation(player)`` with, for a codec, the turn so far as text
        (``"turn_so_far"``: the tokens' texts)."""
        seen: dict[str, Any] = dict(self.state.observation(player))
        if self.codec is not None:
            prefix = self.turn.prefix
            seen["turn_so_far"] = [self.codec.token_text(prefix[:i], t) for i, t in enumerate(prefix)]
        return seen
