"""PACRU snapshots checked by the game's one rule-aware validator, the C loader
(pacru_load through pickpack._cstate.CState._from_raw), beside the name-and-type mapping of
snapshot.py (which the binding itself uses, so it cannot import the binding back).
The extension is imported when a snapshot is checked, not with this module, so that the
plain-Python reference imports without it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pickpack.games.pacru.snapshot import raw_of_snapshot, snapshot_of_raw

__all__ = ["validate_snapshot"]


def validate_snapshot(snap: Mapping[str, Any], *, reachable: bool = False) -> dict[str, Any]:
    """The normalised copy of ``snap`` (chevrons sorted by cell name, keys in FIELDS
    order), checked by the C loader (pacru_load through pickpack._cstate.CState._from_raw;
    needs the C extension, imported lazily so that the reference imports without it): at
    its safe level (docs/pacru.md, "Snapshot"), with ``reachable=True`` also what every
    position the rules reach satisfies (docs/pacru.md, "Positions the rules can reach").

    SnapshotError (``field``, ``player``/``index`` where there is one, ``rule``):
    raw_of_snapshot's (names and types), then the loader's: players not 2..4 (PA-C4);
    max_plies not 1..1000, ply not 0..max_plies (PA-E3); turn not a seat (PA-S4); a
    colour of no seat (PA-C2); more chevrons than PA-C4 allows, two on one cell (PA-C2);
    a game not over whose turn has no chevron or no legal move (PA-E1); ..."""
    from pickpack.games.pacru._core import CoreState   # the C loader, when a snapshot is checked

    return snapshot_of_raw(CoreState._from_raw(raw_of_snapshot(snap), reachable)._raw())
