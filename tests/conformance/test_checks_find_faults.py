"""Each check of pickpack.testing finds the fault it is there for: Pig (which keeps the
contract, tests/conformance/test_contract.py) with one promise broken at a time, the
check that guards it run alone, its message naming game, set-up, ply (or start
position), check and fault; so does an error the game itself raises in a check or while
its walks are drawn."""

from __future__ import annotations

import array
import dataclasses
from fractions import Fraction
from typing import Any

import pytest

from pickpack.errors import IllegalMoveError
from pickpack.game import Game
from pickpack.move import Move
from pickpack.testing import CHECKS, ConformanceError, check_conformance, conformance_cases
from tests.conformance.installed import games_under_test

PIG = games_under_test()["pig"]
PigState: Any = type(PIG.new_state())


def game_of(state_class: type) -> Game[Any]:
    """Pig whose states are ``state_class`` (a module-level class, so that it pickles)."""
    return dataclasses.replace(PIG, factory=_Factory(state_class))


@dataclasses.dataclass(frozen=True)
class _Factory:
    state_class: type

    def __call__(self, players: int, seed: int | None, *, target: int) -> Any:
        return self.state_class(players, target)


def fault(state_class: type, check: str, sample: int = 16) -> str:
    """The message of ``check`` on Pig with ``state_class``'s states (2 players,
    ``sample`` plies of each walk checked)."""
    (case,) = conformance_cases(game_of(state_class), players=[2], checks=[check], sample=sample)
    with pytest.raises(ConformanceError) as caught:
        case.run()
    return str(caught.value)


class GreedyUndo(PigState):
    def undo(self) -> None:
        super().undo()
        if len(self.history_actions()) % 5 == 4:     # now and then takes back two actions
            super().undo()


class SharedCopy(PigState):
    def copy(self) -> Any:
        return self                        # the "copy" is the state itself


class HistorylessPickle(PigState):
    def __reduce__(self) -> Any:
        return type(self).from_position, (self.to_position(),)


class EarlyReturns(PigState):
    def returns(self) -> list[float]:
        return [0.5] + [0.0] * (self.num_players - 1)


class ListedWinners(PigState):
    def winners(self) -> Any:
        return list(super().winners())


class LoadedDieWeights(PigState):
    """A fair die by its Fractions, a loaded one by its weights."""

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        return [(face, Fraction(1, 6)) for face in range(6)] if self.is_chance_node() else []

    def chance_weights(self) -> list[tuple[int, int]]:
        return [(face, 2 if face == 5 else 1) for face in range(6)] if self.is_chance_node() else []


class UnfairDie(PigState):
    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        return [(face, Fraction(1, 7)) for face in range(6)] if self.is_chance_node() else []


class FloatDie(PigState):
    """Probabilities as floats (1/8 and 3/8, summing to exactly 1): not Fractions."""

    def chance_outcomes(self) -> list[tuple[int, Any]]:
        probabilities = [0.125, 0.125, 0.125, 0.375, 0.125, 0.125]
        return list(zip(range(6), probabilities, strict=True)) if self.is_chance_node() else []


class TensorShowsTheTurnTotal(PigState):
    """The observation hides the turn total (as if it were secret); the tensor still
    shows it."""

    def observation(self, player: int | str) -> dict[str, Any]:
        seen = dict(super().observation(player))
        del seen["turn_total"], seen["ply"]
        return seen


class LeakyResample(PigState):
    def resample_from_infostate(self, player: int, seed: int) -> Any:
        other = self.copy()
        if other.legal_actions():
            other.apply_action(other.legal_actions()[0])        # a move every seat sees
        return other


class LenientParse(PigState):
    def parse_move(self, text: str) -> Move:
        word = text.strip()
        if word in ("roll", "hold"):                # legality not checked, as PACRU did
            return Move(("roll", "hold").index(word), word)
        return super().parse_move(text)


