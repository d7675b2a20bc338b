"""A bad save file is one SaveFileError naming the field, never a traceback: whatever
the game's factory raises for the options, seed or variant, and whatever it raises while
a move is replayed (``pickpack export``, the TUI's load)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from pickpack.cli import main
from pickpack.errors import PickpackError
from pickpack.games.pickpack.legacy_save import convert_v1
from pickpack.records.savefile import SavedGame, SaveFileError
from pickpack_tui.session import GameSession
from tests.support.pickpack_files import version_1_save
from tests.support.plain_game import DICE_RACE, DiceRace

#: The reviewer's file: Pick & Pack's deal as a number.
BAD_DEAL = {"format": "pickpack-save", "version": 2, "game": "pickpack", "variant": None,
            "options": {"deal": 5}, "players": {"red": "human", "blue": "greedy"}, "seed": 7,
            "moves": []}
DEAL_LINE = ("options.deal: option deal=5: must be a list of 36 apple counts, one per square "
             "a1..f6 (PP-S1)")


def _write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_export_of_a_save_with_a_number_as_deal_is_one_line(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, BAD_DEAL)
    with pytest.raises(SystemExit) as done:
        main(["export", str(path)])
    assert done.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err == f"pickpack: error: {path}: {DEAL_LINE}"


def test_the_tuis_load_of_a_save_with_a_number_as_deal_is_a_save_file_error(tmp_path: Path) -> None:
    path = _write(tmp_path, BAD_DEAL)
    with pytest.raises(SaveFileError) as info:
        GameSession.load(path)
    assert str(info.value) == f"{path}: {DEAL_LINE}"


def _race_with(factory: Any = None, **changes: Any) -> Any:
    """The dice race with another factory (the game does not check its options)."""
    game = dataclasses.replace(DICE_RACE, **({"factory": factory} if factory else {}), **changes)
    return lambda name: {"dicerace": game}[name]


def _race_save(**changes: Any) -> SavedGame:
    fields: dict[str, Any] = {"game": "dicerace", "players": {"p1": "human", "p2": "human"},
                              "moves": [], "seed": 3, "options": {"target": 4}}
    fields.update(changes)
    return SavedGame(**fields)


def test_a_type_error_of_the_factory_names_the_options() -> None:
    def factory(players: int, seed: int | None, *, target: int) -> DiceRace:
        return DiceRace(players, len(target))   # type: ignore[arg-type]  # int has no len()

    with pytest.raises(SaveFileError) as info:
        _race_save().start("g.json", _race_with(factory))
    assert str(info.value) == "g.json: options: object of type 'int' has no len()"


def test_a_pickpack_error_of_the_factory_names_the_options() -> None:
    def factory(players: int, seed: int | None, *, target: int) -> DiceRace:
        raise PickpackError(f"no race to {target}")

    with pytest.raises(SaveFileError) as info:
        _race_save().replay("g.json", _race_with(factory))
    assert str(info.value) == "g.json: options: no race to 4"


def test_a_seed_the_factory_refuses_is_named_seed() -> None:
    def factory(players: int, seed: int | None, *, target: int) -> DiceRace:
        if seed is not None and seed > 2:
            raise ValueError(f"seed must be at most 2, got {seed}")
        return DiceRace(players, target)

    with pytest.raises(SaveFileError) as info:
        _race_save().start("g.json", _race_with(factory))
    assert str(info.value) == "g.json: seed: seed must be at most 2, got 3"


def test_a_pick_and_pack_seed_out_of_range_is_named_seed() -> None:
    saved = SavedGame(game="pickpack", players={"red": "human", "blue": "human"}, moves=[], seed=2**64)
    with pytest.raises(SaveFileError) as info:
        saved.start("g.json")
    assert str(info.value) == "g.json: seed: seed must be in 0..2**64-1, got 18446744073709551616"


def test_a_version_1_seed_out_of_range_is_named_seed() -> None:
    data = version_1_save()
    data["seed"] = -1
    with pytest.raises(SaveFileError) as info:
        convert_v1(data, "g.json")
    assert str(info.value) == "g.json: seed: seed must be in 0..2**64-1, got -1"


class _Fragile(DiceRace):
    """A dice race whose third action breaks the game (a bug, not an illegal move)."""

    def apply_action(self, action: int) -> None:
        if len(self.history) == 2:
            raise ZeroDivisionError("division by zero")
        super().apply_action(action)


def test_any_error_while_replaying_a_move_names_the_move_index(tmp_path: Path) -> None:
    def factory(players: int, seed: int | None, *, target: int) -> DiceRace:
        return _Fragile(players, target)

    saved = _race_save(moves=["roll", "d2", "step"])
    with pytest.raises(SaveFileError) as info:
        saved.replay("g.json", _race_with(factory))
    assert str(info.value) == "g.json: moves[2]: 'step' cannot be replayed (ZeroDivisionError: division by zero)"
    # The TUI's load gives the same line.
    path = tmp_path / "race.json"
    saved.save(path)
    with pytest.raises(SaveFileError, match=r"race\.json: moves\[2\]: 'step' cannot be replayed"):
        GameSession.load(path, games=_race_with(factory))


def test_an_illegal_move_still_names_the_engines_rule() -> None:
    with pytest.raises(SaveFileError) as info:
        _race_save(moves=["roll", "step"]).replay("g.json", _race_with())
    assert str(info.value) == "g.json: moves[1]: illegal move step: DR-2: the die must be rolled first"
