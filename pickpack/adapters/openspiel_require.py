"""The two packages the OpenSpiel adapter needs, or one clear ImportError.

``from pickpack.adapters.openspiel_require import np, pyspiel`` is how every
``pickpack.adapters.openspiel*`` module imports them: without OpenSpiel or NumPy the
import fails with an ImportError of one line naming the extra to install
(``pickpack.install_hint.install_hint("openspiel")``), e.g.
``pickpack.adapters.openspiel needs OpenSpiel and NumPy, for pickpack.adapters.openspiel:
pip install 'pickpack-engine[openspiel]'``.
"""

from __future__ import annotations

from pickpack.install_hint import install_hint

try:
    import numpy as np
    import pyspiel
except ImportError:
    raise ImportError(f"pickpack.adapters.openspiel {install_hint('openspiel')}") from None

__all__ = ["np", "pyspiel"]
