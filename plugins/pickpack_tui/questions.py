"""A question the shell asks a person (ChoiceScreen): its options, some unavailable.

Game-neutral: a face builds Questions for the parts of a move (Pick & Pack: crate, tile
end, target, rush order); the fallback face asks one Question listing the legal moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Option", "Question"]


@dataclass(frozen=True)
class Option:
    """One answer: its label, the value it stands for, and why it is unavailable."""

    label: str
    value: Any
    unavailable: str | None = None


@dataclass(frozen=True)
class Question:
    """A question the mover must answer: ``key`` names the part, ``rule`` the rule id
    (or any one-line note shown under the list)."""

    key: str
    title: str
    rule: str
    options: tuple[Option, ...]
