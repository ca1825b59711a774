#!/usr/bin/env bash
# cli_replay.sh — `ariadne replay`: hand-made Tron replays (a win, a head-on
# draw, a swap where both crash, a crash off an open edge) give the boards
# worked out by hand; malformed files (bad JSON, wrong format or version,
# ragged or mis-sized maps, moves that are not 1-4, moves that do not replay
# to the stated result) are refused with exit 2 and one line; the HTML page is
# self-contained; and, when node, Debian's chromium and tests/replay's
# node_modules (`npm ci` there) are present, tests/replay/test.mjs steps
# through the games in headless Chromium. Otherwise that part is skipped.
# Usage: bash cli_replay.sh PATH/TO/ariadne DATA_DIR
# REPLAY_SCREENSHOT=FILE keeps the screenshot of the finished quadrant game
# (docs/tron-replay.png was made that way).
set -u
A=${1:?usage: cli_replay.sh ARIADNE DATA_DIR}
DATA=${2:?usage: cli_replay.sh ARIADNE DATA_DIR}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

# The page template compiled into the binary is the one generated from web/replay.html.
if bash "$ROOT/web/template2c.sh" "$ROOT/web/replay.html" >"$tmp/template.h" 2>/dev/null; then
    cmp -s "$tmp/template.h" "$ROOT/src/games/tron/tron_replay_page.h" && ok ||
        bad "src/games/tron/tron_replay_page.h is out of date: bash web/template2c.sh web/replay.html > src/games/tron/tron_replay_page.h"
else
    bad "web/template2c.sh failed"
fi

# --- hand-made games: the board after the last turn (and one in the middle) ---
mk() { # mk NAME ROWS MOVES RESULT: a replay on the map ROWS (a JSON array of strings)
    local w h
    w=$(printf '%s' "$2" | sed 's/^\["\([^"]*\)".*/\1/' | awk '{print length($0)}')
    h=$(printf '%s' "$2" | tr -cd ',' | wc -c); h=$((h + 1))
    printf '{"format":"ariadne-tron-replay","version":1,\n "map":{"name":"%s","width":%d,"height":%d,"rows":%s},\n "players":["wallhug","random:seed=1"],\n "moves":%s,\n "result":"%s","reason":"a hand-made game"}\n' \
        "$1" "$w" "$h" "$2" "$3" "$4" >"$tmp/$1.json"
}
board_of() { "$A" replay "$tmp/$1.json" "${@:2}" 2>&1 | sed -n '/^board after/,$p' | tail -n +2; }
expect_board() { # expect_board NAME WANTED [--turn T]
    local got; got=$(board_of "$1" "${@:3}")
    [ "$got" = "$2" ] && ok || bad "$1 ${*:3}: board
$got
wanted
$2"
}
SMALL='["#######","#1    #","#     #","#    2#","#######"]'
mk win "$SMALL" '[[2,4],[2,1],[2,2],[2,3]]' 1          # player 2 turns back into its own start cell
expect_board win "#######
#####1#
#   ###
#   #X#
#######"
expect_board win "#######
###1  #
#   2 #
#   ###
#######" --turn 2
expect_board win "#######
#1    #
#     #
#    2#
#######" --turn 0
"$A" replay "$tmp/win.json" >"$tmp/out" 2>&1
grep -q '^result:   player 1 wins (a hand-made game)' "$tmp/out" && ok || bad "win: summary: $(cat "$tmp/out")"
grep -q '^turn 4:  player 1 E, player 2 S' "$tmp/out" && ok || bad "win: last moves not shown"
printf '#######\n#####1#\n#   ###\n#   #X#\n#######\n' >"$tmp/win.want"

