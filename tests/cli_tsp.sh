#!/usr/bin/env bash
# cli_tsp.sh — the travelling salesman and local search through the command
# line: optima proven and verified (`ariadne verify tsp` recomputes the
# length), local search's tours verified and its endings said, --seed
# reproducible, --trace written, options that do not apply refused, bad
# TSPLIB files one line on stderr with exit 2 and nothing on stdout, a
# stopped generate-and-test printing its best tour labelled, and generate.
# Usage: bash cli_tsp.sh PATH/TO/ariadne DATA_DIR
set -u
A=${1:?usage: cli_tsp.sh ARIADNE DATA_DIR}
export ARIADNE_DATA=${2:?usage: cli_tsp.sh ARIADNE DATA_DIR}
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
field() { sed -n "s/.*\"$1\":\"\{0,1\}\([^\",]*\)\"\{0,1\}[,}].*/\1/p" "$tmp/out"; }

# solve, then verify the tour: the length recomputed from the distances
solve_verify() { # instance want-cost want-optimal [options...]
    local inst=$1 want=$2 optimal=$3; shift 3
    "$A" solve tsp "$inst" "$@" --json --quiet >"$tmp/out" 2>"$tmp/err" || { bad "solve $inst $*: exit $? $(cat "$tmp/err")"; return; }
    [ "$(field cost)" = "$want" ] && [ "$(field optimal)" = "$optimal" ] && ok || bad "solve $inst $*: $(cat "$tmp/out")"
    "$A" verify tsp "$inst" "$(field moves)" >"$tmp/v" 2>&1 && grep -q "(cost $want)" "$tmp/v" && ok ||
        bad "verify $inst: $(cat "$tmp/v")"
}
solve_verify burma14 3323 true
solve_verify berlin52 7542 true
solve_verify eil51 426 true --algo bnb-1tree --seed 3
solve_verify gr17 2085 true --algo held-karp
solve_verify '0,0 0,10 10,10 10,0 5,4 5,6' 44 true
solve_verify '0,0 0,10 10,10 10,0 5,4 5,6' 44 true --algo enumerate
solve_verify kroA100 21282 false --algo ils --seed 1
solve_verify kroA100 21379 false --algo hill
"$A" solve tsp -f "$ARIADNE_DATA/tsp/brazil58.tsp" --json --quiet >"$tmp/out" 2>&1 &&
    [ "$(field cost)" = 25395 ] && ok || bad "solve -f brazil58.tsp: $(cat "$tmp/out")"

# a wrong tour is refused by verify: a city twice (exit 2), a tour not closed (exit 1)
"$A" verify tsp burma14 "2 2" >"$tmp/v" 2>&1; [ $? -eq 2 ] && grep -q "city 2 has been visited already" "$tmp/v" && ok || bad "verify twice: $(cat "$tmp/v")"
"$A" verify tsp burma14 "2 3 4" >"$tmp/v" 2>&1; [ $? -eq 1 ] && grep -q "not a goal" "$tmp/v" && ok || bad "verify open: $(cat "$tmp/v")"

# how a local search ended is said; --seed reproduces a run
"$A" solve tsp kroA100 --algo hill --neighbourhood 2-opt --random-start --seed 2 >"$tmp/out" 2>&1
grep -q "note:.*hill ended on a local optimum" "$tmp/out" && grep -q "optimal: *not proven" "$tmp/out" && ok || bad "hill note: $(cat "$tmp/out")"
"$A" solve tsp st70 --algo hill --sideways 5 --restarts 3 --seed 4 >"$tmp/out" 2>&1
grep -q "hill made its 4 climbs" "$tmp/out" && ok || bad "restarts note: $(cat "$tmp/out")"
for algo in anneal tabu local-beam first-choice steepest ils generate; do
    "$A" solve tsp st70 --algo $algo --seed 7 --json --quiet >"$tmp/a" 2>&1
    "$A" solve tsp st70 --algo $algo --seed 7 --json --quiet >"$tmp/b" 2>&1
    [ "$(sed 's/"seconds":[0-9.]*//; s/"peak_bytes":[0-9]*//' "$tmp/a")" = "$(sed 's/"seconds":[0-9.]*//; s/"peak_bytes":[0-9]*//' "$tmp/b")" ] &&
        grep -q '"status":"solved"' "$tmp/a" && ok || bad "$algo --seed 7 twice differs: $(cat "$tmp/a") / $(cat "$tmp/b")"
    cp "$tmp/a" "$tmp/out"
    "$A" verify tsp st70 "$(field moves)" >"$tmp/v" 2>&1 && ok || bad "verify $algo: $(cat "$tmp/v")"
