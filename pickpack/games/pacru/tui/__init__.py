"""PACRU's face in the Textual shell (pickpack_tui): ``GAME.tui_face`` is
``"pickpack.games.pacru.tui.face:FACE"``."""
