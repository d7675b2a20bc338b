"""PUSH cards as coloured Rich text: one chip per card, benches and banks grouped by colour.

Card texts are the snapshot's (pickpack/games/push/encoding.py): ``R1`` .. ``P6`` (colour
letter R B G Y P, value 1..6, PU-C1), ``roll`` and ``switch``. Each colour has one
background style, readable in the dark and the light theme; the letter stays in the
text, so the colour is never the only mark.

    >>> chip("B4").plain, chip("roll").plain
    ('B4', 'ROLL')
    >>> grouped(["R1", "R1", "R6", "G2", "G3"]).plain
    'R116 G23'
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from pickpack.games.push.encoding import COLOUR_LETTERS

__all__ = ["COLOUR_STYLES", "chip", "chips", "grouped", "points"]

#: Rich style of each colour's cards, by colour letter (red, blue, green, yellow, purple).
COLOUR_STYLES = dict(zip(COLOUR_LETTERS, (
    "bold white on red3",
    "bold white on dodger_blue3",
    "bold black on green3",
    "bold black on gold1",
    "bold white on medium_purple3",
), strict=True))
_ROLL_STYLE = "bold reverse"


def _style(card: str) -> str:
    """The style of card text ``card``; KeyError for a text that is no card."""
    if card in ("roll", "switch"):
        return _ROLL_STYLE
    return COLOUR_STYLES[card[0]]


def chip(card: str) -> Text:
    """One card (``R3``, ``roll``, ``switch``) in its colour; roll and switch cards in
    capitals, reversed (they have no colour, PU-C1). KeyError for an unknown text."""
    label = card.upper() if card in ("roll", "switch") else card
    return Text(label, style=_style(card))


def chips(cards: Sequence[str]) -> Text:
    """Cards one chip each, separated by spaces (a stack, PU-P2)."""
    return Text(" ").join(chip(card) for card in cards)


def grouped(cards: Sequence[str]) -> Text:
    """Number cards grouped by colour, each group one chip of the colour letter and the
    values (``R116 G23``), colours in colour order, values increasing (a bench or a
    bank, PU-K1, PU-B1). KeyError for a card that is no number card."""
    groups: dict[str, list[str]] = {letter: [] for letter in COLOUR_LETTERS}
    for card in cards:
        groups[card[0]].append(card[1:])
    parts = [Text(letter + "".join(sorted(values)), style=COLOUR_STYLES[letter])
             for letter, values in groups.items() if values]
    return Text(" ").join(parts)


def points(cards: Sequence[str]) -> int:
    """The sum of the values of the number cards ``cards`` (PU-E2)."""
    return sum(int(card[1:]) for card in cards if card not in ("roll", "switch"))
