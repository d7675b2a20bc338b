"""The ``heuristic`` bot for PUSH: exact bust odds, a banking threshold, greedy collecting.

Every decision reads the state's snapshot (docs/push.md); the deck counts there are what
a player with perfect memory knows (PU-V1). The pushing rules weigh a turn's end by its
*margin* for the pusher (``stop_margin``): what the pusher collects less the mean of
what the other players collect. Collectors are assumed greedy: each takes the stack
worth most to them (``collect_value``), in the collection order (PU-K1, PU-K2, PU-K3).
After a bust the pusher collects nothing and loses the die's expected share of the
bench (PU-P5). One rule per phase:

- start (push or bank, PU-T1/PU-B1): bank the colour with the highest bench value when
  that value is at least ``bank_at`` points, or when the deck holds at most ``endgame``
  cards and the bench is not empty; otherwise push (draw).
- decide (PU-P4): draw again when the exact probability that the next card busts
  (pickpack.games.push.odds) is at most ``risk`` and drawing one more card, then
  stopping, has a higher expected margin than stopping now (every card type left
  weighed by its exact probability, each placed by the rule below); else stop.
- place (PU-P2): the legal place with the best margin if the turn stopped right after
  it; then the lowest probability that the next card busts; then the most ``room``
  (over the cards left, the places each may go); then the lowest stack.
- collect (PU-K1): the stack worth most to the collector (``collect_value``): its
  number cards' values, less the expected die loss when it holds a roll card.

Ties in banking and collecting are broken at random from the bot's seed, so the bot is
deterministic given it.

Options (``pickpack match --game push --players 4 heuristic:bank_at=12,risk=0.25 ...``):

- ``bank_at`` (int 1..63): bench value of one colour that makes the bot bank it
  (default DEFAULT_BANK_AT);
- ``risk`` (number 0..1): the bust probability above which the bot always stops
  (default DEFAULT_RISK);
- ``endgame`` (int 0..120): with at most this many cards in the deck the bot banks its
  best colour rather than push (default DEFAULT_ENDGAME; 0 turns it off).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from pickpack.bots.base import SeededBot
from pickpack.bots.search import count, real
from pickpack.games.push.encoding import (BANK, DRAW, NUM_COLOURS, NUM_NUMBER_TYPES, NUM_STACKS,
                                          PLACE, ROLL, STOP, SWITCH, TAKE, card_colour, card_value,
                                          parse_card)
from pickpack.games.push.odds import (Stacks, bust_probability, card_mask, deck_counts, fits,
                                      legal_places, next_bust_probability)
from pickpack.move import Move

__all__ = ["DEFAULT_BANK_AT", "DEFAULT_ENDGAME", "DEFAULT_RISK", "PushHeuristicBot", "Table",
           "collect_value", "room", "stop_margin"]

DEFAULT_BANK_AT = 10
DEFAULT_RISK = 0.3
DEFAULT_ENDGAME = 0
#: The most points one colour can be worth (PU-C1: 3 copies of each value 1..6).
MAX_POINTS = 63


def room(deck: Sequence[int], stacks: Stacks) -> int:
    """Places open to the cards left: the sum over the number and roll cards of ``deck``
    (32 counts) of how many stacks in play (masks, pickpack.games.push.odds) each fits,
    plus the stacks not started yet (a new stack takes any card, PU-P2)."""
    free = NUM_STACKS - len(stacks)
    return sum(copies * (free + sum(fits(t, mask) for mask in stacks))
               for t, copies in enumerate(deck[:SWITCH]) if copies)


def _die_loss(bench_value: int, hard: bool) -> float:
    """Expected points a roll takes from a bench worth ``bench_value``: each colour face
    (1/6) its colour (PU-R1), a sixth of the bench; with ``hard`` the star (1/6) the
    whole bench too (PU-R3)."""
    return bench_value * (2 if hard else 1) / 6


def collect_value(stack: Sequence[int], bench: Sequence[int], hard: bool) -> float:
    """What taking ``stack`` (card types) is worth to a collector whose bench holds
    ``bench`` (number-card types): its number cards' values (PU-E2) less, when it holds
    the roll card, the expected die loss on the bench after taking it (PU-K4, PU-R)."""
    gain = sum(card_value(t) for t in stack if t < NUM_NUMBER_TYPES)
    if ROLL not in stack:
        return float(gain)
    return gain - _die_loss(gain + sum(card_value(t) for t in bench), hard)


@dataclass(frozen=True)
class Table:
    """What a push turn's end depends on: ``players``, ``hard``, the pusher ``me``, the
    collection ``direction`` (+1/-1, PU-S2) and every seat's ``benches`` (card types)."""

    players: int
    hard: bool
    me: int
    direction: int
    benches: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, snap: Mapping[str, Any]) -> Table:
        """The table of a PUSH snapshot (docs/push.md) with ``turn`` as the pusher."""
        drawn = snap["turn_switches"] if snap["switch_per_turn"] else snap["switches"]
        return cls(players=int(snap["players"]), hard=bool(snap["hard"]), me=int(snap["turn"]),
                   direction=-1 if drawn % 2 else 1,
                   benches=tuple(tuple(parse_card(c) for c in bench) for bench in snap["benches"]))

    def flipped(self) -> Table:
        """The table after a switch card (PU-S1, PU-S2): the other direction."""
        return Table(self.players, self.hard, self.me, -self.direction, self.benches)


