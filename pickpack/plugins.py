"""Plugin discovery through entry points (``importlib.metadata``).

Groups: ``pickpack.games``, ``pickpack.bots``, ``pickpack.frontends``,
``pickpack.notations``. Nothing is hard-coded: the built-in game and bots are entry
points of this distribution like any third party's. A plugin that fails to load is
reported with its error and never breaks the others.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

__all__ = ["GROUPS", "PluginInfo", "PluginNotFoundError", "discover", "load", "names", "refresh"]

GROUPS = ("pickpack.games", "pickpack.bots", "pickpack.frontends", "pickpack.notations")


class PluginNotFoundError(LookupError):
    """No plugin of that name in that group; the message lists the names there are."""


@dataclass(frozen=True)
class PluginInfo:
    """One entry point: its group, name, target, distribution and load error (if any)."""

    group: str
    name: str
    value: str
    distribution: str | None
    version: str | None
    error: str | None = None


@lru_cache(maxsize=None)
def _entry_points(group: str) -> list[EntryPoint]:
    # Scanning distributions costs milliseconds, so it is done once per group; call
    # refresh() after installing a plugin into a running interpreter.
    seen: dict[str, EntryPoint] = {}
    for ep in entry_points(group=group):
        seen.setdefault(ep.name, ep)     # first on sys.path wins, like importlib does
    return sorted(seen.values(), key=lambda ep: ep.name)


@lru_cache(maxsize=None)
def _load(group: str, name: str) -> Any:
    for ep in _entry_points(group):
        if ep.name == name:
            return ep.load()
    choices = ", ".join(names(group)) or "none installed"
    kind = group.rsplit(".", 1)[-1].rstrip("s")
    raise PluginNotFoundError(f"unknown {kind} {name!r}; choices: {choices}")


def refresh() -> None:
    """Forget cached entry points, so plugins installed since are found."""
    _entry_points.cache_clear()
    _load.cache_clear()


def names(group: str) -> list[str]:
    """Names registered in ``group``, sorted."""
    return [ep.name for ep in _entry_points(group)]


def load(group: str, name: str) -> Any:
    """Load the object registered as ``name`` in ``group``.

    Raises PluginNotFoundError (listing the choices) when there is no such name, and
    ImportError/AttributeError from the plugin itself when it fails to load.
    """
    return _load(group, name)


def discover(try_load: bool = True) -> list[PluginInfo]:
    """Every plugin of every group, with its distribution and, if loading fails, the error."""
    out = []
    for group in GROUPS:
        for ep in _entry_points(group):
            dist = ep.dist
            error = None
            if try_load:
                try:
                    ep.load()
                except Exception as exc:  # a broken plugin is reported, never fatal
                    error = f"{type(exc).__name__}: {exc}"
            out.append(PluginInfo(group, ep.name, ep.value,
                                  dist.metadata["Name"] if dist else None,
                                  dist.version if dist else None, error))
    return out
