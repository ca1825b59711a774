"""The AND-OR domains (problem reduction) through the bindings agree with the
command-line tool: each example of each registered AND-OR domain is solved
by both algorithms both ways and the results must be the same (tree, answer,
cost, optimality, bound, node counts, note); every tree verifies through the
bindings, a tampered one does not; limits, Ctrl-C and bad input behave as
for puzzles (test_runtime's 10,000-call memory test solves AND-OR problems
too). The loops run over ariadne.reductions(), so a domain is covered
by being registered."""
import time

import pytest

import ariadne
from conftest import options_argv
from test_runtime import ctrl_c_after

EXAMPLES = [(name, i, e) for name in ariadne.reductions() for i, e in enumerate(ariadne.reduction(name).examples)]
IDS = ["%s-%d" % (n, i) for n, i, _ in EXAMPLES]

SAME = ("domain", "instance", "algorithm", "heuristic", "status", "cost", "optimal", "tree", "answer",
        "stop_reason", "lower_bound", "nodes_expanded", "nodes_generated", "graph_nodes", "cycles_left_out", "note")


def cli_args(name, example):
    args = [name]
    if example.instance is not None:
        args.append(example.instance)
    return args + options_argv(example.options)


def test_the_registry_is_listed():
    names = ariadne.reductions()
    assert names, "no AND-OR domain is registered"
    for name in names:
        info = ariadne.reduction(name)
        assert info.name == name and info.summary and info.help
        assert info.examples, "%s has no example" % name
        assert [a["name"] for a in info.algorithms] == ["aostar", "andor-dfs"]
        assert name not in ariadne.domains()


# andor-dfs expands the whole graph, which is infinite for some domains
# (integrate): it runs under a node limit, on both sides.
DFS_NODES = 3000


@pytest.mark.parametrize("algo", ["aostar", "andor-dfs"])
@pytest.mark.parametrize("name,index,example", EXAMPLES, ids=IDS)
def test_example_matches_the_command_line(cli_json, name, index, example, algo):
    limit = DFS_NODES if algo == "andor-dfs" else None
    r = ariadne.solve(name, example.instance, algo=algo, node_limit=limit, options=example.options)
    assert isinstance(r, ariadne.ReductionResult)
    expected = cli_json("solve", *cli_args(name, example), "--algo", algo,
                        *(["--node-limit", str(limit)] if limit else []))
    got = r.to_dict()
    assert set(got) == set(expected)
    for key in SAME:
        assert got.get(key) == expected.get(key), "%s example %d: %s is %r, the command line says %r" % (
            name, index, key, got.get(key), expected.get(key))
    if algo == "aostar":
        assert r.status == "solved"
    if not r.solved:
        assert r.status == "limit" and r.stop_reason == "node limit" and r.nodes == DFS_NODES
        return
    if example.cost:
        assert r.cost == example.cost
    v = ariadne.verify(name, r.tree, example.instance, options=example.options)
    assert v == ariadne.TreeVerification(solved=True, cost=r.cost, lines=v.lines, why=None) and v.lines >= 1
    assert "cost %d" % r.cost in repr(r) and r.tree.rstrip("\n") in str(r)


def test_every_heuristic_finds_the_cheapest():
    for name in ariadne.reductions():
        info = ariadne.reduction(name)
        example = info.examples[0]
        for h in info.heuristics:
            r = ariadne.solve_reduction(name, example.instance, heuristic=h["name"], options=example.options)
            assert r.heuristic == h["name"] and r.status == "solved"
            if h["admissible"] and example.cost:
                assert r.cost == example.cost, "%s with %s: cost %d, not %d" % (name, h["name"], r.cost,
                                                                                example.cost)


def test_a_tampered_tree_is_refused():
    r = ariadne.solve("integrate", "x*cos(x)")
    wrong = r.tree.replace("(cost %d)" % r.cost, "(cost %d)" % (r.cost + 1), 1)
    v = ariadne.verify_tree("integrate", wrong, "x*cos(x)")
    assert not v.solved and "line 1" in v.why
    with pytest.raises(ariadne.InputError, match="line 1"):
        ariadne.verify("integrate", "no such node here", "x*cos(x)")
    # the tree of one problem does not solve another
    with pytest.raises(ariadne.InputError):
        ariadne.verify("integrate", r.tree, "x*sin(x)")
    with pytest.raises(TypeError):
        ariadne.verify("integrate", ["parts"], "x*cos(x)")


def test_limits_stop_the_search_and_say_so(cli_json):
    r = ariadne.solve("hanoi-goals", discs=30, pegs=4, node_limit=3)
    assert r.status == "limit" and r.stop_reason == "node limit" and not r.solved and r.cost is None
    assert "cost" not in r.to_dict()  # as the command line leaves it out
    expected = cli_json("solve", "hanoi-goals", "--discs", "30", "--pegs", "4", "--node-limit", "3")
    assert r.nodes == expected["nodes_expanded"] and r.lower_bound == expected["lower_bound"]
    r = ariadne.solve("andor-graph", graph="notes", futility=1)
    assert r.status in ("no_solution", "limit") and not r.solved


def test_ctrl_c_stops_an_aostar_search():
    timer = ctrl_c_after(0.3)
    start = time.monotonic()
    r = ariadne.solve("hanoi-goals", discs=63, pegs=8)
    timer.join()
    assert time.monotonic() - start < 10
    assert r.status == "limit" and r.interrupted and not r.solved
    time.sleep(0.05)  # no KeyboardInterrupt is left pending


def test_bad_input_raises_the_library_message():
    with pytest.raises(ariadne.InputError, match="column"):
        ariadne.solve("integrate", "x+(")
    with pytest.raises(ariadne.InputError, match="unknown algorithm"):
        ariadne.solve("integrate", "x", algo="astar")
    with pytest.raises(ariadne.InputError, match="unknown option"):
        ariadne.solve("integrate", "x", bogus=1)
    with pytest.raises(ariadne.InputError, match="too large"):
        ariadne.solve("hanoi-goals", discs=64)
    with pytest.raises(ariadne.InputError, match="does not apply"):
        ariadne.solve("integrate", "x", weight=2)
    with pytest.raises(ariadne.InputError, match="aostar only"):
        ariadne.solve("integrate", "x", algo="andor-dfs", heuristic="steps")
    with pytest.raises(ariadne.InputError, match="unknown AND-OR domain"):
        ariadne.solve_reduction("hanoi", discs=3)
    with pytest.raises(ariadne.UnsupportedError, match="AND-OR"):
        ariadne.hint("integrate", "x")
    with pytest.raises(ariadne.UnsupportedError, match="AND-OR"):
        ariadne.generate("andor-graph")

