#!/usr/bin/env bash
# cli_sarov.sh — Sarov towers through the command line: every published layout
# solved to its stated optimum and verified, the generator, play with a hint and
# undo, and one-line errors for bad layout files. The domain is src/puzzles/sarov/
# (docs/puzzles/sarov.md).
# Usage: bash cli_sarov.sh PATH/TO/ariadne DATA_DIR
set -u
A=${1:?usage: cli_sarov.sh ARIADNE DATA_DIR}
DATA=${2:?usage: cli_sarov.sh ARIADNE DATA_DIR}
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
field() { sed -n "s/.*\"$1\":\(\"[^\"]*\"\|[^,}]*\).*/\1/p" "$tmp/out" | head -1; }

for f in "$DATA"/sarov/*.txt; do
    want=$(sed -n 's/^# optimal: *\([0-9]*\).*/\1/p' "$f")
    "$A" solve sarov -f "$f" --json --quiet >"$tmp/out" 2>"$tmp/err" || bad "solve $f exit $?"
    [ "$(field length)" = "$want" ] && ok || bad "$f: length $(field length), published $want"
    [ "$(field optimal)" = true ] && ok || bad "$f: optimality not proven"
    moves=$(sed -n 's/.*"moves":"\([^"]*\)".*/\1/p' "$tmp/out")
    "$A" verify sarov -f "$f" "$moves" >"$tmp/v" 2>&1 && grep -q "solved in $want moves" "$tmp/v" && ok || bad "$f: verify: $(cat "$tmp/v")"
done

"$A" generate sarov --colours 6 --seed 11 >"$tmp/g1" 2>/dev/null && ok || bad "generate failed"
"$A" generate sarov --colours 6 --seed 11 >"$tmp/g2" 2>/dev/null
cmp -s "$tmp/g1" "$tmp/g2" && ok || bad "generate is not deterministic"
"$A" solve sarov -f "$tmp/g1" --quiet >"$tmp/out" 2>&1 && grep -q "optimal:     yes" "$tmp/out" && ok || bad "generated layout not solved optimally"

# play: a hint, an illegal move explained, a legal move, undo, quit
printf 'hint\n1-2\n1-7\nundo\nquit\n' | "$A" play sarov -f "$DATA/sarov/ramses.txt" >"$tmp/out" 2>&1
[ $? -eq 0 ] && ok || bad "play exit status"
grep -q "hint: 1-7" "$tmp/out" && ok || bad "play: no hint"
grep -q "not a move here" "$tmp/out" && ok || bad "play: bad move not explained"
grep -c "^move 2>" "$tmp/out" | grep -q 1 && ok || bad "play: the legal move was not played"

# bad layouts: exit 2, one line naming the problem
printf 'a0 a1 a2 a3 a4 a5\nb0 b1 b2 b3 b4 b5 b6\n-\n-\n' >"$tmp/missing.txt"   # a6 missing
printf 'a0 a1 a2 a3 a4 a5 a6\nb0 b1 b2 b3 b4 b5 b9\n-\n-\n' >"$tmp/badnum.txt"
printf 'a0 a1 a2 a3 a4 a5 a6\nb0 b1 b2 b3 b4 b5 b6\n-\n' >"$tmp/cols.txt"
printf 'a0 a1 a2 a3 a4 a5 a6\nb0 b1 b2 b3 b4 b5 a6\n-\n-\n' >"$tmp/dup.txt"
for f in missing badnum cols dup; do
    "$A" solve sarov -f "$tmp/$f.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
    [ $rc -eq 2 ] && ok || bad "$f: exit $rc, wanted 2"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] && ok || bad "$f: stderr is not one line: $(cat "$tmp/err")"
    [ ! -s "$tmp/out" ] && ok || bad "$f: output on bad input"
done
"$A" verify sarov -f "$DATA/sarov/ramses.txt" "1-2" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "move 1" "$tmp/err" && ok || bad "illegal move not rejected with its index"

echo "cli_sarov: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
