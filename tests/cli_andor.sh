#!/bin/bash
# cli_andor.sh — command-line tests of problem reduction (AND-OR domains),
# means-ends analysis (strips) and bidirectional search: every example that
# `ariadne help` prints for these domains runs as shown, solutions are checked
# by `ariadne verify` (trees with --tree-file, plans as moves), and bad input
# gets one line and exit 2, a proven failure exit 1, a limit exit 3.
# Usage: bash cli_andor.sh ARIADNE_BINARY DATA_DIR
set -u
A=$1
DATA=${2:?usage: $0 ARIADNE DATA_DIR}
export ARIADNE_DATA=$DATA
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
n=0

check() { # check NAME EXPECTED-EXIT COMMAND... ; output in $T/out, $T/err
    local name=$1 want=$2
    shift 2
    n=$((n + 1))
    "$@" >"$T/out" 2>"$T/err"
    local rc=$?
    if [ "$rc" != "$want" ]; then
        echo "FAIL $name: exit $rc, expected $want"; sed 's/^/  out: /' "$T/out" | head -5
        sed 's/^/  err: /' "$T/err" | head -5; fail=$((fail + 1))
    fi
}
contains() { # contains NAME FILE TEXT
    n=$((n + 1))
    if ! grep -qF -- "$3" "$2"; then
        echo "FAIL $1: '$3' not in $2:"; sed 's/^/  /' "$2" | head -5; fail=$((fail + 1))
    fi
}
one_line() { # one_line NAME: the error is one line on stderr, nothing on stdout
    n=$((n + 1))
    if [ "$(wc -l <"$T/err")" != 1 ] || [ -s "$T/out" ]; then
        echo "FAIL $1: not one line on stderr:"; sed 's/^/  /' "$T/err" | head -3; fail=$((fail + 1))
    fi
}

# --- every example of `ariadne help` runs as printed ---
for dom in andor-graph hanoi-goals integrate strips; do
    check "help $dom" 0 "$A" help "$dom"
    grep '^  ariadne solve ' "$T/out" | sed 's/^  //' >"$T/examples"
    [ -s "$T/examples" ] || { echo "FAIL help $dom: no examples"; fail=$((fail + 1)); }
    while read -r cmd; do
        eval "set -- ${cmd#ariadne }"
        check "example: $cmd" 0 "$A" "$@" --quiet
    done <"$T/examples"
done
check "list" 0 "$A" list
contains "list shows AND-OR domains" "$T/out" "hanoi-goals"
contains "list shows bibfs" "$T/out" "bibfs"

# --- trees: solve --tree, then verify --tree-file ---
check "integrate tree" 0 "$A" solve integrate 'x^2 + 3*x + sin(x)^2*cos(x)^2' --tree --quiet
cp "$T/out" "$T/tree"
contains "the notes' decomposition" "$T/tree" "<= sum  (cost 12)"
check "verify the tree" 0 "$A" verify integrate 'x^2 + 3*x + sin(x)^2*cos(x)^2' --tree-file "$T/tree"
contains "verify says solved" "$T/out" "solved: the tree's"
check "verify from stdin" 0 sh -c "\"$A\" verify integrate 'x^2 + 3*x + sin(x)^2*cos(x)^2' --tree-file - < \"$T/tree\""
sed '1s/(cost 12)/(cost 11)/' "$T/tree" >"$T/bad"
check "a wrong cost: exit 1" 1 "$A" verify integrate 'x^2 + 3*x + sin(x)^2*cos(x)^2' --tree-file "$T/bad"
contains "names the line" "$T/out" "line 1: the cost is 12, not 11"
sed '2s/x^2/x^3/' "$T/tree" >"$T/bad"
check "a wrong subproblem: exit 2" 2 "$A" verify integrate 'x^2 + 3*x + sin(x)^2*cos(x)^2' --tree-file "$T/bad"
one_line "a wrong subproblem"
check "the tree of another problem: exit 2" 2 "$A" verify integrate 'x*cos(x)' --tree-file "$T/tree"
check "no tree: exit 2" 2 "$A" verify integrate 'x*cos(x)'
one_line "no tree"
check "hanoi-goals tree" 0 "$A" solve hanoi-goals --discs 12 --pegs 4 --tree --quiet
cp "$T/out" "$T/htree"
check "hanoi-goals verify" 0 "$A" verify hanoi-goals --discs 12 --pegs 4 --tree-file "$T/htree"
check "hanoi-goals verify, other size" 2 "$A" verify hanoi-goals --discs 11 --pegs 4 --tree-file "$T/htree"
check "andor-graph json" 0 "$A" solve andor-graph --graph notes --json
contains "cost 18" "$T/out" '"cost":18'
contains "proven" "$T/out" '"optimal":true'
check "andor-graph dfs" 0 "$A" solve andor-graph --graph notes --algo andor-dfs --json
contains "dfs cost 18" "$T/out" '"cost":18'
check "hanoi-goals answer replayed" 0 "$A" solve hanoi-goals --discs 6 --pegs 4
contains "17 moves" "$T/out" "17 moves, replayed on hanoi"

