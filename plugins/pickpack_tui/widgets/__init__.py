"""The board's widgets, one concept per module."""
