"""Plugin discovery through entry points (``importlib.metadata``).

Groups: ``pickpack.games``, ``pickpack.bots``, ``pickpack.frontends``,
``pickpack.notations``. Nothing is hard-coded: the built-in game and bots are entry
points of this distribution like any third party's. A plugin that fails to load is
reported with its error and never breaks the others.

Discovery is guarded as well as loading: every installed distribution is read on its
own, and one whose metadata cannot be read (no ``Name`` in METADATA, undecodable
files) or whose ``entry_points.txt`` is malformed -- of any tool, in any group -- is
skipped and recorded once as a broken plugin source (``broken_sources()``); every
other distribution's plugins work as before. Where two distributions register the
same name in a group, the first on ``sys.path`` wins, as with ``importlib``; within one
``sys.path`` entry, distributions are taken in the order of their folder names (not the
file system's), so the winner and the list of broken sources do not vary by machine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from collections.abc import Iterable, Iterator
from functools import lru_cache
from importlib.metadata import Distribution, EntryPoint, distributions
from typing import Any

from pickpack.errors import PickpackError
from pickpack.install_hint import DISTRIBUTION, missing_extra

__all__ = [
    "GROUPS", "BrokenSource", "PluginInfo", "PluginNotFoundError", "broken_sources", "discover",
    "load", "names", "refresh",
]

GROUPS = ("pickpack.games", "pickpack.bots", "pickpack.frontends", "pickpack.notations")


class PluginNotFoundError(PickpackError, LookupError):
    """No plugin of that name in that group; the message lists the names there are."""


@dataclass(frozen=True)
class PluginInfo:
    """One entry point: its group, name, target, distribution and load error (if any),
    or the extra it needs when it is one of pickpack's own whose extra is not installed.

    ``discover()`` also gives one row per broken plugin source: ``group`` and ``name``
    are ``""``, ``value`` is where the source lies and ``error`` starts with
    ``"broken plugin source: "``.
    """

    group: str
    name: str
    value: str
    distribution: str | None
    version: str | None
    error: str | None = None
    #: A plugin of pickpack's own that needs an extra not installed here: the extra
    #: (``"tui"``; pickpack.install_hint.EXTRAS). Then ``error`` is None: nothing is broken.
    needs: str | None = None


@dataclass(frozen=True)
class BrokenSource:
    """An installed distribution whose metadata or entry points cannot be read.

    ``distribution`` is its ``Name`` (or, without one, its ``.dist-info`` folder's
    name), ``version`` its version if readable, ``path`` where it lies, ``error`` the
    problem in one line (for a malformed ``entry_points.txt``: the line number and text).
    """

    distribution: str
    version: str | None
    path: str
    error: str


@dataclass(frozen=True)
class _Entry:
    entry_point: EntryPoint
    distribution: str
    version: str | None


@dataclass(frozen=True)
class _Scan:
    groups: dict[str, list[_Entry]]
    broken: list[BrokenSource]


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _entry_points_problem(text: str) -> str | None:
    """The first line inside a ``[group]`` of an entry_points.txt that is not blank, a
    comment or ``name = value`` -- the lines importlib.metadata cannot read -- or None."""
    section = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = True
        elif section and "=" not in line:
            return f"entry_points.txt line {number}: {line!r} is not 'name = module:attr' (no '=')"
    return None


def _location(dist: Distribution) -> str:
    path = getattr(dist, "_path", None)      # PathDistribution: its .dist-info folder
    return str(path) if path is not None else repr(dist)


def _folder_name(dist: Distribution) -> str:
    path = getattr(dist, "_path", None)
    if path is None:
        return "?"
    stem = re.sub(r"\.(dist|egg)-info\Z", "", str(getattr(path, "name", path)))
    return stem.partition("-")[0] or "?"      # NAME-VERSION.dist-info


def _in_path_order(dists: Iterable[Distribution]) -> Iterator[Distribution]:
    """``dists`` (in sys.path order, each entry's in the file system's order) with each
    run from one folder sorted by folder name: the same order on every machine."""
    run: list[Distribution] = []
    run_parent: str | None = None

    def by_folder_name(dist: Distribution) -> str:
        path = getattr(dist, "_path", None)
        return str(getattr(path, "name", "")) if path is not None else ""

    for dist in dists:
        path = getattr(dist, "_path", None)
        parent = str(getattr(path, "parent", "")) if path is not None else None
        if run and parent != run_parent:
            yield from sorted(run, key=by_folder_name)
            run = []
        run.append(dist)
        run_parent = parent
    yield from sorted(run, key=by_folder_name)


def _read(dist: Distribution) -> tuple[str, str | None, list[EntryPoint]]:
    """Name, version and entry points of ``dist``; raises ValueError naming the problem."""
    try:
        name = dist.metadata["Name"]
    except Exception as exc:
        raise ValueError(f"METADATA cannot be read: {type(exc).__name__}: {exc}") from None
    if not name:
        raise ValueError("METADATA has no Name field")
    try:
        version: str | None = dist.metadata["Version"]
    except Exception:
        version = None
    try:
        return str(name), version, list(dist.entry_points)
    except Exception as exc:
        try:
            text = dist.read_text("entry_points.txt") or ""
        except Exception:
            text = ""
        problem = _entry_points_problem(text)
        raise ValueError(problem or f"entry points cannot be read: {type(exc).__name__}: "
                                    f"{_one_line(str(exc))}") from None


def _normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


@lru_cache(maxsize=None)
def _scan() -> _Scan:
    # Scanning distributions costs milliseconds, so it is done once; call refresh()
    # after installing a plugin into a running interpreter.
    groups: dict[str, list[_Entry]] = {group: [] for group in GROUPS}
    seen_dists: set[str] = set()
    seen_names: dict[str, set[str]] = {group: set() for group in GROUPS}
    broken: list[BrokenSource] = []
    for dist in _in_path_order(distributions()):     # in sys.path order
        try:
            name, version, eps = _read(dist)
        except ValueError as exc:
            where = _location(dist)
            if where not in {b.path for b in broken}:
                version = None
                try:
                    version = dist.metadata["Version"]
                except Exception:
                    pass
                label = _folder_name(dist)
                try:
                    label = dist.metadata["Name"] or label
                except Exception:
                    pass
                broken.append(BrokenSource(str(label), version, where, _one_line(str(exc))))
            continue
        key = _normalized(name)
        if key in seen_dists:                # the same distribution further down sys.path
            continue
        seen_dists.add(key)
        for ep in eps:
            if ep.group in groups and ep.name not in seen_names[ep.group]:
                seen_names[ep.group].add(ep.name)     # first on sys.path wins
                groups[ep.group].append(_Entry(ep, name, version))
    for entries in groups.values():
        entries.sort(key=lambda e: e.entry_point.name)
    return _Scan(groups, broken)


def _entries(group: str) -> list[_Entry]:
    return _scan().groups.get(group, [])


@lru_cache(maxsize=None)
def _load(group: str, name: str) -> Any:
    for entry in _entries(group):
        if entry.entry_point.name == name:
            return entry.entry_point.load()
    installed = ", ".join(names(group)) or "none"
    kind = group.rsplit(".", 1)[-1].rstrip("s")
    # The one wording of an unknown game in every command and API (commands, PPN, playthroughs).
    raise PluginNotFoundError(f"unknown {kind} {name!r}; installed {kind}s: {installed}")


def refresh() -> None:
    """Forget cached entry points, so plugins installed since are found."""
    _scan.cache_clear()
    _load.cache_clear()


def names(group: str) -> list[str]:
    """Names registered in ``group`` (one of GROUPS; another group has none), sorted."""
    return [entry.entry_point.name for entry in _entries(group)]


def broken_sources() -> list[BrokenSource]:
    """Installed distributions skipped because their metadata or entry points are
    malformed, each once, in sys.path order (module docstring)."""
    return list(_scan().broken)


def load(group: str, name: str) -> Any:
    """Load the object registered as ``name`` in ``group``.

    Raises PluginNotFoundError (listing the installed ones) when there is no such name, and
    ImportError/AttributeError from the plugin itself when it fails to load.
    """
    return _load(group, name)


def discover(try_load: bool = True) -> list[PluginInfo]:
    """Every plugin of every group, with its distribution and, if loading fails, the
    error -- or, for a plugin of pickpack's own distribution that fails only because an
    extra is not installed (the ``textual`` front end without ``[tui]``), that extra
    (``needs``); then one row per broken plugin source (see PluginInfo)."""
    out = []
    for group in GROUPS:
        for entry in _entries(group):
            ep = entry.entry_point
            error = needs = None
            if try_load:
                try:
                    ep.load()
                except Exception as exc:  # a broken plugin is reported, never fatal
                    needs = missing_extra(exc) if entry.distribution == DISTRIBUTION else None
                    error = None if needs is not None else f"{type(exc).__name__}: {exc}"
            out.append(PluginInfo(group, ep.name, ep.value, entry.distribution, entry.version, error, needs))
    for source in broken_sources():
        out.append(PluginInfo("", "", source.path, source.distribution, source.version,
                              f"broken plugin source: {source.error}"))
    return out
