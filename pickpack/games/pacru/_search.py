"""PACRU's C MCTS under its public module name.

The search is compiled into the game's one extension module,
``pickpack.games.pacru._core`` (from ``_search.pxi``, included by ``_core.pyx``), so that
the game's C is linked once; this plain module re-exports the same objects, so that
``Game.native_mcts`` (``"pickpack.games.pacru._search:mcts_search"``) finds it.

- ``mcts_search(state, *, simulations=None, seconds=None, exploration=1.0, margin=0.5,
  seed=0, max_nodes=1 << 22) -> MCTSResult``: UCT (Kocsis & Szepesvari 2006) with
  random playouts over the contract's SEARCH ACTIONS, the generic C MCTS
  (core/common/pp_mcts.h) compiled over PACRU's table of operations (core/pacru/ops.c);
  ``mcts_search_through_table`` is the same search through the table's pointers.

Every search runs without the GIL and, from the main thread, stops within ~0.1 s of
Ctrl-C. Bad parameters raise TypeError/ValueError naming them; a finished game raises
ValueError. The full docs are the functions' docstrings.

>>> from pickpack.games.pacru._core import CoreState
>>> result = mcts_search(CoreState(2), simulations=50, seed=1)
>>> CoreState(2).check_action(result["action"]) is None, result["simulations"]
(True, 50)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pickpack.games.pacru._core import mcts_search, mcts_search_through_table

__all__ = ["mcts_search", "mcts_search_through_table"]

if TYPE_CHECKING:
    # The result type exists for the type checker only (the stub _core.pyi).
    from pickpack.games.pacru._core import MCTSResult as MCTSResult
