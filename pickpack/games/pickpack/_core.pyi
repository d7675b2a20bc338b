"""Type stub of the Cython binding pickpack.games.pickpack._core (see _core.pyx and, for
the searches compiled into it, _search.pxi for the docs). The members of the base,
pickpack._cstate.CState, are in its stub."""

from typing import Any, TypedDict
from pickpack._cstate import CState
from pickpack.errors import SnapshotError as SnapshotError

STATE_BYTES: int
PLAYERS: tuple[str, str]
KINDS: str
SQUARES: tuple[str, ...]
SPACES: tuple[tuple[str, ...], tuple[str, ...]]
CRATE_STATUS: tuple[str, str, str]
TILE_STATUS: tuple[str, str, str]
PHASES: tuple[str, str, str]

def decode_action(action: int) -> tuple[int, int, int, int, int, int]: ...
def _encode(placement_kind: int, dest: int, grab_crate: int, end: int, target: int, rush: int) -> int: ...

def deal_from_seed(seed: int) -> list[int]: ...
def placements_from_seed(seed: int) -> dict[str, str]: ...
def random_games(n: int, seed: int) -> dict[str, Any]: ...

class CoreState(CState):
    @classmethod
    def _from_deal(cls, deal: list[int], first: str = ...) -> Any: ...
    @property
    def phase(self) -> str: ...
    @property
    def first_player(self) -> str: ...
    def _hash_from_scratch(self) -> int: ...
    def scores(self) -> dict[str, int]: ...
    def crate_scores(self, player: str) -> list[int]: ...
    def _parse_context(self) -> tuple[int, int, list[int | None]]: ...
    def playout(self, seed: int) -> dict[str, int]: ...
    def successor_margins(self) -> list[int]: ...

def _rebuild(cls: type[Any], snap: dict[str, Any], first: str, actions: list[int]) -> Any: ...

# Alpha-beta and its helpers (_search.pxi, included by _core.pyx; re-exported with the
# MCTS of pickpack._csearch by pickpack.games.pickpack._search).
WIN_VALUE: int
MAX_DEPTH: int
EVALUATIONS: tuple[str, str]

class AlphaBetaResult(TypedDict):
    action: int
    value: int
    depth: int
    exact: bool
    nodes: int
    tt_hits: int
    seconds: float
    root_moves: list[tuple[int, int, float]]

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
