"""PACRU as a registered game (entry point ``pickpack.games:pacru``)."""

from __future__ import annotations

from typing import Any

from pickpack.game import Game, GameOption
from pickpack.games.pacru.encoding import (MAX_GAME_LENGTH, MAX_PLAYERS, MIN_PLAYERS, NUM_DISTINCT_ACTIONS,
                                           SEAT_NAMES)
from pickpack.games.pacru.state import State

__all__ = ["GAME"]


def _factory(players: int, seed: int | None, *, single_cell: bool, classic_meeting: bool,
             max_plies: int) -> Any:
    """Game.new_state's factory. ``seed`` is not used: PACRU has no chance and one
    set-up per player count (PA-S1..PA-S3). It is still checked, as every game's seed
    is: None or an int 0..2**64-1 (TypeError/ValueError naming ``seed``)."""
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int 0..2**64-1 or None, not {type(seed).__name__}")
        if not 0 <= seed < 2**64:
            raise ValueError(f"seed must be 0..2**64-1, got {seed}")
    return State(players, single_cell=single_cell, classic_meeting=classic_meeting, max_plies=max_plies)


def seat_names(players: int) -> tuple[str, ...]:
    """Seat names in turn order (PA-S1..PA-S4): ``south, north``; ``north, east, west``;
    ``south, west, north, east``. KeyError outside 2..4."""
    return SEAT_NAMES[players]


def _check_flag(value: object) -> str | None:
    return None if isinstance(value, bool) else f"must be true or false, not {type(value).__name__}"


def _check_plies(value: object) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return f"must be an int 1..{MAX_GAME_LENGTH}, not {type(value).__name__}"
    return None if 1 <= value <= MAX_GAME_LENGTH else f"must be 1..{MAX_GAME_LENGTH}"


GAME: Game[Any] = Game(
    name="pacru",
    title="PACRU",
    factory=_factory,
    player_names=seat_names,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_players=2,
    num_distinct_actions=NUM_DISTINCT_ACTIONS,      # one action per complete move (encoding.py)
    max_chance_outcomes=0,                          # no chance
    max_game_length=MAX_GAME_LENGTH,                # the ply cap (PA-E3)
    min_utility=-1.0,                               # zero-sum returns (PA-E2, PA-E3)
    max_utility=1.0,
    perfect_information=True,
    zero_sum=True,
    options={
        "single_cell": GameOption(False, "a crossing into a borderland without neutral cells takes one "
                                  "unoccupied cell of another player instead of the whole borderland (PA-B2)",
                                  check=_check_flag),
        "classic_meeting": GameOption(False, "a meeting pays whatever the opponents' cell counts (PA-T2)",
                                      check=_check_flag),
        "max_plies": GameOption(MAX_GAME_LENGTH, "the game ends after this many plies; the players with "
                                "the most cells share the result (PA-E3)", check=_check_plies),
    },
    variants={"single-cell": {"single_cell": True}, "classic-meeting": {"classic_meeting": True}},
    state_class="pickpack.games.pacru.state:State",
    ppn_dialect="pickpack.games.pacru.ppn_dialect:DIALECT",
    tui_face="pickpack.games.pacru.tui.face:FACE",
    benchmark="pickpack.games.pacru.benchmark",
    native_mcts="pickpack.games.pacru._search:mcts_search",
    action_tokens="pickpack.games.pacru.action_tokens:TOKENS",   # one turn as <= 7 tokens of 82
)
"""PACRU (rules: docs/pacru.md, ids PA-...): 2-4 players on a 9x9 board of nine 3x3
borderlands, perfect information, no chance; returns are zero-sum."""

State._GAME = GAME