def stop_margin(stacks: Sequence[Sequence[int]], table: Table, *, bust: bool = False) -> float:
    """The pusher's margin if the turn ended now with ``stacks`` (card types per stack):
    the pusher's collect_value of the stack they take first (PU-K1) -- or, after a bust
    (``bust``), minus the die's expected loss on their bench (PU-P5) -- less the mean
    over the other seats of what they collect, each greedily, in the collection order
    until it comes back round (PU-K2, PU-K3)."""
    left = [list(s) for s in stacks if s]
    bench = table.benches[table.me]
    if bust:
        mine = -_die_loss(sum(card_value(t) for t in bench), table.hard)
    elif left:
        best = max(range(len(left)), key=lambda i: collect_value(left[i], bench, table.hard))
        mine = collect_value(left.pop(best), bench, table.hard)
    else:
        mine = 0.0
    others = 0.0
    for step in range(1, table.players):
        if not left:
            break
        seat = (table.me + step * table.direction) % table.players
        values = [collect_value(s, table.benches[seat], table.hard) for s in left]
        best = max(range(len(left)), key=values.__getitem__)
        others += values[best]
        left.pop(best)
    return mine - others / (table.players - 1)


def _placed(stacks: Sequence[Sequence[int]], card: int, s: int) -> list[list[int]]:
    """``stacks`` (three lists) with ``card`` on stack ``s``."""
    after = [list(stack) for stack in stacks]
    after[s].append(card)
    return after


def _masks(stacks: Sequence[Sequence[int]]) -> Stacks:
    masks = []
    for stack in stacks:
        if not stack:
            break
        mask = 0
        for card in stack:
            mask |= card_mask(card)
        masks.append(mask)
    return tuple(masks)


def best_place(card: int, stacks: Sequence[Sequence[int]], deck: Sequence[int], table: Table) -> int:
    """The stack index where the bot puts ``card`` (module docstring, "place"):
    ``stacks`` are three lists of card types, ``deck`` the 32 counts left. ValueError
    when the card has no legal place (a bust, PU-P5)."""
    places = legal_places(card, _masks(stacks))
    if not places:
        raise ValueError("the card has no legal place: a bust (PU-P5)")
    margins = {s: stop_margin(_placed(stacks, card, s), table) for s in places}
    top = max(margins.values())
    tied = [s for s in places if margins[s] == top]
    if len(tied) == 1:
        return tied[0]
    scored = []
    for s in tied:
        masks = _masks(_placed(stacks, card, s))
        bust = next_bust_probability(deck, masks) if sum(deck) else Fraction(0)
        scored.append(((-bust, room(deck, masks), -s), s))
    return max(scored)[1]


