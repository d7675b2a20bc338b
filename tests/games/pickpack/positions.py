"""Hand-built Pick & Pack positions for the rule tests (the rules file's snapshot format).

``position(...)`` returns a play-phase snapshot dict in which a test states only what its
rule needs; ``state(...)`` turns it into a ``pickpack_game.State`` through the public
``State.from_snapshot``. What the test does not state is filled in the same way every
time, so that a reader can work the expected values out by hand:

- tiles: both players use ``LINE_TILES`` = ``PWRQXMPWRQXM``, so every line has the same
  kind at both ends. Red's column ``a`` is Premium (aT, aB), ``b`` Wholesale, ``c`` Rush
  order, ``d`` Quality control, ``e`` Order mix-up, ``f`` Malfunction; Blue's row ``1`` is
  Premium (1L, 1R), ``2`` Wholesale, ``3`` Rush order, ``4`` Quality control, ``5`` Order
  mix-up, ``6`` Malfunction (PP-C4, PP-C5). All unplayed unless ``played`` says otherwise.
- crates: empty and open unless ``crates`` / ``closed`` say otherwise; rush areas empty.
- grid: the grabber's square is empty unless ``grid`` names it. The trays of PP-C2 that
  are neither in a crate nor on a square named in ``grid`` are laid face up, smallest
  first, on the other squares: first those of the grabber's row and column (ascending
  a1..f6), then the rest (ascending). With ten 1-apple trays, the grabber's row and
  column (10 squares) hold 1-apple trays whenever no 1s were used elsewhere. Squares
  left over once the trays run out stay empty; they are the last ones of that order
  (row 6 and column f first, away from the grabber's lines).

Squares, spaces and action integers follow docs/engine.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pickpack
import pickpack.games.pickpack as pickpack_game

FILES = "abcdef"
ROWS = "123456"
# PP-C1 / docs/engine.md: square index row*6 + col, a1 = 0, b1 = 1, ..., f6 = 35.
SQUARES = tuple(f + r for r in ROWS for f in FILES)
# PP-C5: Red's spaces are the column ends, Blue's the row ends (docs/engine.md order).
RED_SPACES = tuple(f + "T" for f in FILES) + tuple(f + "B" for f in FILES)
BLUE_SPACES = tuple(r + "L" for r in ROWS) + tuple(r + "R" for r in ROWS)
SPACES = {"red": RED_SPACES, "blue": BLUE_SPACES}
# PP-C2: how many trays of 1..6 apples.
TRAY_COUNTS = {1: 10, 2: 8, 3: 7, 4: 6, 5: 4, 6: 1}
ASCENDING_DEAL = [a for a, n in TRAY_COUNTS.items() for _ in range(n)]
LINE_TILES = "PWRQXMPWRQXM"

Cell = int | None | dict[str, Any]


def down(apples: int) -> dict[str, Any]:
    """A face-down (malfunctioned) tray for ``grid`` (PP-A6a)."""
    return {"apples": apples, "face_up": False}


# Column d face down except d3: once Red grabs d3, Blue (moving along column d) has no
# legal move (PP-M3, PP-E2). Uses two 2s, two 3s and a 4.
BLOCKED_COLUMN_D: dict[str, Cell] = {"d1": down(2), "d2": down(2), "d4": down(3), "d5": down(3), "d6": down(4)}


def _cell(value: Cell) -> dict[str, Any] | None:
    if value is None or isinstance(value, dict):
        return value
    return {"apples": value, "face_up": True}


def position(
    *,
    to_move: str | None = "red",
    grabber: str = "c3",
    grid: Mapping[str, Cell] | None = None,
    crates: Mapping[str, Sequence[Sequence[int]]] | None = None,
    closed: Mapping[str, Mapping[int, str]] | None = None,
    tiles: Mapping[str, str] | None = None,
    played: Mapping[str, Mapping[str, str]] | None = None,
    rush: Mapping[str, int] | None = None,
    phase: str = "play",
) -> dict[str, Any]:
    """A snapshot dict (rules file, "State snapshot") built as the module docstring says.

    ``grid``: square -> apples (face up), ``down(n)``, ``None`` (empty) or a cell dict;
    ``crates``: player -> up to 4 tray lists (bottom -> top); ``closed``: player ->
    {crate number 1..4: "premium" | "wholesale"}; ``tiles``: player -> 12 kind letters in
    space order; ``played``: player -> {space: "used" | "malfunctioned"}; ``rush``:
    player -> orders waiting. Raises ValueError when the stated trays exceed PP-C2 or
    do not fit on the grid (the test's own mistake, not the engine's).
    """
    given: dict[str, Cell] = dict(grid or {})
    given.setdefault(grabber, None)
    crate_trays = {p: [list(t) for t in (crates or {}).get(p, [])] for p in ("red", "blue")}
    for p in crate_trays:
        crate_trays[p] += [[] for _ in range(4 - len(crate_trays[p]))]

    used: Counter[int] = Counter()
    for value in given.values():
        cell = _cell(value)
        if cell is not None:
            used[cell["apples"]] += 1
    for p in crate_trays:
        for trays in crate_trays[p]:
            used.update(trays)
    remaining: list[int] = []
    for apples, count in TRAY_COUNTS.items():
        if used[apples] > count:
            raise ValueError(f"position uses {used[apples]} trays of {apples} apples, PP-C2 has {count}")
        remaining += [apples] * (count - used[apples])

    def on_grabber_lines(sq: str) -> bool:
        return sq[0] == grabber[0] or sq[1] == grabber[1]

    free = [sq for sq in SQUARES if sq not in given]
    order = [sq for sq in free if on_grabber_lines(sq)] + [sq for sq in free if not on_grabber_lines(sq)]
    if len(remaining) > len(order):
        raise ValueError(f"{len(remaining) - len(order)} trays have no square: put them in crates")
    cells: dict[str, dict[str, Any] | None] = {sq: None for sq in SQUARES}
    for sq, apples in zip(order, remaining):
        cells[sq] = _cell(apples)
    for sq, value in given.items():
        cells[sq] = _cell(value)

    kinds = {"red": LINE_TILES, "blue": LINE_TILES, **(tiles or {})}
    status = {p: {sp: "unplayed" for sp in SPACES[p]} for p in ("red", "blue")}
    for p, tile_changes in (played or {}).items():
        status[p].update(tile_changes)
    crate_status = {p: ["open"] * 4 for p in ("red", "blue")}
    for p, crate_changes in (closed or {}).items():
        for number, how in crate_changes.items():
            crate_status[p][number - 1] = how
    return {
        "game": "pickpack",
        "phase": phase,
        "to_move": to_move,
        "grabber": grabber,
        "grid": cells,
        "crates": {
            p: [{"trays": crate_trays[p][c], "status": crate_status[p][c]} for c in range(4)]
            for p in ("red", "blue")
        },
        "tiles": {
            p: {sp: {"kind": kinds[p][i], "status": status[p][sp]} for i, sp in enumerate(SPACES[p])}
            for p in ("red", "blue")
        },
        "rush": {"red": 0, "blue": 0, **(rush or {})},
    }


def state(**kwargs: Any) -> pickpack_game.State:
    """``pickpack_game.State.from_snapshot(position(**kwargs), checked=False)``.

    Unchecked on purpose: these positions state only what a rule test needs, so most
    of them could not arise in a game (a used tile whose line has no empty square,
    whose turn it is after so many moves, ...); the structural checks still apply.
    tests/games/pickpack/test_reachable.py tests the reachability checks themselves.
    """
    st: pickpack_game.State = pickpack_game.State.from_snapshot(position(**kwargs), checked=False)
    return st


# --- reading and driving a state ------------------------------------------------------


def texts(st: pickpack_game.State) -> list[str]:
    """The canonical texts of the legal moves, in the engine's (ascending action) order."""
    return [m.text for m in st.legal_moves()]


