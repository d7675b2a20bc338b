"""Plain-Python reference implementation of PUSH (a pickpack.GameState).

Written for clarity, straight from the rules (``/work/shared/rules/push.md``, docs/push.md,
ids ``PU-...``) and the state machine of the PUSH contract; it makes no attempt to be
fast. The C-backed ``pickpack.games.push.State`` is checked against it action by action.

Internally cards are types 0..31 (encoding.py), the deck is 32 counts, each stack a
sorted list of card types, each bench and bank 30 counts of number-card types. Undo
keeps, per action, the whole position before it (simple, obviously right).

    >>> state = RefState(3)
    >>> state.phase, state.deck_size, state.legal_actions()
    ('start', 120, [0])
    >>> state.apply_action(0); state.is_chance_node()
    True
"""

from __future__ import annotations

import array
from collections.abc import Mapping, Sequence
from typing import Any

from pickpack.errors import IllegalMoveError
from pickpack.game import CHANCE, TERMINAL, Game, seat_names
from pickpack.games_registry import get_game
from pickpack.games.push.encoding import (BANK, CARD_TEXT, COLOUR_LETTERS, DIE_FACES, DIE_OFFSET, DRAW,
                                          MAX_CHANCE_OUTCOMES, MAX_PLAYERS, MIN_PLAYERS, NUM_COLOURS,
                                          NUM_DISTINCT_ACTIONS, NUM_NUMBER_TYPES, NUM_STACKS, NUM_VALUES,
                                          PLACE, ROLL, STAR, STOP, SWITCH, TAKE, card_colour, card_value,
                                          decision_text, die_text, full_deck)
from pickpack.games.push.movetext import read_move_text
from pickpack.games.push.observation import infostate_snapshot, observation_from_snapshot
from pickpack.games.push.position import format_position, load_position, picture
from pickpack.games.push.reference.tensor import tensor_from_observation, tensor_size
from pickpack.games.push.zobrist import hash_snapshot
from pickpack.games.push.snapshot import cards_to_counts, counts_to_cards, deck_from_counts, deck_to_counts
from pickpack.games.push.snapshot_check import validate_snapshot
from pickpack.state_base import StateBase

__all__ = ["RefState", "can_join", "placeable"]

_NAMES = seat_names("p")
_CARD_INDEX = {text: i for i, text in enumerate(CARD_TEXT)}
_DIE_WEIGHTS = tuple((DIE_OFFSET + face, 1) for face in range(DIE_FACES))

# The position as one tuple (the undo token of an action: the position before it):
# (phase, turn, actor, card, deck, stacks, benches, banks, switches, turn_switches)
_Position = tuple[str, int, int, int | None, list[int], list[list[int]], list[list[int]], list[list[int]],
                  int, int]


def _check_flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {type(value).__name__} (PU-R3, PU-S2)")
    return value


def can_join(card: int, stack: Sequence[int]) -> bool:
    """True if card type ``card`` may join a stack holding the card types ``stack``
    (PU-P2): a number card when no card there has its colour or its value, a roll card
    when the stack has no roll card; a switch card never (PU-P3)."""
    if card == SWITCH:
        return False
    if card == ROLL:
        return ROLL not in stack
    return all(other >= NUM_NUMBER_TYPES or (card_colour(other) != card_colour(card)
                                            and card_value(other) != card_value(card)) for other in stack)


def placeable(card: int, stacks: Sequence[Sequence[int]]) -> list[int]:
    """The stacks (0..2, increasing) card type ``card`` may be placed on (PU-P2): each
    existing stack s < k it may join, then k (a new stack) when k < 3, where k is the
    number of stacks holding cards (the stacks in use are 0..k-1 during a push turn)."""
    if card == SWITCH:
        return []
    k = sum(1 for stack in stacks if stack)
    places = [s for s in range(k) if can_join(card, stacks[s])]
    if k < NUM_STACKS:
        places.append(k)
    return places



