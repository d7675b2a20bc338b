"""Reading PPN: a line tokenizer and a parser that drives a visitor, one game at a time.

Lines come from pickpack_ppn.source.Lines, the one place that decodes bytes, ends lines
at CR LF, a lone CR or LF, and drops byte-order marks at the start of any line; so a
string, a text stream, a binary stream and a file (``PPN.open``) read alike, and a file
of 100,000 games is never held whole. Lines are numbered from 1 and columns count
characters from 1; ``%`` escape lines are ignored (PGN section 6). The layout of a game
(docs/ppn.md, "File layout")::

    [Tag "value"]        the tag section: tag pairs, one per line starting with '[';
                         blank lines inside it do not end it
    movetext             numbers, moves, { comments }, ; comments, $NAGs, ( variations )
    result               1-0, 0-1, 1/2-1/2 or * ends the game (a game of 1 or 3+
                         players: its returns vector v1/.../vN, or *)

Game boundaries follow this grammar, not blank lines: a game's tag section runs until its
first line that is neither blank nor a tag pair, and a new tag section begins only after
the previous game's result token, or at the start. A '[' line in movetext that has no
result yet (at its top or in an open variation; ``_begins_game``) is reported as the
missing result of that game and begins the next one, so a game missing its result costs
only that game; inside a comment it is comment text (a comment never closed is read
again from its first '[' line, ``Reader._unclosed_comment``). Moves are
replayed on the engine as they are read; the reader reports (to the visitor's
handle_error, and in strict mode by raising the first one when the game is over) every
problem with its line and column, and an illegal move with its ply and the rule it
breaks. After a ply that cannot be replayed (an illegal or malformed move, a null move
``--``, stray text, a move number without its move or out of sequence) the rest of that
line of play is checked for syntax only (as python-chess does with SAN errors), so no
later move is replayed by the wrong player.

The game of a record is the one its ``[Game "NAME"]`` tag names (none: Pick & Pack); its
dialect (pickpack.records.dialect) sets the game up from the set-up tags, says which text
is one move token, applies moves (chance outcomes included) and which results the record
may end with. An unknown game is an error at the tag's value naming the installed games,
the one problem of that game: its movetext is passed over to the next game's tags.
"""

from __future__ import annotations

import inspect
import re
import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from pickpack import IllegalMoveError, Move, MoveSyntaxError
from pickpack.game import GameState
from pickpack.records.dialect import MOVE_TOKEN, RETURNS_TOKEN, RecordDialect, TagError, same_result
from pickpack_ppn.builder import GameBuilder
from pickpack_ppn.dialects import GAME_TAG, dialect_of_tags, roster_of_tags
from pickpack_ppn.errors import PPNParseError
from pickpack_ppn.headers import Headers, RosterOf, headers_as_read, tag_value_problem
from pickpack_ppn.source import LineSource, Lines, PPNInput
from pickpack_ppn.tree import Game
from pickpack_ppn.visitor import SKIP, BaseVisitor, ResultT, SkipType

__all__ = ["HeadersBuilder", "LineSource", "Reader", "read_game", "tag_problem"]


# One movetext token after optional white space; the last group matched says which.
# A numbered move ("12. c4>2") is one token (the common case: one match per ply); a
# move text is one token of the dialect's grammar (by default: a letter, or a digit and
# a letter (Blue's spaces, "1L=P"), then letters, digits and = / : > + -).
_TOKEN_TEMPLATE = r"""\s*(?:
    (\{)                                    # 1 comment up to '}' (may span lines)
  | (;)                                     # 2 comment to the end of the line
  | (1-0|0-1|1/2-1/2|\*|RETURNS)(?=\s|[{};()]|$)    # 3 result
  | ([0-9]+)\.+\s*(MOVE)                    # 4, 5 numbered move
  | ([0-9]+)\.+                             # 6 move number alone
  | (MOVE|[A-Za-z0-9][A-Za-z0-9=/:>+\-]*)   # 7 move (or a malformed word)
  | \$([0-9]+)                              # 8 numeric annotation glyph
  | ([!?]{1,2})                             # 9 suffix annotation, read as a NAG
  | (\()                                    # 10 variation begins
  | (\))                                    # 11 variation ends
  | (--)(?=\s|[{};()]|$)                    # 12 PGN's null move (a pass), unless the dialect's MOVE took it
  | (\S)                                    # 13 anything else
)"""


