"""The ``pip install`` command that adds an optional extra, as this pickpack was installed.

pickpack's distribution is named ``DISTRIBUTION`` (``pickpack-engine``; the import name
stays ``pickpack``): the name ``pickpack`` on the package index is an unrelated project.

A user who installed from a source folder (``pip install -e .``) needs that folder
again, with the extra: ``pip install -e '/path/to/pickpack[tui]'`` (without ``-e`` for
a plain install from a folder); from a VCS URL or an archive URL, that URL
(``pip install 'pickpack-engine[tui] @ git+https://...'``); from a wheel in an index (or when
nothing is recorded), ``pip install 'pickpack-engine[tui]'``. How pickpack
was installed is read from its distribution's ``direct_url.json`` (PEP 610), which pip
writes for an install from a folder, an archive or a VCS URL, and not for one from an
index. Every message that suggests installing an extra uses ``install_hint``.
"""

from __future__ import annotations

import json
import re
from importlib.metadata import distributions
from pathlib import Path
from urllib.parse import unquote, urlparse
from urllib.request import url2pathname

__all__ = ["DISTRIBUTION", "EXTRAS", "EXTRA_MODULES", "install_command", "install_hint", "missing_extra",
           "pip_command"]

#: The name of pickpack's distribution (pyproject.toml's ``project.name``).
DISTRIBUTION = "pickpack-engine"

#: The optional extras of pyproject.toml and what each one adds.
EXTRAS = {
    "tui": "Textual",
    "ray": "Ray",
    "native": "cffi",
    "bench": "OpenSpiel",
    "openspiel": "OpenSpiel and NumPy",
    "pettingzoo": "PettingZoo, Gymnasium and NumPy",
    "vector": "NumPy and Gymnasium",
    "test": "the test tools",
}

#: The top-level modules that only an extra installs, and that extra: an ImportError
#: naming one of them means the extra is not installed (missing_extra).
EXTRA_MODULES = {
    "textual": "tui",
    "ray": "ray",
    "cffi": "native",
    "pyspiel": "openspiel",
    "open_spiel": "openspiel",
    "pettingzoo": "pettingzoo",
    "gymnasium": "pettingzoo",
}


def missing_extra(exc: BaseException) -> str | None:
    """The extra (a key of EXTRAS) whose absence ``exc`` reports -- an ImportError
    (ModuleNotFoundError) of a module only that extra installs (EXTRA_MODULES), also
    ``import of textual halted`` -- or None for any other error.

    >>> missing_extra(ModuleNotFoundError("No module named 'textual'", name="textual"))
    'tui'
    >>> missing_extra(ModuleNotFoundError("No module named 'textual.app'", name="textual.app"))
    'tui'
    >>> missing_extra(ModuleNotFoundError("No module named 'mylib'", name="mylib")) is None
    True
    """
    if not isinstance(exc, ImportError) or not exc.name:
        return None
    return EXTRA_MODULES.get(exc.name.partition(".")[0])


def _requirement(extra: str, direct_url: str | None) -> tuple[str, bool]:
    """(what to give pip, editable) for ``extra`` and a PEP 610 direct_url.json text."""
    index = f"{DISTRIBUTION}[{extra}]"
    try:
        data = json.loads(direct_url) if direct_url else None
    except ValueError:
        data = None
    if not isinstance(data, dict) or not isinstance(data.get("url"), str):
        return index, False
    url: str = data["url"]
    dir_info, vcs_info = data.get("dir_info"), data.get("vcs_info")
    if isinstance(dir_info, dict) and urlparse(url).scheme == "file":
        folder = Path(url2pathname(unquote(urlparse(url).path)))
        return f"{folder}[{extra}]", bool(dir_info.get("editable", False))
    if isinstance(vcs_info, dict) and isinstance(vcs_info.get("vcs"), str):
        revision = vcs_info.get("requested_revision")
        at = f"@{revision}" if isinstance(revision, str) and revision else ""
        return f"{index} @ {vcs_info['vcs']}+{url}{at}", False
    if isinstance(data.get("archive_info"), dict):
        return f"{index} @ {url}", False
    return index, False


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def install_command(extra: str, direct_url: str | None) -> str:
    """The pip command adding ``extra`` (a key of EXTRAS) for an install whose PEP 610
    ``direct_url.json`` text is ``direct_url`` (None: installed from an index, or not
    recorded).

    >>> install_command("tui", None)
    "pip install 'pickpack-engine[tui]'"
    >>> install_command("tui", '{"dir_info": {"editable": true}, "url": "file:///src/pickpack"}')
    "pip install -e '/src/pickpack[tui]'"

    Raises ValueError for an extra pickpack does not have.
    """
    if extra not in EXTRAS:
        raise ValueError(f"pickpack has no extra {extra!r}; extras: {', '.join(EXTRAS)}")
    requirement, editable = _requirement(extra, direct_url)
    return f"pip install {'-e ' if editable else ''}{_quoted(requirement)}"


def _installed_direct_url() -> str | None:
    """The direct_url.json of the first pickpack distribution on sys.path that has
    one; for a pickpack imported from a source folder (pyproject.toml beside the
    package) without one, that folder as an editable install."""
    try:
        for dist in distributions(name=DISTRIBUTION):
            text = dist.read_text("direct_url.json")
            if text:
                return text
    except (OSError, ValueError):
        pass
    folder = Path(__file__).resolve().parent.parent
    try:
        pyproject = (folder / "pyproject.toml").read_text(encoding="utf-8")
    except (OSError, ValueError):
        return None
    if re.search(rf'^name\s*=\s*"{re.escape(DISTRIBUTION)}"\s*$', pyproject, re.MULTILINE):
        return json.dumps({"url": folder.as_uri(), "dir_info": {"editable": True}})
    return None


def pip_command(extra: str) -> str:
    """The pip command adding ``extra`` to this installation (module docstring), e.g.
    ``pip install 'pickpack-engine[ray]'``; for messages that word the need themselves.

    Raises ValueError for an extra pickpack does not have.
    """
    return install_command(extra, _installed_direct_url())


def install_hint(extra: str) -> str:
    """``needs WHAT: pip install ...`` for ``extra`` (a key of EXTRAS), matching how this
    pickpack was installed (module docstring), e.g.
    ``needs Textual: pip install -e '/home/me/pickpack[tui]'``.

    Raises ValueError for an extra pickpack does not have.
    """
    command = pip_command(extra)
    return f"needs {EXTRAS[extra]}: {command}"
