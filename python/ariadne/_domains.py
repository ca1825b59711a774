"""The registered puzzle domains: solve, solve many on threads, solve a file
of a domain's batch format, hint, verify, generate, look at an instance,
count. Each function takes a domain's own options as keyword arguments
(`discs=8`; a name's underscores are its dashes, and a trailing underscore
is dropped: `from_="a1"` is the option `from`). A puzzle defined in Python
(see ariadne.Puzzle) may be given wherever a domain name is."""
from __future__ import annotations

import json
import os
import random
import sys
from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

from . import _ariadne
from ._andor import ReductionResult, TreeVerification, is_reduction, solve_reduction, verify_tree
from ._python import is_python_puzzle, solve_python, verify_python
from ._results import AlgorithmInfo, DomainInfo, Example, Hint, Result, Verification

Domain = Union[str, Any]  # a registered domain's name, or a puzzle defined in Python

# Options that belong to some algorithms only (as on the command line): a
# value given to another algorithm is refused, not ignored.
_ALGORITHM_OPTIONS = {"weight": ("wastar",), "beam_width": ("beam",), "depth_limit": ("dfs", "iddfs", "idastar")}


def domains() -> List[str]:
    """The names of the registered puzzle domains (`ariadne list`)."""
    return _ariadne.domains()


def domain(name: str) -> DomainInfo:
    """What domain `name` offers: options, heuristics, its own solvers,
    examples (each with the optimal cost when stated), tools."""
    d = _ariadne.domain_info(name)
    d["examples"] = [Example(**e) for e in d["examples"]]
    return DomainInfo(**d)


def algorithms(domain: Optional[str] = None) -> List[AlgorithmInfo]:
    """The generic algorithms and the local-search strategies; with a domain
    name, the algorithms that apply to it, its own solvers included."""
    found = [AlgorithmInfo(**a) for a in _ariadne.algorithms()]
    if domain is None:
        return found
    info = _ariadne.domain_info(domain)
    if not info["has_local_view"]:
        found = [a for a in found if a.kind != "local"]
    return found + [AlgorithmInfo(name=s["name"], summary=s["summary"], kind="domain",
                                  uses_heuristic=s["uses_heuristic"], optimal=False, complete=False, anytime=False)
                    for s in info["solvers"]]


def _check_algorithm_options(domain_name: Optional[str], algo: Optional[str], given: Dict[str, Any]) -> None:
    if all(v is None for v in given.values()):
        return
    solvers = {}
    if domain_name is not None:
        solvers = {s["name"]: s for s in _ariadne.domain_info(domain_name)["solvers"]}
    for name, fits in _ALGORITHM_OPTIONS.items():
        if given.get(name) is None:
            continue
        if algo in fits or (name == "weight" and algo in solvers and solvers[algo]["uses_weight"]):
            continue
        also = [s for s, v in solvers.items() if name == "weight" and v["uses_weight"]]
        raise _ariadne.InputError("parameter %s applies to algo=%s only" % (name, " or ".join(fits + tuple(also))))


def _puzzle_only(domain: Any, verb: str) -> None:
    if is_reduction(domain):
        raise _ariadne.UnsupportedError("%s is an AND-OR domain: %s does not apply to it (solve and verify do)"
                                        % (domain, verb))


def _options(options: Optional[Dict[str, Any]], domain_options: Dict[str, Any]) -> Dict[str, Any]:
    merged = dict(options or {})
    merged.update(domain_options)
    return merged


