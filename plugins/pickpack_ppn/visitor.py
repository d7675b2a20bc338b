"""The visitor: one traversal vocabulary for reading and writing PPN.

The reader (pickpack_ppn.reader) calls a visitor's methods while it parses text; a game
tree (pickpack_ppn.tree.Game.accept) calls the same methods while it walks its nodes.
The builder (a tree from text) and the exporter (text from a tree, or text from text)
are both visitors, so reading and writing cannot drift apart (python-chess's chess.pgn
does the same).

Order of calls for one game::

    begin_game
    begin_headers, visit_header*, end_headers
    [visit_comment]                       # a comment before the first move
    { visit_move [visit_nag*] [visit_comment]
      [begin_variation [visit_comment] visit_move ... end_variation]* }*
    visit_result
    end_game
    result()

handle_error may come at any point of a game read from text.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from pickpack import Move
    from pickpack_ppn.errors import PPNParseError

__all__ = ["BaseVisitor", "ResultT"]

ResultT = TypeVar("ResultT")


class BaseVisitor(ABC, Generic[ResultT]):
    """Does nothing on every event; subclasses override what they need and define result()."""

    def begin_game(self) -> None:
        """A game begins."""

    def begin_headers(self) -> None:
        """Its tag pairs begin."""

    def visit_header(self, name: str, value: str) -> None:
        """One tag pair, ``[name "value"]`` (value unescaped)."""

    def end_headers(self) -> None:
        """The tag pairs are over; movetext follows."""

    def visit_move(self, move: Move, ply: int) -> None:
        """A move of the current line; ``ply`` is its 1-based ply from the game's start."""

    def visit_comment(self, comment: str) -> None:
        """A comment: before the first move of the game or of a variation, else after
        the last move visited."""

    def visit_nag(self, nag: int) -> None:
        """A numeric annotation glyph ``$nag`` (0..255) on the last move visited."""

    def begin_variation(self) -> None:
        """An alternative to the last move visited begins."""

    def end_variation(self) -> None:
        """That alternative ends; the line it branched from continues."""

    def visit_result(self, result: str) -> None:
        """The game termination marker: "1-0", "0-1", "1/2-1/2" or "*" (a game of 1 or
        3+ players: its returns vector "v1/.../vN", pickpack.record_dialect)."""

    def end_game(self) -> None:
        """The game is over (its text, or its tree, is exhausted)."""

    def handle_error(self, error: PPNParseError) -> None:
        """A problem in the text; the reader goes on (lenient) after reporting it."""

    @abstractmethod
    def result(self) -> ResultT:
        """What this visitor made of the game."""
