"""The random bot's move in PACRU: uniform over move *kinds*, not over action integers.

Uniform over ``legal_actions()`` would be a poor and slow baseline here: late in a game
almost every action is a reorientation (4 chevrons x 2 turns of 90 degrees x C(41, 4)
sets of freed cells, some 800,000), so a uniformly random player would hand back four
cells nearly every turn and list 800,000 actions to do it. ``random_action`` instead
draws in two stages, as the random playout policy does (docs/pacru.md): one *base
option* uniformly among the distinct legal (chevron, travel, distance) moves and the
(chevron, new direction) reorientations the mover has free cells for, then one of that
option's complete actions uniformly (a reorientation's freed cells as a uniform random
subset). The ``random`` bot uses it through the state's ``random_action``
(plugins/pickpack_bots): the reference's is this function; the C-backed ``State``'s
(pickpack.games.pacru._core) lists the options and actions in C and makes the very same
calls on ``rng`` (``randrange``, then ``randrange`` or ``sample``), so both draw the same
action from the same generator state.
"""

from __future__ import annotations

import random
from typing import Protocol

from pickpack.games.pacru.encoding import decode_action, encode_reorient

__all__ = ["MoverView", "random_action"]


class MoverView(Protocol):
    """What ``random_action`` and the action tokens' ``next_tokens``
    (pickpack.games.pacru.action_tokens) read of a PACRU state (State, RefState)."""

    @property
    def turn(self) -> int: ...

    def is_terminal(self) -> bool: ...

    def move_actions(self) -> list[int]: ...

    def chevrons(self, seat: int) -> list[tuple[int, int]]: ...

    def colour(self, cell: int) -> int: ...

    def chevron(self, cell: int) -> tuple[int, int] | None: ...


def random_action(state: MoverView, rng: random.Random) -> int:
    """A legal action of ``state`` drawn as the module docstring says, from ``rng``.
    ValueError when the game is over."""
    if state.is_terminal():
        raise ValueError("the game is over: no legal action (PA-E2)")
    seat = state.turn
    groups: dict[tuple[int, int, int], list[int]] = {}
    for action in state.move_actions():
        a = decode_action(action)
        groups.setdefault((a.cell, a.direction, a.distance), []).append(action)
    free = [c for c in range(81) if state.colour(c) == seat and state.chevron(c) is None]
    turns = [(1, 2), (7, 2)] * (len(free) >= 2) + [(2, 4), (6, 4)] * (len(free) >= 4)
    reorients = [(cell, (d + by) % 8, k) for cell, d in state.chevrons(seat) for by, k in turns]
    options = len(groups) + len(reorients)
    pick = rng.randrange(options)
    if pick < len(groups):
        return rng.choice(list(groups.values())[pick])
    cell, direction, k = reorients[pick - len(groups)]
    return encode_reorient(cell, direction, rng.sample(free, k))
