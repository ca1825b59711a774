#!/usr/bin/env bash
# cli_magic.sh — the lecture notes' puzzles through the command line: maze
# (Lee's wave), hares, coins and magic squares. Solutions are verified, an
# unreachable goal is exit 1 with its reason, bad input is one line and exit
# 2 with nothing on stdout, the counting verbs reproduce the published counts
# of orders 3 and 4 and the notes' XOR figures, and play draws pictures.
# Usage: bash cli_magic.sh PATH/TO/ariadne DATA_DIR
set -u
A=${1:?usage: cli_magic.sh ARIADNE DATA_DIR}
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
moves() { sed -n 's/.*"moves":"\([^"]*\)".*/\1/p' "$tmp/out"; }

# solve + verify, each domain
solve_verify() { # domain instance want-length "domain options" [solve-only options...]
    local d=$1 inst=$2 want=$3 opts=$4; shift 4
    local given=() # no instance argument at all for the default instance ('' is an error)
    [ -n "$inst" ] && given=("$inst")
    # shellcheck disable=SC2086
    "$A" solve "$d" "${given[@]}" $opts "$@" --json --quiet >"$tmp/out" 2>"$tmp/err" || { bad "solve $d '$inst' $opts $*: exit $?"; return; }
    grep -q "\"length\":$want[,}]" "$tmp/out" && ok || bad "solve $d '$inst' $opts $*: length not $want: $(cat "$tmp/out")"
    # shellcheck disable=SC2086
    "$A" verify "$d" "${given[@]}" $opts "$(moves)" >"$tmp/v" 2>&1 && grep -q "^solved in $want moves" "$tmp/v" && ok ||
        bad "verify $d '$inst' $opts: $(cat "$tmp/v")"
}
board=$'S.#.....\n..#.##..\n..#..#..\n.....#G.'
solve_verify maze "$board" 10 ""
solve_verify maze "$board" 10 "" --algo lee
solve_verify maze "$board" 15 "--piece walker" --algo ucs
solve_verify maze "$board" 5 "--piece knight"
solve_verify maze 'S19/1#1/11G' 4 "--piece walker"
solve_verify hares HHH_TTT 15 ""
solve_verify hares '' 24 "--hares 4 --tortoises 4" --algo bfs
solve_verify coins 'HHHTTT -> HTHTHT' 3 ""
solve_verify coins 'HHHTTT -> HTHTHT' 3 "--reverse"
solve_verify magic '8 . . / . 5 . / . . .' 7 ""
solve_verify magic '' 25 "--order 5"

# unreachable / impossible: exit 1 with the reason
"$A" solve maze 'S.#./..#G' >"$tmp/out" 2>&1; [ $? -eq 1 ] && grep -q "unreachable" "$tmp/out" && ok || bad "unreachable maze: $(cat "$tmp/out")"
"$A" maze-waves 'S.#./..#G' >"$tmp/out" 2>"$tmp/err"; [ $? -eq 1 ] && grep -q "unreachable" "$tmp/err" && ok || bad "maze-waves unreachable"
"$A" solve magic '1 . . / . . . / . . .' >"$tmp/out" 2>&1; [ $? -eq 1 ] && ok || bad "magic corner 1 should have no completion"
"$A" solve hares 'TH_' >"$tmp/out" 2>&1; [ $? -eq 1 ] && grep -q "only move" "$tmp/out" && ok || bad "hares TH_: $(cat "$tmp/out")"
"$A" solve coins 'HHT -> HTT' >"$tmp/out" 2>&1; [ $? -eq 1 ] && grep -q "never turned over" "$tmp/out" && ok || bad "coins counts"

