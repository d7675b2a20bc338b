"""The visitor: one traversal vocabulary for reading and writing PPN.

The reader (pickpack_ppn.reader) calls a visitor's methods while it parses text; a game
tree (pickpack_ppn.tree.Game.accept) calls the same methods while it walks its nodes.
The builder (a tree from text) and the exporter (text from a tree, or text from text)
are both visitors, so reading and writing cannot drift apart (python-chess's chess.pgn
does the same).

Order of calls for one game::

    begin_game
    begin_headers, visit_header*, end_headers     # returns SKIP: the movetext is not read for it
    [visit_comment]                       # a comment before the first move
    { visit_move [visit_nag*] [visit_comment]
      [begin_variation [visit_comment] visit_move ... end_variation]* }*
    visit_result
    end_game
    result()

handle_error may come at any point of a game read from text.

The reader keeps the position of every line of play and hands it to ``visit_move`` (as
python-chess's reader hands its board), so a visitor that needs positions -- the
builder keeps the final one -- never replays the game itself. A visitor whose
``end_headers`` returns ``SKIP`` (a scan of the tag pairs, HeadersBuilder) gets no
movetext events but ``visit_result`` and ``end_game``: the reader then sets up and
replays nothing for that game, and reads its movetext only to find where it ends.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Generic, Literal, TypeVar

if TYPE_CHECKING:
    from pickpack import Move
    from pickpack.game import GameState
    from pickpack_ppn.errors import PPNParseError

__all__ = ["SKIP", "BaseVisitor", "ResultT", "SkipType"]

ResultT = TypeVar("ResultT")


class SkipType(enum.Enum):
    """The type of SKIP."""

    SKIP = "skip"


#: What ``end_headers`` returns to have the reader skip the game's movetext.
SKIP: Literal[SkipType.SKIP] = SkipType.SKIP


class BaseVisitor(ABC, Generic[ResultT]):
    """Does nothing on every event; subclasses override what they need and define result()."""

    def begin_game(self) -> None:
        """A game begins."""

    def begin_headers(self) -> None:
        """Its tag pairs begin."""

    def visit_header(self, name: str, value: str) -> None:
        """One tag pair, ``[name "value"]`` (value unescaped)."""

    def end_headers(self) -> SkipType | None:
        """The tag pairs are over; movetext follows. Return SKIP to have a reader skip
        it (module docstring); a tree walk (Game.accept) goes on regardless."""
        return None

    def visit_move(self, move: Move, ply: int, state: GameState | None = None) -> None:
        """A move of the current line; ``ply`` is its 1-based ply from the game's start.

        ``state``: from a reader, the position of that line after the move (the
        reader's own state: read it, do not change it; it stays that line's position
        only until the line's next move; ``copy()`` it to keep one); None when a tree
        is walked (Game.accept: a tree holds no positions)."""

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
        3+ players: its returns vector "v1/.../vN", pickpack.records.dialect)."""

    def end_game(self) -> None:
        """The game is over (its text, or its tree, is exhausted)."""

    def handle_error(self, error: PPNParseError) -> None:
        """A problem in the text; the reader goes on (lenient) after reporting it."""

    @abstractmethod
    def result(self) -> ResultT:
        """What this visitor made of the game."""
