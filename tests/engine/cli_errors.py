"""The error line a ``pickpack`` command prints, for the tests of the command line."""

from __future__ import annotations

import pytest

from pickpack.cli import main

__all__ = ["stderr_of"]


def stderr_of(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """What ``pickpack ARGV`` writes to standard error; it must exit with status 2."""
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2
    return capsys.readouterr().err
