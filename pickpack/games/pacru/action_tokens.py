"""PACRU's actions as token sequences (``TOKENS``, the game's ``action_tokens`` part;
pickpack.action_tokens; docs/pacru.md, "Action tokens").

An action (encoding.py, 1,097,206,560 of them) becomes at most 7 tokens from a
vocabulary of 82, so that a turn can be played as a few small decisions:

- token 0: the acting chevron's cell, 0..80;
- token 1: a move's travel direction ``d`` (0..7, N..NW, PA-M1), or ``8 + d`` a
  reorientation by 45 degrees to the new direction ``d``, or ``16 + d`` one by 90
  degrees (PA-O1);
- a move then has token 2 the distance - 1 (0..7, PA-M2), token 3 the pincer mark (0/1,
  PA-K2), token 4 the connection mark (0/1, PA-J1), token 5 the crossing cell's place in
  the destination borderland (0..8, 9 none, PA-B1), token 6 the meeting cell (0..80, 81
  none, PA-T1): 7 tokens;
- a reorientation then has its freed cells in increasing order: 2 or 4 more tokens.

Token 1 tells the kind and the length, so no sequence is a prefix of another.

``TOKENS`` is a ``SteppedActionTokens``: ``next_tokens(state, prefix)`` lists the legal
next tokens from the state's moves (``move_actions``, a few thousand at most) and, for
reorientations, from its chevrons and free cells (the mover's colour, no chevron) without
listing the freed-cell subsets (late in a game some 800,000 of them), and
``action(tokens)`` is the inverse of ``tokens``. It is a ``CSteppedActionTokens`` too:
``c_token_state(state)`` is the same tokens stepped in C (core/pacru/pacru_tokens.h,
pickpack.games.pacru._core.TokenCoreState), what pickpack.vector steps.

    >>> from pickpack.games.pacru.encoding import parse_action
    >>> TOKENS.tokens(parse_action("e1-e3")), TOKENS.tokens(parse_action("e1>NE[a1,b2]"))
    ((4, 0, 1, 0, 0, 9, 81), (4, 9, 0, 10))
    >>> [TOKENS.token_text((4, 0, 1, 0, 0, 9)[:i], t) for i, t in enumerate((4, 0, 1, 0, 0, 9, 81))]
    ['e1', 'N', '2', '-', 'no conn', 'no crossing', 'no meeting']
    >>> TOKENS.token_text((18, 2, 2, 0, 1), 1)         # a3 3 cells E lands on d3: place 1 is e1
    'e1'
    >>> TOKENS.action((4, 9, 0, 10)) == parse_action("e1>NE[a1,b2]")
    True
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from math import comb
from typing import Any

from pickpack.games.pacru.encoding import (CROSSING_NONE, DIRECTIONS, MEETING_NONE, NUM_CELLS,
                                           NUM_DISTINCT_ACTIONS, NUM_MOVE_ACTIONS, REORIENT_2, REORIENT_4,
                                           borderland, borderland_cells, cell_text, move_digits, step)
from pickpack.games.pacru.random_action import MoverView

__all__ = ["TOKENS", "PacruTokens", "REORIENT_2_BASE", "REORIENT_4_BASE", "VOCABULARY", "MAX_TOKENS"]

#: Tokens are 0..VOCABULARY-1 (the 82 meeting choices are the widest position).
VOCABULARY = 82
#: A move's 7 tokens; a reorientation has 4 or 6.
MAX_TOKENS = 7
#: Token 1 of a reorientation by 45 degrees is REORIENT_2_BASE + new direction; by 90
#: degrees REORIENT_4_BASE + new direction.
REORIENT_2_BASE = 8
REORIENT_4_BASE = 16

_COMB2 = comb(NUM_CELLS, 2)
_COMB4 = comb(NUM_CELLS, 4)
# _BINOM[k][c] = C(c, k), increasing in c for c >= k - 1: the colex unrank by bisection.
_BINOM = {k: [comb(c, k) for c in range(NUM_CELLS)] for k in (1, 2, 3, 4)}
#: A move's token ranges (module docstring) and the place value of each token in the
#: move's number: the tokens are the digits of the action in this mixed radix.
_MOVE_RADIX = (NUM_CELLS, 8, 8, 2, 2, CROSSING_NONE + 1, MEETING_NONE + 1)
_MOVE_WEIGHT = (8 * 8 * 2 * 2 * 10 * 82, 8 * 2 * 2 * 10 * 82, 2 * 2 * 10 * 82, 2 * 10 * 82, 10 * 82, 82, 1)
_MOVE_NAMES = ("the chevron's cell", "the direction", "the distance - 1", "the pincer mark",
               "the connection mark", "the crossing place", "the meeting cell")


def _unrank(rank: int, k: int) -> tuple[int, ...]:
    """The ``k`` cells (increasing) of colex rank ``rank`` (encoding.combination_unrank,
    by bisection over C(c, i))."""
    cells = []
    for i in range(k, 0, -1):
        c = bisect_right(_BINOM[i], rank) - 1       # largest c with C(c, i) <= rank
        cells.append(c)
        rank -= _BINOM[i][c]
    return tuple(reversed(cells))


class PacruTokens:
    """PACRU's SteppedActionTokens (pickpack.action_tokens): vocabulary 82, at most 7
    tokens (module docstring). Stateless; ``TOKENS`` is the one instance."""

    vocabulary = VOCABULARY
    max_tokens = MAX_TOKENS

    def tokens(self, action: int) -> tuple[int, ...]:
        """The action's tokens (module docstring), by arithmetic on its number. TypeError
        for a non-int, ValueError outside 0..NUM_DISTINCT_ACTIONS-1."""
        if isinstance(action, bool) or not isinstance(action, int):
            raise TypeError(f"an action is an int, not {type(action).__name__}")
        if not 0 <= action < NUM_DISTINCT_ACTIONS:
            raise ValueError(f"action {action} is outside 0..{NUM_DISTINCT_ACTIONS - 1}")
        if action < NUM_MOVE_ACTIONS:
            return move_digits(action)
        if action < REORIENT_4:
            head, rank = divmod(action - REORIENT_2, _COMB2)
            cell, direction = divmod(head, 8)
            return (cell, REORIENT_2_BASE + direction) + _unrank(rank, 2)
        head, rank = divmod(action - REORIENT_4, _COMB4)
        cell, direction = divmod(head, 8)
        return (cell, REORIENT_4_BASE + direction) + _unrank(rank, 4)

    def action(self, tokens: Sequence[int]) -> int:
        """The action whose tokens are ``tokens`` (the inverse of ``tokens``; any
        sequence of ints). ValueError naming the tokens and the problem when they are no
        action: a token not an int, too few or too many tokens for the kind token 1
        tells, a token out of its range, freed cells not increasing."""
        seq = tuple(tokens)

        def bad(problem: str) -> ValueError:
            return ValueError(f"tokens {list(seq)}: {problem}")

        for t in seq:
            if isinstance(t, bool) or not isinstance(t, int):
                raise bad(f"a token is an int, not {type(t).__name__}")
        if len(seq) < 2:
            raise bad(f"an action has 4, 6 or 7 tokens, not {len(seq)}")
        cell, kind = seq[0], seq[1]
        if not 0 <= cell < NUM_CELLS:
            raise bad(f"the first token is the chevron's cell 0..{NUM_CELLS - 1}, not {cell}")
        if not 0 <= kind < REORIENT_4_BASE + 8:
            raise bad(f"the second token is a move's direction 0..7 or a reorientation's 8..23, not {kind}")
        if kind < REORIENT_2_BASE:
            if len(seq) != MAX_TOKENS:
                raise bad(f"a move has {MAX_TOKENS} tokens, not {len(seq)}")
            action = 0
            for name, radix, weight, t in zip(_MOVE_NAMES, _MOVE_RADIX, _MOVE_WEIGHT, seq):
                if not 0 <= t < radix:
                    raise bad(f"{name} is 0..{radix - 1}, not {t}")
                action += t * weight
            return action
        need = 2 if kind < REORIENT_4_BASE else 4
        if len(seq) != 2 + need:
            raise bad(f"a reorientation by {45 * need // 2} degrees has {2 + need} tokens "
                      f"(its {need} freed cells), not {len(seq)}")
        freed = seq[2:]
        if not all(0 <= c < NUM_CELLS for c in freed) or any(a >= b for a, b in zip(freed, freed[1:])):
            raise bad(f"the freed cells are cells 0..{NUM_CELLS - 1} in increasing order")
        rank = sum(_BINOM[i + 1][c] for i, c in enumerate(freed))
        if need == 2:
            return REORIENT_2 + (cell * 8 + kind - REORIENT_2_BASE) * _COMB2 + rank
        return REORIENT_4 + (cell * 8 + kind - REORIENT_4_BASE) * _COMB4 + rank

    def next_tokens(self, state: MoverView, prefix: Sequence[int]) -> list[int]:
        """The tokens that continue some legal action of ``state`` after ``prefix`` (the
        tokens of this turn so far), increasing: exactly the tokens at place
        ``len(prefix)`` of the legal actions whose tokens start with ``prefix``.

        Empty at the end of the game, when ``prefix`` is a whole action, and when no
        legal action starts with it -- also when a token of ``prefix`` is out of its
        range (a negative cell, a distance - 1 of 8, ...): such a prefix starts no
        action. ValueError naming the prefix when one of its tokens is not an int.

        Moves come from ``state.move_actions()``: a move's tokens are the digits of its
        number, so the moves starting with ``prefix`` are one range of numbers.
        Reorientations (PA-O1) come from the mover's chevrons and free cells (its
        colour, no chevron): after a freed cell the next is any higher free cell that
        leaves enough free cells above it for the rest, so no subset is listed. There is
        none unless some chevron of the mover can move (PA-O2).
        """
        prefix = tuple(prefix)
        for t in prefix:
            if isinstance(t, bool) or not isinstance(t, int):
                raise ValueError(f"prefix {list(prefix)}: a token is an int, not {type(t).__name__}")
        depth = len(prefix)
        if depth >= MAX_TOKENS or state.is_terminal():
            return []
        moves = state.move_actions()
        if not moves:                                        # PA-O2: no move, no reorientation
            return []
        if depth >= 2 and REORIENT_2_BASE <= prefix[1] < REORIENT_4_BASE + 8:
            return self._next_freed(state, prefix)
        following = _next_move_tokens(moves, prefix)
        if depth < 2:
            following |= self._reorientation_heads(state, prefix)
        return sorted(following)

    @staticmethod
    def _free(state: MoverView) -> list[int]:
        """The cells a reorientation may free, increasing: the mover's colour, no
        chevron (PA-O1)."""
        seat = state.turn
        return [c for c in range(NUM_CELLS) if state.colour(c) == seat and state.chevron(c) is None]

    def _reorientation_heads(self, state: MoverView, prefix: tuple[int, ...]) -> set[int]:
        """Token 0 (the chevron's cell) or 1 (8 + d, 16 + d) of the legal reorientations
        after ``prefix`` (0 or 1 tokens); the caller checked PA-O2."""
        free = len(self._free(state))
        if free < 2:
            return set()
        chevrons = dict(state.chevrons(state.turn))
        if not prefix:
            return set(chevrons)
        if prefix[0] not in chevrons:
            return set()
        d = chevrons[prefix[0]]
        heads = {REORIENT_2_BASE + (d + 1) % 8, REORIENT_2_BASE + (d + 7) % 8}
        if free >= 4:
            heads |= {REORIENT_4_BASE + (d + 2) % 8, REORIENT_4_BASE + (d + 6) % 8}
        return heads

    def _next_freed(self, state: MoverView, prefix: tuple[int, ...]) -> list[int]:
        """The next freed cells after ``prefix`` = (cell, 8 + d or 16 + d, freed cells so
        far); the caller checked PA-O2."""
        cell, kind = prefix[0], prefix[1]
        need = 2 if kind < REORIENT_4_BASE else 4
        chosen = prefix[2:]
        if len(chosen) >= need:
            return []
        direction = dict(state.chevrons(state.turn)).get(cell)
        if direction is None or (kind - direction) % 8 not in ((1, 7) if need == 2 else (2, 6)):
            return []
        free = self._free(state)
        start = 0
        for c in chosen:                              # each a free cell above the one before
            i = bisect_left(free, c, start)
            if i == len(free) or free[i] != c:
                return []
            start = i + 1
        return free[start:len(free) - (need - len(chosen) - 1)]

    def c_token_state(self, state: Any) -> Any:
        """A TokenCoreState (pickpack.games.pacru._core) at ``state``'s position (a
        PACRU State), no token chosen: these tokens stepped in C by the token view's
        own table of operations (core/pacru/pacru_tokens.h). TypeError for anything
        but a PACRU State."""
        from pickpack.games.pacru._core import TokenCoreState

        return TokenCoreState.of(state)

    def token_text(self, prefix: tuple[int, ...], token: int) -> str:
        """The text of ``token`` after ``prefix`` (the tokens of the same turn before it):
        a cell ``e1``; a move's direction ``N``..``NW`` or a reorientation's ``>NE``; a
        distance ``1``..``8``; ``-`` or ``x`` (pincer); ``conn`` or ``no conn``; the
        crossing cell in the destination borderland (from the cell, direction and
        distance of the prefix) or ``no crossing``; ``*c7`` or ``no meeting``; a freed
        cell ``a1``. ValueError naming the prefix or the token when the prefix is not the
        start of an action, or the token cannot follow it (out of range, a move off the
        board, freed cells not increasing)."""
        prefix = tuple(prefix)
        for i, t in enumerate(prefix):
            self._check(prefix[:i], t, what="prefix")
        return self._check(prefix, token, what="token")

    def _check(self, prefix: tuple[int, ...], token: int, what: str) -> str:
        """The text of ``token`` after ``prefix`` (assumed valid), or ValueError naming
        ``what`` (``prefix`` or ``token``)."""
        depth = len(prefix)

        def bad(problem: str) -> ValueError:
            shown = f"{what} {list(prefix) + [token]}" if what == "prefix" else f"token {token!r} after {list(prefix)}"
            return ValueError(f"{shown}: {problem}")

        if isinstance(token, bool) or not isinstance(token, int):
            raise bad(f"a token is an int, not {type(token).__name__}")
        if depth == 0:
            if not 0 <= token < NUM_CELLS:
                raise bad(f"the first token is the chevron's cell 0..{NUM_CELLS - 1}")
            return cell_text(token)
        if depth == 1:
            if not 0 <= token < REORIENT_4_BASE + 8:
                raise bad("the second token is a move's direction 0..7 or a reorientation's 8..23")
            return DIRECTIONS[token] if token < 8 else ">" + DIRECTIONS[token % 8]
        cell, kind = prefix[0], prefix[1]
        if kind >= REORIENT_2_BASE:                          # a reorientation's freed cells
            freed = 2 if kind < REORIENT_4_BASE else 4
            if depth >= 2 + freed:
                raise bad(f"a reorientation freeing {freed} cells is complete after {2 + freed} tokens")
            low = prefix[-1] + 1 if depth > 2 else 0
            if not low <= token < NUM_CELLS:
                raise bad(f"a freed cell is {low}..{NUM_CELLS - 1} (freed cells in increasing order)")
            return cell_text(token)
        if depth == 2:
            if not 0 <= token < 8:
                raise bad("the third token of a move is its distance - 1, 0..7")
            if step(cell, kind, token + 1) < 0:
                raise bad(f"{cell_text(cell)} {token + 1} cells {DIRECTIONS[kind]} leaves the board")
            return str(token + 1)
        if depth in (3, 4):
            if token not in (0, 1):
                raise bad(f"the {'pincer' if depth == 3 else 'connection'} mark is 0 or 1")
            if depth == 3:
                return "x" if token else "-"
            return "conn" if token else "no conn"
        if depth == 5:
            if not 0 <= token <= CROSSING_NONE:
                raise bad(f"the crossing place is 0..8, or {CROSSING_NONE} for none")
            if token == CROSSING_NONE:
                return "no crossing"
            return cell_text(borderland_cells(borderland(step(cell, kind, prefix[2] + 1)))[token])
        if depth == 6:
            if not 0 <= token <= MEETING_NONE:
                raise bad(f"the meeting cell is 0..80, or {MEETING_NONE} for none")
            return "no meeting" if token == MEETING_NONE else "*" + cell_text(token)
        raise bad(f"a move is complete after {MAX_TOKENS} tokens")


def _next_move_tokens(moves: list[int], prefix: tuple[int, ...]) -> set[int]:
    """Token ``len(prefix)`` of the moves in ``moves`` whose tokens start with
    ``prefix`` (0..6 tokens, any ints): the moves in one range of numbers."""
    low = 0
    for radix, weight, t in zip(_MOVE_RADIX, _MOVE_WEIGHT, prefix):
        if not 0 <= t < radix:
            return set()
        low += t * weight
    depth = len(prefix)
    high = low + (_MOVE_WEIGHT[depth - 1] if depth else NUM_MOVE_ACTIONS)
    weight, radix = _MOVE_WEIGHT[depth], _MOVE_RADIX[depth]
    return {a // weight % radix for a in moves if low <= a < high}


#: The game's SteppedActionTokens object (``Game.action_tokens`` names it).
TOKENS = PacruTokens()
