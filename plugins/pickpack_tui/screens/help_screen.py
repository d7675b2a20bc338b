"""The help screen: the rules in brief, with their ids, and the keys live where ? was pressed."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Markdown

__all__ = ["HELP_TEXT", "HelpScreen", "live_keys"]

HELP_TEXT = """\
# Pick & Pack in brief

**Goal.** Fill your four crates with apple trays and score more than your opponent (PP-E3, PP-E4).

**Set-up.** Each player puts their 12 action tiles, two of each kind, on their 12 action
spaces, hidden from the other (PP-S3). Red's spaces are the column ends (`aT`..`fB`),
Blue's the row ends (`1L`..`6R`) (PP-C5). The grabber starts on the 6-apple tray (PP-S2).

**A move** (PP-M1). Red moves the grabber along its **row**, Blue along its **column**, to
another square:

- a **face-up tray**: grab it into one of your open crates with the fewest trays (PP-G1, PP-G2);
- an **empty** square: activate one of your unplayed tiles at an end of the line that
  crosses your axis there (Red: its column, Blue: its row) (PP-M2);
- never a **face-down** tray (PP-M3).

**Action tiles** (PP-A):

| tile | effect |
|---|---|
| `P` Premium | close one of your open crates as premium: 2 points per apple (PP-A1) |
| `W` Wholesale | close an opponent's open crate as wholesale: 1 point per 2 apples (PP-A2) |
| `R` Rush order | goes to your rush-order area (PP-A3) |
| `Q` Quality control | take the top tray of an opponent's crate into yours (PP-A4) |
| `X` Order mix-up | swap the top trays of an opponent's crate and one of yours (PP-A5) |
| `M` Malfunction | turn a tray on the grid face down, or an opponent's unplayed tile (PP-A6) |

A tile with no possible target may still be activated, without effect (PP-A7).

**Rush orders.** After a later move you may spend one to move again at once (PP-R1, PP-R2).

**End.** The game ends when a player has all four crates closed (PP-E1) or the player to
move has no legal move (PP-E2). Open crates score 1 point per apple (PP-E3); equal totals
draw (PP-E4). You see your own crates in full; the opponent's open crates as count and top
tray, their closed ones (covered by the Premium or Wholesale tile) as status and count only
(PP-V2). At the end the crates are scored openly (PP-E3): everything is shown.

"""


def _game_bindings(node: DOMNode) -> set[tuple[str, str]]:
    """(key, action) of the bindings ``node``'s classes in pickpack_tui declare
    (``BINDINGS``), not those Textual's own classes bring (focus, copy, palette)."""
    out: set[tuple[str, str]] = set()
    for cls in type(node).__mro__:
        if cls.__module__.split(".")[0] != "pickpack_tui":
            continue
        for binding in Binding.make_bindings(vars(cls).get("BINDINGS", [])):
            out.add((binding.key, binding.action))
    return out


def live_keys(app: App[Any], screen: Screen[Any]) -> list[tuple[str, str]]:
    """The game's keys that work now on ``screen``, as (keys, what they do) rows.

    Read from the screen's active bindings (focused widget, screen, app; the ones the
    app's ``check_action`` disables are left out), so the list cannot disagree with
    what a key does there. Only the bindings the game's own screens, widgets and app
    declare are listed: Textual's built-in ones (focus next/previous, copy text, the
    command palette) are not the game's. Each binding is described by its tooltip, else
    its description; keys doing the same thing share a row (``p / P``). Bindings
    without a description are internal and not listed.
    """
    rows: dict[str, list[str]] = {}
    own: dict[int, set[tuple[str, str]]] = {}
    for active in screen.active_bindings.values():
        binding = active.binding
        what = binding.tooltip or binding.description
        if not active.enabled or not what:
            continue
        declared = own.setdefault(id(active.node), _game_bindings(active.node))
        if (binding.key, binding.action) not in declared:
            continue
        key = app.get_key_display(binding)
        keys = rows.setdefault(what, [])
        if key not in keys:
            keys.append(key)
    return [(" / ".join(keys), what) for what, keys in rows.items()]


def _keys_markdown(rows: list[tuple[str, str]]) -> str:
    lines = ["# Keys here", "", "| key | what |", "|---|---|"]
    lines += [f"| `{keys}` | {what} |" for keys, what in rows]
    lines += ["", "The mouse works too: click a square, a tile, an option or a button."]
    return "\n".join(lines) + "\n"


class HelpScreen(ModalScreen[None]):
    """The rules summary (ids PP-...) and ``keys``, the rows of ``live_keys`` for the
    screen where help was asked for; Escape or ? closes it."""

    BINDINGS = [Binding("escape,question_mark,q", "close", "Close")]

    def __init__(self, keys: list[tuple[str, str]]) -> None:
        super().__init__()
        self.keys = keys

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Markdown(HELP_TEXT + "\n" + _keys_markdown(self.keys))
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-box").focus()

    def action_close(self) -> None:
        self.dismiss(None)