def solve(domain: Domain, instance: Optional[str] = None, *, algo: Optional[str] = None,
          heuristic: Any = None, weight: Optional[float] = None, beam_width: Optional[int] = None,
          depth_limit: Optional[int] = None, seed: Optional[int] = None, time_limit: Optional[float] = None,
          memory_limit: Union[int, str, None] = None, node_limit: Optional[int] = None,
          options: Optional[Dict[str, Any]] = None, **domain_options: Any) -> Union[Result, ReductionResult]:
    """Solves one instance, as `ariadne solve DOMAIN [INSTANCE] [options]`.

    domain: a registered domain's name (see domains()) or a puzzle defined
        in Python (an ariadne.Puzzle, or any object with start, is_goal and
        successors).
    instance: the instance text (None: the domain's default instance).
    algo: a generic algorithm ("astar", "idastar", "bfs", "wastar", "beam",
        ...), a local-search strategy ("hill", "anneal", ...) or one of the
        domain's own solvers; None: the domain's default.
    heuristic: a heuristic's name (None: the domain's default); for a Python
        puzzle also a function of a state, or the name of one of its methods.
    weight (wastar), beam_width (beam), depth_limit (dfs, iddfs, idastar),
    seed (randomised algorithms): as on the command line.
    time_limit (seconds), memory_limit (bytes or "512M"; default: half the
    machine's memory, at most 8 GiB), node_limit (expansions): a search
    stopped by one returns its best solution so far, labelled.
    options / **domain_options: the domain's own options (and a local-search
        strategy's, such as restarts=10).

    Ctrl-C stops the search and returns the best result so far (status
    "limit", stop_reason "interrupt (Ctrl-C)"), as the command line does.
    Bad input raises ariadne.InputError with the library's one-line message.

    An AND-OR domain's name (see ariadne.reductions()) runs
    ariadne.solve_reduction instead and returns its ReductionResult (the
    solution tree and its answer); algo is then "aostar" or "andor-dfs",
    and futility=N applies.
    """
    given = {"weight": weight, "beam_width": beam_width, "depth_limit": depth_limit}
    merged = _options(options, domain_options)
    if is_reduction(domain):
        for name, value in dict(given, seed=seed).items():
            if value is not None:
                raise _ariadne.InputError("parameter %s does not apply to solve %s (see ariadne.reduction(%r))"
                                          % (name, domain, domain))
        futility = merged.pop("futility", None)
        return solve_reduction(domain, instance, algo=algo, heuristic=heuristic, futility=futility,
                               time_limit=time_limit, memory_limit=memory_limit, node_limit=node_limit,
                               options=merged)
    if is_python_puzzle(domain):
        if instance is not None:
            raise _ariadne.InputError("a puzzle defined in Python takes no instance text (its start is its own)")
        _check_algorithm_options(None, algo, given)
        return solve_python(domain, algo=algo, heuristic=heuristic, weight=weight, beam_width=beam_width,
                            depth_limit=depth_limit, seed=seed, time_limit=time_limit, memory_limit=memory_limit,
                            node_limit=node_limit, options=merged)
    _check_algorithm_options(domain, algo, given)
    return Result(_ariadne.solve(domain, instance, algo, heuristic, weight, beam_width, depth_limit, seed,
                                 time_limit, memory_limit, node_limit, merged))


def solve_many(domain: str, instances: Iterable[Optional[str]], *, threads: Optional[int] = None,
               algo: Optional[str] = None, heuristic: Optional[str] = None, weight: Optional[float] = None,
               beam_width: Optional[int] = None, depth_limit: Optional[int] = None, seed: Optional[int] = None,
               time_limit: Optional[float] = None, memory_limit: Union[int, str, None] = None,
               node_limit: Optional[int] = None, options: Optional[Dict[str, Any]] = None,
               **domain_options: Any) -> List[Optional[Result]]:
    """Solves many instances of one domain with the same options, on
    `threads` threads (default: every core), as `ariadne solve --batch`.

    Every instance is made before any search starts, so a bad one raises
    InputError (naming it) with nothing run. The limits apply to each
    instance; the memory limit is shared out among the threads. Results come
    in the order of the instances; Ctrl-C stops every search (each returns
    its best so far) and the instances not yet started give None. An error
    in one search raises it once all have finished."""
    _puzzle_only(domain, "solve_many")
    _check_algorithm_options(domain, algo, {"weight": weight, "beam_width": beam_width, "depth_limit": depth_limit})
    if threads is None:
        threads = min(os.cpu_count() or 1, 256)
    raw = _ariadne.solve_many(domain, list(instances), threads, algo, heuristic, weight, beam_width, depth_limit,
                              seed, time_limit, memory_limit, node_limit, _options(options, domain_options))
    for r in raw:
        if r is not None and "error" in r:
            raise _ariadne.Error(r["error"])
    return [None if r is None else Result(r) for r in raw]


