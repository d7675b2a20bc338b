"""A person's move, picked on the board: what is still open and which cells are marked.

A move (PA-M): pick one of your chevrons, then its destination (the marked cells: the
landing cells of its legal moves, ``State.move_actions()`` decoded with
``encoding.decode_action``); then only the choices on which the legal actions from
there to there still differ, in this order: connection change or crossing benefit
(PA-J1, a list question), the crossing cell (PA-B1/PA-B2, on the board), the meeting
cell (PA-T1, on the board). A reorientation (PA-O1): pick the chevron, the new
direction (a list question), then the 2 or 4 cells to free (on the board). Either way
the result's move text is shown (stage ``confirm``) before it is played.

The picker holds no rules: the choices are the engine's legal actions, and why a cell
cannot be chosen is the engine's ``check_action`` (rule, reason) of the move it would
make. Only the reorientation's freed cells are not enumerated (a player with 40 free
cells has C(40, 4) = 91,390 ways per direction): the candidates are the mover's
unoccupied cells, and every refusal is again ``check_action``'s.
"""

from __future__ import annotations

from typing import Literal

from pickpack.games.pacru.encoding import (DELTAS, DIRECTIONS, Action, cell_text, decode_action, encode_move,
                                           encode_reorient, step)
from pickpack.games.pacru.tui.view import PacruState
from pickpack.games.pacru.tui.wording import ARROWS, seat_title
from pickpack.faces import Option, Question

__all__ = ["Picker", "Stage"]

Stage = Literal["chevron", "destination", "connection", "crossing", "meeting", "direction", "freed", "confirm"]

#: The choices after a destination, in the order they are asked (the move text's order).
_MOVE_STAGES: tuple[Stage, ...] = ("connection", "crossing", "meeting")
#: New directions offered for a reorientation, as offsets from the chevron's direction.
_TURNS = (-1, 1, -2, 2)


def _part(stage: Stage, a: Action) -> int | bool:
    if stage == "connection":
        return a.connection
    return a.crossing if stage == "crossing" else a.meeting


def _names(cells: set[int] | list[int]) -> str:
    return " ".join(cell_text(c) for c in sorted(cells))


