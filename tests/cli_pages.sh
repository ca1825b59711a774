#!/usr/bin/env bash
# cli_pages.sh — the browser pages (page.h) of every registered puzzle and
# game, and the search visualiser, through the command line:
#   - tests/page_gallery (built beside the tool) writes a generic replay of
#     every domain in the registries (a solved help example, a random game);
#     `ariadne replay F --json` gives the final position the command line
#     prints and `ariadne replay F --html` the page;
#   - `solve --html --visualise` records BFS (Lee's wave on a maze), A*
#     beside BFS (--compare) and IDA* (the 8-puzzle), and `analyse
#     tictactoe --html --visualise` alpha-beta's tree with its cut-offs;
#   - misuse of the options is refused with exit 2 and one line;
#   - when node, Debian's chromium and tests/replay's node_modules (`npm ci`
#     there) are present, tests/replay/pages.mjs loads every page in headless
#     Chromium, steps it to the end and compares the board's text with the
#     command line's final position, and plays every recorded search through
#     (otherwise that part is skipped, saying so).
# PAGES_SCREENSHOTS=DIR keeps a screenshot of every page (docs/pages/ was
# made that way). Usage: bash cli_pages.sh PATH/TO/ariadne DATA_DIR
set -u
A=${1:?usage: cli_pages.sh ARIADNE DATA_DIR}
HERE=$(cd "$(dirname "$0")" && pwd)
GALLERY=$(dirname "$A")/tests/page_gallery
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
refused() { # description, command...: exit 2 and one line on stderr
    local what=$1 rc
    shift
    "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
    if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ ! -s "$tmp/out" ]; then ok; else
        bad "$what: exit $rc, stderr: $(cat "$tmp/err")"; fi
}
# The "position" member of replay --json (the final position as text).
position_of() { python3 -c 'import json,sys; sys.stdout.write(json.load(sys.stdin)["position"])'; }

pages=()

# --- every domain of the registries ---
mkdir -p "$tmp/gallery"
if ! "$GALLERY" "$tmp/gallery" >"$tmp/gallery.list" 2>"$tmp/gallery.err"; then
    bad "page_gallery: $(cat "$tmp/gallery.err")"
