"""A game-neutral Monte Carlo tree search over pickpack.GameState only, for games
without a C search (third-party games in pure Python).

UCT (Kocsis & Szepesvari 2006, "Bandit based Monte-Carlo planning") with uniformly
random rollouts from a seeded generator, for any number of players:

- every node keeps the sum of the returns vectors (``GameState.returns()``, scaled from
  the game's ``min_utility .. max_utility`` to 0..1) of the simulations through it; at
  a decision node the player to move picks the child maximising *its own* component,
  ``mean + exploration * sqrt(ln(n_available) / n_child)``, after trying every
  action once (in random order);
- at a chance node an outcome is drawn with its exact probability from
  ``chance_outcomes()`` (integer arithmetic over the common denominator), in the tree
  and in rollouts alike;
- hidden information: when the game hides information (``Game.perfect_information``
  False) and the state has ``resample_from_infostate`` (the protocol
  pickpack.game.HiddenInformationState) each simulation starts from a fresh
  determinization for the player to move at the root and the tree is one of
  information sets keyed by action sequences; an action's count of simulations in which
  it was legal replaces the parent's visit count under the logarithm (single-observer
  information-set MCTS, Cowling, Powley & Whitehouse 2012). Otherwise the true state is
  searched; with perfect information the two counts coincide once a node is expanded,
  which is plain UCT.

Before the search, a root check (decisive and anti-decisive moves, Teytaud & Teytaud
2010, "On the huge benefit of decisive moves in Monte-Carlo tree search algorithms"),
one ply each way and never through a chance node, on a state whose player sees all of it
(a perfect-information game's, or one without ``resample_from_infostate``; a hidden-information root is searched
unchecked, so that the true hidden parts decide nothing): a root action after which
the game is over with the root player alone at the highest return is played at once
(the highest such return; ties: the first in legal order), with no simulation; an
action after which another player decides and has such an action for itself loses at
once, and the search leaves it out unless every action does.

The answer is the root action with the most visits (ties: the higher mean return for
the root player, then a draw from the search's own random stream among those still
tied, never simply the smaller action: Pig's ``100 98,0 1 2 20`` gave roll and hold
150 visits and mean 1.0 each, and the smaller action, roll, was played).

    >>> import pickpack
    >>> state = pickpack.new_game("pickpack", seed=7, placements={
    ...     "red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"})
    >>> result = search(state, simulations=100, seed=1)
    >>> result.action in state.legal_actions(), sum(result.visits.values()), result.simulations
    (True, 100, 100)
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pickpack.game import GameState

__all__ = ["SearchResult", "search"]


@dataclass(frozen=True)
class SearchResult:
    """A search's answer: ``action`` (the most visited root action), ``visits``
    (root action -> simulations through it; sums to ``simulations``) and
    ``simulations`` (how many ran)."""

    action: int
    visits: dict[int, int]
    simulations: int


class _Node:
    """One tree node: children by action, the simulations through it (``visits``),
    the simulations in which its action was legal at its parent (``available``) and
    the sum of the scaled returns vectors of those simulations (``total``)."""

    __slots__ = ("children", "visits", "available", "total")

    def __init__(self, players: int) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = [0.0] * players


class _Chance:
    """Exact chance draws: each outcome list becomes integer weights over the common
    denominator of its probabilities, and a ticket ``randrange(denominator)`` picks one.

    The weights are cached by the identities of the list's ``(action, probability)``
    pairs (a game usually hands out the same pairs every time; the list itself is kept
    so those identities stay valid), so Fractions are hashed and summed once.
    """

    _LIMIT = 256

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.tables: dict[tuple[int, ...], tuple[int, list[tuple[int, int]], list[Any]]] = {}

    @staticmethod
    def _weights(outcomes: list[Any]) -> tuple[int, list[tuple[int, int]], list[Any]]:
        if not outcomes:
            raise ValueError("chance_outcomes() is empty at a chance node")
        denominator = math.lcm(*(Fraction(p).denominator for _, p in outcomes))
        weights = [(a, int(Fraction(p) * denominator)) for a, p in outcomes]
        if sum(w for _, w in weights) != denominator:
            raise ValueError(f"chance outcome probabilities do not sum to 1: {outcomes}")
        return denominator, weights, outcomes

    def draw(self, state: Any) -> int:
        """An outcome of ``state``'s chance node, drawn with its exact probability."""
        outcomes = list(state.chance_outcomes())
        key = tuple(map(id, outcomes))
        table = self.tables.get(key)
        if table is None:
            table = self._weights(outcomes)
            if len(self.tables) < self._LIMIT:
                self.tables[key] = table
        ticket = self.rng.randrange(table[0])
        for action, weight in table[1]:
            ticket -= weight
            if ticket < 0:
                return action
        raise AssertionError("unreachable: the weights sum to the denominator")


