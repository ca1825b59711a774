#!/usr/bin/env bash
# cli_newcomer.sh — what a new user met that surprised them (issue 12's audit),
# each checked so it cannot come back: numbers too large for their option are
# "out of range"/"too large", never accepted or "not a number"; a limit of no
# time says so; an unknown bench suite is one line and nothing else; --quiet
# hides the seed line too.
# Usage: bash cli_newcomer.sh PATH/TO/ariadne DATA_DIR
A=${1:?usage: cli_newcomer.sh ARIADNE DATA_DIR}
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
    [ "$got" -eq "$want" ] && ok || bad "exit $got (wanted $want): $*"
}
err_is() { grep -q -- "$1" "$tmp/err" && ok || bad "stderr lacks '$1': $(cat "$tmp/err")"; }
one_line() { [ "$(wc -l <"$tmp/err")" -eq 1 ] && ok || bad "stderr is not one line: $(cat "$tmp/err")"; }
no_output() { [ ! -s "$tmp/out" ] && ok || bad "something was printed on stdout: $(head -3 "$tmp/out")"; }

# 2^64 moves overflow 64 bits: refused, not the final position.
expect 2 "$A" at hanoi --discs 64 --moves 18446744073709551616
err_is "out of range"; one_line; no_output
# 2^64 - 1 moves of 64 discs is the whole solution: fine.
expect 0 "$A" at hanoi --discs 64 --moves 18446744073709551615

# A whole number too large for its option says so.
expect 2 "$A" solve hanoi --discs 3 --node-limit 99999999999999999999
err_is "99999999999999999999 is too large"; one_line; no_output
expect 2 "$A" solve hanoi --discs 3 --node-limit 12x
err_is "not a whole number"

# A time limit must be more than 0: the message says that, for 0 and for -1.
for t in 0 -1; do
    expect 2 "$A" solve hanoi --discs 3 --time-limit "$t"
    err_is "more than 0"; one_line
done

# An unknown suite: one line, nothing before it.
expect 2 "$A" bench bogus
err_is "unknown suite 'bogus'"; one_line; no_output

# --quiet: nothing on stderr, not even the seed.
expect 0 "$A" generate jugs --quiet
[ ! -s "$tmp/err" ] && ok || bad "generate --quiet wrote: $(cat "$tmp/err")"
expect 0 "$A" generate jugs
err_is "seed"

echo "cli_newcomer: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
