"""Exceptions of the pickpack API."""

from __future__ import annotations

__all__ = [
    "FAULT_KINDS", "BotFault", "BotLoadError", "BotSpecError", "IllegalMoveError",
    "MoveSyntaxError", "NothingToUndoError", "PickpackError", "PositionError",
]


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


class NothingToUndoError(PickpackError, IndexError):
    """``undo()`` on a state with no move to take back (a new game, or a position
    loaded from a string or snapshot, which starts its own history).

    An IndexError too, so code written for the older bare IndexError still works.
    """


class PositionError(PickpackError, ValueError):
    """A position string that is malformed or describes an impossible position.

    ``field`` names the part of the game's position string (for Pick & Pack one of
    pickpack.games.pickpack.position.FIELDS), ``column`` the 1-based column in the string where the
    problem is, ``reason`` the problem alone. ``str(error)`` names all three.
    """

    def __init__(self, field: str, column: int, reason: str) -> None:
        super().__init__(f"position string, {field} field, column {column}: {reason}")
        self.field = field
        self.column = column
        self.reason = reason


class BotSpecError(PickpackError, ValueError):
    """A bot spec on the command line that is not well formed or names bad options.

    The grammar is in pickpack.botspec; the one-line message names the problem and,
    where there are any, the choices.
    """


class BotLoadError(PickpackError):
    """A bot that cannot be built: its plugin fails to import, its native library is
    missing or speaks another ABI, its process cannot start. One-line message."""


#: How a bot can lose a game by failing instead of by score (docs/match.md, "Faults").
FAULT_KINDS = ("exception", "crash", "timeout", "garbage", "illegal")


class BotFault(PickpackError):
    """A bot failed during a game; it loses that game (docs/match.md, "Faults").

    ``kind`` is one of FAULT_KINDS: ``exception`` (an in-process bot raised), ``crash``
    (a process bot exited or a bot could not be started for the game), ``timeout``
    (past the per-move time limit), ``garbage`` (an answer that is not a move),
    ``illegal`` (a move the rules do not allow, or malformed move text).
    """

    def __init__(self, kind: str, message: str) -> None:
        if kind not in FAULT_KINDS:
            raise ValueError(f"fault kind must be one of {', '.join(FAULT_KINDS)}, not {kind!r}")
        super().__init__(message)
        self.kind = kind
