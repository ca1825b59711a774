"""Every registered domain through the bindings agrees with the command-line
tool: each example of each domain (ariadne.domain(name).examples, the ones
`ariadne help` shows and the conformance tests solve) is solved both ways
and the results must be the same (moves, length, cost, optimality, bound,
node counts, note); each solution verifies through the bindings; hints and
generated instances agree too. The loop runs over ariadne.domains(), so a
domain is covered by being registered."""
import pytest

import ariadne
from conftest import options_argv

EXAMPLES = [(name, i, e) for name in ariadne.domains() for i, e in enumerate(ariadne.domain(name).examples)]

# What two runs of the same deterministic search must agree on (times and
# the process's peak memory may differ).
SAME = ("domain", "instance", "algorithm", "heuristic", "moves", "length", "cost", "optimal", "status",
        "stop_reason", "lower_bound", "nodes_expanded", "nodes_generated", "note")


def cli_args(name, example):
    args = [name]
    if example.instance is not None:
        args.append(example.instance)
    return args + options_argv(example.options)


def test_every_domain_has_examples():
    assert ariadne.domains(), "no domain is registered"
    for name in ariadne.domains():
        assert ariadne.domain(name).examples, "%s has no example" % name


@pytest.mark.parametrize("name,index,example", EXAMPLES, ids=["%s-%d" % (n, i) for n, i, _ in EXAMPLES])
def test_example_matches_the_command_line(cli_json, name, index, example):
    r = ariadne.solve(name, example.instance, options=example.options)
    expected = cli_json("solve", *cli_args(name, example))
    got = r.to_dict()
    for key in SAME:
        assert got[key] == expected[key], "%s example %d: %s is %r, the command line says %r" % (
            name, index, key, got[key], expected[key])
    if r.moves is not None:
        assert r.length == len(r.moves)
        v = ariadne.verify(name, r.solution, example.instance, options=example.options)
        assert v.solved and v.length == r.length and v.cost == r.cost
        # the moves as a list verify too
        assert ariadne.verify(name, r.moves, example.instance, options=example.options).solved
    if example.cost and r.optimal:
        assert r.cost == example.cost, "%s example %d: cost %d, the example states %d" % (
            name, index, r.cost, example.cost)


@pytest.mark.parametrize("name,index,example", EXAMPLES, ids=["%s-%d" % (n, i) for n, i, _ in EXAMPLES])
def test_hint_matches_the_command_line(cli_json, name, index, example):
    h = ariadne.hint(name, example.instance, options=example.options)
    expected = cli_json("hint", *cli_args(name, example))
    assert h.status == expected["status"]
    assert h.move == expected["move"]
    if "distance" in expected:
        assert h.distance == expected["distance"]
        assert h.optimal == expected["optimal"]


@pytest.mark.parametrize("name", [n for n in ariadne.domains() if ariadne.domain(n).can_generate])
def test_generate_matches_the_command_line(cli_json, name):
    options = ariadne.domain(name).examples[0].options
    for seed in (1, 2, 7):
        text = ariadne.generate(name, seed=seed, options=options)
        assert text == cli_json("generate", name, "--seed", seed, *options_argv(options))["instance"]
        # a generated instance is one the domain reads
        assert ariadne.instance(name, text, options=options)["description"]


def test_instance_shows_the_start():
    for name in ariadne.domains():
        e = ariadne.domain(name).examples[0]
        info = ariadne.instance(name, e.instance, options=e.options)
        assert info["description"] and info["drawing"]
        assert isinstance(info["legal_moves"], list)
        if e.cost:
            assert not info["is_goal"]


def test_algorithms_lists_generic_local_and_the_domains_own():
    names = {a.name: a for a in ariadne.algorithms()}
    for generic in ("astar", "idastar", "bfs", "wastar", "beam", "ucs", "greedy", "dfs", "iddfs", "bnb"):
        assert names[generic].kind == "generic"
    assert names["astar"].optimal and names["astar"].uses_heuristic
    assert any(a.kind == "local" for a in names.values())
    for name in ariadne.domains():
        info = ariadne.domain(name)
        kinds = {a.name: a.kind for a in ariadne.algorithms(name)}
        for s in info.solvers:
            assert kinds[s["name"]] == "domain"
        assert any(k == "local" for k in kinds.values()) == info.has_local_view


def test_solve_many_matches_one_by_one():
    name = "hanoi"
    opts = {"pegs": 4, "discs": 6}
    instances = [ariadne.generate(name, seed=s, options=opts) for s in range(1, 9)]
    many = ariadne.solve_many(name, instances, threads=2, **opts)
    for text, r in zip(instances, many):
        one = ariadne.solve(name, text, **opts)
        assert (r.solution, r.cost, r.optimal, r.nodes) == (one.solution, one.cost, one.optimal, one.nodes)


def test_solve_many_refuses_a_bad_instance_before_any_search():
    with pytest.raises(ariadne.InputError, match="instance 2"):
        ariadne.solve_many("hanoi", ["123 321", "12x 321"], discs=3)


def test_solve_file_reads_a_batch(tmp_path):
    f = tmp_path / "batch.txt"
    f.write_text("# two instances\n123 321\n\n132 312\n")
    results = ariadne.solve_file("hanoi", str(f), discs=3, threads=1)
    assert [r.label for r in results] == ["line 2", "line 4"]
    assert all(r.optimal for r in results)


def test_count_runs_a_domains_own_count(cli_json):
    counters = [n for n in ariadne.domains() if "count" in ariadne.domain(n).tools]
    assert counters
    got = ariadne.count("knight", "5x5")
    assert got["count"] == cli_json("count", "knight", "5x5", "--quiet")["count"] == 1728
    with pytest.raises(ariadne.UnsupportedError):
        ariadne.count("hanoi")
    with pytest.raises(ariadne.InputError):
        ariadne.count("knight", "0x0")


LOCAL = [(name, a.name) for name in ariadne.domains() if ariadne.domain(name).has_local_view
         for a in ariadne.algorithms() if a.kind == "local"]


@pytest.mark.parametrize("name,strategy", LOCAL, ids=["%s-%s" % x for x in LOCAL])
def test_local_search_matches_the_command_line(cli_json, name, strategy):
    """The local-search strategies on a domain's local view: the same run
    as the command line's for the same seed."""
    example = ariadne.domain(name).examples[0]
    r = ariadne.solve(name, example.instance, algo=strategy, seed=5, options=example.options, node_limit=20000)
    expected = cli_json("solve", *cli_args(name, example), "--algo", strategy, "--seed", 5, "--node-limit", 20000)
    got = r.to_dict()
    for key in SAME:
        assert got[key] == expected[key], "%s --algo %s: %s is %r, the command line says %r" % (
            name, strategy, key, got[key], expected[key])
    if r.moves is not None:
        assert ariadne.verify(name, r.solution, example.instance, options=example.options).solved
