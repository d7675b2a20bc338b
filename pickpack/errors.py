"""Exceptions of the pickpack API."""

from __future__ import annotations

__all__ = ["IllegalMoveError", "MoveSyntaxError", "PickpackError"]


class PickpackError(Exception):
    """Base class of pickpack's own errors."""


class IllegalMoveError(PickpackError, ValueError):
    """A move or action that the rules do not allow in this position.

    ``rule`` is the id of the rule broken (for example ``"PP-M1"``); the message names it
    too. The state is unchanged when this is raised.
    """

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


class MoveSyntaxError(PickpackError, ValueError):
    """Move text that is not well formed (docs/engine.md, "Move text").

    ``column`` is the 1-based position in the text where the problem starts.
    """

    def __init__(self, message: str, text: str, column: int) -> None:
        super().__init__(f"{message} in move text {text!r} at column {column}")
        self.text = text
        self.column = column
