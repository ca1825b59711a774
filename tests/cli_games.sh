# cli_games.sh — the game verbs of the command-line tool: analyse, match (Elo
# with error bars), bench games (the node count CI checks), bad input, and
# the `play` loop driven through a pseudo-terminal with tmux: a full game, an
# illegal move answered with a new prompt, and undo. Goofspiel, the template
# game, is played and matched too: chance, simultaneous bids, hidden bids.
#
# Usage: bash cli_games.sh ARIADNE_BINARY DATA_DIR
# tmux is not installed here; CI's .ci/run installs it. Without it the play
# loop is driven through a pipe instead (same checks, no terminal).
set -u
BIN=${1:?usage: cli_games.sh ARIADNE_BINARY DATA_DIR}
# The bench node count recorded with the search as it is (also in
# tests/test_gamesearch.c): a change in search behaviour changes it.
BENCH_NODES=158247

tmp=$(mktemp -d)
sock="ariadne-test-$$"
cleanup() {
    if command -v tmux >/dev/null 2>&1; then
        tmux -L "$sock" kill-server >/dev/null 2>&1 || true
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT

. "$(dirname "$0")/lib_cli.sh"

# --- analyse
"$BIN" analyse nim "3 4 5" >"$tmp/a1" 2>&1
check "analyse nim exit 0" test $? -eq 0
check "analyse nim proves a win" contains "$tmp/a1" "value win in 11 plies (proven)"
check "analyse nim best move 1:2" contains "$tmp/a1" "best move: 1:2"
check "analyse nim shows Bouton's verdict" contains "$tmp/a1" "rule bouton: first to move wins; winning move 1:2"
"$BIN" analyse tictactoe >"$tmp/a2" 2>&1
check "analyse tictactoe: a proven draw" contains "$tmp/a2" "value draw (proven)"
"$BIN" analyse tictactoe "x../.../..." --moves b2 --json >"$tmp/a3" 2>&1
check "analyse --moves --json" contains "$tmp/a3" '"to_move": "X", "score": 0, "exact": true'
"$BIN" analyse bridgit --size 3 >"$tmp/a4" 2>&1
check "analyse bridgit: first player wins" contains "$tmp/a4" "black to move: value win in"
"$BIN" analyse nim 40 --take half --algo mcts --iters 20000 --seed 3 >"$tmp/a5" 2>&1
check "analyse --algo mcts prints visits" contains "$tmp/a5" "<- best"

# --- bad input: one line on stderr, exit 2
for args in "analyse tictactoe xxq" "analyse shogi" "analyse nim 3:4" "analyse nim --k 9" \
    "analyse tictactoe --moves b2,b2" "match nim --bots perfect" "match nim --bots perfect,nobody" \
    "match nim --bots alphabeta:depth=x,random" "play tictactoe --first nobody" "analyse nim --frobnicate" \
    "match goofspiel --players 3 --bots random,random --seed 1" "match goofspiel --hidden --bots alphabeta,random" \
    "play goofspiel --cards 14"; do
    # shellcheck disable=SC2086
    "$BIN" $args >"$tmp/out" 2>"$tmp/err"
    rc=$?
    check "'$args' exits 2 (got $rc)" test $rc -eq 2
    check "'$args' says why in one line" test "$(wc -l <"$tmp/err")" -eq 1
done

# --- match: results table and Elo with 95% error bars
"$BIN" match tictactoe --bots perfect,random --games 20 --seed 1 >"$tmp/m1" 2>/dev/null
check "match exit 0" test $? -eq 0
check "match prints the table header" contains "$tmp/m1" "| bot | opponent | games | wins | draws | losses | score | Elo difference ± 95% [interval] |"
check "match: perfect never loses to random" grep -qE '^\| perfect \| random \| 20 \| [0-9]+ \| [0-9]+ \| 0 \|' "$tmp/m1"
check "match prints an interval" grep -qE '^\| perfect \| random .*\[\+[0-9]+, ' "$tmp/m1"
check "match prints ratings" contains "$tmp/m1" "Ratings (Bradley-Terry"
"$BIN" match nim --bots mcts:iters=50,mcts:iters=200 --games 20 --seed 4 >"$tmp/m2" 2>/dev/null
check "match with finite Elo prints ± error bars" grep -qE '± [0-9]+ \[' "$tmp/m2"
"$BIN" match nim --bots mcts:iters=50,mcts:iters=200 --games 20 --seed 4 >"$tmp/m3" 2>/dev/null
check "match is reproducible from its seed" cmp -s "$tmp/m2" "$tmp/m3"
"$BIN" match nim --bots bouton,random --games 4 --seed 2 --json >"$tmp/m4" 2>/dev/null
check "match --json" contains "$tmp/m4" '"ratings": ['

# --- bench: the node count of the fixed positions
"$BIN" bench games --quick >"$tmp/b1" 2>&1
check "bench games exit 0" test $? -eq 0
check "bench node count is $BENCH_NODES (search behaviour changed?)" grep -q "^bench nodes: $BENCH_NODES " "$tmp/b1"

# --- play through a pseudo-terminal
session=ttt
wait_for() { # text, seconds: waits until the pane shows text
    local i
    for ((i = 0; i < $2 * 10; i++)); do
        if tmux -L "$sock" capture-pane -p -t "$session" -S -200 2>/dev/null | grep -qF -- "$1"; then
            return 0
        fi
        sleep 0.1
    done
    tmux -L "$sock" capture-pane -p -t "$session" -S -60 >&2 2>/dev/null
    return 1
}
send() { tmux -L "$sock" send-keys -t "$session" -- "$1" Enter; }

if command -v tmux >/dev/null 2>&1; then
    # Tic-tac-toe against the perfect bot: an illegal move, a taken square,
    # undo, then play on.
    tmux -L "$sock" new-session -d -s ttt -x 100 -y 60 \
        "$BIN play tictactoe --seed 1 2>&1; echo EXIT-STATUS=\$?; sleep 60"
    check "play starts with a prompt" wait_for "X to move (you). Your move>" 10
    send "zz"
    check "an unreadable move is explained" wait_for "not a move here: 'zz' is not a square" 5
    send "b2"
    check "the bot answers" wait_for "bot (O) plays" 10
    send "b2"
    check "a taken square is explained" wait_for "b2 is taken by X" 5
    send "undo"
    check "undo takes back" wait_for "taken back." 5
    send "undo"
    check "nothing more to undo" wait_for "nothing to undo" 5
    send "quit"
    check "quit ends with status 0" wait_for "EXIT-STATUS=0" 5

    # A full game of one-pile nim: the person always takes one match; the
    # perfect bot answers to safe piles and wins.
    # A second session (the first stays, so the server keeps running).
    session=nim
    tmux -L "$sock" new-session -d -s nim -x 100 -y 60 \
        "$BIN play nim 20 --take half --seed 1 2>&1; echo EXIT-STATUS=\$?; sleep 60"
    check "nim play starts" wait_for "Your move>" 10
    for _ in 1 2 3 4 5 6 7 8 9 10 11 12; do
        if tmux -L "$sock" capture-pane -p -t nim -S -200 | grep -qF "game over"; then
            break
        fi
        send "1"
        sleep 0.3
    done
    check "the full game ends with the bot's win" wait_for "game over: second wins — the bot wins." 10
    send "undo"
    check "undo after the end" wait_for "taken back." 5
    send "quit"
    check "nim play quits with 0" wait_for "EXIT-STATUS=0" 5
else
    echo "cli_games: tmux not found (CI installs it): driving play through a pipe" >&2
    printf 'zz\nb2\nb2\nundo\nquit\n' | "$BIN" play tictactoe --seed 1 >"$tmp/p1" 2>&1
    check "piped play exits 0" test $? -eq 0
    check "piped: unreadable move explained" contains "$tmp/p1" "not a move here: 'zz' is not a square"
    check "piped: taken square explained" contains "$tmp/p1" "b2 is taken by X"
    check "piped: undo" contains "$tmp/p1" "taken back."
    printf '1\n1\n1\n1\n1\n1\n1\n1\n1\n1\nquit\n' | "$BIN" play nim 20 --take half --seed 1 >"$tmp/p2" 2>&1
    check "piped: full game" contains "$tmp/p2" "game over: second wins — the bot wins."
fi

# --- goofspiel: chance turns up the prizes, both players bid at once
"$BIN" match goofspiel --bots mcts:iters=300,random --games 10 --seed 1 >"$tmp/g1" 2>/dev/null
check "match goofspiel exit 0" test $? -eq 0
check "match goofspiel: a table" grep -qE '^\| mcts:iters=300 \| random \| 10 \|' "$tmp/g1"
"$BIN" match goofspiel --hidden --bots mcts:iters=300,random --games 4 --seed 1 --verbose >"$tmp/g2" 2>/dev/null
check "match goofspiel --hidden exit 0" test $? -eq 0
check "match goofspiel records chance and bids" grep -qE '^   [A2-5] [A2-5]/[A2-5] ' "$tmp/g2"
printf '9\nA\n2\n3\n4\n5\nquit\n' | "$BIN" play goofspiel --bot random --seed 1 >"$tmp/g3" 2>&1
check "play goofspiel exits 0" test $? -eq 0
check "play goofspiel: chance turns up a prize" grep -qE '^chance: [A2-5]$' "$tmp/g3"
check "play goofspiel: a card not in the game is explained" contains "$tmp/g3" "'9' is not a card: the cards are A..5"
check "play goofspiel: the game ends" contains "$tmp/g3" "game over: "
printf 'moves\nquit\n' | "$BIN" play goofspiel --hidden --seed 1 >"$tmp/g4" 2>&1
check "play goofspiel --hidden shows only card counts" contains "$tmp/g4" "5 cards"
check "play goofspiel --hidden: moves lists your cards" contains "$tmp/g4" "legal moves (5): A 2 3 4 5"
# Three players: the bot takes both other seats and bids at once with the person.
printf 'A\n2\n3\n4\n5\nquit\n' | "$BIN" play goofspiel --players 3 --bot random --seed 1 >"$tmp/g5" 2>&1
check "play goofspiel --players 3 exits 0" test $? -eq 0
check "play goofspiel --players 3: the bot takes two seats" contains "$tmp/g5" "plays the other 2 seats"
check "play goofspiel --players 3: the game ends with scores" contains "$tmp/g5" "you (P1) score"

# End of input quits cleanly at any prompt.
"$BIN" play bridgit --first bot --seed 1 </dev/null >"$tmp/p3" 2>&1
check "play at end of input exits 0" test $? -eq 0
check "the Bridg-it bot opens at point 1" contains "$tmp/p3" "bot (black) plays 1 "

exit $fail
