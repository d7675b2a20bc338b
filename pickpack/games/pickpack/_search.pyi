"""Type stub of the Cython binding pickpack.games.pickpack._search (see _search.pyx for the docs)."""

from typing import Any, TypedDict

WIN_VALUE: int
MAX_DEPTH: int
EVALUATIONS: tuple[str, str]

class MCTSResult(TypedDict):
    action: int
    value: float
    simulations: int
    nodes: int
    seconds: float
    root_moves: list[tuple[int, int, float]]

class AlphaBetaResult(TypedDict):
    action: int
    value: int
    depth: int
    exact: bool
    nodes: int
    tt_hits: int
    seconds: float
    root_moves: list[tuple[int, int, float]]

def mcts_search(
    state: Any,
    *,
    simulations: int | None = ...,
    seconds: float | None = ...,
    exploration: float = ...,
    margin: float = ...,
    seed: int = ...,
    max_nodes: int = ...,
) -> MCTSResult: ...
def mcts_search_through_table(
    state: Any,
    *,
    simulations: int | None = ...,
    seconds: float | None = ...,
    exploration: float = ...,
    margin: float = ...,
    seed: int = ...,
    max_nodes: int = ...,
) -> MCTSResult: ...
def alphabeta_search(
    state: Any,
    *,
    depth: int | None = ...,
    seconds: float | None = ...,
    eval: str = ...,
    tt_log2: int = ...,
) -> AlphaBetaResult: ...
def evaluate(state: Any, player: str, eval: str = ...) -> int: ...
def distinct_actions(state: Any) -> list[int]: ...
def counted_actions(state: Any) -> list[int]: ...
