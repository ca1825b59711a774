"""Puzzles defined in Python, searched by the library's algorithms.

A puzzle is a class with `start`, `is_goal(state)` and `successors(state)`;
ariadne.solve(puzzle, algo=...) then runs any generic algorithm of the
library on it (A*, IDA*, BFS, UCS, weighted A*, greedy, beam, DFS,
iterative deepening, branch and bound), and the local-search strategies
when the puzzle also defines a local-search view. The search itself is C;
it calls back into Python once per new state (its successors, goal test and
heuristic) and never twice for the same state.
"""
from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable, Optional, Sequence, Tuple, TypeVar, Union

from . import _ariadne
from ._results import Result, Verification

State = Any
Move = Any
F = TypeVar("F", bound=Callable[..., int])


def admissible(fn: F) -> F:
    """Marks a heuristic as admissible (it never overestimates the cost to a
    goal), so that A*, IDA* and branch and bound may claim optimality.
    Use it on the function, or on the puzzle's `heuristic` method:

        @ariadne.admissible
        def heuristic(self, state): ...
    """
    fn.admissible = True  # type: ignore[attr-defined]
    return fn


def consistent(fn: F) -> F:
    """Marks a heuristic as consistent (h(s) <= cost(s, t) + h(t) for every
    move s -> t), which implies admissible."""
    fn.admissible = True  # type: ignore[attr-defined]
    fn.consistent = True  # type: ignore[attr-defined]
    return fn


class Puzzle:
    """Base class of a puzzle defined in Python (subclassing it is optional:
    any object with `start`, `is_goal` and `successors` will do).

    Required:
        start: the start state (an attribute, or a method returning it).
        is_goal(state) -> bool
        successors(state): an iterable of (move, next_state) or
            (move, next_state, cost) tuples; cost is a whole number >= 1
            (default 1). Each move names one successor of the state, and
            moves must be hashable (strings, tuples, numbers).
    Optional:
        heuristic(state) -> int: an estimate of the cost to a goal, >= 0;
            mark it with @ariadne.admissible when it never overestimates,
            so that A* and IDA* can prove optimality.
        key(state) -> hashable: the identity of a state, when states are
            not hashable themselves (lists, dicts) or carry data that does
            not matter. Default: the state itself.
        format_move(move) -> str, format_state(state) -> str: text for
            results and verify (default: str()).
        max_successors: the most successors a state has (default 64).
    Bidirectional search (bibfs, mm), both or none:
        goal: the goal as one state (an attribute, or a method returning
            it); predecessors(state): an iterable of (move, previous_state)
            tuples, each move as successors(previous_state) gives it (its
            cost is taken from there; a move that is not is an error).
    Local search (hill, anneal, tabu, ...), all four or none:
        cost(candidate) -> int, neighbours(candidate) -> iterable,
        random_candidate(rng) -> candidate (rng: a random.Random),
        solution_moves(candidate) -> list of moves from start, or None;
        optionally initial_candidate(rng), is_solution(candidate),
        lower_bound, max_solution_length. A solution candidate's cost must
        be the cost of its moves.

    States are interned: each distinct state gets a small id that the C
    search copies and compares, and the table of states lives until the
    search ends. So memory grows with the states met (under IDA* too, whose
    own memory is only linear in the depth); in exchange no state is
    expanded twice in Python.
    """

    max_successors: int = 64

    def start(self) -> State:  # pragma: no cover - to be overridden
        raise NotImplementedError("a puzzle defines start")

    def is_goal(self, state: State) -> bool:  # pragma: no cover
        raise NotImplementedError("a puzzle defines is_goal(state)")

    def successors(self, state: State) -> Iterable[Union[Tuple[Move, State], Tuple[Move, State, int]]]:
        raise NotImplementedError("a puzzle defines successors(state)")  # pragma: no cover

    def solve(self, **kwargs: Any) -> Result:
        """ariadne.solve(self, **kwargs)."""
        return solve_python(self, **kwargs)

    def __repr__(self) -> str:
        return "<%s puzzle>" % type(self).__name__


def is_python_puzzle(obj: Any) -> bool:
    """Whether obj is a puzzle defined in Python (not a domain's name)."""
    return not isinstance(obj, str) and hasattr(obj, "successors") and hasattr(obj, "is_goal")


def _heuristic_of(puzzle: Any, heuristic: Any) -> Tuple[Optional[Callable[[State], int]], str, bool]:
    """The heuristic function, its name, and whether one was asked for."""
    if heuristic is None:
        fn = getattr(puzzle, "heuristic", None)
        return (fn, "heuristic", False) if callable(fn) else (None, "heuristic", False)
    if isinstance(heuristic, str):
        fn = getattr(puzzle, heuristic, None)
        if not callable(fn):
            raise _ariadne.InputError("unknown heuristic '%s' for %s (not a method of the puzzle)"
                                      % (heuristic, type(puzzle).__name__))
        return fn, heuristic, True
    if not callable(heuristic):
        raise _ariadne.InputError("heuristic must be a function of a state, a method's name, or None")
    return heuristic, getattr(heuristic, "__name__", "heuristic"), True


def solve_python(puzzle: Any, *, algo: Optional[str] = None, heuristic: Any = None, weight: Optional[float] = None,
                 beam_width: Optional[int] = None, depth_limit: Optional[int] = None, seed: Optional[int] = None,
                 time_limit: Optional[float] = None, memory_limit: Union[int, str, None] = None,
                 node_limit: Optional[int] = None, options: Optional[dict] = None) -> Result:
    """Solves a puzzle defined in Python (ariadne.solve does the same)."""
    fn, name, explicit = _heuristic_of(puzzle, heuristic)
    is_admissible = bool(getattr(fn, "admissible", False)) if fn else False
    is_consistent = bool(getattr(fn, "consistent", False)) if fn else False
    return Result(_ariadne.solve_python(
        puzzle, algo=algo, heuristic=fn, heuristic_name=name, admissible=is_admissible, consistent=is_consistent,
        explicit_heuristic=explicit, weight=weight, beam_width=beam_width, depth_limit=depth_limit, seed=seed,
        time_limit=time_limit, memory_limit=memory_limit, node_limit=node_limit,
        max_successors=int(getattr(puzzle, "max_successors", 64)), options=options or None))


def _text(puzzle: Any, move: Move) -> str:
    fmt = getattr(puzzle, "format_move", None)
    return fmt(move) if callable(fmt) else str(move)


def verify_python(puzzle: Any, moves: Union[str, Sequence[Move]]) -> Verification:
    """Replays moves (move objects, or their texts) from the start through
    the puzzle's successors: whether they reach a goal, length, cost and
    the final state. An illegal move raises InputError naming it."""
    if isinstance(moves, str):
        moves = moves.split()
    start = getattr(puzzle, "start")
    state = start() if callable(start) else start
    total = 0
    for i, move in enumerate(moves, 1):
        for succ in puzzle.successors(state):
            m, nxt, cost = succ[0], succ[1], (succ[2] if len(succ) > 2 else 1)
            if m == move or (isinstance(move, str) and _text(puzzle, m) == move):
                state, total = nxt, total + cost
                break
        else:
            raise _ariadne.InputError("move %d (%r) is illegal in this position" % (i, move))
    return Verification(solved=bool(puzzle.is_goal(state)), length=len(moves), cost=total, final_state=state)
