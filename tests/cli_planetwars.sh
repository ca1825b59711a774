# cli_planetwars.sh — Planet Wars from the command line: the contest protocol
# bot (`ariadne planetwars-bot`) through a pipe, `ariadne match planetwars`
# with ariadne's bots and external programs (a well-behaved one, and ones
# that write nonsense, give an invalid order, are late or crash: each loses
# and the reason is reported), replay files checked and drawn as a page, and
# malformed maps (one line naming the line, exit 2, nothing on stdout).
#
# Usage: bash cli_planetwars.sh ARIADNE_BINARY DATA_DIR
set -u
BIN=${1:?usage: cli_planetwars.sh ARIADNE_BINARY DATA_DIR}
DATA=${2:?usage: $0 ARIADNE DATA_DIR}
MAPS=$DATA/planetwars/maps

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/lib_cli.sh"

# ------------------------------------------------------- the protocol bot

# Two turns in one session: each answer is valid orders then "go".
{
    cat "$MAPS/map1.txt"
    echo go
    cat "$MAPS/map1.txt"
    echo "F 2 10 2 1 12 5"
    echo go
} | "$BIN" planetwars-bot --bot fivestep >"$tmp/bot.out" 2>"$tmp/bot.err"
check "planetwars-bot exits 0" test $? -eq 0
check "planetwars-bot answers go twice" test "$(grep -c '^go$' "$tmp/bot.out")" -eq 2
check "planetwars-bot orders are 'src dst ships'" test -z "$(grep -v '^go$' "$tmp/bot.out" | grep -Ev '^[0-9]+ [0-9]+ [0-9]+$')"
check "planetwars-bot orders come from its own planet (1)" test -z "$(grep -v '^go$' "$tmp/bot.out" | grep -v '^1 ')"
# The default bot (contender-search) through the same two turns.
{
    cat "$MAPS/map1.txt"
    echo go
    cat "$MAPS/map1.txt"
    echo "F 2 10 2 1 12 5"
    echo go
} | "$BIN" planetwars-bot >"$tmp/bot3.out" 2>"$tmp/bot3.err"
check "planetwars-bot's default answers go twice" test "$(grep -c '^go$' "$tmp/bot3.out")" -eq 2
check "planetwars-bot's default orders come from its own planet (1)" \
    test -z "$(grep -v '^go$' "$tmp/bot3.out" | grep -Ev '^1 [0-9]+ [0-9]+$')"
check "planetwars-bot's default orders on the first turn" test "$(grep -c '^1 ' "$tmp/bot3.out")" -ge 1
# Garbage instead of a state: still "go", and a message on stderr.
printf 'hello\ngo\n' | "$BIN" planetwars-bot --bot search >"$tmp/bot2.out" 2>"$tmp/bot2.err"
check "planetwars-bot answers go to garbage" test "$(cat "$tmp/bot2.out")" = go
check "planetwars-bot says what was wrong" contains "$tmp/bot2.err" "line 1"
"$BIN" planetwars-bot --bot nosuch </dev/null >/dev/null 2>"$tmp/e"
check "unknown bot is exit 2" test $? -eq 2

# --------------------------------------------------------------- matches

"$BIN" match planetwars --bots fivestep,rage --maps "$MAPS/map1.txt,$MAPS/map2.txt" --turn-time 0.5 --quiet \
    --replay "$tmp" >"$tmp/m.out" 2>"$tmp/m.err"
check "match exits 0" test $? -eq 0
check "match prints the Elo table" contains "$tmp/m.out" "| fivestep | rage | 4 | 4 | 0 | 0 | 100.0% |"
check "match prints the turn times" contains "$tmp/m.out" "| fivestep |"
check "match writes 4 replays" test "$(ls "$tmp"/map*.json | wc -l)" -eq 4

