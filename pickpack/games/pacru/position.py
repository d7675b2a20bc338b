"""PACRU's one-line position string (FEN-like) and its board picture.

Four or more fields separated by single spaces: ``<board> <chevrons> <turn> <ply> [options]``

- ``board``: the 9 rows, row 9 (north) first, separated by ``/``; in a row a digit 1..9
  is a run of neutral cells, a letter ``A``..``D`` a cell of that seat's colour (FEN style).
- ``chevrons``: per seat in seat order, separated by ``;``: the seat's letter, ``:``, its
  chevrons (cell + direction, sorted by cell) joined by ``,``, or ``-`` for an out seat:
  ``A:a3E,e1N,i3W,i9SW;B:a1NE,a7E,e9S,i7W``. The number of groups is the player count.
- ``turn``: the letter of the seat to move; ``ply``: the plies played.
- ``options``: any of ``single-cell``, ``classic-meeting``, ``max-plies=N`` (written in
  that order, defaults omitted).

``parse_position`` raises ``pickpack.PositionError(field, column, reason, rule)`` with the
field (FIELDS) and the 1-based column of the problem; the snapshot it builds is checked by
snapshot_check.validate_snapshot, whose errors are reported at their field's column (a
chevron's at its own column). ``load_position`` also loads it (the C loader's
reachability checks) and reports the loader's errors the same way (a board cell's at
its own column).

    >>> from pickpack.games.pacru.reference import RefState
    >>> format_position(RefState(2).snapshot())
    '9/9/9/9/9/9/9/9/9 A:a3E,e1N,i3W,i9SW;B:a1NE,a7E,e9S,i7W A 0'
    >>> parse_position("9/9/9/9/9/9/9/9/9 A:a3E,e1N,i3W,i9SW;B:a1NE,a7E,e9S,i7W A 0 max-plies=50")["max_plies"]
    50
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from pickpack.errors import PositionError, SnapshotError
from pickpack.games.pacru.encoding import (BOARD_SIZE, COLOUR_LETTERS, MAX_GAME_LENGTH, MAX_PLAYERS, MIN_PLAYERS,
                                           SEAT_NAMES, TARGET)
from pickpack.games.pacru.snapshot import parse_chevron
from pickpack.games.pacru.snapshot_check import validate_snapshot

__all__ = ["FIELDS", "board_picture", "format_position", "load_position", "parse_position", "position_error"]

T = TypeVar("T")

#: The position string's fields, in order (``options`` may hold several words).
FIELDS = ("board", "chevrons", "turn", "ply", "options")

#: Snapshot key -> position field (SnapshotError.field -> PositionError.field).
_SNAPSHOT_TO_FIELD = {"players": "chevrons", "single_cell": "options", "classic_meeting": "options",
                      "max_plies": "options", "ply": "ply", "turn": "turn", "board": "board",
                      "chevrons": "chevrons", "snapshot": "board"}


def format_position(snap: Mapping[str, Any]) -> str:
    """The position string of the (valid) snapshot ``snap`` (see the module docstring)."""
    rows = []
    for line in snap["board"]:
        out, run = "", 0
        for ch in line:
            if ch == ".":
                run += 1
                continue
            if run:
                out += str(run)
                run = 0
            out += ch
        rows.append(out + (str(run) if run else ""))
    groups = [f"{COLOUR_LETTERS[seat]}:{','.join(texts) if texts else '-'}"
              for seat, texts in enumerate(snap["chevrons"])]
    options = (["single-cell"] if snap["single_cell"] else []) + (["classic-meeting"] if snap["classic_meeting"]
                                                                   else [])
    if snap["max_plies"] != MAX_GAME_LENGTH:
        options.append(f"max-plies={snap['max_plies']}")
    return " ".join(["/".join(rows), ";".join(groups), COLOUR_LETTERS[snap["turn"]], str(snap["ply"])] + options)


def _board(word: str, column: int) -> list[str]:
    rows = word.split("/")
    if len(rows) != BOARD_SIZE:
        raise PositionError("board", column, f"9 rows separated by '/' expected, found {len(rows)}")
    out, at = [], column
    for r, row in enumerate(rows):
        line = ""
        for i, ch in enumerate(row):
            if ch in "123456789":
                if i > 0 and row[i - 1] in "123456789":
                    raise PositionError("board", at + i, "two digits in a row: a run of neutral "
                                                         "cells is one digit (FEN style)")
                line += "." * int(ch)
            elif ch in COLOUR_LETTERS:
                line += ch
            else:
                raise PositionError("board", at + i, f"a digit 1-9 (neutral cells) or a letter A-D expected, "
                                                     f"not {ch!r}")
            if len(line) > BOARD_SIZE:
                raise PositionError("board", at + i, f"row {BOARD_SIZE - r} has more than 9 cells")
        if len(line) != BOARD_SIZE:
            raise PositionError("board", at + len(row), f"row {BOARD_SIZE - r} has {len(line)} cells, not 9")
        out.append(line)
        at += len(row) + 1
    return out


def _chevrons(word: str, column: int) -> list[list[str]]:
    groups = word.split(";")
    if not MIN_PLAYERS <= len(groups) <= MAX_PLAYERS:
        raise PositionError("chevrons", column, f"{MIN_PLAYERS}..{MAX_PLAYERS} seat groups separated by ';' "
                                                f"expected, found {len(groups)}")
    out: list[list[str]] = []
    at = column
    for seat, group in enumerate(groups):
        head = f"{COLOUR_LETTERS[seat]}:"
        if not group.startswith(head):
            raise PositionError("chevrons", at, f"seat {seat + 1}'s group starts with {head!r}")
        body = group[2:]
        texts: list[str] = []
        if body != "-":
            item_at = at + 2
            for i, text in enumerate(body.split(",")):
                try:
                    parse_chevron(text)
                except ValueError as exc:
                    raise PositionError("chevrons", item_at, str(exc)) from None
                texts.append(text)
                item_at += len(text) + 1
        out.append(texts)
        at += len(group) + 1
    return out


def _options(words: list[tuple[str, int]]) -> dict[str, Any]:
    found: dict[str, Any] = {"single_cell": False, "classic_meeting": False, "max_plies": MAX_GAME_LENGTH}
    seen: set[str] = set()
    for word, column in words:
        if word in ("single-cell", "classic-meeting"):
            key = word.replace("-", "_")
            value: Any = True
        else:
            m = re.fullmatch(r"max-plies=([1-9]\d{0,3})", word)
            if m is None:
                raise PositionError("options", column, "an option is single-cell, classic-meeting or "
                                                       f"max-plies=N (N 1..{MAX_GAME_LENGTH}), not {word!r}")
            key, value = "max_plies", int(m.group(1))
        if key in seen:
            raise PositionError("options", column, f"option {word!r} given twice")
        seen.add(key)
        found[key] = value
    return found


def parse_position(text: str) -> dict[str, Any]:
    """The normalised snapshot the position string ``text`` describes. PositionError
    (field, 1-based column, reason) for a malformed string or an impossible position
    (snapshot_check.validate_snapshot's check, reported at its field); TypeError for a non-str."""
    if not isinstance(text, str):
        raise TypeError(f"a position string is a str, not {type(text).__name__}")
    words = [(m.group(), m.start() + 1) for m in re.finditer(r"[^ ]+", text)]
    for index, (word_text, start) in enumerate(words):
        bad = re.search(r"[^!-~]", word_text)
        if bad is not None:
            raise PositionError(FIELDS[min(index, len(FIELDS) - 1)], start + bad.start(),
                                f"only printable ASCII characters and spaces, not {bad.group()!r}")
    gap = re.search(r"^ | {2}| $", text)
    if gap is not None:
        before = sum(1 for _, start in words if start <= gap.start())
        raise PositionError(FIELDS[min(before, len(FIELDS) - 1)], gap.start() + 1,
                            "fields are separated by single spaces, with none before or after")
    if len(words) < 4:
        if words:
            _board(words[0][0], words[0][1])      # a bad board is the error to name first
        raise PositionError(FIELDS[len(words)], len(text) + 1,
                            f"at least 4 fields expected (board chevrons turn ply [options]), found {len(words)}")
    columns = {field: column for field, (_, column) in zip(FIELDS, words)}
    board = _board(words[0][0], columns["board"])
    chevrons = _chevrons(words[1][0], columns["chevrons"])
    players = len(chevrons)
    turn_word = words[2][0]
    if len(turn_word) != 1 or turn_word not in COLOUR_LETTERS[:players]:
        raise PositionError("turn", columns["turn"], f"the letter of the seat to move "
                                                     f"({', '.join(COLOUR_LETTERS[:players])}) expected, "
                                                     f"not {turn_word!r}")
    if not re.fullmatch(r"0|[1-9]\d{0,3}", words[3][0]):
        raise PositionError("ply", columns["ply"], f"an integer >= 0 without leading zeros expected, "
                                                   f"not {words[3][0]!r}")
    options = _options(words[4:])
    snap: dict[str, Any] = {"players": players, **options, "ply": int(words[3][0]),
                            "turn": COLOUR_LETTERS.index(turn_word), "board": board, "chevrons": chevrons}
    try:
        return validate_snapshot(snap)
    except SnapshotError as exc:
        raise position_error(text, exc, snap) from exc


def _board_column(word: str, column: int, cell: int) -> int:
    """The column of ``cell``'s character in the board field ``word`` (starting at
    ``column``): its letter, or the digit of the run of neutral cells holding it."""
    target_row = BOARD_SIZE - 1 - cell // BOARD_SIZE
    at = column
    for r, row in enumerate(word.split("/")):
        if r == target_row:
            filled = 0
            for i, ch in enumerate(row):
                filled += int(ch) if ch.isdigit() else 1
                if filled > cell % BOARD_SIZE:
                    return at + i
            return at
        at += len(row) + 1
    return column


def position_error(text: str, exc: SnapshotError, snap: Mapping[str, Any]) -> PositionError:
    """The PositionError for ``exc``, raised for ``snap``, the snapshot of the well-formed
    position string ``text``: at the column of the field, of the chevron (``player`` and
    ``index`` into ``snap``'s chevrons) or of the board cell (``index`` 0..80) where
    there is one; the rule is kept."""
    words = [(m.group(), m.start() + 1) for m in re.finditer(r"[^ ]+", text)]
    field = _SNAPSHOT_TO_FIELD.get(exc.field, "board")
    columns = {name: column for name, (_, column) in zip(FIELDS, words)}
    column = columns.get(field, len(text) + 1)
    if field == "options" and len(words) > 4:
        column = words[4][1]
    if field == "board" and exc.index is not None and 0 <= exc.index < BOARD_SIZE * BOARD_SIZE:
        column = _board_column(words[0][0], column, exc.index)
    if exc.field == "chevrons" and exc.player is not None:
        groups = words[1][0].split(";")
        names = SEAT_NAMES[len(groups)]
        seat = names.index(exc.player) if exc.player in names else -1
        if seat >= 0:
            column += sum(len(g) + 1 for g in groups[:seat])
            items = groups[seat][2:].split(",")
            loaded = snap["chevrons"][seat]
            if exc.index is not None and 0 <= exc.index < len(loaded) and loaded[exc.index] in items:
                at = exc.index if list(loaded) == items else items.index(loaded[exc.index])
                column += 2 + sum(len(item) + 1 for item in items[:at])
    return PositionError(field, column, str(exc), rule=exc.rule)


def load_position(text: str, load: Callable[[dict[str, Any]], T]) -> T:
    """``load(parse_position(text))`` (a loader such as ``State._load``), with the
    loader's SnapshotError for an impossible position (the C loader's reachability
    checks, docs/pacru.md "Positions the rules can reach") raised as the PositionError
    of its field, column and rule (position_error)."""
    snap = parse_position(text)
    try:
        return load(snap)
    except SnapshotError as exc:
        raise position_error(text, exc, snap) from exc


#: Direction -> the text shown after the owner's letter in the board picture.
_ARROWS = ("N ", "NE", "E ", "SE", "S ", "SW", "W ", "NW")


def board_picture(snap: Mapping[str, Any]) -> str:
    """A multi-line ASCII picture of the (valid) snapshot ``snap``, row 9 (north) at the
    top: every cell 4 characters, its colour (``.`` neutral, ``a``..``d`` a seat's colour)
    then, when a chevron stands there, its owner's letter ``A``..``D`` and direction
    (``aBSW`` is B's chevron pointing SW on a cell of A's colour, ``.AN`` A's chevron
    pointing N on a neutral cell);
    ``|`` and ``-`` lines mark the borderlands; below, the turn, ply and cell counts."""
    players = snap["players"]
    names = SEAT_NAMES[players]
    chevrons: dict[str, str] = {}
    for seat, texts in enumerate(snap["chevrons"]):
        for text in texts:
            cell, direction = parse_chevron(text)
            chevrons[text[:2]] = COLOUR_LETTERS[seat] + _ARROWS[direction]
    header = "    " + "   ".join("abc") + "     " + "   ".join("def") + "     " + "   ".join("ghi")
    rule = "   " + "+".join(["-" * 12] * 3)
    lines = [header]
    for r, line in enumerate(snap["board"]):
        row = BOARD_SIZE - r
        if r and r % 3 == 0:
            lines.append(rule)
        cells = []
        for c, ch in enumerate(line):
            name = "abcdefghi"[c] + str(row)
            cells.append(ch.lower() + chevrons.get(name, "   "))
        lines.append(f"{row}  " + "|".join("".join(cells[g * 3:(g + 1) * 3]) for g in range(3)).rstrip())
    counts = [sum(line.count(COLOUR_LETTERS[s]) for line in snap["board"]) for s in range(players)]
    status = ", ".join(f"{COLOUR_LETTERS[s]} {names[s]} {counts[s]}" + ("" if snap["chevrons"][s] else " (out)")
                       for s in range(players))
    lines.append(f"turn {names[snap['turn']]} ({COLOUR_LETTERS[snap['turn']]}), ply {snap['ply']}; "
                 f"cells (target {TARGET[players]}): {status}")
    return "\n".join(lines)
