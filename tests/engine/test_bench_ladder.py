"""bench/ladder.py, the strength ladder of docs/bots.md ("Strength", issue 20 item 6):
its table on results worked by hand, a tiny real round robin, the budget specs and the
docs markers. Only the cheap bots play, two games a pair."""

from __future__ import annotations

import importlib.util
import math
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _ladder() -> Any:
    """bench/ladder.py as a module (bench/ is not a package)."""
    spec = importlib.util.spec_from_file_location("bench_ladder", ROOT / "bench" / "ladder.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module          # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _wilson(p: float, n: int) -> tuple[float, float]:
    """The Wilson 95% interval by its textbook formula (Wilson 1927), independent of
    pickpack.match.stats."""
    z = 1.959963984540054
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def _cell(p: float, n: int) -> str:
    low, high = _wilson(p, n)
    return f"{p:.2f} ({low:.2f}-{high:.2f})"


def test_the_table_of_results_worked_by_hand() -> None:
    ladder = _ladder()
    # x beats y 3-1; x and z: one win each way... x 2 wins, 1 draw, 1 loss (2.5 : 1.5);
    # z beats y 4-0. Pooled: x 5.5 of 8, z 5.5 of 8 (tie: by name), y 1 of 8.
    results = ladder.Ladder("pickpack", ["x", "y", "z"], ["x:seconds=0.1", "y", "z"], [
        ladder.Pairing(0, 1, 4, 3.0, 1.0, 0, 0),
        ladder.Pairing(0, 2, 4, 2.5, 1.5, 1, 0),
        ladder.Pairing(1, 2, 4, 0.0, 4.0, 0, 1),
    ], seconds=12.4)
    table = ladder.strength_table(results).splitlines()
    assert table[0] == "**Pick & Pack** (`--game pickpack`)"
    assert table[2] == "| bot | vs `x` | vs `z` | vs `y` | all games |"
    assert table[3] == "|---|---|---|---|---|"
    assert table[4] == f"| `x:seconds=0.1` | - | {_cell(2.5 / 4, 4)} | {_cell(3 / 4, 4)} | {_cell(5.5 / 8, 8)} |"
    assert table[5] == f"| `z` | {_cell(1.5 / 4, 4)} | - | {_cell(1.0, 4)} | {_cell(5.5 / 8, 8)} |"
    assert table[6] == f"| `y` | {_cell(1 / 4, 4)} | {_cell(0.0, 4)} | - | {_cell(1 / 8, 8)} |"
    assert _cell(3 / 4, 4) == "0.75 (0.30-0.95)"                       # worked by hand
    assert table[8] == ("Pick & Pack, 2 players: 4 games a pair, 3 pairs; 1 draws, 1 games lost by a "
                        "fault; 12 s of wall time.")
    # (A, B) and (B, A) sum to the pair's games
    for i in range(3):
        for j in range(3):
            if i != j:
                assert results.share(i, j)[0] + results.share(j, i)[0] == 4


def test_a_tiny_round_robin_through_the_match_api() -> None:
    ladder = _ladder()
    results = ladder.play_ladder("pickpack", ["random", "greedy"], games=2, seed=1)
    (pairing,) = results.pairings
    assert (pairing.a, pairing.b, pairing.games, pairing.forfeits) == (0, 1, 2, 0)
    assert pairing.share_a + pairing.share_b == 2                     # a draw adds 1/2 to both
    assert results.specs == ["random", "greedy"]                      # no budget option to add
    rows = [line for line in ladder.strength_table(results).splitlines() if line.startswith("| `")]
    assert len(rows) == 2
    shares = [float(re.findall(r"(\d\.\d\d) \(", row)[0]) for row in rows]   # the off-diagonal cells
    assert sum(shares) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="at least two bots"):
        ladder.play_ladder("pickpack", ["random"], games=2, seed=1)


def test_budget_specs_go_to_the_bots_that_take_them() -> None:
    ladder = _ladder()
    assert ladder.budget_spec("mcts", "push", 0.1, None) == "mcts:seconds=0.1"
    assert ladder.budget_spec("random", "push", 0.1, None) == "random"
    assert ladder.budget_spec("heuristic", "push", 0.1, None) == "heuristic"
    assert ladder.budget_spec("mcts", "pacru", None, 500) == "mcts:simulations=500"
    assert ladder.budget_spec("alphabeta", "pickpack", None, 500) == "alphabeta"     # depth, no simulations
    assert ladder.budget_spec("alphabeta", "pickpack", 0.1, None) == "alphabeta:seconds=0.1"


def test_the_docs_section_is_rewritten_between_its_markers(tmp_path: Path) -> None:
    ladder = _ladder()
    doc = tmp_path / "bots.md"
    doc.write_text(f"# Bots\n\n## Strength\n\nintro\n\n{ladder.BEGIN}\nold table\n{ladder.END}\n\n## Next\n")
    ladder.write_section(doc, "new table\n")
    assert doc.read_text() == f"# Bots\n\n## Strength\n\nintro\n\n{ladder.BEGIN}\n\nnew table\n\n{ladder.END}\n\n## Next\n"
    doc.write_text("# Bots\n")
    with pytest.raises(ValueError, match="bots.md: needs the markers"):
        ladder.write_section(doc, "x")
    real = (ROOT / "docs" / "bots.md").read_text()
    assert real.index(ladder.BEGIN) < real.index(ladder.END)            # the markers are in the docs
