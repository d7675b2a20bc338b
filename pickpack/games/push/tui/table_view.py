"""What one viewer may see of a PUSH table (PU-V1), as the board draws it.

``table_view(state, viewer)`` reads the engine's ``observation`` (viewer a player name).
For ``viewer`` None it is the public table (people watching a bot's turn in hot-seat:
every bank a count), or with ``open_banks`` (the game is over, or only bots play) the
full ``snapshot`` with every bank face up. The board never reads anything else of the
state, so a seat's hidden cards cannot reach the screen by accident.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["TableView", "table_view"]


@dataclass(frozen=True)
class TableView:
    """One viewer's table.

    ``players``: the names p1..pN; ``viewer``: whose view (None: everybody's);
    ``phase`` one of encoding.PHASES; ``turn``/``actor``: seats (PU-T1, PU-K);
    ``card``: the drawn card awaiting placement (phase place) or None; ``deck_size``,
    ``discard``: card counts; ``stacks``: 3 lists of card texts; ``benches``: per seat,
    number-card texts (public, PU-V1); ``banks``: per seat the card texts, or None where
    hidden from the viewer (PU-V1); ``bank_sizes``: per seat; ``switches``: the switch pile;
    ``direction``: +1 in seat order, -1 against it (PU-S2); ``hard``,
    ``switch_per_turn``: the options (PU-R3, PU-S2).
    """

    players: tuple[str, ...]
    viewer: str | None
    phase: str
    turn: int
    actor: int
    card: str | None
    deck_size: int
    discard: int
    stacks: tuple[tuple[str, ...], ...]
    benches: tuple[tuple[str, ...], ...]
    banks: tuple[tuple[str, ...] | None, ...]
    bank_sizes: tuple[int, ...]
    switches: int
    direction: int
    hard: bool
    switch_per_turn: bool

    @property
    def viewer_seat(self) -> int | None:
        """The viewer's seat, or None for everybody's view."""
        return None if self.viewer is None else self.players.index(self.viewer)


def _direction(obs: dict[str, Any]) -> int:
    """+1 (seat order) when the switch cards that count are even, else -1 (PU-S2)."""
    count = obs["turn_switches"] if obs["switch_per_turn"] else obs["switches"]
    return 1 if count % 2 == 0 else -1


def table_view(state: Any, viewer: str | None, *, open_banks: bool = False) -> TableView:
    """The table as ``viewer`` (a player name, or None for everybody) may see it;
    ``open_banks`` (only with ``viewer`` None) shows every bank face up.

    ``state``: a PUSH state (``observation``, ``snapshot``, ``players``). Raises
    ValueError for a viewer who is not a player of the game, or ``open_banks`` with a
    viewer.
    """
    players = tuple(state.players)
    if viewer is not None and viewer not in players:
        raise ValueError(f"viewer: {viewer!r} is not a player ({', '.join(players)})")
    if viewer is not None and open_banks:
        raise ValueError(f"open_banks: only everybody's view opens the banks, not {viewer!r}'s")
    obs: dict[str, Any] = state.observation(viewer if viewer is not None else players[0])
    banks: tuple[tuple[str, ...] | None, ...]
    if open_banks:
        banks = tuple(tuple(b) for b in state.snapshot()["banks"])
    elif viewer is None:
        banks = (None,) * len(players)
    else:
        seat = players.index(viewer)
        banks = tuple(tuple(obs["bank"]) if i == seat else None for i in range(len(players)))
    return TableView(
        players=players, viewer=viewer, phase=obs["phase"], turn=obs["turn"], actor=obs["actor"],
        card=obs["card"], deck_size=obs["deck_size"], discard=sum(obs["discard"].values()),
        stacks=tuple(tuple(s) for s in obs["stacks"]), benches=tuple(tuple(b) for b in obs["benches"]),
        banks=banks, bank_sizes=tuple(obs["bank_sizes"]), switches=obs["switches"],
        direction=_direction(obs), hard=obs["hard"], switch_per_turn=obs["switch_per_turn"])
