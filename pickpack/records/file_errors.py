"""File errors in words: what went wrong with a path, without errno numbers or codes.

Every command that reads or writes a file reports an ``OSError`` as ``PATH: cannot read:
is a directory`` (or ``cannot write``, ``no such file``), never ``[Errno 21] Is a directory: 'adir'`` or
the C library's ``Device or resource busy``: :func:`os_error_text` gives the words.
"""

from __future__ import annotations

import errno
import os

__all__ = ["os_error_text"]

_WORDS = {
    errno.ENOENT: "no such file",
    errno.EISDIR: "is a directory",
    errno.ENOTDIR: "a folder on its path is a file, not a directory",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EROFS: "the file system is read-only",
    errno.ENOSPC: "no space left on the device",
    errno.EDQUOT: "the disk quota is used up",
    errno.EEXIST: "already exists",
    errno.ENAMETOOLONG: "the name is too long",
    errno.ELOOP: "too many symbolic links on its path",
    errno.EBUSY: "is in use by the system (a mount point or a busy device)",
    errno.ETXTBSY: "is in use (a running program)",
    errno.EMFILE: "too many files are open",
    errno.ENFILE: "too many files are open",
    errno.EIO: "an input/output error of the device",
    errno.EFBIG: "the file would be too large",
    errno.EXDEV: "is on another file system",
    errno.ENXIO: "no such device",
    errno.ENODEV: "no such device",
    errno.EINVAL: "is not a valid file name here",
}


def os_error_text(exc: OSError, path: str | os.PathLike[str] | None = None) -> str:
    """The reason of ``exc`` in a few lower-case words (``is a directory``, ``no
    such file``, ``permission denied``, ...), for ``PATH: cannot read: REASON``.

    ``path``: the path the operation was given. A directory given where a file is
    expected is ``is a directory`` whatever the system said (renaming over ``.`` says
    "Device or resource busy"). An error without a known number is its system message in
    lower case, without the number.
    """
    if path is not None and exc.errno != errno.ENOENT and os.path.isdir(path):
        return "is a directory"
    if exc.errno in _WORDS:
        return _WORDS[exc.errno]
    reason = exc.strerror or (exc.args[0] if exc.args and isinstance(exc.args[0], str) else "")
    return reason[:1].lower() + reason[1:] if reason else type(exc).__name__
