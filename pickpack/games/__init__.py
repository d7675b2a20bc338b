"""The games that ship with pickpack, one package each (``pickpack.games.<name>``).

Each is registered in the entry-point group ``pickpack.games`` exactly as a third-party
game would be; the game-neutral modules of ``pickpack`` never import from here.
"""
