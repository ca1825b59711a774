#!/usr/bin/env bash
# cli_bfs.sh — `ariadne bfs` (complete two-bit breadth-first search) as a user
# meets it: the depth distribution, eccentricity and goal distance against the
# published numbers (OEIS A382111 eccentricities, Frame–Stewart lengths), the
# symmetric and plain runs agreeing, JSON, limits and one-line errors; and,
# when the Hanoi domain lists the "pdb" solver, optimal solutions that verify
# and `ariadne pdb build|info|verify hanoi` writing the files that solver loads.
# Usage: bash cli_bfs.sh PATH/TO/ariadne DATA_DIR
set -u
A=${1:?usage: cli_bfs.sh ARIADNE DATA_DIR}
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

# --- `ariadne pdb build|info|verify hanoi`: the pdb solver's databases ---
if "$A" help hanoi | grep -q "pdb-dir"; then
    # The generic verb's help names no domain; the domain's help and `list` say it has databases.
    expect 0 "$A" help pdb; contains "Pattern databases of the domains that have them"
    expect 0 "$A" help hanoi; contains "^Also: .*bfs, pdb"
    expect 0 "$A" list; contains "also: .*pdb"
    d="$tmp/hpdb/sub" # created by the build, parents too
    f="$d/hanoi-4p10d-4444444444-8b.pdb"
    expect 0 "$A" pdb build hanoi --pegs 4 --discs 10 --pdb-dir "$d"
    contains "^built $f (.*max distance 49, 0 entries capped)"
    if grep -q "^ariadne: building hanoi 4p10d pattern 4444444444: 1048576 entries" "$tmp/err"; then ok; else bad "pdb build: no estimate line"; cat "$tmp/err" >&2; fi
    if [ "$(stat -c %s "$f" 2>/dev/null)" = $((4096 + 1048576)) ]; then ok; else bad "pdb build: $f missing or not 4096 + 4^10 bytes"; fi
    expect 0 "$A" pdb build hanoi --pegs 4 --discs 10 --pdb-dir "$d" --quiet
    if [ ! -s "$tmp/err" ]; then ok; else bad "pdb build --quiet wrote to stderr"; cat "$tmp/err" >&2; fi
    expect 0 "$A" pdb info hanoi --pegs 4 --discs 10 --pdb-dir "$d"
    contains "^file:         $f$"; contains "^domain:       hanoi 4p10d$"; contains "^goal:         4444444444$"
    contains "^entries:      1048576 of 8 bits"; contains "^max distance: 49 (largest entry 49, 0 entries capped, 0 unreached)"
    expect 0 "$A" pdb verify hanoi --pegs 4 --discs 10 --pdb-dir "$d"
    contains "^$f: ok (header, checksum, all 1048576 entries exact: 0 only at the goal"
    expect 0 "$A" pdb info "$f"; contains "^domain:       hanoi 4p10d$"
    # the solver loads that file: the note says so and the file is not rewritten
    ino=$(stat -c %i "$f"); sum=$(cksum <"$f"); entries=$(tail -c +4097 "$f" | cksum)
    expect 0 "$A" solve hanoi --pegs 4 --discs 10 --algo pdb --pdb-dir "$d" --json
    if [ "$(field length)" = 49 ] && [ "$(field optimal)" = true ]; then ok; else bad "solve with the built pdb: length $(field length)"; fi
    if field note | grep -q "1 of 1 loaded from the cache"; then ok; else bad "solve did not load the built pdb: $(field note)"; fi
    if [ "$(stat -c %i "$f")" = "$ino" ] && [ "$(cksum <"$f")" = "$sum" ]; then ok; else bad "solve rewrote $f"; fi
    mv=$(sed -n 's/.*"moves":"\([^"]*\)".*/\1/p' "$tmp/out")
    expect 0 "$A" verify hanoi --pegs 4 --discs 10 "$mv"; contains "solved in 49"
    # a damaged file: verify fails, the solver refuses it, pdb build repairs it
    printf '\007' | dd of="$f" bs=1 seek=$((4096 + 12345)) conv=notrunc 2>/dev/null
    expect 1 "$A" pdb verify hanoi --pegs 4 --discs 10 --pdb-dir "$d"; contains "FAILED: .*checksum mismatch"
    expect 2 "$A" solve hanoi --pegs 4 --discs 10 --algo pdb --pdb-dir "$d"
    if grep -q "checksum mismatch" "$tmp/err"; then ok; else bad "solve did not name the damaged pdb"; cat "$tmp/err" >&2; fi
    expect 0 "$A" pdb build hanoi --pegs 4 --discs 10 --pdb-dir "$d" --quiet
    if [ "$(tail -c +4097 "$f" | cksum)" = "$entries" ]; then ok; else bad "the entries of the rebuilt $f differ"; fi
    # the discs that never move are left out, as the solver does: 8 discs move here
    expect 0 "$A" pdb build hanoi --pegs 4 --from 1111111111 --to 4444444411 --pdb-dir "$d" --quiet
    contains "^built $d/hanoi-4p8d-44444444-8b.pdb"
    expect 0 "$A" solve hanoi --pegs 4 --from 1111111111 --to 4444444411 --algo pdb --pdb-dir "$d" --json
    if [ "$(field length)" = 33 ] && field note | grep -q "1 of 1 loaded"; then ok; else bad "8 moving discs: $(field length), $(field note)"; fi
    # groups sized to --memory-limit as the solver sizes them: 12 discs in 12M are 11 + 1
    expect 0 "$A" pdb build hanoi --pegs 4 --discs 12 --memory-limit 12M --pdb-dir "$d" --quiet
    contains "hanoi-4p11d-44444444444-8b.pdb"; contains "hanoi-4p1d-4-8b.pdb"
    expect 0 "$A" solve hanoi --pegs 4 --discs 12 --memory-limit 12M --algo pdb --pdb-dir "$d" --json
    if [ "$(field length)" = 81 ] && field note | grep -q "2 of 2 loaded"; then ok; else bad "12 discs in 12M: $(field length), $(field note)"; fi
    # a fixed group over the memory limit is refused with a smaller one suggested
    expect 3 "$A" pdb build hanoi --pegs 4 --discs 12 --pdb-group 12 --memory-limit 10M --pdb-dir "$d" --quiet
    if grep -q "needs 20.0 MiB.*try a smaller pattern: --pdb-group 11" "$tmp/err"; then ok; else bad "no refusal with a suggestion"; cat "$tmp/err" >&2; fi
    if [ ! -e "$d/hanoi-4p12d-444444444444-8b.pdb" ]; then ok; else bad "a refused build left a file"; fi
    # a goal that is not a tower is never cached: skipped, and no file
    expect 0 "$A" pdb build hanoi --pegs 4 --discs 6 --to 123412 --pdb-dir "$d"
    contains "^skipped hanoi 4p6d pattern 123412: its goal is not a tower"
    expect 0 "$A" pdb info hanoi --pegs 4 --discs 6 --to 123412 --pdb-dir "$d"; contains "^file:         none, not cached"
    if ! ls "$d" | grep -q 4p6d; then ok; else bad "a non-tower goal was cached"; fi
    # bad input: one line, exit 2, before any build
    touch "$tmp/afile"
    bad_input "$A" pdb build hanoi --pegs 3 --discs 5 --pdb-dir "$d"
    bad_input "$A" pdb build hanoi --pegs 17 --discs 5 --pdb-dir "$d"
    bad_input "$A" pdb build hanoi --pegs 4 --discs 0 --pdb-dir "$d"
    bad_input "$A" pdb build hanoi --pegs 4 --discs 65 --pdb-dir "$d"
    bad_input "$A" pdb build hanoi --pegs 4 --discs 40 --pdb-dir "$d"
    bad_input "$A" pdb build hanoi --pegs 4 --from 12x4 --pdb-dir "$d"
    bad_input "$A" pdb build hanoi --pegs 4 --discs 5 --to 55555 --pdb-dir "$d"
    bad_input "$A" pdb build hanoi --pegs 4 --discs 5 --from 123 --pdb-dir "$d"
    bad_input "$A" pdb build hanoi --pegs 4 --discs 5 --pdb-group 0 --pdb-dir "$d"
    bad_input "$A" pdb build hanoi --pegs 4 --discs 5 --pdb-dir "$tmp/afile"
    bad_input "$A" pdb build hanoi --pegs 4 --discs 5 --pdb-dir "$tmp/afile/sub"
    bad_input "$A" pdb info hanoi --pegs 3 --pdb-dir "$d"
    bad_input "$A" pdb verify hanoi --pegs 5 --discs 30 --pdb-dir "$d"
fi

echo "cli_bfs: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
