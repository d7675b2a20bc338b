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
from contextvars import ContextVar
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pickpack.game import Game

__all__ = ["Walk", "draw_action", "fingerprint", "here", "place", "random_walk", "set_here"]

#: Where the walk in progress in this context is (``place``), for a failure the game
#: raises in the middle of a check or of drawing a walk.
_HERE: ContextVar[str | None] = ContextVar("pickpack_testing_here", default=None)


def place(game: Game[Any], players: int, seed: int, choices: int | None = None, ply: int | None = None) -> str:
    """Where a walk is: ``pig, 3 players, seed 1`` (``..., choices 5`` when its choices
    are drawn from another seed), then ``, ply 5``, or ``, start position`` at ply 0
    (nothing when ``ply`` is None). The start of every conformance failure message."""
    text = f"{game.name}, {players} players, seed {seed}"
    if choices is not None and choices != seed:
        text += f", choices {choices}"
    if ply is None:
        return text
    return f"{text}, start position" if ply == 0 else f"{text}, ply {ply}"


def here() -> str | None:
    """The ``place`` (ply included) of the walk step this context reached last, or None
    before any: what a failure the game raises names."""
    return _HERE.get()


def set_here(where: str | None) -> None:
    """Set (or, with None, clear) what ``here()`` answers in this context."""
    _HERE.set(where)


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
        drawn from another seed): the walk, without a ply."""
        return place(self.game, self.players, self.seed, self.choices)

    def at(self, ply: int) -> str:
        """``pig, 3 players, seed 1, ply 5`` (``..., start position`` at ply 0): the start
        of a failure message at ``ply``."""
        return place(self.game, self.players, self.seed, self.choices, ply)

    def mark(self, ply: int) -> None:
        """Note that a check has reached ``ply`` of this walk (``here()``), so that an
        error the game raises from now on is reported there. ``start`` and ``states``
        mark each ply they reach; a check replaying the actions itself marks its own."""
        set_here(self.at(ply))

    def start(self) -> Any:
        """The walk's first state, new (marked: ply 0)."""
        self.mark(0)
        return self.game.new_state(players=self.players, seed=self.seed, **self.options)

    def states(self, plies: frozenset[int] | None = None) -> Iterator[tuple[int, Any]]:
        """``(ply, state)`` for ply 0 .. len(actions) (or only the plies in ``plies``):
        one state object, mutated as the walk goes on, so a check that keeps a state
        keeps a copy. A check may change the state it gets if it restores it."""
        state = self.start()
        for ply in range(len(self.actions) + 1):
            self.mark(ply)
            if plies is None or ply in plies:
                yield ply, state
                self.mark(ply)
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
    a set-up it refuses (OptionError, ValueError); ``here()`` is then where it did."""
    options = dict(options or {})
    choices = seed if choices is None else choices
    set_here(place(game, players, seed, choices, 0))
    state = game.new_state(players=players, seed=seed, **options)
    rng = random.Random(choices)
    actions: list[int] = []
    texts: list[str] = []
    while not state.is_terminal() and len(actions) < game.max_game_length:
        set_here(place(game, players, seed, choices, len(actions)))
        action = draw_action(state, rng)
        texts.append(state.action_text(action))
        state.apply_action(action)
        actions.append(action)
    return Walk(game, players, seed, options, choices, tuple(actions), tuple(texts))
