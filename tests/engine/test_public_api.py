"""``dir(pickpack)`` is the package's public API (issue 12, item 19): no helper leaks
into it, every name of ``__all__`` is there."""

from __future__ import annotations

import pickpack


def test_dir_of_the_package_is_its_public_api() -> None:
    names = dir(pickpack)
    for leaked in ("Any", "annotations", "inspect", "load"):
        assert leaked not in names
    public = {n for n in names if not n.startswith("_")}
    assert public == set(pickpack.__all__)
    assert "__version__" in names
    for name in pickpack.__all__:
        assert hasattr(pickpack, name), name
