"""Counted words, so that the UI says "1 move", "3 moves"."""

from __future__ import annotations

__all__ = ["counted"]


def counted(n: int, word: str, plural: str | None = None) -> str:
    """``n`` and ``word`` in the right number: ``1 apple``, ``3 apples``, ``0 trays``."""
    return f"{n} {word if n == 1 else (plural or word + 's')}"
