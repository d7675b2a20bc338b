"""Counted words, so that a UI says "1 move", "3 moves"; names fitted to a column
(game-neutral, Textual-free: the shell and every game's face use it)."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size

__all__ = ["ELLIPSIS", "abbreviated", "counted"]

#: What ends a name cut to fit its column.
ELLIPSIS = "…"


def counted(n: int, word: str, plural: str | None = None) -> str:
    """``n`` and ``word`` in the right number: ``1 apple``, ``3 apples``, ``0 trays``."""
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def abbreviated(text: str, width: int) -> str:
    """``text`` in exactly ``width`` terminal cells (``width`` >= 1): padded with spaces
    when it fits, else cut and ended with ELLIPSIS, so a cut is visible:
    ``abbreviated("mcts:simulations=50", 14) == "mcts:simulati…"``. Whoever shows a
    cut name also shows it in full elsewhere (a tooltip; the help screen lists every
    seat in full)."""
    if cell_len(text) <= width:
        return set_cell_size(text, width)
    return set_cell_size(text, width - 1) + ELLIPSIS
