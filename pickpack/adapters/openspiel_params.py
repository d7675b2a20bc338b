"""A pickpack game's OpenSpiel facts: its GameType (with the game parameters) and the
GameInfo of one parameter set (docs/adapters.md, "Game parameters").

Parameters of ``pickpack_<name>``: ``players`` (int, default the game's default count),
``seed`` (int, default 0: the game's own setup randomness, e.g. Pick & Pack's deal
PP-C2; the initial state is a pure function of the parameters), ``variant`` (str, ""
for none) and every option whose default is a bool, int, float or str, under its own
name. Options with a None default (Pick & Pack's ``placements``, ``deal``) are reached
through variants only. An option parameter overrides the variant's preset only when it
differs from the option's default: OpenSpiel fills every parameter that is not given
with its default, so a default value cannot be told from no value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pickpack.adapters.openspiel_require import pyspiel
from pickpack.game import Game, OptionError

__all__ = ["Parameters", "game_info", "game_type", "parameter_specification", "read_parameters", "short_name"]

#: Option default types OpenSpiel's parameters can carry (bool before int: a bool is an int).
_PARAMETER_TYPES = (bool, int, float, str)


def short_name(game: Game[Any]) -> str:
    """``pickpack_<game.name>``: the name the game is registered under in OpenSpiel."""
    return f"pickpack_{game.name}"


def parameter_specification(game: Game[Any]) -> dict[str, bool | int | float | str]:
    """Every OpenSpiel parameter of ``game`` with its default (module docstring)."""
    spec: dict[str, bool | int | float | str] = {
        "players": game.default_player_count(), "seed": 0, "variant": ""}
    for name, option in game.options.items():
        if name in spec:
            raise ValueError(f"game {game.name}: option {name!r} clashes with the OpenSpiel parameter of "
                             "that name")
        if isinstance(option.default, _PARAMETER_TYPES):
            spec[name] = option.default
    return spec


def game_type(game: Game[Any]) -> Any:
    """The ``pyspiel.GameType`` of ``game``: sequential; explicit stochastic chance when
    the game has chance outcomes, else deterministic; perfect or imperfect information;
    zero-sum or general-sum; terminal rewards; observation string and tensor, and the
    information state string (each seat's observation history, exact for every game:
    pickpack.adapters.openspiel_recall; no information state tensor)."""
    kind = pyspiel.GameType
    return kind(
        short_name=short_name(game),
        long_name=f"{game.title} (pickpack)",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=(kind.ChanceMode.EXPLICIT_STOCHASTIC if game.max_chance_outcomes > 0
                     else kind.ChanceMode.DETERMINISTIC),
        information=(kind.Information.PERFECT_INFORMATION if game.perfect_information
                     else kind.Information.IMPERFECT_INFORMATION),
        utility=kind.Utility.ZERO_SUM if game.zero_sum else kind.Utility.GENERAL_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(game))


@dataclass(frozen=True)
class Parameters:
    """One parameter set, read: what ``game.new_state`` takes."""

    players: int
    seed: int
    variant: str | None
    options: Mapping[str, Any]


def read_parameters(game: Game[Any], params: Mapping[str, Any]) -> Parameters:
    """The parameter set ``params`` (every parameter present, as OpenSpiel passes them)
    checked against ``game``.

    Raises OptionError (a ValueError) naming the field: ``players`` out of range,
    an unknown ``variant`` (listing the variants), an option value the game refuses;
    ValueError naming ``seed`` for a negative seed.
    """
    players = game.check_players(params["players"])
    seed = params["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise OptionError(f"seed must be an int >= 0, not {seed!r}", "seed")
    variant = params["variant"] or None
    options = {name: params[name] for name, option in game.options.items()
               if name in params and params[name] != option.default}
    game.resolve_options(variant, options)          # OptionError naming the field, before any state
    return Parameters(players, seed, variant, options)


def game_info(game: Game[Any], players: int, num_actions: int, max_tokens: int) -> Any:
    """The ``pyspiel.GameInfo`` of ``game`` with ``players`` seats, ``num_actions``
    decision actions (the token vocabulary with a codec) and turns of at most
    ``max_tokens`` decisions (the game's max_game_length times that)."""
    return pyspiel.GameInfo(
        num_distinct_actions=num_actions,
        max_chance_outcomes=game.max_chance_outcomes,
        num_players=players,
        min_utility=float(game.min_utility),
        max_utility=float(game.max_utility),
        utility_sum=0.0 if game.zero_sum else None,
        max_game_length=game.max_game_length * max_tokens)
