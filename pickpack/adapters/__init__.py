"""Doors to the field's frameworks: every installed pickpack game as an OpenSpiel game
(``pickpack.adapters.openspiel``, extra ``openspiel``) and as a PettingZoo AEC
environment (``pickpack.adapters.pettingzoo``, extra ``pettingzoo``). Guide:
docs/adapters.md.

This package imports neither framework; each adapter module does, and says which extra
to install when its framework is missing. ``pickpack.adapters.play`` is what both
share: a game's state seen through a small fixed action space.
"""
