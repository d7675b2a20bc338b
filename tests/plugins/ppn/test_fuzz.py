"""Random and mutated PPN input: the reader only ever raises PPNParseError, never
anything else, and never hangs.

Lenient reading (``strict=False``) must return every game without raising; strict
reading may raise only PPNParseError. A deadline of seconds per example (inputs of at
most a few thousand characters, read in milliseconds) turns a hang or a runaway regex
into a failure without making this a speed test.
"""

from __future__ import annotations

import io
from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack_ppn.errors import PPNParseError
from pickpack_ppn.notation import PPN
from tests.plugins.ppn.random_games import headers_for, random_game

FUZZ = settings(max_examples=300, deadline=timedelta(seconds=5),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# Characters PPN gives a meaning to, so that random text reaches the parser's branches.
PPN_ALPHABET = ('[]"\\{}();$!?*.%0123456789abcdefTBLRPWQXM>/:x+=- \t\n\r'
                "EventSdR\ufeff\udcff\u00e9")
CANONICAL = "".join(PPN.export(PPN.game_from_state(random_game(seed), headers_for(seed)))
                    for seed in (1, 3, 4))


def read_all(text: str) -> None:
    """Read ``text`` leniently (must not raise) and strictly (PPNParseError only)."""
    games = list(PPN.iter_games(io.StringIO(text), strict=False))
    for game in games:
        assert all(isinstance(e, PPNParseError) and e.line >= 1 and e.column >= 1 for e in game.errors)
        PPN.export(game)                         # what was read can be written
    reader = PPN.iter_games(io.StringIO(text), strict=True)
    count = 0
    while True:
        try:
            next(reader)
        except StopIteration:
            break
        except PPNParseError:
            pass                                 # strict: that game is reported, go on
        count += 1
    assert count == len(games)


@FUZZ
@given(st.text(max_size=2000))
def test_random_text(text: str) -> None:
    read_all(text)


@FUZZ
@given(st.text(alphabet=PPN_ALPHABET, max_size=2000))
def test_random_text_of_ppn_characters(text: str) -> None:
    read_all(text)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """CANONICAL (three real games) with 1-6 random edits: deletions, insertions,
    duplications and replacements of short slices."""
    text = CANONICAL
    for _ in range(draw(st.integers(1, 6))):
        i = draw(st.integers(0, len(text)))
        j = min(len(text), i + draw(st.integers(0, 12)))
        edit = draw(st.sampled_from(["delete", "insert", "duplicate", "replace"]))
        piece = draw(st.text(alphabet=PPN_ALPHABET, min_size=1, max_size=8))
        if edit == "delete":
            text = text[:i] + text[j:]
        elif edit == "insert":
            text = text[:i] + piece + text[i:]
        elif edit == "duplicate":
            text = text[:j] + text[i:j] + text[j:]
        else:
            text = text[:i] + piece + text[j:]
    return text


@FUZZ
@given(mutated())
def test_mutated_games(text: str) -> None:
    read_all(text)


@settings(max_examples=100, deadline=timedelta(seconds=5))
@given(st.integers(1, 300))
def test_deep_nesting_and_long_lines(depth: int) -> None:
    # Variations nested ``depth`` deep, each an alternative first move; then one line of
    # thousands of tokens. No recursion limit, no quadratic blow-up.
    placements = pickpack_game.placements_from_seed(3)
    state = pickpack.new_game(seed=3, placements=placements)
    move = state.legal_moves()[0].text
    head = (f'[Seed "3"]\n[RedPlacement "{placements["red"]}"]\n'
            f'[BluePlacement "{placements["blue"]}"]\n')
    nested = f"1. {move} " + f"( 1. {move} " * depth + ")" * depth + " *\n"
    games = list(PPN.iter_games(io.StringIO(head + nested), strict=False))
    assert len(games) == 1 and games[0].errors == [] and len(games[0].variations) == depth + 1
    PPN.export(games[0])
    read_all(head + "1. a1>1 " * (depth * 20) + "\n")
