"""The registered games: Game (a position with its history), bots made from
spec strings, matches whose results come back as data."""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Union

from . import _ariadne
from ._results import GameInfo, MatchResult

SIMULTANEOUS = -1  #: Game.to_move when every player moves at once
CHANCE = -2        #: Game.to_move at a chance event


def games() -> List[str]:
    """The names of the registered games (`ariadne list`)."""
    return _ariadne.games()


def game_info(name: str) -> GameInfo:
    """What game `name` offers: options, evaluations, perfect strategies,
    its default bot and bot kinds, the variants its tests play."""
    return GameInfo(**_ariadne.game_info(name))


def bot_kinds() -> List[Dict[str, str]]:
    """The generic bot kinds and their options (a game may add its own:
    game_info(name).bot_kinds)."""
    return _ariadne.bot_kinds()


class Game(_ariadne.Game):
    """A game of the registry in a position, with the moves played so far.

        g = ariadne.Game(name, **options)     # the initial position
        g.legal_moves()      # the moves of the player to move, as text
        g.play(move)         # a list of one move per player where all move at once
        g.undo()
        g.outcome            # None while it goes on, else e.g. "X wins"
        g.position           # one line (a FEN where the game has one); assign to set one up
        print(g)             # a picture of the position

    options are the game's own (game_info(name).options); position, if
    given, is a one-line position in the game's notation.
    """

    def __init__(self, name: str, position: Optional[str] = None, **options: Any):
        super().__init__(name, position, options)
        self._options = dict(options)

    @property
    def options(self) -> Dict[str, Any]:
        """The variant's options as given."""
        return dict(self._options)

    def copy(self) -> "Game":
        """A new Game of the same variant in the same position (without the
        history)."""
        g = Game(self.name, **self._options)
        g.position = self.position
        return g

    def __str__(self) -> str:
        return self.draw()

    def __repr__(self) -> str:
        return "Game(%r, %r%s)" % (self.name, self.position,
                                   "".join(", %s=%r" % kv for kv in self._options.items()))


class Bot(_ariadne.Bot):
    """An engine for a game's variant, named by a spec string: KIND[:OPTION=
    VALUE]..., e.g. "alphabeta:depth=6", "alphabeta:time=0.1",
    "mcts:iters=2000", "random", or a game's own kinds (bot_kinds(),
    game_info(name).bot_kinds). choose(position) returns its move as text;
    last_info says what it thought (score, depth, nodes, seconds). In games
    with hidden information the bot is shown only its player's view. Ctrl-C
    cuts its thinking short: it answers with the best move of the depths
    done, or raises KeyboardInterrupt when it had none."""

    def __repr__(self) -> str:
        return "Bot(%r, %r)" % (self.game.name, self.spec)


def bot(game: Union[str, Game], spec: str, seed: int = 0, memory_limit: Union[int, str, None] = None,
        **options: Any) -> Bot:
    """A bot for a game (a name plus the variant's options, or a Game whose
    variant it plays): ariadne.bot(name, "alphabeta:time=0.1").choose(position).
    The same seed gives the same choices."""
    if isinstance(game, str):
        game = Game(game, **options)
    elif options:
        raise _ariadne.InputError("give the variant's options to the Game, not to bot()")
    return Bot(game, spec, seed, memory_limit)


def _game_of(game: Union[str, Game], options: Dict[str, Any]) -> Game:
    if isinstance(game, str):
        return Game(game, **options)
    if options:
        raise _ariadne.InputError("give the variant's options to the Game, not here")
    return game


def match(game: Union[str, Game], bots: Sequence[str], games: int = 10, seed: int = 1, random_plies: int = 1,
          max_plies: int = 0, memory_limit: Union[int, str, None] = None, **options: Any) -> MatchResult:
    """A round robin between bots (spec strings), as `ariadne match`: every
    pair plays `games` games with colours alternating (from the Game's
    position; random_plies random opening moves, the same for both games of
    a pair; a game longer than max_plies, default 1000, is a draw). Returns
    the table as data: a row per ordered pair from the first bot's side, the
    ratings (Elo, mean 0, with error95; None where unbounded) and every
    game. The same seed plays the same games (where the bots have fixed
    depths or iterations). Two-player variants; Ctrl-C ends it early
    (interrupted is then True)."""
    g = _game_of(game, options)
    return MatchResult(**_ariadne.match(g, list(bots), games, seed, random_plies, max_plies, memory_limit))


def play_game(game: Union[str, Game], bots: Sequence[str], seed: int = 1, random_plies: int = 0,
              max_plies: int = 0, memory_limit: Union[int, str, None] = None, **options: Any) -> Dict[str, Any]:
    """One game from the Game's position with bots[p] (a spec) as player p,
    for any number of players: its outcome, plies, moves and scores."""
    g = _game_of(game, options)
    return _ariadne.play_game(g, list(bots), seed, random_plies, max_plies, memory_limit)
