"""The check a game passes when it is loaded (pickpack.games_registry.get_game, the
match runner for a Game object, ``pickpack plugins``): a few seeded random playouts
from the initial state, with every protocol promise the match runner, the bots and the
adapters rely on checked at every step. A game that breaks one is refused before its
first game, in one line, instead of dying in the middle of a match with a traceback.

First the facts a match resolves at its start (no playing): the default player count
is offered, ``match_variant`` is None or one of the game's ``variants``
(pickpack.game_parts.check_match_variant), every variant resolves to offered options.
Then, checked at each state visited (pickpack.game.GameState):

- ``current_player_id()`` is a seat ``0 .. num_players-1``, CHANCE or TERMINAL, and
  agrees with ``is_chance_node()``/``is_terminal()``;
- at a chance node: ``chance_outcomes()`` is non-empty, its outcomes distinct, in
  ``0 .. max_chance_outcomes-1`` and equal to ``legal_actions()``; every probability is
  an exact ``Fraction`` in (0, 1] and they sum to exactly 1;
- at a decision: ``legal_actions()`` is non-empty, increasing, in
  ``0 .. num_distinct_actions-1``;
- every action applied (drawn from those lists) is accepted;
- at the end: ``returns()`` has one value per seat, within ``min_utility ..
  max_utility``; and no playout is longer than ``max_game_length``.

A playout whose ``new_state`` raises ValueError, TypeError or a PickpackError is
skipped: refusing options is the factory's right, named by the match's own check
(pickpack.match.trial_state). Only a bounded number of steps is played (CHECK_SEEDS x CHECK_STEPS), so the check
costs milliseconds; it finds the faults that show in every game (a die whose faces sum
to 999/1000), not every fault. The conformance tests reuse ``game_problem``.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from pickpack.errors import GameCheckError, PickpackError
from pickpack.game import CHANCE, TERMINAL, Game, OptionError
from pickpack.game_parts import GamePartError, check_match_variant

__all__ = ["CHECK_SEEDS", "CHECK_STEPS", "check_game", "game_problem"]

#: The seeds of the playouts (each both the game's seed and the choices').
CHECK_SEEDS = (0, 1)
#: The most steps (chance outcomes included) of one playout.
CHECK_STEPS = 64

# Games that passed, by name: a Game equal to one of them (the same fields: an unpickled
# copy in a match's worker process, made for every game) is not played again.
_PASSED: dict[str, list[Game[Any]]] = {}


class _Fault(Exception):
    """A broken promise, found at one step."""


def _chance_problem(state: Any, game: Game[Any]) -> None:
    outcomes = list(state.chance_outcomes())
    if not outcomes:
        raise _Fault("a chance node without outcomes (chance_outcomes() is empty)")
    actions = []
    total = Fraction(0)
    for pair in outcomes:
        action, p = pair
        if isinstance(p, bool) or not isinstance(p, Fraction):
            raise _Fault(f"chance outcome {action!r} has probability {p!r}, not an exact "
                         f"Fraction")
        if not 0 < p <= 1:
            raise _Fault(f"chance outcome {action!r} has probability {p}, not in (0, 1]")
        if isinstance(action, bool) or not isinstance(action, int) or not (
                0 <= action < game.max_chance_outcomes):
            raise _Fault(f"chance outcome {action!r} is outside 0..{game.max_chance_outcomes - 1} "
                         f"(max_chance_outcomes {game.max_chance_outcomes})")
        actions.append(action)
        total += p
    if len(set(actions)) != len(actions):
        raise _Fault(f"chance outcomes list an outcome twice: {actions}")
    if total != 1:
        raise _Fault(f"chance outcomes' probabilities sum to {total}, not exactly 1")
    if sorted(actions) != list(state.legal_actions()):
        raise _Fault(f"chance outcomes {sorted(actions)} are not legal_actions() "
                     f"{list(state.legal_actions())}")


def _decision_problem(state: Any, game: Game[Any], seat: int, players: int) -> None:
    if not 0 <= seat < players:
        raise _Fault(f"current_player_id() is {seat!r}, not a seat 0..{players - 1}, "
                     f"CHANCE ({CHANCE}) or TERMINAL ({TERMINAL})")
    actions = list(state.legal_actions())
    if not actions:
        raise _Fault(f"seat {seat} is to move but legal_actions() is empty")
    if actions != sorted(set(actions)):
        raise _Fault("legal_actions() is not in increasing order without repeats")
    if actions[0] < 0 or actions[-1] >= game.num_distinct_actions:
        raise _Fault(f"legal action outside 0..{game.num_distinct_actions - 1} "
                     f"(num_distinct_actions {game.num_distinct_actions})")


def _end_problem(state: Any, game: Game[Any], players: int) -> None:
    returns = list(state.returns())
    if len(returns) != players:
        raise _Fault(f"returns() has {len(returns)} values for {players} seats")
    for seat, value in enumerate(returns):
        if not game.min_utility <= value <= game.max_utility:
            raise _Fault(f"returns()[{seat}] is {value}, outside min_utility..max_utility "
                         f"({game.min_utility}..{game.max_utility})")


def _playout(game: Game[Any], players: int, seed: int) -> None:
    """One seeded playout of at most CHECK_STEPS steps; _Fault (with the step) on a
    broken promise."""
    try:
        state = game.new_state(players=players, seed=seed)
    except (ValueError, TypeError, PickpackError):
        # a factory refusing its defaults is the options' check's business (the match's
        # trial_state names the options); the load check checks play
        return
    rng = random.Random(seed)
    for step in range(1, CHECK_STEPS + 1):
        try:
            seat = state.current_player_id()
            chance, over = state.is_chance_node(), state.is_terminal()
            if (seat == CHANCE) != chance or (seat == TERMINAL) != over:
                raise _Fault(f"current_player_id() {seat} disagrees with is_chance_node() "
                             f"{chance} and is_terminal() {over}")
            if over:
                _end_problem(state, game, players)
                return
            if chance:
                _chance_problem(state, game)
                action = rng.choice([a for a, _ in state.chance_outcomes()])
            else:
                _decision_problem(state, game, seat, players)
                action = rng.choice(list(state.legal_actions()))
            state.apply_action(action)
        except _Fault as fault:
            raise _Fault(f"seed {seed}, {players} players, step {step}: {fault}") from None
        if step > game.max_game_length:
            raise _Fault(f"seed {seed}, {players} players: still playing after max_game_length "
                         f"({game.max_game_length}) actions")


def _facts_problem(game: Game[Any]) -> str | None:
    """What is wrong with the facts a match resolves at its start, found without playing:
    the default player count is one the game offers, ``match_variant`` is None or one of
    its ``variants``, and every variant resolves to options the game offers (the
    match's variant and options are then only the user's to get wrong)."""
    try:
        game.check_players(game.default_player_count())
    except OptionError as exc:
        return f"its default player count: {exc}"
    try:
        check_match_variant(game)
    except GamePartError as exc:
        return str(exc).removeprefix(f"game {game.name}: ")
    for variant, presets in sorted(game.variants.items()):
        try:
            game.resolve_options(None, presets)
        except OptionError as exc:
            return f"variant {variant!r} presets {exc}"
    return None


def game_problem(game: Game[Any]) -> str | None:
    """What is wrong with ``game`` (module docstring), in one line without the game's
    name, or None when every check passes. An exception the game raises during the
    playouts is a problem too (``"raised ValueError: ..."``, with where)."""
    facts = _facts_problem(game)
    if facts is not None:
        return facts
    counts = sorted({game.default_player_count(), game.max_players})
    for players in counts:
        for seed in CHECK_SEEDS:
            try:
                _playout(game, players, seed)
            except _Fault as fault:
                return str(fault)
            except Exception as exc:       # the game's own error, of any kind: named, one line
                detail = " ".join(str(exc).split())
                return f"seed {seed}, {players} players: raised {type(exc).__name__}: {detail}"
    return None


def check_game(game: Game[Any]) -> None:
    """Raise GameCheckError (one line: ``game 'NAME' fails its load check: WHERE: FAULT``)
    when ``game_problem`` finds a problem; a game that passed once in this process is
    not played again (nor an equal Game, e.g. its unpickled copy)."""
    passed = _PASSED.setdefault(game.name, [])
    if any(known is game or known == game for known in passed):
        return
    problem = game_problem(game)
    if problem is not None:
        raise GameCheckError(f"game {game.name!r} fails its load check: {problem}")
    passed.append(game)
