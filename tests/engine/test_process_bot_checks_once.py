"""A process bot's move text is checked for legality once per move (issue 19, "Work
done once"): an answer that is another spelling of a legal move (PACRU reads move text
in either case) is only read to its action on the bot's copy, and the match runner's
checked ``apply_action`` is the one check; an answer that is no legal move is refused
by the bot in parse_move's words (the rule and reason) and never applied."""

from __future__ import annotations

from pathlib import Path

import pickpack
from pickpack.game_check import check_game
from pickpack.match import GameResult, play_game
from tests.engine.process_scripts import script
from tests.support.legality_counts import CALLS, counting_game

COUNTING = counting_game(pickpack.get_game("pacru"))


def _play(tmp_path: Path, go: str) -> GameResult:
    check_game(COUNTING)           # the load check plays the game itself, once per process
    CALLS.clear()
    spec = script(tmp_path, "speller", go=go)
    return play_game([spec, spec], 0, 5, game=COUNTING)


def test_a_process_bots_other_spelling_of_a_legal_move_is_checked_once(tmp_path: Path) -> None:
    # both seats answer their first legal move in capitals (E1-E2 for e1-e2) until move 3,
    # then resign by answering a move of no chevron of theirs (a1-a8, PA-M1)
    go = ('print("bestmove", legal[0].upper() if moves <= 3 else "a1-a8", flush=True)')
    result = _play(tmp_path, go)
    assert result.plies == 6 and result.fault == "illegal"
    assert result.moves[:2] == ["e1-e2", "a1-a2"]     # canonical texts are logged
    # 6 applied moves, one checked apply each; the illegal answer: parse_move's one check
    assert CALLS == {"apply_action": 6, "parse_move": 1, "check_action": 1}
    assert result.forfeit is not None and result.forfeit.endswith(
        "bestmove a1-a8: illegal move a1-a8 (action 20499): PA-M1: no chevron of south on a1")
