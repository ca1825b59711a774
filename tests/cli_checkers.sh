# cli_checkers.sh — checkers from the command line: perft against the
# published counts and its bad input, the checkers-engine protocol through a
# pipe (garbage and bad input answered with one info line each, a search,
# stop during an infinite search, end of input), `play checkers` through a
# pipe (a bad move, hint, undo), a match between the engine and itself as an
# external program (cmd:) and with external programs that crash, answer
# late or play an illegal move, its PDN read back by checkers-pdn and its
# replays checked, drawn and refused when tampered with, the endgame
# databases built, verified and refused when damaged, a tiny learning run
# (same seed, same weights), and the bench's quick node count.
#
# Usage: bash cli_checkers.sh ARIADNE_BINARY DATA_DIR
set -u
BIN=${1:?usage: cli_checkers.sh ARIADNE_BINARY DATA_DIR}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ROOT=$(cd "$(dirname "$0")/.." && pwd)

. "$(dirname "$0")/lib_cli.sh"

one_line_exit2() { # description, command...: exit 2, one line on stderr, nothing on stdout
    local what=$1
    shift
    "$@" >"$tmp/o" 2>"$tmp/e"
    local rc=$?
    check "$what: exit 2 (got $rc)" test $rc -eq 2
    check "$what: one line on stderr" test "$(wc -l <"$tmp/e")" -eq 1
    check "$what: nothing on stdout" test ! -s "$tmp/o"
}

# ------------------------------------------------------------------ perft
"$BIN" perft checkers 9 >"$tmp/p" 2>&1
check "perft 9 from the start" contains "$tmp/p" "3963680 nodes"
"$BIN" perft checkers 2 --divide >"$tmp/p" 2>&1
check "divide: seven root moves" test "$(grep -c '^[0-9]*-[0-9]*: [0-9]*$' "$tmp/p")" -eq 7
check "divide: 9-13 has 7 replies" contains "$tmp/p" "9-13: 7"
"$BIN" perft checkers 4 "B:W18,19,10,11:BK14" >"$tmp/p" 2>&1
check "perft from a position" contains "$tmp/p" "perft 4"
"$BIN" perft checkers 14 --time-limit 0.3 >"$tmp/p" 2>&1
check "perft stops on the time limit with exit 3" test $? -eq 3
one_line_exit2 "perft: bad FEN" "$BIN" perft checkers 3 "B:W33:B1"
one_line_exit2 "perft: a man on its crowning row" "$BIN" perft checkers 3 "B:W1:B2"
one_line_exit2 "perft: absurd depth" "$BIN" perft checkers 999

# ------------------------------------------------------ the engine protocol
{
    printf 'checkers\nisready\n'
    printf 'xyzzy\n\n   \r\n'
    printf 'position fen B:W33:B1\n'
    printf 'position startpos moves 11-15 22-18 15-19\n'
    printf 'go depth abc\n'
    printf 'setoption name Hash value 8\nsetoption name Bogus value 1\n'
    printf 'newgame\nposition startpos moves 11-15 22-18\ngo depth 6\n'
} | "$BIN" checkers-engine >"$tmp/u" 2>"$tmp/ue"
check "engine exits 0 at end of input" test $? -eq 0
check "engine: checkersok" contains "$tmp/u" "checkersok"
check "engine: readyok" contains "$tmp/u" "readyok"
check "engine: unknown command reported" contains "$tmp/u" "info string error: unknown command 'xyzzy'"
check "engine: bad FEN reported" contains "$tmp/u" "info string error: FEN"
check "engine: illegal move reported" contains "$tmp/u" "move 3 '15-19'"
check "engine: bad go reported" contains "$tmp/u" "info string error: go"
check "engine: unknown option reported" contains "$tmp/u" "unknown option 'Bogus'"
check "engine: info lines" contains "$tmp/u" "info depth 6"
check "engine: the compulsory capture" contains "$tmp/u" "bestmove 15x22"
check "engine: nothing on stderr" test ! -s "$tmp/ue"
{ printf 'position startpos\ngo infinite\n'; sleep 0.5; printf 'stop\n'; sleep 0.2; printf 'quit\n'; } |
    timeout 10 "$BIN" checkers-engine >"$tmp/u" 2>&1
check "engine: stop ends an infinite search" contains "$tmp/u" "bestmove"
printf 'position fen W:W:B5\ngo depth 3\n' | "$BIN" checkers-engine >"$tmp/u" 2>&1
check "engine: no legal move" contains "$tmp/u" "bestmove none"
one_line_exit2 "checkers-engine takes no arguments" "$BIN" checkers-engine extra

# -------------------------------------------------------------------- play
printf '11-16x\n11-17\nhint\n11-15\nundo\n9-13\nquit\n' |
    "$BIN" play checkers --bot engine:depth=2:db=off >"$tmp/pl" 2>&1
check "play: exits 0" test $? -eq 0
check "play: the board has square numbers" contains "$tmp/pl" "13-16"
check "play: a bad move is explained" contains "$tmp/pl" "not a legal move"
check "play: hint" contains "$tmp/pl" "hint:"

