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

    >>> from pickpack.games.pacru.encoding import parse_action
    >>> TOKENS.tokens(parse_action("e1-e3")), TOKENS.tokens(parse_action("e1>NE[a1,b2]"))
    ((4, 0, 1, 0, 0, 9, 81), (4, 9, 0, 10))
    >>> [TOKENS.token_text((4, 0, 1, 0, 0, 9)[:i], t) for i, t in enumerate((4, 0, 1, 0, 0, 9, 81))]
    ['e1', 'N', '2', '-', 'no conn', 'no crossing', 'no meeting']
    >>> TOKENS.token_text((18, 2, 2, 0, 1), 1)         # a3 3 cells E lands on d3: place 1 is e1
    'e1'
"""

from __future__ import annotations

from bisect import bisect_right
from math import comb

from pickpack.games.pacru.encoding import (CROSSING_NONE, DIRECTIONS, MEETING_NONE, NUM_CELLS,
                                           NUM_DISTINCT_ACTIONS, NUM_MOVE_ACTIONS, REORIENT_2, REORIENT_4,
                                           borderland, borderland_cells, cell_text, step)

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
    """PACRU's ActionTokens (pickpack.action_tokens.ActionTokens): vocabulary 82, at most
    7 tokens (module docstring). Stateless; ``TOKENS`` is the one instance."""

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
            rest, meeting = divmod(action, 82)
            rest, place = divmod(rest, 10)
            rest, connection = divmod(rest, 2)
            rest, pincer = divmod(rest, 2)
            rest, distance = divmod(rest, 8)
            cell, direction = divmod(rest, 8)
            return (cell, direction, distance, pincer, connection, place, meeting)
        if action < REORIENT_4:
            head, rank = divmod(action - REORIENT_2, _COMB2)
            cell, direction = divmod(head, 8)
            return (cell, REORIENT_2_BASE + direction) + _unrank(rank, 2)
        head, rank = divmod(action - REORIENT_4, _COMB4)
        cell, direction = divmod(head, 8)
        return (cell, REORIENT_4_BASE + direction) + _unrank(rank, 4)

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


#: The game's ActionTokens object (``Game.action_tokens`` names it).
TOKENS = PacruTokens()
