"""PUSH snapshots checked by the game's one rule-aware validator, the C loader
(push_load through pickpack._cstate.CState._from_raw), beside the name-and-type mapping of
snapshot.py (which the binding itself uses, so it cannot import the binding back).
The extension is imported when a snapshot is checked, not with this module, so that the
plain-Python reference imports without it.

    >>> from pickpack.games.push.snapshot import EXAMPLE
    >>> validate_snapshot(EXAMPLE) == EXAMPLE
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pickpack.games.push.snapshot import from_raw, to_raw

__all__ = ["validate_snapshot"]


def validate_snapshot(snap: Mapping[str, Any], *, reachable: bool = False) -> dict[str, Any]:
    """The normalised copy of the PUSH snapshot ``snap`` (zero deck counts dropped,
    card lists in card-type order), checked by the game's one rule-aware validator,
    the C loader (push_load through pickpack._cstate.CState._from_raw; needs the C
    extension): at its safe level (docs/push.md, "Validation"), with ``reachable=True``
    also what every position the rules reach satisfies (docs/push.md, "Positions the
    rules can reach").

    Raises SnapshotError(message, field=..., player=, index=, rule=) naming the field,
    the seat (``"p1"``..) or stack index where there is one, and the rule: to_raw's
    errors (names and types), then the loader's (PU-C1, PU-C3 card counts; PU-P2, PU-P3
    stacks; PU-K1, PU-K3, PU-K4, PU-E1, PU-S1, PU-S2, PU-T1, PU-P5 ...).
    """
    from pickpack.games.push._core import CoreState   # the C loader, when a snapshot is checked

    return from_raw(CoreState._from_raw(to_raw(snap), reachable)._raw())
