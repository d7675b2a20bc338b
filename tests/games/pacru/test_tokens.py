"""PACRU's action tokens (pickpack.games.pacru.action_tokens.TOKENS; issue 11): the
numbering by hand (docs/pacru.md, "Action tokens"), the token texts, bad input, and on
random positions (2-4 players, variants) that the legal actions' tokens are in range,
distinct and prefix-free and that TokenTurn reaches exactly the legal actions."""

from __future__ import annotations

import random
from math import comb
from typing import Any

import pytest

import pickpack
from pickpack.action_tokens import ActionTokens, SteppedActionTokens, TokenTurn
from pickpack.errors import IllegalMoveError
from pickpack.games.pacru.action_tokens import TOKENS
from pickpack.games.pacru.encoding import (NUM_DISTINCT_ACTIONS, REORIENT_2, REORIENT_4, decode_action,
                                           parse_action, place_in_borderland)
from pickpack.games.pacru.state import State


def test_the_game_names_the_codec() -> None:
    assert pickpack.get_game("pacru").load("action_tokens") is TOKENS
    assert isinstance(TOKENS, ActionTokens)
    assert (TOKENS.vocabulary, TOKENS.max_tokens) == (82, 7)


@pytest.mark.parametrize("text, tokens", [
    ("e1-e3", (4, 0, 1, 0, 0, 9, 81)),
    ("e1xe5[f4,*c7]", (4, 0, 3, 1, 0, 2, 56)),       # f4 is place 2 of e5's borderland
    ("a3-d3[conn,*b5]", (18, 2, 2, 0, 1, 9, 37)),
    ("a3-d3[e2]", (18, 2, 2, 0, 0, 4, 81)),
    ("i9-a1", (80, 5, 7, 0, 0, 9, 81)),
    ("e1>NE[a1,b2]", (4, 9, 0, 10)),                  # 45 degrees: 8 + NE
    ("e1>NW[b2,a1]", (4, 15, 0, 10)),
    ("e1>E[d4,a1,c3,b2]", (4, 18, 0, 10, 20, 30)),    # 90 degrees: 16 + E
])
def test_tokens_by_hand(text: str, tokens: tuple[int, ...]) -> None:
    assert TOKENS.tokens(parse_action(text)) == tokens


def test_tokens_at_the_ends_of_each_range() -> None:
    assert TOKENS.tokens(0) == (0, 0, 0, 0, 0, 0, 0)
    assert TOKENS.tokens(REORIENT_2 - 1) == (80, 7, 7, 1, 1, 9, 81)
    assert TOKENS.tokens(REORIENT_2) == (0, 8, 0, 1)
    assert TOKENS.tokens(REORIENT_4 - 1) == (80, 15, 79, 80)
    assert TOKENS.tokens(REORIENT_4) == (0, 16, 0, 1, 2, 3)
    assert TOKENS.tokens(NUM_DISTINCT_ACTIONS - 1) == (80, 23, 77, 78, 79, 80)


def test_tokens_agree_with_decode_action_across_the_space() -> None:
    rng = random.Random(3)
    bounds = (0, REORIENT_2, REORIENT_4, NUM_DISTINCT_ACTIONS)
    for _ in range(3000):
        part = rng.randrange(3)
        action = rng.randrange(bounds[part], bounds[part + 1])
        a = decode_action(action)
        got = TOKENS.tokens(action)
        if a.kind == "move":           # decode_action drops the crossing of a move off the board
            place = action // 82 % 10 if a.to < 0 else 9 if a.crossing < 0 else place_in_borderland(a.crossing)
            assert got == (a.cell, a.direction, a.distance - 1, int(a.pincer), int(a.connection), place,
                           81 if a.meeting < 0 else a.meeting)
        else:
            assert got == (a.cell, (8 if len(a.freed) == 2 else 16) + a.direction) + a.freed


@pytest.mark.parametrize("action, error", [(-1, ValueError), (NUM_DISTINCT_ACTIONS, ValueError),
                                           (True, TypeError), ("4", TypeError), (1.0, TypeError)])
def test_bad_actions(action: Any, error: type[Exception]) -> None:
    with pytest.raises(error, match="action"):
        TOKENS.tokens(action)


