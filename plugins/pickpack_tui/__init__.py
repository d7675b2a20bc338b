"""Textual terminal UI for pickpack (entry point pickpack.frontends:textual)."""
