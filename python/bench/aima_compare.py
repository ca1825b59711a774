#!/usr/bin/env python3
"""A* on puzzles written in Python: ariadne's C search driving Python
callbacks against aima-python's pure-Python astar_search, side by side in
one run (BENCHMARKS.md, "Python bindings").

Both searches get the same Python functions: a problem is defined once
here as plain functions (actions, result, goal, heuristic) and handed to
each library through its own interface (aima's Problem class, ariadne's
Puzzle class), so the difference is the search, not the puzzle code. For
each instance the script checks that both find solutions of the same
(optimal) length, and explains the node counts: with a consistent
heuristic A* must expand every state with f = g* + h below the optimal
cost C* and may expand some of those with f = C*, depending on how it
breaks ties; the script counts both sets by a breadth-first search of its
own and checks that each library's count lies between them. The 8-puzzle
times also show ariadne's own C domain (tiles) on the same instances.

aima-python is not part of this repository: give the path of a checkout
(https://github.com/aimacode/aima-python; it needs numpy).

usage: python3 python/bench/aima_compare.py --aima PATH [--quick] [--repeat N]
"""
import argparse
import os
import random
import subprocess
import sys
import time
from collections import deque

# --- the problems, written once -------------------------------------------

GOAL8 = (1, 2, 3, 4, 5, 6, 7, 8, 0)
STEP8 = {"U": -3, "D": 3, "L": -1, "R": 1}


def eight_actions(state):
    b = state.index(0)
    acts = []
    if b >= 3:
        acts.append("U")
    if b < 6:
        acts.append("D")
    if b % 3:
        acts.append("L")
    if b % 3 < 2:
        acts.append("R")
    return acts


def eight_result(state, action):
    b = state.index(0)
    n = b + STEP8[action]
    s = list(state)
    s[b], s[n] = s[n], s[b]
    return tuple(s)