@pytest.mark.parametrize("prefix, token, text", [
    ((), 4, "e1"), ((), 80, "i9"),
    ((4,), 0, "N"), ((4,), 7, "NW"), ((4,), 9, ">NE"), ((4,), 17, ">NE"), ((4,), 23, ">NW"),
    ((4, 0), 0, "1"), ((4, 0), 7, "8"),
    ((4, 0, 1), 0, "-"), ((4, 0, 3), 1, "x"),
    ((4, 0, 1, 0), 1, "conn"), ((4, 0, 1, 0), 0, "no conn"),
    ((18, 2, 2, 0, 0), 4, "e2"), ((18, 2, 2, 0, 0), 0, "d1"), ((18, 2, 2, 0, 0), 8, "f3"),
    ((18, 2, 2, 0, 0), 9, "no crossing"), ((4, 0, 3, 1, 0), 2, "f4"),
    ((4, 0, 3, 1, 0, 2), 56, "*c7"), ((4, 0, 3, 1, 0, 2), 81, "no meeting"),
    ((4, 9), 0, "a1"), ((4, 9, 0), 10, "b2"), ((4, 18, 0, 10, 20), 30, "d4"),
])
def test_token_text_by_hand(prefix: tuple[int, ...], token: int, text: str) -> None:
    assert TOKENS.token_text(prefix, token) == text


