"""PUSH's numbers and texts: cards, die faces, actions, phases, the snapshot's fields.

One definition, shared by the C-backed ``State``, the plain-Python reference, the PPN
dialect and the TUI face; the numbers are the C header's (core/push/push_core.h), read
from the module setup.py generates from it at build time (``_constants``), the texts
are this module's (rules: docs/push.md and the rules file, ids PU-...).

Cards (PU-C1) are identified by their *type*, 0..31: a number card of colour ``c``
(0 red, 1 blue, 2 green, 3 yellow, 4 purple) and value ``v`` (1..6) is ``c*6 + v-1``
(0..29), a roll card is 30, a switch card 31. Cards of one type are interchangeable, so
the deck is a multiset of types and a draw is a chance node over the types left, each
with probability (copies left)/(cards left).

Chance outcomes (``0 .. MAX_CHANCE_OUTCOMES-1``): a drawn card is its type (0..31,
text ``R1`` .. ``P6``, ``roll``, ``switch``); a die roll (PU-C2) is ``32 + face`` with
faces 0..4 the colours and 5 the star (text ``die-R`` .. ``die-P``, ``die-star``).

Decisions (``0 .. NUM_DISTINCT_ACTIONS-1``): 0 ``draw`` (push, or draw again: PU-P1,
PU-P4), 1 ``stop`` (PU-P4), 2..6 ``bank-R`` .. ``bank-P`` (PU-B1), 7..9 ``place-1`` ..
``place-3`` (put the drawn card on stack 1..3; the next empty stack starts a new one,
PU-P2), 10..12 ``take-1`` .. ``take-3`` (collect stack 1..3, PU-K1).

    >>> card_text(0), card_text(17), card_text(ROLL), card_text(SWITCH)
    ('R1', 'G6', 'roll', 'switch')
    >>> decision_text(BANK + 3), decision_text(PLACE + 0), decision_text(TAKE + 2)
    ('bank-Y', 'place-1', 'take-3')
    >>> parse_decision("take-2"), parse_card("B4"), parse_die("die-star")
    (11, 9, 37)
"""

from __future__ import annotations

from pickpack.errors import MoveSyntaxError
from pickpack.games.push import _constants as C

__all__ = [
    "BANK", "CARD_COPIES", "CARD_TEXT", "COLOURS", "COLOUR_LETTERS", "DECISION_TEXT", "DIE_FACES",
    "DIE_OFFSET", "DIE_TEXT", "DRAW", "MAX_GAME_LENGTH", "MAX_CHANCE_OUTCOMES", "MAX_PLAYERS",
    "MIN_PLAYERS", "NUM_CARD_TYPES", "NUM_COLOURS", "NUM_DISTINCT_ACTIONS", "NUM_NUMBER_TYPES",
    "NUM_STACKS", "PHASES", "PLACE", "ROLL", "STAR", "STOP", "SWITCH", "TAKE", "card_colour",
    "card_text", "card_value", "deck_size", "decision_text", "die_text", "error_column", "full_deck", "parse_card",
    "parse_decision", "parse_die",
]

MIN_PLAYERS = C.MIN_PLAYERS
MAX_PLAYERS = C.MAX_PLAYERS

#: Colour names in colour order (PU-C1, PU-C2); their letters in card and move text.
COLOURS = ("red", "blue", "green", "yellow", "purple")
COLOUR_LETTERS = ("R", "B", "G", "Y", "P")
NUM_COLOURS = C.NUM_COLOURS
NUM_VALUES = C.NUM_VALUES
#: Number-card types 0..29, then the roll card and the switch card.
NUM_NUMBER_TYPES = C.NUM_NUMBER_TYPES
ROLL = C.ROLL
SWITCH = C.SWITCH
NUM_CARD_TYPES = C.NUM_CARD_TYPES
#: Copies of each type in the full deck (PU-C1): 3 per number card, 18 roll, 12 switch.
CARD_COPIES = (C.COPIES_PER_NUMBER,) * NUM_NUMBER_TYPES + (C.NUM_ROLL_CARDS, C.NUM_SWITCH_CARDS)

#: Die faces (PU-C2): 0..4 the colours, 5 the star; as chance outcomes DIE_OFFSET + face.
DIE_FACES = C.DIE_FACES
STAR = C.STAR
DIE_OFFSET = C.DIE_OFFSET
MAX_CHANCE_OUTCOMES = DIE_OFFSET + DIE_FACES          # 38

#: Decision actions.
DRAW = C.DRAW
STOP = C.STOP
BANK = C.BANK        # BANK + colour, 2..6
PLACE = C.PLACE      # PLACE + stack index 0..2
TAKE = C.TAKE        # TAKE + stack index 0..2
NUM_STACKS = C.NUM_STACKS      # PU-P2
NUM_DISTINCT_ACTIONS = C.NUM_DECISIONS

#: Phases in the order of their index (the snapshot's "phase", Zobrist key PHASE[i]):
#: "start" (push or bank, PU-T1), "draw" (chance: the top card, PU-P1), "place" (where
#: the drawn card goes, PU-P2), "decide" (draw again or stop, PU-P4), "roll" (chance: the
#: die, PU-R), "collect" (the actor takes a stack, PU-K), "over" (PU-E1).
PHASES = ("start", "draw", "place", "decide", "roll", "collect", "over")

