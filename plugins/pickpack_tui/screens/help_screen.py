"""The help screen: the game's rules in brief (its face's markdown) and the keys live where
? was pressed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets import Markdown

from pickpack.face_kit import KeyFooter

__all__ = ["HelpScreen", "live_keys"]



def _game_bindings(node: DOMNode) -> set[tuple[str, str]]:
    """(key, action) of the bindings ``node``'s own classes declare (``BINDINGS``: the
    shell's and the faces'), not those Textual's own classes bring (focus, copy, palette)."""
    out: set[tuple[str, str]] = set()
    for cls in type(node).__mro__:
        if cls.__module__.split(".")[0] in ("textual", "builtins"):
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


def _cell(text: str) -> str:
    """``text`` as a markdown table cell (its ``|`` escaped)."""
    return text.replace("|", "\\|")


def _keys_markdown(rows: Sequence[tuple[str, str]], seats: Sequence[tuple[str, str]]) -> str:
    """The keys table, then (when ``seats`` is not empty) who plays each seat, in full.
    Game-neutral words only: what a click chooses is the face's to say (its rules)."""
    lines = ["# Keys here", "", "| key | what |", "|---|---|"]
    lines += [f"| `{keys}` | {what} |" for keys, what in rows]
    lines += ["", "A click on a key in the footer presses it."]
    if seats:
        lines += ["", "# Seats", "", "| seat | played by |", "|---|---|"]
        lines += [f"| {_cell(seat)} | `{who}` |" for seat, who in seats]
    return "\n".join(lines) + "\n"


class HelpScreen(ModalScreen[None]):
    """``rules`` (the face's markdown: the rules in brief, with their ids, and what the
    mouse does there), ``keys``, the rows of ``live_keys`` for the screen where help was
    asked for, and ``seats``, (seat, who plays it) rows with every name in full (the
    board may abbreviate them); Escape or ? closes it."""

    BINDINGS = [Binding("escape,question_mark,q", "close", "Close")]

    def __init__(self, rules: str, keys: list[tuple[str, str]],
                 seats: Sequence[tuple[str, str]] = ()) -> None:
        super().__init__()
        self.rules = rules
        self.keys = keys
        self.seats = tuple(seats)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Markdown(self.rules.rstrip("\n") + "\n\n" + _keys_markdown(self.keys, self.seats))
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#help-box").focus()

    def action_close(self) -> None:
        self.dismiss(None)
