"""Seeded random playthroughs of any pickpack.Game, the ground the conformance checks
(pickpack.testing.checks) and the golden playthroughs (pickpack.testing.playthrough)
walk on.

A walk starts at ``game.new_state(players=, seed=, **options)`` and draws each action
from ``random.Random(choices)`` (``choices`` defaults to the seed; other values play the
same deal another way): a decision uniformly from ``legal_actions()``, a chance
outcome with its exact probability (integer arithmetic over the ``Fraction``s, so the
same seed gives the same walk on every platform and Python version). It ends at a
terminal state or after ``game.max_game_length`` actions.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pickpack.game import Game

__all__ = ["Walk", "draw_action", "fingerprint", "random_walk"]


def draw_action(state: Any, rng: random.Random) -> int:
    """The next action of a random walk: at a chance node an outcome drawn with its
    exact probability, else a legal decision drawn uniformly. ValueError when there is
    none (a terminal state)."""
    if state.is_chance_node():
        outcomes: list[tuple[int, Fraction]] = list(state.chance_outcomes())
        scale = math.lcm(*(Fraction(p).denominator for _, p in outcomes))
        weights = [int(Fraction(p) * scale) for _, p in outcomes]
        point = rng.randrange(sum(weights))
        for (action, _), weight in zip(outcomes, weights, strict=True):
            if point < weight:
                return action
            point -= weight
        raise AssertionError("unreachable: the draw lies inside the weights' sum")
    actions = list(state.legal_actions())
    if not actions:
        raise ValueError("no action to draw: the state is terminal")
    return int(rng.choice(actions))


def fingerprint(state: Any) -> tuple[Any, ...]:
    """What must not change when an action is refused: snapshot, hash, history, the
    player to move and the legal actions."""
    return (state.snapshot(), state.zobrist_hash(), list(state.history_actions()),
            state.current_player_id(), list(state.legal_actions()))


@dataclass(frozen=True)
class Walk:
    """One recorded random playthrough: the game, its set-up and the actions drawn.

    ``states()`` replays it; ``texts[i]`` is the text of ``actions[i]`` at ply ``i``.
    """

    game: Game[Any]
    players: int
    seed: int
    options: Mapping[str, Any]
    choices: int
    actions: tuple[int, ...]
    texts: tuple[str, ...] = field(repr=False)

    @property
    def where(self) -> str:
        """``pig, 3 players, seed 1`` (``..., seed 1, choices 5`` when the choices were
        drawn from another seed): the start of every failure message."""
        choices = "" if self.choices == self.seed else f", choices {self.choices}"
        return f"{self.game.name}, {self.players} players, seed {self.seed}{choices}"

    def start(self) -> Any:
        """The walk's first state, new."""
        return self.game.new_state(players=self.players, seed=self.seed, **self.options)

    def states(self, plies: frozenset[int] | None = None) -> Iterator[tuple[int, Any]]:
        """``(ply, state)`` for ply 0 .. len(actions) (or only the plies in ``plies``):
        one state object, mutated as the walk goes on, so a check that keeps a state
        keeps a copy. A check may change the state it gets if it restores it."""
        state = self.start()
        for ply in range(len(self.actions) + 1):
            if plies is None or ply in plies:
                yield ply, state
            if ply < len(self.actions):
                state.apply_action(self.actions[ply])

    def sample(self, count: int) -> frozenset[int]:
        """``count`` plies spread evenly over the walk, its first and last included (all
        of them when the walk is shorter)."""
        last = len(self.actions)
        if count <= 1 or last + 1 <= count:
            return frozenset(range(last + 1))
        return frozenset(round(i * last / (count - 1)) for i in range(count))


def random_walk(game: Game[Any], players: int, seed: int, options: Mapping[str, Any] | None = None,
                choices: int | None = None) -> Walk:
    """The seeded random playthrough of ``game`` (module docstring): the state of
    ``new_state(players=players, seed=seed, **options)``, its actions drawn from
    ``random.Random(choices)`` (default: ``seed``). Raises whatever the game raises for
    a set-up it refuses (OptionError, ValueError)."""
    options = dict(options or {})
    choices = seed if choices is None else choices
    state = game.new_state(players=players, seed=seed, **options)
    rng = random.Random(choices)
    actions: list[int] = []
    texts: list[str] = []
    while not state.is_terminal() and len(actions) < game.max_game_length:
        action = draw_action(state, rng)
        texts.append(state.action_text(action))
        state.apply_action(action)
        actions.append(action)
    return Walk(game, players, seed, options, choices, tuple(actions), tuple(texts))
