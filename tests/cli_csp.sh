#!/usr/bin/env bash
# cli_csp.sh — the constraint domains through the command line: queens,
# sudoku, cryptarithm, colouring and csp (model files). Every solution is
# verified; a problem without a solution is exit 1 with its reason; bad input
# (malformed models, DIMACS files, grids, puzzles) is one line on stderr, exit
# 2, nothing on stdout; the counting tools reproduce the published counts,
# print JSON, stop on --time-limit with exit 3; every example `ariadne help`
# prints runs as shown.
# Usage: bash cli_csp.sh PATH/TO/ariadne DATA_DIR
set -u
A=${1:?usage: cli_csp.sh ARIADNE DATA_DIR}
D=${2:?usage: cli_csp.sh ARIADNE DATA_DIR}
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
moves() { sed -n 's/.*"moves":"\([^"]*\)".*/\1/p' "$tmp/out"; }

# solve + verify: domain, instance (or -f FILE), expected length, options...
solve_verify() {
    local d=$1 inst=$2 want=$3; shift 3
    local src=("$inst")
    [ "${inst#-f }" != "$inst" ] && src=(-f "${inst#-f }")
    "$A" solve "$d" "${src[@]}" "$@" --json --quiet >"$tmp/out" 2>"$tmp/err" || { bad "solve $d $inst $*: exit $?: $(cat "$tmp/err")"; return; }
    grep -q "\"length\":$want[,}]" "$tmp/out" && ok || bad "solve $d $inst $*: length not $want: $(head -c 300 "$tmp/out")"
    moves >"$tmp/moves"
    local vopts=()
    for o in "$@"; do case $o in --algo|--seed|--time-limit) skip=1; continue;; esac
        if [ "${skip:-0}" = 1 ]; then skip=0; continue; fi; vopts+=("$o"); done
    "$A" verify "$d" "${src[@]}" "${vopts[@]}" --moves-file "$tmp/moves" >"$tmp/v" 2>&1 && grep -q "^solved in $want moves" "$tmp/v" && ok ||
        bad "verify $d $inst: $(head -c 300 "$tmp/v")"
}
solve_verify queens 8 8
solve_verify queens 8 8 --algo min-conflicts --seed 3
solve_verify queens 12 12 --consistency forward --alldiff pairwise --var-order input
solve_verify queens ". . 1 . . . . . . ." 9
solve_verify queens 100000 100000
solve_verify sudoku "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79" 51
solve_verify sudoku "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.." 58 --algo csp
solve_verify sudoku "1... ..2. .1.. ...3" 12
"$A" generate sudoku --size 16 --seed 4 2>/dev/null >"$tmp/g16" && solve_verify sudoku "-f $tmp/g16" "[0-9]*"
solve_verify cryptarithm SEND+MORE=MONEY 8
solve_verify cryptarithm "ABC*DE=FGHIJ" 10
solve_verify colouring "-f $D/colouring/australia.txt" 7
solve_verify colouring "-f $D/colouring/myciel4.col" 23
solve_verify colouring "-f $D/colouring/queen5_5.col" 25 --colours 6 --algo min-conflicts
solve_verify csp "-f $D/csp/zebra.txt" 25
solve_verify csp "-f $D/csp/send-more-money.txt" 8 --consistency ac3 --backjump
solve_verify csp "var x y z : 1..3; alldiff x y z; x < y" 3 --algo min-conflicts

# moves in any order (AR_PUZZLE_FREE_ORDER): a solution replayed backwards still solves
free_order() { # domain instance...
    local d=$1; shift
    "$A" solve "$d" "$@" --json --quiet >"$tmp/out" 2>&1
    moves | tr ' ' '\n' | tac | tr '\n' ' ' >"$tmp/rev"
    "$A" verify "$d" "$@" --moves-file "$tmp/rev" >"$tmp/v" 2>&1 && grep -q "^solved in" "$tmp/v" && ok || bad "reversed $d: $(cat "$tmp/v")"
}
free_order sudoku "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
free_order cryptarithm SEND+MORE=MONEY
free_order colouring -f "$D/colouring/myciel3.col"
free_order csp -f "$D/csp/zebra.txt"

# the chromatic number proven, and the cost that says it
"$A" solve colouring -f "$D/colouring/myciel4.col" >"$tmp/out" 2>&1 && grep -q "chromatic number 5: no 4-colouring exists" "$tmp/out" &&
    grep -q "^cost: *28" "$tmp/out" && grep -q "optimal: *yes" "$tmp/out" && ok || bad "myciel4 chromatic: $(cat "$tmp/out")"
"$A" solve sudoku "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.." >"$tmp/out" 2>&1 &&
    grep -q "unique solution (proven" "$tmp/out" && ok || bad "sudoku uniqueness note: $(cat "$tmp/out")"

