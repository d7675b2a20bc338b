"""Hand-built PUSH positions and scripted play for the PUSH rule tests.

Every rule test runs twice, through the ``impl`` fixture: once against the plain-Python
reference (``pickpack.games.push.reference.push_ref.RefState``) and once against the
engine's ``pickpack.games.push.state.State`` (C-backed once CORE lands it). Positions are
built only through the public ``from_snapshot`` (the contract's snapshot format) and
changed only through ``apply`` with move texts, so every draw and every die roll is
chosen by the test and the expected values are exact.

``snapshot(...)`` states only what a test needs; everything else is filled in the same
way every time, so that a reader can work the expected values out by hand:

- 4 players, options off, phase ``start``, seat 0 to move (``actor`` = ``turn``);
- stacks, benches and banks empty, no drawn card, no switch cards drawn;
- the deck: the full deck of PU-C1/PU-C3 (``full_deck(players)``) minus every card the
  snapshot places elsewhere (stacks, drawn card, benches, banks, switch pile) and minus
  ``discard``; or exactly ``deck`` when the test gives it (the discard pile is then
  everything else, as the contract defines it).

Card texts: ``R1`` .. ``P6`` (colours R B G Y P, values 1..6), ``roll``, ``switch``;
die outcomes ``die-R`` .. ``die-P``, ``die-star``; decisions ``draw``, ``stop``,
``bank-R`` .. ``bank-P``, ``place-1`` .. ``place-3``, ``take-1`` .. ``take-3``
(pickpack/games/push/encoding.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from pickpack.errors import IllegalMoveError
from pickpack.games.push.encoding import CARD_TEXT, SWITCH, full_deck, parse_card

__all__ = ["IMPLEMENTATIONS", "bench", "bank", "broken_rule", "card_counts", "discard", "impl",
           "load", "play", "snapshot", "stacks", "texts"]

#: The two implementations every rule test runs against (fixture ``impl``).
IMPLEMENTATIONS = ("reference", "state")


def _implementation(name: str) -> Any:
    if name == "reference":
        from pickpack.games.push.reference.push_ref import RefState
        return RefState
    from pickpack.games.push.state import State
    return State


@pytest.fixture(params=IMPLEMENTATIONS)
def impl(request: pytest.FixtureRequest) -> Any:
    """The state class under test: the reference RefState, then the engine's State."""
    return _implementation(request.param)


def _sorted_cards(cards: Iterable[str]) -> list[str]:
    """Card texts in card-type order (the snapshot's order)."""
    return sorted(cards, key=parse_card)


def card_counts(cards: Iterable[str]) -> Counter[int]:
    """Copies per card type of the card texts ``cards``."""
    return Counter(parse_card(c) for c in cards)


def snapshot(players: int = 4, *, phase: str = "start", turn: int = 0, actor: int | None = None,
             card: str | None = None, stacks: Sequence[Sequence[str]] = (),
             benches: Mapping[int, Sequence[str]] | None = None,
             banks: Mapping[int, Sequence[str]] | None = None, switches: int = 0,
             turn_switches: int = 0, discard: Sequence[str] = (),
             deck: Mapping[str, int] | None = None, hard: bool = False,
             switch_per_turn: bool = False) -> dict[str, Any]:
    """A snapshot dict in the contract's format, filled in as the module docstring says.

    ``stacks``: up to three lists of card texts (missing stacks are empty);
    ``benches`` / ``banks``: seat -> card texts; ``discard``: card texts on the discard
    pile (only when ``deck`` is not given); ``deck``: card text -> copies left.
    """
    bench_of = {seat: list(cards) for seat, cards in (benches or {}).items()}
    bank_of = {seat: list(cards) for seat, cards in (banks or {}).items()}
    all_stacks = [list(s) for s in stacks] + [[] for _ in range(3 - len(stacks))]
    if deck is None:
        counts = full_deck(players)
        used = [c for s in all_stacks for c in s] + [c for b in bench_of.values() for c in b]
        used += [c for b in bank_of.values() for c in b] + list(discard) + ([card] if card else [])
        used += [CARD_TEXT[SWITCH]] * switches
        for t, n in card_counts(used).items():
            counts[t] -= n
        if min(counts) < 0:
            raise AssertionError(f"the test position uses more cards than the deck has: {counts}")
        deck_counts = {CARD_TEXT[t]: n for t, n in enumerate(counts) if n}
    else:
        deck_counts = {text: deck[text] for text in _sorted_cards(deck) if deck[text]}
    return {
        "players": players, "hard": hard, "switch_per_turn": switch_per_turn,
        "phase": phase, "turn": turn, "actor": turn if actor is None else actor, "card": card,
        "deck": deck_counts,
        "stacks": [_sorted_cards(s) for s in all_stacks],
        "benches": [_sorted_cards(bench_of.get(seat, [])) for seat in range(players)],
        "banks": [_sorted_cards(bank_of.get(seat, [])) for seat in range(players)],
        "switches": switches, "turn_switches": turn_switches,
    }


def load(impl: Any, players: int = 4, **fields: Any) -> Any:
    """``impl.from_snapshot(snapshot(players, **fields))``."""
    return impl.from_snapshot(snapshot(players, **fields))


def play(state: Any, script: str) -> Any:
    """Apply the whitespace-separated move texts of ``script`` (decisions, drawn cards,
    die outcomes) in order; returns ``state``. A text the state refuses fails the test
    with the position and the rule named."""
    for word in script.split():
        try:
            state.apply(word)
        except IllegalMoveError as error:
            raise AssertionError(f"{word!r} refused in phase {state.phase}: {error}") from error
    return state


def texts(state: Any) -> list[str]:
    """Texts of the legal moves (or chance outcomes) in order."""
    return [m.text for m in state.legal_moves()]


def stacks(state: Any) -> list[list[str]]:
    """The three stacks' card texts (card-type order)."""
    return [list(s) for s in state.snapshot()["stacks"]]


def bench(state: Any, seat: int) -> list[str]:
    """Seat's bench (card texts, card-type order)."""
    return list(state.snapshot()["benches"][seat])


def bank(state: Any, seat: int) -> list[str]:
    """Seat's bank (card texts, card-type order)."""
    return list(state.snapshot()["banks"][seat])


def discard(state: Any) -> dict[str, int]:
    """The public discard pile as card text -> copies (seat 0's observation)."""
    return dict(state.observation(0)["discard"])


def broken_rule(state: Any, action: int) -> str:
    """The rule id of the IllegalMoveError that ``apply_action(action)`` raises, after
    checking that ``check_action`` names the same rule and that the state (snapshot and
    Zobrist hash) is unchanged; fails the test if the action is accepted."""
    before, key = state.snapshot(), state.zobrist_hash()
    checked = state.check_action(action)
    assert checked is not None, f"action {action} is legal in phase {state.phase}"
    with pytest.raises(IllegalMoveError) as caught:
        state.apply_action(action)
    assert caught.value.rule == checked[0]
    assert checked[0] in str(caught.value)
    assert state.snapshot() == before and state.zobrist_hash() == key
    return str(caught.value.rule)
