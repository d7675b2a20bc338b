"""A conformance case shows itself in one short line: its game by name, not the whole Game."""

from pickpack.testing import conformance_cases


def test_a_case_repr_names_its_game_and_nothing_of_the_game_object() -> None:
    case = next(c for c in conformance_cases("push") if c.check == "undo" and c.players == 4)
    assert repr(case) == (f"ConformanceCase('push-4p-undo', check='undo', game='push', players=4, "
                          f"sample={case.sample})")
    assert "Game(" not in repr(case)
