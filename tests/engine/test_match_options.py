"""Options that only a game's factory checks: the match builds one trial state
(pickpack.match.trial_state) before the first game, so such an option is one line and
exit status 2, never a traceback from inside a game."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pickpack.cli import main
from pickpack.errors import PickpackError
from pickpack.game import OptionError
from pickpack.match import check_bots, play_match, trial_state
from tests.support.nplayer_game import GAME, DiceState
from tests.support.plugin_dist import on_sys_path, write_distribution

# A dice race whose factory refuses an odd number of rounds (the option's own check
# accepts 1..10), with a two-line reason.
PICKY_SOURCE = '''
import dataclasses
from tests.support.nplayer_game import GAME as DICE, _factory


def _picky(players, seed, *, rounds):
    if rounds % 2:
        raise ValueError(f"rounds={rounds}: this table plays an even number\\nof rounds")
    return _factory(players, seed, rounds=rounds)


GAME = dataclasses.replace(DICE, name="picky", factory=_picky)
'''


@pytest.fixture()
def picky_installed(tmp_path: Path) -> Iterator[None]:
    """The picky dice race registered as ``picky`` in ``pickpack.games``."""
    site = tmp_path / "site"
    write_distribution(site, "picky-game", "1.0", {"pickpack.games": {"picky": "picky_game:GAME"}},
                       {"picky_game": PICKY_SOURCE})
    with on_sys_path(site):
        yield


def _raising(exc: Exception) -> Any:
    """The dice race with a factory that raises ``exc``."""
    def factory(players: int, seed: int | None, *, rounds: int) -> DiceState:
        raise exc
    return dataclasses.replace(GAME, factory=factory)


def test_the_command_refuses_a_factory_only_option_in_one_line(
        picky_installed: None, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["match", "random", "random", "random", "--game", "picky", "--option", "rounds=3",
              "--games", "2", "--jobs", "1"])
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert captured.err == ("pickpack: error: picky refused option rounds=3: rounds=3: this "
                            "table plays an even number of rounds\n")
    assert captured.out == ""


def test_the_command_plays_when_the_factory_accepts(
        picky_installed: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "random", "random", "random", "--game", "picky", "--option", "rounds=4",
                 "--games", "1", "--jobs", "1", "--json"]) == 0
    assert '"games_played": 1' in capsys.readouterr().out


def test_play_match_checks_the_factory_before_the_first_game() -> None:
    picky = _raising(ValueError("no such table"))
    with pytest.raises(OptionError) as info:
        play_match(["random", "random"], games=1, seed=0, game=picky, options={"rounds": 3})
    assert str(info.value) == "dice refused option rounds=3: no such table"
    assert info.value.field == "rounds"
    with pytest.raises(OptionError) as info:
        check_bots(["random"] * 3, game=picky, variant="long")
    assert str(info.value) == "dice refused variant 'long': no such table"
    assert info.value.field == "variant"


@pytest.mark.parametrize(("exc", "reason"), [
    (TypeError("rounds must be an int"), "rounds must be an int"),
    (PickpackError("bad start"), "bad start"),     # neither ValueError nor TypeError
    (ValueError(""), "ValueError"),
])
def test_every_factory_error_becomes_one_option_error(exc: Exception, reason: str) -> None:
    with pytest.raises(OptionError) as info:
        trial_state(_raising(exc), 3)
    assert str(info.value) == f"dice refused its default options: {reason}"
    assert info.value.field == "options"
    with pytest.raises(OptionError) as info:
        trial_state(_raising(exc), 3, options={"rounds": 2})
    assert str(info.value) == f"dice refused option rounds=2: {reason}"


def test_several_options_are_named_together() -> None:
    from pickpack.games.pickpack import GAME as PICKPACK

    def factory(players: int, seed: int | None, **options: Any) -> Any:
        raise ValueError("not today")

    refusing = dataclasses.replace(PICKPACK, factory=factory)
    with pytest.raises(OptionError) as info:
        trial_state(refusing, 2, options={"first": "blue", "deal": None})
    assert str(info.value) == "pickpack refused options first='blue', deal=None: not today"
    assert info.value.field == "options"
    # no options: the match's variant (Pick & Pack's match_variant) is named
    with pytest.raises(OptionError, match=r"^pickpack refused variant 'dealt': not today$"):
        trial_state(refusing, 2)


def test_an_option_error_of_the_factory_passes_unchanged() -> None:
    own = OptionError("rounds: the factory's own words", "rounds")
    with pytest.raises(OptionError) as info:
        trial_state(_raising(own), 2)
    assert info.value is own


def test_the_trial_state_is_the_match_s_state() -> None:
    state = trial_state(GAME, 4, variant="long")
    assert state.players == ("p1", "p2", "p3", "p4")
    assert state.snapshot()["rounds"] == 4