def solve_file(domain: str, path: str, **kwargs: Any) -> List[Optional[Result]]:
    """Solves every instance of a file, one per line (blank lines and lines
    starting with # are skipped), in the domain's own batch format where it
    has one (a numbered benchmark list with published optimal costs: each
    Result then has .label and .published_cost). Takes solve_many's
    arguments."""
    with open(path) as f:
        lines = [line.rstrip("\n") for line in f]
    kept = [(i + 1, line) for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")]
    parsed = _ariadne.batch_lines(domain, [line for _, line in kept])
    results = solve_many(domain, [text for _, text, _ in parsed], **kwargs)
    for (lineno, _), (label, _, known), r in zip(kept, parsed, results):
        if r is not None:
            r.label = label or "line %d" % lineno
            r.published_cost = known
    return results


def hint(domain: Domain, instance: Optional[str] = None, **kwargs: Any) -> Hint:
    """The next move towards a goal and the distance, as `ariadne hint`
    (takes solve's arguments)."""
    _puzzle_only(domain, "hint")
    if is_python_puzzle(domain):
        r = solve(domain, **kwargs)
        solved_at_start = r.status == "solved" and r.length == 0
        have = bool(r.moves)
        return Hint(move=r.moves[0] if have else None, distance=r.length if r.moves is not None else None,
                    cost=r.cost if r.moves is not None else None, optimal=r.optimal and (have or solved_at_start),
                    status=r.status, note=r.note)
    args = _split_search(kwargs)
    _check_algorithm_options(domain, args["algo"], args)
    return Hint(**_ariadne.hint(domain, instance, args["algo"], args["heuristic"], args["weight"],
                                args["beam_width"], args["depth_limit"], args["seed"], args["time_limit"],
                                args["memory_limit"], args["node_limit"], args["options"]))


def _split_search(kwargs: Dict[str, Any]) -> Dict[str, Any]:
    names = ("algo", "heuristic", "weight", "beam_width", "depth_limit", "seed", "time_limit", "memory_limit",
             "node_limit")
    out = {n: kwargs.pop(n, None) for n in names}
    out["options"] = _options(kwargs.pop("options", None), kwargs)
    return out


def verify(domain: Domain, moves: Union[str, Sequence[Any]], instance: Optional[str] = None,
           options: Optional[Dict[str, Any]] = None,
           **domain_options: Any) -> Union[Verification, TreeVerification]:
    """Replays moves from the instance's start by the domain's own rules,
    as `ariadne verify`: whether they reach a goal, their length and cost,
    and the final state (its text; a Python puzzle's: the state itself).
    An unparsable or illegal move raises InputError naming it. For an
    AND-OR domain `moves` is a solution tree's text (ariadne.verify_tree)."""
    if is_reduction(domain):
        if not isinstance(moves, str):
            raise TypeError("an AND-OR domain's solution is a tree's text (ReductionResult.tree)")
        return verify_tree(domain, moves, instance, options, **domain_options)
    if is_python_puzzle(domain):
        return verify_python(domain, moves)
    text = moves if isinstance(moves, str) else " ".join(str(m) for m in moves)
    return Verification(**_ariadne.verify(domain, text, instance, _options(options, domain_options)))


def generate(domain: str, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None,
             **domain_options: Any) -> str:
    """A random instance in the domain's input format, as `ariadne generate`:
    the same for the same seed (None: a seed drawn at random)."""
    _puzzle_only(domain, "generate")
    if seed is None:
        seed = random.getrandbits(64)
    return _ariadne.generate(domain, seed, _options(options, domain_options))


def instance(domain: str, instance: Optional[str] = None, options: Optional[Dict[str, Any]] = None,
             **domain_options: Any) -> Dict[str, Any]:
    """An instance without a search: its description, its start state (the
    text the domain reads back), a picture of it, the start's legal moves,
    and whether the start is a goal."""
    _puzzle_only(domain, "instance")
    return _ariadne.instance(domain, instance, _options(options, domain_options))


def count(domain: str, *args: str, time_limit: Optional[float] = None, threads: Optional[int] = None,
          **domain_options: Any) -> Dict[str, Any]:
    """An exact count a domain computes its own way, as `ariadne count
    DOMAIN ARGS... --json` (the domain's help says what it counts): the
    result as a dict (count, complete, stop_reason, published, ...). Raises
    UnsupportedError for a domain without a count, InputError on bad
    arguments. The count runs in this process with its output captured
    (what other threads print meanwhile is captured too)."""
    _puzzle_only(domain, "count")
    argv = ["count", domain] + [str(a) for a in args]
    for name, value in domain_options.items():
        flag = "--" + name.rstrip("_").replace("_", "-")
        if value is True:
            argv.append(flag)
        elif value not in (None, False):
            argv += [flag, str(value)]
    if time_limit is not None:
        argv += ["--time-limit", str(time_limit)]
    if threads is not None:
        argv += ["--threads", str(threads)]
    argv += ["--json", "--quiet"]
    sys.stdout.flush()
    sys.stderr.flush()
    rc, out, err = _ariadne.run_tool("puzzle", domain, "count", argv)
    if rc == 2 or not out.strip():
        message = err.strip().splitlines()[-1] if err.strip() else "count %s failed (status %d)" % (domain, rc)
        raise _ariadne.InputError(message[len("ariadne: "):] if message.startswith("ariadne: ") else message)
    return json.loads(out.strip().splitlines()[-1])
