"""Puzzles defined in Python, searched by the library's C algorithms: A*
and IDA* find optimal solutions whose lengths a plain breadth-first search
(written in the test, not the library's) confirms; every generic algorithm
returns a solution that replays to a goal; costs, keys, heuristics given
by name or function, local search, and the errors of a puzzle that
misbehaves."""
import random

import pytest

import ariadne
from puzzles import (GOAL8, EightPuzzle, ListStates, Queens, ReversibleEightPuzzle, WeightedGrid, plain_bfs,
                     plain_dijkstra)

GENERIC = [a.name for a in ariadne.algorithms() if a.kind == "generic"]


def scrambled(moves, seed):
    """An 8-puzzle start `moves` random moves from the goal."""
    rng = random.Random(seed)
    p = EightPuzzle(GOAL8)
    state = GOAL8
    for _ in range(moves):
        state = rng.choice([s for _, s in p.successors(state)])
    return state


# One of the two hardest 8-puzzle positions: 31 moves (Reinefeld 1993,
# "Complete solution of the eight-puzzle"), confirmed below by the
# library's breadth-first search.
HARDEST = (8, 6, 7, 2, 5, 4, 3, 0, 1)
# 6, 8, 12, 18, 22 and 24 moves from the goal, and the hardest
STARTS = [scrambled(n, seed) for n, seed in ((8, 1), (20, 3), (40, 5), (80, 2), (300, 5), (200, 4))] + [HARDEST]

GRID = WeightedGrid([
    "S...#.....",
    ".##.#.###.",
    ".#..9...#.",
    ".#.####.#.",
    "...#..5.#G",
    ".#...#....",
])


@pytest.mark.parametrize("start", STARTS)
def test_astar_and_idastar_are_optimal_by_bfs(start):
    p = EightPuzzle(start)
    shortest = 31 if start == HARDEST else plain_bfs(p)
    for algo in ("astar", "idastar"):
        r = ariadne.solve(p, algo=algo)
        assert r.status == "solved" and r.optimal, r
        assert r.length == shortest == r.cost
        assert r.lower_bound == shortest
        assert r.states[0] == start and p.is_goal(r.states[-1]) and len(r.states) == r.length + 1
        v = ariadne.verify(p, r.moves)
        assert v.solved and v.length == shortest
    assert ariadne.solve(p, algo="bfs").length == shortest


@pytest.mark.parametrize("algo", GENERIC)
def test_every_generic_algorithm_finds_a_solution(algo):
    p = ReversibleEightPuzzle(STARTS[3])  # its predecessors: bibfs and mm search backward too
    kwargs = {"depth_limit": 40} if algo == "dfs" else {}
    r = ariadne.solve(p, algo=algo, time_limit=60, **kwargs)
    assert r.algorithm == algo
    assert r.status == "solved", r
    assert ariadne.verify(p, r.moves).solved
    assert ariadne.verify(p, r.solution).solved
    if r.optimal:
        assert r.length == plain_bfs(p)


def test_backward_search_needs_predecessors_given_right():
    with pytest.raises(ariadne.UnsupportedError, match="no predecessors"):
        ariadne.solve(EightPuzzle(STARTS[3]), algo="bibfs")

    class WrongWay(EightPuzzle):
        def predecessors(self, state):  # the move as undone, not as played forward
            return list(self.successors(state))

    with pytest.raises(ValueError, match="successors\\(P\\) has no move"):
        ariadne.solve(WrongWay(STARTS[3]), algo="mm")
    p = ReversibleEightPuzzle(STARTS[3])
    for algo in ("bibfs", "mm"):
        r = ariadne.solve(p, algo=algo)
        assert r.optimal and r.length == plain_bfs(p) and ariadne.verify(p, r.moves).solved


def test_move_costs_and_least_cost_algorithms():
    best = plain_dijkstra(GRID)
    for algo in ("astar", "ucs", "idastar", "bnb"):
        r = ariadne.solve(GRID, algo=algo)
        assert r.optimal and r.cost == best, (algo, r)
        assert ariadne.verify(GRID, r.moves).cost == best
    fewest = ariadne.solve(GRID, algo="bfs")
    assert fewest.length == plain_bfs(GRID)
    assert not fewest.optimal or fewest.cost == best  # fewest moves is not least cost here
    w = ariadne.solve(GRID, algo="wastar", weight=3)
    assert w.cost <= 3 * best


def test_heuristics_by_name_function_and_admissibility():
    p = EightPuzzle(STARTS[4])
    manhattan = ariadne.solve(p)
    misplaced = ariadne.solve(p, heuristic="misplaced")
    assert manhattan.heuristic == "heuristic" and misplaced.heuristic == "misplaced"
    assert misplaced.nodes > manhattan.nodes  # the weaker heuristic expands more
    assert not misplaced.optimal  # not marked admissible: not claimed
    assert "not admissible" in misplaced.note
    proven = ariadne.solve(p, heuristic=ariadne.admissible(lambda s: p.misplaced(s)))
    assert proven.optimal and proven.length == manhattan.length
    blind = ariadne.solve(p, heuristic=lambda s: 0, algo="astar")
    assert blind.nodes > misplaced.nodes
    with pytest.raises(ariadne.InputError, match="uses no heuristic"):
        ariadne.solve(p, algo="bfs", heuristic="misplaced")
    with pytest.raises(ariadne.InputError, match="unknown heuristic"):
        ariadne.solve(p, heuristic="nonesuch")


