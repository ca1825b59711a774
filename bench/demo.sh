#!/usr/bin/env bash
# bench/demo.sh — the main job on built-in examples: solves puzzles of every
# kind (search, AND-OR, planning, local search), shows that `ariadne verify`
# accepts the answers, counts, plays a short rated match and solves a card game.
# Usage: bench/demo.sh PATH/TO/ariadne   (README's first command runs it)
set -eu
A=${1:?usage: demo.sh PATH/TO/ariadne}
here=$(cd "$(dirname "$0")/.." && pwd)
data="$here/data"  # the repository's data directory
run() { printf '\n$ %s\n' "$*"; "$@"; }
verify_json() { # verify_json DOMAIN ARGS... : solve with --json, then replay with verify
    local domain=$1; shift
    local json moves
    json=$("$A" solve "$domain" "$@" --json --quiet)
    moves=$(printf '%s' "$json" | sed -n 's/.*"moves":"\([^"]*\)".*/\1/p')
    printf '$ ariadne verify %s %s <moves>\n' "$domain" "$*"
    "$A" verify "$domain" "$@" "$moves"
}

run "$A" list
run "$A" solve hanoi --pegs 4 --discs 10
verify_json hanoi --pegs 4 --discs 10
run "$A" solve hanoi --pegs 4 --discs 8 --from 12341234 --to 43214321
verify_json hanoi --pegs 4 --discs 8 --from 12341234 --to 43214321
run "$A" solve hanoi --discs 5 --from 13213 --to 22131
run "$A" hint hanoi --discs 64
run "$A" at hanoi --discs 10 --moves 500
run "$A" solve jugs --capacities 3,5 --target 4
run "$A" solve tiles "8 6 7 2 5 4 3 0 1"
verify_json tiles "8 6 7 2 5 4 3 0 1"
run "$A" solve loyd "FBCDE KAGHJ PLMIO UQRNT VWXS+" --time-limit 10
run "$A" analyse nim "3 4 5"
run "$A" solve sarov -f "$data/sarov/318210.txt"
verify_json sarov -f "$data/sarov/318210.txt"
run "$A" solve peg english
verify_json peg english
run "$A" solve knight 8x8 --closed
verify_json knight 8x8 --closed
run "$A" solve hares --hares 57 --tortoises 57 --quiet --moves-only | head -c 300; echo " ..."
run "$A" count magic --order 4
run "$A" solve tsp berlin52
verify_json tsp berlin52
run "$A" solve strips --problem robot --algo mea
run "$A" solve integrate 'x^2 + 3*x + sin(x)^2*cos(x)^2'
run "$A" solve hanoi-goals --discs 10 --pegs 4
run "$A" perft chess 4
run "$A" match tictactoe --bots perfect,mcts:iters=500,random --games 20 --seed 1
run "$A" guessit-solve --hand 3
run "$A" card-odds
