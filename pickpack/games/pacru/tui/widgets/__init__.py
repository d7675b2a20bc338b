"""The widgets of PACRU's board screen, one concept per module."""
