"""Puzzles defined in Python for the tests, and a plain breadth-first search
and Dijkstra written here (not ariadne's) to check the lengths and costs the
library's algorithms find on them."""
import heapq
import itertools
from collections import deque

import ariadne

GOAL8 = (1, 2, 3, 4, 5, 6, 7, 8, 0)


class EightPuzzle(ariadne.Puzzle):
    """The 8-puzzle: a state is a tuple of 9 tiles, 0 the blank."""

    def __init__(self, start, goal=GOAL8):
        self.start = tuple(start)
        self.goal = tuple(goal)
        self.where = {t: divmod(i, 3) for i, t in enumerate(self.goal)}

    def is_goal(self, state):
        return state == self.goal

    def successors(self, state):
        b = state.index(0)
        r, c = divmod(b, 3)
        for move, dr, dc in (("U", -1, 0), ("D", 1, 0), ("L", 0, -1), ("R", 0, 1)):
            if 0 <= r + dr < 3 and 0 <= c + dc < 3:
                n = b + 3 * dr + dc
                s = list(state)
                s[b], s[n] = s[n], s[b]
                yield move, tuple(s)

    @ariadne.consistent
    def heuristic(self, state):
        """Manhattan distance."""
        h = 0
        for i, t in enumerate(state):
            if t:
                r, c = self.where[t]
                h += abs(i // 3 - r) + abs(i % 3 - c)
        return h

    def misplaced(self, state):
        return sum(1 for i, t in enumerate(state) if t and t != self.goal[i])


class ReversibleEightPuzzle(EightPuzzle):
    """The 8-puzzle with its goal as a state and its predecessors, for the
    searches that also run backward (bibfs, mm)."""

    UNDO = {"U": "D", "D": "U", "L": "R", "R": "L"}

    def predecessors(self, state):
        for move, previous in self.successors(state):
            yield self.UNDO[move], previous


class WeightedGrid(ariadne.Puzzle):
    """A path on a grid with walls ('#') and terrain costs (digits 1-9; '.'
    is 1): moving onto a cell costs its terrain. States are (row, col)."""

    def __init__(self, rows):
        self.rows = rows
        self.start = next((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "S")
        self.goal = next((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "G")

    def cost_of(self, r, c):
        ch = self.rows[r][c]
        return int(ch) if ch.isdigit() else 1

    def is_goal(self, state):
        return state == self.goal

    def successors(self, state):
        r, c = state
        for move, dr, dc in (("N", -1, 0), ("S", 1, 0), ("W", 0, -1), ("E", 0, 1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < len(self.rows) and 0 <= nc < len(self.rows[nr]) and self.rows[nr][nc] != "#":
                yield move, (nr, nc), self.cost_of(nr, nc)

    @ariadne.admissible
    def heuristic(self, state):
        return abs(state[0] - self.goal[0]) + abs(state[1] - self.goal[1])


class ListStates(ariadne.Puzzle):
    """Unhashable states (lists) with a key: sort a list by swapping
    neighbours."""

    def __init__(self, start):
        self.start = list(start)

    def key(self, state):
        return tuple(state)

    def is_goal(self, state):
        return state == sorted(state)

    def successors(self, state):
        for i in range(len(state) - 1):
            s = list(state)
            s[i], s[i + 1] = s[i + 1], s[i]
            yield ("swap", i), s

    def format_move(self, move):
        return "%d-%d" % (move[1], move[1] + 1)


class Queens(ariadne.Puzzle):
    """n queens placed column by column (the search view), and the same
    board as a local-search problem: a candidate gives each column a row;
    its cost is n (the moves that place it) plus n * the attacking pairs,
    so a solution costs exactly its n moves."""

    def __init__(self, n):
        self.n = n
        self.start = ()
        self.lower_bound = n

    def is_goal(self, state):
        return len(state) == self.n

    def successors(self, state):
        c = len(state)
        if c == self.n:
            return
        for r in range(self.n):
            if all(r != q and abs(r - q) != c - i for i, q in enumerate(state)):
                yield r, state + (r,)

    def attacks(self, cand):
        return sum(1 for i, j in itertools.combinations(range(self.n), 2)
                   if cand[i] == cand[j] or abs(cand[i] - cand[j]) == j - i)

    def cost(self, cand):
        return self.n + self.n * self.attacks(cand)

    def is_solution(self, cand):
        return self.attacks(cand) == 0

    def neighbours(self, cand):
        for c in range(self.n):
            for r in range(self.n):
                if r != cand[c]:
                    yield cand[:c] + (r,) + cand[c + 1:]

    def random_candidate(self, rng):
        return tuple(rng.randrange(self.n) for _ in range(self.n))

    def solution_moves(self, cand):
        return list(cand) if self.is_solution(cand) else None


def plain_bfs(puzzle):
    """Fewest moves to a goal by breadth-first search, or None."""
    start = puzzle.start
    key = getattr(puzzle, "key", lambda s: s)
    seen = {key(start)}
    queue = deque([(start, 0)])
    while queue:
        state, d = queue.popleft()
        if puzzle.is_goal(state):
            return d
        for succ in puzzle.successors(state):
            k = key(succ[1])
            if k not in seen:
                seen.add(k)
                queue.append((succ[1], d + 1))
    return None


def plain_dijkstra(puzzle):
    """Least cost to a goal, or None."""
    counter = itertools.count()
    best = {puzzle.start: 0}
    heap = [(0, next(counter), puzzle.start)]
    while heap:
        g, _, state = heapq.heappop(heap)
        if g > best[state]:
            continue
        if puzzle.is_goal(state):
            return g
        for succ in puzzle.successors(state):
            cost = succ[2] if len(succ) > 2 else 1
            if g + cost < best.get(succ[1], float("inf")):
                best[succ[1]] = g + cost
                heapq.heappush(heap, (g + cost, next(counter), succ[1]))
    return None