def moves_to(st: pickpack_game.State, square: str) -> list[str]:
    """Texts of the legal moves whose destination is ``square``."""
    return [t for t in texts(st) if t[:2] == square]


def destinations(st: pickpack_game.State) -> set[str]:
    """The squares the grabber may move to (first two characters of each move text)."""
    return {t[:2] for t in texts(st)}


def play(st: pickpack_game.State, text: str) -> None:
    """Apply the legal move written ``text``, failing the test if it is not legal.

    Picks the Move out of ``legal_moves()`` rather than parsing the text, so that a rule
    test does not depend on the move-text reader (tested on its own).
    """
    for move in st.legal_moves():
        if move.text == text:
            st.apply(move)
            return
    raise AssertionError(f"{text} is not among the legal moves {texts(st)}")


def broken_rule(st: pickpack_game.State, move: str | int) -> str:
    """The rule id named by the IllegalMoveError that applying ``move`` (move text or
    action integer) raises; fails the test if the move is accepted."""
    try:
        if isinstance(move, str):
            st.apply(move)
        else:
            st.apply_action(move)
    except pickpack.IllegalMoveError as error:
        return error.rule
    raise AssertionError(f"{move} was accepted")


def assert_flip_closes_square(st: pickpack_game.State, flip: str, control: str, owner: str, space: str,
                              square: str) -> None:
    """PP-A6b/PP-M4: after the Malfunction ``flip`` turns ``owner``'s tile on ``space``
    face down, the next mover (``owner``) cannot enter the empty ``square``; after the
    ``control`` move instead (a Malfunction on a tray) it can."""
    other = st.copy()
    play(st, flip)
    assert tile_status(st, owner, space) == "malfunctioned"
    assert square not in destinations(st)
    play(other, control)
    assert square in destinations(other)


