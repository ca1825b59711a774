"""What the searches return: Result (one search), Hint, Verification, and
the descriptions of domains, algorithms and games. Plain data with readable
reprs; Result.to_dict() gives the fields of `ariadne solve --json`."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional


class Result:
    """The outcome of one search, as `ariadne solve` reports it.

    Attributes:
        domain: the domain's name (a Python puzzle: its class name).
        instance: one line describing the instance.
        algorithm, heuristic: what ran (heuristic None when none was used).
        moves: the solution's moves (text for the library's domains; the
            move objects `successors` gave for a Python puzzle); [] when
            the start is a goal; None when there is no solution to show.
        solution: the moves as one text that `ariadne.verify` reads back.
        states: a Python puzzle's states along the solution (start first);
            None for the library's domains.
        length, cost: the solution's number of moves and cost (None without
            a solution).
        optimal: True only when optimality is proven.
        status: "solved", "no_solution" (proven) or "limit" (a limit or
            Ctrl-C stopped the search; moves then hold the best so far, if
            any).
        stop_reason: why it stopped ("time limit", "node limit", "memory
            limit", "interrupt (Ctrl-C)", ...), or None.
        lower_bound: a proven lower bound on the optimal cost, or None.
        nodes, generated: states expanded and generated.
        seconds: the search's time; peak_bytes: its accounted memory.
        note: why it is optimal or not, in words.
        label, published_cost: set by `solve_file` (a batch line's label and
            the published optimal cost it gives, if any).
    """

    __slots__ = ("domain", "instance", "algorithm", "heuristic", "moves", "solution", "states", "length",
                 "cost", "optimal", "status", "stop_reason", "lower_bound", "nodes", "generated", "seconds",
                 "peak_bytes", "note", "label", "published_cost", "python_states")

    def __init__(self, data: Dict[str, Any]):
        self.domain = data["domain"]
        self.instance = data["instance"]
        self.algorithm = data["algorithm"]
        self.heuristic = data["heuristic"]
        self.moves = data.get("move_objects", data["moves"])
        self.solution = data["solution"]
        self.states = data.get("states")
        self.length = data["length"]
        self.cost = data["cost"]
        self.optimal = data["optimal"]
        self.status = data["status"]
        self.stop_reason = data["stop_reason"]
        self.lower_bound = data["lower_bound"]
        self.nodes = data["expanded"]
        self.generated = data["generated"]
        self.seconds = data["seconds"]
        self.peak_bytes = data["peak_bytes"]
        self.note = data["note"]
        self.python_states = data.get("python_states")
        self.label: Optional[str] = None
        self.published_cost: Optional[int] = None

    @property
    def solved(self) -> bool:
        """Whether a solution was found (optimal or not, stopped or not)."""
        return self.moves is not None

    @property
    def interrupted(self) -> bool:
        """Whether Ctrl-C stopped the search (break out of a loop on it)."""
        return self.stop_reason is not None and self.stop_reason.startswith("interrupt")

    def to_dict(self) -> Dict[str, Any]:
        """The fields of `ariadne solve --json`, with the same names."""
        return {"domain": self.domain, "instance": self.instance, "algorithm": self.algorithm,
                "heuristic": self.heuristic, "moves": self.solution, "length": self.length, "cost": self.cost,
                "partial": False, "optimal": self.optimal, "status": self.status, "stop_reason": self.stop_reason,
                "lower_bound": self.lower_bound, "nodes_expanded": self.nodes, "nodes_generated": self.generated,
                "seconds": self.seconds, "peak_bytes": self.peak_bytes, "note": self.note}

    def _summary(self) -> str:
        if self.status == "no_solution":
            return "no solution"
        if self.moves is None:
            return "stopped by %s before a solution was found" % self.stop_reason
        what = "%d move%s" % (self.length, "" if self.length == 1 else "s")
        if self.cost != self.length:
            what += ", cost %d" % self.cost
        if self.optimal:
            what += ", optimal"
        elif self.status == "limit":
            what += ", best so far (stopped by %s)" % self.stop_reason
        else:
            what += ", not proven optimal"
        return what

    def __repr__(self) -> str:
        algo = self.algorithm or "?"
        if self.heuristic:
            algo += "/" + self.heuristic
        return "<Result %s: %s; %s, %d nodes, %.3f s>" % (self.domain, self._summary(), algo, self.nodes,
                                                          self.seconds)

    def __str__(self) -> str:
        lines = ["domain:      %s (%s)" % (self.domain, self.instance),
                 "algorithm:   %s%s" % (self.algorithm, " (heuristic %s)" % self.heuristic if self.heuristic else "")]
        if self.solution is not None:
            lines.append("moves:       %s" % (self.solution or "(none: the start is already a goal)"))
        lines.append("result:      %s" % self._summary())
        if self.note:
            lines.append("note:        %s" % self.note)
        if self.lower_bound is not None and not self.optimal:
            lines.append("lower bound: %d (proven: no solution costs less)" % self.lower_bound)
        lines.append("nodes:       %d expanded, %d generated" % (self.nodes, self.generated))
        lines.append("time:        %.3f s" % self.seconds)
        return "\n".join(lines)


@dataclass(frozen=True)
class Hint:
    """The next move towards a goal, as `ariadne hint` gives it.

    move is None when the start is a goal, when there is no solution, or when
    a limit stopped the search first (status says which); distance and cost
    are those of the solution found (None without one)."""
    move: Optional[Any]
    distance: Optional[int]
    cost: Optional[int]
    optimal: bool
    status: str
    note: str = ""


@dataclass(frozen=True)
class Verification:
    """Moves replayed by the domain's own rules (`ariadne verify`)."""
    solved: bool
    length: int
    cost: int
    final_state: Any


@dataclass(frozen=True)
class Example:
    """One of a domain's examples: its options, instance (None: the
    default) and the cost of an optimal solution (0: not stated)."""
    options: Dict[str, Any]
    options_text: str
    instance: Optional[str]
    cost: int
    note: str


@dataclass(frozen=True)
class DomainInfo:
    """What a registered puzzle domain offers (`ariadne help DOMAIN`)."""
    name: str
    summary: str
    help: str
    options: List[Dict[str, Any]]
    heuristics: List[Dict[str, Any]]
    solvers: List[Dict[str, Any]]
    examples: List[Example]
    tools: List[str]
    bench_suites: List[str]
    can_generate: bool
    has_local_view: bool
    unit_cost: bool
    single_char_moves: bool
    fixed_length: bool


@dataclass(frozen=True)
class AlgorithmInfo:
    """An algorithm: "generic" (any domain), "local" (a local-search
    strategy, for domains with a local view) or "domain" (a domain's own)."""
    name: str
    summary: str
    kind: str
    uses_heuristic: bool
    optimal: bool
    complete: bool
    anytime: bool
    options: List[Dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class GameInfo:
    """What a registered game offers (`ariadne help GAME`)."""
    name: str
    summary: str
    help: str
    options: List[Dict[str, Any]]
    evals: List[Dict[str, Any]]
    strategies: List[Dict[str, Any]]
    default_bot: str
    bot_kinds: List[Dict[str, Any]]
    variants: List[Dict[str, Any]]
    tools: List[str]
    bench_suites: List[str]
    simultaneous: bool
    chance: bool
    hidden: bool
    draws: bool


@dataclass
class MatchResult:
    """A round robin's results (`ariadne match`): for each ordered pair of
    bots (one row when there are two), games, wins, draws, losses from the
    first bot's side with the Elo
    difference and its 95% interval (None where unbounded); the ratings of
    every bot by maximum likelihood (elo, error95); and every game's record
    (first and second bot, outcome, plies, moves, scores)."""
    bots: List[str]
    pairs: List[Dict[str, Any]]
    ratings: List[Dict[str, Any]]
    games: List[Dict[str, Any]]
    games_played: int
    interrupted: bool

    def table(self) -> str:
        """The pairs as a Markdown table."""
        def elo(p):
            if p["elo"] is None:
                return "unbounded"
            low = "-inf" if p["elo_low"] is None else "%.0f" % p["elo_low"]
            high = "+inf" if p["elo_high"] is None else "%.0f" % p["elo_high"]
            return "%+.0f [%s, %s]" % (p["elo"] or 0.0, low, high)  # never "-0"
        rows = ["| bot | opponent | games | wins | draws | losses | score | Elo (95%) |",
                "|---|---|---:|---:|---:|---:|---:|---|"]
        for p in self.pairs:
            rows.append("| %s | %s | %d | %d | %d | %d | %.3f | %s |" % (
                p["bot"], p["opponent"], p["games"], p["wins"], p["draws"], p["losses"], p["score"], elo(p)))
        return "\n".join(rows)

    def __repr__(self) -> str:
        return "<MatchResult %d bots, %d games%s>" % (len(self.bots), self.games_played,
                                                     ", interrupted" if self.interrupted else "")
