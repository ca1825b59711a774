"""The AND-OR domains (problem reduction: `ariadne solve NAME INSTANCE`,
NAME from the last section of `ariadne list`) from Python. A problem is
reduced to subproblems that must all be solved; AO* or an exhaustive
depth-first search finds the cheapest solution tree.
The functions take any registered AND-OR domain by name (the registry is
read at run time, so a domain added to src/reductions/reductions.def is
covered without code here); ariadne.solve and ariadne.verify dispatch to
them when given an AND-OR domain's name, as the command line does."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Union

from . import _ariadne
from ._results import Example


def reductions() -> List[str]:
    """The names of the registered AND-OR domains (the last section of
    `ariadne list`)."""
    return _ariadne.reductions()


def is_reduction(name: Any) -> bool:
    """Whether `name` names an AND-OR domain (a puzzle of the same name
    wins, as on the command line)."""
    return isinstance(name, str) and name not in _ariadne.domains() and name in _ariadne.reductions()


@dataclass(frozen=True)
class ReductionInfo:
    """What an AND-OR domain offers (`ariadne help NAME`): its options,
    heuristics for AO* (first the default; "admissible" ones make AO*'s
    answer proven cheapest), the algorithms ("aostar", "andor-dfs") and
    examples with the cheapest cost where stated."""
    name: str
    summary: str
    help: str
    options: List[Dict[str, Any]]
    heuristics: List[Dict[str, Any]]
    algorithms: List[Dict[str, str]]
    examples: List[Example]


def reduction(name: str) -> ReductionInfo:
    """What AND-OR domain `name` offers."""
    d = _ariadne.reduction_info(name)
    d["examples"] = [Example(**e) for e in d["examples"]]
    return ReductionInfo(**d)


class ReductionResult:
    """The outcome of one AND-OR search, as `ariadne solve NAME` reports it.

    Attributes:
        domain, instance: the domain's name and one line describing the
            problem.
        algorithm, heuristic: what ran ("aostar" with a heuristic, or
            "andor-dfs" with None).
        tree: the solution tree as text, one node a line, indented two
            spaces a level (`ariadne verify NAME ... --tree-file` and
            ariadne.verify read it back); None without a solution.
        answer: what the solution means, checked by the domain (e.g. the
            antiderivative, differentiated back); None without a solution
            or when the domain has nothing beyond the tree.
        cost: the solution's cost (None without one); optimal: True only
            when proven cheapest.
        status: "solved", "no_solution" (proven) or "limit" (a limit or
            Ctrl-C stopped the search before the problem was solved).
        stop_reason, lower_bound, nodes (expanded), generated, graph_nodes
            (distinct nodes stored), cycles_left_out (connectors that closed
            a cycle), seconds, peak_bytes, note: as the command line gives.
    """

    __slots__ = ("domain", "instance", "algorithm", "heuristic", "tree", "answer", "cost", "optimal", "status",
                 "stop_reason", "lower_bound", "nodes", "generated", "graph_nodes", "cycles_left_out", "seconds",
                 "peak_bytes", "note")

    def __init__(self, data: Dict[str, Any]):
        self.domain = data["domain"]
        self.instance = data["instance"]
        self.algorithm = data["algorithm"]
        self.heuristic = data["heuristic"]
        self.tree = data["tree"]
        self.answer = data["answer"]
        self.cost = data["cost"]
        self.optimal = data["optimal"]
        self.status = data["status"]
        self.stop_reason = data["stop_reason"]
        self.lower_bound = data["lower_bound"]
        self.nodes = data["nodes_expanded"]
        self.generated = data["nodes_generated"]
        self.graph_nodes = data["graph_nodes"]
        self.cycles_left_out = data["cycles_left_out"]
        self.seconds = data["seconds"]
        self.peak_bytes = data["peak_bytes"]
        self.note = data["note"]

    @property
    def solved(self) -> bool:
        """Whether a solution tree was found."""
        return self.tree is not None

    @property
    def interrupted(self) -> bool:
        """Whether Ctrl-C stopped the search."""
        return self.stop_reason is not None and self.stop_reason.startswith("interrupt")

    def to_dict(self) -> Dict[str, Any]:
        """The fields of `ariadne solve NAME --json`, with the same names
        (cost and lower_bound left out when there is none, as there)."""
        d = {"domain": self.domain, "instance": self.instance, "algorithm": self.algorithm,
             "heuristic": self.heuristic, "status": self.status, "cost": self.cost, "optimal": self.optimal,
             "tree": self.tree, "answer": self.answer, "stop_reason": self.stop_reason,
             "lower_bound": self.lower_bound, "nodes_expanded": self.nodes, "nodes_generated": self.generated,
             "graph_nodes": self.graph_nodes, "cycles_left_out": self.cycles_left_out, "seconds": self.seconds,
             "peak_bytes": self.peak_bytes, "note": self.note}
        for key in ("cost", "lower_bound"):
            if d[key] is None:
                del d[key]
        return d

    def _summary(self) -> str:
        if self.status == "no_solution":
            return "no solution"
        if self.tree is None:
            return "stopped by %s before the problem was solved" % self.stop_reason
        return "cost %d, %s" % (self.cost, "optimal" if self.optimal else "not proven optimal")

    def __repr__(self) -> str:
        algo = self.algorithm + ("/" + self.heuristic if self.heuristic else "")
        return "<ReductionResult %s: %s; %s, %d nodes, %.3f s>" % (self.domain, self._summary(), algo, self.nodes,
                                                                   self.seconds)

    def __str__(self) -> str:
        lines = ["domain:      %s (%s)" % (self.domain, self.instance),
                 "algorithm:   %s%s" % (self.algorithm, " (heuristic %s)" % self.heuristic if self.heuristic else "")]
        if self.tree is not None:
            lines.append("solution:\n" + self.tree.rstrip("\n"))
        if self.answer is not None:
            lines.append("answer:      %s" % self.answer)
        lines.append("result:      %s" % self._summary())
        if self.note:
            lines.append("note:        %s" % self.note)
        lines.append("nodes:       %d expanded, %d generated, %d in the graph" % (self.nodes, self.generated,
                                                                                   self.graph_nodes))
        lines.append("time:        %.3f s" % self.seconds)
        return "\n".join(lines)


@dataclass(frozen=True)
class TreeVerification:
    """A solution tree checked step by step against the problem (`ariadne
    verify NAME ... --tree-file FILE`): whether it solves it, the root's
    cost as the steps add up, the lines (nodes) read, and when it does not
    solve it the first line that fails and why."""
    solved: bool
    cost: int
    lines: int
    why: Optional[str]


def solve_reduction(domain: str, instance: Optional[str] = None, *, algo: Optional[str] = None,
                    heuristic: Optional[str] = None, futility: Optional[int] = None,
                    time_limit: Optional[float] = None, memory_limit: Union[int, str, None] = None,
                    node_limit: Optional[int] = None, options: Optional[Dict[str, Any]] = None,
                    **domain_options: Any) -> ReductionResult:
    """Solves an AND-OR problem, as `ariadne solve NAME [INSTANCE] [options]`.

    algo: "aostar" (default) or "andor-dfs" (exhaustive, acyclic graphs);
    heuristic and futility (give up once the root's estimate exceeds it)
    apply to AO* only. The limits and Ctrl-C work as for ariadne.solve; the
    domain's own options come as keywords or `options`."""
    if algo == "andor-dfs" and (heuristic is not None or futility is not None):
        raise _ariadne.InputError("option %s applies to algo=aostar only"
                                  % ("heuristic" if heuristic is not None else "futility"))
    merged = dict(options or {})
    merged.update(domain_options)
    return ReductionResult(_ariadne.solve_andor(domain, instance, algo, heuristic, futility, time_limit,
                                                memory_limit, node_limit, merged))


def verify_tree(domain: str, tree: str, instance: Optional[str] = None, options: Optional[Dict[str, Any]] = None,
                **domain_options: Any) -> TreeVerification:
    """Checks a solution tree (ReductionResult.tree, or one written by hand
    in the same form) against the problem. A line that cannot be read, or a
    step that is not a reduction of its node, raises InputError naming the
    line; a readable tree that does not solve the problem gives solved
    False and the reason."""
    merged = dict(options or {})
    merged.update(domain_options)
    return TreeVerification(**_ariadne.verify_andor(domain, tree, instance, merged))
