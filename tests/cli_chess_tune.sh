# cli_chess_tune.sh — `ariadne chess-tune` on a tiny self-play set: the
# error of the evaluation goes down, the same seed gives the same weights
# (file and C table), another seed other positions; the weights file is
# loaded by the engine bot (eval=FILE) and by the UCI engine (setoption
# EvalFile), and bad options and files are refused with one line, exit 2.
#
# Usage: bash cli_chess_tune.sh ARIADNE_BINARY DATA_DIR
set -u
BIN=${1:?usage: cli_chess_tune.sh ARIADNE_BINARY DATA_DIR}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/lib_cli.sh"

tune() { # out-prefix seed
    "$BIN" chess-tune --games 6 --nodes 300 --seed "$2" --epochs 40 --rate 2 --quiet \
        --out "$tmp/$1.params" --c-out "$tmp/$1.c" --save-data "$tmp/$1.data" >"$tmp/$1.out" 2>"$tmp/$1.err"
}
tune a 5
check "tune exits 0" test $? -eq 0
cat "$tmp/a.err" >&2
check "self-play line" grep -q "^self-play: 6 games at 300 nodes a move (seed 5)" "$tmp/a.out"
# "error (...): training X -> Y, held out ...": Y < X
line=$(grep '^error' "$tmp/a.out")
before=$(echo "$line" | sed 's/.*training \([0-9.]*\) -> \([0-9.]*\),.*/\1/')
after=$(echo "$line" | sed 's/.*training \([0-9.]*\) -> \([0-9.]*\),.*/\2/')
check "training error goes down ($before -> $after)" awk -v a="$before" -v b="$after" 'BEGIN { exit !(b < a) }'
tune b 5
same() { # the files without the lines naming the command (its paths differ)
    test "$(grep -v 'chess-tune' "$1")" = "$(grep -v 'chess-tune' "$2")"
}
check "same seed, same weights" same "$tmp/a.params" "$tmp/b.params"
check "same seed, same C table" same "$tmp/a.c" "$tmp/b.c"
check "same seed, same positions" same "$tmp/a.data" "$tmp/b.data"
tune c 6
check "another seed, other positions" test "$(same "$tmp/a.data" "$tmp/c.data"; echo $?)" -eq 1
# tuning the saved positions again gives the weights of the self-play run
"$BIN" chess-tune --data "$tmp/a.data" --epochs 40 --rate 2 --quiet --out "$tmp/d.params" >"$tmp/d.out" 2>&1
check "data file read back" contains "$tmp/d.out" "data: $(grep -vc '^#' "$tmp/a.data") positions"
check "data file: same weights" test "$(grep -v '^#' "$tmp/a.params")" = "$(grep -v '^#' "$tmp/d.params")"
check "C table names the command" contains "$tmp/a.c" "ariadne chess-tune --games 6 --nodes 300 --seed 5"

# the engine plays with the weights file, over UCI and as a bot
printf 'uci\nsetoption name EvalFile value %s\nposition startpos\ngo depth 3\n' "$tmp/a.params" |
    "$BIN" chess-uci >"$tmp/u" 2>&1
check "uci advertises EvalFile" contains "$tmp/u" "option name EvalFile type string"
check "uci loads EvalFile" contains "$tmp/u" "info string EvalFile $tmp/a.params loaded"
check "uci searches with it" grep -q "^bestmove [a-h][1-8][a-h][1-8]" "$tmp/u"
printf 'setoption name EvalFile value %s\nisready\n' "$tmp/none.params" | "$BIN" chess-uci >"$tmp/u" 2>&1
check "uci: a missing EvalFile is an info string" grep -q "^info string setoption EvalFile ignored: " "$tmp/u"
check "uci: and carries on" contains "$tmp/u" "readyok"
"$BIN" match chess --bots "engine:depth=2:eval=$tmp/a.params,engine:depth=2:eval=handset" --games 2 \
    --pgn "$tmp/m.pgn" --quiet >"$tmp/m" 2>&1
check "match with eval=FILE plays" grep -q "engine:depth=2:eval=handset" "$tmp/m"
# --pgn: the quiet positions of a match's games, past their first 16 plies
"$BIN" chess-tune --pgn "$tmp/m.pgn" --epochs 10 --quiet --save-data "$tmp/p.data" >"$tmp/p.out" 2>&1
check "pgn read" grep -q "^pgn: [1-9][0-9]* quiet positions from 2 finished games of $tmp/m.pgn" "$tmp/p.out"
check "pgn positions saved" test "$(grep -vc '^#' "$tmp/p.data")" -gt 10
check "pgn positions carry the games' results" test "$(grep -v '^#' "$tmp/p.data" | cut -d'|' -f2 | sort -u | wc -l)" -le 2
"$BIN" chess-tune --data "$tmp/a.data" --epochs 7 --rate 2 --keep last --quiet >"$tmp/k.out" 2>&1
check "--keep last keeps the last epoch" grep -q "the weights of epoch 7 (the last)" "$tmp/k.out"
check "pgn positions numbered by game" test "$(grep -v '^#' "$tmp/p.data" | cut -d'|' -f3 | sort -u | tr -d ' ' | tr '\n' ,)" = "0,1,"