# External programs with the contest clock (short here: 0.3 s per turn).
cat >"$tmp/passive.sh" <<'BOT'
while read -r line; do [ "$line" = go ] && echo go; done
BOT
cat >"$tmp/nonsense.sh" <<'BOT'
while read -r line; do [ "$line" = go ] && { echo "attack now"; echo go; }; done
BOT
cat >"$tmp/invalid.sh" <<'BOT'
while read -r line; do [ "$line" = go ] && { echo "0 1 5"; echo go; }; done
BOT
cat >"$tmp/late.sh" <<'BOT'
while read -r line; do [ "$line" = go ] && { sleep 2; echo go; }; done
BOT
cat >"$tmp/crash.sh" <<'BOT'
read -r line; exit 3
BOT
run_ext() { # name -> output file
    "$BIN" match planetwars --bots "fivestep,cmd:bash $tmp/$1.sh" --maps "$MAPS/map1.txt" --games 2 \
        --turn-time 0.3 --first-turn-time 0.3 --max-turns 30 --quiet >"$tmp/$1.out" 2>"$tmp/$1.err"
}
run_ext passive
check "a passive external bot plays whole games" contains "$tmp/passive.out" "| fivestep | cmd:bash $tmp/passive.sh | 2 |"
run_ext nonsense
check "nonsense output loses, reported" contains "$tmp/nonsense.out" "invalid order: 'attack now' is not an order"
check "nonsense output: fivestep wins both" contains "$tmp/nonsense.out" "| fivestep | cmd:bash $tmp/nonsense.sh | 2 | 2 | 0 | 0 |"
run_ext invalid
check "an order from a planet not its own loses" contains "$tmp/invalid.out" "planet 0 is not its own"
run_ext late
check "a late bot loses, reported" contains "$tmp/late.out" "timed out"
run_ext crash
check "a crashing bot loses, reported" contains "$tmp/crash.out" "crashed: it exited with status 3"
# ariadne's own protocol bot as an external program: the protocol both ways.
"$BIN" match planetwars --bots "rage,cmd:$BIN planetwars-bot --bot fivestep" --maps "$MAPS/map3.txt" \
    --turn-time 1 --quiet >"$tmp/self.out" 2>&1
check "planetwars-bot as an external program beats rage" contains "$tmp/self.out" "| rage | cmd:$BIN planetwars-bot --bot fivestep | 2 | 0 | 0 | 2 |"

# ---------------------------------------------------------------- replays

r=$(ls "$tmp"/map1-*.json | head -1)
"$BIN" replay "$r" >"$tmp/r.out" 2>"$tmp/r.err"
check "replay checks" contains "$tmp/r.out" "checked: the orders replayed through the engine give this result"
"$BIN" replay "$r" --turn 3 >"$tmp/r3.out"
check "replay --turn" contains "$tmp/r3.out" "turn 3: "
"$BIN" replay "$r" --html "$tmp/page.html"
check "replay --html writes the page" contains "$tmp/page.html" '<canvas id="board"'
sed 's/"result":"[12d][a-z]*"/"result":"XX"/' "$r" >"$tmp/bad.json"
"$BIN" replay "$tmp/bad.json" >"$tmp/bad.out" 2>"$tmp/bad.err"
check "a replay whose result is wrong: exit 2" test $? -eq 2
check "... and nothing on stdout" test ! -s "$tmp/bad.out"

# The page in headless Chromium (as the Tron page is tested: tests/replay,
# playwright-core after `npm ci` there): every turn's totals against an
# independent implementation of the rules, the slider, play, the colours.
HERE=$(cd "$(dirname "$0")" && pwd)
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if ! command -v node >/dev/null || [ ! -x "$CHROMIUM" ] || [ ! -d "$HERE/replay/node_modules/playwright-core" ]; then
    echo "cli_planetwars: SKIP the browser test (needs node, $CHROMIUM and 'npm ci' in tests/replay)"
else
    if CHROMIUM=$CHROMIUM timeout 300 node "$HERE/replay/planetwars.mjs" "$r" "$tmp/page.html" "$tmp/page.png" \
        >"$tmp/node.out" 2>&1; then
        tail -1 "$tmp/node.out"
    else
        echo "FAIL: browser test: $(cat "$tmp/node.out")" >&2
        fail=1
    fi
fi

# ------------------------------------------------------------ bad maps

bad_map() { # content, expected fragment
    printf "$1" >"$tmp/bad.txt"
    "$BIN" match planetwars --bots fivestep,rage --maps "$tmp/bad.txt" --quiet >"$tmp/bm.out" 2>"$tmp/bm.err"
    local rc=$?
    check "bad map ($2): exit 2" test $rc -eq 2
    check "bad map ($2): message" contains "$tmp/bm.err" "$2"
    check "bad map ($2): one line" test "$(wc -l <"$tmp/bm.err")" -eq 1
    check "bad map ($2): nothing on stdout" test ! -s "$tmp/bm.out"
}
bad_map 'P 0 0 1 10 1\nP 1 1 2 10\n' "bad.txt line 2: a planet line has 6 fields"
bad_map 'P 0 0 1 10 1\nP 1 1 2 -5 1\n' "bad.txt line 2: bad ship count '-5'"
bad_map 'P 0 0 1 10 1\nP 1 1 7 10 1\n' "bad.txt line 2: unknown owner '7'"
bad_map 'P 0 0 1 10 1\n' "bad.txt line 1: 1 planet; a map needs at least 2"
bad_map 'P 0 0 1 10 1\nP 1 1 1 10 1\n' "player 2 has no starting planet"
"$BIN" play planetwars --map "$tmp/bad.txt" --bots mcts,mcts </dev/null >/dev/null 2>"$tmp/pe"
check "play with a bad map: exit 2" test $? -eq 2

exit $fail
