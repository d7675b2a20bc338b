"""Batched environments in C (issue 21; docs/vector.md): B independent games of one C
game stepped by one call without the GIL, observations, legal-action masks, rewards
and flags written in place into NumPy arrays.

``MultiAgentVectorEnv``: self-play; the caller acts for whichever seat is to move.
``SingleAgentVectorEnv``: a ``gymnasium.vector.VectorEnv``; the learner takes one seat,
the other seats are played in C by a built-in policy (random, rollout, MCTS).

Game-neutral: a game is found by name (pickpack.get_game); every game whose state is
a C state (pickpack._cstate.CState) with an observation in its ops table works.
Needs NumPy, and Gymnasium for ``SingleAgentVectorEnv`` (imported when first named,
so the rest works without it): ``pip install 'pickpack-engine[vector]'``. With
Gymnasium installed, importing this package registers one Gymnasium id per installed
game, ``pickpack/<game>-v0`` (pickpack.vector.gymnasium_ids): ``gymnasium.make_vec(
"pickpack/push-v0", num_envs=B, vectorization_mode="vector_entry_point", seat=1)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pickpack.vector.batch import IllegalBatchActionError, NoDecisionError, VectorSpec
from pickpack.vector.multi_agent import MultiAgentVectorEnv

if TYPE_CHECKING:
    from pickpack.vector.single_agent import SingleAgentVectorEnv

__all__ = ["IllegalBatchActionError", "MultiAgentVectorEnv", "NoDecisionError", "SingleAgentVectorEnv", "VectorSpec"]


def _register_gymnasium_ids() -> None:
    """Gymnasium's way for a third-party package: register its ids on import
    (pickpack.vector.gymnasium_ids); nothing without Gymnasium."""
    try:
        import gymnasium  # noqa: F401
    except ImportError:
        return
    from pickpack.vector.gymnasium_ids import register_ids

    register_ids()


_register_gymnasium_ids()


def __getattr__(name: str) -> object:
    """``SingleAgentVectorEnv`` from pickpack.vector.single_agent on first use (it
    imports Gymnasium: ImportError naming the extra without it)."""
    if name == "SingleAgentVectorEnv":
        from pickpack.vector.single_agent import SingleAgentVectorEnv

        return SingleAgentVectorEnv
    raise AttributeError(f"module 'pickpack.vector' has no attribute {name!r}")
