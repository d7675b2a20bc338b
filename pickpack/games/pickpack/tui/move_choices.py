"""What a player still has to choose once a destination is picked.

A play-phase action integer (docs/engine.md, "Action integers") is
``6 + (dest*142 + detail)*2 + rush``. The legal actions that share a destination differ
only in the crate (PP-G2), the tile end (PP-M2), the target (PP-A1..A6) and the rush
order (PP-R1). ``Questions`` walks those parts in that order and asks only where the
legal actions still differ, so a player is never asked a question with one answer and
never offered an answer that no legal move has: the other answers are listed but
unavailable, with the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pickpack.games.pickpack.tui.board_geometry import (
    KIND_NAMES, SQUARES, opponent, space_name, space_of_end, square_name,
)
from pickpack.games.pickpack.encoding import DETAILS_PER_SQUARE, PLACEMENT_ACTIONS, TARGETS_PER_END
from pickpack.faces import Option, Question
from pickpack.wording import counted

__all__ = ["MoveParts", "Option", "Question", "Questions", "decode", "destinations"]

@dataclass(frozen=True)
class MoveParts:
    """One play-phase action split into what the player chooses.

    ``dest``: square 0..35; ``crate``: the own crate 0..3 that receives a grabbed tray
    (None for a tile move); ``end``: line end 0/1 of the activated tile (None for a
    grab); ``target``: 0..68 as in docs/engine.md (None for a grab); ``rush``: a rush
    order is spent after the move.
    """

    action: int
    dest: int
    crate: int | None
    end: int | None
    target: int | None
    rush: bool

    @property
    def is_grab(self) -> bool:
        """True for a grab (PP-G), False for a tile activation (PP-A)."""
        return self.crate is not None

    @property
    def target_crate(self) -> int | None:
        """Crate 0..3 of a Premium/Wholesale target (t = 1..4), else None."""
        t = self.target
        return t - 1 if t is not None and 1 <= t <= 4 else None

    @property
    def pair_from(self) -> int | None:
        """The opponent's crate 0..3 of a Quality control / Order mix-up (t = 5..20)."""
        t = self.target
        return (t - 5) // 4 if t is not None and 5 <= t <= 20 else None

    @property
    def pair_to(self) -> int | None:
        """The mover's own crate 0..3 of a Quality control / Order mix-up (t = 5..20)."""
        t = self.target
        return (t - 5) % 4 if t is not None and 5 <= t <= 20 else None

    @property
    def malfunction(self) -> tuple[str, int] | None:
        """("square", 0..35) or ("space", 0..11) for a Malfunction target (t = 21..68)."""
        t = self.target
        if t is None or t < 21:
            return None
        return ("square", t - 21) if t <= 56 else ("space", t - 57)


def decode(action: int) -> MoveParts:
    """Split a play-phase action integer (6..10229) into its parts.

    Raises ValueError for a placement decision (0..5) or an integer outside the space.
    """
    if not PLACEMENT_ACTIONS <= action < PLACEMENT_ACTIONS + 36 * DETAILS_PER_SQUARE * 2:
        raise ValueError(f"action {action} is not a play-phase move (6..10229)")
    rest, rush = divmod(action - PLACEMENT_ACTIONS, 2)
    dest, detail = divmod(rest, DETAILS_PER_SQUARE)
    if detail < 4:
        return MoveParts(action, dest, detail, None, None, bool(rush))
    end, target = divmod(detail - 4, TARGETS_PER_END)
    return MoveParts(action, dest, None, end, target, bool(rush))


def destinations(actions: Sequence[int]) -> set[int]:
    """The destination squares of the play-phase actions among ``actions``."""
    return {decode(a).dest for a in actions if a >= PLACEMENT_ACTIONS}


_Part = Callable[[MoveParts], Any]


