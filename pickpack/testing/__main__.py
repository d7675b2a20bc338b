"""``python -m pickpack.testing write DIR [GAME ...]`` / ``check FILE ...``: the golden
playthroughs (pickpack.testing.playthrough.main)."""

from __future__ import annotations

import sys

from pickpack.testing.playthrough import main

sys.exit(main())
