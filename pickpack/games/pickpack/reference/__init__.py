"""Plain-Python reference of the Pick & Pack rules, used only to check the C core."""

from .observation_ref import observation, observation_tensor
from .pickpack_ref import RefState, deal_from_seed, random_placements

__all__ = ["RefState", "deal_from_seed", "observation", "observation_tensor", "random_placements"]