class Questions:
    """The questions that remain between a destination and one legal action.

    ``obs`` is the mover's observation (``State.observation(mover)``), ``actions`` the
    legal actions at one destination. Call ``next()`` for the next Question (None when
    one action is left, then read ``action``) and ``answer(value)`` with the chosen
    option's value. Raises ValueError for an empty ``actions`` or an unavailable answer.
    """

    def __init__(self, obs: dict[str, Any], mover: str, actions: Sequence[int]) -> None:
        if not actions:
            raise ValueError("no legal action at this destination")
        self.obs = obs
        self.mover = mover
        self.other = opponent(mover)
        self.candidates = [decode(a) for a in actions]
        self._stage = 0

    @property
    def action(self) -> int | None:
        """The chosen action once the candidates have narrowed to one, else None."""
        return self.candidates[0].action if len(self.candidates) == 1 else None

    def _kind(self) -> str | None:
        ends = {p.end for p in self.candidates}
        if len(ends) != 1 or None in ends:
            return None
        space = space_of_end(self.mover, self.candidates[0].dest, ends.pop() or 0)
        kind: str | None = self.obs["tiles"][self.mover][space_name(self.mover, space)]["kind"]
        return kind

    def _stages(self) -> list[tuple[str, _Part, Callable[[set[Any]], Question]]]:
        return [
            ("crate", lambda p: p.crate, self._ask_grab_crate),
            ("end", lambda p: p.end, self._ask_end),
            ("target_crate", lambda p: p.target_crate, self._ask_target_crate),
            ("pair_from", lambda p: p.pair_from, self._ask_pair_from),
            ("pair_to", lambda p: p.pair_to, self._ask_pair_to),
            ("malfunction", lambda p: p.malfunction, self._ask_malfunction),
            ("rush", lambda p: p.rush, self._ask_rush),
        ]

    def next(self) -> Question | None:
        """The next question, or None once a single action remains."""
        stages = self._stages()
        while self._stage < len(stages) and len(self.candidates) > 1:
            key, part, ask = stages[self._stage]
            values = {part(p) for p in self.candidates}
            if len(values) > 1:
                return ask(values)
            self._stage += 1
        return None

    def answer(self, value: Any) -> None:
        """Keep the candidates whose part for the current question is ``value``."""
        key, part, _ = self._stages()[self._stage]
        kept = [p for p in self.candidates if part(p) == value]
        if not kept:
            raise ValueError(f"{value!r} is not an available answer to {key}")
        self.candidates = kept
        self._stage += 1

    # --- the questions -------------------------------------------------------------

    def _crate_label(self, owner: str, index: int) -> str:
        crate = self.obs["crates"][owner][index]
        if "trays" in crate:
            trays = crate["trays"]
            count, top = len(trays), (trays[-1] if trays else None)
        else:
            count, top = crate["count"], crate.get("top")
        content = "empty" if count == 0 else counted(count, "tray")
        if count and top is not None:         # None: a closed crate, covered by its tile (PP-V2)
            content += f", top {top}"
        return f"crate {index + 1} ({crate['status']}, {content})"

    def _crate_options(self, owner: str, values: set[Any], why: str) -> tuple[Option, ...]:
        out = []
        for c in range(4):
            status = self.obs["crates"][owner][c]["status"]
            reason = None if c in values else ("closed" if status != "open" else why)
            out.append(Option(self._crate_label(owner, c), c, reason))
        return tuple(out)

    def _ask_grab_crate(self, values: set[Any]) -> Question:
        dest = self.candidates[0].dest
        tray = self.obs["grid"][SQUARES[dest]]
        return Question(
            "crate", f"Which crate gets the {tray['apples']}-apple tray from {square_name(dest)}?",
            "PP-G2", self._crate_options(self.mover, values, "holds more trays"))

    def _ask_end(self, values: set[Any]) -> Question:
        dest = self.candidates[0].dest
        options = []
        for end in (0, 1):
            name = space_name(self.mover, space_of_end(self.mover, dest, end))
            tile = self.obs["tiles"][self.mover][name]
            kind = tile["kind"]
            label = f"{name}: {KIND_NAMES.get(kind, '?')} ({kind})"
            options.append(Option(label, end, None if end in values else tile["status"]))
        return Question("end", f"Which tile do you activate for {square_name(dest)}?", "PP-M2",
                        tuple(options))

    def _ask_target_crate(self, values: set[Any]) -> Question:
        if self._kind() == "W":
            return Question("target_crate", f"Close which of {self.other.title()}'s crates as wholesale?",
                            "PP-A2", self._crate_options(self.other, values, "not a target"))
        return Question("target_crate", "Close which of your crates as premium?", "PP-A1",
                        self._crate_options(self.mover, values, "not a target"))

    def _ask_pair_from(self, values: set[Any]) -> Question:
        if self._kind() == "X":
            title, rule = f"Swap the top tray of which of {self.other.title()}'s crates?", "PP-A5"
        else:
            title, rule = f"Take the top tray of which of {self.other.title()}'s crates?", "PP-A4"
        return Question("pair_from", title, rule, self._crate_options(self.other, values, "empty"))

    def _ask_pair_to(self, values: set[Any]) -> Question:
        if self._kind() == "X":
            return Question("pair_to", "...with the top tray of which of your crates?", "PP-A5",
                            self._crate_options(self.mover, values, "empty"))
        return Question("pair_to", "Put it on which of your crates?", "PP-A4",
                        self._crate_options(self.mover, values, "holds more trays"))

    def _ask_malfunction(self, values: set[Any]) -> Question:
        options = []
        for what, index in sorted(values, key=lambda v: (v[0] != "square", v[1])):
            if what == "square":
                tray = self.obs["grid"][SQUARES[index]]
                options.append(Option(f"tray on {SQUARES[index]} ({counted(tray['apples'], 'apple')})",
                                      (what, index)))
            else:
                name = space_name(self.other, index)
                kind = self.obs["tiles"][self.other][name]["kind"]
                options.append(Option(f"{self.other.title()}'s tile {name}: {KIND_NAMES.get(kind, '?')}",
                                      (what, index)))
        kinds = {what for what, _ in values}
        which = "which tray or tile" if len(kinds) == 2 else \
            "which tray" if kinds == {"square"} else f"which of {self.other.title()}'s tiles"
        return Question("malfunction", f"Malfunction: {which} do you turn face down?", "PP-A6",
                        tuple(options))

    def _ask_rush(self, values: set[Any]) -> Question:
        waiting = self.obs["rush"][self.mover]
        return Question("rush", "Spend a rush order and move again at once?", "PP-R1", (
            Option("No, end my turn", False),
            Option(f"Yes, spend a rush order ({waiting} waiting)", True),
        ))
