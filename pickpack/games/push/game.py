"""PUSH as a registered game (entry point ``pickpack.games:push``)."""

from __future__ import annotations

from typing import Any

from pickpack.game import Game, GameOption, seat_names
from pickpack.games.push.encoding import (MAX_CHANCE_OUTCOMES, MAX_GAME_LENGTH, MAX_PLAYERS,
                                          MIN_PLAYERS, NUM_DISTINCT_ACTIONS)
from pickpack.games.push.state import State

__all__ = ["GAME"]


def _factory(players: int, seed: int | None, *, hard: bool, switch_per_turn: bool) -> Any:
    """Game.new_state's factory. ``seed`` is not used: every PUSH game starts from the
    full deck, and its draws and die rolls are chance nodes drawn by whoever runs the
    game (the match runner, the TUI, ``State.playout``). It is still checked, as every
    game's seed is: None or an int 0..2**64-1 (TypeError/ValueError naming ``seed``)."""
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int 0..2**64-1 or None, not {type(seed).__name__}")
        if not 0 <= seed < 2**64:
            raise ValueError(f"seed must be 0..2**64-1, got {seed}")

    return State(players, hard=hard, switch_per_turn=switch_per_turn)


def _check_flag(value: object) -> str | None:
    return None if isinstance(value, bool) else f"must be true or false, not {type(value).__name__}"


GAME: Game[Any] = Game(
    name="push",
    title="PUSH",
    factory=_factory,
    player_names=seat_names("p"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_players=4,
    num_distinct_actions=NUM_DISTINCT_ACTIONS,      # draw, stop, 5 banks, 3 places, 3 takes
    max_chance_outcomes=MAX_CHANCE_OUTCOMES,        # 32 card types, 6 die faces (PU-C1, PU-C2)
    max_game_length=MAX_GAME_LENGTH,
    min_utility=-1.0,                               # zero-sum returns (PU-E3)
    max_utility=1.0,
    perfect_information=False,                      # the deck's order and the banks (PU-V1)
    zero_sum=True,
    options={
        "hard": GameOption(False, "the star discards the roller's whole bench (PU-R3)",
                           check=_check_flag),
        "switch_per_turn": GameOption(False, "the collection direction is reset to clockwise at the "
                                      "start of each turn (PU-S2)", check=_check_flag),
    },
    variants={"hard": {"hard": True}, "switch-per-turn": {"switch_per_turn": True}},
    state_class="pickpack.games.push.state:State",
    ppn_dialect="pickpack.games.push.ppn_dialect:DIALECT",
    tui_face="pickpack.games.push.tui.face:FACE",
    benchmark="pickpack.games.push.benchmark",
    native_mcts="pickpack.games.push._search:mcts_search",
)
"""PUSH (rules: docs/push.md, ids PU-...): 2-6 players, chance nodes for every draw and
die roll, hidden deck order and banks."""

# Each state's ``game`` is this object, set here (state.py cannot import this module,
# which imports it), not looked up in the registry.
State._GAME = GAME
