#!/usr/bin/env bash
# cli_bfs.sh — `ariadne bfs` (complete two-bit breadth-first search) as a user
# meets it: the depth distribution, eccentricity and goal distance against the
# published numbers (OEIS A382111 eccentricities, Frame–Stewart lengths), the
# symmetric and plain runs agreeing, JSON, limits and one-line errors; and,
# when the Hanoi domain lists the "pdb" solver, optimal solutions that verify.
# Usage: bash cli_bfs.sh PATH/TO/ariadne SHARED_DIR
set -u
A=${1:?usage: cli_bfs.sh ARIADNE SHARED}
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CACHE_HOME="$tmp/cache" # pattern databases go here, not into ~/.cache

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
expect() {
    local want=$1; shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    if [ "$got" -eq "$want" ]; then ok; else bad "exit $got (wanted $want): $*"; sed 's/^/  /' "$tmp/err" >&2; fi
}
bad_input() {
    expect 2 "$@"
    if [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q '^ariadne: ' "$tmp/err"; then ok; else bad "stderr not one 'ariadne:' line: $*"; cat "$tmp/err" >&2; fi
    if [ ! -s "$tmp/out" ]; then ok; else bad "stdout not empty on bad input: $*"; fi
}
contains() { if grep -q -- "$1" "$tmp/out"; then ok; else bad "output lacks '$1'"; head -5 "$tmp/out" >&2; fi; }
field() { sed -n "s/.*\"$1\":\(\"[^\"]*\"\|[^,}]*\).*/\1/p" "$tmp/out" | head -1; }
array() { sed -n "s/.*\"$1\":\[\([^]]*\)\].*/\1/p" "$tmp/out" | head -1; }

# --- help ---
expect 0 "$A" help bfs; contains "Usage: ariadne bfs"; contains "--no-symmetry"

# --- eccentricities of the standard start, 4 pegs (OEIS A382111), and the
#     goal distance = Frame–Stewart (A007664) ---
ecc=(0 1 3 5 9 13 17 25 33 41 49 65 81)
for n in 1 2 3 4 5 6 7 8 9 10 11 12; do
    expect 0 "$A" bfs hanoi --pegs 4 --discs "$n" --json --threads 2
    e=$(field eccentricity); g=$(field goal_distance)
    if [ "$e" = "${ecc[$n]}" ]; then ok; else bad "4 pegs n=$n: eccentricity $e, published ${ecc[$n]}"; fi
    if [ "$g" = "${ecc[$n]}" ]; then ok; else bad "4 pegs n=$n: goal at $g, Frame-Stewart ${ecc[$n]}"; fi
    s=$(field states)
    if [ "$s" = "$((4 ** n))" ]; then ok; else bad "4 pegs n=$n: $s states"; fi
done
# 5 pegs (A007665): 1 3 5 7 11 15 19 23
fs5=(0 1 3 5 7 11 15 19 23)
for n in 4 6 8; do
    expect 0 "$A" bfs hanoi --pegs 5 --discs "$n" --json
    if [ "$(field goal_distance)" = "${fs5[$n]}" ]; then ok; else bad "5 pegs n=$n: goal at $(field goal_distance)"; fi
done

# --- symmetric and plain runs give the same distribution ---
for args in "--pegs 4 --discs 9" "--pegs 5 --discs 6" "--pegs 4 1212121" "--pegs 6 --discs 5"; do
    expect 0 "$A" bfs hanoi $args --json
    a=$(array depth_states)
    expect 0 "$A" bfs hanoi $args --json --no-symmetry --threads 1
    b=$(array depth_states)
    if [ -n "$a" ] && [ "$a" = "$b" ]; then ok; else bad "symmetric and plain differ: $args"; fi
done

# --- text output ---
expect 0 "$A" bfs hanoi --pegs 4 --discs 8
contains "eccentricity: 33"; contains "goal:         44444444 at distance 33"; contains "^33 "
contains "symmetry:     pegs 2,3,4"
expect 0 "$A" bfs hanoi --pegs 4 1234 --to 4321
contains "symmetry:     none"; contains "4321 at distance"

# --- limits and errors ---
expect 3 "$A" bfs hanoi --pegs 4 --discs 14 --memory-limit 1M --quiet
if grep -q "needs" "$tmp/err"; then ok; else bad "memory refusal does not say what it needs"; cat "$tmp/err" >&2; fi
expect 3 "$A" bfs hanoi --pegs 4 --discs 13 --no-symmetry --time-limit 0.05 --quiet
contains "stopped:"
bad_input "$A" bfs hanoi --pegs 4 --discs 8 --threads 0
bad_input "$A" bfs hanoi --pegs 4 --discs 8 --threads x
bad_input "$A" bfs hanoi --pegs 4 --discs 8 --frobnicate
bad_input "$A" bfs nosuchdomain
bad_input "$A" bfs hanoi --pegs 4 --discs 40
bad_input "$A" bfs hanoi --pegs 4 12x4
bad_input "$A" bfs sarov

# --- the pdb solver (when the domain lists it) ---
if "$A" help hanoi | grep -q "pdb "; then
    for pair in "12341234 43214321" "3142314231 1111222233" "2233421112 4444444444"; do
        set -- $pair
        expect 0 "$A" solve hanoi --pegs 4 --algo pdb --from "$1" --to "$2" --json
        len=$(field length); mv=$(sed -n 's/.*"moves":"\([^"]*\)".*/\1/p' "$tmp/out")
        if [ "$(field optimal)" = "true" ]; then ok; else bad "pdb not optimal: $pair"; fi
        expect 0 "$A" solve hanoi --pegs 4 --algo astar --from "$1" --to "$2" --json
        if [ "$(field length)" = "$len" ]; then ok; else bad "pdb $len vs astar $(field length): $pair"; fi
        expect 0 "$A" verify hanoi --pegs 4 --from "$1" --to "$2" "$mv"; contains "solved in $len"
    done
    expect 0 "$A" solve hanoi --pegs 5 --algo pdb --from 1234512 --to 5432154 --json
    len=$(field length)
    expect 0 "$A" solve hanoi --pegs 5 --algo astar --from 1234512 --to 5432154 --json
    if [ "$(field length)" = "$len" ]; then ok; else bad "5 pegs: pdb $len vs astar $(field length)"; fi
    expect 2 "$A" solve hanoi --pegs 3 --algo pdb --discs 5
fi

echo "cli_bfs: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
