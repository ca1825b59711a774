#!/usr/bin/env bash
# cli_habits.sh — issue 26's audit: one set of habits across every verb and
# domain. Each block is one finding of the audit (numbered as in the issue),
# checked so that it fails on the code the audit was made on (33bb7a7):
# long work that stops and reports, exit statuses and partial output, options
# refused where they do not apply or are repeated, empty input, messages that
# keep the user's text whole and on one line, and results that agree with
# themselves.
# Usage: bash cli_habits.sh PATH/TO/ariadne DATA_DIR
A=${1:?usage: cli_habits.sh ARIADNE DATA_DIR}
DATA=${2:?usage: cli_habits.sh ARIADNE DATA_DIR}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# expect STATUS CMD...: runs CMD, output in $tmp/out and $tmp/err
expect() {
    local want=$1
    shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    [ "$got" -eq "$want" ] && ok || bad "exit $got (wanted $want): $*: $(head -c 300 "$tmp/err")"
}
err_has() { grep -q -- "$1" "$tmp/err" && ok || bad "stderr lacks '$1': $(head -c 300 "$tmp/err")"; }
out_has() { grep -q -- "$1" "$tmp/out" && ok || bad "stdout lacks '$1': $(head -c 300 "$tmp/out")"; }
one_line() { [ "$(wc -l <"$tmp/err")" -eq 1 ] && ok || bad "stderr is not one line: $(cat "$tmp/err")"; }
no_output() { [ ! -s "$tmp/out" ] && ok || bad "something was printed on stdout: $(head -3 "$tmp/out")"; }

# --- 1. count: one behaviour for every puzzle --------------------------------
# (the work's own clock: how long after the limit it stopped, whatever the load)
secs() { sed -n 's/.*"seconds":\([0-9.]*\).*/\1/p' "$tmp/out"; }
below() { awk -v x="$1" -v y="$2" 'BEGIN { exit !(x < y) }'; }
expect 3 "$A" count knight 7x7 --time-limit 0.5 --json --quiet
out_has '"complete":false,"stop_reason":"time limit"'
out_has '"count":[0-9]'
below "$(secs)" 0.8 && ok || bad "count knight 7x7 --time-limit 0.5 stopped after $(secs) s"
expect 2 "$A" count knight 8x8
err_has "out of reach"; one_line; no_output
expect 0 "$A" count knight 6x6 --closed --json
out_has '"count":9862,"complete":true'; out_has '"matches_published":true'
expect 0 "$A" count knight 7x7 --closed
out_has "count:     0"
expect 2 "$A" count knight 5x5 --closed --closed
err_has "given twice"
# 3. count magic --method cells honours the time limit
expect 3 "$A" count magic --order 5 --method cells --time-limit 1 --quiet --json
below "$(secs)" 1.3 && ok || bad "count magic cells --time-limit 1 stopped after $(secs) s"
# 14. --progress takes its value: not read as the order
expect 0 "$A" count magic --order 4 --progress off
out_has "880 squares"

# --- 2. perft: time limit, JSON, prompt stop ----------------------------------
expect 3 "$A" perft chess 8 --time-limit 0.5 --quiet
out_has "at least [0-9]* nodes (partial: stopped by time limit"
expect 3 "$A" perft chess 8 --time-limit 0.5 --json
below "$(secs)" 0.8 && ok || bad "perft chess 8 --time-limit 0.5 stopped after $(secs) s"
expect 0 "$A" perft chess 3 --json
out_has '"nodes":8902,"complete":true'
# every game of alternating moves has perft through the interface
expect 0 "$A" perft tictactoe 9
out_has "perft 9: 127872 nodes"
expect 2 "$A" perft chess 3 --divide --divide
err_has "given twice"

echo "cli_habits: $pass passed, $fail failed"
exit $((fail > 0))
