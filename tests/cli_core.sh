#!/usr/bin/env bash
# cli_core.sh — the `ariadne` command as a user meets it: every verb, the JSON
# fields, exit statuses, one-line errors for bad input, and that every
# solution the tool prints is accepted by `ariadne verify`.
# Usage: bash cli_core.sh PATH/TO/ariadne DATA_DIR
set -u
A=${1:?usage: cli_core.sh ARIADNE DATA_DIR}
DATA=${2:-}
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

# expect STATUS CMD... : runs the command, checks the exit status; stdout in $tmp/out, stderr in $tmp/err
expect() {
    local want=$1; shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    if [ "$got" -eq "$want" ]; then ok; else bad "exit $got (wanted $want): $*"; sed 's/^/  /' "$tmp/err" >&2; fi
}
# bad_input CMD... : exit 2, exactly one line on stderr, nothing on stdout
bad_input() {
    expect 2 "$@"
    if [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q '^ariadne: ' "$tmp/err"; then ok; else bad "stderr not one 'ariadne:' line: $*"; cat "$tmp/err" >&2; fi
    if [ ! -s "$tmp/out" ]; then ok; else bad "stdout not empty on bad input: $*"; fi
}
contains() { if grep -q -- "$1" "$tmp/out"; then ok; else bad "output lacks '$1'"; head -5 "$tmp/out" >&2; fi; }
json_field() { # json_field NAME : the value of a top-level scalar field in $tmp/out
    sed -n "s/.*\"$1\":\(\"[^\"]*\"\|[^,}]*\).*/\1/p" "$tmp/out" | head -1
}
moves_of() { sed -n 's/.*"moves":"\([^"]*\)".*/\1/p' "$tmp/out"; }

# --- list and help ---
expect 0 "$A" list; contains hanoi; contains astar; contains idastar; contains bnb
expect 0 "$A" help; contains "ariadne solve"
for v in solve verify hint at list generate play bench help; do expect 0 "$A" help "$v"; contains "Usage: ariadne $v"; done
expect 0 "$A" help hanoi; contains "--pegs"; contains "disc-bound"
expect 0 "$A" solve --help; contains "--time-limit"
bad_input "$A" help no-such-topic
bad_input "$A" frobnicate
expect 2 "$A"

# --- the issue's example: 4 pegs, 10 discs, 49 moves that verify ---
expect 0 "$A" solve hanoi --pegs 4 --discs 10 --json
for f in domain instance algorithm heuristic length cost optimal moves nodes_expanded nodes_generated seconds peak_bytes status; do
    grep -q "\"$f\":" "$tmp/out" && ok || bad "JSON lacks field $f"
done
[ "$(json_field length)" = 49 ] && ok || bad "4 pegs 10 discs: length $(json_field length), wanted 49"
[ "$(json_field optimal)" = true ] && ok || bad "4 pegs 10 discs not optimal"
[ "$(json_field status)" = '"solved"' ] && ok || bad "status $(json_field status)"
mv49=$(moves_of)
expect 0 "$A" verify hanoi --pegs 4 --discs 10 "$mv49"; contains "solved in 49 moves"
expect 0 "$A" solve hanoi --pegs 4 --discs 10; contains "length:      49 moves"; contains "optimal:     yes"

# text output's moves verify too (they are wrapped over several lines)
expect 0 "$A" solve hanoi --discs 7
sed -n '/^moves:/,/^length:/p' "$tmp/out" | sed '1d;$d' >"$tmp/moves.txt"
expect 0 "$A" verify hanoi --discs 7 --moves-file "$tmp/moves.txt"; contains "solved in 127 moves"

# --- verify: illegal moves named with their index; unreadable moves; not solved ---
bad_input "$A" verify hanoi --discs 3 "1-3 1-3"
grep -q "move 2" "$tmp/err" && ok || bad "verify did not name move 2: $(cat "$tmp/err")"
bad_input "$A" verify hanoi --discs 3 "1-3 x-y"
grep -q "move 2" "$tmp/err" && ok || bad "verify did not name unreadable move 2"
bad_input "$A" verify hanoi --discs 3 "1-9"
expect 1 "$A" verify hanoi --discs 3 "1-3"; contains "not solved"
expect 0 "$A" verify hanoi --discs 3 --json "1-3 1-2 3-2 1-3 2-1 2-3 1-3"; contains '"solved":true'
bad_input "$A" verify hanoi --discs 3

# --- parsers: one line on stderr, exit 2 ---
bad_input "$A" solve hanoi --discs 0
bad_input "$A" solve hanoi --discs 65
bad_input "$A" solve hanoi --discs abc
bad_input "$A" solve hanoi --discs -1
bad_input "$A" solve hanoi --pegs 2
bad_input "$A" solve hanoi --pegs 0
bad_input "$A" solve hanoi --pegs 99
bad_input "$A" solve hanoi --discs 4 --from 12
bad_input "$A" solve hanoi --discs 4 --from 1241
bad_input "$A" solve hanoi --discs 4 --to 1x11
bad_input "$A" solve hanoi --no-such-option 1
bad_input "$A" solve hanoi --pegs
bad_input "$A" solve hanoi --json=yes
bad_input "$A" solve no-such-domain
bad_input "$A" solve
bad_input "$A" solve hanoi --time-limit 0
bad_input "$A" solve hanoi --time-limit abc
bad_input "$A" solve hanoi --memory-limit 12Q
bad_input "$A" solve hanoi --memory-limit nan
bad_input "$A" solve hanoi --node-limit -5
bad_input "$A" solve hanoi --weight 0.5
bad_input "$A" solve hanoi --algo no-such-algo --pegs 4 --discs 3 --from 111 --to 222
bad_input "$A" solve hanoi --algo astar --heuristic no-such-h --pegs 4 --discs 3 --from 123 --to 321
bad_input "$A" solve hanoi 1111 2222 3333
bad_input "$A" solve hanoi -f /no/such/file
printf '12\0 34' >"$tmp/nul.txt"; bad_input "$A" solve hanoi -f "$tmp/nul.txt"

# --- a goal equal to the start is not an error ---
expect 0 "$A" solve hanoi --pegs 4 --discs 5 --from 12341 --to 12341 --json
[ "$(json_field length)" = 0 ] && ok || bad "start = goal: length $(json_field length)"
expect 0 "$A" solve hanoi 1111 --to 1111; contains "length:      0 moves"

# --- every algorithm on a 4-peg arbitrary pair: same optimal length, all verify ---
for algo in bfs astar idastar iddfs ucs bnb; do
    expect 0 "$A" solve hanoi --pegs 4 --discs 6 --from 123412 --to 432143 --algo "$algo" --json
    [ "$(json_field length)" = 12 ] && ok || bad "$algo: length $(json_field length), wanted 12 (BFS)"
    [ "$(json_field optimal)" = true ] && ok || bad "$algo: not optimal"
    m=$(moves_of); expect 0 "$A" verify hanoi --pegs 4 --discs 6 --from 123412 --to 432143 "$m"
done
for algo in wastar greedy beam dfs; do
    expect 0 "$A" solve hanoi --pegs 4 --discs 6 --from 123412 --to 432143 --algo "$algo" --json
    m=$(moves_of); expect 0 "$A" verify hanoi --pegs 4 --discs 6 --from 123412 --to 432143 "$m"
done

# --- limits: best so far labelled, lower bound, exit 3 without a solution ---
expect 3 "$A" solve hanoi --pegs 4 --discs 12 --from 123412341234 --to 432143214321 --algo bfs --node-limit 1000 --json
[ "$(json_field status)" = '"limit"' ] && ok || bad "node limit: status $(json_field status)"
[ "$(json_field stop_reason)" = '"node limit"' ] && ok || bad "node limit: reason $(json_field stop_reason)"
[ "$(json_field moves)" = null ] && ok || bad "node limit: moves should be null"
expect 3 "$A" solve hanoi --pegs 4 --discs 12 --from 123412341234 --to 432143214321 --algo astar --memory-limit 1M
contains "stopped by memory limit"; contains "lower bound"
expect 3 "$A" solve hanoi --pegs 4 --discs 14 --from 12341234123412 --to 43214321432143 --algo idastar --time-limit 0.3
contains "stopped by time limit"
# Ctrl-C: the search stops and says so
"$A" solve hanoi --pegs 4 --discs 14 --from 12341234123412 --to 43214321432143 --algo bfs --quiet >"$tmp/out" 2>"$tmp/err" &
pid=$!; sleep 0.5; kill -INT $pid; wait $pid; rc=$?
[ $rc -eq 3 ] && ok || bad "Ctrl-C: exit $rc, wanted 3"
contains "interrupt"

# --- no solution: exit 1 (jugs: both jugs holding 1 litre is unreachable) ---
expect 1 "$A" solve jugs --capacities 3,5 --goal 1,1 --algo bfs; contains "no solution"
expect 1 "$A" solve jugs --capacities 2,4 --target 3; contains "no solution"

# --- hint and at ---
expect 0 "$A" hint hanoi --pegs 4 --discs 8 --from 12341234 --to 43214321; contains "next move: "; contains "20 moves"
expect 0 "$A" hint hanoi --discs 40 --json; contains '"distance":1099511627775'
expect 0 "$A" at hanoi --discs 10 --moves 500; [ "$(cat "$tmp/out")" = 2213222221 ] && ok || bad "at: $(cat "$tmp/out")"
expect 0 "$A" at hanoi --discs 3 --moves 0; [ "$(cat "$tmp/out")" = 111 ] && ok || bad "at 0: $(cat "$tmp/out")"
expect 0 "$A" at hanoi --discs 3 --moves 7; [ "$(cat "$tmp/out")" = 333 ] && ok || bad "at 7: $(cat "$tmp/out")"
bad_input "$A" at hanoi --discs 3 --moves 8
bad_input "$A" at hanoi --discs 3
bad_input "$A" at hanoi --discs 3 --moves x

# --- 3-peg streaming: 2^20-1 moves, counted ---
expect 0 "$A" solve hanoi --discs 20
n=$(sed -n '/^moves:/,/^length:/p' "$tmp/out" | sed '1d;$d' | wc -w)
[ "$n" -eq 1048575 ] && ok || bad "streamed $n moves, wanted 1048575"
contains "length:      1048575 moves"

# --- generate is deterministic for a seed and makes instances solve accepts ---
expect 0 "$A" generate hanoi --pegs 4 --discs 6 --seed 7; cp "$tmp/out" "$tmp/g1"
grep -q "seed 7" "$tmp/err" && ok || bad "generate did not print its seed"
expect 0 "$A" generate hanoi --pegs 4 --discs 6 --seed 7; cmp -s "$tmp/out" "$tmp/g1" && ok || bad "generate not deterministic"
expect 0 "$A" solve hanoi --pegs 4 --discs 6 -f "$tmp/g1"

# --- play: a scripted game with a bad move, undo and a hint ---
printf '1-3\n9-9\nundo\nhint\nmoves\n1-3\n1-2\n3-2\n1-3\n2-1\n2-3\n1-3\n' | "$A" play hanoi --discs 3 >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && ok || bad "play exit $rc"
contains "not a move here"; contains "hint: 1-3"; contains "legal moves:"; contains "solved in 7 moves"

echo "cli_core: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
