"""The widget kit of faces: the Textual pieces a game's face (pickpack.faces.Face) and
the Textual shell (plugin pickpack_tui) both build their screens from, so that every
game's screens look and behave alike and a game's ``tui/`` package never imports the
shell plugin (tests/plugins/tui/test_face_boundary.py).

Needs Textual (the extra ``tui``); the face protocols themselves, pickpack.faces, do
not. Game-neutral: the kit knows no game, and its widgets take only text and numbers.

- ``StatusBar``: the status line (``turn`` in bold, then ``message``), id
  ``status-bar``, class ``-thinking`` while a bot thinks;
- ``MoveLog``: the numbered move log, ``show([(player, text), ...])``, id ``move-log``;
- ``KeyFooter``: the footer whose help and quit keys are always on screen;
- ``ChoiceScreen``: a modal list asking one ``pickpack.faces.Question``; dismisses with
  ``(value,)`` or None;
- ``ReturnsScreen``: the game-over table of scores and returns per seat; dismisses with
  ``"new"``, ``"board"`` or ``"quit"``; ``result_title(players, returns)``.

The shell's stylesheets (pickpack_tui/styles/app.tcss, dialogs.tcss) place and colour
them by these ids, on every screen the shell shows, a face's screens included; a face's
own ``css_paths`` add to them.
"""

from pickpack.face_kit.choice_screen import ChoiceScreen
from pickpack.face_kit.key_footer import ESSENTIAL_ACTIONS, KeyFooter
from pickpack.face_kit.move_log import MoveLog
from pickpack.face_kit.returns_screen import ReturnsScreen, result_title
from pickpack.face_kit.status_bar import StatusBar

__all__ = ["ESSENTIAL_ACTIONS", "ChoiceScreen", "KeyFooter", "MoveLog", "ReturnsScreen", "StatusBar",
           "result_title"]