# The run of numbered moves that a line of movetext usually is, read in one call
# (Reader._numbered_run): each item is one numbered move exactly as _TOKEN_TEMPLATE reads
# it (the same white space, number and MOVE, and not where a result token stands, which
# that template tries first), with the text it spans; the first thing that is not one
# is one item of the rest of the line, which the tokenizer then reads token by token.
_RUN_TEMPLATE = r"""(\s*(?!(?:1-0|0-1|1/2-1/2|\*|RETURNS)(?=\s|[{};()]|$))
                     ([0-9]+)\.+\s*(MOVE))      # 1 the numbered move, 2 its number, 3 its move
                  | \s*(.+)                     # 4 anything else: the rest of the line"""


@lru_cache(maxsize=None)
def _tokenizer(move_token: str) -> re.Pattern[str]:
    """The movetext tokenizer of a move-token grammar (a dialect's ``move_token``)."""
    return _compile(_TOKEN_TEMPLATE, move_token)


@lru_cache(maxsize=None)
def _numbered_runs(move_token: str) -> re.Pattern[str]:
    """The reader of runs of numbered moves (_RUN_TEMPLATE) of a move-token grammar."""
    return _compile(_RUN_TEMPLATE, move_token)


def _compile(template: str, move_token: str) -> re.Pattern[str]:
    move = f"(?:{move_token})"
    return re.compile(template.replace("RETURNS", RETURNS_TOKEN).replace("MOVE", move), re.VERBOSE)


_TOKEN = _tokenizer(MOVE_TOKEN)
_RUN = _numbered_runs(MOVE_TOKEN)
(_COMMENT, _LINE_COMMENT, _RESULT, _NUMBERED_NUMBER, _NUMBERED_MOVE, _NUMBER, _MOVE, _NAG, _SUFFIX,
 _OPEN, _CLOSE, _NULL, _OTHER) = range(1, 14)
_PLY_TEXTS = 100
_PLY_TEXT = [str(i) for i in range(_PLY_TEXTS)]   # Pick & Pack: at most 84 plies; others: int()
_TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s*"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_BAD_CHAR = re.compile("[\ud800-\udfff]")
_SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}


@dataclass(slots=True)
class _Line:
    """One line of play being read: the main line or an open variation."""

    state: GameState | None    # None: not replayed (set-up failed, or inside a skipped line)
    ply: int                   # ply of its last move (of the move it branches from, at first)
    opened: bool               # begin_variation sent (sent lazily, at its first good move)
    line: int = 0              # where its '(' is
    column: int = 0
    moved: bool = False
    dead: bool = False         # a ply could not be replayed: the rest is checked for syntax only
    starting_comment: str | None = None


@dataclass(slots=True)
class _Comment:
    """A '{' comment still open at the end of its first line."""

    line: int                  # where its '{' is
    column: int
    first: str                 # the text after '{' on that line
    rows: list[tuple[int, str]] = field(default_factory=list)  # the lines after it: (number, text as read)


@dataclass(slots=True)
class _Tag:
    value: str
    line: int
    column: int                # column of the value's first character (after the quote)
    raw: str                   # the value as written (escapes included)
    name_column: int


class HeadersBuilder(BaseVisitor[Headers]):
    """The visitor of a scan of tag pairs: the Headers of a game, its movetext skipped
    (``end_headers`` returns SKIP, so the reader replays nothing). ``roster_of``: the
    roster of a game's tags (default pickpack_ppn.dialects.roster_of_tags; a Reader
    gives its own, which looks each game up once), the tags as read."""

    def __init__(self, roster_of: RosterOf | None = None) -> None:
        self._tags: list[tuple[str, str]] = []
        self._headers: Headers | None = None
        self._roster_of = roster_of

    def begin_game(self) -> None:
        self._tags = []
        self._headers = None

    def visit_header(self, name: str, value: str) -> None:
        self._tags.append((name, value))

    def end_headers(self) -> SkipType:
        self._headers = headers_as_read(self._tags, self._roster_of)
        return SKIP

    def result(self) -> Headers:
        return self._headers if self._headers is not None else Headers(self._tags)