# bad input: one line on stderr, exit 2, nothing on stdout
bad() { # description, args...
    local what=$1
    shift
    "$BIN" "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    check "$what: exit 2 (got $rc)" test $rc -eq 2
    check "$what: one line" test "$(wc -l <"$tmp/err")" -eq 1
    check "$what: nothing on stdout" test ! -s "$tmp/out"
}
bad "unknown option" chess-tune --gmaes 3
bad "bad count" chess-tune --games -3
bad "bad rate" chess-tune --rate 0
bad "missing data" chess-tune --data "$tmp/none.data"
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 2-0\n' >"$tmp/bad.data"
bad "bad result" chess-tune --data "$tmp/bad.data"
check "bad result: line named" contains "$tmp/err" "line 1"
printf '# positions\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x | 1-0\n' >"$tmp/bad.data"
bad "text after the FEN" chess-tune --data "$tmp/bad.data"
check "text after the FEN: line named" contains "$tmp/err" "line 2: unexpected text after the FEN: 'x '"
head -3 "$tmp/a.params" >"$tmp/short.params"
bad "short weights file" match chess --bots "engine:depth=1:eval=$tmp/short.params,engine:depth=1"
bad "bad --from" chess-tune --from "$tmp/short.params"
bad "bad --freeze" chess-tune --freeze pst_mg,pst_xx
bad "--data and --pgn" chess-tune --data "$tmp/a.data" --pgn "$tmp/m.pgn"
bad "bad --keep" chess-tune --keep first
bad "missing pgn" chess-tune --pgn "$tmp/none.pgn"
printf '[Result "1-0"]\n\n1. e4 e5 2. Ke3 1-0\n' >"$tmp/bad.pgn"
bad "illegal move in pgn" chess-tune --pgn "$tmp/bad.pgn"
check "illegal move in pgn: game named" contains "$tmp/err" "bad.pgn: game 1:"
# --freeze leaves a group as it starts
"$BIN" chess-tune --data "$tmp/a.data" --epochs 20 --freeze value_mg,value_eg --quiet --out "$tmp/f.params" >/dev/null 2>&1
check "frozen values unchanged" test "$(grep '^value_' "$tmp/f.params")" = "$(printf 'value_mg 90 320 330 480 950 0\nvalue_eg 110 300 320 540 1000 0')"
"$BIN" chess-tune --data "$tmp/a.data" --epochs 0 --quiet --out "$tmp/h.params" >/dev/null 2>&1
check "the other groups are tuned" test "$(grep -v '^#' "$tmp/f.params")" != "$(grep -v '^#' "$tmp/h.params")"
# --label: positions scored by an external UCI engine (a fake one here,
# whose score is the FEN's length minus 60, from the side to move), saved
# as "cp N" lines, read back, and fitted; --sample keeps every Nth
cat >"$tmp/fake_uci.sh" <<'FAKE'
#!/bin/sh
while read -r cmd rest; do
    case "$cmd" in
    uci) echo "id name fake"; echo "uciok" ;;
    isready) echo "readyok" ;;
    position) fen=${rest#fen } ;;
    go) n=$(printf '%s' "$fen" | wc -c)
        echo "info depth 1 score cp 999 lowerbound"
        echo "info depth 2 score cp $((n - 60)) nodes 1"
        echo "bestmove 0000" ;;
    quit) exit 0 ;;
    esac
done
FAKE
chmod +x "$tmp/fake_uci.sh"
"$BIN" chess-tune --data "$tmp/a.data" --sample 3 --label "$tmp/fake_uci.sh" --label-depth 5 --epochs 30 --rate 2 \
    --quiet --save-data "$tmp/l.data" --out "$tmp/l.params" >"$tmp/l.out" 2>"$tmp/l.err"
check "label exits 0" test $? -eq 0
cat "$tmp/l.err" >&2
n=$(grep -vc '^#' "$tmp/a.data")
check "sample line" grep -q "^sample: every 3rd position, $(((n + 2) / 3)) of $n$" "$tmp/l.out"
check "label line" grep -q "^label: $(((n + 2) / 3)) positions scored by '$tmp/fake_uci.sh' at depth 5$" "$tmp/l.out"
check "targets are the scores" grep -q "^targets: $(((n + 2) / 3)) positions by an engine's score S" "$tmp/l.out"
fen1=$(grep -v '^#' "$tmp/l.data" | head -1 | cut -d'|' -f1 | sed 's/ *$//')
len1=$(printf '%s' "$fen1" | wc -c)
case "$fen1" in *" w "*) want=$((len1 - 60)) ;; *) want=$((60 - len1)) ;; esac
check "a label is the engine's final score, from white's side" \
    test "$(grep -v '^#' "$tmp/l.data" | head -1 | cut -d'|' -f2 | tr -d ' ')" = "cp$want"
line=$(grep '^error' "$tmp/l.out")
before=$(echo "$line" | sed 's/.*training \([0-9.]*\) -> \([0-9.]*\),.*/\1/')
after=$(echo "$line" | sed 's/.*training \([0-9.]*\) -> \([0-9.]*\),.*/\2/')
check "labelled: training error goes down ($before -> $after)" awk -v a="$before" -v b="$after" 'BEGIN { exit !(b < a) }'
"$BIN" chess-tune --data "$tmp/l.data" --epochs 30 --rate 2 --quiet --out "$tmp/l2.params" >"$tmp/l2.out" 2>&1
check "labelled data read back: same weights" test "$(grep -v '^#' "$tmp/l.params")" = "$(grep -v '^#' "$tmp/l2.params")"
bad "label: no such engine" chess-tune --data "$tmp/a.data" --label "$tmp/no-engine"
"$BIN" chess-tune --data "$tmp/a.data" --label /bin/true >"$tmp/out" 2>"$tmp/err"
check "label: not a UCI engine: exit 2" test $? -eq 2
check "label: not a UCI engine: one line" test "$(wc -l <"$tmp/err")" -eq 1
check "label: not a UCI engine: says so" contains "$tmp/err" "did not start as a UCI engine"
bad "bad --label-depth" chess-tune --label-depth 0
bad "bad --sample" chess-tune --sample 0
bad "bad --k" chess-tune --k -1
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | cp x\n' >"$tmp/bad.data"
bad "bad cp label" chess-tune --data "$tmp/bad.data"
exit $fail
