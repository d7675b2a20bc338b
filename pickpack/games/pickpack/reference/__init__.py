"""Plain-Python reference of the Pick & Pack rules, used only to check the C core."""

from .pickpack_ref import RefState, deal_from_seed, random_placements

__all__ = ["RefState", "deal_from_seed", "random_placements"]
