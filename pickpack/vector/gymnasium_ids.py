"""Gymnasium ids of the single-agent form (docs/vector.md, "Gymnasium ids"): one id
``pickpack/<game>-v0`` per installed game, its ``vector_entry_point``
pickpack.vector.single_agent:SingleAgentVectorEnv with ``game`` set, so that

    gymnasium.make_vec("pickpack/push-v0", num_envs=256, vectorization_mode="vector_entry_point", seat=1)

is ``SingleAgentVectorEnv("push", 256, seat=1)``. Gymnasium 1.x has no plugin entry
points (its ``gymnasium.envs`` group went in 1.0): a third-party package registers its
ids with ``gymnasium.register`` when it is imported, which ``import pickpack.vector``
does (``gymnasium.register_envs(pickpack.vector)`` names that import for linters), or
the id names the module: ``make_vec("pickpack.vector:pickpack/push-v0", ...)``.

Game-neutral: the ids come from the installed games' names (pickpack.available_games,
no game imported); a game that is not a C game with an observation is refused when
made (TypeError, as SingleAgentVectorEnv).
"""

from __future__ import annotations

import re

from pickpack.games_registry import available_games

__all__ = ["ENTRY_POINT", "NAMESPACE", "VERSION", "env_id", "register_ids"]

NAMESPACE = "pickpack"
VERSION = 0
ENTRY_POINT = "pickpack.vector.single_agent:SingleAgentVectorEnv"
_NAME = re.compile(r"^[A-Za-z0-9_.]+$")        # a Gymnasium env name without '-' or '/'


def env_id(game: str) -> str:
    """The Gymnasium id of ``game`` (a registry name): ``pickpack/<game>-v0``."""
    return f"{NAMESPACE}/{game}-v{VERSION}"


def register_ids() -> list[str]:
    """Register ``env_id(name)`` for every installed game whose name can be an id, once
    (an id already registered is left as it is); the ids, sorted. Needs Gymnasium
    (ImportError without it)."""
    import gymnasium

    ids = []
    for name in available_games():
        if not _NAME.match(name):
            continue
        ident = env_id(name)
        ids.append(ident)
        if ident not in gymnasium.registry:
            gymnasium.register(id=ident, vector_entry_point=ENTRY_POINT, kwargs={"game": name})
    return ids