# -------------------------------------------------------------------- match
# (the external engine searches to a depth, so a loaded machine cannot make it late)
"$BIN" match checkers --bots "engine:depth=4:db=off,cmd:depth=4:$BIN checkers-engine" --games 2 --seed 3 \
    --pdn "$tmp/m.pdn" --replay "$tmp/rep" --verbose >"$tmp/m" 2>"$tmp/me"
check "match with an external engine: exit 0" test $? -eq 0
check "match: two games" test "$(grep -c '^game [0-9]*:' "$tmp/m")" -eq 2
check "match: no forfeit" test "$(grep -c 'failed' "$tmp/m")" -eq 0
check "match: Elo table" contains "$tmp/m" "Elo difference"
"$BIN" checkers-pdn "$tmp/m.pdn" --check >"$tmp/c" 2>&1
check "match PDN reads back" contains "$tmp/c" "2 games"
"$BIN" checkers-pdn "$tmp/m.pdn" >"$tmp/w" 2>&1
"$BIN" checkers-pdn "$tmp/w" >"$tmp/w2" 2>&1
check "PDN written back reads the same" cmp -s "$tmp/w" "$tmp/w2"
"$BIN" checkers-pdn "$tmp/m.pdn" --check --json >"$tmp/j" 2>&1
check "checkers-pdn --json" contains "$tmp/j" '"games": 2'

cat >"$tmp/crash.sh" <<'EOF'
read line; echo checkersok; read line; exit 3
EOF
cat >"$tmp/slow.sh" <<'EOF'
while read line; do case "$line" in checkers) echo checkersok;; go*) sleep 5; echo "bestmove 11-15";; esac; done
EOF
cat >"$tmp/illegal.sh" <<'EOF'
while read line; do case "$line" in checkers) echo checkersok;; go*) echo "bestmove 1-2";; esac; done
EOF
for kind in crash slow illegal; do
    timeout 60 "$BIN" match checkers --bots "engine:depth=2:db=off,cmd:time=0.2:sh $tmp/$kind.sh" --games 2 \
        --verbose >"$tmp/m-$kind" 2>"$tmp/me"
    check "match vs a bot that fails ($kind): exit 0" test $? -eq 0
    check "match vs a bot that fails ($kind): it forfeits both games" \
        test "$(grep -c 'white (cmd.*failed\|black (cmd.*failed' "$tmp/m-$kind")" -eq 2
done
check "a crash is reported as such" contains "$tmp/m-crash" "crashed"
check "a timeout is reported as such" contains "$tmp/m-slow" "no answer within"
check "an illegal move is reported as such" contains "$tmp/m-illegal" "illegal move"
one_line_exit2 "match: a bot that does not exist" "$BIN" match checkers --bots engine,cmd:/nonexistent/engine
one_line_exit2 "match: a bad engine option" "$BIN" match checkers --bots engine:depth=0,engine
one_line_exit2 "match: one bot" "$BIN" match checkers --bots engine
one_line_exit2 "match: an unknown option" "$BIN" match checkers --bots engine,engine --bogus

