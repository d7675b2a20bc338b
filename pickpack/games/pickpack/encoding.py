"""Pick & Pack's encodings, defined once: players, squares, spaces, kinds, statuses and
the action layout (docs/engine.md, "Indices" and "Action integers").

Every other module of the game (move text, position string, PPN dialect, TUI face,
reference rules) imports its tables from here. Nothing here is restated from the C
core: the sizes and the action layout are the header's (core/pickpack/pickpack_core.h,
generated into pickpack.games.pickpack._constants at build time),
the square, space and kind names the ones the core writes in move text
(core/pickpack/text.c), the player, status and phase words the names of the C enums,
all read through the binding; ``decode``/``encode`` are the core's ``pp_decode`` and
``pp_encode`` with typed parts.

    >>> decode(6 + (20 * 142 + 1) * 2)             # grab on c4 into crate 2
    DecodedAction(action=5688, placement_kind=None, destination='c4', grab_crate=2, tile_end=None, target=None, rush=False, tile_space=None)
    >>> encode(destination="c4", tile_end=0, target=CrateTarget(3), rush=True)
    5701
    >>> decode(5701, mover="red").tile_space
    'cT'
"""

from __future__ import annotations

from dataclasses import dataclass

from pickpack.games.pickpack import _constants as C
from pickpack.games.pickpack._core import (CRATE_STATUS, KINDS, PHASES, PLAYERS, SPACES, SQUARES, TILE_STATUS,
                                           _encode, decode_action)

NUM_DISTINCT_ACTIONS, NUM_SQUARES, NUM_SPACES = C.NUM_ACTIONS, C.NUM_SQUARES, C.NUM_SPACES
NUM_CRATES, NUM_KINDS, MAX_CRATE = C.NUM_CRATES, C.NUM_KINDS, C.MAX_CRATE
ACTION_LAYOUT = {"placement_actions": C.NUM_PLACEMENT_ACTIONS, "details_per_square": C.DETAILS_PER_SQUARE,
                 "targets_per_end": C.TARGETS_PER_END}

__all__ = [
    "ACTION_LAYOUT", "CRATE_STATUS", "DETAILS_PER_SQUARE", "FILES", "KINDS", "KIND_NAMES",
    "MAX_CRATE", "NUM_CRATES", "NUM_DISTINCT_ACTIONS", "NUM_KINDS", "NUM_SPACES", "NUM_SQUARES",
    "PHASES", "PLACEMENT_ACTIONS", "PLAYERS", "RANKS", "SPACES", "SQUARES", "TARGETS_PER_END",
    "TARGET_CRATE", "TARGET_NONE", "TARGET_PAIR", "TARGET_SPACE", "TARGET_SQUARE", "TILE_STATUS",
    "CratePairTarget", "CrateTarget", "DecodedAction", "SpaceTarget", "SquareTarget", "Target",
    "decode", "decode_raw", "encode", "encode_raw", "player_of", "space_at_end", "space_of",
    "square_of",
]

# PLAYERS = ("red", "blue"): seat order, Red is seat 0 (PP-S2).
# SQUARES: a1, b1, ..., f6; square index = (rank - 1) * 6 + file (PP-C1).
# SPACES: per player, in space order: Red aT..fT then aB..fB (top and bottom of the
#   columns), Blue 1L..6L then 1R..6R (left and right of the rows) (PP-C4, PP-C5).
# KINDS = "PWRQXM": action-tile kinds by index (PP-A1..PP-A6).
# CRATE_STATUS, TILE_STATUS, PHASES: the snapshot's words, by the core's numbers.

#: Grid files (columns) and ranks (rows), as the square names spell them.
FILES = "".join(dict.fromkeys(name[0] for name in SQUARES))
RANKS = "".join(dict.fromkeys(name[1] for name in SQUARES))
KIND_NAMES = dict(zip(KINDS, ("Premium", "Wholesale", "Rush order", "Quality control",
                              "Order mix-up", "Malfunction")))  # PP-A1..PP-A6