#: Most actions of one game (decisions and chance outcomes), for any player count:
#: draw decisions 120 + chance draws 120 + placements 108 (every card but the switch
#: cards) + turn endings 120 (a stop or a bust's die roll, one per push turn, and each
#: push turn draws a card) + takes 108 (one per stack, each started by a card) + die rolls
#: on taking 18 (one per roll card) + banks 90 (each moves at least one number card, and a
#: card is banked once) = 684.
MAX_GAME_LENGTH = C.MAX_PLIES

CARD_TEXT = tuple(f"{COLOUR_LETTERS[t // NUM_VALUES]}{t % NUM_VALUES + 1}" for t in range(NUM_NUMBER_TYPES)
                  ) + ("roll", "switch")
DIE_TEXT = tuple(f"die-{letter}" for letter in COLOUR_LETTERS) + ("die-star",)
DECISION_TEXT = (("draw", "stop") + tuple(f"bank-{letter}" for letter in COLOUR_LETTERS)
                 + tuple(f"place-{i + 1}" for i in range(NUM_STACKS))
                 + tuple(f"take-{i + 1}" for i in range(NUM_STACKS)))

_CARD_INDEX = {text: i for i, text in enumerate(CARD_TEXT)}
_DIE_INDEX = {text: DIE_OFFSET + i for i, text in enumerate(DIE_TEXT)}
_DECISION_INDEX = {text: i for i, text in enumerate(DECISION_TEXT)}


def card_colour(card: int) -> int:
    """Colour 0..4 of a number-card type 0..29 (PU-C1)."""
    return card // NUM_VALUES


def card_value(card: int) -> int:
    """Value 1..6 of a number-card type 0..29; 0 for the roll and switch cards (PU-E2)."""
    return card % NUM_VALUES + 1 if card < NUM_NUMBER_TYPES else 0


def full_deck(players: int) -> list[int]:
    """Copies per card type (32 counts) of the deck a ``players``-player game starts
    with: 120 cards, or 108 without the switch cards for 2 players (PU-C1, PU-C3)."""
    counts = list(CARD_COPIES)
    if players == 2:
        counts[SWITCH] = 0
    return counts


def deck_size(players: int) -> int:
    """120, or 108 for 2 players (PU-C3)."""
    return sum(full_deck(players))


def card_text(card: int) -> str:
    """``R1`` .. ``P6``, ``roll``, ``switch`` for card types 0..31. IndexError otherwise."""
    if not 0 <= card < NUM_CARD_TYPES:
        raise IndexError(f"no card type {card}: types are 0..{NUM_CARD_TYPES - 1}")
    return CARD_TEXT[card]


def die_text(outcome: int) -> str:
    """``die-R`` .. ``die-P``, ``die-star`` for die outcomes 32..37. IndexError otherwise."""
    if not DIE_OFFSET <= outcome < MAX_CHANCE_OUTCOMES:
        raise IndexError(f"no die outcome {outcome}: outcomes are {DIE_OFFSET}..{MAX_CHANCE_OUTCOMES - 1}")
    return DIE_TEXT[outcome - DIE_OFFSET]


def decision_text(action: int) -> str:
    """The text of decision ``action`` 0..12. IndexError otherwise."""
    if not 0 <= action < NUM_DISTINCT_ACTIONS:
        raise IndexError(f"no decision {action}: decisions are 0..{NUM_DISTINCT_ACTIONS - 1}")
    return DECISION_TEXT[action]


_ALL_TEXTS = tuple(t.lower() for t in (*CARD_TEXT, *DIE_TEXT, *DECISION_TEXT, "push"))


def error_column(text: str, texts: tuple[str, ...] = _ALL_TEXTS) -> int:
    """The 1-based column of ``text`` where it stops being the start of any move text
    (any letter case; leading spaces skipped): where a MoveSyntaxError points.

    >>> error_column("drw"), error_column("bank-X"), error_column("draw draw"), error_column("  R7")
    (3, 6, 5, 4)
    """
    lead = len(text) - len(text.lstrip())
    word = text.strip().lower()
    best = 0
    for candidate in texts:
        n = 0
        while n < min(len(word), len(candidate)) and word[n] == candidate[n]:
            n += 1
        best = max(best, n)
    return lead + best + 1


def _parse(text: str, table: dict[str, int], what: str, field: str) -> int:
    if not isinstance(text, str):
        raise TypeError(f"{what} text must be a str, not {type(text).__name__}")
    word = text.strip()
    if word in table:
        return table[word]
    folded = {k.lower(): v for k, v in table.items()}
    if word.lower() in folded:
        return folded[word.lower()]
    column = error_column(text, tuple(k.lower() for k in table))
    shown = ", ".join(list(table)[:8]) + (", ..." if len(table) > 8 else "")
    raise MoveSyntaxError(f"not a {what} ({shown})", text, column, field)


def parse_decision(text: str) -> int:
    """The decision ``text`` names (``draw``, ``stop``, ``bank-R``, ``place-2``,
    ``take-3``, ...; letters in any case, ``push`` for ``draw``). Raises MoveSyntaxError
    (field ``"decision"``) otherwise."""
    if isinstance(text, str) and text.strip().lower() == "push":
        return DRAW
    return _parse(text, _DECISION_INDEX, "decision", "decision")


def parse_card(text: str) -> int:
    """The card type ``text`` names (``R1`` .. ``P6``, ``roll``, ``switch``). Raises
    MoveSyntaxError (field ``"card"``) otherwise."""
    return _parse(text, _CARD_INDEX, "card", "card")


def parse_die(text: str) -> int:
    """The die outcome (32..37) ``text`` names (``die-R`` .. ``die-star``). Raises
    MoveSyntaxError (field ``"die"``) otherwise."""
    return _parse(text, _DIE_INDEX, "die face", "die")
