# cli_cards.sh — the card games at the command line: card-odds, brag-sim,
# guessit-solve, blackjack-edge (with --published, every published rule set,
# in the Release build), blackjack-strategy, blackjack-sim, ten-count, their
# JSON, their refusals of bad input (one line, exit 2), and `ariadne play`
# of brag, blackjack and Guess It through a pipe.
#
# Usage: bash cli_cards.sh ARIADNE_BINARY DATA_DIR
set -u
BIN=${1:?usage: cli_cards.sh ARIADNE_BINARY DATA_DIR}
export ARIADNE_DATA=${2:?usage: cli_cards.sh ARIADNE_BINARY DATA_DIR}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/lib_cli.sh"

# One JSON object, checked by whichever reader is installed.
valid_json() {
    if command -v node >/dev/null 2>&1; then
        node -e 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))' "$1"
    elif command -v python3 >/dev/null 2>&1; then
        python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$1"
    fi
}

# A refusal: exit 2 and exactly one line on stderr.
refused() { # what, command...
    local what=$1
    shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    check "$what: exit 2" test $rc -eq 2
    check "$what: one line on stderr" test "$(wc -l <"$tmp/err")" -eq 1
    check "$what: nothing on stdout" test ! -s "$tmp/out"
}

# --- card-odds
"$BIN" card-odds >"$tmp/o1"
check "card-odds exit 0" test $? -eq 0
check "card-odds: 22100 hands" contains "$tmp/o1" "all 22100 of one deck"
check "card-odds: prials" contains "$tmp/o1" "| prial | three of a kind | 52 |"
check "card-odds: runs" contains "$tmp/o1" "| run | straight | 720 |"
check "card-odds: the notes' A high figure is off" contains "$tmp/o1" "| A high: probability % | 18 | 17.3756 | OFF |"
check "card-odds: 6 of 43 figures off" contains "$tmp/o1" "6 of 43 figures are off."
check "card-odds: percentile 75 is 2,2" contains "$tmp/o1" "| 75 | 2,2 | 2,2 |"
"$BIN" card-odds --cards 5 --json >"$tmp/o2"
check "card-odds --cards 5 --json is JSON" valid_json "$tmp/o2"
check "card-odds --cards 5: full houses" contains "$tmp/o2" '"class":"full house","hands":3744'
refused "card-odds --cards 4" "$BIN" card-odds --cards 4
refused "card-odds --cards 6" "$BIN" card-odds --cards 6
refused "card-odds unknown option" "$BIN" card-odds --deck 3

# --- brag-sim
"$BIN" brag-sim --hands 100000 --seed 1 >"$tmp/b1"
check "brag-sim exit 0" test $? -eq 0
check "brag-sim: the last bidder wins" grep -qE '^\| D \(4th\) \| threshold \| \+0\.' "$tmp/b1"
check "brag-sim: the first loses" grep -qE '^\| A \(1st\) \| threshold \| -0\.' "$tmp/b1"
"$BIN" brag-sim --hands 20000 --seed 2 --bots threshold,formula,never-bluff,always-bet --rotate --json >"$tmp/b2"
check "brag-sim --json is JSON" valid_json "$tmp/b2"
check "brag-sim --rotate: strategies" contains "$tmp/b2" '"strategy":"always-bet"'
refused "brag-sim unknown bot" "$BIN" brag-sim --bots bluffer
refused "brag-sim bots for 3 of 4 players" "$BIN" brag-sim --bots threshold,formula,never-bluff
refused "brag-sim 11 players" "$BIN" brag-sim --players 11
refused "brag-sim --threads" "$BIN" brag-sim --threads 2

# --- guessit-solve
"$BIN" guessit-solve >"$tmp/g1"
check "guessit-solve exit 0" test $? -eq 0
check "guessit-solve: 0.538851 against the notes' 0.54" contains "$tmp/g1" "probability 0.538851 (the notes: 0.54; agrees to two places)"
check "guessit-solve: the bluff table" contains "$tmp/g1" "Do I bluff?"
"$BIN" guessit-solve --hand 3 --json >"$tmp/g2"
check "guessit-solve --json is JSON" valid_json "$tmp/g2"
check "guessit-solve --hand 3" contains "$tmp/g2" '"first_player_wins":0.5476190476'
refused "guessit-solve --hand 0" "$BIN" guessit-solve --hand 0
refused "guessit-solve --hand 21" "$BIN" guessit-solve --hand 21

# --- blackjack-edge and -strategy
if [ -z "${ARIADNE_TEST_SANITIZED:-}" ]; then
    "$BIN" blackjack-edge --decks 1 >"$tmp/e1"
    check "blackjack-edge exit 0" test $? -eq 0
    check "blackjack-edge 1 deck: +0.1836%" contains "$tmp/e1" "exact composition: +0.1836%"