class Reader:
    """Reads games from ``stream`` one at a time (iterate, or call read_game).

    ``stream``: a text or binary stream (``readline()``), a ``PPNFile`` (``PPN.open``),
    or the text itself as str or bytes (not a path); see pickpack_ppn.source.Lines.
    Raises TypeError for anything else.

    Every PPNParseError of a file (a PPNFile) names it (``file``; ``str``: ``FILE:L:C:
    message``).

    ``strict`` (default True): a game with any problem raises its first PPNParseError
    once the game has been read to its end (the next call goes on with the next game).
    Lenient (``strict=False``): every game is returned, with its problems in
    ``game.errors``; a problem costs at most the rest of its game. Input that cannot be
    read on (UTF-16 bytes, a text stream that cannot decode its bytes; see
    pickpack_ppn.source) raises that PPNParseError at once in strict mode; in lenient
    mode it is the last error of the game being read (or of a game of its own, with no
    tags and no moves, between games) and reading ends there.
    """

    def __init__(self, stream: PPNInput | Lines, *, strict: bool = True) -> None:
        self.stream = stream
        self.strict = strict
        self.line_number = 0          # number of the last line taken from the stream
        self._lines = stream if isinstance(stream, Lines) else Lines(stream)
        self._pending: list[tuple[int, str]] = []   # lines to read again, last first: (number, text)
        self._play: list[_Line] = []  # the lines of play open in the movetext being read
        self._errors: list[PPNParseError] = []
        self._visitor: BaseVisitor[Any] | None = None
        self._failed = False          # the input could not be read on (lenient mode)
        self._dialect: RecordDialect | None = None    # the game being read's (None: unknown game)
        # each Game tag value's dialect, looked up once per reader (None: no Game tag)
        self._dialects: dict[str | None, RecordDialect | TagError] = {}
        self._tags: dict[str, str] = {}

    def __iter__(self) -> Reader:
        return self

    def __next__(self) -> Game:
        game = self.read_game()
        if game is None:
            raise StopIteration
        return game

    def read_game(self) -> Game | None:
        """The next game as a tree, or None at the end of the stream.

        Raises PPNParseError in strict mode (see the class).
        """
        return self.visit_game(GameBuilder(self.roster_of))

    def read_headers(self) -> Headers | None:
        """The tag pairs of the next game, or None at the end of the stream: its
        movetext is read only to find where the game ends (no set-up, no move replayed;
        HeadersBuilder). Raises PPNParseError in strict mode for a problem of the tags
        or of the game's layout (a missing result, an unclosed comment)."""
        return self.visit_game(HeadersBuilder(self.roster_of))

    def dialect_of(self, tags: Mapping[str, str]) -> RecordDialect:
        """The dialect of a record with ``tags`` (pickpack_ppn.dialects.dialect_of_tags),
        each Game tag value looked up once by this reader. Raises TagError as
        dialect_of_tags does."""
        name = tags.get(GAME_TAG)
        found = self._dialects.get(name)
        if found is None:
            try:
                found = dialect_of_tags(tags)
            except TagError as exc:
                found = exc
            self._dialects[name] = found
        if isinstance(found, TagError):
            raise TagError(found.tag, found.offset, found.message)
        return found

    def roster_of(self, tags: Mapping[str, str]) -> tuple[str, ...]:
        """The roster of a record with ``tags`` (pickpack_ppn.dialects.roster_of_tags),
        its dialect looked up once by this reader (dialect_of)."""
        return roster_of_tags(tags, self.dialect_of)

    # --- lines -------------------------------------------------------------------

    def _next_line(self, *, clean: bool = True) -> str | None:
        """The next line without its line end, skipping escape lines; None at the end.

        ``clean=False`` (inside a comment, whose lines may be read again as the next game,
        see _unclosed_comment): bytes that were not UTF-8 are left for ``_clean``.
        """
        if self._pending:
            self.line_number, raw = self._pending.pop()
        else:
            while True:
                if self._failed:
                    return None
                try:
                    line = self._lines.next_line()
                except PPNParseError as exc:
                    if self.strict:
                        raise
                    self._failed = True
                    self._error(exc.line, exc.column, exc.message)
                    return None
                if line is None:
                    return None
                self.line_number = self._lines.number
                if not line.startswith("%"):     # an escape line, in any context (PGN section 6)
                    raw = line
                    break
        return self._clean(raw, self.line_number) if clean else raw

    def _clean(self, line: str, row: int) -> str:
        """Report each character of line ``row`` that is not text (a byte that was not
        UTF-8) and replace it with U+FFFD."""
        if line.isascii() or not _BAD_CHAR.search(line):
            return line
        for m in _BAD_CHAR.finditer(line):
            code = ord(m.group())
            what = (f"byte 0x{code - 0xDC00:02X} is not valid UTF-8" if 0xDC80 <= code <= 0xDCFF
                    else f"character U+{code:04X} (a lone surrogate) is not valid text")
            self._error(row, m.start() + 1, what)
        return _BAD_CHAR.sub("\ufffd", line)

    def _error(self, line: int, column: int, message: str, rule: str | None = None) -> None:
        error = PPNParseError(line, column, message, rule, self._lines.name)
        self._errors.append(error)
        if self._visitor is not None:
            self._visitor.handle_error(error)

    # --- one game ----------------------------------------------------------------

    def visit_game(self, visitor: BaseVisitor[ResultT]) -> ResultT | None:
        """Read the next game into ``visitor`` and return its result(); None at the end.

        Raises PPNParseError in strict mode (see the class).
        """
        self._errors = []
        self._visitor = None
        line = self._next_line()
        while line is not None and not line.strip():
            line = self._next_line()
        if line is None and not self._errors:
            return None
        self._visitor = visitor
        start = self.line_number
        visitor.begin_game()
        for error in self._errors:      # found in the game's first line, before it began
            visitor.handle_error(error)
        visitor.begin_headers()
        tags: dict[str, _Tag] = {}
        last_end = (start, 0)       # (line, characters up to the end of the last token)
        # The tag section: tag pairs and blank lines, up to the first other line (as
        # python-chess: a blank line between tags does not end the tag section).
        while line is not None and (line.startswith("[") or not line.strip()):
            if line.startswith("["):
                tag = self._tag(line)
                if tag is not None:
                    name, value = tag
                    problem = tag_value_problem(name, value.value)
                    if name in tags:
                        self._error(self.line_number, value.name_column, f"duplicate tag {name} (first given "
                                    f"on line {tags[name].line}); the first is kept")
                    elif problem is not None:   # reported, and left out: the game keeps the unknown value
                        offset, message = problem
                        self._error(self.line_number, value.column + _raw_offset(value.raw, offset),
                                    f"tag {name}: {message}")
                    else:
                        tags[name] = value
                        visitor.visit_header(name, value.value)
                last_end = (self.line_number, len(line.rstrip()))
            line = self._next_line()
        skip = visitor.end_headers() is SKIP
        if self._failed and line is None:       # the input broke off before any movetext
            visitor.end_game()
            self._visitor = None
            return visitor.result()
        state = self._setup(tags, start, replay=not skip)
        self._movetext(line, visitor, state, tags, last_end)
        visitor.end_game()
        self._visitor = None
        if self.strict and self._errors:
            raise self._errors[0]
        return visitor.result()

    def _tag(self, line: str) -> tuple[str, _Tag] | None:
        plain = _plain_tag(line)
        if plain is not None:       # the common case: a tag line without escapes, each read once
            name, value, column, name_column = plain
            return name, _Tag(value, self.line_number, column, value, name_column)
        m = _TAG.match(line)
        if m is None:
            index, message = tag_problem(line)
            self._error(self.line_number, index + 1, message)
            return None
        raw = m.group(2)
        value = raw
        if "\\" in raw:
            parts = []
            i = 0
            while i < len(raw):
                ch = raw[i]
                if ch == "\\":
                    nxt = raw[i + 1]
                    if nxt not in "\\\"":
                        self._error(self.line_number, m.start(2) + i + 1,
                                    f"unknown escape '\\{nxt}' in a tag value (only \\\" and \\\\)")
                        return None
                    parts.append(nxt)
                    i += 2
                else:
                    parts.append(ch)
                    i += 1
            value = "".join(parts)
        return m.group(1), _Tag(value, self.line_number, m.start(2) + 1, raw, m.start(1) + 1)

    def _setup(self, tags: dict[str, _Tag], start: int, *, replay: bool = True) -> GameState | None:
        """The game's dialect (its movetext grammar), and its initial state unless
        ``replay`` is False (a visitor that skips the movetext: no state, so no move is
        replayed; a tag the dialect refuses is then not reported either)."""
        values = {name: tag.value for name, tag in tags.items()}
        self._tags = values
        self._dialect = None
        try:
            self._dialect = self.dialect_of(values)
            return self._dialect.state_from_tags(values) if replay else None
        except TagError as exc:
            if not replay:
                return None
            if exc.tag is None or exc.tag not in tags:
                self._error(start, 1, exc.message)
            else:
                tag = tags[exc.tag]
                self._error(tag.line, tag.column + _raw_offset(tag.raw, exc.offset), str(exc))
            return None

    # --- movetext ----------------------------------------------------------------

    def _movetext(self, line: str | None, visitor: BaseVisitor[ResultT], state: GameState | None,
                  tags: dict[str, _Tag], last_end: tuple[int, int]) -> None:
        lines = self._play = [_Line(state, 0, True, dead=state is None)]
        number: tuple[int, int, int] | None = None      # pending move number: value, line, column
        comment: _Comment | None = None                 # the open '{'
        dialect = self._dialect
        if dialect is None:
            # No dialect (an unknown or missing game: its error is reported at its tag):
            # nothing can tell this game's moves from faults, so its movetext is passed
            # over to the next game's tags instead of being reported token by token.
            while line is not None and not _begins_game(line):
                line = self._next_line()
            if line is not None:
                self._pending.append((self.line_number, line))
            return
        match = (_TOKEN if dialect is None else _tokenizer(dialect.move_token)).match
        numbered_run = (_RUN if dialect is None else _numbered_runs(dialect.move_token)).findall
        apply_move = _no_game if dialect is None else dialect.apply_move
        visit_move = _move_visit(visitor)
        last_row, last_pos = last_end
        while line is not None:
            row = self.line_number
            pos = 0
            if comment is not None:         # inside a comment every line is text, '[' lines too
                close = line.find("}")
                if close < 0:
                    comment.rows.append((row, line))
                    line = self._next_line(clean=False)
                    continue
                parts = [comment.first, *(self._clean(text, r) for r, text in comment.rows)]
                line = self._clean(line, row)
                parts.append(line[:close])
                self._comment(_comment_text(parts), lines, visitor, number)
                number = None
                comment = None
                pos = close + 1
            elif _begins_game(line):
                self._pending.append((row, line))
                break
            if number is None:
                pos = self._numbered_run(numbered_run(line, pos), pos, row, lines[-1], apply_move, visitor,
                                         visit_move)
            while True:
                m = match(line, pos)
                if m is None:
                    break
                kind = m.lastindex or _OTHER    # every alternative has a group
                pos = m.end()
                if kind == _NUMBERED_MOVE or kind == _MOVE:
                    cur = lines[-1]
                    ply = cur.ply + 1
                    if kind == _NUMBERED_MOVE:
                        if number is not None:
                            self._no_move(number)
                            number = None
                        written = m.group(_NUMBERED_NUMBER)
                        if ((ply >= _PLY_TEXTS or written != _PLY_TEXT[ply]) and not cur.dead
                                and int(written) != ply):
                            self._out_of_sequence(int(written), ply, row, m.start(_NUMBERED_NUMBER) + 1)
                    elif number is not None:
                        if not cur.dead and number[0] != ply:
                            self._out_of_sequence(number[0], ply, number[1], number[2])
                        number = None
                    state = cur.state
                    if cur.dead or state is None:
                        continue
                    text = m.group(kind)        # the move alone, its number checked above
                    self._numbered_run([(text, "", text, "")], m.start(kind), row, cur, apply_move, visitor,
                                       visit_move)
                    continue
                col = m.start(kind) + 1
                if kind == _NUMBER:
                    self._no_move(number)
                    number = (int(m.group(kind)), row, col)
                elif kind == _COMMENT:
                    close = line.find("}", pos)
                    if close < 0:
                        comment = _Comment(row, col, line[pos:])
                        break
                    self._comment(_comment_text([line[pos:close]]), lines, visitor, number)
                    number = None
                    pos = close + 1
                elif kind == _LINE_COMMENT:
                    text = line[pos:]
                    if "}" in text:
                        self._error(row, pos + text.index("}") + 1, "'}' cannot be part of a comment "
                                    "(PPN writes comments in braces, without escapes); it is left out")
                        text = text.replace("}", "")
                    self._comment(text, lines, visitor, number)
                    number = None
                    pos = len(line)
                    break
                elif kind == _RESULT:
                    self._result(m.group(kind), row, col, lines, visitor, tags, number)
                    rest = line[pos:]
                    if rest.strip():
                        extra = pos + len(rest) - len(rest.lstrip()) + 1
                        self._error(row, extra, "unexpected text after the result token (the game ends there)")
                    return
                elif kind == _NAG or kind == _SUFFIX:
                    text = m.group(kind)
                    if kind == _SUFFIX:
                        nag = _SUFFIX_NAGS[text]
                    else:
                        nag = int(text) if len(text) <= 3 else 256
                        text = "$" + text
                        col -= 1
                    self._no_move(number)
                    number = None
                    self._nag(nag, text, row, col, lines[-1], visitor)
                elif kind == _OPEN:
                    self._no_move(number)
                    number = None
                    self._open(row, col, lines)
                elif kind == _CLOSE:
                    self._no_move(number)
                    number = None
                    self._close(row, col, lines, visitor)
                elif kind == _NULL:
                    # A pass stands for a ply that no move of the record makes: the plies
                    # after it cannot be replayed with the right player to move.
                    cur = lines[-1]
                    if number is not None:
                        if not cur.dead and number[0] != cur.ply + 1:
                            self._out_of_sequence(number[0], cur.ply + 1, number[1], number[2])
                        number = None
                    if not cur.dead:
                        self._error(row, col, f"move {cur.ply + 1}: null move '--' (a pass): a record holds "
                                    "only moves of its game; the rest of this line of play is not replayed")
                        cur.dead = True
                else:
                    # Text that is no token may stand where a ply is: nothing after it in
                    # this line of play is replayed, so no move is played by the wrong side.
                    self._no_move(number)
                    number = None
                    ch = m.group(kind)
                    self._error(row, col, f"unexpected character {ch!r}"
                                + (" (a tag pair must start its own line)" if ch == "[" else ""))
                    lines[-1].dead = True
            if pos:
                last_row, last_pos = row, pos
            line = self._next_line(clean=comment is None)
        # The game ended without a result token: at the end of the stream or at a '[' line.
        if self._failed:
            pass                # the input broke off: its error says so
        elif comment is not None:
            self._unclosed_comment(comment)
        else:
            self._no_move(number)
            self._error(last_row, last_pos + 1, f"missing result token ({self._result_forms()}) "
                        "at the end of the game")
        self._close_all(lines, visitor)

    def _numbered_run(self, items: list[tuple[str, str, str, str]], pos: int, row: int, cur: _Line,
                      apply_move: Callable[[GameState, str], Move], visitor: BaseVisitor[ResultT],
                      visit_move: Callable[[Move, int, GameState], None]) -> int:
        """Read the numbered moves that line ``row`` has from ``pos`` on (``items``: its
        _RUN_TEMPLATE matches) into the line of play ``cur``, as the token loop of
        _movetext reads them one by one, with the same checks and errors; the position
        after the last one (where that loop goes on). An item whose number is "" is a
        move whose number (if any) the token loop has checked. A move that cannot be
        applied (the engine refused it, or the game failed on it: a game's own bug must
        not end the reading) is reported, and the rest of the line of play is not
        replayed."""
        state = cur.state
        for whole, written, text, rest in items:
            if rest:
                break
            start = pos
            pos += len(whole)
            if cur.dead or state is None:
                continue
            ply = cur.ply + 1
            if written and (ply >= _PLY_TEXTS or written != _PLY_TEXT[ply]) and int(written) != ply:
                self._out_of_sequence(int(written), ply, row, start + len(whole) - len(whole.lstrip()) + 1)
                continue
            try:
                move = apply_move(state, text)
            except (MoveSyntaxError, IllegalMoveError) as exc:
                self._move_error(exc, text, ply, row, pos - len(text) + 1)
                cur.dead = True
                continue
            except Exception as exc:
                self._error(row, pos - len(text) + 1, f"move {ply}: the game {self._game_name()} failed on "
                            f"{text!r}: {type(exc).__name__}: {exc}")
                cur.dead = True
                continue
            if not cur.opened:
                cur.opened = True
                visitor.begin_variation()
                if cur.starting_comment is not None:
                    visitor.visit_comment(cur.starting_comment)
            visit_move(move, ply, state)
            cur.ply = ply
            cur.moved = True
        return pos

    def _game_name(self) -> str:
        return "?" if self._dialect is None else self._dialect.game.name

    def _result_forms(self) -> str:
        """The results the game being read may end with, for messages."""
        if self._dialect is None:
            return "1-0, 0-1, 1/2-1/2 or *"
        return self._dialect.result_tokens(self._tags)

    def _unclosed_comment(self, comment: _Comment) -> None:
        """A comment still open at the end of the input: the error is at its '{', and
        reading goes on at its first line that starts with '[' (read again as the next
        game), so a game whose comment lacks its '}' costs only that game."""
        restart = next((i for i, (_, text) in enumerate(comment.rows) if _begins_game(text)), None)
        kept = comment.rows if restart is None else comment.rows[:restart]
        where = "the end of the file" if restart is None else "the next game"
        self._error(comment.line, comment.column, f"comment not closed: no '}}' before {where}")
        for row, text in kept:
            self._clean(text, row)
        if restart is not None:
            self._pending.extend(reversed(comment.rows[restart:]))

    def _out_of_sequence(self, written: int, ply: int, row: int, col: int) -> None:
        """A move number that is not the ply of its move: the record and the reader
        disagree on whose turn it is, so the rest of this line of play is not replayed."""
        self._error(row, col, f"move number {written}. is out of sequence: this is ply {ply}")
        self._play[-1].dead = True

    def _no_move(self, number: tuple[int, int, int] | None) -> None:
        """A move number without its move: a ply is missing there, so the rest of this
        line of play is not replayed (its moves would be played by the wrong side)."""
        if number is not None:
            self._error(number[1], number[2], f"move number {number[0]}. is not followed by a move")
            self._play[-1].dead = True

    def _move_error(self, exc: MoveSyntaxError | IllegalMoveError, text: str, ply: int, row: int,
                    col: int) -> None:
        """Report a move the engine refused: where, what, and the rule it breaks."""
        if isinstance(exc, MoveSyntaxError):
            reason = str(exc).rsplit(" in move text ", 1)[0]
            self._error(row, col + exc.column - 1, f"move {ply}: malformed move {text!r}: {reason}")
            return
        reason = str(exc)
        if exc.reason != reason:        # worded by IllegalMoveError.for_action: rule and reason apart
            reason = f"{exc.rule}: {exc.reason}" if exc.rule else exc.reason
        for prefix in (f"illegal move {text}: ", f"{text}: "):
            if reason.startswith(prefix):
                reason = reason[len(prefix):]
                break
        self._error(row, col, f"move {ply}: illegal move {text}: {reason}", exc.rule or None)

    def _comment(self, text: str, lines: list[_Line], visitor: BaseVisitor[ResultT],
                 number: tuple[int, int, int] | None) -> None:
        self._no_move(number)
        cur = lines[-1]
        if cur.dead:
            return
        if cur.opened:
            visitor.visit_comment(text)
        else:
            cur.starting_comment = text if cur.starting_comment is None else f"{cur.starting_comment}\n{text}"

    def _nag(self, nag: int, text: str, row: int, col: int, cur: _Line, visitor: BaseVisitor[ResultT]) -> None:
        if cur.dead:
            return
        if not cur.moved:
            self._error(row, col, f"annotation {text} does not follow a move")
        elif nag > 255:
            self._error(row, col, f"annotation {text}: NAGs are $0..$255")
        else:
            visitor.visit_nag(nag)

    def _open(self, row: int, col: int, lines: list[_Line]) -> None:
        cur = lines[-1]
        if cur.dead or cur.state is None:
            lines.append(_Line(None, 0, False, row, col, dead=True))
            return
        if not cur.moved:
            self._error(row, col, "a variation '(' must follow the move it is an alternative to")
            lines.append(_Line(None, 0, False, row, col, dead=True))
            return
        state = cur.state.copy()
        state.undo()
        lines.append(_Line(state, cur.ply - 1, False, row, col))

    def _close(self, row: int, col: int, lines: list[_Line], visitor: BaseVisitor[ResultT]) -> None:
        if len(lines) == 1:
            self._error(row, col, "unmatched ')'")
            return
        done = lines.pop()
        if done.opened:
            visitor.end_variation()
        elif not done.dead:
            self._error(done.line, done.column, "empty variation: '(' must be followed by a move")

    def _close_all(self, lines: list[_Line], visitor: BaseVisitor[ResultT]) -> None:
        for open_line in reversed(lines[1:]):
            self._error(open_line.line, open_line.column, "variation not closed: no ')' for this '('")
            if open_line.opened:
                visitor.end_variation()
        del lines[1:]

    def _result(self, token: str, row: int, col: int, lines: list[_Line], visitor: BaseVisitor[ResultT],
                tags: dict[str, _Tag], number: tuple[int, int, int] | None) -> None:
        self._no_move(number)
        self._close_all(lines, visitor)
        dialect = self._dialect
        if dialect is not None and not dialect.check_result(token, self._tags):
            self._error(row, col, f"result {token} is not a result of this game: "
                        f"{self._result_forms()}")
            visitor.visit_result(token)
            return
        tag = tags.get("Result")
        if tag is not None and not same_result(tag.value, token):
            if dialect is None or dialect.check_result(tag.value, self._tags):
                self._error(row, col, f"result {token} differs from the Result tag \"{tag.value}\" "
                            f"(line {tag.line})")
            else:
                self._error(tag.line, tag.column, f"tag Result: must be {self._result_forms()}, got "
                            f"{tag.value!r}")
        main = lines[0]
        if dialect is not None and main.state is not None and not main.dead and main.state.is_terminal():
            outcome = dialect.result_of(main.state)
            if not same_result(token, outcome):
                scores = ", ".join(f"{name} {value}" for name, value in main.state.scores().items())
                rule = dialect.final_rule
                self._error(row, col, f"result {token} contradicts the final position: the game is over "
                            f"and ends {outcome} ({scores}{'; ' + rule if rule else ''})", rule)
        visitor.visit_result(token)


