#!/usr/bin/env bash
# cli_mastermind.sh — Mastermind through the command line: the strategy
# files of data/mastermind verified (5,625, 5,626, 5,801), a strategy
# written and verified back, the line-protocol bot against the project's own
# code-maker (a fixed secret, several random ones, the adversary), a person's
# answers that no code fits ("no code fits your answers", exit 2), malformed
# trees, codes and options (one line, exit 2), and play as either side.
# The game is src/games/mastermind/.
# Usage: bash cli_mastermind.sh PATH/TO/ariadne DATA_DIR
set -u
A=${1:?usage: cli_mastermind.sh ARIADNE DATA_DIR}
D=${2:?usage: cli_mastermind.sh ARIADNE DATA_DIR}
. "$(dirname "$0")/lib_cli.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# exit status and one line on stderr, nothing on stdout: the bad-input contract
one_line_exit() { # want_status, command...
    local want=$1
    shift
    "$@" >"$tmp/o" 2>"$tmp/e"
    local got=$?
    [ "$got" -eq "$want" ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] && [ ! -s "$tmp/o" ] || {
        echo "  got $got: $(cat "$tmp/e") / $(head -c 200 "$tmp/o")" >&2
        return 1
    }
}

# --- the committed strategies
for f in optimal-4x6:5625:6 optimal-4x6-max5:5626:5 knuth-4x6:5801:5; do
    IFS=: read -r name total worst <<<"$f"
    "$A" verify mastermind "$D/mastermind/$name.tree" --json >"$tmp/v" 2>&1
    check "verify $name" contains "$tmp/v" "\"valid\":true"
    check "$name total $total" contains "$tmp/v" "\"total\":$total,"
    check "$name worst $worst" contains "$tmp/v" "\"worst\":$worst,"
done
"$A" verify mastermind "$D/mastermind/knuth-4x6.tree" >"$tmp/v"
check "knuth distribution" contains "$tmp/v" "1/6/62/533/694"

# --- a strategy written, then verified
"$A" mastermind-strategy --strategy parts --output "$tmp/parts.tree" --json >"$tmp/s"
check "parts: 5668" contains "$tmp/s" "\"total\":5668,"
"$A" verify mastermind "$tmp/parts.tree" >"$tmp/v"
check "parts tree verifies" contains "$tmp/v" "5668 guesses in all"
"$A" mastermind-strategy --strategy optimal --pegs 3 --colours 4 --json >"$tmp/s"
check "optimal 3x4: 206, proven" contains "$tmp/s" "\"total\":206,"
check "optimal 3x4 proven" contains "$tmp/s" "\"optimal\":true"
"$A" mastermind-strategy --strategy optimal --pegs 2 --colours 6 --max-guesses 4 >"$tmp/o" 2>"$tmp/e"
check "2x6 within 4 guesses: none (exit 1)" test $? -eq 1
check "2x6 within 4: says so" contains "$tmp/e" "no strategy finds every code"

# --- a broken strategy: exit 1 with the code it misses
sed '$d' "$D/mastermind/knuth-4x6.tree" >"$tmp/cut.tree"
"$A" verify mastermind "$tmp/cut.tree" >"$tmp/o" 2>"$tmp/e"
check "a tree with a leaf cut off fails (exit 1)" test $? -eq 1
check "it names the code" contains "$tmp/e" "is not found"

# --- malformed files and bad input: one line, exit 2
printf 'mastermind-tree pegs=4 colours=6\n1122\n  3B1W 1234\n' >"$tmp/bad.tree"
check "malformed tree" one_line_exit 2 "$A" verify mastermind "$tmp/bad.tree"
check "malformed tree names the line" contains "$tmp/e" "bad.tree:3:"
check "missing tree file" one_line_exit 2 "$A" verify mastermind "$tmp/none.tree"
check "code outside the colours" one_line_exit 2 "$A" mastermind-maker --secret 1172
check "code of the wrong length" one_line_exit 2 "$A" mastermind-strategy --first 112
check "optimal out of reach" one_line_exit 2 "$A" mastermind-strategy --strategy optimal --pegs 5 --colours 8
check "--max-guesses needs optimal" one_line_exit 2 "$A" mastermind-strategy --max-guesses 5
check "--json without --maker" one_line_exit 2 "$A" mastermind-bot --json
check "11 colours" one_line_exit 2 "$A" mastermind-bot --colours 11