@pytest.mark.parametrize("prefix, token, message", [
    ((), 81, r"token 81 after \[\]: the first token is the chevron's cell"),
    ((4,), 24, "token 24 after \\[4\\]: the second token"),
    ((4, 4), 0, "e1 1 cells S leaves the board"),
    ((4, 0), 8, "distance - 1, 0..7"),
    ((4, 0, 1), 2, "pincer mark is 0 or 1"),
    ((4, 0, 1, 0), 2, "connection mark is 0 or 1"),
    ((4, 0, 1, 0, 0), 10, "crossing place is 0..8"),
    ((4, 0, 1, 0, 0, 9), 82, "meeting cell is 0..80"),
    ((4, 0, 1, 0, 0, 9, 81), 0, "complete after 7 tokens"),
    ((4, 9, 10), 5, "freed cell is 11..80"),
    ((4, 9, 0, 10), 3, "complete after 4 tokens"),
    ((4, 16, 0, 1, 2, 3), 4, "complete after 6 tokens"),
    ((81,), 0, r"prefix \[81\]: the first token"),
    ((4, 4, 0), 0, r"prefix \[4, 4, 0\]: e1 1 cells S leaves the board"),
    ((4,), True, "a token is an int, not bool"),
    ((4, "N"), 0, "prefix \\[4, 'N'\\]: a token is an int, not str"),
])
def test_token_text_refuses_bad_input(prefix: tuple[Any, ...], token: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        TOKENS.token_text(prefix, token)


def coloured_start(players: int, variant: dict[str, Any]) -> State:
    """The start position with 6 cells of the first mover's colour along its home row
    (row 1 for south, row 9 for north, who moves first with 3 players: PA-S3), so that
    reorientations by 90 degrees (4 freed cells, PA-O1) are legal from the first turn."""
    state = pickpack.new_game("pacru", players=players, **variant)
    snap = state.snapshot()
    row = 0 if players == 3 else 8                    # the snapshot lists row 9 first
    snap["board"][row] = "AAAAAA..."
    return State.from_snapshot(snap, checked=False)


def random_positions(seed: int, games: int) -> list[State]:
    """Positions along random games, 2-4 players and the variants, half of them from a
    coloured start, with at most 30,000 legal actions (late positions list up to
    ~800,000 reorientations: too slow here)."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        variant: dict[str, Any] = ({}, {"single_cell": True}, {"classic_meeting": True})[g % 3]
        players = 2 + g // 3 % 3
        state = coloured_start(players, variant) if g % 2 else pickpack.new_game("pacru", players=players, **variant)
        assert isinstance(state, State)
        while not state.is_terminal() and state.ply < 160:
            if state.ply % 9 == 0 and state.num_legal_actions() <= 30_000:
                out.append(state.copy())
            state.apply_action(state.random_action(rng))
    return out


def token_tree_actions(state: State, turn: TokenTurn) -> list[int]:
    """Every action TokenTurn completes from ``turn``, exploring every legal token."""
    found: list[int] = []
    tokens = turn.legal_tokens(state)
    assert tokens and all(0 <= t < 82 for t in tokens) and tokens == sorted(set(tokens))
    for t in tokens:
        branch = turn.copy()
        done = branch.choose(state, t)
        if done is None:
            assert len(branch.prefix) < 7
            found.extend(token_tree_actions(state, branch))
        else:
            found.append(done)
    return found


def test_legal_actions_tokens_are_prefix_free_and_replay_exactly() -> None:
    positions = random_positions(seed=7, games=24)
    assert len(positions) > 80
    assert {p.num_players for p in positions} == {2, 3, 4}
    kinds: set[int] = set()
    for state in positions:
        legal = state.legal_actions()
        seqs = [TOKENS.tokens(a) for a in legal]
        assert len(set(seqs)) == len(seqs)
        prefixes = {s[:i] for s in seqs for i in range(1, len(s))}
        for s in seqs:
            assert len(s) in (4, 6, 7) and all(0 <= t < 82 for t in s) and s not in prefixes
            kinds.add(len(s))
        for s in seqs[:: max(1, len(seqs) // 50)]:
            assert all(TOKENS.token_text(s[:i], t) for i, t in enumerate(s))
        assert sorted(token_tree_actions(state, TokenTurn(TOKENS))) == legal
    assert kinds == {4, 6, 7}


def test_token_turn_refuses_a_token_and_names_the_prefix() -> None:
    state = pickpack.new_game("pacru", players=2)
    turn = TokenTurn(TOKENS)
    assert turn.legal_tokens(state) == [4, 18, 26, 80]     # south's a3 e1 i3 i9
    assert turn.choose(state, 4) is None
    assert turn.legal_tokens(state) == [0, 1, 7]           # e1: N, NE, NW (power 1, PA-M2)
    with pytest.raises(IllegalMoveError, match=r"token 2 does not continue any legal action after e1"):
        turn.choose(state, 2)
    assert turn.choose(state, 0) == parse_action("e1-e2")  # the rest is forced


def test_a_position_with_fifteen_thousand_reorientations_replays_exactly() -> None:
    snap = pickpack.new_game("pacru", players=2).snapshot()
    snap["board"][7:] = ["AAAAAAAAA", "AAAAAAAAA"]         # south holds rows 1 and 2: 18 cells
    state = State.from_snapshot(snap, checked=False)
    legal = state.legal_actions()
    free = 16                                 # e1 and north's a1 carry chevrons (PA-O1: freed cells are unoccupied)
    reorients = 4 * 2 * (comb(free, 2) + comb(free, 4))      # 4 chevrons x 2 ways x freed sets
    assert sum(a >= REORIENT_2 for a in legal) == reorients == 15_520
    seqs = {TOKENS.tokens(a) for a in legal}
    assert len(seqs) == len(legal)
    assert sorted(token_tree_actions(state, TokenTurn(TOKENS))) == legal


# --- the stepped codec: next_tokens and action (PAT2) ------------------------------------


class Generic:
    """TOKENS without next_tokens/action: TokenTurn then lists every legal action and
    tokenizes it (the generic answer the stepped codec must equal)."""

    vocabulary, max_tokens = TOKENS.vocabulary, TOKENS.max_tokens

    def tokens(self, action: int) -> tuple[int, ...]:
        return TOKENS.tokens(action)

    def token_text(self, prefix: tuple[int, ...], token: int) -> str:
        return TOKENS.token_text(prefix, token)


def generic_next(state: Any) -> dict[tuple[int, ...], list[int]]:
    """Every proper prefix of a legal action's tokens -> the tokens that follow it over
    state.legal_actions() (a prefix not in the map: none follow)."""
    following: dict[tuple[int, ...], set[int]] = {}
    for a in state.legal_actions():
        seq = TOKENS.tokens(a)
        for i in range(len(seq)):
            following.setdefault(seq[:i], set()).add(seq[i])
    return {p: sorted(ts) for p, ts in following.items()}


def late_position() -> State:
    """South (to move) holds 40 cells: rows 2-5 and b1..e1; a3, e1 and i3 carry its
    chevrons, so 37 cells are free: 4 chevrons x 2 ways x (C(37, 2) + C(37, 4)) =
    533,688 reorientations (PA-O1) and 153 moves."""
    snap = pickpack.new_game("pacru", players=2).snapshot()
    snap["board"][4:] = ["AAAAAAAAA", "AAAAAAAAA", "AAAAAAAAA", "AAAAAAAAA", ".AAAA...."]
    return State.from_snapshot(snap, checked=False)


def won_with_cells_to_spare() -> State:
    """South has 41 cells (late_position() plus f1) and plays e1-e4[d6]: the crossing
    reaches the target 42 (PA-B1, PA-E2). The game is over with south, to move in name,
    holding 4 chevrons and 38 free cells."""
    snap = pickpack.new_game("pacru", players=2).snapshot()
    snap["board"][4:] = ["AAAAAAAAA", "AAAAAAAAA", "AAAAAAAAA", "AAAAAAAAA", ".AAAAA..."]
    state = State.from_snapshot(snap, checked=False)
    state.apply(state.parse_move("e1-e4[d6]"))
    return state


def rich_positions(seed: int, games: int, extra: int) -> list[State]:
    """Late-looking positions with many reorientations: positions along random games
    (2-4 players, the variants) where the mover is then given ``extra`` more neutral
    cells of its colour (fewer if that would reach the target)."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        variant: dict[str, Any] = ({}, {"single_cell": True}, {"classic_meeting": True})[g % 3]
        state = pickpack.new_game("pacru", players=2 + g % 3, **variant)
        assert isinstance(state, State)
        for _ in range(rng.randrange(4, 40)):
            if state.is_terminal():
                break
            state.apply_action(state.random_action(rng))
        if state.is_terminal():
            continue
        snap = state.snapshot()
        seat = state.turn
        neutral = [c for c in range(81) if state.colour(c) < 0]
        board = [list(row) for row in snap["board"]]
        for c in rng.sample(neutral, min(extra, state.target - 1 - state.cells(seat), len(neutral))):
            board[8 - c // 9][c % 9] = "ABCD"[seat]
        snap["board"] = ["".join(row) for row in board]
        out.append(State.from_snapshot(snap, checked=False))
    return out


LATE_FREE = [1, 2, 3] + [c for c in range(9, 45) if c not in (18, 26)]


def test_the_codec_is_stepped_and_the_generic_wrapper_is_not() -> None:
    assert isinstance(TOKENS, SteppedActionTokens)
    assert not isinstance(Generic(), SteppedActionTokens) and isinstance(Generic(), ActionTokens)


@pytest.mark.parametrize("own, first, e1, i9", [
    # i9 points NE: N, NE and E leave the board, so i9 can only reorient (PA-M1, PA-O1).
    ("........", [4, 18, 26], [0, 1, 7], []),
    ("A.......", [4, 18, 26], [0, 1, 7], []),                          # 1 free cell: no reorientation
    ("AAA.....", [4, 18, 26, 80], [0, 1, 7, 9, 15], [8, 10]),          # 45 degrees only
    ("AAAA....", [4, 18, 26, 80], [0, 1, 7, 9, 15, 18, 22], [8, 10, 19, 23]),
])
def test_next_tokens_by_hand(own: str, first: list[int], e1: list[int], i9: list[int]) -> None:
    snap = pickpack.new_game("pacru", players=2).snapshot()
    snap["chevrons"][0] = ["a3E", "e1N", "i3W", "i9NE"]
    snap["board"][4] = own + "."                       # row 5: a5.. of south's colour
    state = State.from_snapshot(snap, checked=False)
    assert TOKENS.next_tokens(state, ()) == first
    assert TOKENS.next_tokens(state, (4,)) == e1      # e1 N: moves N NE NW (power 1), >NE >NW, >>E >>W
    assert TOKENS.next_tokens(state, (80,)) == i9     # i9 NE: >N >E, >>SE >>NW
    generic = generic_next(state)
    assert [generic.get(p, []) for p in [(), (4,), (80,)]] == [first, e1, i9]


def test_next_tokens_on_a_late_position_by_hand() -> None:
    state = late_position()
    assert state.num_legal_actions() == 533_841
    assert TOKENS.next_tokens(state, ()) == [4, 18, 26, 80]
    assert TOKENS.next_tokens(state, (4,))[-4:] == [9, 15, 18, 22]
    assert TOKENS.next_tokens(state, (4, 18)) == LATE_FREE[:-3]      # room for 3 more above
    assert TOKENS.next_tokens(state, (4, 9)) == LATE_FREE[:-1]
    assert TOKENS.next_tokens(state, (4, 18, 1, 2, 3)) == LATE_FREE[3:]
    assert TOKENS.next_tokens(state, (4, 18, 1, 2, 43)) == [44]
    assert TOKENS.next_tokens(state, (4, 18, 1, 2, 44)) == []        # no cell above i5
    assert TOKENS.next_tokens(state, (4, 18, 1, 2, 3, 9)) == []      # complete
    assert TOKENS.next_tokens(state, (4, 18, 2, 1)) == []            # not increasing
    assert TOKENS.next_tokens(state, (4, 18, 0)) == []               # a1: north's chevron, neutral
    assert TOKENS.next_tokens(state, (4, 18, 18)) == []              # a3: south's chevron
    assert TOKENS.next_tokens(state, (4, 17)) == []                  # N to NE is 45 degrees, not 90
    assert TOKENS.next_tokens(state, (40, 8)) == []                  # e5: no chevron


def test_a_late_position_with_half_a_million_actions_is_counted_through_next_tokens() -> None:
    """Every legal action is reached by the stepped codec: the moves by walking their
    tokens, the reorientations by counting (a freed-cell list after (cell, kind) of L
    cells means L + need - 1 free cells, C(L + need - 1, need) subsets)."""
    state = late_position()

    def moves_below(prefix: tuple[int, ...]) -> int:
        nexts = TOKENS.next_tokens(state, prefix)
        return 1 if not nexts else sum(moves_below(prefix + (t,)) for t in nexts)

    total = 0
    for cell in TOKENS.next_tokens(state, ()):
        for kind in TOKENS.next_tokens(state, (cell,)):
            if kind < 8:
                total += moves_below((cell, kind))
            else:
                need = 2 if kind < 16 else 4
                total += comb(len(TOKENS.next_tokens(state, (cell, kind))) + need - 1, need)
    assert total == state.num_legal_actions() == 533_841
    rng = random.Random(5)
    for _ in range(40):                                # random turns end on legal actions
        turn = TokenTurn(TOKENS)
        done = None
        while done is None:
            done = turn.choose(state, rng.choice(turn.legal_tokens(state)))
        assert state.check_action(done) is None


def explore_in_lockstep(state: Any, stepped: TokenTurn, generic: TokenTurn) -> int:
    """Walk every token TokenTurn offers with the stepped codec and the generic one side
    by side: same prefixes, same legal tokens, same completed actions. The number of
    actions reached."""
    assert stepped.prefix == generic.prefix
    tokens = stepped.legal_tokens(state)
    assert tokens == generic.legal_tokens(state) == TOKENS.next_tokens(state, stepped.prefix)
    reached = 0
    for t in tokens:
        s, g = stepped.copy(), generic.copy()
        done = s.choose(state, t)
        assert done == g.choose(state, t)
        if done is None:
            reached += explore_in_lockstep(state, s, g)
        else:
            assert TOKENS.action(TOKENS.tokens(done)) == done
            reached += 1
    return reached


def test_stepped_and_generic_token_turns_agree_everywhere() -> None:
    positions = random_positions(seed=11, games=9) + rich_positions(seed=12, games=6, extra=9)
    assert {p.num_players for p in positions} == {2, 3, 4}
    assert max(p.num_legal_actions() for p in positions) > 1000
    for state in positions:
        assert explore_in_lockstep(state, TokenTurn(TOKENS), TokenTurn(Generic())) == state.num_legal_actions()


def terminal_positions() -> list[State]:
    """Ends of random games (2-4 players, the variants) and won_with_cells_to_spare()."""
    rng = random.Random(2)
    out = []
    for g in range(9):
        variant: dict[str, Any] = ({}, {"single_cell": True}, {"classic_meeting": True})[g % 3]
        state = pickpack.new_game("pacru", players=2 + g % 3, **variant)
        assert isinstance(state, State)
        while not state.is_terminal():
            state.apply_action(state.random_action(rng))
        out.append(state)
    out.append(won_with_cells_to_spare())
    return out


def test_next_tokens_is_empty_at_the_end_of_the_game() -> None:
    ends = terminal_positions()
    assert ends[-1].winning_seats() == [0] and ends[-1].cells(0) >= 42
    for state in ends:
        assert state.legal_actions() == []
        for chevron_cell, direction in state.chevrons(state.turn):
            for prefix in [(), (chevron_cell,), (chevron_cell, direction), (chevron_cell, 16 + direction)]:
                assert TOKENS.next_tokens(state, prefix) == []
        assert TokenTurn(TOKENS).legal_tokens(state) == TokenTurn(Generic()).legal_tokens(state) == []


class NoMove:
    """A late position whose mover could not move (the C core lists neither moves nor,
    by PA-O2, reorientations then). A live State never gets here (PA-E1 puts such a
    player out and the snapshot loader refuses it), so this stands in for it."""

    def __init__(self, state: State) -> None:
        self._state, self.turn = state, state.turn

    def is_terminal(self) -> bool:
        return False

    def move_actions(self) -> list[int]:
        return []

    def legal_actions(self) -> list[int]:
        return []

    def chevrons(self, seat: int) -> list[tuple[int, int]]:
        return self._state.chevrons(seat)

    def colour(self, cell: int) -> int:
        return self._state.colour(cell)

    def chevron(self, cell: int) -> tuple[int, int] | None:
        return self._state.chevron(cell)


def test_no_reorientation_without_a_move() -> None:
    state = late_position()
    blocked = NoMove(state)
    for prefix in [(), (4,), (4, 18), (4, 18, 1), (4, 9, 1)]:
        assert TOKENS.next_tokens(state, prefix) != []
        assert TOKENS.next_tokens(blocked, prefix) == []
    assert TokenTurn(Generic()).legal_tokens(blocked) == []


def test_next_tokens_equals_the_generic_answer_for_every_prefix() -> None:
    """Every prefix of every legal action (also those TokenTurn fills in), each with
    one token changed to another value (-1..82: out of range, another cell, a wrong
    kind), and each whole action: the stepped answer is the generic one."""
    rng = random.Random(4)
    positions = (random_positions(seed=5, games=12)[::3] + rich_positions(seed=6, games=6, extra=10)
                 + terminal_positions()[:3])
    for state in positions:
        generic = generic_next(state)
        whole = [TOKENS.tokens(a) for a in state.legal_actions()]
        for prefix, expected in generic.items():
            assert TOKENS.next_tokens(state, prefix) == expected, prefix
            if prefix:
                i = rng.randrange(len(prefix))
                changed = prefix[:i] + (rng.randrange(-1, 83),) + prefix[i + 1:]
                assert TOKENS.next_tokens(state, changed) == generic.get(changed, [])
        for seq in whole[:: max(1, len(whole) // 200)]:
            assert TOKENS.next_tokens(state, seq) == []
            assert TOKENS.next_tokens(state, seq + (0,)) == []         # longer than any action


@pytest.mark.slow
def test_next_tokens_equals_the_generic_answer_on_the_late_position() -> None:
    """The 533,841 actions of late_position() listed and tokenized (some 10 s): every
    prefix of up to 4 tokens, and 3,000 longer ones."""
    state = late_position()
    generic = generic_next(state)
    longer = sorted(p for p in generic if len(p) > 4)
    for prefix in [p for p in generic if len(p) <= 4] + random.Random(6).sample(longer, 3000):
        assert TOKENS.next_tokens(state, prefix) == generic[prefix], prefix


@pytest.mark.parametrize("prefix", [(4, "N"), (True,), (4, 18, 1.0)])
def test_next_tokens_refuses_a_token_that_is_not_an_int(prefix: tuple[Any, ...]) -> None:
    state = pickpack.new_game("pacru", players=2)
    with pytest.raises(ValueError, match=r"prefix .*: a token is an int, not"):
        TOKENS.next_tokens(state, prefix)


@pytest.mark.parametrize("prefix", [(-1,), (81,), (4, -1), (4, 24), (4, 0, 8), (4, 0, -1), (4, 0, 0, 2),
                                    (4, 0, 0, 0, 2), (4, 0, 0, 0, 0, 10), (4, 9, 81), (4, 9, -1),
                                    (4, 0, 0, 0, 0, 9, 81, 0), tuple(range(12))])
def test_next_tokens_of_an_out_of_range_prefix_is_empty(prefix: tuple[int, ...]) -> None:
    state = coloured_start(2, {})
    assert TOKENS.next_tokens(state, prefix) == []
    assert prefix not in generic_next(state)


def test_action_inverts_tokens() -> None:
    rng = random.Random(8)
    bounds = (0, REORIENT_2, REORIENT_4, NUM_DISTINCT_ACTIONS)
    samples = [b + d for b in bounds[1:] for d in (-1, 0) if b + d < NUM_DISTINCT_ACTIONS] + [0]
    samples += [rng.randrange(bounds[i % 3], bounds[i % 3 + 1]) for i in range(3000)]
    for state in random_positions(seed=9, games=6) + [late_position()]:
        samples += state.move_actions() + state.legal_actions()[:: 97]
    for a in samples:
        assert TOKENS.action(TOKENS.tokens(a)) == a
    assert TOKENS.action([4, 9, 0, 10]) == parse_action("e1>NE[a1,b2]")       # any sequence of ints
    assert TOKENS.action((4, 0, 3, 1, 0, 2, 56)) == parse_action("e1xe5[f4,*c7]")
    assert TOKENS.action((4, 18, 0, 10, 20, 30)) == parse_action("e1>E[a1,b2,c3,d4]")


@pytest.mark.parametrize("tokens, message", [
    ((), "an action has 4, 6 or 7 tokens, not 0"),
    ((4,), "an action has 4, 6 or 7 tokens, not 1"),
    ((81, 0, 0, 0, 0, 9, 81), "the first token is the chevron's cell 0..80, not 81"),
    ((4, 24, 0, 1), "the second token is a move's direction 0..7 or a reorientation's 8..23, not 24"),
    ((4, 0, 1, 0, 0, 9), "a move has 7 tokens, not 6"),
    ((4, 0, 8, 0, 0, 9, 81), "the distance - 1 is 0..7, not 8"),
    ((4, 0, 1, 2, 0, 9, 81), "the pincer mark is 0..1, not 2"),
    ((4, 0, 1, 0, -1, 9, 81), "the connection mark is 0..1, not -1"),
    ((4, 0, 1, 0, 0, 10, 81), "the crossing place is 0..9, not 10"),
    ((4, 0, 1, 0, 0, 9, 82), "the meeting cell is 0..81, not 82"),
    ((4, 9, 0, 10, 20, 30), r"a reorientation by 45 degrees has 4 tokens \(its 2 freed cells\), not 6"),
    ((4, 16, 0, 1, 2), r"a reorientation by 90 degrees has 6 tokens \(its 4 freed cells\), not 5"),
    ((4, 9, 10, 10), "the freed cells are cells 0..80 in increasing order"),
    ((4, 9, 10, 5), "the freed cells are cells 0..80 in increasing order"),
    ((4, 9, 0, 81), "the freed cells are cells 0..80 in increasing order"),
    ((4, "N", 1, 0, 0, 9, 81), "a token is an int, not str"),
    ((4, True, 0, 10), "a token is an int, not bool"),
])
def test_action_refuses_a_sequence_that_is_no_action(tokens: tuple[Any, ...], message: str) -> None:
    with pytest.raises(ValueError, match=r"tokens \[.*\]: " + message):
        TOKENS.action(tokens)
