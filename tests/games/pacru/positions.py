"""Hand-built PACRU positions for the PACRU rule tests (rules: /work/shared/rules/pacru.md,
ids PA-...; the contract's snapshot format).

Every rule test runs twice, through the ``impl`` fixture: once against the plain-Python
reference (``pickpack.games.pacru.reference.pacru_ref.RefState``) and once against the
engine's ``pickpack.games.pacru.state.State`` (C-backed once CORE lands it). Positions
are built only through the public ``from_snapshot`` and changed only through ``apply``
with move texts, so every expected value can be worked out by hand.

A position is given compactly:

- ``paint``: colour letter (``A``..``D`` = seat 0..3) -> the cells of that colour, as a
  space-separated string of cell texts (``"a1 b1 e5"``) and/or rectangles ``a1:i4``
  (every cell from the first corner to the second, both included);
- or ``board``: a 9-line picture, row 9 (north) first, columns a..i, ``.`` neutral
  (blank lines and spaces are ignored, so it can be indented in the test);
- ``chevrons``: one list per seat of ``cell+direction`` texts (``"e5N"``, ``"i9SW"``);
- everything else has a default: 2 players, options off, ``max_plies`` 1000, ply 0,
  seat 0 to move.

Cells: ``a1`` = 0 .. ``i9`` = 80 (row * 9 + column); borderland (PA-C1) =
(row // 3) * 3 + column // 3; directions 0..7 = N NE E SE S SW W NW.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from pickpack.errors import IllegalMoveError
from pickpack.games.pacru.encoding import (CROSSING_NONE, DIRECTIONS, MEETING_NONE, NUM_CELLS, action_text,
                                           decode_action, parse_action, parse_cell, place_in_borderland)

__all__ = ["IMPLEMENTATIONS", "board_rows", "broken_rule", "c", "cells_of", "impl", "landings", "load",
           "moves_from", "play", "raw_move", "rect", "snapshot", "texts"]

#: The two implementations every rule test runs against (fixture ``impl``).
IMPLEMENTATIONS = ("reference", "state")


def _implementation(name: str) -> Any:
    if name == "reference":
        from pickpack.games.pacru.reference.pacru_ref import RefState
        return RefState
    from pickpack.games.pacru.state import State
    return State


@pytest.fixture(params=IMPLEMENTATIONS)
def impl(request: pytest.FixtureRequest) -> Any:
    """The state class under test: the reference RefState, then the engine's State."""
    return _implementation(request.param)


def c(text: str) -> int:
    """The cell of a cell text (``"e5"`` -> 40)."""
    return parse_cell(text)


