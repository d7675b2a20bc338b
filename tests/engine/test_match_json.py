"""``pickpack match --json`` (issue 22, item 11): the document is streamed -- each game
written as it is booked, none kept -- and is one valid JSON object in every end: a
complete match, an interrupted one, one that fails after its first game."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

import pickpack.match.runner as match_module
from pickpack.cli import main
from pickpack.commands.match import _JsonStream
from pickpack.match import play_match

SETTINGS = ["game_count", "seed", "jobs", "variant", "options", "backend", "time_limit",
            "handshake_timeout", "game", "players"]


def _run_json(capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, Any]:
    assert main(["match", "random", "greedy", "--games", "4", "--seed", "2", "--jobs", "1",
                 "--json", *extra]) == 0
    document: dict[str, Any] = json.loads(capsys.readouterr().out)
    return document


def test_the_document_has_the_settings_then_the_games_then_the_totals(
        capsys: pytest.CaptureFixture[str]) -> None:
    document = _run_json(capsys)
    assert list(document) == [*SETTINGS, "games", "games_played", "interrupted", "bots"]
    assert document["game_count"] == 4 and document["game"] == "pickpack"
    assert document["players"] == 2 and document["games_played"] == 4
    assert [g["index"] for g in document["games"]] == [0, 1, 2, 3]


def test_the_games_are_those_of_play_match(capsys: pytest.CaptureFixture[str]) -> None:
    document = _run_json(capsys)
    summary = play_match(["random", "greedy"], 4, 2, jobs=1)
    expected = json.loads(json.dumps(summary.to_json()))      # tuples as lists
    assert document["games"] == expected["games"]
    assert document["bots"] == expected["bots"]


def test_the_command_keeps_no_game(capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # memory follows --jobs: play_match is asked to keep nothing, every game goes to
    # the record callback, written at once
    seen: dict[str, Any] = {}
    real = match_module.play_match

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.update(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(match_module, "play_match", spy)
    document = _run_json(capsys)
    assert seen["keep_games"] is False and seen["record"] is not None
    assert len(document["games"]) == 4


class _Game:
    def __init__(self, index: int) -> None:
        self.index = index

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "moves": ["a", "b"]}


def test_each_game_is_written_when_it_is_booked() -> None:
    out = io.StringIO()
    stream = _JsonStream({"game_count": 2, "options": {"k": [1, 2]}}, out)
    assert out.getvalue() == ""                     # nothing before the first game
    stream.write(_Game(0))  # type: ignore[arg-type]
    first = out.getvalue()
    assert first.startswith('{\n  "game_count": 2,\n  "options": {\n    "k": [')
    assert first.endswith('"index": 0,\n      "moves": [\n        "a",\n        "b"\n      ]\n    }')
    stream.write(_Game(1))  # type: ignore[arg-type]
    assert out.getvalue().startswith(first) and len(out.getvalue()) > len(first)
    stream.fail("pickpack: backend died")
    assert json.loads(out.getvalue()) == {
        "game_count": 2, "options": {"k": [1, 2]},
        "games": [{"index": 0, "moves": ["a", "b"]}, {"index": 1, "moves": ["a", "b"]}],
        "games_played": 2, "error": "pickpack: backend died"}


def test_a_failure_before_the_first_game_prints_no_json() -> None:
    out = io.StringIO()
    _JsonStream({"game_count": 2}, out).fail("refused")
    assert out.getvalue() == ""


def test_a_match_failing_after_its_first_game_ends_the_json_with_the_error(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from pickpack.match.backends import BackendError

    real = match_module.play_match

    def dies_after_one(*args: Any, **kwargs: Any) -> Any:
        record = kwargs["record"]
        summary = real(["random", "greedy"], 1, 2, jobs=1, keep_games=True)
        record(summary.games[0])
        raise BackendError("a worker process died while playing")

    monkeypatch.setattr(match_module, "play_match", dies_after_one)
    with pytest.raises(SystemExit) as exit_info:
        main(["match", "random", "greedy", "--games", "4", "--seed", "2", "--jobs", "1", "--json"])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    document = json.loads(captured.out)
    assert list(document) == [*SETTINGS, "games", "games_played", "error"]
    assert document["games_played"] == 1 and len(document["games"]) == 1
    assert document["error"] == "a worker process died while playing"
    assert captured.err == "pickpack: error: a worker process died while playing\n"
