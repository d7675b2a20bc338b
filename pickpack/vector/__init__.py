"""Batched environments in C (issue 21; docs/vector.md): B independent games of one C
game stepped by one call without the GIL, observations, legal-action masks, rewards
and flags written in place into NumPy arrays.

``MultiAgentVectorEnv``: self-play; the caller acts for whichever seat is to move.

Game-neutral: a game is found by name (pickpack.get_game); every game whose state is
a C state (pickpack._cstate.CState) with an observation in its ops table works.
Needs NumPy: ``pip install pickpack[vector]``.
"""

from pickpack.vector.batch import IllegalBatchActionError, VectorSpec
from pickpack.vector.multi_agent import MultiAgentVectorEnv

__all__ = ["IllegalBatchActionError", "MultiAgentVectorEnv", "VectorSpec"]