#: The action layout (docs/engine.md, "Action integers"): placement decisions first, then
#: per destination square a block of details, each tile end with its targets.
PLACEMENT_ACTIONS: int = ACTION_LAYOUT["placement_actions"]
DETAILS_PER_SQUARE: int = ACTION_LAYOUT["details_per_square"]
TARGETS_PER_END: int = ACTION_LAYOUT["targets_per_end"]
#: First target index of each sort of target of a tile activation.
TARGET_NONE = 0
TARGET_CRATE = 1                                       # 1..4: crate t-1
TARGET_PAIR = TARGET_CRATE + NUM_CRATES                # 5..20: pair a*4 + b
TARGET_SQUARE = TARGET_PAIR + NUM_CRATES * NUM_CRATES  # 21..56: square t-21
TARGET_SPACE = TARGET_SQUARE + NUM_SQUARES             # 57..68: opponent's space t-57
if TARGET_SPACE + NUM_SPACES != TARGETS_PER_END:       # the header and this file disagree
    raise ImportError(f"pickpack.games.pickpack.encoding: target ranges end at "
                      f"{TARGET_SPACE + NUM_SPACES}, the core has {TARGETS_PER_END} per end")

_SQUARE_INDEX = {name: i for i, name in enumerate(SQUARES)}
_SPACE_INDEX = {name: (p, i) for p, names in enumerate(SPACES) for i, name in enumerate(names)}
_SIDE = NUM_SPACES // 2                                # spaces per line end: 6


def square_of(name: str) -> int:
    """Index 0..35 of the square ``name`` (``a1`` = 0, ``f6`` = 35). KeyError otherwise."""
    return _SQUARE_INDEX[name]


def space_of(name: str) -> tuple[int, int]:
    """``(player, space index 0..11)`` of the action space ``name`` (``aT`` = (0, 0),
    ``6R`` = (1, 11)). KeyError otherwise."""
    return _SPACE_INDEX[name]


def player_of(player: str | int) -> int:
    """Seat 0 (Red) or 1 (Blue) of a player name or seat. ValueError otherwise."""
    if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < len(PLAYERS):
        return player
    if isinstance(player, str) and player in PLAYERS:
        return PLAYERS.index(player)
    raise ValueError(f"player: must be 'red' or 'blue' (or seat 0 or 1), not {player!r}")


def space_at_end(mover: int, dest: int, end: int) -> int:
    """The mover's space (0..11) at line end ``end`` (0 or 1) of the destination square's
    line: Red's column (0: top T, 1: bottom B), Blue's row (0: left L, 1: right R)
    (PP-C5, PP-M2). Indices are trusted (checked by the callers)."""
    line = dest % _SIDE if mover == 0 else dest // _SIDE
    return line + end * _SIDE


@dataclass(frozen=True)
class CrateTarget:
    """Target of a Premium (own crate) or Wholesale (opponent's crate): ``crate`` 1..4."""

    crate: int


@dataclass(frozen=True)
class CratePairTarget:
    """Target of Quality control (``a>b``) or Order mix-up (``axb``): the opponent's
    crate ``opponent_crate`` and the mover's ``own_crate``, each 1..4."""

    opponent_crate: int
    own_crate: int


@dataclass(frozen=True)
class SquareTarget:
    """Target of a Malfunction on a tray: the square's name (``e5``)."""

    square: str


@dataclass(frozen=True)
class SpaceTarget:
    """Target of a Malfunction on a tile: the opponent's space ``index`` 0..11, and its
    ``name`` (``3L``) when the mover is known (None otherwise; ignored by encode)."""

    index: int
    name: str | None = None


#: What a tile activation aims at; None for a tile without a target (Rush order).
Target = CrateTarget | CratePairTarget | SquareTarget | SpaceTarget | None


