"""Pick & Pack as a registered game (entry point ``pickpack.games:pickpack``)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence

from pickpack.games.pickpack._core import MAX_GAME_LENGTH, NUM_DISTINCT_ACTIONS, PLAYERS, deal_from_seed
from pickpack.game import Game, GameOption, fixed_names
from pickpack.games.pickpack.state import State


__all__ = ["GAME", "new_pickpack"]

_KINDS = "PWRQXM"


def _placement_kinds(player: str, text: object) -> list[int]:
    """Validate one player's placement string (PP-C3: exactly two of each kind)."""
    if not isinstance(text, str):
        raise ValueError(f"placements[{player!r}]: must be a string of 12 kind letters, not "
                         f"{type(text).__name__}")
    if len(text) != 12:
        raise ValueError(f"placements[{player!r}]: must have 12 kind letters (one per space), "
                         f"got {len(text)}")
    for i, ch in enumerate(text):
        if ch not in _KINDS:
            raise ValueError(f"placements[{player!r}][{i}]: {ch!r} is not a kind (P W R Q X M)")
    for k in _KINDS:
        if text.count(k) != 2:
            raise ValueError(f"placements[{player!r}]: must hold exactly two of each kind P W R Q X M "
                             f"(PP-C3), has {text.count(k)} of {k}")
    return [_KINDS.index(ch) for ch in text]


def new_pickpack(
    seed: int | None = None,
    first: str = "red",
    placements: Mapping[str, str] | None = None,
    deal: Sequence[int] | None = None,
) -> State:
    """A new game of Pick & Pack.

    ``seed`` (int 0..2**64-1) fixes the deal (PP-S1; None: a fresh random seed);
    ``deal`` gives the 36 apple counts in square order a1..f6 instead (PP-C2 multiset).
    ``first`` is who moves first once placement is done (PP-S4). ``placements`` maps
    "red" and "blue" to 12 kind letters each in space order (Red aT..fT, aB..fB; Blue
    1L..6L, 1R..6R); without it the game starts in phase "placement".
    Raises ValueError naming the field for any bad argument.
    """
    if first not in PLAYERS:
        raise ValueError(f"first: must be 'red' or 'blue', got {first!r}")
    if deal is not None and seed is not None:
        raise ValueError("give either seed or deal, not both")
    if deal is None:
        deal = deal_from_seed(secrets.randbits(64) if seed is None else seed)
    state: State = State._from_deal(list(deal), first)
    if placements is not None:
        if not isinstance(placements, Mapping) or set(placements) != {"red", "blue"}:
            raise ValueError("placements: must map exactly 'red' and 'blue' to 12 kind letters each")
        for player in PLAYERS:
            for kind in _placement_kinds(player, placements[player]):
                state.apply_action(kind)
        state._drop_history()
    return state


def _factory(players: int, seed: int | None, *, first: str, placements: Mapping[str, str] | None,
             deal: Sequence[int] | None) -> State:
    """Game.new_state's factory: the player count is always 2 (checked by the Game)."""
    return new_pickpack(seed=seed, first=first, placements=placements, deal=deal)


GAME = Game(
    name="pickpack",
    title="Pick & Pack",
    factory=_factory,
    player_names=fixed_names(PLAYERS),
    min_players=2,
    max_players=2,
    num_distinct_actions=NUM_DISTINCT_ACTIONS,
    max_game_length=MAX_GAME_LENGTH,
    min_utility=-1.0,
    max_utility=1.0,
    perfect_information=False,   # hidden trays in crates and hidden placements (PP-V1, PP-S3)
    options={
        "first": GameOption("red", "who moves first once placement is over (PP-S4)", choices=PLAYERS),
        "placements": GameOption(None, "both players' tiles: {'red': 12 kind letters, 'blue': ...}; "
                                 "without it the game starts in phase placement (PP-S3)"),
        "deal": GameOption(None, "the 36 apple counts a1..f6 instead of a deal from the seed (PP-C2)"),
    },
    state_class="pickpack.games.pickpack.state:State",
    benchmark="pickpack.games.pickpack.benchmark:run_benchmarks",
    native_mcts="pickpack.games.pickpack._search:mcts_search",
)
"""Pick & Pack as a registered game (entry point ``pickpack.games:pickpack``)."""
