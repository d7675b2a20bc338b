"""The position string: a whole Pick & Pack position on one line (FEN-like).

Seven fields separated by spaces (docs/ppn.md, "Position string", gives each in full)::

    grid grabber to-move first tiles crates rush
    1D..2./.2..1./552.F./.2.13D/...41./4..23. c5 r r mWmpPQqRrxXw/xQPmr*XPmRQww 3121,W3,W3321,P-/W-,151,135,244 1/0

(seed 0 after 30 random plies: e4 holds a face-down 6-apple tray, Blue's space 5L a
malfunctioned rush-order tile, Red's crate 4 is an empty premium crate, Red has one rush
order waiting.)

- grid: the rows 6 down to 1 (as FEN lists ranks 8 to 1), separated by ``/``; each
  row is its six squares a..f: ``.`` empty, ``1``-``6`` a face-up tray with that many
  apples, ``A``-``F`` a face-down tray with 1-6 apples (PP-A6);
- grabber: its square, ``a1``..``f6`` (PP-S2);
- to-move: ``r`` Red, ``b`` Blue, ``-`` nobody (the game is over);
- first: ``r`` or ``b``, who moves first once placement is over (PP-S4);
- tiles: Red's 12 spaces ``aT..fT aB..fB``, ``/``, Blue's 12 ``1L..6L 1R..6R``; each
  ``.`` (not placed yet), the kind letter in capitals (unplayed), in small letters
  (used), or in small letters followed by ``*`` (malfunctioned) (PP-C4, PP-M4);
- crates: Red's four crates ``,``-separated, ``/``, Blue's four; each crate is an
  optional status letter (``P`` premium, ``W`` wholesale; none: open) followed by its
  trays bottom to top as apple digits, or ``-`` when it holds none (PP-G3, PP-E3);
- rush: the rush orders waiting, Red's ``/`` Blue's, each 0..2 (PP-R).

The phase is not written: it is ``placement`` while a space is unplaced, else ``over``
when nobody is to move, else ``play``. The string fixes the snapshot and the Zobrist
hash exactly, for every reachable position (tests/games/pickpack/test_position.py).
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from pickpack.errors import PositionError, SnapshotError
from pickpack.games.pickpack.encoding import (
    CRATE_STATUS, FILES, KINDS, MAX_CRATE, NUM_CRATES, NUM_SPACES, PLAYERS, RANKS, SPACES, SQUARES)

__all__ = ["FIELDS", "PositionError", "board_picture", "parse_position", "position_error", "position_string",
           "to_position"]

FIELDS = ("grid", "grabber", "to-move", "first", "tiles", "crates", "rush")
_FACE_DOWN = "ABCDEF"                  # a face-down tray of 1..6 apples
_MOVER: dict[str, str | None] = {"r": PLAYERS[0], "b": PLAYERS[1], "-": None}
_MOVER_LETTER = {v: k for k, v in _MOVER.items()}
_CRATE_LETTER = dict(zip(CRATE_STATUS, ("", "P", "W")))       # open, premium, wholesale
_CRATE_STATUS = {letter: status for status, letter in _CRATE_LETTER.items() if letter}
_FIELD_RE = re.compile(r"\S+")
# Snapshot key named by SnapshotError.field -> the position string's field.
_SNAPSHOT_FIELD = {
    "grid": "grid", "grabber": "grabber", "to_move": "to-move", "phase": "to-move",
    "first": "first", "tiles": "tiles", "crates": "crates", "rush": "rush",
}



class _Positioned(Protocol):
    """What to_position needs of a state: its snapshot and its first mover."""

    @property
    def first_player(self) -> str: ...

    def snapshot(self) -> dict[str, Any]: ...


# --- writing ---------------------------------------------------------------------------


def position_string(snap: dict[str, Any], first: str) -> str:
    """The position string of a snapshot (the rules file's format) and its first mover.

    ``first`` is "red" or "blue" (PP-S4). The snapshot's phase and scores are implied
    and not written. Raises KeyError/ValueError for data that is not a Pick & Pack
    snapshot.
    """
    grid = snap["grid"]
    rows = []
    for row in range(len(RANKS) - 1, -1, -1):
        cells = []
        for col in range(len(FILES)):
            cell = grid[SQUARES[row * len(FILES) + col]]
            if cell is None:
                cells.append(".")
            elif cell["face_up"]:
                cells.append(str(cell["apples"]))
            else:
                cells.append(_FACE_DOWN[cell["apples"] - 1])
        rows.append("".join(cells))
    tiles = "/".join(
        "".join(_tile_text(t["kind"], t["status"]) for t in snap["tiles"][player].values())
        for player in PLAYERS)
    crates = "/".join(
        ",".join(_CRATE_LETTER[c["status"]] + ("".join(map(str, c["trays"])) or "-")
                 for c in snap["crates"][player])
        for player in PLAYERS)
    rush = "/".join(str(snap["rush"][player]) for player in PLAYERS)
    return " ".join(("/".join(rows), snap["grabber"], _MOVER_LETTER[snap["to_move"]],
                     _MOVER_LETTER[first], tiles, crates, rush))


def _tile_text(kind: str | None, status: str) -> str:
    if kind is None:
        return "."
    if status == "unplayed":
        return kind
    return kind.lower() if status == "used" else kind.lower() + "*"


def to_position(state: _Positioned) -> str:
    """The position string of ``state`` (see the module docstring and docs/ppn.md).

    >>> import pickpack
    >>> st = pickpack.new_game("pickpack", seed=7, placements={"red": "PPWWRRQQXXMM",
    ...                                             "blue": "MMXXQQRRWWPP"})
    >>> to_position(st).split()[1:]
    ['d6', 'r', 'r', 'PPWWRRQQXXMM/MMXXQQRRWWPP', '-,-,-,-/-,-,-,-', '0/0']
    """
    return position_string(state.snapshot(), state.first_player)


def board_picture(snap: dict[str, Any], phase: str, to_move: str | None) -> str:
    """The board of a snapshot as text (``str(state)``): row 6 on top; apples per tray,
    ``.`` empty, ``#n`` face down, the grabber in brackets; Red's tiles above/below,
    Blue's left/right (kind letter unplayed, small used, ``*`` malfunctioned); then each
    player's score, rush orders and crates, and the phase and player to move."""

    def tile(player: str, space: str) -> str:
        t = snap["tiles"][player][space]
        return {"unplayed": t["kind"] or "?", "used": (t["kind"] or "?").lower(), "malfunctioned": "*"}[t["status"]]

    def cell(square: str) -> str:
        c = snap["grid"][square]
        text = "." if c is None else (str(c["apples"]) if c["face_up"] else f"#{c['apples']}")
        return f"[{text}]" if square == snap["grabber"] else f" {text} "

    red, blue = PLAYERS
    side = len(FILES)              # Red's spaces: top ends then bottom ends of the columns
    lines = ["   " + "".join(f" {tile(red, space):^3}" for space in SPACES[0][:side])]
    for r in range(len(RANKS) - 1, -1, -1):   # Blue's: left ends then right ends of the rows
        squares = "".join(f" {cell(f + RANKS[r]):^3}" for f in FILES)
        lines.append(f"{RANKS[r]} {tile(blue, SPACES[1][r])}{squares}  {tile(blue, SPACES[1][side + r])}")
    lines.append("   " + "".join(f" {tile(red, space):^3}" for space in SPACES[0][side:]))
    lines.append("     " + "   ".join(FILES))
    for player in PLAYERS:
        crates = "  ".join(f"{i + 1}:{c['status'][0].upper()}{c['trays']}"
                           for i, c in enumerate(snap["crates"][player]))
        lines.append(f"{player:>4} {snap['scores'][player]:>3} pts  rush {snap['rush'][player]}  {crates}")
    lines.append(f"phase {phase}, to move: {to_move or '-'}")
    return "\n".join(lines)


# --- reading ---------------------------------------------------------------------------


def parse_position(text: str) -> tuple[dict[str, Any], str]:
    """(snapshot, first) described by a position string, not yet checked for consistency.

    The snapshot is in the rules file's format without "scores". Raises PositionError
    naming the field and the column for anything malformed; whether the position can
    arise (tray multiset, tile counts, phase) is checked by State.from_snapshot.
    """
    if not isinstance(text, str):
        raise TypeError(f"a position string must be a str, not {type(text).__name__}")
    found = [(m.group(), m.start() + 1) for m in _FIELD_RE.finditer(text)]
    if len(found) > len(FIELDS):
        word, col = found[len(FIELDS)]
        raise PositionError("rush", col, f"unexpected text {word!r} after the last field")
    if len(found) < len(FIELDS):
        missing = FIELDS[len(found)]
        raise PositionError(missing, len(text) + 1, f"missing (a position string has "
                            f"{len(FIELDS)} fields: {' '.join(FIELDS)})")
    (grid_t, gc), (grab_t, bc), (move_t, mc), (first_t, fc), (tiles_t, tc), (crates_t, cc), \
        (rush_t, rc) = found
    tiles, placed = _parse_tiles(tiles_t, tc)
    to_move = _letter(move_t, mc, "to-move", _MOVER, "r (Red), b (Blue) or - (game over)")
    first = _letter(first_t, fc, "first", _MOVER, "r (Red) or b (Blue)")
    if first is None:
        raise PositionError("first", fc, "expected r (Red) or b (Blue), got '-'")
    if grab_t not in SQUARES:
        raise PositionError("grabber", bc, f"expected a square a1..f6, got {grab_t!r}")
    phase = "placement" if placed < 24 else "over" if to_move is None else "play"
    snap = {
        "game": "pickpack", "phase": phase, "to_move": to_move, "grabber": grab_t,
        "grid": _parse_grid(grid_t, gc), "crates": _parse_crates(crates_t, cc), "tiles": tiles,
        "rush": _parse_rush(rush_t, rc),
    }
    return snap, first


def _letter(text: str, col: int, field: str, table: dict[str, str | None], want: str) -> str | None:
    if text not in table:
        raise PositionError(field, col, f"expected {want}, got {text!r}")
    return table[text]


def _parse_grid(text: str, col: int) -> dict[str, dict[str, Any] | None]:
    grid: dict[str, dict[str, Any] | None] = {}
    rows = text.split("/")
    width = len(FILES)
    if len(rows) != len(RANKS):
        raise PositionError("grid", col, f"expected {len(RANKS)} rows ({RANKS[-1]} down to {RANKS[0]}) "
                            f"separated by '/', got {len(rows)}")
    start = col
    for i, row_text in enumerate(rows):
        row = len(RANKS) - 1 - i
        if len(row_text) != width:
            raise PositionError("grid", start + min(len(row_text), width),
                                f"row {RANKS[row]} must have {width} squares ({FILES[0]}..{FILES[-1]}), "
                                f"got {len(row_text)}")
        for c, ch in enumerate(row_text):
            if ch == ".":
                cell = None
            elif "1" <= ch <= "6":
                cell = {"apples": int(ch), "face_up": True}
            elif ch in _FACE_DOWN:
                cell = {"apples": _FACE_DOWN.index(ch) + 1, "face_up": False}
            else:
                raise PositionError("grid", start + c, f"square {SQUARES[row * width + c]}: expected . "
                                    f"(empty), 1-6 (face-up tray) or A-F (face-down tray), got {ch!r}")
            grid[SQUARES[row * width + c]] = cell
        start += width + 1
    return {sq: grid[sq] for sq in SQUARES}


def _parse_tiles(text: str, col: int) -> tuple[dict[str, dict[str, dict[str, Any]]], int]:
    parts = text.split("/")
    if len(parts) != 2:
        raise PositionError("tiles", col, f"expected Red's tiles '/' Blue's tiles, got {len(parts)} parts")
    tiles: dict[str, dict[str, dict[str, Any]]] = {}
    placed = 0
    start = col
    for p, part in enumerate(parts):
        out: list[dict[str, Any]] = []
        i = 0
        while i < len(part):
            ch = part[i]
            here = start + i
            if len(out) == NUM_SPACES:
                raise PositionError("tiles", here, f"{PLAYERS[p]} has {NUM_SPACES} spaces; unexpected {ch!r}")
            if ch == ".":
                out.append({"kind": None, "status": "unplayed"})
            elif ch in KINDS:
                out.append({"kind": ch, "status": "unplayed"})
            elif ch.upper() in KINDS and ch.islower():
                if i + 1 < len(part) and part[i + 1] == "*":
                    out.append({"kind": ch.upper(), "status": "malfunctioned"})
                    i += 1
                else:
                    out.append({"kind": ch.upper(), "status": "used"})
            elif ch == "*":
                raise PositionError("tiles", here, "'*' (malfunctioned) follows a kind in small letters")
            else:
                raise PositionError("tiles", here, f"space {SPACES[p][len(out)]} of {PLAYERS[p]}: expected "
                                    f". or a kind {' '.join(KINDS)} (capital: unplayed, small: used, small "
                                    f"and '*': malfunctioned), got {ch!r}")
            placed += out[-1]["kind"] is not None
            i += 1
        if len(out) != NUM_SPACES:
            raise PositionError("tiles", start + len(part),
                                f"{PLAYERS[p]} needs {NUM_SPACES} tiles (one per space), got {len(out)}")
        tiles[PLAYERS[p]] = dict(zip(SPACES[p], out))
        start += len(part) + 1
    return tiles, placed


def _parse_crates(text: str, col: int) -> dict[str, list[dict[str, Any]]]:
    parts = text.split("/")
    if len(parts) != 2:
        raise PositionError("crates", col, f"expected Red's crates '/' Blue's crates, got {len(parts)} parts")
    crates: dict[str, list[dict[str, Any]]] = {}
    start = col
    for p, part in enumerate(parts):
        items = part.split(",")
        if len(items) != NUM_CRATES:
            raise PositionError("crates", start, f"{PLAYERS[p]} has {NUM_CRATES} crates separated by ',', "
                                f"got {len(items)}")
        out = []
        for c, item in enumerate(items):
            what = f"crate {c + 1} of {PLAYERS[p]}"
            status = "open"
            body = item
            if body[:1] in _CRATE_STATUS:
                status = _CRATE_STATUS[body[0]]
                body = body[1:]
            at = start + len(item) - len(body)
            if body == "-":
                trays: list[int] = []
            elif body == "":
                raise PositionError("crates", at, f"{what}: expected its trays (apple digits 1-6) or '-' if empty")
            else:
                trays = []
                for k, ch in enumerate(body):
                    if not "1" <= ch <= "6":
                        raise PositionError("crates", at + k, f"{what}: expected a tray (apple digit 1-6), "
                                            f"got {ch!r}")
                    trays.append(int(ch))
                if len(trays) > MAX_CRATE:
                    raise PositionError("crates", at + MAX_CRATE,
                                        f"{what}: more than the {MAX_CRATE} trays of the game")
            out.append({"trays": trays, "status": status})
            start += len(item) + 1
        crates[PLAYERS[p]] = out
    return crates


def _parse_rush(text: str, col: int) -> dict[str, int]:
    m = re.fullmatch(r"([0-2])/([0-2])", text)
    if m is None:
        raise PositionError("rush", col, f"expected Red's and Blue's waiting rush orders as N/N with "
                            f"N in 0..2, got {text!r}")
    return {"red": int(m.group(1)), "blue": int(m.group(2))}


def position_error(text: str, exc: SnapshotError) -> PositionError:
    """The PositionError for ``text`` whose snapshot (from parse_position) a state class
    refused with ``exc``: at the field the snapshot key maps to, at the column of the
    square, space, crate or count ``exc.player``/``exc.index`` name, else at the start
    of the field. Reads only the error's structured fields, never its message text
    (the message becomes the reason, after "impossible position: ").
    """
    field = _SNAPSHOT_FIELD.get(exc.field, "grid")
    found = {name: (m.start() + 1, m.group()) for m, name in zip(_FIELD_RE.finditer(text), FIELDS)}
    start, word = found[field]
    col = start + _offset(field, word, exc.player, exc.index)
    return PositionError(field, col, f"impossible position: {exc}")


def _offset(field: str, word: str, player: str | None, index: int | None) -> int:
    """0-based offset, within the text of ``field``, of the part a SnapshotError names
    (a square of the grid, a player's space, crate or rush count), 0 for the field."""
    if player is None and index is None:
        return 0
    width = len(FILES)
    if field == "grid" and index is not None:
        return (len(RANKS) - 1 - index // width) * (width + 1) + index % width
    if field == "rush":
        return 0 if player == PLAYERS[0] else word.index("/") + 1
    if field not in ("tiles", "crates") or player is None:
        return 0
    part = PLAYERS.index(player)
    at = 0 if part == 0 else word.index("/") + 1
    if index is None:
        return at
    text = word.split("/")[part]
    if field == "crates":
        return at + sum(len(item) + 1 for item in text.split(",")[:index])
    seen = 0
    for i, ch in enumerate(text):
        if ch != "*":
            if seen == index:
                return at + i
            seen += 1
    return at
