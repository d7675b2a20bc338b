"""The face protocol of the shell: defined in the neutral, Textual-free pickpack.faces
(which a game's ``tui/`` imports) and importable here as before."""

from __future__ import annotations

from pickpack.faces import Face, MoveQuestions, Session, Shell

__all__ = ["Face", "MoveQuestions", "Session", "Shell"]
