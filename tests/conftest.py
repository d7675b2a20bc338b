"""Fixtures of the tests of more than one folder."""

from __future__ import annotations

from typing import Any

import pytest

from pickpack import plugins


@pytest.fixture
def frontend_calls(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """``pickpack play``'s front end replaced by a recorder (no Textual app is run)."""
    calls: list[dict[str, Any]] = []
    real_load = plugins.load

    def fake(**kwargs: Any) -> int:
        calls.append(kwargs)
        return 0

    def load(group: str, name: str) -> Any:
        return fake if group == "pickpack.frontends" else real_load(group, name)

    monkeypatch.setattr(plugins, "load", load)
    return calls
