"""Plain-Python reference of the PUSH rules (ids PU-...), used to check the C core."""

from pickpack.games.push.reference.push_ref import RefState

__all__ = ["RefState"]
