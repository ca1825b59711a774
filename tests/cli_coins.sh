#!/usr/bin/env bash
# cli_coins.sh — the coin puzzles through the command line: generated
# puzzles (the notes' family H^N T^N -> (HT)^N) solved and every solution
# replayed by verify, with N moves (Delannoy). The domain is src/puzzles/coins/.
# Usage: bash cli_coins.sh PATH/TO/ariadne DATA_DIR
set -u
A=${1:?usage: cli_coins.sh ARIADNE DATA_DIR}
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
for n in 3 4 5; do
    i=$("$A" generate coins --pairs $n --seed 1 2>/dev/null) || { bad "generate --pairs $n"; continue; }
    "$A" solve coins "$i" --quiet >"$tmp/out" 2>&1 || { bad "solve '$i'"; continue; }
    grep -q "^length: *$n moves" "$tmp/out" && ok || bad "'$i': not $n moves: $(cat "$tmp/out")"
    sed -n '/^moves:/,/^length:/p' "$tmp/out" | sed '1d;$d' | tr '\n' ' ' >"$tmp/moves"
    "$A" verify coins "$i" --moves-file "$tmp/moves" | grep -q "^solved in $n" && ok || bad "verify '$i'"
done
[ "$("$A" generate coins --seed 9 2>/dev/null)" = "$("$A" generate coins --seed 9 2>/dev/null)" ] && ok || bad "seeded generate not deterministic"
"$A" generate coins --pairs 2 >"$tmp/o" 2>"$tmp/e"; [ $? -eq 2 ] && [ ! -s "$tmp/o" ] && ok || bad "generate --pairs 2: want exit 2"
"$A" help coins | grep -q "generate" && ok || bad "help coins does not mention generate"
echo "cli_coins: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