class OldStyleActionErrors(PigState):
    def apply_action(self, action: int) -> None:
        problem = self.check_action(action)
        if problem is not None:
            raise IllegalMoveError(f"{action}: {problem[0]}: {problem[1]}", rule=problem[0])
        super().apply_action(action)


class ShoutedText(PigState):
    def action_text(self, action: int) -> str:
        return super().action_text(action).upper()


class NamelessIllegalActions(PigState):
    def action_text(self, action: int) -> Any:
        return None if self.check_action(action) is not None else super().action_text(action)


class NoOptions(PigState):
    @property
    def options(self) -> dict[str, Any]:
        return {}


class FlatPerft(PigState):
    def perft(self, depth: int, progress: Any = None) -> int:
        return 1


@pytest.mark.parametrize(("state_class", "check", "message"), [
    (GreedyUndo, "undo", "ply 175, check undo: undoing back from the walk's end does not give this ply's state"),
    (SharedCopy, "copy", "an action applied to a copy changed the state"),
    (HistorylessPickle, "pickle", "the unpickled state differs"),
    (EarlyReturns, "returns", "returns() is [0.5, 0.0] before the end, not zeros"),
    (ListedWinners, "winners", "winners() is [], not a tuple of seat names"),
    (LoadedDieWeights, "chance", "chance_weights() [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (5, 2)] disagree"),
    (UnfairDie, "chance", "not Fractions in (0, 1] summing to 1"),
    (FloatDie, "chance", "chance probabilities [0.125, 0.125, 0.125, 0.375, 0.125, 0.125] are not Fractions"),
    (LeakyResample, "observation", "resample_from_infostate(0, ...) gives a state seat 0 can tell apart"),
    (LenientParse, "illegal-text", "parse_move('hold') of an illegal action's own text raised nothing"),
    (OldStyleActionErrors, "illegal-actions", "apply_action(-1) raised IllegalMoveError with action None"),
    (ShoutedText, "text-round-trip", "action 0 has text 'ROLL' but parse_move gives MoveSyntaxError"),
    (NamelessIllegalActions, "illegal-text", "action_text(1) returned None, not a move text (a non-empty str) "
                                             "or IllegalMoveError"),
    (NoOptions, "options", "seed 0, start position, check options: options is {}, not a dict of the "
                           "options ['target']"),
    (FlatPerft, "perft", "ply 13, check perft: perft(0), perft(1) are (1, 1), not (1, 6)"),
])
def test_each_check_finds_its_fault(state_class: type, check: str, message: str) -> None:
    found = fault(state_class, check)
    assert found.startswith("pig, 2 players, seed 0")
    assert f", check {check}: " in found
    assert message in found


class CopyFailsFromPly3(PigState):
    def copy(self) -> Any:
        if len(self.history_actions()) >= 3:
            raise RuntimeError("no copies\n after ply 2")
        return super().copy()


class ApplyFailsAtPly5(PigState):
    def apply_action(self, action: int) -> None:
        if len(self.history_actions()) == 5:
            raise RuntimeError("the die rolled away")
        super().apply_action(action)


def test_an_error_the_game_raises_in_a_check_names_where() -> None:
    # every ply is checked (sample 10**6): copy() is first refused at ply 3 of seed 0
    assert fault(CopyFailsFromPly3, "copy", sample=10**6) == (
        "pig, 2 players, seed 0, ply 3, check copy: raised RuntimeError: no copies after ply 2")


def test_an_error_the_game_raises_while_the_walks_are_drawn_names_where() -> None:
    assert fault(ApplyFailsAtPly5, "perft") == (
        "pig, 2 players, seed 0, ply 5, check perft: drawing the random walk raised RuntimeError: the die "
        "rolled away")


@dataclasses.dataclass(frozen=True)
class _RefusesSeed1:
    def __call__(self, players: int, seed: int | None, *, target: int) -> Any:
        if seed == 1:
            raise ValueError("seed 1 is unlucky")
        return PigState(players, target)