fi
domains=$("$A" list --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(len(d["puzzles"]) + len(d["games"]))')
[ "$(wc -l <"$tmp/gallery.list")" -eq "$domains" ] && ok ||
    bad "page_gallery wrote $(wc -l <"$tmp/gallery.list") replays; ariadne list has $domains puzzles and games"
while read -r f; do
    b=${f%.json}
    if "$A" replay "$f" --json >"$b.out" 2>"$b.err" && position_of <"$b.out" >"$b.want" &&
        "$A" replay "$f" --html "$b.html" 2>"$b.err"; then
        ok; pages+=("$b.html=$b.want")
    else
        bad "$(basename "$f"): $(cat "$b.err")"
    fi
done <"$tmp/gallery.list"

# --- the search visualiser ---
# an open maze: A* expands 20 cells, BFS 67 (the test checks both counts)
M=$'S.........#.....\n..........#.....\n..######..#..#..\n.......#.....#..\n.......#######..\n...............G\n'
visual() { # name, then solve's arguments: the page and the final position through --replay
    local name=$1
    shift
    if "$A" solve "$@" --html "$tmp/$name.html" --visualise --replay "$tmp/$name.json" --quiet >"$tmp/$name.log" 2>&1 &&
        "$A" replay "$tmp/$name.json" --json | position_of >"$tmp/$name.want"; then
        ok; pages+=("$tmp/$name.html=$tmp/$name.want@vis")
    else
        bad "solve --visualise ($name): $(cat "$tmp/$name.log")"
    fi
}
visual bfs-maze maze --piece walker "$M" --algo bfs
visual astar-bfs-maze maze --piece walker "$M" --algo astar --compare bfs
visual idastar-8puzzle tiles --size 3x3 '1 2 3 4 5 6 0 7 8' --algo idastar
grep -q '"traces":\[{"algo":"astar"' "$tmp/astar-bfs-maze.html" && grep -q '{"algo":"bfs"' "$tmp/astar-bfs-maze.html" &&
    ok || bad "--compare bfs: the page holds both searches"
"$A" solve maze --piece walker "$M" --algo astar --json | grep -q '"nodes_expanded": *20,' &&
    "$A" solve maze --piece walker "$M" --algo bfs --json | grep -q '"nodes_expanded": *67,' && ok ||
    bad "the open maze: A* expands 20 cells, BFS 67"
if "$A" analyse tictactoe --moves "b2 a1" --html "$tmp/alphabeta-tictactoe.html" --visualise >"$tmp/ab.log" 2>&1; then
    ok; pages+=("$tmp/alphabeta-tictactoe.html@vis")
    grep -q 'value draw (proven)' "$tmp/ab.log" && ok || bad "analyse tictactoe: $(cat "$tmp/ab.log")"
else
    bad "analyse --html --visualise: $(cat "$tmp/ab.log")"
fi
# a trace past its cap is cut, and the page says so
"$A" solve tiles --size 3x3 '8 6 7 2 5 4 3 0 1' --algo bfs --html "$tmp/capped.html" --visualise --quiet >/dev/null 2>&1 &&
    grep -q '"capped":true' "$tmp/capped.html" && ok || bad "a BFS of the hardest 8-puzzle is cut at the trace's cap"

# --- misuse ---
refused "--visualise without --html" "$A" solve hanoi --discs 3 --visualise
refused "--compare without --visualise" "$A" solve hanoi --discs 3 --html "$tmp/x.html" --compare bfs
refused "--compare with no such algorithm" "$A" solve hanoi --discs 3 --html "$tmp/x.html" --visualise --compare nope
refused "--html - (solve)" "$A" solve hanoi --discs 3 --html -
refused "analyse --visualise with mcts" "$A" analyse tictactoe --algo mcts --html "$tmp/x.html" --visualise
refused "analyse --visualise without --html" "$A" analyse tictactoe --visualise
refused "analyse --html -" "$A" analyse tictactoe --html -
printf '{"format": "ariadne-replay", "version": 1, "game": "planetwars", "moves": [["pass"]]}' >"$tmp/bad.json"
refused "a simultaneous turn with one move of two" "$A" replay "$tmp/bad.json" --html "$tmp/x.html"

# --- in headless Chromium ---
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if [ -n "${ARIADNE_TEST_SANITIZED:-}" ]; then
    # the pages are the same bytes as the Release build's, which runs the browser part
    echo "cli_pages: the browser part runs in the Release build (sanitizers: the pages were made and checked above)"
elif ! command -v node >/dev/null; then
    echo "cli_pages: SKIP the browser test: node is not installed (apt-get install nodejs npm)"
elif [ ! -x "$CHROMIUM" ]; then
    echo "cli_pages: SKIP the browser test: no $CHROMIUM (apt-get install chromium)"
elif [ ! -d "$HERE/replay/node_modules/playwright-core" ]; then
    echo "cli_pages: SKIP the browser test: run 'npm ci' in tests/replay first"
else
    shots=()
    [ -n "${PAGES_SCREENSHOTS:-}" ] && mkdir -p "$PAGES_SCREENSHOTS" && shots=(--shot-dir "$PAGES_SCREENSHOTS")
    if CHROMIUM=$CHROMIUM timeout 600 node "$HERE/replay/pages.mjs" "${shots[@]}" "${pages[@]}" >"$tmp/node.out" 2>&1; then
        ok
        tail -1 "$tmp/node.out"
    else
        bad "browser test: $(cat "$tmp/node.out")"
    fi
    # a phone-sized window: the board still fits and steps
    if CHROMIUM=$CHROMIUM timeout 300 node "$HERE/replay/pages.mjs" --width 390 --height 760 \
        "$tmp/gallery/game-chess.html=$tmp/gallery/game-chess.want" >"$tmp/phone.out" 2>&1; then ok; else
        bad "a phone-sized window: $(cat "$tmp/phone.out")"; fi
fi

echo "cli_pages: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
