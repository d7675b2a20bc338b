"""Test helper: an installed distribution made by hand (a ``.dist-info`` on sys.path).

``importlib.metadata`` finds a distribution by its ``NAME-VERSION.dist-info`` directory
(the wheel format, PEP 427 / PEP 376: METADATA and entry_points.txt), exactly as pip
lays it out; so a directory with one is an installed distribution for pickpack.plugins.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from pickpack import plugins


def write_distribution(site: Path, name: str, version: str,
                       entry_points: Mapping[str, Mapping[str, str]],
                       modules: Mapping[str, str]) -> None:
    """Lay out distribution ``name`` ``version`` in ``site``: its modules (name -> source)
    and its entry points (group -> {entry name -> "module:attr"})."""
    site.mkdir(parents=True, exist_ok=True)
    for module, source in modules.items():
        (site / f"{module}.py").write_text(source)
    info = site / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    lines = []
    for group, entries in entry_points.items():
        lines.append(f"[{group}]")
        lines += [f"{entry} = {target}" for entry, target in entries.items()]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n")


@contextmanager
def on_sys_path(site: Path) -> Iterator[None]:
    """``site`` on sys.path (and the entry-point caches refreshed) inside the block."""
    sys.path.insert(0, str(site))
    plugins.refresh()
    try:
        yield
    finally:
        sys.path.remove(str(site))
        for module in [m for m, mod in sys.modules.items()
                       if str(getattr(mod, "__file__", "") or "").startswith(str(site))]:
            del sys.modules[module]
        plugins.refresh()
