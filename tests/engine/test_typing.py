"""The API and the plugins are typed throughout: ``mypy --strict`` is clean on both.

mypy comes with the ``test`` extra, so the README's test command runs this check. The
run is shared with tests/engine/test_protocol_typing.py (tests/engine/mypy_strict.py).
"""

from __future__ import annotations

from tests.engine.mypy_strict import strict_run


def test_mypy_strict_is_clean_on_the_api_and_the_plugins() -> None:
    status, lines, errors = strict_run()
    assert status in (0, 1), (lines, errors)                  # 1: the protocol test's wrong.py; 2 would be a crash
    assert {path: found for path, found in lines.items() if path not in ("right.py", "wrong.py")} == {}
