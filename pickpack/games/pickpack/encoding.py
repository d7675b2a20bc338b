"""Pick & Pack's encodings, defined once: players, squares, spaces, kinds, statuses and
the action layout (docs/engine.md, "Indices" and "Action integers").

Every other module of the game (move text, position string, PPN dialect, TUI face,
reference rules) imports its tables from here. The sizes are the C header's
(core/pickpack/pickpack_core.h), read through the binding, so the two cannot differ.
"""

from __future__ import annotations

from pickpack.games.pickpack._core import (
    ACTION_LAYOUT, NUM_CRATES, NUM_DISTINCT_ACTIONS, NUM_KINDS, NUM_SPACES, NUM_SQUARES)

__all__ = [
    "ACTION_LAYOUT", "CRATE_STATUS", "DETAILS_PER_SQUARE", "FILES", "KINDS", "KIND_NAMES",
    "NUM_CRATES", "NUM_DISTINCT_ACTIONS", "NUM_KINDS", "NUM_SPACES", "NUM_SQUARES", "PHASES",
    "PLACEMENT_ACTIONS", "PLAYERS", "RANKS", "SPACES", "SQUARES", "TARGETS_PER_END", "TILE_STATUS",
    "space_of", "square_of",
]

#: Seat order: Red is seat 0, Blue seat 1 (PP-S2).
PLAYERS: tuple[str, str] = ("red", "blue")
#: Grid files (columns) a..f and ranks (rows) 1..6; square index = (rank - 1) * 6 + file.
FILES = "abcdef"
RANKS = "123456"
SQUARES: tuple[str, ...] = tuple(f"{FILES[i % 6]}{i // 6 + 1}" for i in range(NUM_SQUARES))
#: Action-tile spaces per player, in space order: Red aT..fT then aB..fB (top and bottom
#: of the columns), Blue 1L..6L then 1R..6R (left and right of the rows) (PP-C4).
SPACES: tuple[tuple[str, ...], tuple[str, ...]] = (
    tuple(f"{FILES[i % 6]}{'TB'[i // 6]}" for i in range(NUM_SPACES)),
    tuple(f"{i % 6 + 1}{'LR'[i // 6]}" for i in range(NUM_SPACES)),
)
#: Action-tile kinds by index (PP-A1..PP-A6).
KINDS = "PWRQXM"
KIND_NAMES = {"P": "Premium", "W": "Wholesale", "R": "Rush order", "Q": "Quality control",
              "X": "Exchange", "M": "Malfunction"}
CRATE_STATUS = ("open", "premium", "wholesale")
TILE_STATUS = ("unplayed", "used", "malfunctioned")
PHASES = ("placement", "play", "over")

#: The action layout (docs/engine.md, "Action integers"): placement decisions first, then
#: per destination square a block of details, each tile end with its targets.
PLACEMENT_ACTIONS: int = ACTION_LAYOUT["placement_actions"]
DETAILS_PER_SQUARE: int = ACTION_LAYOUT["details_per_square"]
TARGETS_PER_END: int = ACTION_LAYOUT["targets_per_end"]

_SQUARE_INDEX = {name: i for i, name in enumerate(SQUARES)}
_SPACE_INDEX = {name: (p, i) for p, names in enumerate(SPACES) for i, name in enumerate(names)}


def square_of(name: str) -> int:
    """Index 0..35 of the square ``name`` (``a1`` = 0, ``f6`` = 35). KeyError otherwise."""
    return _SQUARE_INDEX[name]


def space_of(name: str) -> tuple[int, int]:
    """``(player, space index 0..11)`` of the action space ``name`` (``aT`` = (0, 0),
    ``6R`` = (1, 11)). KeyError otherwise."""
    return _SPACE_INDEX[name]
