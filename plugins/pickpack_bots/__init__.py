"""pickpack's built-in bots, registered as entry points in ``pickpack.bots``."""
