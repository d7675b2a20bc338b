"""Pig's position as data: the one-line position string and the snapshot, both read
into a ``Position`` and checked here (README.md, "Position string").

The string has five fields separated by single spaces::

    TARGET BANKED TO-MOVE TURN-TOTAL PLY        e.g.  100 12,40,0 2r 7 57

TARGET the target score; BANKED each seat's banked points, comma-separated, in seat
order (their count is the player count); TO-MOVE the deciding seat numbered from 1
(``2``), the same with ``r`` once that player has rolled and the die's outcome is
next (a chance node, ``2r``), or ``-`` once the game is over; TURN-TOTAL the points
of the current turn; PLY the actions played since the start (for the cap, PIG-8).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from pickpack import PositionError

from pickpack_pig.rules import MAX_GAME_LENGTH, MAX_PLAYERS, MIN_PLAYERS, check_target

__all__ = ["FIELDS", "Position", "format_position", "parse_position", "position_from_snapshot"]

#: The fields of the position string, in order.
FIELDS = ("target", "banked", "to_move", "turn_total", "ply")


class Position(NamedTuple):
    """A Pig position: ``seat`` is the seat to decide or roll (None once over),
    ``rolling`` True at the chance node after a roll."""

    target: int
    banked: tuple[int, ...]
    seat: int | None
    rolling: bool
    turn_total: int
    ply: int


def problem(pos: Position) -> tuple[str, str] | None:
    """None if ``pos`` can arise in a game, else ``(field, reason)``."""
    reason = check_target(pos.target)
    if reason is not None:
        return "target", f"target {reason} (PIG-1)"
    n = len(pos.banked)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        return "banked", f"{n} players; Pig has {MIN_PLAYERS}..{MAX_PLAYERS} (PIG-1)"
    if any(b < 0 for b in pos.banked):
        return "banked", "banked points cannot be negative"
    reached = [i for i, b in enumerate(pos.banked) if b >= pos.target]
    if len(reached) > 1:
        return "banked", "two players reached the target; the first to do so ended the game (PIG-7)"
    if not 0 <= pos.ply <= MAX_GAME_LENGTH:
        return "ply", f"ply must be 0..{MAX_GAME_LENGTH} (PIG-8)"
    over = bool(reached) or pos.ply == MAX_GAME_LENGTH
    if over != (pos.seat is None):
        return "to_move", ("the game is over, so nobody is to move (PIG-7, PIG-8)" if over
                           else "the game is not over, so a seat must be to move")
    if pos.seat is not None and not 0 <= pos.seat < n:
        return "to_move", f"seat {pos.seat + 1} does not exist in a {n}-player game"
    if pos.turn_total < 0 or pos.turn_total == 1:
        return "turn_total", "a turn total is 0 or the sum of die faces 2..6 (PIG-5)"
    if over and pos.rolling:
        return "to_move", "no die is rolling once the game is over (PIG-7, PIG-8)"
    if over and pos.turn_total != 0:
        return "turn_total", "the turn total is 0 once the game is over (PIG-7, PIG-8)"
    if pos.ply == 0 and (any(pos.banked) or pos.turn_total or pos.seat != 0 or pos.rolling):
        return "ply", "at ply 0 every score is 0 and p1 is to move (PIG-1)"
    return None


def _int(text: str, field: str, column: int) -> int:
    if not text.isdigit() or (len(text) > 1 and text[0] == "0"):
        raise PositionError(field, column, f"{text!r} is not a non-negative integer")
    return int(text)


def parse_position(text: str) -> Position:
    """The Position ``text`` describes. Raises PositionError naming the field and the
    1-based column of the first problem, TypeError if ``text`` is not a str."""
    if not isinstance(text, str):
        raise TypeError(f"a position string must be a str, not {type(text).__name__}")
    parts = text.split(" ")
    columns = [1]
    for part in parts[:-1]:
        columns.append(columns[-1] + len(part) + 1)
    if len(parts) != len(FIELDS) or "" in parts:
        raise PositionError("target", 1, f"expected {len(FIELDS)} fields separated by single spaces "
                            f"({' '.join(FIELDS)}), got {text!r}")
    col = dict(zip(FIELDS, columns))
    target = _int(parts[0], "target", col["target"])
    banked: list[int] = []
    offset = col["banked"]
    for item in parts[1].split(","):
        banked.append(_int(item, "banked", offset))
        offset += len(item) + 1
    move = parts[2]
    seat: int | None
    if move == "-":
        seat, rolling = None, False
    else:
        rolling = move.endswith("r")
        digits = move[:-1] if rolling else move
        if not digits.isdigit() or digits.startswith("0"):
            raise PositionError("to_move", col["to_move"], f"{move!r} is not a seat (1, 2, ...), "
                                "a seat with r (rolled) or -")
        seat = int(digits) - 1
    pos = Position(target, tuple(banked), seat, rolling, _int(parts[3], "turn_total", col["turn_total"]),
                   _int(parts[4], "ply", col["ply"]))
    found = problem(pos)
    if found is not None:
        field, reason = found
        raise PositionError(field, col[field], reason)
    return pos


def format_position(pos: Position) -> str:
    """The position string of ``pos`` (inverse of parse_position)."""
    move = "-" if pos.seat is None else f"{pos.seat + 1}{'r' if pos.rolling else ''}"
    return f"{pos.target} {','.join(map(str, pos.banked))} {move} {pos.turn_total} {pos.ply}"


def position_from_snapshot(snap: Mapping[str, Any]) -> tuple[tuple[str, ...], Position]:
    """The player names and Position of a snapshot (see PigState.snapshot).

    Raises ValueError naming the key of the first problem.
    """
    if not isinstance(snap, Mapping):
        raise TypeError(f"a snapshot must be a mapping, not {type(snap).__name__}")
    keys = {"game", "players", "target", "banked", "to_move", "rolling", "turn_total", "ply"}
    if set(snap) != keys:
        raise ValueError(f"snapshot keys must be {', '.join(sorted(keys))}; got {', '.join(sorted(snap))}")
    if snap["game"] != "pig":
        raise ValueError(f"snapshot['game'] must be 'pig', not {snap['game']!r}")
    players = snap["players"]
    banked = snap["banked"]
    if (not isinstance(players, list | tuple) or not all(isinstance(p, str) for p in players)
            or len(set(players)) != len(players)):
        raise ValueError("snapshot['players'] must be a list of distinct names")
    if not isinstance(banked, list | tuple) or len(banked) != len(players):
        raise ValueError("snapshot['banked'] must hold one int per player")
    numbers = {name: snap[name] for name in ("target", "turn_total", "ply")}
    numbers.update((f"banked[{i}]", value) for i, value in enumerate(banked))
    for name, value in numbers.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"snapshot[{name!r}] must be an int, not {type(value).__name__}")
    to_move = snap["to_move"]
    if to_move is not None and to_move not in players:
        raise ValueError(f"snapshot['to_move'] must be a player name or None, not {to_move!r}")
    if not isinstance(snap["rolling"], bool):
        raise ValueError("snapshot['rolling'] must be a bool")
    pos = Position(snap["target"], tuple(banked), None if to_move is None else list(players).index(to_move),
                   snap["rolling"], snap["turn_total"], snap["ply"])
    found = problem(pos)
    if found is not None:
        field, reason = found
        raise ValueError(f"snapshot[{field!r}]: {reason}")
    return tuple(players), pos