def test_a_start_the_game_refuses_names_the_seed_and_start_position() -> None:
    # the walks are seed 0 played two ways, then seed 1: its new_state raises
    (case,) = conformance_cases(dataclasses.replace(PIG, factory=_RefusesSeed1()), players=[2], checks=["undo"])
    with pytest.raises(ConformanceError) as caught:
        case.run()
    assert str(caught.value) == ("pig, 2 players, seed 1, start position, check undo: drawing the random walk "
                                 "raised ValueError: seed 1 is unlucky")
    assert (caught.value.where, caught.value.check) == ("pig, 2 players, seed 1, start position", "undo")


def test_a_check_called_alone_names_itself() -> None:
    from pickpack.testing import check_perft, random_walk

    walk = random_walk(game_of(FlatPerft), 2, seed=0)
    with pytest.raises(ConformanceError) as caught:
        check_perft([walk], 16)
    assert str(caught.value).startswith("pig, 2 players, seed 0, ply ")
    assert ", check perft: perft(0), perft(1) are (1, 1), not (1, " in str(caught.value)


def test_a_tensor_showing_what_the_observation_hides_is_found() -> None:
    """Two states Pig's seat sees alike once the turn total is hidden (the start of a
    turn, and after a roll of 3) whose tensors still differ; found when every ply is
    checked (states seen alike are rarer than plies)."""
    found = fault(TensorShowsTheTurnTotal, "observation", sample=10**6)
    assert "(equal observation) but its observation tensors differ" in found


def test_a_state_whose_game_is_another_game_is_found() -> None:
    found = fault(PigState, "game-identity")
    assert "the state's game is not the Game it was made from" in found


def test_every_check_is_proved_to_find_a_fault() -> None:
    proved = {"undo", "copy", "pickle", "returns", "winners", "chance", "observation", "illegal-text",
              "illegal-actions", "text-round-trip", "options", "perft", "game-identity"}
    assert proved == set(CHECKS)


def test_check_conformance_lists_every_failed_case_on_its_own_line() -> None:
    with pytest.raises(ConformanceError) as caught:
        check_conformance(game_of(FlatPerft), checks=["perft", "undo", "options"])
    lines = str(caught.value).splitlines()
    assert lines[0] == "pig fails 2 conformance case(s):"
    assert [line.split(":")[0] for line in lines[1:]] == ["pig-2p-perft", "pig-6p-perft"]


def test_pig_passes_check_conformance() -> None:
    check_conformance(PIG, seeds=[3], ways=1)


def test_an_unknown_check_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match=r"^unknown conformance check 'undoo'; checks: game-identity, "):
        conformance_cases(PIG, checks=["undoo"])


def test_cases_are_named_game_players_check() -> None:
    names = [case.name for case in conformance_cases(PIG, checks=["undo", "pickle"])]
    assert names == ["pig-2p-undo", "pig-2p-pickle", "pig-6p-undo", "pig-6p-pickle"]


def test_the_tensor_check_sees_float32_bytes() -> None:
    state = PIG.new_state()
    assert array.array("f", state.observation_tensor(0)).itemsize == 4


def test_conformance_cases_take_an_installed_game_by_name() -> None:
    import pickpack

    cases = conformance_cases("push", checks=["undo"])
    assert [case.name for case in cases] == ["push-4p-undo", "push-6p-undo"]
    assert all(case.game == pickpack.get_game("push") for case in cases)


def test_conformance_cases_of_an_unknown_name_is_one_lookup_error() -> None:
    with pytest.raises(LookupError) as caught:
        conformance_cases("pgi")
    assert str(caught.value).startswith("conformance cases of 'pgi': ")
    assert "push" in str(caught.value)          # the installed games are listed


@pytest.mark.parametrize("wrong", [42, None, ["pig"]])
def test_conformance_cases_of_neither_game_nor_name_is_a_type_error(wrong: Any) -> None:
    with pytest.raises(TypeError, match=r"^conformance cases need a pickpack.Game or the name of an installed "
                                         r"game, not "):
        conformance_cases(wrong)
    with pytest.raises(TypeError, match=r"^conformance cases need a pickpack.Game"):
        check_conformance(wrong)
