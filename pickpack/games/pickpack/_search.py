"""Pick & Pack's C searches under their public module name (MCTS and alpha-beta).

The MCTS is the one search binding of every C game, ``pickpack._csearch``, over Pick &
Pack's table of operations (core/pickpack/ops.c), which carries the game's own compile
of the generic C MCTS (core/common/pp_mcts_impl.h with the table as a constant).
Alpha-beta and its helpers are Pick & Pack's own, compiled into the game's one
extension module, ``pickpack.games.pickpack._core`` (from ``_search.pxi``, included by
``_core.pyx``), so that the game's C is linked once (issue 8: one extension per game).
This plain module re-exports them all, the same objects, so that ``from
pickpack.games.pickpack._search import mcts_search`` and ``Game.native_mcts``
(``"pickpack.games.pickpack._search:mcts_search"``) keep working.

- ``mcts_search(state, *, simulations=None, seconds=None, exploration=1.0, margin=0.5,
  seed=0, max_nodes=1 << 22) -> MCTSResult``: UCT with random playouts (Red's hidden
  placement redrawn when Blue places, PP-S3; returns sign(diff) + margin * diff / 97);
  ``mcts_search_through_table`` is the same search through the table's pointers.
- ``alphabeta_search(state, *, depth=None, seconds=None, eval="full", tt_log2=18) ->
  AlphaBetaResult``: negamax alpha-beta with iterative deepening.
- ``evaluate(state, player, eval="full") -> int``, ``distinct_actions(state)`` and
  ``counted_actions(state) -> list[int]``; the constants ``WIN_VALUE``, ``MAX_DEPTH``,
  ``EVALUATIONS``.

Every search runs without the GIL and, called from the main thread, stops within ~0.1 s
of Ctrl-C (KeyboardInterrupt). Bad parameters raise TypeError/ValueError naming them; a
finished game raises ValueError; a tree or table that cannot be allocated MemoryError.
The full docs are the functions' docstrings (``help(mcts_search)``).

>>> import pickpack
>>> import pickpack._csearch
>>> mcts_search is pickpack._csearch.mcts_search
True
>>> state = pickpack.new_game("pickpack", seed=1, placements={"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"})
>>> result = mcts_search(state, simulations=200, seed=3)
>>> result["simulations"], result["action"] in state.legal_actions()
(200, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pickpack._csearch import MCTSResult, mcts_search, mcts_search_through_table
from pickpack.games.pickpack._core import (
    EVALUATIONS,
    MAX_DEPTH,
    WIN_VALUE,
    alphabeta_search,
    counted_actions,
    distinct_actions,
    evaluate,
)

__all__ = [
    "EVALUATIONS",
    "MAX_DEPTH",
    "WIN_VALUE",
    "MCTSResult",
    "alphabeta_search",
    "counted_actions",
    "distinct_actions",
    "evaluate",
    "mcts_search",
    "mcts_search_through_table",
]

if TYPE_CHECKING:
    # The result type exists for the type checker only (the stub _core.pyi): the
    # search returns a plain dict.
    from pickpack.games.pickpack._core import AlphaBetaResult as AlphaBetaResult
