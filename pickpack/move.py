"""Moves: immutable values with a canonical text (docs/engine.md, "Move text")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pickpack.state import State

__all__ = ["Move"]


@dataclass(frozen=True, slots=True)
class Move:
    """A move of the player to decide in the state it came from.

    ``action`` is its integer in the fixed action space (0..10229); ``text`` its canonical
    notation, for example ``c4>2`` (grab into crate 2), ``c4/aT:2>1`` (Quality control),
    ``e5/3L:d6+`` (Malfunction on d6, then spend a rush order), ``aT=P`` (placement).
    Moves are equal when both fields are; ``str(move)`` is the text.
    """

    action: int
    text: str

    def __str__(self) -> str:
        return self.text

    @staticmethod
    def parse(text: str, state: State) -> Move:
        """The legal move of ``state`` that ``text`` denotes (same as state.parse_move).

        Raises MoveSyntaxError for malformed text and IllegalMoveError (naming the rule)
        for a well-formed move that is not legal in ``state``.
        """
        return state.parse_move(text)
