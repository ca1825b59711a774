#!/usr/bin/env bash
# bench/demo.sh — the main job on built-in examples: solves a few puzzles,
# shows that `ariadne verify` accepts each answer, and prints them.
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
run "$A" solve loyd "FBCDE KAGHJ PLMIO UQRNT VWXS+" --time-limit 30
run "$A" analyse nim "3 4 5"
run "$A" solve sarov -f "$data/sarov/318210.txt"
verify_json sarov -f "$data/sarov/318210.txt"
