"""A question the shell asks a person (ChoiceScreen): defined in the neutral,
Textual-free pickpack.faces (which a game's ``tui/`` imports) and importable here as
before."""

from __future__ import annotations

from pickpack.faces import Option, Question

__all__ = ["Option", "Question"]
