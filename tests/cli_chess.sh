# cli_chess.sh — chess from the command line: perft against published
# counts and its bad input, the UCI engine driven through pipes (a command
# split across reads, garbage lines, bad positions and moves ignored with an
# info string, stop during an infinite search, ponder/ponderhit, end of
# input), `ariadne play chess` through a pipe, a short match with PGN output
# read back by `ariadne chess-pgn`, and the bench's quick node count.
#
# Usage: bash cli_chess.sh ARIADNE_BINARY DATA_DIR
set -u
BIN=${1:?usage: cli_chess.sh ARIADNE_BINARY DATA_DIR}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/lib_cli.sh"

# ------------------------------------------------------------------ perft
"$BIN" perft chess 4 >"$tmp/p" 2>&1
check "perft 4 from the start" contains "$tmp/p" "perft 4: 197281 nodes"
"$BIN" perft chess 3 --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" >"$tmp/p" 2>&1
check "perft 3 Kiwipete" contains "$tmp/p" "perft 3: 97862 nodes"
"$BIN" perft chess 2 --divide >"$tmp/p" 2>&1
check "divide lists 20 root moves" test "$(grep -c '^[a-h][1-8][a-h][1-8]: 20$' "$tmp/p")" -eq 20
check "divide total" contains "$tmp/p" "perft 2: 400 nodes"
for fen in "8/8/8/8/8/8/8/KK5k w - - 0 1" "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0" \
    "4k3/8/8/8/8/8/8/4r1K1 b - - 0 1" "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"; do
    "$BIN" perft chess 2 --fen "$fen" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    check "bad FEN exits 2: $fen" test $rc -eq 2
    check "bad FEN: one line: $fen" test "$(wc -l <"$tmp/err")" -eq 1
    check "bad FEN: nothing on stdout: $fen" test ! -s "$tmp/out"
done
"$BIN" perft chess >/dev/null 2>&1
check "perft without depth exits 2" test $? -eq 2
"$BIN" perft chess 3 --bogus >/dev/null 2>&1
check "perft with an unknown option exits 2" test $? -eq 2

# ---------------------------------------------------------------- UCI
# A command split across two writes, garbage, bad input, then a search.
{
    printf 'uc'
    sleep 0.2
    printf 'i\nisready\n'
    printf 'xyzzy plugh\n\n   \r\n'
    printf 'position fen 8/8/8/8/8/8/8/KK5k w - - 0 1\n'
    printf 'position startpos moves e2e4 e7e5 e1e3\n'
    printf 'position startpos moves e2e4 zz\n'
    printf 'go wtime abc\n'
    printf 'setoption name Hash value 8\nsetoption name Bogus value 1\n'
    printf 'ucinewgame\nposition startpos moves e2e4 e7e5 g1f3\ngo depth 4\n'
} | "$BIN" chess-uci >"$tmp/u" 2>"$tmp/ue"
rc=$?
check "uci exits 0 at end of input" test $rc -eq 0
check "uci: uciok" contains "$tmp/u" "uciok"
check "uci: id name" contains "$tmp/u" "id name ariadne-chess"
check "uci: readyok" contains "$tmp/u" "readyok"
check "uci: garbage reported" contains "$tmp/u" "info string unknown command 'xyzzy'"
check "uci: two kings refused" contains "$tmp/u" "info string position ignored: FEN: white has 2 kings"
check "uci: illegal move refused" contains "$tmp/u" "info string position ignored: move 'e1e3' is illegal"
check "uci: bad move text refused" contains "$tmp/u" "move 'zz' is illegal"
check "uci: bad go refused" contains "$tmp/u" "info string go ignored"
check "uci: unknown option" contains "$tmp/u" "no option 'Bogus'"
check "uci: info line" grep -q '^info depth 4 seldepth [0-9]* score cp -\?[0-9]* nodes [0-9]* nps [0-9]* hashfull [0-9]* time [0-9]* pv ' "$tmp/u"
check "uci: one bestmove, a black move" test "$(grep -c '^bestmove [a-h][78][a-h][5-8]' "$tmp/u")" -eq 1
check "uci: nothing on stderr" test ! -s "$tmp/ue"

# stop during an infinite search; ponder then ponderhit; quit.
{
    printf 'uci\nposition startpos\ngo infinite\n'
    sleep 0.5
    printf 'isready\nstop\n'
    printf 'position startpos moves e2e4\ngo ponder wtime 2000 btime 2000\n'
    sleep 0.3
    printf 'ponderhit\n'
    sleep 1.2
    printf 'quit\n'
    sleep 0.5
} | timeout 60 "$BIN" chess-uci >"$tmp/u" 2>&1
rc=$?
check "uci: quit exits 0" test $rc -eq 0
check "uci: readyok during the search" contains "$tmp/u" "readyok"
check "uci: two bestmoves (stop, ponderhit)" test "$(grep -c '^bestmove ' "$tmp/u")" -eq 2
# EOF during an infinite search stops it and answers.
printf 'uci\nposition startpos\ngo infinite\n' | timeout 60 "$BIN" chess-uci >"$tmp/u" 2>&1
check "uci: EOF during infinite search answers bestmove" grep -q '^bestmove ' "$tmp/u"
# mate found through the pipe
printf 'position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\ngo depth 3\n' | "$BIN" chess-uci >"$tmp/u" 2>&1
check "uci: mate in one" contains "$tmp/u" "bestmove d1d8"
check "uci: mate score" contains "$tmp/u" "score mate 1"

# ---------------------------------------------------------------- play
printf 'e4\nquit\n' | "$BIN" play chess --bot engine:depth=2 >"$tmp/pl" 2>&1
check "play draws the board" contains "$tmp/pl" "a b c d e f g h"

# ---------------------------------------------------------------- match, PGN
"$BIN" match chess --bots engine:depth=1,engine:depth=2 --games 2 --pgn "$tmp/m.pgn" --quiet >"$tmp/m" 2>&1
check "match prints the table" contains "$tmp/m" "| engine:depth=1 | engine:depth=2 | 2 |"
"$BIN" chess-pgn "$tmp/m.pgn" --check >"$tmp/c" 2>&1
check "match PGN reads back" contains "$tmp/c" "2 games"
printf '[Event "x"]\n\n1. e4 e5 2. Ke3 *\n' >"$tmp/bad.pgn"
"$BIN" chess-pgn "$tmp/bad.pgn" >"$tmp/out" 2>"$tmp/err"
check "illegal PGN move exits 2" test $? -eq 2
check "illegal PGN move named" contains "$tmp/err" "game 1: PGN: move 2. move 'Ke3' is illegal"
"$BIN" match chess --bots engine,bogus >/dev/null 2>"$tmp/err"
check "bad bot exits 2" test $? -eq 2
"$BIN" match chess --bots "engine,uci:/nonexistent/engine" >/dev/null 2>"$tmp/err"
check "missing engine program exits 2" test $? -eq 2

# ---------------------------------------------------------------- bench
"$BIN" bench chess --quick >"$tmp/b" 2>&1
check "bench chess --quick matches the recorded counts" test $? -eq 0

exit $fail