def draw_margin(stacks: Sequence[Sequence[int]], deck: Sequence[int], table: Table) -> float:
    """The expected margin of drawing one more card, then stopping: each card type left
    weighed by its exact probability, placed by ``best_place``, a bust when it has no
    place (PU-P5), a switch card turning the direction (PU-S2). ValueError for an empty
    deck (PU-P4)."""
    total = sum(deck)
    if total <= 0:
        raise ValueError("the deck is empty: no card can be drawn (PU-P4)")
    masks = _masks(stacks)
    expected = 0.0
    for t, copies in enumerate(deck):
        if not copies:
            continue
        if t == SWITCH:
            value = stop_margin(stacks, table.flipped())
        elif not legal_places(t, masks):
            value = stop_margin(stacks, table, bust=True)
        else:
            rest = list(deck)
            rest[t] -= 1
            value = stop_margin(_placed(stacks, t, best_place(t, stacks, rest, table)), table)
        expected += copies / total * value
    return expected


def _bench_by_colour(bench: Sequence[int]) -> list[int]:
    values = [0] * NUM_COLOURS
    for t in bench:
        values[card_colour(t)] += card_value(t)
    return values


class PushHeuristicBot(SeededBot):
    """PUSH's rule-of-thumb player (module docstring). Build it with
    ``PushHeuristicBot(seed=None, bank_at=DEFAULT_BANK_AT, risk=DEFAULT_RISK,
    endgame=DEFAULT_ENDGAME)``.

    Raises ValueError naming the option for a value out of range (``bank_at`` an int
    1..63, ``risk`` a number 0..1, ``endgame`` an int 0..120).
    """

    name = "heuristic"
    games: ClassVar[tuple[str, ...] | None] = ("push",)
    bounded = True       # a few hundred cheap evaluations a move: it keeps any time limit in-process
    OPTIONS: ClassVar[dict[str, str]] = {
        "bank_at": "bench value of a colour that is banked, int 1..63",
        "risk": "bust probability above which the bot stops, 0..1",
        "endgame": "deck size at or below which the bot banks rather than push, int 0..120",
    }

    def __init__(self, seed: int | None = None, *, bank_at: int = DEFAULT_BANK_AT,
                 risk: float = DEFAULT_RISK, endgame: int = DEFAULT_ENDGAME) -> None:
        super().__init__(seed)
        self.bank_at = count(self.name, "bank_at", bank_at, 1, MAX_POINTS)
        value = real(self.name, "risk", risk, positive=False)
        if value > 1:
            raise ValueError(f"{self.name}: option 'risk' must be a number 0..1, got {risk!r}")
        self.risk = Fraction(value)
        self.endgame = count(self.name, "endgame", endgame, 0, 120)

    def choose(self, state: Any) -> Move:
        """The bot's move in ``state`` (a PUSH state at a decision; module docstring).

        Raises NoDecisionError (a ValueError) when the game is over or ``state`` is a
        chance node (pickpack.bots.base).
        """
        actions = state.legal_actions()
        snap: Mapping[str, Any] = state.snapshot()
        phase = snap["phase"]
        stacks = [[parse_card(c) for c in stack] for stack in snap["stacks"]]
        if phase == "start":
            action = self._start(snap, actions)
        elif phase == "place":
            rest = deck_counts(snap)
            action = PLACE + best_place(parse_card(snap["card"]), stacks, rest, Table.of(snap))
        elif phase == "decide":
            action = STOP
            if DRAW in actions and bust_probability(snap) <= self.risk:
                table = Table.of(snap)
                if draw_margin(stacks, deck_counts(snap), table) > stop_margin(stacks, table):
                    action = DRAW
        else:       # collect
            bench = [parse_card(c) for c in snap["benches"][snap["actor"]]]
            action = self._best([(collect_value(stacks[a - TAKE], bench, bool(snap["hard"])), a)
                                 for a in actions])
        return Move(action, state.action_text(action))

    def _best(self, scored: Sequence[tuple[float, int]]) -> int:
        """The action of the highest score, ties broken from the seed."""
        top = max(score for score, _ in scored)
        return self.rng.choice([action for score, action in scored if score == top])

    def _start(self, snap: Mapping[str, Any], actions: Sequence[int]) -> int:
        values = _bench_by_colour([parse_card(c) for c in snap["benches"][snap["turn"]]])
        banks = [(float(values[a - BANK]), a) for a in actions if BANK <= a < BANK + NUM_COLOURS]
        if banks:
            best = max(value for value, _ in banks)
            if best >= self.bank_at or sum(deck_counts(snap)) <= self.endgame or DRAW not in actions:
                return self._best(banks)
        return DRAW
