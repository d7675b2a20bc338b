"""Plain-Python reference of the PACRU rules (ids PA-...), used to check the C core."""

from pickpack.games.pacru.reference.pacru_ref import RefState

__all__ = ["RefState"]
