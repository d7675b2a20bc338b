"""Writing PPN: the exporter visitor and the canonical layout of a game's text.

Canonical text (docs/ppn.md, "Canonical form"): one tag pair per line, the roster
first; a blank line; the movetext with every move numbered by its ply (``12. c4>2``),
NAGs after their move, ``{ comment }`` after the move it annotates, ``( ... )`` side
variations after the move they replace, the result token last, lines of at most 80
characters broken between tokens; a blank line. Writing a game read from canonical
text gives the text back exactly.
"""

from __future__ import annotations

from pickpack import Move
from pickpack.game import GameState
from pickpack_ppn.visitor import BaseVisitor

__all__ = ["COLUMNS", "TextExporter", "check_comment", "escape_tag_value"]

COLUMNS = 80


def escape_tag_value(value: str) -> str:
    """A tag value as written between quotes: backslash and double quote escaped."""
    if "\\" in value or '"' in value:
        return value.replace("\\", "\\\\").replace('"', '\\"')
    return value


def check_comment(comment: str) -> None:
    """Raise ValueError unless ``comment`` can be written inside ``{ }`` and read back.

    PPN, like PGN, has no escape in comments: a ``}`` would end it, a CR (alone or
    before a line feed) would be read as a line end (pickpack_ppn.source), a line of it
    starting with ``%`` would be skipped as an escape line, and a U+FEFF starting one
    would be dropped as a byte-order mark. (The reader never produces such a comment.)
    A line starting with ``[`` is fine: inside a comment it is text (docs/ppn.md, "Games").
    """
    if "}" in comment:
        raise ValueError(f"comment {comment!r} cannot contain '}}' (PPN comments have no escape)")
    if "\r" in comment:
        raise ValueError(f"comment {comment!r} cannot contain a carriage return (CR); use LF for line breaks")
    if "\n%" in comment:
        raise ValueError(f"comment {comment!r}: a line inside a comment cannot start with '%' "
                         "(it is read as an escape line and dropped)")
    if "\n\ufeff" in comment:
        raise ValueError(f"comment {comment!r}: a line inside a comment cannot start with U+FEFF "
                         "(it is read as a byte-order mark and dropped)")


class TextExporter(BaseVisitor[str]):
    """Collects a game's events as canonical PPN text; result() returns it.

    The text ends with the blank line that separates games, so the texts of several
    games concatenate into a file. Raises ValueError (from visit_comment) for a comment
    that PPN cannot hold (see check_comment).
    """

    def __init__(self, columns: int = COLUMNS) -> None:
        self.columns = columns
        self._tags: list[str] = []
        self._tokens: list[str] = []

    def begin_game(self) -> None:
        self._tags = []
        self._tokens = []

    def visit_header(self, name: str, value: str) -> None:
        self._tags.append(f'[{name} "{escape_tag_value(value)}"]')

    def visit_move(self, move: Move, ply: int, state: GameState | None = None) -> None:
        self._tokens.append(f"{ply}. {move.text}")

    def visit_comment(self, comment: str) -> None:
        check_comment(comment)
        self._tokens.append(f"{{ {comment} }}")

    def visit_nag(self, nag: int) -> None:
        self._tokens.append(f"${nag}")

    def begin_variation(self) -> None:
        self._tokens.append("(")

    def end_variation(self) -> None:
        self._tokens.append(")")

    def visit_result(self, result: str) -> None:
        self._tokens.append(result)

    def result(self) -> str:
        return "\n".join(self._tags) + "\n\n" + self._movetext() + "\n\n"

    def _movetext(self) -> str:
        out: list[str] = []
        width = 0
        limit = self.columns
        for token in self._tokens:
            if width and width + 1 + len(token) > limit and not (
                    "\n" in token and width + 1 + token.index("\n") <= limit):
                out.append("\n")
                width = 0
            elif width:
                out.append(" ")
                width += 1
            out.append(token)
            if "\n" in token:
                width = len(token) - token.rindex("\n") - 1
            else:
                width += len(token)
        return "".join(out)
