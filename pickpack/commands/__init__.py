"""Subcommands of the ``pickpack`` command, one module each.

Each module has ``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``;
``pickpack.cli.COMMANDS`` lists the modules in the order ``--help`` shows them.
"""