@lru_cache(maxsize=None)
def _takes_state(method: Any) -> bool:
    """Whether a visit_move (a function of a visitor class) takes the ``state``
    argument: a visitor written before it did, ``visit_move(self, move, ply)``, is still
    read into (without it)."""
    try:
        params = list(inspect.signature(method).parameters.values())
    except (TypeError, ValueError):
        return True
    return (any(p.kind is p.VAR_POSITIONAL for p in params)
            or len([p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]) >= 4)


def _move_visit(visitor: BaseVisitor[Any]) -> Callable[[Move, int, GameState], None]:
    """``visitor.visit_move`` called with the state when it takes one (_takes_state)."""
    method = visitor.visit_move
    function = getattr(type(visitor), "visit_move", None)
    if function is None or _takes_state(function):
        return method

    def without_state(move: Move, ply: int, state: GameState) -> None:
        method(move, ply)            # a visitor's own, older signature

    return without_state


def _no_game(state: GameState, text: str) -> Move:
    """A move of a record whose game is unknown: never called (its line is not replayed)."""
    raise IllegalMoveError(f"illegal move {text}: the record's game is not installed")


@lru_cache(maxsize=4096)
def _plain_tag(line: str) -> tuple[str, str, int, int] | None:
    """(name, value, column of the value, column of the name) of a tag pair line whose
    value has no escape (written as it reads); None for any other line (Reader._tag
    reads it, reporting what is wrong). Lines repeat from game to game (Event, Site,
    Date, the players, Result), so each is matched once."""
    m = _TAG.match(line)
    if m is None or "\\" in m.group(2):
        return None
    return m.group(1), m.group(2), m.start(2) + 1, m.start(1) + 1


