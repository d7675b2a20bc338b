"""Type stub of pickpack._csearch, the one MCTS binding of every C game (docs: _csearch.pyx)."""

from typing import TypedDict

from pickpack._cstate import CState

class MCTSResult(TypedDict):
    action: int
    value: float
    simulations: int
    nodes: int
    seconds: float
    root_moves: list[tuple[int, int, float]]

def mcts_search(
    state: CState,
    *,
    simulations: int | None = ...,
    seconds: float | None = ...,
    exploration: float = ...,
    margin: float = ...,
    seed: int = ...,
    max_nodes: int = ...,
) -> MCTSResult: ...
# The same parameters and result, through the table's pointers.
mcts_search_through_table = mcts_search
