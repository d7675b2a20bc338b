# cython: language_level=3
"""The game-neutral move value: an action integer and its canonical text."""


cdef class Move:
    """A move of the player to decide (or a chance outcome) in the state it came from.

    ``action`` is its integer in the game's fixed action space (0 .. the game's
    ``num_distinct_actions`` - 1); ``text`` its canonical notation in the game's move
    text (for Pick & Pack: ``c4>2``, ``aT=P``, docs/engine.md "Move text"). Immutable and
    hashable; moves are equal when both fields are; ``str(move)`` is the text.

    Every game shares this one class, compiled once (``pickpack._move``), so a C game's
    binding builds moves at C speed and a pure-Python game builds the same values.
    """

    def __init__(self, int action, str text):
        self.action = action
        self.text = text

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"Move(action={self.action}, text={self.text!r})"

    def __hash__(self):
        return hash((self.action, self.text))

    def __eq__(self, other):
        if not isinstance(other, Move):
            return NotImplemented
        return self.action == (<Move>other).action and self.text == (<Move>other).text

    def __ne__(self, other):
        if not isinstance(other, Move):
            return NotImplemented
        return not (self.action == (<Move>other).action and self.text == (<Move>other).text)

    def __reduce__(self):
        return (Move, (self.action, self.text))

    @staticmethod
    def parse(text, state):
        """The legal move of ``state`` that ``text`` denotes (same as state.parse_move).

        Raises MoveSyntaxError for malformed text and IllegalMoveError (naming the rule)
        for a well-formed move that is not legal in ``state``.
        """
        return state.parse_move(text)
