"""Pick & Pack, the game pickpack was built for (rules: docs/rules.md, ids PP-...).

Two players, Red and Blue, apple trays on a 6x6 grid, a shared grabber, four crates each
and twelve action tiles each. Registered as ``pickpack.games:pickpack``; this package
holds its state class (``State``), binding, move text, position string, encodings,
reference rules and the ``GAME`` object.

    >>> from pickpack.games.pickpack import State, placements_from_seed
    >>> import pickpack
    >>> state = pickpack.new_game("pickpack", seed=1, placements=placements_from_seed(1))
    >>> isinstance(state, State), state.phase
    (True, 'play')
"""

from __future__ import annotations

from typing import Any

from pickpack.games.pickpack._constants import MAX_PLIES as MAX_GAME_LENGTH
from pickpack.games.pickpack._core import deal_from_seed, placements_from_seed
from pickpack.games.pickpack._core import random_games as _random_games
from pickpack.games.pickpack.encoding import NUM_DISTINCT_ACTIONS, PLAYERS
from pickpack.games.pickpack.game import GAME, new_pickpack
from pickpack.games.pickpack.state import State

__all__ = ["GAME", "MAX_GAME_LENGTH", "NUM_DISTINCT_ACTIONS", "PLAYERS", "State", "deal_from_seed",
           "from_position", "new_pickpack", "placements_from_seed", "random_playouts"]


def from_position(text: str, *, checked: bool = True) -> State:
    """The State at the position ``text`` describes, with an empty history (the inverse
    of ``State.to_position``; see ``State.from_position``).

    Raises pickpack.PositionError naming the field and the column, for malformed text
    and for positions the rules cannot reach. ``checked=False`` (for tests only) skips
    the reachability checks.

    >>> import pickpack
    >>> st = pickpack.new_game("pickpack", seed=7)
    >>> from_position(st.to_position()).zobrist_hash() == st.zobrist_hash()
    True
    """
    return State.from_position(text, checked=checked)


def random_playouts(n: int, seed: int) -> dict[str, Any]:
    """n complete Pick & Pack games from fresh random deals and placements, all in C.

    The first player alternates (Red in even games). Returns {"games", "plies"
    (play-phase plies in all), "mean_scores": {"red", "blue"}, "wins": {"red", "blue"},
    "draws"}. Raises ValueError for n < 0 or a seed outside 0..2**64-1. Runs without the
    GIL, in slices, so Ctrl-C stops it.
    """
    return _random_games(n, seed)
