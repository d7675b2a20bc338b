"""What a Pick & Pack player may see (PP-V1, PP-V2, PP-S3), from a snapshot; the same
rules as the reference's independent ``reference/observation_ref.observation``, which
the tests hold this to, and as the C observation tensor (core/pickpack/observation.c).

    >>> import pickpack
    >>> obs = observation_from_snapshot(pickpack.new_game("pickpack", seed=1).snapshot(), 0)
    >>> obs["viewer"], obs["scores"]["blue"], obs["tiles"]["blue"]["1L"]["kind"]
    ('red', None, None)
"""

from __future__ import annotations

from typing import Any

from pickpack.games.pickpack.encoding import PLAYERS

__all__ = ["observation_from_snapshot"]


def observation_from_snapshot(snap: dict[str, Any], seat: int) -> dict[str, Any]:
    """What seat ``seat`` (0 Red, 1 Blue) may see of the position ``snap`` (a snapshot,
    changed in place and returned), with ``"viewer"``: the opponent's crates as
    ``{"count", "top", "status"}`` (``top`` the top tray of an open crate, else None: a
    closed crate's tile covers it, PP-V2), the opponent's score None, and during
    placement the opponent's tile kinds None (PP-S3)."""
    other = PLAYERS[1 - seat]
    snap["viewer"] = PLAYERS[seat]
    snap["crates"][other] = [{"count": len(c["trays"]), "status": c["status"],
                              "top": c["trays"][-1] if c["trays"] and c["status"] == "open" else None}
                             for c in snap["crates"][other]]
    snap["scores"][other] = None
    if snap["phase"] == "placement":
        for tile in snap["tiles"][other].values():
            tile["kind"] = None
    return snap
