"""What a PACRU player sees: everything (perfect information).

``observation_from_snapshot(snap, seat)`` is the snapshot (snapshot.py) plus
``"player"``, the observing seat.

    >>> from pickpack.games.pacru.reference import RefState
    >>> obs = observation_from_snapshot(RefState(3).snapshot(), 2)
    >>> obs["player"], obs["chevrons"][2]
    (2, ['a5E', 'c1N', 'c9S'])
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

__all__ = ["observation_from_snapshot"]


def observation_from_snapshot(snap: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """A deep copy of ``snap`` with ``"player": seat`` added. TypeError for a non-int
    seat, ValueError for a seat outside 0..players-1."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"a seat is an int, not {type(seat).__name__}")
    if not 0 <= seat < snap["players"]:
        raise ValueError(f"no seat {seat}: seats are 0..{snap['players'] - 1}")
    obs = copy.deepcopy(dict(snap))
    obs["player"] = seat
    return obs