mk headon "$SMALL" '[[2,4],[2,4],[3,1]]' draw        # both heads reach (2,3) on turn 3
expect_board headon "#######
####  #
#  X  #
#  ####
#######"
printf '#######\n####  #\n#  X  #\n#  ####\n#######\n' >"$tmp/headon.want"
mk swap '["######","#12  #","######"]' '[[2,4]]' draw   # each moves onto the other's old head
expect_board swap "######
#XX  #
######"
mk edge '["#####"," 1 2 ","#    ","#####"]' '[[4,2],[4,3]]' 2  # player 1 rides off the open west edge
expect_board edge "#####
## ##
#   2
#####"
"$A" replay "$tmp/edge.json" | grep -q '^result:   player 2 wins' && ok || bad "edge: result"

# --- malformed files: exit 2, nothing on stdout, one line on stderr naming the problem ---
BASE=$(tr -d '\n' <"$tmp/win.json")
refuse() { # refuse CASE EXPECTED-TEXT (the file is $tmp/CASE.json)
    "$A" replay "$tmp/$1.json" >"$tmp/out" 2>"$tmp/err"; local rc=$?
    [ $rc -eq 2 ] && ok || bad "$1: exit $rc, wanted 2"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] && ok || bad "$1: stderr is not one line: $(cat "$tmp/err")"
    [ ! -s "$tmp/out" ] && ok || bad "$1: output on bad input: $(cat "$tmp/out")"
    grep -qF -- "$2" "$tmp/err" && ok || bad "$1: message '$(cat "$tmp/err")' lacks '$2'"
    "$A" replay "$tmp/$1.json" --html "$tmp/$1.html" >/dev/null 2>&1
    [ $? -eq 2 ] && [ ! -e "$tmp/$1.html" ] && ok || bad "$1: --html wrote a page for a bad file"
}
variant() { printf '%s\n' "$BASE" | sed "$2" >"$tmp/$1.json"; }
printf '' >"$tmp/empty.json";                                    refuse empty "the file is empty"
printf 'hello\n' >"$tmp/nojson.json";                            refuse nojson "line 1, column 1: unexpected 'h'"
printf '%s' "$BASE" | head -c 100 >"$tmp/cut.json";              refuse cut "line 1, column"
variant trailing 's/"result":"1",/"result":"1",}/';              refuse trailing "trailing ',' before '}'"
variant comma 's/\[2,3\]\]/[2,3],]/';                            refuse comma "trailing ',' before ']'"
variant zero 's/"version":1/"version":01/';                      refuse zero "leading zeros"
variant comment 's/^{/{\/\/ c\n/';                               refuse comment "line 1, column 2: expected a member name"
variant format 's/ariadne-tron-replay/ariadne-chess-replay/';    refuse format 'format "ariadne-chess-replay" is not a replay'
variant version 's/"version":1/"version":2/';                    refuse version "unsupported version"
variant ragged 's/"#     #"/"#    #"/';                          refuse ragged "map.rows[2]"
grep -q "ragged" "$tmp/err" && ok || bad "ragged rows not called ragged"
variant height 's/"height":5/"height":6/';                       refuse height "5 rows, but the height is 6"
variant width 's/"width":7/"width":8/';                          refuse width "map.rows[0]"
variant char 's/"#     #"/"#  x  #"/';                          refuse char "unknown character 'x' in column 4"
variant nostart 's/#    2#/#     #/';                            refuse nostart "no start cell for player 2"
variant twostart 's/"#     #"/"#  1  #"/';                       refuse twostart "a second start cell for player 1"
variant move5 's/\[2,1\]/[5,1]/';                                refuse move5 "moves[1][0]"
grep -q "not a direction" "$tmp/err" && ok || bad "move 5: not called a direction"
variant move0 's/\[2,1\]/[2,0]/';                                refuse move0 "moves[1][1]"
variant movestr 's/\[2,1\]/["E",1]/';                            refuse movestr "moves[1][0]"
variant movefrac 's/\[2,1\]/[2.0,1]/';                           refuse movefrac "moves[1][0]"
variant triple 's/\[2,1\]/[2,1,3]/';                             refuse triple "found 3 values"
variant longer 's/\[2,3\]\]/[2,3],[2,2]]/';                      refuse longer "the game ends on turn 4"
variant result 's/"result":"1"/"result":"2"/';                   refuse result "does not match the moves"
variant result3 's/"result":"1"/"result":"3"/';                  refuse result3 "is not \"1\", \"2\" or \"draw\""
variant noreason 's/,"reason":"a hand-made game"//';             refuse noreason "missing member \"reason\""
variant dup 's/"result":"1"/"result":"1","result":"1"/';          refuse dup "duplicate member \"result\""
variant players 's/"players":\["wallhug",/"players":["wallhug",3,/'; refuse players "expected two players"
variant player2 's/"random:seed=1"/7/';                          refuse player2 "players[1]"
variant utf8 's/a hand-made game/a \xff game/';                   refuse utf8 "invalid UTF-8"
variant escape 's/a hand-made game/a \\q game/';                  refuse escape "unknown escape"
variant surrogate 's/a hand-made game/\\ud800x/';                 refuse surrogate "surrogate"
variant array 's/^{.*$/[1,2]/';                                  refuse array "expected a JSON object"
"$A" replay "$tmp/nonexistent.json" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "cannot open" "$tmp/err" && ok || bad "missing file: $(cat "$tmp/err")"
# usage errors
for args in "" "--html" "$tmp/win.json --bogus" "$tmp/win.json $tmp/win.json" "$tmp/win.json --turn 5" "$tmp/win.json --turn -1"; do
    # shellcheck disable=SC2086
    "$A" replay $args >/dev/null 2>"$tmp/err"; rc=$?
    [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && ok || bad "replay $args: exit $rc: $(cat "$tmp/err")"
done
# Moves that do not end the game: it ended off the board (the match engine
# writes that when a bot's program fails or times out), and the reason must
# say which bot failed, with the result that follows.
variant forfeit 's/,\[2,3\]\]/]/; s/"reason":"a hand-made game"/"reason":"player 2 (cmd:.\/bot) failed: timed out"/'
"$A" replay "$tmp/forfeit.json" >"$tmp/out" 2>"$tmp/err" && grep -q "^ended:    off the board after turn 3" "$tmp/out" && ok ||
    bad "forfeit: $(cat "$tmp/err" "$tmp/out")"
expect_board forfeit "#######
####1 #
#   #2#
#   ###
#######"
variant nomoves 's/"moves":\[.*\], *"result"/"moves":[],"result"/; s/"reason":"a hand-made game"/"reason":"player 2 (random:seed=1) failed: it exited with status 1"/'
expect_board nomoves "#######
#1    #
#     #
#    2#
#######"
variant cutshort 's/,\[2,3\]\]/]/; s/"reason":"a hand-made game"/"reason":"crashed into a wall"/'
refuse cutshort 'reason: the moves do not end the game, so a bot must have failed'
variant wrongwinner 's/,\[2,3\]\]/]/; s/"reason":"a hand-made game"/"reason":"player 1 (wallhug) failed: timed out"/'
refuse wrongwinner 'result: "1" does not follow from the reason: player 1 failed, so 2 wins'
# Escapes and members a later version may add are fine; a BOM is skipped.
variant extra 's/"version":1,/"version":1,"seed":42,"note":{"a":[true,false,null,-1.5e3]},/'
"$A" replay "$tmp/extra.json" >/dev/null 2>"$tmp/err" && ok || bad "extra members refused: $(cat "$tmp/err")"
variant esc 's/a hand-made game/tab\\tquote\\"slash\\\/ \\u00e9\\ud83d\\ude00/'
"$A" replay "$tmp/esc.json" >"$tmp/out" 2>"$tmp/err" && grep -q 'tab?quote"slash/ é😀' "$tmp/out" && ok ||
    bad "escapes: $(cat "$tmp/err" "$tmp/out")"
printf '\xef\xbb\xbf%s\n' "$BASE" >"$tmp/bom.json"
"$A" replay "$tmp/bom.json" >/dev/null 2>&1 && ok || bad "a byte-order mark is refused"

# --- the HTML page ---
variant xss 's/"random:seed=1"/"<\/script><script>alert(1)<\/script> \& \\u2028"/'
for g in win headon swap edge xss forfeit nomoves; do
    "$A" replay "$tmp/$g.json" --html "$tmp/$g.html" >"$tmp/out" 2>"$tmp/err" && ok || bad "$g: --html failed: $(cat "$tmp/err")"
done
"$A" replay "$tmp/win.json" --html "$tmp/win2.html" | grep -q "^wrote $tmp/win2.html: map win, 4 turns, player 1 wins$" && ok ||
    bad "--html does not say what it wrote"
for id in play step back slider turn status board-text replay-data first last speed name1 name2; do
    grep -q "id=\"$id\"" "$tmp/win.html" && ok || bad "page has no #$id"
done
grep -Eiq 'https?:|<script[^>]* src=|<link[^>]*stylesheet|@import|url\(' "$tmp/win.html" && bad "page refers to something outside itself" || ok
[ "$(grep -c '</script>' "$tmp/xss.html")" -eq 2 ] && ok || bad "a player name closed a <script> element early"
grep -q 'alert(1)' "$tmp/xss.html" && ! grep -q '<script>alert' "$tmp/xss.html" && ok || bad "player name not escaped"
"$A" replay "$tmp/win.json" --html - 2>/dev/null | cmp -s - "$tmp/win.html" && ok || bad "--html - differs from the file"

# A replay written by `ariadne match tron --replay`, when this build has one.
mkdir -p "$tmp/match"
if "$A" match tron --bots random,random --games 1 --maps "$DATA/tron/maps/u.txt" --seed 3 \
        --replay "$tmp/match" >/dev/null 2>&1 && [ -n "$(ls "$tmp/match")" ]; then
    for f in "$tmp"/match/*; do
        "$A" replay "$f" --html "$tmp/match.html" >/dev/null 2>"$tmp/err" && ok || bad "match replay $f: $(cat "$tmp/err")"
    done
else
    echo "cli_replay: SKIP the check of match replays (ariadne match tron --replay is not available)"
fi

# --- in headless Chromium ---
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if ! command -v node >/dev/null; then
    echo "cli_replay: SKIP the browser test: node is not installed (apt-get install nodejs npm)"
elif [ ! -x "$CHROMIUM" ]; then
    echo "cli_replay: SKIP the browser test: no $CHROMIUM (apt-get install chromium)"
elif [ ! -d "$HERE/replay/node_modules/playwright-core" ]; then
    echo "cli_replay: SKIP the browser test: run 'npm ci' in tests/replay first"
else
    "$A" replay "$HERE/replay/game-quadrant.json" --html "$tmp/quadrant.html" >/dev/null &&
        "$A" replay "$HERE/replay/game-quadrant.json" | sed -n '/^board after/,$p' | tail -n +2 >"$tmp/quadrant.want"
    args=()
    for g in win headon swap edge xss forfeit nomoves quadrant; do
        args+=("$tmp/$g.html" "$tmp/$g.png")
        [ -f "$tmp/$g.want" ] && args+=("$tmp/$g.want")
    done
    if CHROMIUM=$CHROMIUM timeout 300 node "$HERE/replay/test.mjs" "${args[@]}" >"$tmp/node.out" 2>&1; then
        ok
        tail -1 "$tmp/node.out"
    else
        bad "browser test: $(cat "$tmp/node.out")"
    fi
    if [ -n "${REPLAY_SCREENSHOT:-}" ] && [ -f "$tmp/quadrant.png" ]; then
        cp "$tmp/quadrant.png" "$REPLAY_SCREENSHOT" && echo "cli_replay: screenshot saved to $REPLAY_SCREENSHOT"
    fi
fi

echo "cli_replay: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
