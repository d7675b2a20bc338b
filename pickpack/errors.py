"""Exceptions of the pickpack API."""

from __future__ import annotations

import reprlib

__all__ = [
    "FAULT_KINDS", "BotFault", "BotLoadError", "BotSpecError", "GameCheckError", "GameLoadError",
    "IllegalMoveError",
    "MoveSyntaxError", "NotARecordError", "NotAnActionError", "NothingToUndoError", "PickpackError", "PositionError",
    "RecordFileError", "SnapshotError",
]


class PickpackError(Exception):
    """Base class of pickpack's own errors."""


class IllegalMoveError(PickpackError, ValueError):
    """A move or action that the rules do not allow in this position.

    ``rule`` is the id of the rule broken (for example ``"PP-M1"``), ``reason`` the
    problem alone (one sentence, no rule id), ``text`` the move text of the action where
    it has one in this position (else ``""``) and ``action`` the action integer (None
    for a move given as text that names no action). The message is composed in one
    place, :func:`illegal_move_message`, so every game words it alike:
    ``illegal move a1>1 (action 6): PP-M1: <reason>`` or, without text,
    ``illegal action 99: PU-T1: <reason>``. The state is unchanged when this is raised.
    """

    def __init__(self, message: str, rule: str = "", *, reason: str = "", text: str = "",
                 action: int | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.reason = reason or message
        self.text = text
        self.action = action

    @classmethod
    def for_action(cls, action: int | None, rule: str, reason: str, text: str = "") -> IllegalMoveError:
        """The error for ``action`` (its ``text`` if it has one) breaking ``rule``."""
        return cls(illegal_move_message(action, rule, reason, text), rule, reason=reason, text=text,
                   action=action)


class NotAnActionError(IllegalMoveError, TypeError):
    """An action that is not an int at all (a str, a float, a bool): both an
    IllegalMoveError (rule ``"action space"``) and a TypeError."""

    @classmethod
    def for_value(cls, value: object) -> NotAnActionError:
        """The error for ``value`` given as an action: ``not an action: '6' (a str):
        action space: an action is an int``."""
        reason = "an action is an int"
        return cls(f"not an action: {reprlib.repr(value)} (a {type(value).__name__}): action space: {reason}",
                   "action space", reason=reason)


def illegal_move_message(action: int | None, rule: str, reason: str, text: str = "") -> str:
    """The one wording of an illegal move: ``illegal move TEXT (action N): RULE: REASON``;
    ``illegal action N: ...`` without text; ``illegal move TEXT: ...`` without an action."""
    if text and action is not None:
        what = f"illegal move {text} (action {action})"
    elif text:
        what = f"illegal move {text}"
    else:
        what = f"illegal action {action}"
    return f"{what}: {rule}: {reason}" if rule else f"{what}: {reason}"


class MoveSyntaxError(PickpackError, ValueError):
    """Move text that is not well formed (docs/engine.md, "Move text").

    ``text`` is the move text, ``column`` the 1-based position in it where the problem
    starts, ``field`` the part of the move expected there (for Pick & Pack one of
    ``"move"``, ``"space"``, ``"kind"``, ``"destination"``, ``"crate"``, ``"tile"``,
    ``"target"``; ``""`` when the game does not say), ``reason`` the problem alone.
    ``str(error)`` names the reason, the text and the column.
    """

    def __init__(self, message: str, text: str, column: int, field: str = "") -> None:
        super().__init__(f"{message} in move text {text!r} at column {column}")
        self.text = text
        self.column = column
        self.field = field
        self.reason = message


class NothingToUndoError(PickpackError, IndexError):
    """``undo()`` on a state with no move to take back (a new game, or a position
    loaded from a string or snapshot, which starts its own history).

    An IndexError too, so code written for the older bare IndexError still works.
    """


class PositionError(PickpackError, ValueError):
    """A position string that is malformed or describes an impossible position.

    ``field`` names the part of the game's position string (for Pick & Pack one of
    pickpack.games.pickpack.position.FIELDS), ``column`` the 1-based column in the string where the
    problem is, ``reason`` the problem alone, ``rule`` the id of the rule an impossible
    position breaks (``"PA-C2"``), or "" for a malformed string. ``str(error)`` names the
    field, the column and the reason.
    """

    def __init__(self, field: str, column: int, reason: str, rule: str = "") -> None:
        super().__init__(f"position string, {field} field, column {column}: {reason}")
        self.field = field
        self.column = column
        self.reason = reason
        self.rule = rule


class SnapshotError(PickpackError, ValueError):
    """Snapshot data (a state as plain JSON-able data) that is malformed or describes a
    position the rules cannot reach.

    ``field`` is the snapshot key concerned (for Pick & Pack "grid", "crates", "tiles",
    "rush", "grabber", "to_move", "phase", "first", "game", or "snapshot" for the whole);
    ``player`` the player whose part it is, or None; ``index`` the item within that
    part (Pick & Pack: square 0..35 of the grid, crate 0..3, space 0..11), or None;
    ``rule`` the id of the rule the data breaks (``"PP-C2"``), or "" for a plain type or
    range error. The message names the field and the rule. A snapshot has no columns: a
    position string reader maps these fields to its own (PositionError).
    """

    def __init__(self, message: str, field: str, player: str | None = None, index: int | None = None,
                 rule: str = "") -> None:
        super().__init__(message)
        self.field = field
        self.player = player
        self.index = index
        self.rule = rule


class BotSpecError(PickpackError, ValueError):
    """A bot spec on the command line that is not well formed or names bad options.

    The grammar is in pickpack.bots.spec; the one-line message names the problem and,
    where there are any, the choices.
    """


class NotARecordError(PickpackError, ValueError):
    """A file given as a PPN game record that is of another kind (a save file, other
    JSON, binary data), recognised before any of it is read as PPN
    (pickpack.read_games). One-line message naming the file, what it is, and for a
    save file what reads it."""


class RecordFileError(PickpackError, OSError):
    """A game record file that cannot be read, in one line: ``PATH: cannot read: no
    such file`` (``is a directory``, ``permission denied``; pickpack.records.file_errors), as
    the commands word it. An OSError (``errno`` and ``filename`` set), so code that
    catches OSError catches it still."""

    def __init__(self, message: str, errno: int | None = None, filename: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.errno = errno
        self.filename = filename

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> tuple[type[RecordFileError], tuple[str, int | None, str | None]]:
        return (RecordFileError, (self.message, self.errno, self.filename))


class GameLoadError(PickpackError):
    """A game plugin that is installed but cannot be loaded: its module fails to import,
    or its entry point is not a pickpack.Game. One-line message naming the game."""


class GameCheckError(GameLoadError):
    """A game that loads but fails the check made when it is loaded
    (pickpack.game_check: chance outcomes that do not sum to exactly 1, an illegal
    outcome, a seat out of range, ...). One-line message naming the game, where the
    check found it and the fault."""


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
