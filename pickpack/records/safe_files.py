"""Files written so that a reader never finds one half-made and an old one is never
lost before its replacement exists.

Every file the product writes (match records, JSON results, UI saves, exports) goes
through :func:`atomic_writer`: the text is written to a temporary file in the target's
folder, flushed to disk, then renamed over the target in one step (``os.replace``,
atomic on POSIX and Windows within one file system). Until the rename, the old file is
untouched; after it, the new one is complete.
"""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

__all__ = ["atomic_writer", "write_text_atomic"]


@contextmanager
def atomic_writer(path: str | os.PathLike[str], *, encoding: str = "utf-8",
                  newline: str | None = "\n", keep_partial: bool = False) -> Iterator[TextIO]:
    """Open a text stream whose content replaces ``path`` in one step when the block ends.

    ``keep_partial=False`` (the default): if the block raises (including
    KeyboardInterrupt), the temporary file is removed and ``path`` is left as it was.
    ``keep_partial=True``: what was written before the exception still replaces
    ``path`` (a match record keeps every finished game), then the exception goes on.

    Raises OSError when the folder cannot take the temporary file (before anything is
    written, so the caller can report it before doing any work).
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    fd, tmp_name = _create_temp(folder, target.name)
    try:
        try:
            # Replacing a file keeps its permissions (a private 0600 save stays private).
            os.chmod(tmp_name, stat.S_IMODE(os.stat(target).st_mode))
        except FileNotFoundError:
            pass                 # a new file: the umask applied at creation, as open() does
        stream = os.fdopen(fd, "w", encoding=encoding, newline=newline)
    except BaseException:
        os.close(fd)
        os.unlink(tmp_name)
        raise
    committed = False
    try:
        try:
            yield stream
        except BaseException:
            if keep_partial:
                _commit(stream, tmp_name, target)
                committed = True
            raise
        _commit(stream, tmp_name, target)
        committed = True
    finally:
        if not committed:
            stream.close()
            try:
                os.unlink(tmp_name)
            except FileNotFoundError:
                pass


def _create_temp(folder: Path, name: str) -> tuple[int, str]:
    """A new, empty file ``.NAME.<8 hex digits>.tmp`` in ``folder``, opened for writing, with
    mode 0o666 less the umask (what a plain open() gives; tempfile.mkstemp would give
    0600, and reading the umask means setting it, which races other threads)."""
    for _ in range(100):
        tmp_name = str(folder / f".{name}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(tmp_name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), tmp_name
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name for {name} in {folder}")


def _commit(stream: TextIO, tmp_name: str, target: Path) -> None:
    stream.flush()
    os.fsync(stream.fileno())
    stream.close()
    os.replace(tmp_name, target)


def write_text_atomic(path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` through :func:`atomic_writer` (all or nothing)."""
    with atomic_writer(path, encoding=encoding) as stream:
        stream.write(text)
