"""The board screen's view model: what one redraw shows, made in one place.

The app (pickpack_tui.app.GameApp) holds it as a Textual reactive attribute,
``view``; every redraw is an assignment of a new BoardView (``refresh_view``), and the
attribute's watcher has the face draw the screen from it and the session. Nothing in it
grows with the game: the move log rows come from the session's log
(pickpack_tui.session), which grows on apply and shrinks on undo, so a redraw costs the
same at ply 10 and at ply 200.
"""

from __future__ import annotations

from dataclasses import dataclass

from pickpack_tui.session import GameSession

__all__ = ["BoardView"]


@dataclass(frozen=True)
class BoardView:
    """One redraw: ``plies`` (actions played, chance outcomes included), ``to_move``
    (the player to decide, None at a chance node or the end), ``over``, ``viewer`` (whose
    view the board shows; None: everything), ``thinking`` (the player whose bot
    thinks) and ``message`` (the status line)."""

    plies: int
    to_move: str | None
    over: bool
    viewer: str | None
    thinking: str | None
    message: str

    @classmethod
    def of(cls, session: GameSession, viewer: str | None, thinking: str | None, message: str) -> BoardView:
        """The view of ``session`` now (no replay: the session's move log)."""
        state = session.state
        return cls(session.plies, state.current_player, state.is_terminal(), viewer, thinking, message)