fi
"$BIN" blackjack-edge --decks inf --json >"$tmp/e2"
check "blackjack-edge --json is JSON" valid_json "$tmp/e2"
check "blackjack-edge infinite deck" contains "$tmp/e2" '"player_ev_percent":-0.511734'
if [ -z "${ARIADNE_TEST_SANITIZED:-}" ]; then
    "$BIN" blackjack-edge --published >"$tmp/e3"
    check "blackjack-edge --published exit 0" test $? -eq 0
    check "blackjack-edge --published agrees" contains "$tmp/e3" "Every exact figure agrees within 0.01 percentage points."
    check "blackjack-edge --published: 5 decks H17" grep -qE '^\| 5 decks H17 DAS \| -0\.5918 \| -0\.59' "$tmp/e3"
fi
refused "blackjack-edge --decks 9" "$BIN" blackjack-edge --decks 9
refused "blackjack-edge --decks two" "$BIN" blackjack-edge --decks two
refused "blackjack-edge --bj-pays 7:5" "$BIN" blackjack-edge --bj-pays 7:5
refused "blackjack-edge --rsa with two hands" "$BIN" blackjack-edge --rsa --split-hands 2
refused "blackjack-edge --seed" "$BIN" blackjack-edge --seed 1
"$BIN" blackjack-strategy --decks inf >"$tmp/s1"
check "blackjack-strategy exit 0" test $? -eq 0
check "blackjack-strategy: A,7" grep -qE '^  A,7 +S +Ds +Ds +Ds +Ds +S +S +H +H +H$' "$tmp/s1"
check "blackjack-strategy: 8,8" grep -qE '^  8,8( +P){10}$' "$tmp/s1"
# (under the sanitizers an infinite deck: the same output, a fraction of the work)
if [ -z "${ARIADNE_TEST_SANITIZED:-}" ]; then decks2=2; else decks2=inf; fi
"$BIN" blackjack-strategy --decks $decks2 --h17 --surrender --json >"$tmp/s2"
check "blackjack-strategy --json is JSON" valid_json "$tmp/s2"

# --- blackjack-sim and ten-count
"$BIN" blackjack-sim --decks inf --hands 1000000 --seed 1 --json --quiet >"$tmp/m1"
check "blackjack-sim --json is JSON" valid_json "$tmp/m1"
check "blackjack-sim: the exact edge inside the interval" contains "$tmp/m1" '"within_interval":true'
"$BIN" blackjack-sim --decks 1 --shoe --hands 100000 --seed 1 >"$tmp/m2" 2>/dev/null
check "blackjack-sim --shoe exit 0" test $? -eq 0
check "blackjack-sim --shoe" contains "$tmp/m2" "dealt through the shoe"
refused "blackjack-sim --shoe infinite" "$BIN" blackjack-sim --decks inf --shoe
refused "blackjack-sim --penetration 0.95" "$BIN" blackjack-sim --penetration 0.95
refused "blackjack-sim --hands 0" "$BIN" blackjack-sim --hands 0
"$BIN" ten-count --hands 200000 --seed 1 --quiet >"$tmp/t1"
check "ten-count exit 0" test $? -eq 0
check "ten-count: the table" contains "$tmp/t1" "| others/tens before the hand | hands |"
check "ten-count: the win rate" contains "$tmp/t1" "units per 100 hands"
refused "ten-count infinite deck" "$BIN" ten-count --decks inf
refused "ten-count --spread 0" "$BIN" ten-count --spread 0

# --- help
"$BIN" help blackjack-edge >"$tmp/h1"
check "help blackjack-edge" contains "$tmp/h1" "ariadne blackjack-edge [RULES]"
"$BIN" help brag >"$tmp/h2"
check "help brag lists --rounds" contains "$tmp/h2" "--rounds R"

# --- play through a pipe
printf 'bet\nbet\nbet\nquit\n' | "$BIN" play brag --seed 3 >"$tmp/p1" 2>&1
check "play brag exit 0" test $? -eq 0
check "play brag: three bots at the table" contains "$tmp/p1" "plays the other 3 seats"
check "play brag: the others' cards hidden" contains "$tmp/p1" "B ?? ?? ??"
check "play brag: the hand is settled" contains "$tmp/p1" "game over:"
printf 'hint\nstand\nquit\n' | "$BIN" play blackjack --decks 1 --seed 11 --bot optimal >"$tmp/p2" 2>&1
check "play blackjack exit 0" test $? -eq 0
check "play blackjack: the hole card hidden" contains "$tmp/p2" "dealer: A ?"
check "play blackjack: the exact hint" contains "$tmp/p2" "hint: hit   [stand -0.6361, hit +0.0815, double +0.0486]"
printf 'hint\nmoves\nask AS\nquit\n' | "$BIN" play guessit --seed 4 >"$tmp/p3" 2>&1
check "play guessit exit 0" test $? -eq 0
check "play guessit: the hint gives the state" contains "$tmp/p3" "state 5/5: guess 0.000 ask 0.777 bluff 0.223"
check "play guessit: the hidden card unseen" contains "$tmp/p3" "hidden card: ??"

# --- match: the Guess It bots
"$BIN" match guessit --bots optimal,always-bluff --games 200 --seed 1 >"$tmp/x1" 2>&1
check "match guessit exit 0" test $? -eq 0
check "match guessit: the table" contains "$tmp/x1" "| optimal | always-bluff | 200 |"

exit $fail
