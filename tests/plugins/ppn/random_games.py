"""Random games for the PPN tests: every way a record can start, from a seed.

Game ``seed`` is played with uniformly random legal actions (random.Random(seed)):
- seed % 4 == 0: it starts in phase placement, so its placement decisions are moves
  (PP-S3), with Deal and First tags only;
- seed % 7 == 3: it starts part-way (a Position tag): 10 random plies are played and
  the position is taken up with an empty history;
- Blue moves first in odd games (PP-S4);
- seed % 5 == 2: it stops after a random number of plies (an unfinished game, "*").
"""

from __future__ import annotations

import random

import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack.games.pickpack import State


def random_game(seed: int) -> State:
    """The state at the end of random game ``seed`` (see the module docstring)."""
    rng = random.Random(seed)
    first = "blue" if seed % 2 else "red"
    placements = None if seed % 4 == 0 else pickpack_game.placements_from_seed(seed)
    state = pickpack.new_game("pickpack", seed=seed, first=first, placements=placements)
    if seed % 7 == 3:
        for _ in range(10):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        state = State.from_position(state.to_position())
    stop = rng.randrange(1, 40) if seed % 5 == 2 else 1000
    for _ in range(stop):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def headers_for(seed: int) -> dict[str, str]:
    """Roster tags of game ``seed``, with a quote and a backslash to escape in one of them."""
    return {"Event": f'Test "{seed % 3}" \\ run', "Site": "here", "Date": "2026.11.29",
            "Round": str(seed), "Red": "random", "Blue": "random"}