# bad input: one line, exit 2, nothing on stdout
bad_input() { # expected-substring args...
    local want=$1; shift
    "$A" "$@" >"$tmp/out" 2>"$tmp/err"
    local st=$?
    [ $st -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q -- "$want" "$tmp/err" && ok ||
        bad "$* -> exit $st, stderr: $(cat "$tmp/err"), stdout: $(head -c 200 "$tmp/out")"
}
bad_input "ragged board" solve maze $'S.#\n..#G'
bad_input "unknown character" solve maze 'S.x/..G'
bad_input "one start S" solve maze '../.G'
bad_input "expected king" solve maze 'S./.G' --piece queen
bad_input "ragged square" solve magic '1 2 3 / 4 5 / 7 8 9'
bad_input "0 is too small" solve magic --order 0
bad_input "99999999999 is too large" solve magic --order 99999999999
bad_input "unknown character" solve hares 'HH_XT'
bad_input "1000 is too large" solve hares --hares 1000
bad_input "START -> GOAL" solve coins 'HHTT'
bad_input "0 is too small" solve coins --pairs 0
bad_input "expected 3, 4 or 5" count magic --order 7
bad_input "expected 3, 4 or 5" count magic 0
bad_input "unknown option" count magic --order 4 --fast
bad_input "needs --centre" count magic --order 5 --list
bad_input "give the order" count magic
bad_input "needs a value" count magic --order
bad_input "needs --method cells" count magic --order 5 --centre 3 --method partitions
bad_input "apply to --method partitions" count magic --order 4 --method cells --row-set 1,2,15,16
bad_input "sums to 15, not the magic constant 65" count magic --order 5 --row-set 1,2,3,4,5
bad_input "appears twice" count magic --order 5 --row-set 1,1,13,25,25
bad_input "3 numbers" count magic --order 5 --col-set 1,2,3
bad_input "share exactly one number" count magic --order 5 --row-set 1,12,13,14,25 --col-set 1,12,13,14,25
bad_input "expected partitions, cells or csp" count magic --order 4 --method fast
bad_input "too small (more than 0 seconds)" count magic --order 4 --time-limit -1
bad_input "counts orders 3 and 4" count magic --order 5 --method csp
bad_input "does not apply to --method csp" count magic --order 4 --method csp --threads 2
bad_input "no exact count of its own" count hares
bad_input "ragged board" maze-waves 'S./..G'
bad_input "expected rROWcCOL" verify maze 'S./.G' '2,2'

# counts and the XOR construction
for m in partitions cells csp; do
    "$A" count magic --order 3 --method $m >"$tmp/out" 2>&1 && grep -q "1 squares up to rotation and reflection, 8 in all" "$tmp/out" && ok || bad "count magic 3 $m: $(cat "$tmp/out")"
    "$A" count magic --order 4 --method $m >"$tmp/out" 2>&1 && grep -q "880 squares up to rotation and reflection, 7040 in all" "$tmp/out" && ok || bad "count magic 4 $m: $(cat "$tmp/out")"
done
"$A" count magic --order 3 >"$tmp/out" 2>&1 && grep -q "^| 5 | 8 | 8 | ok |" "$tmp/out" && ! grep -q MISMATCH "$tmp/out" && ok || bad "count magic 3 centres: $(cat "$tmp/out")"
"$A" count magic --order 4 --json --threads 1 >"$tmp/out" 2>&1 && grep -q '"canonical":880,.*"all":7040,' "$tmp/out" && grep -q '"matches_published":true}$' "$tmp/out" && ok || bad "count magic 4 --json: $(cat "$tmp/out")"
# an order-5 subset (the same figure test_magic_pairs.c gets by a plain enumeration)
"$A" count magic --order 5 --row-set 1,12,13,14,25 --col-set 8,9,11,13,24 >"$tmp/out" 2>&1 && grep -q ": 29952 in all" "$tmp/out" && ok || bad "count magic 5 subset: $(cat "$tmp/out")"
# a time limit stops the order-5 count with a labelled lower bound, exit 3
"$A" count magic --order 5 --time-limit 0.2 --threads 1 --quiet >"$tmp/out" 2>"$tmp/err"; st=$?
[ $st -eq 3 ] && grep -q "^stopped by time limit: partial count after .* at least [0-9]* squares in all" "$tmp/out" && ok || bad "count magic 5 --time-limit: exit $st: $(cat "$tmp/out")"
"$A" count magic --order 5 --time-limit 0.2 --threads 1 --json --quiet >"$tmp/out" 2>"$tmp/err"; st=$?
[ $st -eq 3 ] && grep -q '"complete":false,"stop_reason":"time limit"' "$tmp/out" && ok || bad "count magic 5 --time-limit --json: exit $st: $(cat "$tmp/out")"
# --progress shows an ETA on stderr; --quiet shows nothing
"$A" count magic --order 5 --time-limit 1 --threads 1 --progress text >"$tmp/out" 2>"$tmp/err"
grep -q "ETA" "$tmp/err" && ok || bad "count magic --progress: $(head -c 300 "$tmp/err")"
"$A" count magic --order 5 --row-set 1,12,13,14,25 --col-set 8,9,11,13,24 --quiet >"$tmp/out" 2>"$tmp/err"
[ ! -s "$tmp/err" ] && ok || bad "count magic --quiet wrote: $(cat "$tmp/err")"
"$A" count magic --order 4 --list >"$tmp/out" 2>&1 && [ "$(grep -c / "$tmp/out")" -eq 880 ] && ok || bad "count magic 4 --list"
"$A" count magic --order 3 --all >"$tmp/out" 2>&1 && [ "$(grep -c / "$tmp/out")" -eq 8 ] && ok || bad "count magic 3 --all"
"$A" magic-xor >"$tmp/out" 2>&1 && grep -q "distinct up to rotation and reflection: 432" "$tmp/out" &&
    grep -q "perfect (magic after XOR with each of 0..15): 1728 of 1728" "$tmp/out" && ok || bad "magic-xor: $(cat "$tmp/out")"
# every listed square replays as a solution of the empty square? check the first as a full instance
first=$("$A" count magic --order 4 --list | head -1)
"$A" verify magic "$first" '' >"$tmp/v" 2>&1 && grep -q "solved in 0 moves" "$tmp/v" && ok || bad "listed square is not magic: $first: $(cat "$tmp/v")"

# maze-waves prints the numbers and a path that verify accepts
"$A" maze-waves "$board" >"$tmp/out" 2>&1 && ok || bad "maze-waves exit"
path=$(sed -n 's/^goal r4c7 reached in 10 moves by the king: //p' "$tmp/out")
[ -n "$path" ] && "$A" verify maze "$board" "$path" >/dev/null 2>&1 && ok || bad "maze-waves path: $(cat "$tmp/out")"

# play: pictures, a hint, a bad move explained
printf 'hint\nr9c9\nquit\n' | "$A" play maze "$board" >"$tmp/out" 2>&1
grep -q "@" "$tmp/out" && grep -q "off the 4x8 board" "$tmp/out" && ok || bad "play maze: $(head -20 "$tmp/out")"
printf 'H3\nquit\n' | "$A" play hares HHH_TTT >"$tmp/out" 2>&1
grep -q " 1  2  3  4  5  6  7" "$tmp/out" && ok || bad "play hares picture"
printf 'r3c3=2\nquit\n' | "$A" play magic '8 . . / . 5 . / . . .' >"$tmp/out" 2>&1
grep -q "magic sum 15" "$tmp/out" && ok || bad "play magic picture"

# generate: deterministic, accepted, solved
for d in maze hares magic; do
    "$A" generate "$d" --seed 5 >"$tmp/g1" 2>/dev/null && "$A" generate "$d" --seed 5 >"$tmp/g2" 2>/dev/null && cmp -s "$tmp/g1" "$tmp/g2" && ok || bad "generate $d"
    "$A" solve "$d" -f "$tmp/g1" --quiet >"$tmp/out" 2>&1 && grep -q "status:      solved" "$tmp/out" && ok || bad "generated $d not solved: $(cat "$tmp/out")"
done

echo "cli_magic: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
