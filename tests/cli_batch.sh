#!/usr/bin/env bash
# cli_batch.sh — `ariadne solve DOMAIN -f FILE --batch`: one instance per line,
# results in input order (text or JSON lines), every solution replayed by
# `ariadne verify`, published optimal lengths checked, a summary line, bad
# lines refused before any search, options that need --batch refused without.
# Usage: bash cli_batch.sh PATH/TO/ariadne DATA_DIR
A=${1:?usage: cli_batch.sh ARIADNE DATA_DIR}
DATA=${2:?usage: cli_batch.sh ARIADNE DATA_DIR}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CACHE_HOME="$tmp/cache" # the databases this test builds (6-6-3: seconds)
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
expect() {
    local want=$1
    shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    [ "$got" -eq "$want" ] && ok || bad "exit $got (wanted $want): $* -- $(head -c 400 "$tmp/err")"
}

# Twelve of Korf's instances (the easiest), in his numbered format, plus a
# comment and a blank line.
{
    echo "# Korf's instances, number optimal-length tiles"
    for n in 79 12 42 55 8 94 97 82 40 1 36 53; do grep "^$n " "$DATA/tiles/korf100.txt"; done
    echo
} >"$tmp/korf.txt"

expect 0 "$A" solve tiles -f "$tmp/korf.txt" --batch --threads 2 --quiet
[ "$(grep -c ': length ' "$tmp/out")" -eq 12 ] && ok || bad "twelve results: $(cat "$tmp/out")"
grep -q "^batch: 12 instances, 12 solved (12 proven optimal), 0 stopped, 0 without solution, 0 errors; optimal lengths equal to the published ones: 12/12;" "$tmp/out" &&
    ok || bad "summary: $(tail -1 "$tmp/out")"
# in input order, labelled by Korf's numbers
[ "$(sed -n 's/^\([0-9]*\): length.*/\1/p' "$tmp/out" | paste -sd' ')" = "79 12 42 55 8 94 97 82 40 1 36 53" ] &&
    ok || bad "order: $(cut -c1-40 "$tmp/out")"
# every solution replays to the goal in the stated length
while read -r label rest; do
    label=${label%:}
    len=$(echo "$rest" | sed -n 's/^length \([0-9]*\),.*/\1/p')
    moves=${rest##*moves: }
    board=$(grep "^$label " "$tmp/korf.txt" | cut -d' ' -f3-)
    "$A" verify tiles "$board" "$moves" >"$tmp/v" 2>&1 && grep -q "solved in $len moves" "$tmp/v" && ok ||
        bad "verify $label: $(cat "$tmp/v")"
done < <(grep ': length ' "$tmp/out")

# JSON lines: one object per instance with its label, then the summary.
expect 0 "$A" solve tiles -f "$tmp/korf.txt" --batch --json --threads 1 --quiet
[ "$(grep -c '^{"domain":"tiles","label":"[0-9]*",' "$tmp/out")" -eq 12 ] && ok || bad "json lines: $(head -2 "$tmp/out")"
grep -q '"optimal":true' "$tmp/out" && ok || bad "json optimal"
tail -1 "$tmp/out" | grep -q '^{"summary":{"instances":12,"run":12,"solved":12,"optimal":12,.*"published_checked":12,"published_equal":12,' &&
    ok || bad "json summary: $(tail -1 "$tmp/out")"

# Plain boards, one per line (any domain): labelled by line number.
printf '1 2 0 3 4 5 6 7 8\n0 1 2 3 4 5 6 7 8\n' >"$tmp/plain.txt"
expect 0 "$A" solve tiles -f "$tmp/plain.txt" --batch --quiet
grep -q '^line 1: length 2, optimal (proven)' "$tmp/out" && grep -q '^line 2: length 0, optimal (proven)' "$tmp/out" &&
    ok || bad "plain lines: $(cat "$tmp/out")"
printf '3,5 -> 4\n4,9 -> 6\n' >"$tmp/jugs.txt"
expect 0 "$A" solve jugs -f "$tmp/jugs.txt" --batch --quiet
grep -q "^batch: 2 instances, 2 solved" "$tmp/out" && ok || bad "another domain: $(cat "$tmp/out" "$tmp/err")"

# A bad line: FILE:LINE on one line, exit 2, nothing on stdout.
printf '1 2 0 3 4 5 6 7 8\n1 2 3\n' >"$tmp/bad.txt"
expect 2 "$A" solve tiles -f "$tmp/bad.txt" --batch
grep -q "bad.txt:2: " "$tmp/err" && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ ! -s "$tmp/out" ] && ok ||
    bad "bad line: $(cat "$tmp/err" "$tmp/out")"
printf '# nothing\n\n' >"$tmp/empty.txt"
expect 2 "$A" solve tiles -f "$tmp/empty.txt" --batch
grep -q "no instances" "$tmp/err" && ok || bad "empty: $(cat "$tmp/err")"

# Limits apply to each instance; a stopped one is labelled and the exit says so.
{ grep "^88 " "$DATA/tiles/korf100.txt"; grep "^79 " "$DATA/tiles/korf100.txt"; } >"$tmp/hard.txt"
expect 3 "$A" solve tiles -f "$tmp/hard.txt" --batch --heuristic manhattan --node-limit 100000 --quiet
grep -q '^88: stopped by node limit before a solution was found' "$tmp/out" && ok || bad "stopped: $(cat "$tmp/out")"

# Options that need --batch, or that --batch needs.
expect 2 "$A" solve tiles "1 2 0 3 4 5 6 7 8" --threads 2
grep -q "option --threads applies to solve --batch only" "$tmp/err" && ok || bad "threads alone: $(cat "$tmp/err")"
expect 2 "$A" solve tiles --batch
grep -q "option --batch needs -f FILE" "$tmp/err" && ok || bad "batch without file: $(cat "$tmp/err")"
expect 2 "$A" solve tiles -f "$tmp/plain.txt" --batch --threads 0
grep -q "too small" "$tmp/err" && ok || bad "threads 0: $(cat "$tmp/err")"

echo "cli_batch: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
