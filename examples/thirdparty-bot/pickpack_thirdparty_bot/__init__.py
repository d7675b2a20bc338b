"""An example third-party bot for pickpack, registered as ``thirdparty`` in ``pickpack.bots``."""
