"""PACRU's texts for the board screen: arrows, what is on a cell, the turn line and
why the game ended (PA-E2, PA-E3).

    >>> ARROWS[0], ARROWS[3], seat_letter(1)
    ('↑', '↘', 'B')
    >>> end_reason([30, 42], [0, 1], 42, [1])
    'North reached the target of 42 cells (PA-E2)'
    >>> end_reason([10, 7, 3], [0], 28, [0])
    'North is the last player with chevrons (PA-E2)'
    >>> end_reason([10, 10], [0, 1], 42, [0, 1], ("south", "north"))
    'the ply cap was reached: South and North have the most cells (PA-E3)'
"""

from __future__ import annotations

from collections.abc import Sequence

from pickpack.games.pacru.encoding import COLOUR_LETTERS, DIRECTIONS, SEAT_NAMES, borderland, cell_text

from pickpack.games.pacru.tui.view import PacruState

__all__ = ["ARROWS", "cell_words", "end_reason", "result_line", "seat_letter", "seat_title"]

#: One arrow per direction 0..7 (N NE E SE S SW W NW, PA-C3).
ARROWS = ("↑", "↗", "→", "↘", "↓", "↙", "←", "↖")


def seat_letter(seat: int) -> str:
    """The colour letter ``A``..``D`` of seat 0..3 (the snapshot's board letters)."""
    return COLOUR_LETTERS[seat]


def seat_title(players: Sequence[str], seat: int) -> str:
    """The seat's name with a capital (``South``)."""
    return players[seat].title()


def _names(players: Sequence[str], seats: Sequence[int]) -> str:
    return " and ".join(seat_title(players, s) for s in seats)


def end_reason(counts: Sequence[int], in_game: Sequence[int], target: int, winners: Sequence[int],
               players: Sequence[str] | None = None) -> str:
    """Why the game ended, in the order the rules check it: a seat's ``counts`` reached
    ``target`` (PA-E2), one seat or none still has chevrons (``in_game``, the seats with
    chevrons; PA-E2), else the ply cap (PA-E3). ``players`` default: the seat names of
    ``len(counts)`` players. ValueError for a count of seats outside 2..4."""
    names = tuple(players) if players is not None else SEAT_NAMES.get(len(counts))
    if names is None:
        raise ValueError(f"{len(counts)} seats: PACRU has 2 to 4")
    reached = [s for s, c in enumerate(counts) if c >= target]
    if reached:
        return f"{_names(names, reached)} reached the target of {target} cells (PA-E2)"
    if len(in_game) <= 1:
        if not in_game:
            return "no player has chevrons left (PA-E2)"
        return f"{_names(names, in_game)} is the last player with chevrons (PA-E2)"
    return f"the ply cap was reached: {_names(names, winners)} {'has' if len(winners) == 1 else 'have'} " \
        "the most cells (PA-E3)"


def result_line(state: PacruState) -> str:
    """``South wins: ...`` or ``South and North share the win: ...`` with end_reason."""
    players = tuple(state.players)
    winners = state.winning_seats()
    n = len(players)
    reason = end_reason([state.cells(s) for s in range(n)], [s for s in range(n) if state.in_game(s)],
                        state.target, winners, players)
    if len(winners) == 1:
        return f"{seat_title(players, winners[0])} wins: {reason}"
    return f"{_names(players, winners)} share the win: {reason}"


def cell_words(state: PacruState, cell: int) -> str:
    """What is on ``cell`` (``e1: South's chevron ↑N on a neutral cell, power 1 (PA-M2),
    attacks e5``; ``d4: North's cell, borderland 4``), so the cursor is told by more
    than its colour."""
    players = tuple(state.players)
    colour = state.colour(cell)
    ground = "a neutral cell" if colour < 0 else f"a cell of {seat_title(players, colour)}"
    chevron = state.chevron(cell)
    if chevron is None:
        what = "neutral" if colour < 0 else f"{seat_title(players, colour)}'s cell"
        return f"{cell_text(cell)}: {what}, borderland {borderland(cell)}"
    seat, direction = chevron
    attacked = state.attacks(cell)
    attacks = ", attacks " + " ".join(cell_text(c) for c in attacked) if attacked else ""
    return (f"{cell_text(cell)}: {seat_title(players, seat)}'s chevron {ARROWS[direction]}{DIRECTIONS[direction]}"
            f" on {ground}, power {state.power(cell)} (PA-M2){attacks}")
