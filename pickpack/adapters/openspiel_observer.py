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

The observation types offered: OpenSpiel's default (an observation: public information
and the player's own private information), and the same with perfect recall as a
string only (the information state string, ``PickpackState.information_state_string``:
the player's observation history, pickpack.adapters.openspiel_recall; its observer has
``tensor`` None, as there is no information state tensor); for a perfect-information
game the private-information setting does not matter.
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
    ``pyspiel.IIGObservationType`` or None for the default) asks for what the adapter
    does not offer: no public information, or (with hidden information) other players'
    private information or none. Perfect recall is offered (as a string only)."""
    if iig_obs_type is None:
        return
    if not iig_obs_type.public_info:
        raise ValueError("pickpack observations always include public information: "
                         "public_info=False is not supported")
    if not perfect_information and iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
        raise ValueError("pickpack observations show the observing player's own private information: "
                         f"private_info={iig_obs_type.private_info} is not supported")


class Observer:
    """The observer of states of one OpenSpiel game (``set_from``/``string_from`` read
    ``state.adapted``, the state's AdaptedState).

    ``tensor``: flat float32 numpy array; ``dict``: its named views (module docstring);
    with perfect recall ``tensor`` is None and ``dict`` empty (strings only).
    Raises ValueError for observation parameters (there are none) or an observation type
    it does not offer (check_observation_type).
    """

    def __init__(self, adapted: AdaptedState, iig_obs_type: Any, params: Mapping[str, Any] | None,
                 perfect_information: bool) -> None:
        if params:
            raise ValueError(f"pickpack observers take no parameters, got {dict(params)!r}")
        check_observation_type(iig_obs_type, perfect_information)
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.dict: dict[str, Any] = {}
        self.tensor: Any = None
        if self.perfect_recall:
            return
        shapes = adapted.tensor_shapes()
        self.tensor = np.zeros(sum(math.prod(s) for s in shapes.values()), np.float32)
        offset = 0
        for name, shape in shapes.items():
            size = math.prod(shape)
            self.dict[name] = self.tensor[offset:offset + size].reshape(shape)
            offset += size

    def set_from(self, state: Any, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees of ``state``. Raises the game's error
        for a bad player, ValueError for a perfect-recall observer (no tensor)."""
        if self.perfect_recall:
            raise ValueError("pickpack games offer no information state tensor: a perfect-recall "
                             "observer gives strings only")
        self.tensor[:] = np.frombuffer(state.adapted.tensor(player), dtype=np.float32)

    def string_from(self, state: Any, player: int) -> str:
        """What ``player`` sees of ``state`` as JSON (keys sorted); with perfect recall
        its information state string (``state.information_state_string(player)``)."""
        if self.perfect_recall:
            return str(state.information_state_string(player))
        return json.dumps(state.adapted.observation_string(player), sort_keys=True)