@dataclass(frozen=True)
class DecodedAction:
    """The typed parts of an action integer (docs/engine.md, "Action integers").

    A placement decision has only ``placement_kind`` (a kind letter, put on the next
    space to fill). A grabber move has ``destination`` (square name), ``rush`` (a rush
    order is spent) and either ``grab_crate`` (1..4, own crate) or ``tile_end`` (0 or 1:
    the tile at that end of the destination's line, Red's column or Blue's row) with
    ``target``. ``tile_space`` is that tile's space name when decode knew the mover.
    Which kind the tile is comes from the state, not from the action.
    """

    action: int
    placement_kind: str | None
    destination: str | None
    grab_crate: int | None
    tile_end: int | None
    target: Target
    rush: bool
    tile_space: str | None = None

    def encode(self) -> int:
        """The action integer again (same as ``encode`` on these parts)."""
        return encode(placement_kind=self.placement_kind, destination=self.destination,
                      grab_crate=self.grab_crate, tile_end=self.tile_end, target=self.target,
                      rush=self.rush)


def decode_raw(action: int) -> tuple[int, int, int, int, int, int]:
    """``pp_decode``: (placement_kind 0..5 or -1, dest 0..35 or -1, grab_crate 0..3 or
    -1, end 0/1 or -1, target 0..68, rush 0/1). ValueError for an action outside
    0..10229."""
    return decode_action(action)


