# cli_ants.sh — Ants from the command line: bad maps (one line naming the
# line, exit 2), the contest-protocol bot `ariadne ants-bot` driven through
# a pipe, `ariadne match ants` with the ladder and with external programs
# that crash, time out, write garbage or give invalid orders (each taken out
# of its game and reported, the engine carrying on), replays checked and
# shown, the HTML page (and in headless Chromium when node, Debian's
# chromium and tests/replay's node_modules are there), and the page's
# template in step with its HTML source.
#
# Usage: bash cli_ants.sh ARIADNE_BINARY DATA_DIR
set -u
A=${1:?usage: cli_ants.sh ARIADNE DATA_DIR}
DATA=${2:?usage: cli_ants.sh ARIADNE DATA_DIR}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
MAPS=$DATA/ants/maps
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

# --- bad maps: one line naming the line, exit 2, nothing on stdout ---
refuse() { # NAME EXPECTED-TEXT: the map $tmp/NAME.map is refused with a message containing the text
    "$A" match ants --bots hold,hold --maps "$tmp/$1.map" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -qF -- "$2" "$tmp/err" && [ ! -s "$tmp/out" ]; then ok
    else bad "map $1: exit $rc, stderr: $(cat "$tmp/err")"; fi
}
printf 'rows 3\ncols 4\nplayers 2\nm 0...\nm ..\nm ...1\n' >"$tmp/ragged.map"
refuse ragged "line 5: row 1 has 2 squares, the map has 4 columns"
printf 'rows 2\ncols 4\nplayers 2\nm 0.x.\nm ...1\n' >"$tmp/char.map"
refuse char "line 4 column 2: unknown character 'x'"
printf 'rows 2\ncols 4\nplayers 2\nm 0..2\nm ...1\n' >"$tmp/players.map"
refuse players "line 4 column 3: hill '2' of player 2, the map has 2 players"
printf 'rows 2\ncols 4\nplayers 3\nm 0...\nm ...1\n' >"$tmp/nohill3.map"
refuse nohill3 "player 2 has no hill"
printf 'rows 2\ncols 4\nplayers 2\nm ....\nm ....\n' >"$tmp/nohills.map"
refuse nohills "player 0 has no hill"
printf 'rows 3\ncols 4\nplayers 2\nm 0...\nm ...1\n' >"$tmp/short.map"
refuse short "the map declares 3 rows, 2 m lines came"
printf 'rows 2\ncols 4\nplayers 11\n' >"$tmp/eleven.map"
refuse eleven "line 3: players must be 2 to 10"
printf 'rows 2\nplayers 2\nm 0..1\n' >"$tmp/order.map"
refuse order "line 3: rows, cols and players must come before the m lines"

# bad options and bots
for args in "--bots strong --maps $MAPS/maze/maze_p02_01.map" "--bots strong,nobody --maps $MAPS/maze" \
    "--bots strong,cmd:/no/such/bot --maps $MAPS/maze" "--bots strong,hold --maps /no/such/dir" \
    "--bots strong,hold --maps $MAPS/maze --games 0" "--bots strong,hold,hold --maps $MAPS/maze/maze_p02_01.map" \
    "--bots strong,hold --maps $MAPS/maze/maze_p02_01.map --turns x"; do
    "$A" match ants $args >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ ! -s "$tmp/out" ] && ok || bad "match ants $args: exit $rc: $(cat "$tmp/err")"
done

# --- the protocol bot through a pipe: settings, two turns, end ---
{
    printf 'turn 0\nloadtime 3000\nturntime 500\nrows 20\ncols 20\nturns 100\nviewradius2 77\nattackradius2 5\nspawnradius2 1\nplayer_seed 42\nready\n'
    printf 'turn 1\nw 2 3\nf 5 6\nh 4 4 0\na 4 4 0\na 9 9 1\ngarbage line\ngo\n'
    printf 'turn 2\nf 5 6\na 4 5 0\na 8 9 1\nd 4 4 1\ngo\n'
    printf 'end\nplayers 2\nscore 1 0\na 4 5 0\ngo\n'
} >"$tmp/session"
for bot in contender strong greedy hunter lefty random hold; do
    timeout 10 "$A" ants-bot --bot $bot <"$tmp/session" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    # three "go": turn 0 and two turns; every other line an order of the ant we have
    if [ $rc -eq 0 ] && [ "$(grep -c '^go$' "$tmp/out")" -eq 3 ] &&
        ! grep -vqE '^(go|o 4 4 [NESW]|o 4 5 [NESW])$' "$tmp/out" && grep -q "skipped" "$tmp/err"; then ok
    else bad "ants-bot --bot $bot: exit $rc: $(tr '\n' '|' <"$tmp/out") $(cat "$tmp/err")"; fi
done
"$A" ants-bot --bot nobody </dev/null >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && ok || bad "ants-bot --bot nobody"
printf '' | "$A" ants-bot >/dev/null 2>&1 && ok || bad "ants-bot on empty input"

# --- matches: the ladder, 2 and 4 players, with replays ---
mkdir -p "$tmp/replays"
"$A" match ants --bots strong,greedy --maps "$MAPS/maze/maze_p02_01.map" --turns 80 --replay "$tmp/replays" --quiet >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && grep -q '^| strong | 2 |' "$tmp/out" && grep -q '^| greedy | 2 |' "$tmp/out" && ok || bad "match strong,greedy: $(cat "$tmp/out" "$tmp/err")"
[ "$(ls "$tmp/replays" | wc -l)" -eq 2 ] && ok || bad "two replays expected: $(ls "$tmp/replays")"
"$A" match ants --bots strong,hunter,lefty,random --maps "$MAPS/cell_maze/cell_maze_p04_04.map" --turns 40 --games 1 --quiet >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && [ "$(grep -c '^| [a-z]* | 1 |' "$tmp/out")" -eq 4 ] && ok || bad "4-player match: $(cat "$tmp/out" "$tmp/err")"

