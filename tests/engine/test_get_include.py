"""pickpack.get_include() (issue 19, item 7): what a separate distribution compiles a C
game against -- core/common's headers, its PRNG source and the base's .pxd files --
copied there by the build, so that they are the sources themselves (examples/
thirdparty-c-game is built against it by its tests)."""

from __future__ import annotations

from pathlib import Path

import pickpack

ROOT = Path(__file__).resolve().parents[2]


def test_get_include_holds_the_common_headers_the_prng_source_and_the_base_pxd_files() -> None:
    include = Path(pickpack.get_include())
    assert include == ROOT / "pickpack" / "include"          # the editable install reads it in place
    common = sorted((ROOT / "core" / "common").glob("*.h")) + [ROOT / "core" / "common" / "rng.c"]
    assert {"pp_game_ops.h", "pp_rng.h", "pp_mcts.h", "pp_mcts_impl.h", "pp_search.h"} <= {p.name for p in common}
    assert sorted(p.name for p in include.iterdir() if p.is_file()) == sorted(p.name for p in common)
    for source in common:
        assert (include / source.name).read_bytes() == source.read_bytes(), source.name
    pxds = sorted((ROOT / "pickpack").glob("*.pxd"))
    assert {"_cstate.pxd", "_game_ops.pxd"} <= {p.name for p in pxds}
    assert sorted(p.name for p in (include / "pickpack").iterdir()) == [p.name for p in pxds]
    for pxd in pxds:
        assert (include / "pickpack" / pxd.name).read_bytes() == pxd.read_bytes(), pxd.name