# ------------------------------------------------------------------ replays
rep=$(ls "$tmp"/rep/*.json | head -1)
"$BIN" replay "$rep" >"$tmp/r0" 2>&1
check "replay: summary" contains "$tmp/r0" "result:"
"$BIN" replay "$rep" --turn 3 >"$tmp/r" 2>&1
check "replay: --turn" contains "$tmp/r" "board after 3 plies"
"$BIN" replay "$rep" --html "$tmp/g.html" >/dev/null 2>&1
check "replay: the page" contains "$tmp/g.html" "ariadne-checkers-replay"
check "replay: the page loads nothing" contains "$tmp/g.html" "default-src 'none'"
sed 's/"result": "[a-z]*"/"result": "nobody"/' "$rep" >"$tmp/bad.json"
one_line_exit2 "replay: a bad result" "$BIN" replay "$tmp/bad.json"
sed 's/"moves": \["[0-9]*-[0-9]*"/"moves": ["1-2"/' "$rep" >"$tmp/bad2.json"
one_line_exit2 "replay: an illegal move" "$BIN" replay "$tmp/bad2.json"
# The page in headless Chromium (tests/replay, playwright-core after `npm ci`
# there): at every ply its FEN line, from its own JavaScript, must be the
# program's, from C.
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if ! command -v node >/dev/null || [ ! -x "$CHROMIUM" ] || [ ! -d "$ROOT/tests/replay/node_modules/playwright-core" ]; then
    echo "cli_checkers: SKIP the browser test (needs node, $CHROMIUM and 'npm ci' in tests/replay)"
else
    plies=$(sed -n 's/^plies: *//p' "$tmp/r0")
    for t in $(seq 0 "$plies"); do
        "$BIN" replay "$rep" --turn "$t" | sed -n 's/^ *FEN //p'
    done >"$tmp/fens.txt"
    if CHROMIUM=$CHROMIUM timeout 300 node "$ROOT/tests/replay/checkers.mjs" "$tmp/g.html" "$tmp/fens.txt" \
        "$tmp/g.png" >"$tmp/node.out" 2>&1; then
        tail -1 "$tmp/node.out"
    else
        echo "FAIL: browser test: $(cat "$tmp/node.out")" >&2
        fail=1
    fi
fi
page="$ROOT/src/games/checkers/checkers_replay_page.h"
(sed -n '1,/^static const/p' "$page"
 sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/    "/' -e 's/$/\\n",/' "$ROOT/src/games/checkers/checkers_replay.html"
 printf '    NULL};\n\n#endif\n') >"$tmp/page.h"
check "the page header is generated from checkers_replay.html" cmp -s "$tmp/page.h" "$page"

# ------------------------------------------------------------ PDN bad input
"$BIN" checkers-pdn "$ROOT/data/checkers/vs-milhouse.pdn" --check >"$tmp/c" 2>&1
check "PDN: the 20 games against Milhouse, every move legal" \
    contains "$tmp/c" "20 games, 2094 moves, every move legal (Black won 4, White 6, drawn 10, unfinished 0)"
printf '[Event "x"]\n1. 11-15 22-18 2. 15-19 *\n' >"$tmp/bad.pdn"
one_line_exit2 "PDN: an illegal move" "$BIN" checkers-pdn "$tmp/bad.pdn" --check
check "PDN: the move is named" contains "$tmp/e" "move 2 (Black)"
printf '123 456 789\n' >"$tmp/bad.pdn"
one_line_exit2 "PDN: garbage" "$BIN" checkers-pdn "$tmp/bad.pdn" --check
: >"$tmp/empty.pdn"
one_line_exit2 "PDN: an empty file" "$BIN" checkers-pdn "$tmp/empty.pdn" --check

# --------------------------------------------------------------- databases
"$BIN" checkers-db build --pieces 3 --dir "$tmp/db" --quiet >"$tmp/d" 2>&1
check "db build: exit 0" test $? -eq 0
check "db build: 3 pieces as published" contains "$tmp/d" "| 3 | 12 | 196032 | 65192 | 261224 | 261224 (equal)"
"$BIN" checkers-db verify --pieces 3 --dir "$tmp/db" --quiet >"$tmp/d" 2>&1
check "db verify: exit 0" test $? -eq 0
"$BIN" checkers-db info --pieces 3 --dir "$tmp/db" --json >"$tmp/d" 2>&1
check "db info --json" contains "$tmp/d" '"counts_match_published":true'
"$BIN" checkers-db convert --pieces 3 --dir "$tmp/db" --positions 30 >"$tmp/d" 2>&1
check "db convert: every sampled win converted" contains "$tmp/d" "30 of 30 sampled won 3-piece positions converted"
printf 'position fen B:W25:BK10,K15\ngo depth 6\n' |
    "$BIN" checkers-engine >/dev/null 2>&1 # the default cache is not required
printf 'setoption name DBDir value %s\nsetoption name DBPieces value 3\nposition fen B:W27:BK10,K15\ngo depth 3\n' \
    "$tmp/db" | "$BIN" checkers-engine >"$tmp/u" 2>&1
check "engine with databases: a proven win" contains "$tmp/u" "score win"
check "engine with databases: probes" grep -q "dbhits [1-9]" "$tmp/u"
printf 'x' | dd of="$tmp/db/checkers-3.ckdb" bs=1 seek=300 conv=notrunc 2>/dev/null
one_line_exit2 "db verify: a damaged file" "$BIN" checkers-db verify --pieces 3 --dir "$tmp/db"
check "db verify: the checksum names it" contains "$tmp/e" "checksum"
one_line_exit2 "db build: too many pieces" "$BIN" checkers-db build --pieces 9 --dir "$tmp/db"
one_line_exit2 "db: an unknown subcommand" "$BIN" checkers-db rebuild
one_line_exit2 "engine bot: missing databases" "$BIN" match checkers --bots "engine:db=4:dbdir=$tmp/none,engine"

# ------------------------------------------------------------------ learning
"$BIN" checkers-learn --games 10 --nodes 200 --epochs 5 --threads 2 --quiet >"$tmp/l1" 2>&1
"$BIN" checkers-learn --games 10 --nodes 200 --epochs 5 --threads 1 --quiet >"$tmp/l2" 2>&1
check "learning: weights printed" contains "$tmp/l1" "runaway"
check "learning: same seed, same weights, any threads" cmp -s "$tmp/l1" "$tmp/l2"
one_line_exit2 "learning: a bad option" "$BIN" checkers-learn --games 0

# --------------------------------------------------------------------- bench
if [ -z "${ARIADNE_TEST_SANITIZED:-}" ]; then
    "$BIN" bench checkers --quick >"$tmp/b" 2>&1
    check "bench checkers --quick: counts as recorded" test $? -eq 0
fi
exit $fail
