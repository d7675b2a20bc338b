"""The one error of the PPN reader: PPNParseError, with line, column, (for moves) rule and (for a file) its path."""

from __future__ import annotations

from pickpack.errors import PickpackError

__all__ = ["PPNParseError"]


class PPNParseError(PickpackError, ValueError):
    """Something wrong in PPN text, at a place in it.

    ``line`` and ``column`` are 1-based (columns count characters, a BOM not included);
    ``message`` says what is wrong; ``rule`` is the id of the rule an illegal move
    breaks (``"PP-G2"``, from pickpack.IllegalMoveError.rule), else None; ``file`` the
    path of the file read (a ``PPNFile``: ``PPN.open``, ``pickpack.read_games(path)``),
    else None. ``str(error)`` is ``"FILE:L:C: message"`` (as ``pickpack replay`` and
    ``validate`` print it), or ``"line L, column C: message"`` for text that is no file.
    """

    def __init__(self, line: int, column: int, message: str, rule: str | None = None,
                 file: str | None = None) -> None:
        where = f"line {line}, column {column}" if file is None else f"{file}:{line}:{column}"
        super().__init__(f"{where}: {message}")
        self.line = line
        self.column = column
        self.message = message
        self.rule = rule
        self.file = file

    def __reduce__(self) -> tuple[type[PPNParseError], tuple[int, int, str, str | None, str | None]]:
        return (PPNParseError, (self.line, self.column, self.message, self.rule, self.file))
