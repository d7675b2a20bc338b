"""Pick & Pack's snapshot (the rules file's JSON form of a position) to and from the
C core's raw position (core/pickpack/pickpack_core.h, ``PP_RAW_*``): types and names
only. Every rule, range and count is the C loader's to check (pp_load_raw over
pp_state_check); here only what cannot be put into numbers is refused, with
SnapshotError naming the field (and player and index), as the loader does.
"""

from __future__ import annotations

from typing import Any

from pickpack.errors import SnapshotError
from pickpack.games.pickpack import _constants as C
from pickpack.games.pickpack.encoding import (CRATE_STATUS, KINDS, MAX_CRATE, NUM_CRATES, PHASES, PLAYERS, SPACES,
                                               SQUARES, TILE_STATUS)

__all__ = ["FIELDS", "raw_from_snapshot", "snapshot_from_raw"]

#: The snapshot's keys, in snapshot()'s order (docs/pickpack.md); another key is refused.
FIELDS = ("game", "phase", "to_move", "grabber", "grid", "crates", "tiles", "rush", "scores")


def _get(d: dict[str, Any], name: str, kind: type) -> Any:
    if name not in d:
        raise SnapshotError(f"{name}: missing", name)
    if not isinstance(d[name], kind):
        raise SnapshotError(f"{name}: must be a {kind.__name__}, got {type(d[name]).__name__}", name)
    return d[name]


def _int(v: object) -> int:
    """An int of the snapshot as the loader's number; a non-int becomes one it refuses."""
    return v if isinstance(v, int) and not isinstance(v, bool) else -(2 ** 31)


def raw_from_snapshot(snap: object, first: str | None = None) -> list[int]:
    """The raw position of snapshot() data, with who moves first (PP-S4; None: the
    loader finds it). SnapshotError for a non-dict, a missing key, a word that is no
    name of the game's (phase, player, square, status, kind) or a wrong shape."""
    if not isinstance(snap, dict):
        raise SnapshotError("snapshot: must be a dict", "snapshot")
    unknown = sorted(str(key) for key in snap if key not in FIELDS)
    if unknown:
        raise SnapshotError(f"snapshot: unknown key(s) {', '.join(unknown)}; keys are {', '.join(FIELDS)}",
                            "snapshot")
    if _get(snap, "game", str) != "pickpack":
        raise SnapshotError(f"game: expected 'pickpack', got {snap['game']!r}", "game")
    raw = [0] * C.RAW_SIZE
    phase = _get(snap, "phase", str)
    if phase not in PHASES:
        raise SnapshotError(f"phase: must be one of {PHASES}, got {phase!r}", "phase")
    raw[C.RAW_PHASE] = PHASES.index(phase)
    if "to_move" not in snap:
        raise SnapshotError("to_move: missing", "to_move")
    to_move = snap["to_move"]
    if to_move is not None and to_move not in PLAYERS:
        raise SnapshotError(f"to_move: must be 'red', 'blue' or null, got {to_move!r}", "to_move")
    raw[C.RAW_TO_MOVE] = C.NOBODY if to_move is None else PLAYERS.index(to_move)
    if first is not None and first not in PLAYERS:
        raise SnapshotError(f"first: must be 'red' or 'blue', got {first!r}", "first")
    raw[C.RAW_FIRST] = C.NOBODY if first is None else PLAYERS.index(first)
    grabber = _get(snap, "grabber", str)
    if grabber not in SQUARES:
        raise SnapshotError(f"grabber: not a square a1..f6: {grabber!r}", "grabber")
    raw[C.RAW_GRABBER] = SQUARES.index(grabber)
    grid = _get(snap, "grid", dict)
    if set(grid) != set(SQUARES):
        raise SnapshotError("grid: must have exactly the 36 squares a1..f6", "grid")
    for i, sq in enumerate(SQUARES):
        cell = grid[sq]
        if cell is None:
            continue
        if not isinstance(cell, dict) or set(cell) != {"apples", "face_up"} or not isinstance(cell["face_up"], bool):
            raise SnapshotError(f"grid.{sq}: must be null or {{'apples': 1..6, 'face_up': bool}}", "grid", index=i)
        raw[C.RAW_GRID + 2 * i: C.RAW_GRID + 2 * i + 2] = [_int(cell["apples"]), int(not cell["face_up"])]
    crates, tiles, rush = _get(snap, "crates", dict), _get(snap, "tiles", dict), _get(snap, "rush", dict)
    for p, player in enumerate(PLAYERS):
        cl = crates.get(player)
        if not isinstance(cl, list) or len(cl) != NUM_CRATES:
            raise SnapshotError(f"crates.{player}: must be a list of 4 crates", "crates", player)
        for c, crate in enumerate(cl):
            at = C.RAW_CRATES + (p * NUM_CRATES + c) * C.RAW_CRATE_STRIDE
            if not isinstance(crate, dict) or not isinstance(crate.get("trays"), list):
                raise SnapshotError(f"crates.{player}[{c}]: must be {{'trays': [...], 'status': ...}}",
                                    "crates", player, c)
            if crate.get("status") not in CRATE_STATUS:
                raise SnapshotError(f"crates.{player}[{c}].status: must be open, premium or wholesale",
                                    "crates", player, c)
            trays = crate["trays"]
            if len(trays) > MAX_CRATE:
                raise SnapshotError(f"crates.{player}[{c}].trays: more than {MAX_CRATE} trays", "crates", player, c)
            raw[at: at + 2 + len(trays)] = [CRATE_STATUS.index(crate["status"]), len(trays), *map(_int, trays)]
        tl = tiles.get(player)
        if not isinstance(tl, dict) or set(tl) != set(SPACES[p]):
            raise SnapshotError(f"tiles.{player}: must have exactly the spaces {', '.join(SPACES[p])}",
                                "tiles", player)
        for sp, name in enumerate(SPACES[p]):
            tile = tl[name]
            if not isinstance(tile, dict):
                raise SnapshotError(f"tiles.{player}.{name}: must be {{'kind': ..., 'status': ...}}",
                                    "tiles", player, sp)
            kind, status = tile.get("kind"), tile.get("status")
            if kind is not None and (not isinstance(kind, str) or len(kind) != 1 or kind not in KINDS):
                raise SnapshotError(f"tiles.{player}.{name}.kind: must be one of {' '.join(KINDS)} or null",
                                    "tiles", player, sp)
            if status not in TILE_STATUS:
                raise SnapshotError(f"tiles.{player}.{name}.status: must be unplayed, used or malfunctioned",
                                    "tiles", player, sp)
            at = C.RAW_TILES + 2 * (p * len(SPACES[p]) + sp)
            raw[at: at + 2] = [-1 if kind is None else KINDS.index(kind), TILE_STATUS.index(status)]
        raw[C.RAW_RUSH + p] = _int(rush.get(player))
    return raw


