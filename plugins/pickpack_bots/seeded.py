"""What the built-in bots share: a seeded random stream, restarted by ``reset``."""

from __future__ import annotations

import random
from typing import ClassVar

from pickpack.bot_base import BotBase


class SeededBot(BotBase):
    """Base of the built-in Python bots: ``self.rng`` is a random.Random from ``seed``;
    ``choose`` refuses a chance node and a finished game (pickpack.bot_base.BotBase)."""

    name = "seeded"
    #: The games the bot plays (pickpack.bots: None = every game); subclasses narrow it.
    games: ClassVar[tuple[str, ...] | None] = None

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def reset(self, seed: int | None = None) -> None:
        """Restart the bot's random stream (before a game)."""
        self.rng = random.Random(seed)