# --- outcomes and bad input ---
check "no solution: exit 1" 1 "$A" solve integrate 'exp(x)*sin(x)'
check "futility: exit 1" 1 "$A" solve andor-graph --graph notes --futility 17
contains "futility note" "$T/out" "FUTILITY"
check "node limit: exit 3" 3 "$A" solve integrate 'x^2 + 3*x + sin(x)^2*cos(x)^2' --node-limit 3 --quiet
check "bad expression" 2 "$A" solve integrate 'x +* 2'
one_line "bad expression"
contains "names the column" "$T/err" "column 4"
check "unknown function" 2 "$A" solve integrate 'sinh(x)'
one_line "unknown function"
check "bad graph" 2 "$A" solve andor-graph 'A -> B |'
one_line "bad graph"
contains "names the line" "$T/err" "line 1"
check "estimate too high" 2 "$A" solve andor-graph $'A -> B\nB = 3\nA ~ 9'
one_line "estimate too high"
check "unknown algorithm" 2 "$A" solve andor-graph --algo astar
one_line "unknown algorithm"
check "heuristic with dfs" 2 "$A" solve andor-graph --algo andor-dfs --heuristic zero
check "option of another verb" 2 "$A" solve andor-graph --tree-file x
check "empty instance" 2 "$A" solve integrate ''
check "discs out of range" 2 "$A" solve hanoi-goals --discs 64

# --- means-ends analysis and complete search on the same operators ---
check "robot by mea" 0 "$A" solve strips --problem robot --algo mea --json --quiet
mv=$(grep -o '"moves":"[^"]*"' "$T/out" | sed 's/"moves":"//; s/"$//')
contains "mea plan length" "$T/out" '"length":14'
check "verify the mea plan" 0 "$A" verify strips --problem robot "$mv"
contains "solved" "$T/out" "solved in 14 moves"
check "sussman: mea gives up, exit 3" 3 "$A" solve strips --problem sussman --algo mea
contains "gives up" "$T/out" "proves nothing"
check "sussman swapped: gives up" 3 "$A" solve strips --problem sussman-swapped --algo mea --quiet
check "sussman without protection" 0 "$A" solve strips --problem sussman --algo mea --protect off --json --quiet
contains "10 steps" "$T/out" '"length":10'
check "sussman by bfs" 0 "$A" solve strips --problem sussman --algo bfs --json --quiet
contains "6 steps" "$T/out" '"length":6'
contains "optimal" "$T/out" '"optimal":true'
check "verify with spaces in moves" 0 "$A" verify strips --problem sussman \
    "unstack(c, a) putdown(c) pickup(b) stack(b, c) pickup(a) stack(a, b)"
check "an illegal step" 2 "$A" verify strips --problem sussman "pickup(a)"
one_line "an illegal step"
check "not a goal" 1 "$A" verify strips --problem sussman "unstack(c,a)"
printf 'operator a\n  pre p(?x)\ninit p\ngoal p\n' >"$T/bad.txt"
check "bad operator file" 2 "$A" solve strips -f "$T/bad.txt"
one_line "bad operator file"
contains "file and line" "$T/err" "line 2: ?x is not one of this operator's parameters"
check "unknown task" 2 "$A" solve strips --problem nosuch
check "protect on a bfs" 0 "$A" solve strips --problem blocks --algo bfs --quiet

# --- the analysis step by step ---
check "mea trace, robot" 0 "$A" mea --problem robot
contains "first difference" "$T/out" "difference at(desk,room2)"
contains "the plan" "$T/out" "plan (14 steps"
check "mea trace, sussman" 3 "$A" mea --problem sussman
contains "protection shows" "$T/out" "it would undo on(a,b), already reduced"
contains "loops cut" "$T/out" "loop: the same goal"
contains "gives up" "$T/out" "gives up after"
check "mea trace json" 0 "$A" mea --problem blocks --json
contains "json trace" "$T/out" '"trace":[{"depth":0'
contains "json plan" "$T/out" '"length":12'
check "mea trace, two tasks" 2 "$A" mea --problem robot -f x
one_line "mea trace, two tasks"

# --- bidirectional search from the command line ---
check "bibfs hanoi" 0 "$A" solve hanoi --pegs 4 --discs 8 --algo bibfs --json --quiet
contains "33 moves" "$T/out" '"length":33'
check "mm tiles" 0 "$A" solve tiles "8 6 7 2 5 4 3 0 1" --algo mm --json --quiet
contains "27 moves" "$T/out" '"length":27'
contains "mm optimal" "$T/out" '"optimal":true'
mv=$(grep -o '"moves":"[^"]*"' "$T/out" | sed 's/"moves":"//; s/"$//')
check "verify the mm solution" 0 "$A" verify tiles "8 6 7 2 5 4 3 0 1" "$mv"
check "bibfs maze" 0 "$A" solve maze $'S..#\n.#..\n...G' --algo bibfs --quiet
check "mm on a domain without predecessors" 2 "$A" solve jugs --algo mm
one_line "mm without predecessors"
contains "backward" "$T/err" "backward"
check "bidirectional bench, quick" 0 "$A" bench bidirectional --quick
contains "lengths all equal" "$T/out" "| yes |"

# an antiderivative too long to write is a limit (exit 3), never "fails its check"
check "answer too long to write" 3 "$A" solve integrate '3^27*x + 1'
contains "says the answer cannot be given" "$T/err" "the answer cannot be given"
contains "the tree is still printed" "$T/out" "linear u=7625597484987*x"

echo "cli_andor: $n checks, $fail failed"
[ "$fail" -eq 0 ]
