"""The one place where PPN input becomes lines: decoding, line ends and byte-order marks.

Every way into the reader goes through ``Lines``: a string or bytes (``PPN.parse_game``),
a text stream (``io.StringIO``, ``open(path)``), a binary stream (``io.BytesIO``,
``open(path, "rb")``) and a path (``PPN.open``, a ``PPNFile``). So a file reads the
same whichever way it comes in (docs/ppn.md, "File layout"):

- **Line ends**: CR LF, a lone CR and LF each end a line (as ``open()``'s universal
  newlines), also when a CR and its LF arrive in two reads.
- **Byte-order marks**: U+FEFF at the start of any line is dropped (not only at the start
  of the file: two exported files joined with ``cat`` have one before their second game),
  so columns never count it.
- **Bytes** are decoded as UTF-8 with ``surrogateescape``: a byte that is not UTF-8,
  0xNN, becomes the lone surrogate U+DCNN, which the reader reports at its line and
  column (``byte 0xE9 is not valid UTF-8``) and reads as U+FFFD. Bytes that start
  with a UTF-16 byte-order mark (FF FE or FE FF) raise one PPNParseError at line 1
  saying so, instead of an error for every other byte. A text stream that
  cannot decode its own bytes (opened with a strict encoding) ends reading with a
  PPNParseError naming the line, not a UnicodeDecodeError.

A file (``PPNFile``) and a str or bytes are read in pieces of ``CHUNK`` bytes or
characters, each split into lines at once (nobody else reads those streams); a stream
the caller gives is read with ``readline(CHUNK)`` when it takes a size (``io``
streams), else one ``readline()`` at a time, so nothing past the line being read is
taken from it. Either way memory holds about one piece and one line, even for a file
whose lines end with lone CRs.
"""

from __future__ import annotations

import codecs
import io
import os
import re
from collections.abc import Callable
from types import TracebackType
from typing import Protocol

from pickpack_ppn.errors import PPNParseError

__all__ = ["CHUNK", "LineSource", "Lines", "PPNFile", "PPNInput", "open_ppn"]

CHUNK = 1 << 16
_BREAK = re.compile(r"\r\n?|\n")
_BOM = "\ufeff"


class LineSource(Protocol):
    """A stream the reader can take lines from: ``readline()`` returning str or bytes,
    "" (or b"") at the end."""

    def readline(self) -> str | bytes: ...


PPNInput = LineSource | str | bytes
"""What ``Lines`` (and so every reader entry point) accepts."""


class Lines:
    """The lines of PPN input, each without its line end and leading byte-order marks.

    ``source`` is a text or binary stream (anything with ``readline()``), or the whole
    text as str or bytes. ``next_line()`` gives the next line (None at the end);
    ``number`` counts the lines given so far (the 1-based number of the last one).
    ``readline()`` gives the same lines as a text stream would (each ending with LF).
    ``private``: nobody else reads ``source`` (as a PPNFile's own file), so it is read in
    whole pieces of ``chunk`` (module docstring). ``name``: the path of the file read
    (a PPNFile's), which every PPNParseError of its text names; None for other input.

    Raises TypeError (at once) for a source that is neither; ``next_line`` raises
    TypeError when ``readline()`` gives neither str nor bytes, and PPNParseError for
    bytes that start with a UTF-16 byte-order mark or when a text stream raises
    UnicodeDecodeError (see the module docstring).
    """

    def __init__(self, source: PPNInput, *, chunk: int = CHUNK, private: bool = False,
                 name: str | None = None) -> None:
        own = private or isinstance(source, (str, bytes, bytearray, memoryview))
        if isinstance(source, str):
            source = io.StringIO(source)
        elif isinstance(source, (bytes, bytearray, memoryview)):
            source = io.BytesIO(bytes(source))
        readline = getattr(source, "readline", None)
        if not callable(readline):
            raise TypeError(f"PPN input must be a text or binary stream (with readline()), a str or bytes, "
                            f"not {type(source).__name__}")
        self._readline: Callable[[], object]
        read = getattr(source, "read", None)
        if own and callable(read):          # a stream nobody else reads: whole pieces
            self._readline = lambda: read(chunk)
        elif isinstance(source, io.IOBase):
            self._readline = lambda: readline(chunk)
        else:
            self._readline = readline
        self.name = name
        self.number = 0
        self._ready: list[str] = []         # whole lines read and not yet given, last first
        self._parts: list[str] = []         # the start of a line not ended yet (over one or more reads)
        self._skip_lf = False               # the last read ended with CR: drop a LF that begins the next
        self._eof = False
        self._decoder: codecs.IncrementalDecoder | None = None

    def next_line(self) -> str | None:
        """The next line without its line end and leading U+FEFF; None at the end."""
        ready = self._ready
        while not ready:
            chunk = self._read()
            if not chunk:
                if not self._parts:
                    return None
                ready.append("".join(self._parts))
                self._parts = []
                break
            if self._skip_lf:
                self._skip_lf = False
                if chunk.startswith("\n"):
                    chunk = chunk[1:]
                    if not chunk:
                        continue
            pieces = _BREAK.split(chunk)
            if len(pieces) == 1:            # no line end in this read: the line goes on
                self._parts.append(chunk)
                continue
            if self._parts:
                self._parts.append(pieces[0])
                pieces[0] = "".join(self._parts)
                self._parts = []
            last = pieces.pop()             # after the last line end: a line not ended yet
            if last:
                self._parts.append(last)
            elif chunk.endswith("\r"):
                self._skip_lf = True
            pieces.reverse()
            self._ready = ready = pieces
        self.number += 1
        line = ready.pop()
        if line.startswith(_BOM):
            line = line.lstrip(_BOM)
        return line

    def readline(self) -> str:
        """The next line ending with LF (line ends normalised), or "" at the end."""
        line = self.next_line()
        return "" if line is None else line + "\n"

    def _read(self) -> str:
        """The next piece of text from the source ("" at its end)."""
        while not self._eof:
            try:
                raw = self._readline()
            except UnicodeDecodeError as exc:
                bad = exc.object[exc.start:exc.start + 1]
                byte = f"byte 0x{bad[0]:02X}" if isinstance(bad, bytes) and bad else "a byte"
                raise PPNParseError(self.number + 1, 1, f"{byte} is not valid {exc.encoding} (at or after this line):"
                                    " the text stream cannot decode it; open the file with PPN.open(path) or "
                                    "in binary mode to have each bad byte reported at its place",
                                    file=self.name) from None
            if isinstance(raw, str):
                self._eof = not raw
                return raw
            if not isinstance(raw, (bytes, bytearray)):
                raise TypeError(f"PPN input: readline() returned {type(raw).__name__}, not str or bytes")
            if self._decoder is None:
                if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
                    raise PPNParseError(1, 1, f"the input is UTF-16 (it starts with the byte-order mark "
                                        f"{raw[0]:02X} {raw[1]:02X}); PPN is UTF-8: convert it first "
                                        "(iconv -f UTF-16 -t UTF-8)", file=self.name)
                self._decoder = codecs.getincrementaldecoder("utf-8")("surrogateescape")
            self._eof = not raw
            text = self._decoder.decode(raw, final=self._eof)
            if text or self._eof:
                return text
        return ""


class PPNFile(Lines):
    """A PPN file open for reading: its ``Lines`` (``readline``, ``next_line``) and ``close``.

    The bytes are decoded as ``Lines`` says: bad bytes are kept for the reader to report.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.name = os.fspath(path)
        self._raw = open(self.name, "rb")
        super().__init__(self._raw, private=True, name=self.name)

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
