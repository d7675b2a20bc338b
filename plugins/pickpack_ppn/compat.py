"""Pick & Pack's names that pickpack_ppn has always offered, loaded on first use.

``pickpack_ppn.headers`` (``ROSTER``, ``ROSTER_DEFAULTS``, ``result_token``),
``pickpack_ppn.setup_tags`` (``SETUP_TAGS``, ``state_from_tags``, ``tags_for_state``),
``pickpack_ppn.moves`` (``apply_move_text``) and ``PPN.ROSTER``/``PPN.SETUP_TAGS`` are
Pick & Pack's, kept so that old imports keep working. They are looked up through a
module ``__getattr__`` (PEP 562) or a class attribute descriptor, which import Pick &
Pack's dialect (pickpack.games.pickpack.ppn_dialect) only when one of them is used: so
``import pickpack_ppn.reader`` (or writer, notation) imports no game, a Pig-only record
never loads Pick & Pack's C extension, and a Pick & Pack build problem breaks only what
needs Pick & Pack.

>>> import sys
>>> from pickpack_ppn import setup_tags
>>> setup_tags.SETUP_TAGS[:3]
('Variant', 'Seed', 'Deal')
>>> "pickpack.games.pickpack.ppn_dialect" in sys.modules
True
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any

from pickpack.record_dialect import roster_tags

__all__ = ["COMPAT_NAMES", "PickPackName", "module_getattr", "pickpack_name"]

#: The unknown value of each roster tag that is not "?" (PGN's Seven Tag Roster).
_UNKNOWN = {"Date": "????.??.??", "Result": "*"}

#: Every compatibility name, by the pickpack_ppn module that offers it.
COMPAT_NAMES: dict[str, tuple[str, ...]] = {
    "pickpack_ppn.headers": ("ROSTER", "ROSTER_DEFAULTS", "result_token"),
    "pickpack_ppn.setup_tags": ("SETUP_TAGS", "state_from_tags", "tags_for_state"),
    "pickpack_ppn.moves": ("apply_move_text",),
    "pickpack_ppn.notation": ("ROSTER", "SETUP_TAGS"),
}


def _dialect_module() -> ModuleType:
    """Pick & Pack's dialect module, imported now (ImportError if Pick & Pack is broken)."""
    from pickpack.games.pickpack import ppn_dialect
    return ppn_dialect


def pickpack_name(name: str) -> Any:
    """The value of the compatibility name ``name`` (one of COMPAT_NAMES' names).

    ``ROSTER`` is the roster Pick & Pack's dialect gives (``("Event", "Site", "Date",
    "Round", "Red", "Blue", "Result")``), ``ROSTER_DEFAULTS`` its unknown values; the
    others are the attributes of pickpack.games.pickpack.ppn_dialect of that name.
    Raises ImportError when Pick & Pack cannot be imported, AttributeError for another name.
    """
    module = _dialect_module()
    if name in ("ROSTER", "ROSTER_DEFAULTS"):
        roster = roster_tags(module.DIALECT.player_tags({}))
        if name == "ROSTER":
            return roster
        return {tag: _UNKNOWN.get(tag, "?") for tag in roster}
    if name not in {n for names in COMPAT_NAMES.values() for n in names}:
        raise AttributeError(f"{name!r} is not one of Pick & Pack's PPN names")
    return getattr(module, name)


def module_getattr(module: str, name: str) -> Any:
    """A module ``__getattr__`` (PEP 562) for ``module``: a compatibility name of it is
    loaded (pickpack_name) and stored in the module, so later uses cost nothing.

    Raises AttributeError (as Python expects of ``__getattr__``) for any other name.
    """
    if name not in COMPAT_NAMES.get(module, ()):
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    value = pickpack_name(name)
    setattr(sys.modules[module], name, value)
    return value


class PickPackName:
    """A class attribute holding the compatibility constant it is assigned to (a tuple of
    tag names: ``ROSTER`` or ``SETUP_TAGS``, pickpack_name), loaded each time it is read,
    on the class or an instance (``PPN.ROSTER``)."""

    def __init__(self) -> None:
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: object, owner: type | None = None) -> tuple[str, ...]:
        value: tuple[str, ...] = pickpack_name(self.name)
        return value