def play_action(square: str, detail: int, rush: int = 0) -> int:
    """docs/engine.md: a play move is 6 + (dest*142 + detail)*2 + rush."""
    return 6 + (SQUARES.index(square) * 142 + detail) * 2 + rush


def tile_detail(end: int, target: int) -> int:
    """docs/engine.md: the detail of activating the tile at line end ``end`` with target t."""
    return 4 + end * 69 + target


def crate_trays(st: pickpack_game.State, player: str) -> list[list[int]]:
    """The trays of the player's four crates, bottom -> top."""
    return [c["trays"] for c in st.snapshot()["crates"][player]]


def crate_statuses(st: pickpack_game.State, player: str) -> list[str]:
    """The statuses of the player's four crates."""
    return [c["status"] for c in st.snapshot()["crates"][player]]


def tile_status(st: pickpack_game.State, player: str, space: str) -> str:
    """The status of one action tile: unplayed, used or malfunctioned."""
    return str(st.snapshot()["tiles"][player][space]["status"])


# --- named positions shared by several test files -----------------------------------


def premium_position() -> pickpack_game.State:
    """Red on b3, a3 empty, aB used (it closed crate 4 as premium), aT unplayed.
    Red's crates: [1], [3, 5], [], [4] premium."""
    return state(grabber="b3", grid={"a3": None}, crates={"red": [[1], [3, 5], [], [4]]},
                 closed={"red": {4: "premium"}}, played={"red": {"aB": "used"}})


def wholesale_position() -> pickpack_game.State:
    """Red on a3, b3 empty, bB used (it closed Blue's crate 4), bT unplayed. Blue's
    crates: [5, 4], [2], [], [6] wholesale."""
    return state(grabber="a3", grid={"b3": None}, crates={"blue": [[5, 4], [2], [], [6]], "red": [[1]]},
                 closed={"blue": {4: "wholesale"}}, played={"red": {"bB": "used"}})


def quality_control_position() -> pickpack_game.State:
    """Red on a3, d3 empty, dT unplayed (dB used). Blue: [1, 4], [6] wholesale (Red's
    bB), [], [3]. Red: [2], [] premium (Red's aB), [5], [1, 1]."""
    return state(grabber="a3", grid={"d3": None},
                 crates={"blue": [[1, 4], [6], [], [3]], "red": [[2], [], [5], [1, 1]]},
                 closed={"blue": {2: "wholesale"}, "red": {2: "premium"}},
                 played={"red": {"dB": "used", "bB": "used", "aB": "used"}})


def order_mix_up_position() -> pickpack_game.State:
    """Red on a3, e3 empty, eT unplayed (eB used). Blue: [1, 4], [], [5] premium (Blue's
    1L), [2]. Red: [], [2, 5], [3] wholesale (Blue's 2L), [6]."""
    return state(grabber="a3", grid={"e3": None},
                 crates={"blue": [[1, 4], [], [5], [2]], "red": [[], [2, 5], [3], [6]]},
                 closed={"blue": {3: "premium"}, "red": {3: "wholesale"}},
                 played={"red": {"eB": "used"}, "blue": {"1L": "used", "2L": "used"}})


def malfunction_position(**changes: object) -> pickpack_game.State:
    """Red on a3, f3 empty, fT unplayed (fB used); c5 holds a face-down 2; Blue's 1L and
    3R used. Crates: Blue [6], Red [5]; the other 33 trays lie face up."""
    kwargs: dict[str, object] = {
        "grabber": "a3", "grid": {"f3": None, "c5": down(2)},
        "crates": {"blue": [[6]], "red": [[5]]},
        "played": {"red": {"fB": "used"}, "blue": {"1L": "used", "3R": "used"}},
    }
    kwargs.update(changes)
    return state(**kwargs)