# no solution: exit 1 with the reason
no_solution() { # expected-substring args...
    local want=$1; shift
    "$A" "$@" >"$tmp/out" 2>&1; local st=$?
    [ $st -eq 1 ] && grep -q -- "$want" "$tmp/out" && ok || bad "$* -> exit $st: $(head -c 300 "$tmp/out")"
}
no_solution "no 3x3 board holds 3 queens" solve queens 3
no_solution "attack each other" solve queens "1 2 . ."
no_solution "row 1 holds 5 twice" solve sudoku "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
no_solution "proven by exhausting" solve sudoku "12345678.........9..............................................................."
no_solution "proven by exhausting" solve cryptarithm AB+AB=AB
no_solution "no colouring with 2 colours" solve colouring "a: b; b: c; c: a" --colours 2
no_solution "vertex 2 is joined to itself" solve colouring "p edge 2 1; e 2 2"
no_solution "proven by exhausting" solve csp "var x : 1..2; x > 3"
no_solution "proven by exhausting" solve csp -f "$D/csp/myciel4-4.txt"
no_solution "0 solutions" count csp -f "$D/csp/myciel4-4.txt"

# bad input: one line, exit 2, nothing on stdout
bad_input() { # expected-substring args...
    local want=$1; shift
    "$A" "$@" >"$tmp/out" 2>"$tmp/err"
    local st=$?
    [ $st -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q -- "$want" "$tmp/err" && ok ||
        bad "$* -> exit $st, stderr: $(cat "$tmp/err"), stdout: $(head -c 200 "$tmp/out")"
}
printf 'var x y : 1..3\nx + z = 2\n' >"$tmp/m1.txt"
printf 'var x : 1..3\nalldiff x y\n' >"$tmp/m2.txt"
printf 'var x : 1..3\nx ++ 2 = 3\n' >"$tmp/m3.txt"
printf 'var q[3] : 1..3\ntable q[1] q[2] : 1\n' >"$tmp/m4.txt"
printf 'p edge 3 2\ne 1 2\n' >"$tmp/g1.col"
printf 'p edge 3 1\ne 1 9\n' >"$tmp/g2.col"
printf 'c a graph\ne 1 2\n' >"$tmp/g3.col"
bad_input "line 2: unknown variable 'z'" solve csp -f "$tmp/m1.txt"
bad_input "line 2: unknown variable 'y'" count csp -f "$tmp/m2.txt"
bad_input "line 2: expected a term" solve csp -f "$tmp/m3.txt"
bad_input "line 2: expected pairs" solve csp -f "$tmp/m4.txt"
bad_input "give a model" solve csp
bad_input "is not one of check, forward, ac3, queue" solve csp -f "$D/csp/zebra.txt" --consistency fast
bad_input "the 'p' line says 2 edges, the file has 1" solve colouring -f "$tmp/g1.col"
bad_input "line 2: vertex 9 is not one of 1..3" solve colouring -f "$tmp/g2.col"
bad_input "line 2: an edge before the 'p edge' line" count colouring -f "$tmp/g3.col" --colours 3
bad_input "how many colours" count colouring -f "$D/colouring/myciel3.col"
bad_input "a grid has 16, 81, 256 or 625" solve sudoku "53..7....6..195"
bad_input "'x' is not a value" solve sudoku "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x"
bad_input "is not 4, 9, 16 or 25" solve sudoku --size 10
bad_input "bitmask does not use the constraint search's options" solve sudoku --algo bitmask --backjump "1... ..2. .1.. ...3"
bad_input "option --seed does not apply" solve sudoku --seed 3 "1... ..2. .1.. ...3"
bad_input "is not a row number" solve queens "1 x 3"
bad_input "the board size is 1..10000000" solve queens 0
bad_input "row 9 is off the board" verify queens 8 "1 5 9"
bad_input "is attacked by the queen in column 1" verify queens 8 "1 2"
bad_input "no '='" solve cryptarithm SEND+MORE
bad_input "more than 10 different letters" solve cryptarithm ABCDE+FGHIJ=KLM
bad_input "the board size 40 is too large (at most 32)" count queens 40
bad_input "which board" count queens
bad_input "--threads applies to --method bitmask" count queens 8 --method csp --threads 2
bad_input "counts boards up to 20" count queens 24 --method csp
bad_input "which grid" count sudoku
bad_input "give the puzzle" count cryptarithm ""

# counts, with JSON and the published values
"$A" count queens 8 >"$tmp/out" 2>&1 && grep -q "8 queens: 92 solutions (OEIS A000170: 92, matches)" "$tmp/out" && ok || bad "count queens 8: $(cat "$tmp/out")"
"$A" count queens 12 --json >"$tmp/out" 2>&1 && grep -q '"solutions":14200,"published":14200,"matches_published":true' "$tmp/out" && ok || bad "count queens 12 --json: $(cat "$tmp/out")"
"$A" count queens 9 --method csp >"$tmp/out" 2>&1 && grep -q "9 queens: 352 solutions" "$tmp/out" && ok || bad "count queens 9 csp: $(cat "$tmp/out")"
"$A" count queens 19 --time-limit 0.3 --quiet >"$tmp/out" 2>"$tmp/err"; st=$?
[ $st -eq 3 ] && grep -q "^stopped by time limit: at least [0-9]* solutions" "$tmp/out" && ok || bad "count queens --time-limit: exit $st: $(cat "$tmp/out")"
"$A" count queens 19 --time-limit 0.3 --json --quiet >"$tmp/out" 2>&1; st=$?
[ $st -eq 3 ] && grep -q '"complete":false,"stop_reason":"time limit"' "$tmp/out" && ok || bad "count queens --json stopped: $(cat "$tmp/out")"
# min-conflicts on ten million queens stops on time inside its greedy start
# (which took 9 s for 10^7 columns without looking at the clock).
t0=$(date +%s%N)
"$A" solve queens --size 10000000 --time-limit 0.3 --quiet >"$tmp/out" 2>&1; st=$?
ms=$(( ($(date +%s%N) - t0) / 1000000 )); cap=$([ -n "${ARIADNE_TEST_SANITIZED:-}" ] && echo 20000 || echo 3000)
[ $st -eq 3 ] && [ $ms -lt $cap ] && grep -q "stopped by time limit" "$tmp/out" && ok || bad "solve queens 10^7 --time-limit 0.3: exit $st after $ms ms: $(head -c 300 "$tmp/out")"
# ... and says so when its tables do not fit the memory limit (it said "solved")
"$A" solve queens --size 10000000 --memory-limit 16M >"$tmp/out" 2>&1; st=$?
[ $st -eq 3 ] && grep -q "stopped by memory limit" "$tmp/out" && ok || bad "solve queens 10^7 --memory-limit 16M: exit $st: $(head -c 300 "$tmp/out")"
"$A" count queens 18 --time-limit 1 --progress text >"$tmp/out" 2>"$tmp/err"
grep -q "ETA" "$tmp/err" && ok || bad "count queens --progress: $(head -c 300 "$tmp/err")"
"$A" count sudoku "...." --quiet >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "count sudoku of 4 cells"
"$A" count sudoku "................" >"$tmp/out" 2>&1 && grep -q "^288 solutions" "$tmp/out" && ok || bad "count sudoku 4x4: $(cat "$tmp/out")"
"$A" count sudoku "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.." --json >"$tmp/out" 2>&1 &&
    grep -q '"solutions":1,' "$tmp/out" && ok || bad "count sudoku escargot: $(cat "$tmp/out")"
"$A" count cryptarithm SEND+MORE=MONEY >"$tmp/out" 2>&1 && grep -q "1 solution, unique" "$tmp/out" && ok || bad "count SEND+MORE: $(cat "$tmp/out")"
"$A" count cryptarithm TWO+TWO=FOUR --list >"$tmp/out" 2>&1 && [ "$(grep -c '^[0-9]*+[0-9]*=[0-9]*$' "$tmp/out")" -eq 7 ] && ok || bad "count TWO+TWO: $(cat "$tmp/out")"
"$A" count colouring "p edge 10 15; e 1 2; e 2 3; e 3 4; e 4 5; e 5 1; e 1 6; e 2 7; e 3 8; e 4 9; e 5 10; e 6 8; e 8 10; e 10 7; e 7 9; e 9 6" --colours 3 >"$tmp/out" 2>&1 &&
    grep -q "^120 proper colourings" "$tmp/out" && ok || bad "count colouring petersen: $(cat "$tmp/out")"
"$A" count csp -f "$D/csp/queens8.txt" --json >"$tmp/out" 2>&1 && grep -q '"solutions":92,' "$tmp/out" && ok || bad "count csp queens8: $(cat "$tmp/out")"
"$A" count csp -f "$D/csp/magic4.txt" >"$tmp/out" 2>&1 && grep -q "^880 solutions" "$tmp/out" && ok || bad "count csp magic4: $(cat "$tmp/out")"
"$A" count csp -f "$D/csp/zebra.txt" --list >"$tmp/out" 2>&1 && grep -q "japanese=5 .*zebra=5" "$tmp/out" && ok || bad "count csp zebra: $(cat "$tmp/out")"
"$A" count csp -f "$D/csp/magic4.txt" --node-limit 100 --quiet >"$tmp/out" 2>&1; st=$?
[ $st -eq 3 ] && grep -q "stopped by node limit" "$tmp/out" && ok || bad "count csp --node-limit: exit $st: $(cat "$tmp/out")"

# every example of `ariadne help` runs as shown
for d in queens sudoku cryptarithm colouring csp; do
    "$A" help "$d" | sed -n 's/^  \(ariadne solve .*\)$/\1/p' >"$tmp/examples"
    [ -s "$tmp/examples" ] && ok || bad "help $d shows no example"
    while IFS= read -r line; do
        eval "\"\$A\" ${line#ariadne } --quiet" >"$tmp/out" 2>&1 && ok || bad "help $d example: $line: $(head -c 300 "$tmp/out")"
    done <"$tmp/examples"
done

echo "cli_csp: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
