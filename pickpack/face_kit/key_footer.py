"""The footer of every screen of the shell and the faces: Textual's Footer whose help and
quit keys are always on screen.

A face's screen lists its own keys first (choose, turn, back ...), then the shell's
(undo, new, save, load, theme, help, quit): at 80 columns the row can be longer than
the terminal, and Textual's Footer cuts its right end, where help and quit are (issue
22, PACRU). Here the keys that do ``help`` and ``quit`` (whoever declares them: the
app's ``?`` and ``q``, a face's ``ctrl+q``) are drawn at the right edge first, and the
other keys get the columns left (cut at their right end), so a long row loses its
last other keys (still listed by ``?``), never these. Where no shown binding does
one of them (Pick & Pack's placement screen takes ``q`` for a tile kind; the app's
``ctrl+q`` is a hidden priority binding), the first active binding that does it is
shown. The footer is compact, and the command palette's key (``^p``, not one of the
game's) is left out of it.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import HorizontalGroup
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

__all__ = ["ESSENTIAL_ACTIONS", "KeyFooter"]

#: The actions whose keys the footer always shows (namespace prefixes such as ``app.``
#: aside).
ESSENTIAL_ACTIONS = ("help", "quit")


def _essential_action(action: str) -> str | None:
    """``action`` without its namespace when it is one of ESSENTIAL_ACTIONS, else None."""
    name = action.rpartition(".")[2]
    return name if name in ESSENTIAL_ACTIONS else None


class KeyFooter(Footer):
    """Footer (compact, without the palette key): the other keys in the columns the
    help and quit keys, at the right edge, leave."""

    DEFAULT_CSS = """
    KeyFooter #other-keys {
        width: 1fr;
        height: 1;
        overflow: hidden hidden;
    }
    KeyFooter #essential-keys {
        width: auto;
        height: 1;
        padding-left: 1;
    }
    """

    def __init__(self) -> None:
        super().__init__(compact=True, show_command_palette=False)

    def compose(self) -> ComposeResult:
        kept: dict[str, Widget] = {}
        with HorizontalGroup(id="other-keys"):       # takes what the essential keys leave
            for widget in super().compose():
                action = _essential_action(widget.action) if isinstance(widget, FooterKey) else None
                if action is None:
                    yield widget
                else:
                    kept.setdefault(action, widget)
        if self._bindings_ready:
            for _node, binding, enabled, tooltip in self.screen.active_bindings.values():
                action = _essential_action(binding.action)
                if action is not None and action not in kept and binding.description:
                    kept[action] = FooterKey(binding.key, self.app.get_key_display(binding),
                                             binding.description, binding.action, disabled=not enabled,
                                             tooltip=tooltip).data_bind(compact=Footer.compact)
        with HorizontalGroup(id="essential-keys"):
            yield from (kept[a] for a in ESSENTIAL_ACTIONS if a in kept)