def _begins_game(line: str) -> bool:
    """Whether a line of movetext (outside a comment) begins the next game's tag section.

    The one rule of docs/ppn.md, "Games": a line whose first character is '[' begins a
    game at the top of the movetext and inside any open variation; inside a '{' comment
    the reader never asks (every line there is comment text), and an escape line ('%')
    never reaches the movetext.
    """
    return line.startswith("[")


def tag_problem(line: str) -> tuple[int, str]:
    """(0-based index, message) of what is wrong with a line that starts with '[' but is
    not a tag pair ``[Name "value"]``."""
    i = _skip_space(line, 1)
    if i >= len(line) or not ("A" <= line[i] <= "Z" or "a" <= line[i] <= "z"):
        return i, "expected a tag name (a letter, then letters, digits or '_') after '['"
    name = _TAG_NAME.match(line, i)
    i = name.end() if name is not None else i
    i = _skip_space(line, i)
    if not line.startswith('"', i):
        return i, f"expected the tag value in double quotes, got {_found(line, i)}"
    quote = i
    i += 1
    while i < len(line) and line[i] != '"':
        i += 2 if line[i] == "\\" else 1
    if i >= len(line):
        return quote, "tag value not closed: no '\"' before the end of the line"
    i = _skip_space(line, i + 1)
    if not line.startswith("]", i):
        return i, f"expected ']' to close the tag pair, got {_found(line, i)}"
    i = _skip_space(line, i + 1)
    if i >= len(line):
        return 0, "malformed tag pair"
    return i, "unexpected text after the tag pair (one tag pair per line)"


