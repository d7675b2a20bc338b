"""The set-up tags of Pick & Pack records (docs/ppn.md, "Set-up tags").

Kept for the names it has always offered: the tags and their reading and writing are
Pick & Pack's dialect (pickpack.games.pickpack.ppn_dialect), TagError is game-neutral
(pickpack.record_dialect); another game's set-up tags are its dialect's. ``SETUP_TAGS``,
``state_from_tags`` and ``tags_for_state`` load Pick & Pack on first use
(pickpack_ppn.compat), so importing this module imports no game.
"""

from __future__ import annotations

from typing import Any

from pickpack.record_dialect import TagError
from pickpack_ppn.compat import module_getattr

__all__ = ["SETUP_TAGS", "TagError", "state_from_tags", "tags_for_state"]


def __getattr__(name: str) -> Any:
    """Pick & Pack's ``SETUP_TAGS``, ``state_from_tags`` and ``tags_for_state``, loaded on
    first use (PEP 562; pickpack_ppn.compat). AttributeError for any other missing name."""
    return module_getattr(__name__, name)