def _check(state: Any, simulations: int, exploration: float, seed: int, deadline: float | None) -> None:
    if not isinstance(state, GameState):
        raise TypeError(f"state must be a pickpack.GameState, not {type(state).__name__}")
    if isinstance(simulations, bool) or not isinstance(simulations, int):
        raise TypeError(f"simulations must be an int, not {type(simulations).__name__}")
    if simulations < 1:
        raise ValueError(f"simulations must be >= 1, not {simulations}")
    if isinstance(exploration, bool) or not isinstance(exploration, int | float):
        raise TypeError(f"exploration must be a number, not {type(exploration).__name__}")
    if not (math.isfinite(exploration) and exploration >= 0):
        raise ValueError(f"exploration must be a finite number >= 0, not {exploration}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if seed < 0:
        raise ValueError(f"seed must be >= 0, not {seed}")
    if deadline is not None and (isinstance(deadline, bool) or not isinstance(deadline, int | float)):
        raise TypeError(f"deadline must be a time.monotonic() value or None, not {type(deadline).__name__}")
    if state.is_terminal():
        raise ValueError("state: the game is over; there is nothing to search")
    if state.is_chance_node():
        raise ValueError("state: a chance node; the runner draws its outcome, a search starts at a decision")


def _wins_now(state: Any, player: int) -> bool:
    """Is the game over with ``player`` alone at the highest return?"""
    if not state.is_terminal():
        return False
    returns = state.returns()
    return all(returns[player] > r for seat, r in enumerate(returns) if seat != player)


def _root_check(state: Any, player: int) -> tuple[int | None, list[int]]:
    """(the decisive action to play or None, the root actions the search keeps); see the
    module docstring. Needs a state ``player`` sees all of."""
    legal = list(state.legal_actions())
    if len(legal) < 2 or state.num_players < 2:
        return None, legal
    best: tuple[float, int] | None = None
    after: list[Any] = []
    for action in legal:
        child = state.copy()
        child.apply_action(action)
        after.append(child)
        if _wins_now(child, player):
            value = float(child.returns()[player])
            if best is None or value > best[0]:
                best = (value, action)
    if best is not None:
        return best[1], legal
    kept = []
    for action, child in zip(legal, after):
        if not child.is_terminal() and not child.is_chance_node():
            mover = child.current_player_id()
            if mover != player and any(_wins_now(_after(child, reply), mover)
                                       for reply in child.legal_actions()):
                continue
        kept.append(action)
    return None, kept or legal


def _after(state: Any, action: int) -> Any:
    """A copy of ``state`` with ``action`` applied."""
    child = state.copy()
    child.apply_action(action)
    return child


def search(state: GameState, *, simulations: int, exploration: float = 1.4, seed: int = 0,
           deadline: float | None = None) -> SearchResult:
    """UCT from ``state`` (not modified), ``simulations`` simulations or until
    ``time.monotonic()`` passes ``deadline`` (at least one simulation either way),
    after the root check of the module docstring: a decisive root action is returned
    at once (``simulations`` 0, every root action with 0 visits), and the root actions
    that lose at once are left out of the search (reported with 0 visits).

    ``exploration`` is the UCT constant for returns scaled to 0..1; ``seed`` (int >= 0)
    fixes the rollouts, chance draws and determinizations, so with no deadline the
    result depends only on the position and the arguments.

    Raises TypeError for an argument of the wrong type, ValueError naming the parameter
    for a bad value (``simulations`` < 1, ``exploration`` < 0, ``seed`` < 0) and for a
    terminal or chance-node ``state``.
    """
    _check(state, simulations, exploration, seed, deadline)
    rng = random.Random(seed)
    chance = _Chance(rng)
    game = state.game
    low, span = float(game.min_utility), float(game.max_utility - game.min_utility) or 1.0
    players = state.num_players
    # A perfect-information game's resample is a copy (every C state has one): search
    # the true state and make the root check, as for a state without the hook.
    resample = (getattr(state, "resample_from_infostate", None)
                if getattr(game, "perfect_information", True) is not True else None)
    root_player = state.current_player_id()
    legal = list(state.legal_actions())
    kept: list[int] | None = None
    if resample is None:                       # the check reads the true state: no hidden parts
        decisive, kept = _root_check(state, root_player)
        if decisive is not None:
            return SearchResult(action=decisive, visits={a: 0 for a in sorted(legal)}, simulations=0)
    allowed = None if kept is None or len(kept) == len(legal) else frozenset(kept)
    root = _Node(players)
    done = 0
    while True:
        if resample is not None:
            sim: Any = resample(root_player, rng.randrange(1 << 63))
        else:
            sim = state.copy()
        _simulate(sim, root, rng, chance, exploration, low, span, players, allowed)
        done += 1
        if done >= simulations or (deadline is not None and time.monotonic() >= deadline):
            break
    visits = {action: child.visits for action, child in sorted(root.children.items())}
    if allowed is not None:
        visits = {a: visits.get(a, 0) for a in sorted(legal)}

    def rank(action: int) -> tuple[int, float]:
        child = root.children[action]
        return child.visits, child.total[root_player] / child.visits

    top = max(rank(a) for a in root.children)
    tied = sorted(a for a in root.children if rank(a) == top)
    action = tied[0] if len(tied) == 1 else tied[rng.randrange(len(tied))]
    return SearchResult(action=action, visits=visits, simulations=done)


def _simulate(sim: Any, root: _Node, rng: random.Random, chance: _Chance, exploration: float,
              low: float, span: float, players: int, allowed: frozenset[int] | None = None) -> None:
    """One simulation: selection and expansion in the tree, a random rollout, and the
    scaled returns added to every node on the path. ``allowed``: the root actions the
    search keeps (None: all)."""
    node = root
    path = [root]
    expanded = False
    while not sim.is_terminal():
        if sim.is_chance_node():
            action = chance.draw(sim)
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = _Node(players)
        else:
            legal = sim.legal_actions()
            if allowed is not None and node is root:
                legal = [a for a in legal if a in allowed]
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = rng.choice(untried)
                child = node.children[action] = _Node(players)
                for a in legal:
                    existing = node.children.get(a)
                    if existing is not None:
                        existing.available += 1
                expanded = True
            else:
                mover = sim.current_player_id()
                best = -math.inf
                action = legal[0]
                for a in legal:
                    c = node.children[a]
                    c.available += 1
                    score = c.total[mover] / c.visits + exploration * math.sqrt(math.log(c.available) / c.visits)
                    if score > best:
                        best, action = score, a
                child = node.children[action]
        sim.apply_action(action)
        node = child
        path.append(node)
        if expanded:
            break
    while not sim.is_terminal():                           # the rollout
        if sim.is_chance_node():
            sim.apply_action(chance.draw(sim))
        else:
            sim.apply_action(rng.choice(sim.legal_actions()))
    scaled = [(r - low) / span for r in sim.returns()]
    for visited in path:
        visited.visits += 1
        total = visited.total
        for i in range(players):
            total[i] += scaled[i]
