"""A header-only scan replays nothing (issue 19, "Work done once"; docs/ppn.md): a
Reader's ``read_headers`` (a visitor whose ``end_headers`` returns SKIP) gives every
game's tags and so the number of games of a file of records of any game, side lines
and comments included, while no dialect sets a game up or applies a move and no game
makes a state."""

from __future__ import annotations

import io
import random
from collections import Counter
from typing import Any

import pytest

import pickpack
import pickpack.game
from pickpack.game import GameState
from pickpack.records.dialect import dialect_named
from pickpack_ppn.notation import PPN

GAMES = {"pickpack": {"seed": 4}, "push": {"players": 3, "seed": 2}, "pacru": {"players": 4}}


def _played(name: str, plies: int) -> GameState:
    state = pickpack.new_game(name, **GAMES[name])
    rng = random.Random(plies)
    for _ in range(plies):
        if state.is_terminal():
            break
        outcomes = state.chance_outcomes()
        state.apply_action(rng.choice([a for a, _ in outcomes] if outcomes else state.legal_actions()))
    return state


def _file() -> str:
    """Six records of the three built-in games; one with a side line, comments and NAGs."""
    texts = [PPN.export(PPN.game_from_state(_played(name, plies), {"Event": f"{name} {plies}"},
                                            **({"seed": GAMES[name]["seed"]} if "seed" in GAMES[name] else {})))
             for name in sorted(GAMES) for plies in (9, 40)]
    texts.append('[Event "annotated"]\n[Seed "7"]\n[RedPlacement "PPWWRRQQXXMM"]\n'
                 '[BluePlacement "MMXXQQRRWWPP"]\n\n{ before } 1. a6>1 $1 (1. a6>2 { side }) 2. a3>1 *\n')
    return "\n".join(texts)


@pytest.fixture()
def work(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Counts every set-up, move applied and state made by each built-in game's dialect
    and Game."""
    calls: Counter[str] = Counter()
    owners: list[tuple[Any, str, str]] = [(pickpack.game.Game, method, f"Game.{method}")
                                          for method in ("new_state", "from_position")]
    for name in GAMES:
        dialect = dialect_named(name)
        owners += [(dialect, method, f"{name}.{method}") for method in ("apply_move", "state_from_tags")]
    for owner, method, key in owners:
        real = getattr(owner, method)

        def counting(*args: Any, _real: Any = real, _key: str = key, **kwargs: Any) -> Any:
            calls[_key] += 1
            return _real(*args, **kwargs)

        monkeypatch.setattr(owner, method, counting)
    return calls


def test_a_scan_of_the_headers_counts_the_games_and_replays_nothing(work: Counter[str]) -> None:
    text = _file()
    read = [dict(game.headers) for game in PPN.iter_games(io.StringIO(text))]
    assert len(read) == 7 and work["pacru.apply_move"] > 0 and work["push.state_from_tags"] == 2
    work.clear()
    reader = PPN.Reader(io.StringIO(text))
    scanned = []
    while (headers := reader.read_headers()) is not None:
        scanned.append(dict(headers))
    assert scanned == read
    assert [h["Event"] for h in scanned] == [f"{n} {p}" for n in sorted(GAMES) for p in (9, 40)] + ["annotated"]
    assert work == Counter()


def test_a_scan_of_a_file_reads_it_to_its_end_and_replays_nothing(work: Counter[str], tmp_path: Any) -> None:
    path = tmp_path / "games.ppn"
    path.write_text(_file(), encoding="utf-8")
    work.clear()
    with PPN.open(path) as stream:
        reader = PPN.Reader(stream)
        count = 0
        while reader.read_headers() is not None:
            count += 1
    assert count == 7 and work == Counter()


def test_a_scan_replays_nothing_of_a_record_whose_moves_are_illegal(work: Counter[str]) -> None:
    # a full read reports the illegal move; the scan never looks at the moves' meaning
    text = '[Seed "7"]\n[RedPlacement "PPWWRRQQXXMM"]\n[BluePlacement "MMXXQQRRWWPP"]\n\n1. f1>1 *\n'
    game = PPN.parse_game(text, strict=False)
    assert [e.message.split(":")[0] for e in game.errors] == ["move 1"]
    work.clear()
    headers = PPN.Reader(io.StringIO(text)).read_headers()
    assert headers is not None and headers["Seed"] == "7" and work == Counter()
