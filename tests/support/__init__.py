"""Helpers shared by the tests of more than one folder (tests/games, tests/engine, tests/plugins, ...)."""