def rect(first: str, last: str) -> list[str]:
    """The cell texts of the rectangle with corners ``first`` and ``last`` (both
    included), row by row from the south."""
    a, b = parse_cell(first), parse_cell(last)
    cols = range(min(a % 9, b % 9), max(a % 9, b % 9) + 1)
    rows = range(min(a // 9, b // 9), max(a // 9, b // 9) + 1)
    return ["abcdefghi"[col] + str(row + 1) for row in rows for col in cols]


def cells_of(spec: str | Iterable[str]) -> list[int]:
    """The cells of ``spec``: cell texts and ``a1:c3`` rectangles, space separated (or an
    iterable of such texts). Repeated cells are kept once, in first-seen order."""
    words = spec.split() if isinstance(spec, str) else [w for item in spec for w in item.split()]
    out: list[int] = []
    for word in words:
        texts_ = rect(*word.split(":")) if ":" in word else [word]
        for t in texts_:
            cell = parse_cell(t)
            if cell not in out:
                out.append(cell)
    return out


def board_rows(paint: Mapping[str, str | Iterable[str]] | None = None, board: str | None = None) -> list[str]:
    """The snapshot's 9 board strings (row 9 first) from ``paint`` or ``board`` (module
    docstring). AssertionError when a cell is painted twice or the picture is not 9x9."""
    if board is not None:
        lines = [line.replace(" ", "") for line in board.splitlines() if line.strip()]
        assert len(lines) == 9 and all(len(line) == 9 for line in lines), f"not a 9x9 picture: {lines}"
        return lines
    colours = ["."] * NUM_CELLS
    for letter, spec in (paint or {}).items():
        for cell in cells_of(spec):
            assert colours[cell] == ".", f"cell {cell} painted twice"
            colours[cell] = letter
    return ["".join(colours[row * 9:row * 9 + 9]) for row in range(8, -1, -1)]


def snapshot(players: int = 2, *, chevrons: Sequence[Sequence[str]] | None = None,
             paint: Mapping[str, str | Iterable[str]] | None = None, board: str | None = None,
             turn: int = 0, ply: int = 0, single_cell: bool = False, classic_meeting: bool = False,
             max_plies: int = 1000) -> dict[str, Any]:
    """A snapshot dict in the contract's format (module docstring). ``chevrons``: one list
    of ``cell+direction`` texts per seat (missing seats: none; default: every seat empty)."""
    chev = [list(ch) for ch in (chevrons or [])]
    chev += [[] for _ in range(players - len(chev))]
    return {
        "players": players, "single_cell": single_cell, "classic_meeting": classic_meeting,
        "max_plies": max_plies, "ply": ply, "turn": turn,
        "board": board_rows(paint, board),
        "chevrons": [sorted(ch, key=lambda t: parse_cell(t[:2])) for ch in chev],
    }


def load(impl: Any, players: int = 2, **fields: Any) -> Any:
    """``impl.from_snapshot(snapshot(players, **fields), checked=False)``.

    Unchecked on purpose: these positions state only what a rule test needs (ply 0 with
    chevrons off their set-up, fewer chevrons than any number of plies could take, ...),
    so most could not arise in a game; the structural checks still apply.
    tests/games/pacru/test_reachable.py tests the reachability checks themselves."""
    return impl.from_snapshot(snapshot(players, **fields), checked=False)


def play(state: Any, script: str) -> Any:
    """Apply the whitespace-separated move texts of ``script`` in order; returns
    ``state``. A text the state refuses fails the test with the rule named."""
    for word in script.split():
        try:
            state.apply(word)
        except IllegalMoveError as error:
            raise AssertionError(f"{word!r} refused at ply {state.ply}: {error}") from error
    return state


def texts(state: Any) -> list[str]:
    """Texts of the legal actions, in action order."""
    return [state.action_text(a) for a in state.legal_actions()]


def moves_from(state: Any, cell: str) -> list[str]:
    """Texts of the legal moves (not reorientations) of the chevron on ``cell``, in
    action order."""
    start = parse_cell(cell)
    return [state.action_text(a) for a in state.move_actions() if decode_action(a).cell == start]


def landings(state: Any, cell: str) -> set[str]:
    """The landing cells (texts) of the legal moves of the chevron on ``cell``."""
    start = parse_cell(cell)
    return {"abcdefghi"[a.to % 9] + str(a.to // 9 + 1)
            for a in map(decode_action, state.move_actions()) if a.cell == start}


def raw_move(src: str, direction: str, distance: int, *, pincer: bool = False, connection: bool = False,
             crossing: str | None = None, meeting: str | None = None) -> int:
    """The move action of the codec (pickpack/games/pacru/encoding.py) built field by
    field WITHOUT the board checks of ``encode_move``: it may leave the board, name a
    direction the chevron cannot take, or a distance beyond its power. ``crossing`` is a
    cell text whose place in its borderland is used."""
    cell, travel = parse_cell(src), DIRECTIONS.index(direction)
    place = CROSSING_NONE if crossing is None else place_in_borderland(parse_cell(crossing))
    meet = MEETING_NONE if meeting is None else parse_cell(meeting)
    return (((((cell * 8 + travel) * 8 + distance - 1) * 2 + int(pincer)) * 2 + int(connection)) * 10
            + place) * 82 + meet


def broken_rule(state: Any, move: int | str) -> str:
    """The rule id of the IllegalMoveError that applying ``move`` (an action or a move
    text) raises, after checking that ``check_action`` names the same rule, that the
    message names it, that ``parse_move`` of a text refuses it alike (with the rule,
    the reason and the canonical text), and that the state (snapshot and Zobrist hash)
    is unchanged; fails the test if the move is accepted."""
    action = move if isinstance(move, int) else parse_action(move)
    before, key, plies = state.snapshot(), state.zobrist_hash(), state.ply
    checked = state.check_action(action)
    assert checked is not None, f"{move!r} is legal at ply {state.ply}"
    with pytest.raises(IllegalMoveError) as caught:
        state.apply_action(action)
    assert caught.value.rule == checked[0]
    assert checked[0] in str(caught.value)
    if isinstance(move, str):
        with pytest.raises(IllegalMoveError) as again:
            state.apply(move)
        assert again.value.rule == checked[0]
        with pytest.raises(IllegalMoveError) as parsed:
            state.parse_move(move)
        assert (parsed.value.rule, parsed.value.reason, parsed.value.text, parsed.value.action) == (
            checked[0], checked[1], action_text(action), action)
    assert state.snapshot() == before and state.zobrist_hash() == key and state.ply == plies
    return str(caught.value.rule)

