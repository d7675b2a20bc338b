"""Test helper: Pig (examples/thirdparty-game) with one broken protocol promise each,
for the load check (pickpack.game_check) and the commands that refuse such a game.

``BROKEN`` maps a fault's name to the Game; each is Pig with its state class replaced
by a subclass breaking one promise. ``BAD_DIE_SOURCE`` is a module defining the first
one, ``badpig``, for an installed distribution (tests.support.plugin_dist).
"""

from __future__ import annotations

import dataclasses
import functools
import sys
import threading
from fractions import Fraction
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "thirdparty-game"))

from pickpack_pig import GAME as PIG, PigState  # noqa: E402

__all__ = ["BAD_DIE_SOURCE", "BROKEN", "PIG", "UNSENDABLE"]


class _BadDie(PigState):
    """Face 1 has probability 1/6 - 1/1000: the faces sum to 999/1000 (the instance)."""

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        out = super().chance_outcomes()
        if out:
            out[0] = (out[0][0], out[0][1] - Fraction(1, 1000))
        return out


class _FloatDie(PigState):
    """Probabilities as floats, not exact Fractions."""

    def chance_outcomes(self) -> list[tuple[int, Any]]:
        return [(a, float(p)) for a, p in super().chance_outcomes()]


class _ZeroFace(PigState):
    """Six faces listed, face 6 with probability 0, the others 1/5 (sum 1)."""

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        out = super().chance_outcomes()
        return [(a, Fraction(1, 5) if a < 5 else Fraction(0)) for a, _ in out]


class _SeventhFace(PigState):
    """A seventh outcome (6) outside max_chance_outcomes 6."""

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        out = super().chance_outcomes()
        return [(a, Fraction(1, 7)) for a, _ in out] + [(6, Fraction(1, 7))] if out else []


class _HiddenFace(PigState):
    """legal_actions() at a chance node lists only 5 of the 6 outcomes."""

    def legal_actions(self) -> list[int]:
        actions = super().legal_actions()
        return actions[:-1] if self.is_chance_node() else actions


class _RaisingDie(PigState):
    """The game's own code fails at the first chance node."""

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        if self.is_chance_node():
            raise KeyError("face")
        return []


class _LockedScores(PigState):
    """Scores holding a lock: a result that cannot leave a worker process."""

    def scores(self) -> dict[str, Any]:
        return {name: threading.Lock() for name in self.players}


def _build(state_class: type[PigState], players: int, seed: int | None, *, target: int) -> PigState:
    return state_class(players, target)


def _with(state_class: type[PigState], name: str) -> Any:
    """Pig with states of ``state_class``; it pickles (a partial of module-level parts)."""
    return dataclasses.replace(PIG, name=name, factory=functools.partial(_build, state_class))


BROKEN = {name: _with(cls, name) for name, cls in (
    ("baddie", _BadDie), ("floatdie", _FloatDie), ("zeroface", _ZeroFace),
    ("seventhface", _SeventhFace), ("hiddenface", _HiddenFace), ("raisingdie", _RaisingDie))}

#: Pig whose scores do not pickle (a lock): fine in one process, not from a worker.
UNSENDABLE = _with(_LockedScores, "lockedpig")

BAD_DIE_SOURCE = '''
import dataclasses
from fractions import Fraction
from pickpack_pig import GAME as PIG, PigState

class BadDie(PigState):
    def chance_outcomes(self):
        out = super().chance_outcomes()
        if out:
            out[0] = (out[0][0], out[0][1] - Fraction(1, 1000))
        return out

def factory(players, seed, *, target):
    return BadDie(players, target)

GAME = dataclasses.replace(PIG, name="badpig", factory=factory)
'''
