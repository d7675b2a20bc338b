"""Which of the product's two file formats a file is: a save (JSON) or a PPN record.

A command that takes one kind and is given the other, or a file of neither kind, says so
in one line instead of reporting every line of it as a problem (``pickpack validate``
on a save) or a JSON syntax error (``pickpack export`` on a record). Only the start of
the file is looked at (``PEEK`` bytes), so a record of 100,000 games is not read twice.
"""

from __future__ import annotations

import json
import os
import re
from typing import Literal

__all__ = ["PEEK", "FileKind", "describe_kind", "kind_of_file", "kind_of_text"]

PEEK = 1 << 16
FileKind = Literal["save", "json", "ppn", "empty", "binary", "text"]

# The first significant text of a PPN file: a tag pair, a comment, an escape or a
# move number, a variation, a result or a move token (docs/ppn.md, "Movetext").
_PPN_START = re.compile(r"[\[{;(*]|[0-9]+\.|[A-Za-z0-9][A-Za-z0-9=/:>+\-]*(\s|$)")
_SAVE_FORMAT = "pickpack-save"


def kind_of_text(text: str, *, whole: bool = True) -> FileKind:
    """The kind of a file whose text (its start when ``whole`` is False) is ``text``.

    ``save``: a JSON object with ``"format": "pickpack-save"``; ``json``: other JSON;
    ``empty``: nothing but white space and ``%`` escape lines; ``binary``: it holds NUL characters;
    ``ppn``: it starts as PPN does (after blank and ``%`` escape lines); ``text``: other
    text. Only a whole text can be found to be JSON.
    """
    body = text.lstrip("\ufeff \t\r\n")
    if not body:
        return "empty" if whole else "text"
    if "\0" in body:
        return "binary"
    if body.startswith("{"):
        if whole:
            try:
                data = json.loads(body)
            except ValueError:
                pass
            else:
                return "save" if isinstance(data, dict) and data.get("format") == _SAVE_FORMAT else "json"
        if "}" not in body:
            return "text"           # broken JSON, not a PPN comment (which closes)
    for line in body.splitlines():
        stripped = line.strip().lstrip("\ufeff")
        if not stripped or line.startswith("%"):
            continue
        return "ppn" if _PPN_START.match(stripped) else "text"
    return "empty" if whole else "ppn"      # only escape lines (so far): the reader decides


def kind_of_file(path: str | os.PathLike[str]) -> FileKind:
    """The kind of the file at ``path`` (see kind_of_text), from its first PEEK bytes
    (the whole file when it is no longer, so a save is recognised). Bytes that start
    with a UTF-16 byte-order mark are ``ppn``: the PPN reader names that problem.
    Raises OSError as open() does."""
    with open(path, "rb") as f:
        raw = f.read(PEEK + 1)
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return "ppn"
    whole = len(raw) <= PEEK
    text = raw[:PEEK].decode("utf-8", "replace")
    return kind_of_text(text, whole=whole)


def describe_kind(kind: FileKind) -> str:
    """``kind`` as the end of ``FILE: is ...`` (``a pickpack save file (JSON)``, ...)."""
    return {"save": "a pickpack save file (JSON, from 'pickpack play')",
            "json": "a JSON file",
            "ppn": "a PPN game record",
            "empty": "empty",
            "binary": "a binary file",
            "text": "a text file"}[kind]
