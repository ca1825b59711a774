"""What a long-running Python process needs from the bindings: Ctrl-C stops
a search (C or Python-defined, one or many, a thinking bot) and returns the
best so far while Python's own Ctrl-C handling comes back afterwards;
searches run in parallel from Python threads (the GIL is released); and
10,000 calls leave the process's memory where it was."""
import gc
import os
import signal
import threading
import time

import pytest

import ariadne
from conftest import SANITIZED
from puzzles import EightPuzzle

HARDEST = (8, 6, 7, 2, 5, 4, 3, 0, 1)


class Endless(ariadne.Puzzle):
    """No goal, infinitely many states: only a stop ends a search."""
    start = 0

    def is_goal(self, state):
        return False

    def successors(self, state):
        return [("+1", state + 1), ("*2", state * 2 + 1)]


def ctrl_c_after(seconds):
    """Sends SIGINT to this process after `seconds` (as a terminal's Ctrl-C)."""
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer


def test_ctrl_c_stops_a_python_puzzle_search_and_returns_a_result():
    timer = ctrl_c_after(0.3)
    start = time.monotonic()
    r = ariadne.solve(Endless(), algo="bfs")
    elapsed = time.monotonic() - start
    timer.join()
    assert r.status == "limit" and r.stop_reason == "interrupt (Ctrl-C)" and r.interrupted
    assert r.moves is None and r.nodes > 0
    assert elapsed < 5
    time.sleep(0.05)  # no KeyboardInterrupt is left pending


def test_ctrl_c_stops_a_c_search_with_the_best_so_far():
    timer = ctrl_c_after(0.3)
    start = time.monotonic()
    r = ariadne.solve("hanoi", algo="astar", heuristic="misplaced", pegs=4, discs=24, memory_limit="2G")
    timer.join()
    assert time.monotonic() - start < 5
    assert r.status == "limit" and r.interrupted
    timer = ctrl_c_after(0.5)
    r = ariadne.solve(EightPuzzle(HARDEST), algo="bnb", heuristic=lambda s: 0)
    timer.join()
    assert r.status in ("limit", "solved")
    if r.status == "limit" and r.moves is not None:
        assert not r.optimal and ariadne.verify(EightPuzzle(HARDEST), r.moves).solved


def test_python_ctrl_c_is_back_after_a_search():
    ariadne.solve(EightPuzzle(HARDEST))
    with pytest.raises(KeyboardInterrupt):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(1)


def test_ctrl_c_stops_every_search_of_a_batch():
    texts = ["12341234123412341234 43214321432143214321"] * 6
    timer = ctrl_c_after(0.4)
    start = time.monotonic()
    results = ariadne.solve_many("hanoi", texts, threads=2, algo="astar", heuristic="misplaced", pegs=4, discs=20,
                                 memory_limit="2G")
    timer.join()
    assert time.monotonic() - start < 5
    assert any(r is None for r in results)  # not started
    assert all(r.interrupted for r in results if r is not None)


def test_ctrl_c_stops_a_thinking_bot():
    """A minute of thought is cut short: the best move of the depths done."""
    def searchable(name):  # two players taking turns, everything in sight
        info = ariadne.game_info(name)
        return ariadne.Game(name).players == 2 and not (info.simultaneous or info.chance or info.hidden)
    game = max(filter(searchable, ariadne.games()), key=lambda name: len(ariadne.Game(name).legal_moves()))
    b = ariadne.bot(game, "alphabeta:time=60")
    timer = ctrl_c_after(0.3)
    start = time.monotonic()
    move = b.choose()
    timer.join()
    assert move in ariadne.Game(game).legal_moves()
    assert time.monotonic() - start < 5


def test_searches_run_in_parallel_threads():
    starts = [(1, 2, 3, 4, 5, 6, 0, 7, 8), HARDEST, (8, 3, 6, 4, 7, 1, 2, 5, 0)]
    serial = [ariadne.solve(EightPuzzle(s)).moves for s in starts]
    c_serial = ariadne.solve("hanoi", "12341234 43214321", pegs=4, discs=8).solution
    out = {}

    def work(i):
        out[i] = (ariadne.solve(EightPuzzle(starts[i % 3])).moves,
                  ariadne.solve("hanoi", "12341234 43214321", pegs=4, discs=8).solution)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i in range(6):
        assert out[i] == (serial[i % 3], c_serial)


def resident_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


JUGS = ariadne.solve("jugs", "3,5 -> 4").solution
INTEGRAL = ariadne.solve("integrate", "x*cos(x)").tree


def one_of_each(i):
    ariadne.solve("hanoi", "1231 3213", discs=4)
    ariadne.solve(EightPuzzle((1, 2, 3, 4, 5, 6, 0, 7, 8)), algo="idastar" if i % 2 else "astar")
    if i % 2:
        ariadne.solve("integrate", "x*cos(x)")
    else:  # andor-dfs on a finite graph (an integral's graph is unbounded)
        ariadne.solve("andor-graph", algo="andor-dfs", graph="notes")
    if i % 10 == 0:
        assert ariadne.verify("integrate", INTEGRAL, "x*cos(x)").solved
        with pytest.raises(ariadne.InputError):
            ariadne.solve("hanoi", "12x", discs=3)
        g = ariadne.Game("tictactoe")
        g.play(ariadne.bot(g, "random", seed=i).choose(g))
        ariadne.hint("jugs", "3,5 -> 4")
        assert ariadne.verify("jugs", JUGS, "3,5 -> 4").solved


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs /proc to read the process's memory")
def test_ten_thousand_calls_do_not_grow_memory():
    n = 1000 if SANITIZED else 10000
    for i in range(300):
        one_of_each(i)
    gc.collect()
    before = resident_bytes()
    for i in range(n):
        one_of_each(i)
    gc.collect()
    grown = resident_bytes() - before
    # a leak of 100 bytes per call would be 2 MB here
    assert grown < 1.5 * 2 ** 20, "the process grew by %d bytes over %d calls" % (grown, n)
