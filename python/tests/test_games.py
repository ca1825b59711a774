"""The registered games through the bindings: every game can be set up,
played to its end by legal moves (simultaneous and chance turns included)
and taken back move by move; positions read back; move counts agree with
the command line's perft; bots choose legal moves; a match's table is the
command line's for the same seed."""
import random

import pytest

import ariadne

GAMES = ariadne.games()


def random_playout(g, rng, plies):
    """Plays random legal moves until the end or `plies`; returns the
    positions seen (before each move)."""
    seen = []
    while not g.is_over and len(seen) < plies:
        seen.append(g.position)
        if g.to_move == ariadne.CHANCE:
            outcomes = g.chance_outcomes()
            assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert sorted(m for m, _ in outcomes) == sorted(g.legal_moves())
        if g.to_move == ariadne.SIMULTANEOUS:
            g.play([rng.choice(g.legal_moves(player=p) or [None]) for p in range(g.players)])
        else:
            moves = g.legal_moves()
            assert moves, "%s: no legal move in an ongoing position %s" % (g.name, g.position)
            g.play(rng.choice(moves))
    return seen


@pytest.mark.parametrize("name", GAMES)
def test_play_and_undo_every_game(name):
    info = ariadne.game_info(name)
    for variant in [{}] + info.variants[:2]:
        g = ariadne.Game(name, **variant)
        start = g.position
        assert g.players >= 2 and g.outcome is None and not g.is_over
        assert str(g) and g.variant
        seen = random_playout(g, random.Random(7), 60)
        for p in range(g.players):
            assert isinstance(g.view(p), str)
        assert len(g.moves) == len(seen)
        if g.is_over:
            assert g.outcome and len(g.scores()) == g.players
        for position in reversed(seen):
            g.undo()
            assert g.position == position
        assert g.position == start and g.moves == []
        with pytest.raises(ariadne.InputError, match="nothing to undo"):
            g.undo()


@pytest.mark.parametrize("name", GAMES)
def test_positions_read_back(name):
    g = ariadne.Game(name)
    rng = random.Random(3)
    for _ in range(10):
        copy = ariadne.Game(name, position=g.position)
        assert copy.position == g.position
        assert copy.legal_moves() == g.legal_moves()
        if g.is_over:
            break
        random_playout(g, rng, 1)
    with pytest.raises(ariadne.InputError):
        ariadne.Game(name, position="\x01 not a position")


def perft(g, depth):
    if depth == 0 or g.is_over:
        return 1
    total = 0
    for m in g.legal_moves():
        g.play(m)
        total += perft(g, depth - 1)
        g.undo()
    return total


@pytest.mark.parametrize("name", GAMES)
def test_move_counts_agree_with_perft(cli_json, cli, name):
    g = ariadne.Game(name)
    rc, _, _ = cli("perft", name, 1, "--quiet")
    if rc != 0:
        pytest.skip("%s has no perft (simultaneous or chance moves)" % name)
    for depth in (1, 2, 3):
        expected = cli_json("perft", name, depth, "--quiet")
        if expected["nodes"] > 3000:
            break
        assert perft(g, depth) == expected["nodes"], "%s perft %d" % (name, depth)


@pytest.mark.parametrize("name", GAMES)
def test_bots_choose_legal_moves(name):
    info = ariadne.game_info(name)
    g = ariadne.Game(name)
    random_playout(g, random.Random(1), 4)
    if g.is_over or g.to_move == ariadne.CHANCE:
        return
    player = 0 if g.to_move == ariadne.SIMULTANEOUS else None
    for spec in ("random", "mcts:iters=50"):
        b = ariadne.bot(g, spec, seed=5)
        move = b.choose(g, player=player)
        assert move in g.legal_moves(player=player)
        # the same seed, the same choice; a position given as text is the Game's
        assert ariadne.bot(g, spec, seed=5).choose(g.position, player=player) == move
    assert info.default_bot


def test_tictactoe_by_hand_and_against_its_perfect_bot():
    g = ariadne.Game("tictactoe")
    legal = g.legal_moves()
    assert len(legal) == 9
    with pytest.raises(ariadne.InputError, match="tictactoe"):
        g.play("z9")
    perfect = ariadne.bot("tictactoe", ariadne.game_info("tictactoe").default_bot)
    while not g.is_over:
        g.play(perfect.choose(g) if g.to_move == 0 else legal_first(g))
    assert g.winner in (0, None)  # the perfect bot never loses
    with pytest.raises(ariadne.InputError, match="over"):
        g.play(legal[0])
    assert perfect.last_info["depth"] >= 1


def legal_first(g):
    return g.legal_moves()[0]


def test_a_match_table_is_the_command_lines(cli_json):
    bots = ["alphabeta:depth=1", "random", "mcts:iters=30"]
    m = ariadne.match("tictactoe", bots, games=4, seed=11, random_plies=1)
    expected = cli_json("match", "tictactoe", "--bots", ",".join(bots), "--games", 4, "--seed", 11,
                        "--openings", 1)
    assert m.games_played == expected["games_played"] == 12
    assert len(m.games) == 12 and all(x["record"]["plies"] >= 5 for x in m.games)
    assert len(m.pairs) == len(expected["pairs"]) == 6
    theirs = {(p["bot"], p["opponent"]): p for p in expected["pairs"]}
    for mine in m.pairs:
        for key in ("games", "wins", "draws", "losses", "score"):
            assert mine[key] == pytest.approx(theirs[mine["bot"], mine["opponent"]][key])
    assert [r["bot"] for r in m.ratings] == bots
    assert "| alphabeta:depth=1 | random |" in m.table()


def test_play_game_of_more_players():
    name = next(n for n in GAMES if any("players" in v for v in ariadne.game_info(n).variants))
    variant = next(v for v in ariadne.game_info(name).variants if "players" in v)
    g = ariadne.Game(name, **variant)
    rec = ariadne.play_game(g, ["random"] * g.players, seed=2, max_plies=300)
    assert len(rec["scores"]) == g.players
    with pytest.raises(ValueError, match="players"):
        ariadne.play_game(g, ["random"], seed=2)


def test_game_errors():
    with pytest.raises(ariadne.InputError, match="unknown game"):
        ariadne.Game("nonesuch")
    with pytest.raises(ariadne.InputError, match="unknown option"):
        ariadne.Game("tictactoe", nonesuch=3)
    with pytest.raises(ariadne.InputError, match="bot"):
        ariadne.bot("tictactoe", "alphabeta:depth=banana")
    with pytest.raises(ariadne.InputError, match="two bots"):
        ariadne.match("tictactoe", ["random"])