def _skip_space(line: str, i: int) -> int:
    while i < len(line) and line[i].isspace():
        i += 1
    return i


def _found(line: str, i: int) -> str:
    return "the end of the line" if i >= len(line) else repr(line[i])


def _comment_text(parts: list[str]) -> str:
    """The text of a comment from the pieces between '{' and '}': the one space the
    writer puts after '{' and before '}' is removed."""
    text = "\n".join(parts)
    if text.startswith(" "):
        text = text[1:]
    if text.endswith(" "):
        text = text[:-1]
    return text


def _raw_offset(raw: str, offset: int) -> int:
    """Index in the written value ``raw`` of the character at ``offset`` in its unescaped text."""
    i = k = 0
    while i < len(raw) and k < offset:
        i += 2 if raw[i] == "\\" else 1
        k += 1
    return i


_READERS: weakref.WeakKeyDictionary[object, Reader] = weakref.WeakKeyDictionary()


def read_game(stream: PPNInput | Lines, *, strict: bool = True) -> Game | None:
    """The next game of ``stream`` (as Reader takes it) as a tree, or None at its end.

    Successive calls on the same stream share one Reader, so line numbers run on and a
    line read ahead (the '[' that began the next game) is not lost. Raises
    PPNParseError in strict mode for a game with any problem (after reading it all),
    TypeError for a ``stream`` that is no stream, str or bytes.
    """
    try:
        reader = _READERS.get(stream)
    except TypeError:  # a stream that cannot be weakly referenced: one reader per call
        reader = None
    if reader is None:
        reader = Reader(stream, strict=strict)
        try:
            _READERS[stream] = reader
        except TypeError:
            pass
    reader.strict = strict
    return reader.read_game()
