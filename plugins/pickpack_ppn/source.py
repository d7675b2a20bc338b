"""Opening a PPN file: UTF-8 decoded line by line, bad bytes kept for the reader to report.

Decoding a whole file at once would stop at the first byte that is not UTF-8 without
saying on which line; here each line is decoded on its own with ``surrogateescape``, so
a bad byte 0xNN becomes the lone surrogate U+DCNN, which the reader reports as an error
at its line and column (and reads as U+FFFD). Memory holds one line at a time.
"""

from __future__ import annotations

import os
from types import TracebackType

__all__ = ["PPNFile", "open_ppn"]


class PPNFile:
    """A read-only text stream over a PPN file (``readline`` and ``close`` only)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.name = os.fspath(path)
        self._raw = open(self.name, "rb")

    def readline(self) -> str:
        """The next line with its line end, or "" at the end of the file."""
        return self._raw.readline().decode("utf-8", "surrogateescape")

    def close(self) -> None:
        """Close the file."""
        self._raw.close()

    def __enter__(self) -> PPNFile:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def open_ppn(path: str | os.PathLike[str]) -> PPNFile:
    """Open a PPN file for reading. Raises OSError (FileNotFoundError, ...) as open() does."""
    return PPNFile(path)
