"""The states of the games conform to pickpack.GameState for mypy --strict, not only at
run time (issue 8, item 2: game-neutral modules are typed on the protocol). The programs
and the one mypy run they share with tests/engine/test_typing.py: tests/engine/mypy_strict.py."""

from __future__ import annotations

from tests.engine.mypy_strict import strict_run


def test_pick_and_pack_and_pig_states_are_game_states() -> None:
    status, lines, errors = strict_run()
    assert status in (0, 1), (lines, errors)                  # 1: wrong.py's error, below; 2 would be a crash
    assert lines.get("right.py", []) == []


def test_a_games_state_is_typed_as_its_class() -> None:
    status, lines, errors = strict_run()
    assert status == 1, (lines, errors)
    assert any('"State" has no attribute "no_such_method"' in line for line in lines["wrong.py"])
    assert all(line.startswith("wrong.py:3:") for line in lines["wrong.py"])      # the call, nothing else
