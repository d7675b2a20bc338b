"""The ``openspiel-mcts`` bot: OpenSpiel's C++ MCTS (``pyspiel.MCTSBot``) playing any
pickpack game through the OpenSpiel adapter (pickpack.adapters.openspiel, extra
``openspiel``), the field's reference to measure our own bots against (docs/bots.md,
"Against OpenSpiel's MCTS").

The search is OpenSpiel's own: UCT (Kocsis & Szepesvari 2006) with OpenSpiel's
``RandomRolloutEvaluator`` (uniformly random rollouts to the end of the game) and its
defaults (those of open_spiel/python/examples/mcts.py): exploration ``uct_c`` 2, one
rollout per leaf, 1000 simulations, MCTS-Solver on; the C++ bot's node memory is capped
at MAX_MEMORY_MB (far above what these searches use). The tree lives in
C++; every state operation it makes (clone, legal actions, apply, returns) is a call
into the adapter's Python state, so a simulation costs what the adapter costs. The
search sees the adapter state, i.e. the whole game state (as our ``mcts`` does in Pick
& Pack's play phase).

Options (``pickpack match openspiel-mcts:seconds=0.1 ...``):

- ``simulations`` (int 2..10**9): simulations per search (default DEFAULT_SIMULATIONS
  when ``seconds`` is not given; OpenSpiel's search expands its root only on the
  second simulation, so a search has at least MIN_SIMULATIONS);
- ``seconds`` (number > 0): a per-move wall-clock TARGET for the mean time per move.
  The simulation count of each search is planned from the simulation rate measured on
  the previous search of the game (the first search of a game measures it with
  PROBE_SIMULATIONS simulations first) so that the mean time per move of the game meets
  the target: a move that took too long makes the next ones shorter (each planned move
  lies between MIN_FRACTION and MAX_FRACTION of the target, and its searches end by
  LIMIT_SHARE of the time to the move's deadline, "Time" below). The probe is a search of
  its own whose move is dropped; its time counts in the move's. ``mean_move_seconds``
  reports the measured mean. With both options, ``simulations`` caps each search;
- ``rollouts`` (int 1..1000): random rollouts per leaf (default 1);
- ``exploration`` (number >= 0): UCT's constant ``uct_c`` (default 2.0).

The match's seed seeds every search: search ``k`` of a turn in position ``z`` (Zobrist
hash) is seeded with derive_seed(seed, z, k) (reduced to 31 bits for OpenSpiel), so with
a simulation budget a move depends only on the seed, the options and the position --
unless the clock cuts it.

Time (the bot is ``bounded``, pickpack.bots.time_limit). Every move has a hard deadline,
``search_seconds(L)`` (pickpack.bots.search) after ``choose`` was called under the
match's per-move limit ``L`` (and MAX_FRACTION x ``seconds`` with that option), and the
search itself polls it: the searched state calls a watch (``_Watch``) before every
action the C++ search applies to it or to its clones, in the tree and in the rollouts
(pickpack.adapters.openspiel.poll_actions), and past the deadline the watch raises;
pybind11 carries the exception out of ``mcts_search``, unwinding the C++ search. A
search cut so has no result (its tree lives in C++ and is gone): the sub-decision then
takes the move of the rate probe that preceded it, if any, else a uniformly random
legal one drawn from the search's seed; once the deadline has passed no further
search is started. A forced move (one legal token) needs no search. So the move comes
within the limit whatever the load, one adapter action after the deadline at most;
``cut_searches`` counts the searches cut. Cuts are the exception, not the plan: a
search is planned to end by LIMIT_SHARE of the time from the move's start to its
deadline, at the rate measured on the previous search of the game (the first search of a game is
preceded by a PROBE_SIMULATIONS probe, itself under the deadline; a cut search
measures the rate too), so it is cut only when the machine slows down by more than
that margin between two searches.
OpenSpiel's own ``max_wall_clock_time`` cannot serve as the deadline: when it is set
the search runs until that time and ignores ``max_simulations`` (open-spiel 2.0.2), and
it is measured from the search's start, not the move's.

The search's move is the best root child of ``MCTSBot.mcts_search``, what the C++
``MCTSBot::Step`` returns (as pickpack.adapters.openspiel.cpp_mcts_step; ``MCTSBot.
step`` itself crashes the process on any game written in Python in open-spiel 2.0.2);
the root's visit count is the number of simulations run (fewer than asked when
MCTS-Solver proves the root's value early).

Games with action tokens (PACRU, pickpack.action_tokens): OpenSpiel sees a turn as a
few sub-decisions of the same player; the bot searches each one on the adapter state
and returns the game action once its tokens complete it. A sub-decision with a single
legal token is taken without a search (as ``mcts`` answers a single root move at once).

Without OpenSpiel installed the bot refuses to be built with one line naming the extra
(pickpack.install_hint), so ``pickpack match`` stops before the first game.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any, ClassVar

from pickpack.adapters.play import AdaptedState
from pickpack.bots.search import SearchBot, count, real, search_seconds
from pickpack.install_hint import install_hint
from pickpack.match.seeding import derive_seed
from pickpack.move import Move

__all__ = ["DEFAULT_EXPLORATION", "DEFAULT_ROLLOUTS", "DEFAULT_SIMULATIONS", "LIMIT_SHARE", "MAX_FRACTION",
           "MAX_MEMORY_MB", "MIN_FRACTION", "MIN_SIMULATIONS", "OpenSpielMCTSBot", "PROBE_SIMULATIONS"]

#: The clock of every time the bot measures and of its deadline (seconds; a module
#: attribute so that a test can put a fake clock in its place).
_clock: Callable[[], float] = time.perf_counter

DEFAULT_SIMULATIONS = 1000       # OpenSpiel's examples/mcts.py: --max_simulations 1000
DEFAULT_ROLLOUTS = 1             # --rollout_count 1
DEFAULT_EXPLORATION = 2.0        # --uct_c 2
MAX_MEMORY_MB = 1000             # the C++ bot's node-memory cap (the Python example has none)
SOLVE = True                     # --solve true (MCTS-Solver)
MIN_SIMULATIONS = 2              # OpenSpiel's search expands its root on the 2nd simulation
PROBE_SIMULATIONS = 16           # the first search of a game, to measure the rate
MIN_FRACTION = 0.25              # a planned move lies within these fractions
MAX_FRACTION = 3.0               # of the ``seconds`` target
LIMIT_SHARE = 0.5                # of the time to the move's deadline: the most a move plans to search
_SEED_MODULUS = 2**31            # OpenSpiel takes a C int seed


class _DeadlinePassed(Exception):
    """Raised inside OpenSpiel's search by a _Watch once the move's deadline has passed."""


class _Watch:
    """The deadline of one search (module docstring, "Time"), ``deadline`` seconds on
    _clock. Called, it raises _DeadlinePassed once ``_clock()`` has reached the deadline:
    the search's states call it before every action applied (pickpack.adapters.
    openspiel.poll_actions). It also rides on the root OpenSpiel state as an attribute,
    which OpenSpiel's Clone deep-copies: ``__deepcopy__`` checks the deadline too, counts
    the clones (one a simulation, plus one a rollout) and returns the watch itself."""

    __slots__ = ("clones", "deadline")

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.clones = 0

    def __call__(self) -> None:
        if _clock() >= self.deadline:
            raise _DeadlinePassed

    def __deepcopy__(self, memo: dict[int, Any]) -> _Watch:
        self()
        self.clones += 1
        return self


def _pyspiel_modules() -> tuple[Any, Any]:
    """(pyspiel, pickpack.adapters.openspiel), or ValueError with one line naming the
    extra to install (make_bot turns it into the spec's error before the first game)."""
    try:
        import pyspiel
    except ImportError:
        raise ValueError(f"openspiel-mcts {install_hint('openspiel')}") from None
    try:
        import pickpack.adapters.openspiel as adapter
    except ImportError as exc:
        raise ValueError(f"openspiel-mcts: {exc}") from None
    return pyspiel, adapter


class OpenSpielMCTSBot(SearchBot):
    """OpenSpiel's ``pyspiel.MCTSBot`` with random rollouts, for every game the
    OpenSpiel adapter registers (``games = None``). Build it with
    ``OpenSpielMCTSBot(seed=None, time_limit=None, **options)`` (options: module
    docstring); ``time_limit`` is the match's per-move limit in seconds.

    Statistics of the game so far (reset with ``reset``): ``moves`` (moves with a
    choice, searched or, past the deadline, drawn; a forced move, one legal choice, is
    neither counted nor timed),
    ``move_seconds`` (their total wall time), ``searches``, ``simulations`` and
    ``search_seconds`` (the MCTS searches alone, the rate probe included),
    ``cut_searches`` (searches the move's deadline cut, module docstring "Time"),
    ``mean_move_seconds`` and ``simulations_per_second``.

    Raises ValueError naming the option for an unknown option or a bad value, for a
    seed that is not None or an int 0..2**64-1, and (one line naming the extra) when
    OpenSpiel is not installed.
    """

    name = "openspiel-mcts"
    games: ClassVar[tuple[str, ...] | None] = None
    OPTIONS = {
        "simulations": "int >= 2",
        "seconds": "target mean seconds per move > 0",
        "rollouts": "random rollouts per leaf >= 1",
        "exploration": "UCT constant uct_c >= 0",
    }

    def __init__(self, seed: int | None = None, *, time_limit: float | None = None,
                 **options: Any) -> None:
        self._start(seed, options, time_limit)
        _pyspiel_modules()           # OpenSpiel missing: refused now, one line
        simulations = options.get("simulations")
        self.max_simulations: int | None = None if simulations is None else count(
            self.name, "simulations", simulations, MIN_SIMULATIONS, 10**9)
        if self.max_simulations is None and self.seconds is None:
            self.max_simulations = DEFAULT_SIMULATIONS
        self.rollouts = count(self.name, "rollouts", options.get("rollouts", DEFAULT_ROLLOUTS), 1, 1000)
        self.exploration = real(self.name, "exploration",
                                options.get("exploration", DEFAULT_EXPLORATION), positive=False)
        self._clear_stats()

    @property
    def _pyspiel(self) -> Any:
        """The pyspiel module, looked up when used: modules are not kept on the bot, so
        that it pickles and deep-copies."""
        return _pyspiel_modules()[0]

    @property
    def _adapter(self) -> Any:
        """pickpack.adapters.openspiel (as _pyspiel)."""
        return _pyspiel_modules()[1]

    def _clear_stats(self) -> None:
        self.moves = 0
        self.move_seconds = 0.0
        self.searches = 0
        self.simulations = 0
        self.search_seconds = 0.0
        self.cut_searches = 0
        self._last_rate: float | None = None       # simulations per second, last search
        self._overhead = 0.0                       # seconds of a move outside its searches

    def reset(self, seed: int | None = None) -> None:
        """Start a new game with this base seed (None: a fresh random one); the
        statistics and the measured rate start afresh."""
        super().reset(seed)
        self._clear_stats()

    @property
    def mean_move_seconds(self) -> float:
        """Mean wall time of the moves chosen so far (0.0 before the first)."""
        return self.move_seconds / self.moves if self.moves else 0.0

    @property
    def simulations_per_second(self) -> float:
        """Simulations per second of search wall time so far (0.0 before the first)."""
        return self.simulations / self.search_seconds if self.search_seconds > 0 else 0.0

    def _planned_move_seconds(self) -> float:
        """Wall time the next move should take so that the game's mean meets the
        ``seconds`` target, within MIN_FRACTION..MAX_FRACTION of it."""
        assert self.seconds is not None
        target = self.seconds
        wanted = target * (self.moves + 1) - self.move_seconds
        return min(max(wanted, MIN_FRACTION * target), MAX_FRACTION * target)

    def _budget(self, move_started: float, searches_left: float) -> int:
        """Simulations for the next search: the ``simulations`` option, the share of the
        planned move time (``seconds``, module docstring) and what is left of LIMIT_SHARE
        of the time from the move's start to its deadline (``_deadline``), at the last
        measured rate; the smallest, at least MIN_SIMULATIONS (PROBE_SIMULATIONS when no rate is known and no
        ``simulations`` option caps it: MCTS-Solver ended the probe too early to
        measure)."""
        budgets = [] if self.max_simulations is None else [self.max_simulations]
        if self._last_rate is not None:
            spent = _clock() - move_started + self._overhead
            if self.seconds is not None:
                left = self._planned_move_seconds() - spent
                budgets.append(round(self._last_rate * left / max(searches_left, 1.0)))
            to_deadline = self._deadline(0.0)        # seconds from a move's start
            if to_deadline < float("inf"):
                left = LIMIT_SHARE * to_deadline - spent
                budgets.append(int(self._last_rate * left))
        return max(MIN_SIMULATIONS, min(budgets)) if budgets else PROBE_SIMULATIONS

    def _deadline(self, move_started: float) -> float:
        """The move's hard deadline on _clock (module docstring, "Time"): search_seconds
        of the match's limit and MAX_FRACTION x ``seconds`` after ``move_started``,
        the nearer; +inf with neither."""
        seconds = [] if self.time_limit is None else [search_seconds(self.time_limit)]
        if self.seconds is not None:
            seconds.append(MAX_FRACTION * self.seconds)
        return move_started + min(seconds) if seconds else float("inf")

    def _search(self, game: Any, os_state: Any, simulations: int, seed: int, deadline: float) -> int | None:
        """One OpenSpiel MCTS search of ``simulations`` simulations from ``os_state``
        (the state is not changed): its action, or None when ``deadline`` cut it."""
        pyspiel = self._pyspiel
        evaluator = pyspiel.RandomRolloutEvaluator(self.rollouts, seed)
        searcher = pyspiel.MCTSBot(game, evaluator, self.exploration, simulations, MAX_MEMORY_MB,
                                   SOLVE, seed, False, pyspiel.ChildSelectionPolicy.UCT, -1.0)
        watch = _Watch(deadline)
        os_state.watch = watch
        self._adapter.poll_actions(os_state, watch)
        started = _clock()
        try:
            root = searcher.mcts_search(os_state)
        except _DeadlinePassed:
            root = None
        finally:
            del os_state.watch
            self._adapter.poll_actions(os_state, None)
        elapsed = _clock() - started
        self.searches += 1
        self.search_seconds += elapsed
        if root is None:
            self.cut_searches += 1
            # a simulation clones the root, then the leaf once per rollout
            done = watch.clones // (1 + self.rollouts)
            action = None
        else:
            # the simulations run: fewer than asked when MCTS-Solver proves the root early
            done = int(root.explore_count)
            action = int(root.best_child().action)
        self.simulations += done
        # a cut search measured the rate the machine gives now, whatever it ran; a
        # finished one only with enough simulations (not when MCTS-Solver ended it early)
        if root is None:
            self._last_rate = done / elapsed if done > 0 and elapsed > 0 else None  # None: probe again
        elif elapsed > 0 and done >= PROBE_SIMULATIONS:
            self._last_rate = done / elapsed
        return action

    def _plays_searches(self, move_started: float, os_state: Any, adapted: AdaptedState,
                        zobrist: int) -> tuple[int, bool]:
        """Search sub-decision after sub-decision until a game action completes: (the
        action, whether any sub-decision had a choice). A search the deadline cuts
        leaves the probe's move or a random one (module docstring, "Time")."""
        game = os_state.get_game()
        per_move = self.searches / self.moves if self.moves else 1.0
        deadline = self._deadline(move_started)
        chose = False                               # some sub-decision had a choice
        while True:
            tokens = adapted.legal_actions()
            if len(tokens) == 1:
                token = tokens[0]
            else:
                chose = True
                depth = len(adapted.turn.prefix)
                seed = derive_seed(self._seed, zobrist, depth) % _SEED_MODULUS
                found: int | None = None
                timed = self.seconds is not None or self.time_limit is not None
                if timed and self._last_rate is None and _clock() < deadline:
                    found = self._search(game, os_state, PROBE_SIMULATIONS, seed, deadline)  # measures the rate
                if _clock() < deadline:
                    budget = self._budget(move_started, per_move - depth)
                    searched = self._search(game, os_state, budget, seed, deadline)
                    found = found if searched is None else searched
                token = found if found is not None else random.Random(seed).choice(tokens)
            os_state.apply_action(token)
            action = adapted.apply(token)
            if action is not None:
                return action, chose

    def choose(self, state: Any) -> Move:
        """The move OpenSpiel's MCTSBot chooses in ``state`` (not modified): the state
        is handed to OpenSpiel through pickpack.adapters.openspiel.from_state. Under a
        time limit it answers by the move's deadline (module docstring, "Time").

        Raises NoDecisionError (a ValueError) if the game is over or ``state`` is a
        chance node (pickpack.bots.base), and the adapter's errors for a state it cannot
        adapt.
        """
        started = _clock()
        seconds_before = self.search_seconds
        os_state = self._adapter.from_state(state)
        adapted = AdaptedState(state.copy())
        action, chose = self._plays_searches(started, os_state, adapted, state.zobrist_hash())
        move = Move(action, state.action_text(action))
        elapsed = _clock() - started
        if chose:                                 # a forced move is neither counted nor timed
            self.moves += 1
            self.move_seconds += elapsed
            self._overhead = max(0.0, elapsed - (self.search_seconds - seconds_before))
        return move
