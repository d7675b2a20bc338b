"""The OpenSpiel observer of a pickpack game (what ``make_py_observer`` returns;
OpenSpiel's PyObserver interface, open_spiel/python/observation.py).

Tensor: the game's observation tensor for the player (``observation_tensor``, layout in
docs/<game>.md, "Observation tensor") followed, for a game with an action-token codec
(PACRU), by the tokens of the turn so far as ``max_tokens`` one-hot rows of
``vocabulary`` floats (pickpack.adapters.play.AdaptedState.tensor). ``dict`` holds the
views ``"observation"`` (the game's shape) and, with a codec, ``"tokens"``
(``(max_tokens, vocabulary)``). String: ``json.dumps(observation, sort_keys=True)`` of
``AdaptedState.observation_string(player)``: the game's ``observation(player)`` (plus
``"turn_so_far"`` with a codec).

Only OpenSpiel's default observation type is offered (no perfect recall: an
observation, not an information state; public information and the player's own private
information); for a perfect-information game the private-information setting does not
matter.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from pickpack.adapters.openspiel_require import np, pyspiel
from pickpack.adapters.play import AdaptedState

__all__ = ["Observer", "check_observation_type"]


def check_observation_type(iig_obs_type: Any, perfect_information: bool) -> None:
    """Raise ValueError naming the setting when ``iig_obs_type`` (a
    ``pyspiel.IIGObservationType`` or None for the default) asks for more than an
    observation: perfect recall, no public information, or (with hidden information)
    other players' private information or none."""
    if iig_obs_type is None:
        return
    if iig_obs_type.perfect_recall:
        raise ValueError("pickpack games offer observations, not information states: "
                         "perfect_recall=True is not supported")
    if not iig_obs_type.public_info:
        raise ValueError("pickpack observations always include public information: "
                         "public_info=False is not supported")
    if not perfect_information and iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
        raise ValueError("pickpack observations show the observing player's own private information: "
                         f"private_info={iig_obs_type.private_info} is not supported")


class Observer:
    """The observer of states of one OpenSpiel game (``set_from``/``string_from`` read
    ``state.adapted``, the state's AdaptedState).

    ``tensor``: flat float32 numpy array; ``dict``: its named views (module docstring).
    Raises ValueError for observation parameters (there are none) or an observation type
    it does not offer (check_observation_type).
    """

    def __init__(self, adapted: AdaptedState, iig_obs_type: Any, params: Mapping[str, Any] | None,
                 perfect_information: bool) -> None:
        if params:
            raise ValueError(f"pickpack observers take no parameters, got {dict(params)!r}")
        check_observation_type(iig_obs_type, perfect_information)
        shapes = adapted.tensor_shapes()
        self.tensor: Any = np.zeros(sum(math.prod(s) for s in shapes.values()), np.float32)
        self.dict: dict[str, Any] = {}
        offset = 0
        for name, shape in shapes.items():
            size = math.prod(shape)
            self.dict[name] = self.tensor[offset:offset + size].reshape(shape)
            offset += size

    def set_from(self, state: Any, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees of ``state``. Raises the game's error
        for a bad player."""
        self.tensor[:] = np.frombuffer(state.adapted.tensor(player), dtype=np.float32)

    def string_from(self, state: Any, player: int) -> str:
        """What ``player`` sees of ``state`` as JSON (keys sorted)."""
        return json.dumps(state.adapted.observation_string(player), sort_keys=True)
