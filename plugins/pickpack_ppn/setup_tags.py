"""The set-up tags of Pick & Pack records (docs/ppn.md, "Set-up tags").

Kept for the names it has always offered: the tags and their reading and writing are
Pick & Pack's dialect (pickpack.games.pickpack.ppn_dialect), TagError is game-neutral
(pickpack.record_dialect); another game's set-up tags are its dialect's.
"""

from __future__ import annotations

from pickpack.games.pickpack.ppn_dialect import SETUP_TAGS, state_from_tags, tags_for_state
from pickpack.record_dialect import TagError

__all__ = ["SETUP_TAGS", "TagError", "state_from_tags", "tags_for_state"]
