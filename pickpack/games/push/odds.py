"""Exact odds of pushing too far in PUSH (PU-P5), from the cards left in the deck.

A drawn number or roll card busts when three stacks exist and none of them may take it
(PU-P2: a number card joins a stack with no card of its colour and none of its value; a
roll card a stack with no roll card). A switch card never busts (PU-P3). Cards of one
type are interchangeable, so the next draw is type ``t`` with probability
``deck[t] / sum(deck)`` (PU-P1), and every probability here is an exact Fraction.

The position is read from a PUSH state's ``snapshot()`` (or such a snapshot itself):
its ``deck`` counts and its ``stacks`` (docs/push.md). The deck counts are what a
player with perfect memory knows (PU-V1: every card now banked lay face up on a bench
first), so a bot may use them.

    >>> from fractions import Fraction
    >>> snap = {"phase": "decide", "deck": {"R1": 1, "B2": 1, "roll": 1, "switch": 1},
    ...         "stacks": [["R2", "B1"], ["R1", "B2"], ["R3", "B3", "roll"]]}
    >>> bust_probability(snap)      # R1 and B2 fit nowhere, the roll card fits stack 1
    Fraction(1, 2)
    >>> bust_probability_by_enumeration(snap, 2)    # 1/2 + (1/4 + 1/4) * 2/3
    Fraction(5, 6)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from pickpack.games.push.encoding import (NUM_CARD_TYPES, NUM_NUMBER_TYPES, NUM_STACKS,
                                          ROLL, SWITCH, card_colour, card_value, parse_card)

__all__ = ["DRAWING_PHASES", "MAX_ENUMERATION_DECK", "ROLL_BIT", "Stacks", "bust_probability",
           "bust_probability_by_enumeration", "card_mask", "deck_counts", "fits", "legal_places",
           "lowest_place", "next_bust_probability", "stack_mask", "stacks_of"]

#: Phases in which the player to move is about to draw (or may draw) the next card.
DRAWING_PHASES = ("start", "draw", "decide")
#: bust_probability_by_enumeration refuses decks larger than this (cards): 12 cards of
#: 12 types drawn to the end take about a second (14: five, 16: thirty).
MAX_ENUMERATION_DECK = 12

#: A stack, for the question which cards it excludes, is a bit mask: bit ``colour``
#: (0..4) per colour present, bit ``5 + value - 1`` (5..10) per value present, and
#: ROLL_BIT when it holds the roll card (PU-P2). Two stacks with one mask exclude the
#: same cards, so the odds depend on the masks only.
ROLL_BIT = 1 << 11
#: The stacks in play, stack 0 first: their masks (the used stacks are contiguous from 0).
Stacks = tuple[int, ...]


def card_mask(card: int) -> int:
    """The mask bits of card type ``card`` (0..30; see ROLL_BIT). ValueError for a switch
    card (it never joins a stack, PU-P3) or a type outside 0..30."""
    if card == ROLL:
        return ROLL_BIT
    if not 0 <= card < NUM_NUMBER_TYPES:
        raise ValueError(f"card type {card} never joins a stack (PU-P3): number cards are 0..29, roll 30")
    return 1 << card_colour(card) | 1 << (4 + card_value(card))


def stack_mask(cards: Iterable[int]) -> int:
    """The mask of a stack holding the card types ``cards`` (ValueError: card_mask)."""
    mask = 0
    for card in cards:
        mask |= card_mask(card)
    return mask


def _snapshot(state: Any) -> Mapping[str, Any]:
    """The snapshot of ``state`` (an object with ``snapshot()``) or ``state`` itself
    when it is a mapping. TypeError otherwise."""
    if isinstance(state, Mapping):
        return state
    snapshot = getattr(state, "snapshot", None)
    if not callable(snapshot):
        raise TypeError(f"expected a PUSH state or its snapshot, not {type(state).__name__}")
    snap = snapshot()
    if not isinstance(snap, Mapping):
        raise TypeError(f"snapshot() returned {type(snap).__name__}, not a mapping")
    return snap


def _field(snap: Mapping[str, Any], key: str) -> Any:
    if key not in snap:
        raise ValueError(f"the snapshot has no {key!r} field (docs/push.md)")
    return snap[key]


def deck_counts(state: Any) -> tuple[int, ...]:
    """Copies left in the deck per card type: 32 ints, index = type (encoding.py).

    ``state``: a PUSH state or its snapshot (field ``deck``: card text -> count).
    Raises TypeError for anything else, ValueError for a missing field, an unknown card
    text (MoveSyntaxError, a ValueError) or a count that is not an int >= 0.
    """
    deck = _field(_snapshot(state), "deck")
    if not isinstance(deck, Mapping):
        raise ValueError(f"the snapshot's 'deck' must map card texts to counts, not {type(deck).__name__}")
    counts = [0] * NUM_CARD_TYPES
    for text, count in deck.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"the snapshot's deck count of {text!r} must be an int >= 0, got {count!r}")
        counts[parse_card(text)] += count
    return tuple(counts)


def stacks_of(state: Any) -> Stacks:
    """The masks of the stacks in play (``Stacks``: the non-empty ones, stack 0 first).

    ``state``: a PUSH state or its snapshot (field ``stacks``: 3 lists of card texts).
    Raises TypeError for anything else, ValueError for a missing field, an unknown card
    or a switch card in a stack.
    """
    stacks = _field(_snapshot(state), "stacks")
    if not isinstance(stacks, Sequence) or len(stacks) != NUM_STACKS:
        raise ValueError(f"the snapshot's 'stacks' must be {NUM_STACKS} lists of card texts")
    return tuple(stack_mask(parse_card(text) for text in stack) for stack in stacks if stack)


def fits(card: int, mask: int) -> bool:
    """May ``card`` (a type 0..30) join the stack of mask ``mask`` (PU-P2)? A number
    card: no card there of its colour or its value; a roll card: no roll card there.
    ValueError for a switch card (PU-P3) or a type outside 0..30."""
    return not card_mask(card) & mask


def legal_places(card: int, stacks: Stacks) -> list[int]:
    """The stack indices where ``card`` (type 0..30) may go, increasing (PU-P2): each
    stack in play that it fits, then ``len(stacks)`` (a new stack) while fewer than
    three exist. Empty: the card busts (PU-P5). ValueError for a switch card."""
    bits = card_mask(card)
    places = [s for s, mask in enumerate(stacks) if not bits & mask]
    if len(stacks) < NUM_STACKS:
        places.append(len(stacks))
    return places


def lowest_place(card: int, stacks: Stacks) -> Stacks | None:
    """The stacks after placing ``card`` at its lowest legal place (the first stack in
    play it fits, else a new stack): the fixed placing rule of
    bust_probability_by_enumeration. None when the card busts (PU-P5)."""
    bits = card_mask(card)
    for s, mask in enumerate(stacks):
        if not bits & mask:
            return stacks[:s] + (mask | bits,) + stacks[s + 1:]
    if len(stacks) < NUM_STACKS:
        return (*stacks, bits)
    return None


def next_bust_probability(deck: Sequence[int], stacks: Stacks) -> Fraction:
    """The exact probability that the next card drawn from ``deck`` (32 counts) busts
    on ``stacks`` (PU-P5): 0 while fewer than three stacks exist, else the copies of the
    number and roll types that fit no stack over all cards left. ValueError for an
    empty deck (no card can be drawn, PU-P4)."""
    total = sum(deck)
    if total <= 0:
        raise ValueError("the deck is empty: no card can be drawn (PU-P4)")
    if len(stacks) < NUM_STACKS:
        return Fraction(0)
    busting = sum(deck[t] for t in range(SWITCH) if deck[t] and not any(fits(t, m) for m in stacks))
    return Fraction(busting, total)


def _drawing_position(state: Any) -> tuple[tuple[int, ...], Stacks]:
    snap = _snapshot(state)
    phase = _field(snap, "phase")
    if phase not in DRAWING_PHASES:
        raise ValueError(f"the odds of the next draw are defined in phases {', '.join(DRAWING_PHASES)}, "
                         f"not {phase!r}" + (" (place the drawn card first, PU-P2)" if phase == "place" else ""))
    return deck_counts(snap), stacks_of(snap)


def bust_probability(state: Any) -> Fraction:
    """The exact probability that the next card drawn has no legal place (PU-P5).

    ``state``: a PUSH state (or its snapshot) in phase start, draw or decide. The
    answer is 0 while fewer than three stacks exist, else (copies left of the number and
    roll types that fit no stack) / (cards left); a switch card never busts (PU-P3).
    Raises ValueError in another phase or with an empty deck (PU-P4), TypeError for
    something that is not a state or snapshot.
    """
    deck, stacks = _drawing_position(state)
    return next_bust_probability(deck, stacks)


def _falling(n: int, k: int) -> int:
    """n (n-1) ... (n-k+1): the ordered draws of k cards out of n."""
    result = 1
    for i in range(k):
        result *= n - i
    return result


def _busting_sequences(deck: tuple[int, ...], stacks: Stacks, draws: int) -> int:
    """How many of the ordered sequences of min(draws, cards left) distinct cards drawn
    from ``deck`` onto ``stacks`` bust, placing each card at its lowest legal place (a
    sequence counts once it busts, whatever its later cards). Memoized per call."""
    memo: dict[tuple[tuple[int, ...], Stacks, int], int] = {}

    def count(deck: tuple[int, ...], stacks: Stacks, draws: int) -> int:
        total = sum(deck)
        if draws == 0 or total == 0:
            return 0
        key = (deck, stacks, draws)
        if key in memo:
            return memo[key]
        later = _falling(total - 1, min(draws, total) - 1)       # continuations of a bust
        result = 0
        for t, copies in enumerate(deck):
            if not copies:
                continue
            after = stacks if t == SWITCH else lowest_place(t, stacks)
            if after is None:
                result += copies * later
            else:
                rest = deck[:t] + (copies - 1,) + deck[t + 1:]
                result += copies * count(rest, after, draws - 1)
        memo[key] = result
        return result

    return count(deck, stacks, draws)


def bust_probability_by_enumeration(state: Any, draws: int) -> Fraction:
    """The exact probability of busting (PU-P5) within the next ``draws`` cards drawn.

    The player always draws again (PU-P4) and places each card at its lowest legal place
    (``lowest_place``: the first stack in play it fits, else a new stack; PU-P2); a
    switch card counts as a draw and joins no stack (PU-S1); the drawing ends without a
    bust when the deck runs out. Every ordered sequence of ``m = min(draws, cards
    left)`` cards of the deck (copies told apart) is counted, the busting ones over all
    ``n (n-1) ... (n-m+1)``; the cards of one type are counted together, and positions
    that recur (same cards left, same stack masks) are counted once. ``draws=1``
    equals ``bust_probability(state)``.

    ``state``: a PUSH state (or its snapshot) in phase start, draw or decide whose deck
    holds at most MAX_ENUMERATION_DECK cards. Raises ValueError for a larger deck,
    another phase, or ``draws`` not an int >= 0; TypeError for something that is not a
    state or snapshot.
    """
    if isinstance(draws, bool) or not isinstance(draws, int) or draws < 0:
        raise ValueError(f"draws must be an int >= 0, got {draws!r}")
    deck, stacks = _drawing_position(state)
    size = sum(deck)
    if size > MAX_ENUMERATION_DECK:
        raise ValueError(f"the deck holds {size} cards; enumeration takes at most {MAX_ENUMERATION_DECK}")
    if size == 0 or draws == 0:
        return Fraction(0)
    return Fraction(_busting_sequences(deck, stacks, draws), _falling(size, min(draws, size)))
