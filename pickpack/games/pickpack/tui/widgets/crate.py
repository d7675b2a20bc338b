"""One packing crate (PP-C3): status, tray count, and the trays its viewer may see (PP-V2)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widget import Widget

__all__ = ["CrateView"]

_STATUS = {"open": "open", "premium": "PREMIUM", "wholesale": "wholesale"}


class CrateView(Widget):
    """A crate on one line: ``2 open      ×3  2 5 3   = 10`` (trays bottom to top).

    ``show`` takes the crate as the viewer's observation gives it: the viewer's own
    crates carry ``trays`` (bottom to top) and are drawn in full; the opponent's carry
    only ``count`` and ``top`` (PP-V2), where ``top`` is None for a closed crate (its
    Premium or Wholesale tile covers it): then status and count only. CSS classes ``-open``, ``-premium``,
    ``-wholesale`` (PP-A1, PP-A2) and ``-last`` (changed by the last move).
    """

    def __init__(self, owner: str, index: int) -> None:
        super().__init__(id=f"crate-{owner}-{index + 1}", classes="crate")
        self.owner = owner
        self.index = index
        self.crate: dict[str, Any] = {"count": 0, "top": None, "status": "open"}
        self.points: int | None = None
        self._drawn: tuple[dict[str, Any], int | None, bool] | None = None

    def show(self, crate: dict[str, Any], points: int | None, *, last: bool = False) -> None:
        """Draw ``crate``; ``points`` (PP-E3) only where the viewer may know them."""
        if (crate, points, last) == self._drawn:
            return
        self._drawn = (crate, points, last)
        self.crate, self.points = crate, points
        for s in ("open", "premium", "wholesale"):
            self.set_class(crate["status"] == s, f"-{s}", update=False)
        self.set_class(last, "-last", update=False)
        self.update_node_styles()
        self.refresh()

    @property
    def count(self) -> int:
        """Number of trays in the crate."""
        crate = self.crate
        return len(crate["trays"]) if "trays" in crate else int(crate["count"])

    def render(self) -> Text:
        crate = self.crate
        line = Text(f"{self.index + 1} ", style="bold")
        line.append(f"{_STATUS[crate['status']]:<9} ", style="bold" if crate["status"] != "open" else "")
        line.append(f"×{self.count:<2} ")
        width = max(self.size.width, 24)
        if "trays" in crate:
            tail = f" ={self.points:>3}" if self.points is not None else ""
            stack = " ".join(str(a) for a in crate["trays"])
            room = width - len(line) - len(tail)
            if len(stack) > room:
                stack = "…" + stack[len(stack) - room + 1:]
            line.append(stack.ljust(room))
            line.append(tail, style="dim")
        elif crate["count"] and crate.get("top") is not None:
            line.append(f"top {crate['top']}")
        return line