class RefState(StateBase):
    """A PUSH game in progress, the plain-Python reference (a pickpack.GameState and
    HiddenInformationState).

    ``RefState(players=4, hard=False, switch_per_turn=False)`` is a new game at the
    start position: phase start, seat 0 to push or bank, the full deck (120 cards, 108
    for 2 players, PU-C1, PU-C3). ``players`` an int 2..6 (TypeError for a non-int,
    ValueError otherwise, PU-C3/PU-T1); ``hard`` (PU-R3) and ``switch_per_turn``
    (PU-S2) bools (TypeError otherwise). Mutable; ``copy()`` is independent; pickles.
    The protocol's other members come from pickpack.state_base.StateBase.
    """

    move_rule = "PU-T1"

    def __init__(self, players: int = 4, *, hard: bool = False, switch_per_turn: bool = False) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise TypeError(f"players must be an int, not {type(players).__name__}")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"players must be {MIN_PLAYERS}..{MAX_PLAYERS}, not {players} (PU-C3, PU-T1)")
        self._n = players
        self._hard = _check_flag("hard", hard)
        self._switch_per_turn = _check_flag("switch_per_turn", switch_per_turn)
        self._phase = "start"
        self._turn = 0
        self._actor = 0
        self._card: int | None = None
        self._deck = full_deck(players)
        self._stacks: list[list[int]] = [[] for _ in range(NUM_STACKS)]
        self._benches = [[0] * NUM_NUMBER_TYPES for _ in range(players)]
        self._banks = [[0] * NUM_NUMBER_TYPES for _ in range(players)]
        self._switches = 0
        self._turn_switches = 0

    # --- facts ----------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """Player names in seat order, ``("p1", .., "pN")``."""
        return _NAMES(self._n)

    @property
    def game(self) -> Game[Any]:
        """The registered Game (pickpack.games.push.game.GAME), found through the game
        registry (entry point ``pickpack.games:push``), since game.py builds its states
        from the state module (importing it here would be an import cycle)."""
        return get_game("push")

    @property
    def options(self) -> dict[str, bool]:
        """``{"hard": bool, "switch_per_turn": bool}`` (PU-R3, PU-S2)."""
        return {"hard": self._hard, "switch_per_turn": self._switch_per_turn}

    @property
    def phase(self) -> str:
        """One of encoding.PHASES: start, draw, place, decide, roll, collect, over."""
        return self._phase

    @property
    def turn(self) -> int:
        """The seat whose turn it is (PU-T1)."""
        return self._turn

    @property
    def actor(self) -> int:
        """The seat that decides or rolls: the collector in phases collect and roll, else ``turn``."""
        return self._actor

    @property
    def ply(self) -> int:
        """Actions (decisions and chance outcomes) applied since this state was made."""
        return len(self.history_actions())

    @property
    def deck_size(self) -> int:
        """Cards left in the deck (public, PU-V1)."""
        return sum(self._deck)

    @property
    def direction(self) -> int:
        """The collection direction: +1 in seat order, -1 against it (PU-T2, PU-S2):
        reversed by each switch card on the pile, or with switch_per_turn by each one
        drawn this turn."""
        count = self._turn_switches if self._switch_per_turn else self._switches
        return 1 if count % 2 == 0 else -1

    # --- who is to move ---------------------------------------------------------------

    def current_player_id(self) -> int:
        """The deciding seat (``turn``, or the collector in phase collect), CHANCE while a
        card is drawn or the die rolls, TERMINAL once over."""
        if self._phase == "over":
            return TERMINAL
        if self._phase in ("draw", "roll"):
            return CHANCE
        return self._actor

    def chance_weights(self) -> list[tuple[int, int]] | tuple[tuple[int, int], ...]:
        """Phase draw: ``(card type, copies left)`` for every type left, in increasing
        type (PU-P1); phase roll: ``(32 + face, 1)`` for the 6 faces (PU-C2); else ()."""
        if self._phase == "draw":
            return [(t, n) for t, n in enumerate(self._deck) if n]
        if self._phase == "roll":
            return _DIE_WEIGHTS
        return ()

    # --- legal actions --------------------------------------------------------------

    def _stacks_in_use(self) -> int:
        return sum(1 for stack in self._stacks if stack)

    def legal_actions(self) -> list[int]:
        """Legal decisions or chance outcomes, increasing; [] once over (contract's
        state machine: start [draw] + bank per colour on the bench (PU-T1, PU-B2); place:
        the stacks the card may go to (PU-P2); decide: [draw] while the deck has cards,
        stop (PU-P4); collect: take per non-empty stack (PU-K1))."""
        phase = self._phase
        if phase == "draw":
            return [t for t, n in enumerate(self._deck) if n]
        if phase == "roll":
            return list(range(DIE_OFFSET, MAX_CHANCE_OUTCOMES))
        if phase == "start":
            bench = self._benches[self._turn]
            banks = [BANK + c for c in range(NUM_COLOURS)
                     if any(bench[c * NUM_VALUES:(c + 1) * NUM_VALUES])]
            return ([DRAW] if sum(self._deck) else []) + banks
        if phase == "place":
            assert self._card is not None
            return [PLACE + s for s in placeable(self._card, self._stacks)]
        if phase == "decide":
            return [DRAW, STOP] if sum(self._deck) else [STOP]
        if phase == "collect":
            return [TAKE + s for s in range(NUM_STACKS) if self._stacks[s]]
        return []

    def _check_action(self, action: int) -> tuple[str, str] | None:
        """None if ``action`` is legal here, else ``(rule id, reason)`` (the contract's
        rule ids: PU-E1, PU-C1, PU-C2, PU-T1, PU-P4, PU-B2, PU-P2, PU-K1)."""
        phase = self._phase
        if phase == "over":
            return "PU-E1", "the game is over; no action is legal"
        if phase == "draw":
            if 0 <= action < len(self._deck) and self._deck[action] > 0:
                return None
            return "PU-C1", f"the drawn card is a card type left in the deck, not {action}"
        if phase == "roll":
            if DIE_OFFSET <= action < MAX_CHANCE_OUTCOMES:
                return None
            return "PU-C2", f"the die's outcome is {DIE_OFFSET}..{MAX_CHANCE_OUTCOMES - 1}, not {action}"
        if not 0 <= action < NUM_DISTINCT_ACTIONS:
            return "PU-T1", f"a decision is 0..{NUM_DISTINCT_ACTIONS - 1}, not {action}"
        if phase == "start":
            if action == STOP:
                return "PU-P4", "a push turn draws at least one card"
            if BANK <= action < PLACE:
                colour = action - BANK
                bench = self._benches[self._turn]
                if not any(bench[colour * NUM_VALUES:(colour + 1) * NUM_VALUES]):
                    return "PU-B2", f"no {COLOUR_LETTERS[colour]} card on the bench to bank"
                return None
            if action != DRAW:
                return "PU-T1", "on a turn the player pushes (draw) or banks"
            return None
        if phase == "place":
            assert self._card is not None
            if not PLACE <= action < TAKE:
                return "PU-P2", "place the drawn card first"
            s = action - PLACE
            if s not in placeable(self._card, self._stacks):
                return "PU-P2", (f"{CARD_TEXT[self._card]} may not go to stack {s + 1}: a stack takes no two "
                                 f"cards of one colour or value nor two roll cards, and at most 3 stacks, "
                                 f"started in order")
            return None
        if phase == "decide":
            if action == DRAW:
                return None if sum(self._deck) else ("PU-P4", "the deck is empty: stop")
            if action == STOP:
                return None
            return "PU-P4", "draw again or stop"
        # collect
        if not TAKE <= action < TAKE + NUM_STACKS:
            return "PU-K1", "take one of the stacks left"
        if not self._stacks[action - TAKE]:
            return "PU-K1", f"stack {action - TAKE + 1} is empty; take one of the stacks left"
        return None

    # --- applying -------------------------------------------------------------------

    def _position(self) -> _Position:
        return (self._phase, self._turn, self._actor, self._card, self._deck.copy(),
                [stack.copy() for stack in self._stacks], [row.copy() for row in self._benches],
                [row.copy() for row in self._banks], self._switches, self._turn_switches)

    def _undo(self, pos: _Position) -> None:
        (self._phase, self._turn, self._actor, self._card, deck, stacks, benches, banks,
         self._switches, self._turn_switches) = pos
        self._deck = deck.copy()
        self._stacks = [stack.copy() for stack in stacks]
        self._benches = [row.copy() for row in benches]
        self._banks = [row.copy() for row in banks]

    def _apply_action(self, action: int) -> _Position:
        before = self._position()
        self._step(action)
        return before

    def _step(self, action: int) -> None:
        """Apply the legal ``action`` (the contract's state machine)."""
        phase = self._phase
        if phase == "start":
            if action == DRAW:                               # push (PU-T1, PU-P1)
                self._phase = "draw"
            else:                                            # bank a colour (PU-B1)
                colour = action - BANK
                bench, bank = self._benches[self._turn], self._banks[self._turn]
                for t in range(colour * NUM_VALUES, (colour + 1) * NUM_VALUES):
                    bank[t] += bench[t]
                    bench[t] = 0
                self._end_turn()
        elif phase == "draw":                                # the top card (PU-P1)
            self._deck[action] -= 1
            if action == SWITCH:                             # onto the switch pile (PU-P3, PU-S1)
                self._switches += 1
                self._turn_switches += 1
                self._phase = "decide"
            elif placeable(action, self._stacks):            # the player places it (PU-P2)
                self._card = action
                self._phase = "place"
            else:                                            # bust: discarded, roll (PU-P5)
                self._actor = self._turn
                self._phase = "roll"
        elif phase == "place":                               # PU-P2
            assert self._card is not None
            stack = self._stacks[action - PLACE]
            stack.append(self._card)
            stack.sort()
            self._card = None
            self._phase = "decide"
        elif phase == "decide":
            if action == DRAW:                               # draw again (PU-P4)
                self._phase = "draw"
            else:                                            # stop: collection starts (PU-K1)
                self._actor = self._turn
                if self._stacks_in_use():
                    self._phase = "collect"
                else:
                    self._end_turn()
        elif phase == "collect":                             # take a stack (PU-K1, PU-K4)
            s = action - TAKE
            stack = self._stacks[s]
            self._stacks[s] = []
            bench = self._benches[self._actor]
            for t in stack:
                if t < NUM_NUMBER_TYPES:
                    bench[t] += 1
            if ROLL in stack:                                # roll card discarded, actor rolls (PU-K4)
                self._phase = "roll"
            else:
                self._advance()
        elif phase == "roll":                                # PU-R1, PU-R2, PU-R3
            face = action - DIE_OFFSET
            bench = self._benches[self._actor]
            if face != STAR:
                for t in range(face * NUM_VALUES, (face + 1) * NUM_VALUES):
                    bench[t] = 0
            elif self._hard:
                for t in range(NUM_NUMBER_TYPES):
                    bench[t] = 0
            self._advance()

    def _advance(self) -> None:
        """The next collector in the collection direction (PU-K1, PU-K2); the collection
        never comes back to the active player (PU-K3)."""
        self._actor = (self._actor + self.direction) % self._n
        if self._actor == self._turn or not self._stacks_in_use():
            self._end_turn()
        else:
            self._phase = "collect"

    def _end_turn(self) -> None:
        """Stacks left are discarded (PU-K3); the game ends when the deck is empty
        (PU-E1), else the next seat in seat order plays (PU-T1, PU-S3)."""
        self._stacks = [[] for _ in range(NUM_STACKS)]
        self._actor = self._turn
        if not sum(self._deck):
            self._phase = "over"
            return
        self._turn = (self._turn + 1) % self._n
        self._actor = self._turn
        self._turn_switches = 0
        self._phase = "start"

    # --- text -----------------------------------------------------------------------

    def _action_text(self, action: int) -> str:
        """The text of ``action`` here: at a chance node a card (``R1`` .. ``P6``,
        ``roll``, ``switch``) for 0..31 or a die face (``die-R`` .. ``die-star``) for
        32..37; elsewhere a decision (``draw``, ``stop``, ``bank-R``, ``place-1``,
        ``take-1``, ...) for 0..12. IllegalMoveError (PU-C1 / PU-T1) outside that space."""
        if self.is_chance_node():
            if 0 <= action < DIE_OFFSET:
                return CARD_TEXT[action]
            if DIE_OFFSET <= action < MAX_CHANCE_OUTCOMES:
                return die_text(action)
            raise IllegalMoveError.for_action(action, "PU-C1", f"a chance outcome is 0..{MAX_CHANCE_OUTCOMES - 1}")
        if 0 <= action < NUM_DISTINCT_ACTIONS:
            return decision_text(action)
        raise IllegalMoveError.for_action(action, "PU-T1", f"a decision is 0..{NUM_DISTINCT_ACTIONS - 1}")

    def parse_action(self, text: str) -> int:
        """The action ``text`` denotes here (a decision ``draw`` (or ``push``), ``stop``,
        ``bank-R``, ``place-2``, ``take-3``; a card ``R1`` .. ``P6``, ``roll``,
        ``switch`` while one is drawn; ``die-R`` .. ``die-star`` while the die rolls; any
        letter case, spaces around ignored). MoveSyntaxError (with the column) for other
        text."""
        return read_move_text(text, self._phase, lambda: [m.text for m in self.legal_moves()])

    # --- outcome --------------------------------------------------------------------

    def score(self, seat: int) -> int:
        """Sum of the values of the number cards on ``seat``'s bench and in its bank
        (PU-E2). IndexError for a seat out of range."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"a seat is an int, not {type(seat).__name__}")
        if not 0 <= seat < self._n:
            raise IndexError(f"no seat {seat}: seats are 0..{self._n - 1}")
        return sum(card_value(t) * (self._benches[seat][t] + self._banks[seat][t])
                   for t in range(NUM_NUMBER_TYPES))

    def scores(self) -> dict[str, int]:
        """Scores by player name (PU-E2), ``{"p1": int, ...}``."""
        return {name: self.score(seat) for seat, name in enumerate(self.players)}

    def winners(self) -> tuple[str, ...]:
        """Names of the winning seats once over, in seat order (PU-E3); () before."""
        return tuple(self.players[seat] for seat in self.winning_seats())

    def winning_seats(self) -> list[int]:
        """The seats with the best score once the game is over (several share the win,
        PU-E3); [] before."""
        if self._phase != "over":
            return []
        scores = [self.score(seat) for seat in range(self._n)]
        best = max(scores)
        return [seat for seat, s in enumerate(scores) if s == best]

    def returns(self) -> list[float]:
        """Zeros before the end; then, with k seats sharing the best score among n, each
        of them ``(n-k)/(k(n-1))`` and everybody else ``-1/(n-1)`` (PU-E3; zero-sum)."""
        n = self._n
        if self._phase != "over":
            return [0.0] * n
        winners = self.winning_seats()
        k = len(winners)
        win = (n - k) / (k * (n - 1))
        return [win if seat in winners else -1.0 / (n - 1) for seat in range(n)]

    # --- snapshot, observation, position --------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The position as JSON-able data (docs/push.md, "Snapshot"; keys
        snapshot.FIELDS): players, hard, switch_per_turn, phase, turn, actor, card,
        deck (non-zero counts), stacks (3 lists), benches, banks, switches, turn_switches."""
        return {
            "players": self._n, "hard": self._hard, "switch_per_turn": self._switch_per_turn,
            "phase": self._phase, "turn": self._turn, "actor": self._actor,
            "card": None if self._card is None else CARD_TEXT[self._card],
            "deck": deck_from_counts(self._deck),
            "stacks": [[CARD_TEXT[t] for t in stack] for stack in self._stacks],
            "benches": [counts_to_cards(row) for row in self._benches],
            "banks": [counts_to_cards(row) for row in self._banks],
            "switches": self._switches, "turn_switches": self._turn_switches,
        }

    @classmethod
    def from_snapshot(cls, snap: Mapping[str, Any], *, checked: bool = True) -> RefState:
        """The state a snapshot describes, its history empty. SnapshotError naming the
        field, seat or stack and rule of a problem: the check is the C loader's alone
        (snapshot_check.validate_snapshot: push_load, the game's one rule-aware validator,
        docs/push.md "Positions the rules can reach"), shared here rather than copied,
        so both implementations refuse the same positions; loading a snapshot needs the
        C extension, importing this module does not. ``checked=False`` skips the
        reachability check."""
        good = validate_snapshot(snap, reachable=checked)
        state = cls(good["players"], hard=good["hard"], switch_per_turn=good["switch_per_turn"])
        state._phase = good["phase"]
        state._turn = good["turn"]
        state._actor = good["actor"]
        state._card = None if good["card"] is None else _CARD_INDEX[good["card"]]
        state._deck = deck_to_counts(good["deck"])
        state._stacks = [[t for t, n in enumerate(cards_to_counts(cards, "stacks")) for _ in range(n)]
                         for cards in good["stacks"]]
        state._benches = [cards_to_counts(cards, "benches")[:NUM_NUMBER_TYPES] for cards in good["benches"]]
        state._banks = [cards_to_counts(cards, "banks")[:NUM_NUMBER_TYPES] for cards in good["banks"]]
        state._switches = good["switches"]
        state._turn_switches = good["turn_switches"]
        return state

    def observation(self, player: int | str) -> dict[str, Any]:
        """What ``player`` (a seat or a name ``"p1"`` ..) may see (PU-V1): the snapshot
        with the deck's size instead of its cards, its own bank and the others' bank
        sizes, and the public discard pile (observation.observation_from_snapshot).
        TypeError/ValueError for an unknown player."""
        return observation_from_snapshot(self.snapshot(), self.seat_of(player))

    def observation_tensor_shape(self) -> tuple[int, ...]:
        """``(203 + 33 * players,)`` (reference.tensor, docs/push.md "Observation tensor")."""
        return (tensor_size(self._n),)

    def observation_tensor(self, player: int | str) -> array.array[float]:
        """``observation(player)`` as the flat float32 tensor of reference.tensor's
        layout (read from the observation alone, so nothing hidden enters it). Errors as
        ``observation``."""
        return array.array("f", tensor_from_observation(self.observation(player)))

    def resample_from_infostate(self, player: int, seed: int) -> RefState:
        """A state of ``player``'s information set, history empty: this position itself
        under perfect recall (observation.infostate_snapshot). TypeError/ValueError for
        a bad seat or seed."""
        return RefState.from_snapshot(infostate_snapshot(self.snapshot(), self.seat_of(player), seed))

    def zobrist_hash(self) -> int:
        """64-bit Zobrist hash of the position: zobrist.hash_snapshot(snapshot())."""
        return hash_snapshot(self.snapshot())

    def to_position(self) -> str:
        """The one-line position string (pickpack.games.push.position)."""
        return format_position(self.snapshot())

    @classmethod
    def from_position(cls, text: str, *, checked: bool = True) -> RefState:
        """The state a position string describes, its history empty. PositionError naming
        the field, column and rule of a problem (see from_snapshot for ``checked``)."""
        return load_position(text, lambda snap: cls.from_snapshot(snap, checked=checked))

    def __str__(self) -> str:
        """A short picture (position.picture)."""
        return picture(self.snapshot(), self.direction, [self.score(seat) for seat in range(self._n)])
