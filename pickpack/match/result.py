"""One finished game of a match: what the runner (pickpack.match) hands to the summary,
the JSON report and the record writers (the PPN plugin's ``--ppn`` writer).

Game-neutral and small on purpose: a record writer reads results without importing the
match runner. ``pickpack.match.GameResult`` is this class.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = ["GameResult"]


@dataclass(frozen=True)
class GameResult:
    """One finished game.

    - ``game``: the game's name; ``seed``, ``variant``, ``options``: what
      ``new_state(players, seed, variant, **options)`` was given, so the game replays
      from them and ``actions``;
    - ``players``: the seats' player names; ``seats``: the bot spec in each seat;
      ``bot_seats``: the seat of each bot (bot order of the match);
    - ``returns``: the utility of each seat, ``bot_returns`` of each bot; ``scores``:
      the game's own scores by player name, in the position where the game stopped;
    - ``moves``: canonical texts of every action applied from the start, chance
      outcomes included; ``actions``: those actions as integers (``moves[i]`` is
      ``action_text(actions[i])`` in the position it was played in), so a record
      writer replays the game without reading the texts back; empty for a result made
      without them (a writer then reads ``moves``); ``plies``: the decisions the bots
      made;
    - ``fault``/``forfeit``/``forfeited_by``: when a bot lost by failing (the kind, the
      one-line reason, its player name); the returns then follow the fault rule.
    """

    index: int
    game: str
    seed: int
    players: tuple[str, ...]
    seats: tuple[str, ...]
    bot_seats: tuple[int, ...]
    returns: tuple[float, ...]
    scores: dict[str, float]
    plies: int
    moves: list[str] = field(default_factory=list)
    variant: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    forfeit: str | None = None
    forfeited_by: str | None = None
    fault: str | None = None
    actions: list[int] = field(default_factory=list)

    @property
    def bot_returns(self) -> tuple[float, ...]:
        """The return of each bot, in the match's bot order."""
        return tuple(self.returns[seat] for seat in self.bot_seats)

    @property
    def winner(self) -> str:
        """The player name of the one seat with the highest return, or "draw" when
        several share it."""
        best = max(self.returns)
        top = [name for name, r in zip(self.players, self.returns) if r == best]
        return top[0] if len(top) == 1 else "draw"

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-able data: every field, plus ``bot_returns`` and ``winner``."""
        return {**asdict(self), "bot_returns": list(self.bot_returns), "winner": self.winner}