def test_unhashable_states_with_a_key_and_formatted_moves():
    p = ListStates([4, 3, 2, 1, 5])
    r = ariadne.solve(p, algo="bfs")
    assert r.length == plain_bfs(p) == 6
    assert r.solution.split() == [p.format_move(m) for m in r.moves]
    assert ariadne.verify(p, r.solution).solved


def test_start_already_a_goal_and_no_solution():
    r = ariadne.solve(EightPuzzle(GOAL8))
    assert r.moves == [] and r.length == 0 and r.optimal
    unsolvable = EightPuzzle((2, 1, 3, 4, 5, 6, 7, 8, 0))  # odd permutation
    r = ariadne.solve(unsolvable, algo="bfs")
    assert r.status == "no_solution" and r.moves is None and r.length is None
    assert r.nodes == 181440 - 1 or r.nodes == 181440  # half of 9! states, all searched


def test_limits_stop_with_the_best_so_far():
    p = EightPuzzle(STARTS[-1])
    r = ariadne.solve(p, algo="bfs", node_limit=500)
    assert r.status == "limit" and r.stop_reason == "node limit" and r.moves is None
    assert r.nodes <= 500
    r = ariadne.solve(p, algo="bnb", node_limit=3000)
    if r.moves is not None:
        assert r.status == "limit" and not r.optimal and ariadne.verify(p, r.moves).solved
    r = ariadne.solve(p, algo="iddfs", time_limit=0.2)
    assert r.status == "limit" and r.stop_reason == "time limit"
    assert r.seconds < 5
    r = ariadne.solve(p, algo="bfs", memory_limit="1M")
    assert r.status == "limit" and r.stop_reason == "memory limit"


def test_local_search_on_a_python_view():
    q = Queens(8)
    for strategy in ("hill", "anneal", "tabu"):
        r = ariadne.solve(q, algo=strategy, seed=3, restarts=20) if strategy == "hill" else \
            ariadne.solve(q, algo=strategy, seed=3)
        assert r.algorithm == strategy
        if r.moves is not None:
            assert ariadne.verify(q, r.moves).solved
            assert r.optimal == (r.cost == q.n)
    r = ariadne.solve(q, algo="hill", seed=1, restarts=200)
    assert r.status == "solved" and r.optimal and r.length == 8
    assert q.attacks(tuple(r.moves)) == 0
    same = ariadne.solve(q, algo="hill", seed=1, restarts=200)
    assert same.moves == r.moves  # reproducible from its seed
    # the search view of the same class
    assert ariadne.solve(q, algo="dfs").length == 8
    with pytest.raises(ariadne.UnsupportedError, match="local-search view"):
        ariadne.solve(EightPuzzle(STARTS[0]), algo="hill")


class Broken(EightPuzzle):
    def __init__(self, start, fault):
        super().__init__(start)
        self.fault = fault
        self.calls = 0

    def successors(self, state):
        self.calls += 1
        if self.fault == "raise" and self.calls == 50:
            raise ZeroDivisionError("the puzzle's own bug")
        out = list(super().successors(state))
        if self.fault == "shape":
            return [(m,) for m, _ in out]
        if self.fault == "cost":
            return [(m, s, 0) for m, s in out]
        if self.fault == "twice":
            return out + out[:1]
        if self.fault == "unhashable":
            return [(m, list(s)) for m, s in out]
        if self.fault == "many":
            return [(m + str(i), s) for i in range(20) for m, s in out]
        return out


@pytest.mark.parametrize("fault,error,match", [
    ("raise", ZeroDivisionError, "own bug"),
    ("shape", ValueError, "successors"),
    ("cost", ValueError, "cost"),
    ("twice", ValueError, "twice"),
    ("unhashable", TypeError, "hashable"),
    ("many", ValueError, "max_successors"),
])
@pytest.mark.parametrize("algo", ["astar", "idastar", "bfs"])
def test_a_failing_callback_raises_its_error(fault, error, match, algo):
    p = Broken(STARTS[-1], fault)
    with pytest.raises(error, match=match):
        ariadne.solve(p, algo=algo)
    # nothing is called after the failure is noticed beyond a few expansions
    if fault == "raise":
        assert p.calls == 50


def test_bad_puzzles_and_arguments():
    class NoGoal:
        start = 0

        def successors(self, s):
            return []
    with pytest.raises(TypeError, match="is_goal"):
        ariadne.solve(type("P", (), {"start": 0, "successors": lambda self, s: [], "is_goal": None})())
    assert ariadne.solve(type("P", (), {"start": 0, "successors": lambda self, s: [],
                                        "is_goal": lambda self, s: False})()).status == "no_solution"
    p = EightPuzzle(STARTS[0])
    with pytest.raises(ariadne.InputError, match="unknown algorithm"):
        ariadne.solve(p, algo="nonesuch")
    with pytest.raises(ariadne.InputError, match="weight"):
        ariadne.solve(p, algo="astar", weight=2)
    with pytest.raises(ariadne.InputError, match="time_limit"):
        ariadne.solve(p, time_limit=-1)
    with pytest.raises(ariadne.InputError, match="memory_limit"):
        ariadne.solve(p, memory_limit="lots")
    with pytest.raises(TypeError, match="whole number"):
        ariadne.solve(p, heuristic=lambda s: 0.5)
    with pytest.raises(ariadne.InputError, match="illegal"):
        ariadne.verify(p, ["U", "U", "U", "U"])
    assert isinstance(NoGoal(), object)
