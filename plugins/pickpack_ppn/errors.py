"""The one error of the PPN reader: PPNParseError, with line, column and (for moves) rule."""

from __future__ import annotations

from pickpack.errors import PickpackError

__all__ = ["PPNParseError"]


class PPNParseError(PickpackError, ValueError):
    """Something wrong in PPN text, at a place in it.

    ``line`` and ``column`` are 1-based (columns count characters, a BOM not included);
    ``message`` says what is wrong; ``rule`` is the id of the rule an illegal move
    breaks (``"PP-G2"``, from pickpack.IllegalMoveError.rule), else None.
    ``str(error)`` is ``"line L, column C: message"``.
    """

    def __init__(self, line: int, column: int, message: str, rule: str | None = None) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column
        self.message = message
        self.rule = rule

    def __reduce__(self) -> tuple[type[PPNParseError], tuple[int, int, str, str | None]]:
        return (PPNParseError, (self.line, self.column, self.message, self.rule))
