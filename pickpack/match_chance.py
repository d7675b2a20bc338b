"""The older path of ``pickpack.match.chance``, kept because docs/adapters.md named
``pickpack.match_chance.sample_outcome`` as the draw to reproduce the adapters' chance
outcomes with.

It re-exports the same objects (not copies); new code imports pickpack.match.chance.
"""

from __future__ import annotations

from pickpack.match.chance import sample_outcome

__all__ = ["sample_outcome"]
