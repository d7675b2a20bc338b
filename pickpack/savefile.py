"""The older path of ``pickpack.records.savefile``, kept because a pickled SavedGame or
SaveFileError (``pickpack.SavedGame``) names this module.

It re-exports the same objects (not copies); new code imports pickpack.records.savefile.
"""

from __future__ import annotations

from pickpack.records.savefile import HUMAN, SAVE_FORMAT, SAVE_VERSION, SaveFileError, SavedGame

__all__ = ["HUMAN", "SAVE_FORMAT", "SAVE_VERSION", "SaveFileError", "SavedGame"]