# --- the bot against the project's code-maker
"$A" mastermind-bot --maker "$A mastermind-maker --secret 6543 --quiet" >"$tmp/g"
check "bot finds 6543" contains "$tmp/g" "found 6543 in"
for seed in 1 2 3 4 5; do
    "$A" mastermind-bot --strategy knuth --json --maker "$A mastermind-maker --seed $seed --quiet" >"$tmp/g"
    check "knuth vs a random code (seed $seed): found within 5" grep -qE '"guesses":[1-5],' "$tmp/g"
done
"$A" mastermind-bot --strategy knuth --json --maker "$A mastermind-maker --adversary --quiet" >"$tmp/g"
check "knuth vs the adversary: exactly 5" contains "$tmp/g" '"guesses":5,'
"$A" mastermind-bot --tree "$D/mastermind/optimal-4x6.tree" --json --maker "$A mastermind-maker --secret 1123 --quiet" >"$tmp/g"
check "the optimal tree's first guess wins at once" contains "$tmp/g" '"guesses":1,'
"$A" mastermind-bot --pegs 5 --colours 8 --strategy consistent --json \
    --maker "$A mastermind-maker --pegs 5 --colours 8 --secret 87654 --quiet" >"$tmp/g"
check "5x8 consistent finds 87654" contains "$tmp/g" '"found":"87654"'
"$A" mastermind-bot --pegs 8 --colours 10 --strategy consistent --json \
    --maker "$A mastermind-maker --pegs 8 --colours 10 --secret 90817263 --quiet" >"$tmp/g"
check "8x10 finds 90817263" contains "$tmp/g" '"found":"90817263"'

# --- a person's answers over the protocol
printf '0 0\n0 0\n' | "$A" mastermind-bot >"$tmp/o" 2>"$tmp/e"
check "inconsistent answers: exit 2" test $? -eq 2
check "no code fits your answers" contains "$tmp/e" "no code fits your answers"
check "one line" test "$(wc -l <"$tmp/e")" -eq 1
printf '1 0\n2 x\n' | "$A" mastermind-bot >"$tmp/o" 2>"$tmp/e"
check "a malformed answer: exit 2" test $? -eq 2
printf '1 0\n' | "$A" mastermind-bot >"$tmp/o" 2>"$tmp/e"
check "input ends: exit 2" test $? -eq 2
printf '1122\n1234\n' | "$A" mastermind-maker --secret 1234 >"$tmp/o" 2>/dev/null
check "maker answers" test "$(tr '\n' ' ' <"$tmp/o")" = "1 1 4 0 "

# --- a time limit stops the exhaustive search (4x7 takes about a minute of CPU
# in full) within a fraction of a second: the best strategy so far, labelled,
# and checked (exit 0), or, when the one-step rules it starts from were not
# built in time, exit 3 and one line
t0=$(date +%s%N)
"$A" mastermind-strategy --strategy optimal --colours 7 --time-limit 0.3 --threads 1 >"$tmp/o" 2>"$tmp/e"
rc=$?
ms=$((($(date +%s%N) - t0) / 1000000))
check "time limit: stopped in ${ms} ms" test "$ms" -lt 5000
if [ "$rc" -eq 0 ]; then
    check "time limit: labelled" contains "$tmp/o" "not proven optimal: the search was stopped by the time limit"
    check "time limit: checked" contains "$tmp/o" "checked against all 2401 codes"
else
    check "time limit: exit 3 ($rc)" test "$rc" -eq 3
    check "time limit: said" contains "$tmp/e" "stopped (time limit) before any strategy was found"
fi

# --- play, as code-breaker and as code-maker
printf '1122\nmoves\nquit\n' | "$A" play mastermind --seed 1 >"$tmp/p" 2>&1
check "play as code-breaker" contains "$tmp/p" "1296 codes fit the answers"
printf '0 0\n0 0\nquit\n' | "$A" play mastermind --first bot >"$tmp/p" 2>&1
check "play as code-maker: the optimal first guess" contains "$tmp/p" "plays 1123"
check "play as code-maker: an answer no code fits is refused" contains "$tmp/p" "no code fits your answers"

exit $fail