# --- external bots: a good one (ariadne itself), then broken ones ---
cat >"$tmp/crash.sh" <<'EOF'
#!/bin/sh
# answers turn 0, then dies at turn 3
n=0
while read -r line; do
  case "$line" in
    go|ready) n=$((n+1)); [ $n -ge 4 ] && exit 3; echo go ;;
  esac
done
EOF
cat >"$tmp/slow.sh" <<'EOF'
#!/bin/sh
while read -r line; do
  case "$line" in
    ready) echo go ;;
    go) sleep 2; echo go ;;
  esac
done
EOF
cat >"$tmp/garbage.sh" <<'EOF'
#!/bin/sh
while read -r line; do
  case "$line" in
    ready) echo go ;;
    go) echo "move everything north"; echo go ;;
  esac
done
EOF
cat >"$tmp/invalid.sh" <<'EOF'
#!/bin/sh
while read -r line; do
  case "$line" in
    ready) echo go ;;
    go) echo "o 0 0 N"; echo go ;;
  esac
done
EOF
chmod +x "$tmp"/*.sh
"$A" match ants --bots "cmd:$A ants-bot,hunter" --maps "$MAPS/maze/maze_p02_01.map" --turns 60 --verbose --quiet >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && grep -q "^| cmd:$A ants-bot | 2 | .* | 0 |" "$tmp/out" && ok || bad "external ants-bot: $(cat "$tmp/out" "$tmp/err")"
for b in crash:crashed slow:timeout garbage:invalid invalid:invalid; do
    name=${b%%:*}
    what=${b##*:}
    "$A" match ants --bots "strong,cmd:$tmp/$name.sh" --maps "$MAPS/maze/maze_p02_01.map" --turns 30 --turntime 300 --games 1 --verbose --quiet >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 0 ] && grep -q "seat 1): $what at turn" "$tmp/out" && grep -q "^| cmd:$tmp/$name.sh | 1 |.* | 1 |" "$tmp/out" && ok ||
        bad "external $name: exit $rc: $(cat "$tmp/out" "$tmp/err")"
done
grep -q "o 0 0 n # not player ant" "$tmp/out" && ok || bad "the invalid order is named: $(cat "$tmp/out")"

# --- replays: summary, a turn, the page, bad files ---
r=$(ls "$tmp/replays"/*.json | head -1)
"$A" replay "$r" >"$tmp/out" 2>"$tmp/err" && grep -q '^turns:    [0-9]* (' "$tmp/out" && grep -q '^board after turn' "$tmp/out" && ok || bad "replay summary: $(cat "$tmp/err")"
"$A" replay "$r" --turn 0 >"$tmp/out" && grep -q '^board after turn 0:' "$tmp/out" && grep -q 'A' "$tmp/out" && ok || bad "replay --turn 0"
"$A" replay "$r" --turn 99999 >/dev/null 2>"$tmp/err"; [ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && ok || bad "replay --turn 99999"
"$A" replay "$r" --html "$tmp/page.html" >"$tmp/out" && grep -q '^wrote .*page.html: 126x126 map, 2 players' "$tmp/out" &&
    grep -q 'id="fog"' "$tmp/page.html" && grep -q 'id="slider"' "$tmp/page.html" && ok || bad "replay --html: $(cat "$tmp/out")"
sed 's/"ariadne-ants-replay"/"ariadne-ants-replays"/' "$r" >"$tmp/bad1.json"
sed 's/"players": 2/"players": 3/' "$r" >"$tmp/bad2.json"
sed '0,/"ants": \[/s/"ants": \[/"ants": [99999999,/' "$r" >"$tmp/bad3.json"
for f in bad1 bad2 bad3; do
    "$A" replay "$tmp/$f.json" >"$tmp/out" 2>"$tmp/err"
    [ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ ! -s "$tmp/out" ] && ok || bad "replay $f: $(cat "$tmp/err")"
done

# --- the page template is generated from its HTML ---
{
    sed -n '1,/^static const char \*const ants_replay_template/p' "$ROOT/src/games/ants/ants_replay_page.h"
    bash "$ROOT/web/template2c.sh" "$ROOT/src/games/ants/ants_replay.html" | sed -n '/^    "/p'
    printf '    NULL};\n\n#endif\n'
} >"$tmp/page.h"
cmp -s "$tmp/page.h" "$ROOT/src/games/ants/ants_replay_page.h" && ok || bad "src/games/ants/ants_replay_page.h is out of date with ants_replay.html (see its header)"

# --- in headless Chromium ---
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if ! command -v node >/dev/null || [ ! -x "$CHROMIUM" ] || [ ! -d "$HERE/replay/node_modules/playwright-core" ]; then
    echo "cli_ants: SKIP the browser test (needs node, $CHROMIUM and 'npm ci' in tests/replay)"
else
    "$A" replay "$r" --turn 5 | sed -n '/^board after/,$p' | tail -n +2 >"$tmp/turn5.txt"
    if CHROMIUM=$CHROMIUM timeout 300 node "$HERE/replay/ants.mjs" "$tmp/page.html" "$tmp/page.png" "$tmp/turn5.txt" >"$tmp/node.out" 2>&1; then
        ok
        tail -1 "$tmp/node.out"
    else
        bad "browser test: $(cat "$tmp/node.out")"
    fi
    [ -n "${ANTS_SCREENSHOT:-}" ] && cp "$tmp/page.png" "$ANTS_SCREENSHOT"
fi

echo "cli_ants: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