def eight_h(state):
    """Manhattan distance to GOAL8."""
    h = 0
    for i, t in enumerate(state):
        if t:
            h += abs(i // 3 - (t - 1) // 3) + abs(i % 3 - (t - 1) % 3)
    return h


class Grid:
    """A rows x cols grid with walls (a seeded fraction of the cells), from
    the top-left corner to the bottom-right; moves N, S, W, E cost 1. A
    layout is kept only when the walls force a detour (the shortest path is
    longer than the Manhattan distance), so that the heuristic has work."""

    def __init__(self, rows, cols, walls, seed):
        rng = random.Random(seed)
        self.rows, self.cols = rows, cols
        self.start, self.goal = (0, 0), (rows - 1, cols - 1)
        while True:
            self.wall = {(r, c) for r in range(rows) for c in range(cols) if rng.random() < walls}
            self.wall -= {self.start, self.goal}
            best = bfs_layers(self.start, self.actions, self.result, self.goal)[1]
            if best is not None and best > self.h(self.start):
                return

    def actions(self, cell):
        r, c = cell
        acts = []
        for a, (nr, nc) in (("N", (r - 1, c)), ("S", (r + 1, c)), ("W", (r, c - 1)), ("E", (r, c + 1))):
            if 0 <= nr < self.rows and 0 <= nc < self.cols and (nr, nc) not in self.wall:
                acts.append(a)
        return acts

    def result(self, cell, action):
        r, c = cell
        return {"N": (r - 1, c), "S": (r + 1, c), "W": (r, c - 1), "E": (r, c + 1)}[action]

    def h(self, cell):
        return abs(cell[0] - self.goal[0]) + abs(cell[1] - self.goal[1])


def bfs_layers(start, actions, result, goal):
    """Distance from start of every reachable state, and the goal's."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        for a in actions(s):
            t = result(s, a)
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    return dist, dist.get(goal)


def f_bounds(start, actions, result, h, goal):
    """The states A* must expand (f < C*) and may expand (f <= C*, the goal
    excluded), by g* from a breadth-first search: unit costs."""
    dist, best = bfs_layers(start, actions, result, goal)
    below = sum(1 for s, g in dist.items() if g + h(s) < best)
    upto = sum(1 for s, g in dist.items() if g + h(s) <= best and s != goal)
    return below, upto, best


# --- the two libraries ----------------------------------------------------

def aima_problem(search, start, goal, actions, result, h):
    class P(search.Problem):
        expansions = 0

        def actions(self, state):
            P.expansions += 1
            return actions(state)

        def result(self, state, action):
            return result(state, action)

        def h(self, node):
            return h(node.state)

    return P(start, goal), P


def ariadne_puzzle(ariadne, start, goal, actions, result, h):
    class P(ariadne.Puzzle):
        def __init__(self):
            self.start = start

        def is_goal(self, state):
            return state == goal

        def successors(self, state):
            return [(a, result(state, a)) for a in actions(state)]

        @ariadne.consistent
        def heuristic(self, state):
            return h(state)

    return P()


def best_time(run, repeat):
    """The least time of `repeat` runs (the one least disturbed by other
    work on the machine) and the last run's answer."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        answer = run()
        best = min(best, time.perf_counter() - t0)
    return best, answer


def run_pair(search, ariadne, start, goal, actions, result, h, repeat):
    problem, cls = aima_problem(search, start, goal, actions, result, h)
    t_aima, node = best_time(lambda: search.astar_search(problem), repeat)
    cls.expansions //= repeat
    puzzle = ariadne_puzzle(ariadne, start, goal, actions, result, h)
    t_ar, r = best_time(lambda: ariadne.solve(puzzle, algo="astar"), repeat)
    assert r.optimal and len(node.solution()) == r.length, "lengths differ: %d vs %d" % (len(node.solution()), r.length)
    below, upto, best = f_bounds(start, actions, result, h, goal)
    assert best == r.length
    for name, n in (("aima-python", cls.expansions), ("ariadne", r.nodes)):
        assert below <= n <= upto, "%s expanded %d, outside [%d, %d]" % (name, n, below, upto)
    return {"length": r.length, "aima_nodes": cls.expansions, "ariadne_nodes": r.nodes, "below": below,
            "upto": upto, "aima_s": t_aima, "ariadne_s": t_ar}


def scrambled(moves, seed):
    rng = random.Random(seed)
    state = GOAL8
    for _ in range(moves):
        state = eight_result(state, rng.choice(eight_actions(state)))
    return state


def table(title, rows, extra=None):
    print("\n### %s\n" % title)
    head = "| instance | moves | aima nodes | ariadne nodes | f < C* | f <= C* | aima-python s | ariadne s | ratio |"
    if extra:
        head += " %s |" % extra
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for name, row in rows:
        line = "| %s | %d | %d | %d | %d | %d | %.3f | %.4f | %.0fx |" % (
            name, row["length"], row["aima_nodes"], row["ariadne_nodes"], row["below"], row["upto"], row["aima_s"],
            row["ariadne_s"], row["aima_s"] / row["ariadne_s"])
        if extra:
            line += " %.5f |" % row["c_s"]
        print(line)
    ta = sum(r["aima_s"] for _, r in rows)
    tb = sum(r["ariadne_s"] for _, r in rows)
    print("\nAll %d instances: aima-python %.3f s, ariadne with Python callbacks %.3f s: %.1fx faster."
          % (len(rows), ta, tb, ta / tb))
    if extra:
        tc = sum(r["c_s"] for _, r in rows)
        print("ariadne's C domain: %.4f s, %.0fx faster than aima-python." % (tc, ta / tc))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--aima", required=True, help="path of an aima-python checkout")
    ap.add_argument("--quick", action="store_true", help="fewer and easier instances")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each search; the least time counts (3)")
    args = ap.parse_args()
    sys.path.insert(0, os.path.abspath(args.aima))
    from aima import search  # noqa: E402 (the path is given on the command line)
    import ariadne

    try:
        commit = subprocess.run(["git", "-C", args.aima, "log", "-1", "--format=%h %cs"], capture_output=True,
                                text=True).stdout.strip()
    except OSError:
        commit = "?"
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    print("aima-python %s (%s); Python %s; load average %s" % (
        getattr(__import__("aima"), "__version__", "4.0.0"), commit or "no git", sys.version.split()[0], load))

    depths = ((30, 1), (40, 2), (60, 3), (80, 4)) if args.quick else \
        ((30, 1), (40, 2), (60, 3), (80, 4), (100, 5), (120, 6), (150, 7), (200, 8), (300, 9), (400, 10))
    rows = []
    for moves, seed in depths:
        start = scrambled(moves, seed)
        row = run_pair(search, ariadne, start, GOAL8, eight_actions, eight_result, eight_h, args.repeat)
        text = " ".join(map(str, start))
        row["c_s"], c = best_time(lambda: ariadne.solve("tiles", text, algo="astar", heuristic="manhattan",
                                                        goal="last"), args.repeat)
        assert c.length == row["length"]
        rows.append((text, row))
    table("8-puzzle, A* with the Manhattan distance", rows, extra="ariadne C domain s")

    sizes = ((30, 30, 1), (40, 40, 2)) if args.quick else ((30, 30, 1), (40, 40, 2), (60, 60, 3), (80, 80, 4))
    rows = []
    for n, m, seed in sizes:
        g = Grid(n, m, 0.3, seed)
        rows.append(("%dx%d grid, seed %d" % (n, m, seed), run_pair(search, ariadne, g.start, g.goal, g.actions,
                                                                   g.result, g.h, args.repeat)))
    table("grid path (30% walls, a detour forced), A* with the Manhattan distance", rows)


if __name__ == "__main__":
    main()
