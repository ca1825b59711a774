"""ariadne — AI search for puzzles and games, from Python.

The ariadne C library (every registered puzzle, game, algorithm and bot)
through one import, and puzzles written in Python searched by the same C
engines:

    import ariadne
    ariadne.domains()                          # the puzzles
    r = ariadne.solve(name, instance, algo="astar", time_limit=10)
    r.moves, r.length, r.optimal, r.nodes      # and print(r)

    class MyPuzzle(ariadne.Puzzle):            # your own puzzle
        start = ...
        def is_goal(self, s): ...
        def successors(self, s): ...           # (move, state[, cost]) tuples
    ariadne.solve(MyPuzzle(), algo="idastar")

    ariadne.reductions()                       # AND-OR problems (AO*)
    ariadne.solve(reduction, instance).tree    # its solution tree

    g = ariadne.Game(name)                     # games, bots, matches
    ariadne.bot(name, "alphabeta:time=0.1").choose(g.position)
    ariadne.match(name, ["alphabeta:depth=4", "random"], games=10)

Searches run with the GIL released; Ctrl-C stops one and returns its best
result so far, labelled (status "limit"). Errors raise ariadne.Error
subclasses carrying the library's one-line message. docs/python.md is a
tour.
"""
from ._ariadne import (Error, FileError, InputError, InternalError, LimitError, MemoryLimitError,
                       UnsolvableError, UnsupportedError)
from ._andor import (ReductionInfo, ReductionResult, TreeVerification, reduction, reductions, solve_reduction,
                     verify_tree)
from ._domains import (algorithms, count, domain, domains, generate, hint, instance, solve, solve_file,
                       solve_many, verify)
from ._games import CHANCE, SIMULTANEOUS, Bot, Game, bot, bot_kinds, game_info, games, match, play_game
from ._python import Puzzle, admissible, consistent
from ._results import (AlgorithmInfo, DomainInfo, Example, GameInfo, Hint, MatchResult, Result,
                       Verification)

__all__ = [
    "Error", "FileError", "InputError", "InternalError", "LimitError", "MemoryLimitError", "UnsolvableError",
    "UnsupportedError",
    "algorithms", "count", "domain", "domains", "generate", "hint", "instance", "solve", "solve_file",
    "solve_many", "verify",
    "CHANCE", "SIMULTANEOUS", "Bot", "Game", "bot", "bot_kinds", "game_info", "games", "match", "play_game",
    "Puzzle", "admissible", "consistent",
    "ReductionInfo", "ReductionResult", "TreeVerification", "reduction", "reductions", "solve_reduction",
    "verify_tree",
    "AlgorithmInfo", "DomainInfo", "Example", "GameInfo", "Hint", "MatchResult", "Result", "Verification",
]