done
"$A" solve tsp st70 --algo anneal --schedule linear --epochs 50 --reheats 1 --quiet >"$tmp/out" 2>&1 &&
    grep -q "1 reheats" "$tmp/out" && ok || bad "anneal options: $(cat "$tmp/out")"

# --trace: a header, a line per step, going down only for a climb
"$A" solve tsp kroA100 --algo hill --trace "$tmp/trace.tsv" --quiet >/dev/null 2>&1 &&
    head -1 "$tmp/trace.tsv" | grep -q "^step	cost	best	temperature	event$" &&
    awk -F'\t' 'NR > 2 && $2 > prev { up = 1 } NR > 1 { prev = $2 } END { exit up }' "$tmp/trace.tsv" &&
    tail -1 "$tmp/trace.tsv" | grep -q "local-optimum$" && ok || bad "trace: $(head -3 "$tmp/trace.tsv")"

# options that do not apply, or are wrong: one line, exit 2, nothing on stdout
refuse() { # want-text command...
    local want=$1; shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -qF -- "$want" "$tmp/err" && ok ||
        bad "$* (exit $rc): $(cat "$tmp/err") $(cat "$tmp/out")"
}
refuse "option --restarts does not apply to anneal" "$A" solve tsp berlin52 --algo anneal --restarts 3
refuse "option --kicks applies to the local-search strategies only" "$A" solve tsp berlin52 --algo held-karp --kicks 3
refuse "option --seed does not apply to solve --algo held-karp" "$A" solve tsp burma14 --algo held-karp --seed 1
refuse "option --trace does not apply to solve --algo held-karp" "$A" solve tsp burma14 --trace "$tmp/t"
refuse "option --alpha" "$A" solve tsp burma14 --algo anneal --alpha 2
refuse "option --schedule" "$A" solve tsp burma14 --algo anneal --schedule fast
refuse "option --trace: cannot write" "$A" solve tsp burma14 --algo hill --trace "$tmp/no/such/dir/t"
refuse "unknown option --restarts" "$A" solve hanoi --discs 3 --restarts 2
refuse "offers no local-search view" "$A" solve hanoi --discs 3 --algo anneal
refuse "option --neighbourhood" "$A" solve tsp berlin52 --neighbourhood 3-opt

# bad TSPLIB files
badfile() { # want-text file-contents
    printf '%b' "$2" >"$tmp/bad.tsp"
    refuse "$1" "$A" solve tsp -f "$tmp/bad.tsp"
}
badfile "bad.tsp: no DIMENSION" 'NAME: x\n'
badfile "line 2: DIMENSION: 'abc' is not a whole number" 'NAME: x\nDIMENSION: abc\n'
badfile "line 4: NODE_COORD_SECTION ends after 1 of 3 cities" 'DIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\nEOF\n'
badfile "TYPE ATSP is not supported" 'NAME: a\nTYPE: ATSP\nDIMENSION: 3\n'
badfile "FULL_MATRIX is not symmetric" 'DIMENSION: 3\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n0 1 2\n1 0 3\n2 9 0\n'
badfile "line 1: expected a keyword" '\x01\x02\n'
refuse "no instance called 'berlin53'" "$A" solve tsp berlin53

# a stopped search prints its best tour, labelled; exit 0
"$A" solve tsp kroA100 --algo enumerate --time-limit 0.3 >"$tmp/out" 2>&1; rc=$?
[ $rc -eq 0 ] && grep -q "stopped by time limit: best solution found so far" "$tmp/out" && grep -q "optimal: *not proven" "$tmp/out" && ok ||
    bad "enumerate stopped (exit $rc): $(cat "$tmp/out")"

# generate: a random uniform instance that solves and verifies
"$A" generate tsp --cities 30 --seed 5 >"$tmp/r30.tsp" 2>/dev/null && grep -q "^DIMENSION : 30$" "$tmp/r30.tsp" && ok || bad "generate"
"$A" solve tsp -f "$tmp/r30.tsp" --json --quiet >"$tmp/out" 2>&1 && [ "$(field optimal)" = true ] && ok || bad "solve generated: $(cat "$tmp/out")"
"$A" verify tsp -f "$tmp/r30.tsp" "$(field moves)" >/dev/null 2>&1 && ok || bad "verify generated"

echo "cli_tsp: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
