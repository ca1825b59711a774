#!/usr/bin/env bash
# cli_playground.sh — the WebAssembly playground (wasm/, web/playground/,
# docs/pages.md) in headless Chromium (tests/replay/playground.mjs): it
# solves an 8-puzzle and a 4-peg Hanoi in the page with the optimal length
# the command line prints, replays each solution through the page and
# through `ariadne verify`, stops a search by its time limit and by Stop,
# opens every registered puzzle and game, and plays tic-tac-toe to a draw
# against the perfect bot (the game checked again by `ariadne replay`).
# The page is built by `cmake --build build --target playground` (when
# emscripten is found) into build/playground/playground.html; set
# ARIADNE_PLAYGROUND=FILE to test another, and then a missing page is a
# failure (.ci/run does so). Skipped (exit 77) without the page, node,
# Debian's chromium or tests/replay's node_modules (`npm ci` there).
# PLAYGROUND_SHOTS=DIR keeps screenshots (docs/pages/playground.png).
# Usage: bash cli_playground.sh PATH/TO/ariadne DATA_DIR
set -u
A=${1:?usage: cli_playground.sh ARIADNE DATA_DIR}
HERE=$(cd "$(dirname "$0")" && pwd)
PAGE=${ARIADNE_PLAYGROUND:-$(dirname "$A")/playground/playground.html}
if [ ! -f "$PAGE" ]; then
    if [ -n "${ARIADNE_PLAYGROUND:-}" ]; then echo "FAIL: ARIADNE_PLAYGROUND=$PAGE does not exist" >&2; exit 1; fi
    echo "skipped: no playground page at $PAGE (cmake --build build --target playground; needs emscripten)"
    exit 77
fi
if ! command -v node >/dev/null || [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ] || [ ! -d "$HERE/replay/node_modules/playwright-core" ]; then
    if [ -n "${ARIADNE_PLAYGROUND:-}" ]; then echo "FAIL: node, chromium or tests/replay/node_modules missing" >&2; exit 1; fi
    echo "skipped: the browser test needs node, /usr/bin/chromium and tests/replay/node_modules (npm ci there)"
    exit 77
fi
PAGE=$(realpath "$PAGE")
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
length_of() { python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["optimal"]; print(d["length"])'; }

# The optimal lengths by the command line, for the page to match.
L8=$("$A" solve tiles --size 3x3 '8 6 7 2 5 4 3 0 1' --json | length_of) || bad "solve tiles (command line)"
LH=$("$A" solve hanoi --pegs 4 --discs 8 '12341234 43214321' --json | length_of) || bad "solve hanoi (command line)"
cat >"$tmp/cases.json" <<JSON
[{"name": "8-puzzle", "domain": "tiles", "options": "size=3x3", "instance": "8 6 7 2 5 4 3 0 1", "length": ${L8:-0}, "shot": true},
 {"name": "hanoi-4-pegs", "domain": "hanoi", "options": "pegs=4 discs=8", "instance": "12341234 43214321", "length": ${LH:-0}}]
JSON
shots=()
[ -n "${PLAYGROUND_SHOTS:-}" ] && shots=(--shot-dir "$(realpath "$PLAYGROUND_SHOTS")")
if (cd "$HERE/replay" && node playground.mjs "$PAGE" "$tmp/cases.json" "$tmp" "${shots[@]}"); then ok; else bad "the playground in Chromium"; fi

# The page's solutions and game, checked again by the command line.
"$A" verify tiles --size 3x3 '8 6 7 2 5 4 3 0 1' --moves-file "$tmp/8-puzzle.moves" 2>&1 | grep -qx "solved in $L8 moves" &&
    ok || bad "ariadne verify: the page's 8-puzzle solution ($(cat "$tmp/8-puzzle.moves" 2>/dev/null))"
"$A" verify hanoi --pegs 4 --discs 8 '12341234 43214321' --moves-file "$tmp/hanoi-4-pegs.moves" 2>&1 | grep -qx "solved in $LH moves" &&
    ok || bad "ariadne verify: the page's Hanoi solution ($(cat "$tmp/hanoi-4-pegs.moves" 2>/dev/null))"
if "$A" replay "$tmp/tictactoe.json" --json >"$tmp/ttt.out" 2>"$tmp/ttt.err"; then
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); t=open(sys.argv[2]).read(); sys.exit(0 if d["position"].strip() == t.strip() else 1)' \
        "$tmp/ttt.out" "$tmp/tictactoe.text" && ok || bad "the page's final tic-tac-toe position differs from ariadne replay's"
    grep -qi '"result": *"draw"' "$tmp/ttt.out" && ok || bad "ariadne replay of the page's game: not a draw ($(cat "$tmp/ttt.out"))"
else
    bad "ariadne replay of the page's tic-tac-toe game: $(cat "$tmp/ttt.err")"
fi
echo "cli_playground: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
