#!/usr/bin/env bash
# cli_peg.sh — peg solitaire and knight's tours through the command line:
# solutions printed by solve replayed by verify, impossible instances refused
# with exit 1 and the reason, bad input one line and exit 2, play drawing the
# board, the counting front ends (`bfs peg`, `count knight`) and help.
# The domains are src/puzzles/peg/ and src/puzzles/knight/.
# Usage: bash cli_peg.sh PATH/TO/ariadne DATA_DIR
set -u
A=${1:?usage: cli_peg.sh ARIADNE DATA_DIR}
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
moves() { sed -n '/^moves:/,/^length:/p' "$tmp/out" | sed '1d;$d' | tr '\n' ' '; }
solve_verify() { # DOMAIN INSTANCE [options...]
    local d=$1 i=$2; shift 2
    "$A" solve "$d" "$i" "$@" --quiet >"$tmp/out" 2>&1 || { bad "solve $d $i $*: exit $?"; return; }
    moves >"$tmp/moves"
    "$A" verify "$d" "$i" "$@" --moves-file "$tmp/moves" >"$tmp/v" 2>&1 && grep -q "^solved in" "$tmp/v" && ok ||
        bad "verify $d $i $*: $(cat "$tmp/v")"
}
one_line_exit() { # WANT_STATUS PATTERN command...
    local want=$1 pat=$2; shift 2
    "$@" >"$tmp/o" 2>"$tmp/e"; local st=$?
    [ $st -eq "$want" ] && ok || bad "$*: exit $st, want $want"
    if [ "$want" -eq 2 ]; then
        [ "$(wc -l <"$tmp/e")" -eq 1 ] && [ ! -s "$tmp/o" ] && ok || bad "$*: not one line on stderr alone: $(cat "$tmp/e" "$tmp/o")"
        grep -q "$pat" "$tmp/e" && ok || bad "$*: message '$(cat "$tmp/e")' lacks '$pat'"
    else
        grep -q "$pat" "$tmp/o" "$tmp/e" && ok || bad "$*: output lacks '$pat'"
    fi
}

# peg: solved and verified in both notations, on both built-in boards
solve_verify peg english
solve_verify peg english --notation coords
solve_verify peg english --start c1 --finish c7
solve_verify peg 'oooo/oooo/oooo/oooo/.ooo'
solve_verify peg --board french --start d3
solve_verify peg --board french --start c1 --finish e7
# the finishes the depth-first search alone took 10-60 s over, now found by the beam
solve_verify peg --board french --start c1 --finish e1
solve_verify peg --board french --start d2 --finish a3
solve_verify peg --board french --start d3 --finish d2
"$A" verify peg english "e l c P D G J m2 i g LJHljh C p A2 M2 a3 d5 o" | grep -q "solved in 18 moves" && ok || bad "Bergholt"
one_line_exit 1 "rule of three" "$A" solve peg --board french
one_line_exit 1 "finish hole d1 violates the rule of three" "$A" solve peg --board french --start c1 --finish d1
one_line_exit 2 "row 2: expected 'o'" "$A" solve peg $'ooo\nox.'
one_line_exit 2 "no pegs" "$A" solve peg '..../....'
one_line_exit 2 "no such hole" "$A" solve peg --start z9
one_line_exit 2 "ambiguous" "$A" verify peg english "e l c P D G J m2 i g L5"
printf 'ex\nquit\n' | "$A" play peg english >"$tmp/out" 2>&1
grep -q " 4  o o o . o o o" "$tmp/out" && ok || bad "play peg: no picture: $(head -20 "$tmp/out")"
"$A" bfs peg 'oooo/oooo/oooo/oooo/.ooo' --quiet >"$tmp/out" 2>&1 && grep -q "^positions:" "$tmp/out" && ok || bad "bfs peg"
"$A" help peg | grep -q "rule of three" && ok || bad "help peg"

# knight: tours verified, Schwenk, counts
solve_verify knight 8x8
solve_verify knight 8x8 --closed
solve_verify knight 7x9 --from e5
solve_verify knight 200x200 --closed
solve_verify knight 4x300
solve_verify knight 300x4 --from a150
one_line_exit 1 "inner square" "$A" solve knight 4x9 --from c2
one_line_exit 1 "Schwenk" "$A" solve knight 5x5 --closed
one_line_exit 1 "Schwenk" "$A" solve knight 4x9 --closed
one_line_exit 1 "majority colour" "$A" solve knight 5x5 --from b1
one_line_exit 2 "sides from 1 to 20000" "$A" solve knight 0x8
one_line_exit 2 "expected ROWSxCOLS" "$A" solve knight 8by8
one_line_exit 2 "not a square" "$A" solve knight 8x8 --from k1
"$A" count knight 5x5 --quiet >"$tmp/out" 2>&1 && grep -q "^count: *1728$" "$tmp/out" && ok || bad "count knight 5x5: $(cat "$tmp/out")"
"$A" count knight 6x6 --closed --quiet >"$tmp/out" 2>&1 && grep -q "^count: *9862$" "$tmp/out" && ok || bad "count knight 6x6 closed"
one_line_exit 2 "at most 64 squares" "$A" count knight 9x9
one_line_exit 2 "no exact count" "$A" count peg
printf 'b3\nquit\n' | "$A" play knight 5x5 >"$tmp/out" 2>&1
grep -q "N" "$tmp/out" && ok || bad "play knight: no board"
"$A" help knight | grep -q "Warnsdorff" && ok || bad "help knight"

echo "cli_peg: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
