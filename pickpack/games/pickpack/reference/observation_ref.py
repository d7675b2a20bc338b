"""Plain-Python reference of Pick & Pack's observation and its tensor, used only to
check the C core (core/pickpack/observation.c) and State.observation.

``observation(snapshot, player)`` applies PP-V2 and PP-S3 to a full snapshot (the rules
file's "State snapshot (JSON)"), written again from the rules; ``observation_tensor(obs)``
encodes such an observation with the layout of docs/engine.md ("Observation tensor"),
reading nothing but the observation, so that what it hides cannot reach the tensor.
"""

from __future__ import annotations

import copy
from typing import Any

from pickpack.games.pickpack.encoding import CRATE_STATUS, KINDS, PLAYERS, SPACES, SQUARES, TILE_STATUS

__all__ = ["OBSERVATION_SIZE", "observation", "observation_tensor"]

# docs/engine.md, "Observation tensor": (name, size) in order; offsets are the running sum.
_PARTS = (("phase", 3), ("to_move", 2), ("colour", 2), ("grabber", 36), ("face_up", 6 * 36),
          ("face_down", 6 * 36), ("own_crates", 4 * 41), ("opp_crates", 4 * 5),
          ("own_tiles", 12 * 9), ("opp_tiles", 12 * 9), ("rush", 2), ("score", 1))
OFFSETS: dict[str, int] = {}
_at = 0
for _name, _size in _PARTS:
    OFFSETS[_name] = _at
    _at += _size
OBSERVATION_SIZE = _at               # 878
MAX_CRATE = 36                       # a crate can never hold more than all 36 trays (PP-C2)
MAX_APPLES = 6                       # the largest tray (PP-C2)
MAX_RUSH = 2                         # two Rush order tiles each (PP-C3, PP-A3)
MAX_SCORE = 194                      # all 97 apples in premium crates (PP-C2, PP-E3)
PHASES = ("placement", "play", "over")


def observation(snapshot: dict[str, Any], player: str) -> dict[str, Any]:
    """What ``player`` ("red"/"blue") may see of a full snapshot (PP-V1, PP-V2, PP-S3):
    the opponent's crates as count, status and the top tray of an open crate (a closed
    crate's tile covers its top), the opponent's score None, the opponent's tile kinds
    None during placement; plus ``"viewer"``. Raises ValueError for another player."""
    if player not in PLAYERS:
        raise ValueError(f"unknown player {player!r}")
    other = PLAYERS[1 - PLAYERS.index(player)]
    obs = copy.deepcopy(snapshot)
    obs["viewer"] = player
    hidden = []
    for crate in snapshot["crates"][other]:
        trays, status = crate["trays"], crate["status"]
        top = trays[-1] if trays and status == "open" else None
        hidden.append({"count": len(trays), "top": top, "status": status})
    obs["crates"][other] = hidden
    obs["scores"][other] = None
    if snapshot["phase"] == "placement":
        for tile in obs["tiles"][other].values():
            tile["kind"] = None
    return obs


def observation_tensor(obs: dict[str, Any]) -> list[float]:
    """The tensor of an observation (``State.observation`` or ``observation`` above) as
    OBSERVATION_SIZE floats, offsets per docs/engine.md ("Observation tensor"), the
    viewer's facts first. Reads only what the observation shows."""
    out = [0.0] * OBSERVATION_SIZE
    me = obs["viewer"]
    seat = PLAYERS.index(me)
    other = PLAYERS[1 - seat]
    out[OFFSETS["phase"] + PHASES.index(obs["phase"])] = 1.0
    if obs["to_move"] == me:
        out[OFFSETS["to_move"]] = 1.0
    elif obs["to_move"] == other:
        out[OFFSETS["to_move"] + 1] = 1.0
    out[OFFSETS["colour"] + seat] = 1.0
    out[OFFSETS["grabber"] + SQUARES.index(obs["grabber"])] = 1.0
    for sq, name in enumerate(SQUARES):
        cell = obs["grid"][name]
        if cell is not None:
            plane = "face_up" if cell["face_up"] else "face_down"
            out[OFFSETS[plane] + 36 * (cell["apples"] - 1) + sq] = 1.0
    for c, crate in enumerate(obs["crates"][me]):
        base = OFFSETS["own_crates"] + 41 * c
        trays = crate["trays"]
        out[base + CRATE_STATUS.index(crate["status"])] = 1.0
        out[base + 3] = len(trays) / MAX_CRATE
        out[base + 4] = trays[-1] / MAX_APPLES if trays else 0.0
        for i, apples in enumerate(trays):
            out[base + 5 + i] = apples / MAX_APPLES
    for c, crate in enumerate(obs["crates"][other]):
        base = OFFSETS["opp_crates"] + 5 * c
        out[base + CRATE_STATUS.index(crate["status"])] = 1.0
        out[base + 3] = crate["count"] / MAX_CRATE
        out[base + 4] = 0.0 if crate["top"] is None else crate["top"] / MAX_APPLES
    for part, who in (("own_tiles", me), ("opp_tiles", other)):
        for i, space in enumerate(SPACES[PLAYERS.index(who)]):
            tile = obs["tiles"][who][space]
            base = OFFSETS[part] + 9 * i
            if tile["kind"] is not None:
                out[base + KINDS.index(tile["kind"])] = 1.0
            out[base + 6 + TILE_STATUS.index(tile["status"])] = 1.0
    out[OFFSETS["rush"]] = obs["rush"][me] / MAX_RUSH
    out[OFFSETS["rush"] + 1] = obs["rush"][other] / MAX_RUSH
    out[OFFSETS["score"]] = obs["scores"][me] / MAX_SCORE
    return out
