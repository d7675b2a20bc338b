"""The PUSH board's widgets, one concept per module."""