class Picker:
    """The choices of the seat to move in ``state`` (not changed), one stage at a time.

    ``stage`` says what is asked: ``chevron``, ``destination``, ``crossing``,
    ``meeting``, ``freed`` are answered with a cell (``choose``), ``connection`` and
    ``direction`` with a list (``question``/``answer``), ``confirm`` holds the complete
    ``action``. ``back()`` undoes the last choice. ValueError from ``answer`` for a value
    the question does not offer; ``choose`` returns a refusal (``e1-e5: PA-M2: ...``)
    instead of raising.
    """

    def __init__(self, state: PacruState) -> None:
        self.state = state
        self.seat = state.turn
        self.moves = [(a, decode_action(a)) for a in state.move_actions()]
        self.movable = {d.cell for _, d in self.moves}
        self.stage: Stage = "chevron"
        self.origin = -1
        self.dest = -1
        self.chosen: list[tuple[Stage, int | bool]] = []
        self.candidates: list[tuple[int, Action]] = []
        self.direction = -1
        self.freed: list[int] = []
        self.need = 0

    # --- what is shown -------------------------------------------------------------

    @property
    def action(self) -> int | None:
        """The complete action at stage ``confirm``, else None."""
        if self.stage != "confirm":
            return None
        if self.direction >= 0:
            return encode_reorient(self.origin, self.direction, self.freed)
        return self.candidates[0][0]

    def free_cells(self) -> list[int]:
        """The mover's cells with no chevron (candidates to free, PA-O1), ascending."""
        return [c for c in range(81) if self.state.colour(c) == self.seat and self.state.chevron(c) is None]

    def marks(self) -> set[int]:
        """The cells open to choose at this stage (none for a list question or confirm)."""
        if self.stage == "chevron":
            return set(self.movable)
        if self.stage == "destination":
            return {d.to for _, d in self.moves if d.cell == self.origin}
        if self.stage in ("crossing", "meeting"):
            return {int(_part(self.stage, d)) for _, d in self.candidates}
        if self.stage == "freed":
            return set(self.free_cells()) - set(self.freed)
        return set()

    def text(self) -> str:
        """The move text so far (``e1-e4``, ``e1-e4[conn``...), complete at confirm."""
        action = self.action
        if action is not None:
            return self.state.action_text(action)
        if self.origin < 0:
            return ""
        if self.direction >= 0:
            freed = ",".join(cell_text(c) for c in sorted(self.freed))
            return f"{cell_text(self.origin)}>{DIRECTIONS[self.direction]}" + (f"[{freed}" if freed else "")
        if self.dest < 0:
            return cell_text(self.origin)
        pincer = self.candidates[0][1].pincer if self.candidates else False
        items = ["conn" if v is True else f"*{cell_text(int(v))}" if s == "meeting" else cell_text(int(v))
                 for s, v in self.chosen if v is not False and v != -1]
        tail = f"[{','.join(items)}" if items else ""
        return f"{cell_text(self.origin)}{'x' if pincer else '-'}{cell_text(self.dest)}{tail}"

    def prompt(self) -> str:
        """What to do now, in one or two lines."""
        marks = self.marks()
        who = seat_title(self.state.players, self.seat)
        if self.stage == "chevron":
            return f"{who}: choose a chevron to move ({_names(marks)}); o: turn the one under the cursor"
        if self.stage == "destination":
            return (f"{self.text()} (power {self.state.power(self.origin)}): choose where it goes: "
                    f"{_names(marks)} · o: turn it · Esc: back")
        if self.stage == "crossing":
            return (f"{self.text()}: border crossing (PA-B1): choose the cell you colour: {_names(marks)}"
                    " · Esc: back")
        if self.stage == "meeting":
            shown = _names(marks) if len(marks) <= 12 else f"{len(marks)} marked cells"
            return f"{self.text()}: meeting (PA-T1): choose a cell you colour: {shown} · Esc: back"
        if self.stage == "freed":
            return (f"{self.text()}: choose {self.need - len(self.freed)} more of your cells to free (PA-O1)"
                    " · Esc: back")
        if self.stage == "confirm":
            return f"Play {self.text()}? Enter: play · Esc: back"
        return f"{self.text()}: answer the question"

    # --- list questions ----------------------------------------------------------------

    def question(self) -> Question | None:
        """The list question of stage ``connection`` or ``direction``, else None."""
        if self.stage == "connection":
            path = self.candidates[0][1].distance - 1
            return Question("connection", f"{self.text()} is a connection and a border crossing: which "
                            "benefit do you take?", "PA-J1: one or the other, not both", (
                                Option(f"Connection change: the {path} cell{'s' * (path != 1)} between "
                                       "become yours", True),
                                Option("Crossing benefit (PA-B1): a cell of the new borderland", False)))
        if self.stage == "direction":
            return self._direction_question()
        return None

    def _sample_freed(self, direction: int, cell: int | None = None) -> list[int]:
        """``need`` cells to free for a check: ``cell`` first, then the mover's free
        cells, then any others (the engine then names the first that is not allowed)."""
        need = 2 if abs(self._turn(direction)) == 1 else 4
        pool = ([cell] if cell is not None else []) + self.free_cells() + list(range(81))
        out: list[int] = []
        for c in pool:
            if c not in out:
                out.append(c)
        return out[:need]

    def _turn(self, direction: int) -> int:
        chevron = self.state.chevron(self.origin)
        assert chevron is not None
        return (direction - chevron[1] + 4) % 8 - 4

    def _direction_options(self) -> list[Option]:
        chevron = self.state.chevron(self.origin)
        assert chevron is not None
        options = []
        free = len(self.free_cells())
        for turn in _TURNS:
            nd = (chevron[1] + turn) % 8
            freed = 2 if abs(turn) == 1 else 4
            label = f"{ARROWS[nd]} {DIRECTIONS[nd]}: {45 * abs(turn)} degrees, free {freed} cells"
            if free < freed:
                why: str | None = f"PA-O1: you have {free} unoccupied cell{'s' * (free != 1)} of your colour"
            else:
                problem = self.state.check_action(encode_reorient(self.origin, nd, self._sample_freed(nd)))
                why = None if problem is None else f"{problem[0]}: {problem[1]}"
            options.append(Option(label, nd, why))
        return options

    def _direction_question(self) -> Question:
        chevron = self.state.chevron(self.origin)
        assert chevron is not None
        return Question("direction", f"Turn the chevron on {cell_text(self.origin)} "
                        f"({ARROWS[chevron[1]]}{DIRECTIONS[chevron[1]]}) to which direction?",
                        "PA-O1: 45 degrees frees 2 of your cells, 90 degrees 4", tuple(self._direction_options()))

    def answer(self, value: int | bool) -> None:
        """Answer the list question of this stage with an option's ``value``. ValueError
        for a value it does not offer (or offers as unavailable), or at another stage."""
        question = self.question()
        if question is None:
            raise ValueError(f"no question to answer at stage {self.stage}")
        if not any(o.value == value and o.unavailable is None for o in question.options):
            raise ValueError(f"{value!r} is not an available answer to {question.key}")
        if self.stage == "direction":
            self.direction = int(value)
            self.need = 2 if abs(self._turn(self.direction)) == 1 else 4
            self.freed = []
            self.stage = "freed"
            return
        self._keep(self.stage, value)

    # --- cells -----------------------------------------------------------------------------

    def choose(self, cell: int) -> str | None:
        """A cell was chosen (Enter on the cursor, or a click). None when it was taken,
        else why not (the engine's rule and reason where a move is concerned)."""
        if not 0 <= cell < 81:
            raise ValueError(f"no cell {cell}")
        if self.stage == "chevron":
            return self._choose_chevron(cell)
        if self.stage == "destination":
            return self._choose_destination(cell)
        if self.stage in ("crossing", "meeting"):
            if cell not in self.marks():
                rule = "PA-B1" if self.stage == "crossing" else "PA-T1"
                return f"{cell_text(cell)}: {rule}: not one of the marked cells ({_names(self.marks())})"
            self._keep(self.stage, cell)
            return None
        if self.stage == "freed":
            return self._choose_freed(cell)
        return None

    def _why_move(self, cell: int, direction: int, distance: int, pincer: bool = False,
                  text: str | None = None) -> str:
        """``text``: the engine's reason for the move (``text`` default: its cells, ``e1-e3``)."""
        text = text if text is not None else f"{cell_text(cell)}-{cell_text(step(cell, direction, distance))}"
        problem = self.state.check_action(encode_move(cell, direction, distance, pincer=pincer))
        if problem is None:
            return f"{text}: choose one of the marked cells"
        return f"{text}: {problem[0]}: {problem[1]}"

    def _choose_chevron(self, cell: int) -> str | None:
        if cell in self.movable:
            self.origin, self.stage = cell, "destination"
            return None
        chevron = self.state.chevron(cell)
        ways = [(chevron[1] + t) % 8 for t in (0, -1, 1)] if chevron is not None and chevron[0] == self.seat \
            else list(range(8))
        on_board = [d for d in ways if step(cell, d) >= 0]
        if not on_board:
            return f"{cell_text(cell)}: PA-M1: every move of this chevron leaves the board"
        direction = on_board[0]
        target = step(cell, direction)
        enemy = self.state.chevron(target)
        own = chevron is not None and chevron[0] == self.seat
        return self._why_move(cell, direction, 1, pincer=enemy is not None and enemy[0] != self.seat,
                              text=None if own else cell_text(cell))

    def _choose_destination(self, cell: int) -> str | None:
        if cell == self.origin:
            self.back()
            return None
        if cell in self.marks():
            self.dest = cell
            self.candidates = [(a, d) for a, d in self.moves if d.cell == self.origin and d.to == cell]
            self._advance(0)
            return None
        if cell in self.movable:
            self.origin = cell
            return None
        dc, dr = cell % 9 - self.origin % 9, cell // 9 - self.origin // 9
        if dc != 0 and dr != 0 and abs(dc) != abs(dr):
            return f"{cell_text(self.origin)}-{cell_text(cell)}: PA-M1: a chevron moves in a straight line"
        direction = DELTAS.index(((dc > 0) - (dc < 0), (dr > 0) - (dr < 0)))
        enemy = self.state.chevron(cell)
        return self._why_move(self.origin, direction, max(abs(dc), abs(dr)),
                              pincer=enemy is not None and enemy[0] != self.seat)

    def _choose_freed(self, cell: int) -> str | None:
        if cell in self.freed:
            self.freed.remove(cell)
            return None
        problem = self.state.check_action(encode_reorient(self.origin, self.direction,
                                                          self._sample_freed(self.direction, cell)))
        if cell not in self.marks() or (problem is not None and cell_text(cell) in problem[1]):
            reason = f"{problem[0]}: {problem[1]}" if problem is not None else "PA-O1: not a cell you may free"
            return f"{cell_text(cell)}: {reason}"
        self.freed.append(cell)
        if len(self.freed) == self.need:
            self.stage = "confirm"
        return None

    def start_reorient(self, cell: int) -> str | None:
        """Turn the chevron on ``cell`` (PA-O1): on to stage ``direction`` and None, or
        why not (the engine's check of a turn by 45 degrees, or of every new direction)."""
        chevron = self.state.chevron(cell)
        if chevron is None or chevron[0] != self.seat:
            problem = self.state.check_action(encode_reorient(cell, 1, [c for c in range(81) if c != cell][:2]))
            reason = f"{problem[0]}: {problem[1]}" if problem is not None else "PA-O1: not your chevron"
            return f"{cell_text(cell)}: {reason}"
        self.reset()
        self.origin = cell
        options = self._direction_options()
        if all(o.unavailable is not None for o in options):
            self.reset()
            return f"{cell_text(cell)} cannot turn: {options[0].unavailable}"
        self.stage = "direction"
        return None

    # --- narrowing and going back -----------------------------------------------------

    def _keep(self, stage: Stage, value: int | bool) -> None:
        self.chosen.append((stage, value))
        self.candidates = [(a, d) for a, d in self.candidates if _part(stage, d) == value]
        self._advance(_MOVE_STAGES.index(stage) + 1)

    def _advance(self, start: int) -> None:
        """On to the first stage from ``start`` where the candidates differ, else confirm."""
        for stage in _MOVE_STAGES[start:]:
            if len({_part(stage, d) for _, d in self.candidates}) > 1:
                self.stage = stage
                return
        self.stage = "confirm"

    def reset(self) -> None:
        """Back to the start: choose a chevron."""
        self.stage, self.origin, self.dest, self.direction, self.need = "chevron", -1, -1, -1, 0
        self.chosen, self.candidates, self.freed = [], [], []

    def back(self) -> bool:
        """Undo the last choice (Esc). False when there was none."""
        if self.stage == "chevron":
            return False
        if self.direction >= 0:
            if self.freed:
                self.freed.pop()
                self.stage = "freed"
            else:
                self.reset()
            return True
        if self.chosen:
            stage, _ = self.chosen.pop()
            self.candidates = [(a, d) for a, d in self.moves if d.cell == self.origin and d.to == self.dest]
            for s, v in self.chosen:
                self.candidates = [(a, d) for a, d in self.candidates if _part(s, d) == v]
            self.stage = stage
            return True
        if self.dest >= 0:
            self.dest, self.candidates, self.stage = -1, [], "destination"
            return True
        self.reset()
        return True