def _part(name: str, v: object, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ValueError(f"{name}: must be an int {lo}..{hi}, got {v!r}")
    return v


def encode_raw(placement_kind: int, dest: int, grab_crate: int, end: int, target: int, rush: int) -> int:
    """``pp_encode``, the inverse of decode_raw. A placement decision has placement_kind
    0..5, dest, grab_crate and end -1, target and rush 0; a grab dest 0..35, grab_crate
    0..3, end -1, target 0; a tile activation dest 0..35, grab_crate -1, end 0/1, target
    0..68. ValueError naming the part that is out of range or does not fit the others."""
    parts = (_part("placement_kind", placement_kind, -1, NUM_KINDS - 1), _part("dest", dest, -1, NUM_SQUARES - 1),
             _part("grab_crate", grab_crate, -1, NUM_CRATES - 1), _part("end", end, -1, 1),
             _part("target", target, 0, TARGETS_PER_END - 1), _part("rush", rush, 0, 1))
    if placement_kind >= 0:
        for name, v in (("dest", dest), ("grab_crate", grab_crate), ("end", end)):
            if v != -1:
                raise ValueError(f"{name}: a placement decision has none (-1), got {v}")
        if target != 0 or rush != 0:
            raise ValueError("target, rush: a placement decision has neither (0)")
    elif dest < 0:
        raise ValueError("dest: a grabber move needs a destination square 0..35")
    elif (grab_crate >= 0) == (end >= 0):
        raise ValueError("grab_crate, end: a grabber move either grabs (grab_crate 0..3, end -1) "
                         "or activates a tile (grab_crate -1, end 0/1)")
    elif grab_crate >= 0 and target != 0:
        raise ValueError(f"target: a grab has none (0), got {target}")
    return int(_encode(*parts))


def decode(action: int, mover: str | int | None = None) -> DecodedAction:
    """The typed parts of ``action`` (0..10229).

    With ``mover`` (the player who would play it, "red"/"blue" or seat 0/1), the tile's
    space name (``tile_space``) and a SpaceTarget's ``name`` are filled in too. Raises
    ValueError naming ``action`` or ``mover`` for bad input.
    """
    kind, dest, crate, end, t, rush = decode_action(action)
    p = None if mover is None else player_of(mover)
    if kind >= 0:
        return DecodedAction(action, KINDS[kind], None, None, None, None, False)
    target: Target = None
    if end >= 0:
        if TARGET_CRATE <= t < TARGET_PAIR:
            target = CrateTarget(t - TARGET_CRATE + 1)
        elif TARGET_PAIR <= t < TARGET_SQUARE:
            a, b = divmod(t - TARGET_PAIR, NUM_CRATES)
            target = CratePairTarget(a + 1, b + 1)
        elif TARGET_SQUARE <= t < TARGET_SPACE:
            target = SquareTarget(SQUARES[t - TARGET_SQUARE])
        elif t >= TARGET_SPACE:
            i = t - TARGET_SPACE
            target = SpaceTarget(i, None if p is None else SPACES[1 - p][i])
    space = None if end < 0 or p is None else SPACES[p][space_at_end(p, dest, end)]
    return DecodedAction(action, None, SQUARES[dest], None if crate < 0 else crate + 1,
                         None if end < 0 else end, target, bool(rush), space)


def _crate_number(field: str, v: object) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= NUM_CRATES:
        raise ValueError(f"{field}: must be a crate number 1..{NUM_CRATES}, got {v!r}")
    return v - 1


def _target_index(target: object) -> int:
    if target is None:
        return TARGET_NONE
    if isinstance(target, CrateTarget):
        return TARGET_CRATE + _crate_number("target.crate", target.crate)
    if isinstance(target, CratePairTarget):
        a = _crate_number("target.opponent_crate", target.opponent_crate)
        return TARGET_PAIR + a * NUM_CRATES + _crate_number("target.own_crate", target.own_crate)
    if isinstance(target, SquareTarget):
        if not isinstance(target.square, str) or target.square not in _SQUARE_INDEX:
            raise ValueError(f"target.square: must be a square a1..f6, got {target.square!r}")
        return TARGET_SQUARE + _SQUARE_INDEX[target.square]
    if isinstance(target, SpaceTarget):
        i = target.index
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < NUM_SPACES:
            raise ValueError(f"target.index: must be a space index 0..{NUM_SPACES - 1}, got {i!r}")
        return TARGET_SPACE + i
    raise ValueError(f"target: must be a CrateTarget, CratePairTarget, SquareTarget, SpaceTarget "
                     f"or None, got {type(target).__name__}")


def encode(*, placement_kind: str | None = None, destination: str | None = None,
           grab_crate: int | None = None, tile_end: int | None = None, target: Target = None,
           rush: bool = False) -> int:
    """The action integer of a move given by its parts (the inverse of decode).

    A placement decision: ``placement_kind`` (a letter of KINDS) alone. A grab:
    ``destination`` and ``grab_crate`` (1..4). A tile activation: ``destination``,
    ``tile_end`` (0 or 1) and ``target``. ``rush`` for a grabber move that spends a rush
    order. The result is an action integer, not a check of legality. Raises ValueError
    naming the field for a value out of range or parts that do not make one move.
    """
    if not isinstance(rush, bool):
        raise ValueError(f"rush: must be a bool, got {rush!r}")
    if placement_kind is not None:
        if not isinstance(placement_kind, str) or len(placement_kind) != 1 or placement_kind not in KINDS:
            raise ValueError(f"placement_kind: must be one kind letter of {KINDS}, got {placement_kind!r}")
        for name, v in (("destination", destination), ("grab_crate", grab_crate), ("tile_end", tile_end),
                        ("target", target)):
            if v is not None:
                raise ValueError(f"{name}: a placement decision has none, got {v!r}")
        if rush:
            raise ValueError("rush: a placement decision spends no rush order")
        return encode_raw(KINDS.index(placement_kind), -1, -1, -1, 0, 0)
    if not isinstance(destination, str) or destination not in _SQUARE_INDEX:
        raise ValueError(f"destination: must be a square a1..f6 (or give placement_kind), got {destination!r}")
    dest = _SQUARE_INDEX[destination]
    if grab_crate is not None:
        if tile_end is not None or target is not None:
            raise ValueError("tile_end, target: a grab has neither (it has grab_crate)")
        return encode_raw(-1, dest, _crate_number("grab_crate", grab_crate), -1, 0, int(rush))
    if isinstance(tile_end, bool) or not isinstance(tile_end, int) or tile_end not in (0, 1):
        raise ValueError(f"tile_end: must be 0 or 1 for a tile activation (or give grab_crate), "
                         f"got {tile_end!r}")
    return encode_raw(-1, dest, -1, tile_end, _target_index(target), int(rush))