def snapshot_from_raw(raw: list[int], scores: dict[str, int]) -> dict[str, Any]:
    """The snapshot() data of a raw position (the loader's numbers as the game's words)
    and its scores (PP-E3)."""
    grid: dict[str, Any] = {}
    for i, sq in enumerate(SQUARES):
        apples, down = raw[C.RAW_GRID + 2 * i: C.RAW_GRID + 2 * i + 2]
        grid[sq] = {"apples": apples, "face_up": not down} if apples else None
    crates, tiles = {}, {}
    for p, player in enumerate(PLAYERS):
        rows = [raw[C.RAW_CRATES + (p * NUM_CRATES + c) * C.RAW_CRATE_STRIDE:][:C.RAW_CRATE_STRIDE] for c in range(NUM_CRATES)]
        crates[player] = [{"trays": r[2: 2 + r[1]], "status": CRATE_STATUS[r[0]]} for r in rows]
        at = C.RAW_TILES + 2 * p * len(SPACES[p])
        tiles[player] = {name: {"kind": KINDS[raw[at + 2 * i]] if raw[at + 2 * i] >= 0 else None,
                                "status": TILE_STATUS[raw[at + 2 * i + 1]]} for i, name in enumerate(SPACES[p])}
    to_move = raw[C.RAW_TO_MOVE]
    return {"game": "pickpack", "phase": PHASES[raw[C.RAW_PHASE]],
            "to_move": PLAYERS[to_move] if to_move != C.NOBODY else None, "grabber": SQUARES[raw[C.RAW_GRABBER]],
            "grid": grid, "crates": crates, "tiles": tiles, "rush": dict(zip(PLAYERS, raw[C.RAW_RUSH:][:2])),
            "scores": scores}
