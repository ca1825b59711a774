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

# --- 5, 6. exit statuses and nothing printed before an error -----------------
expect 2 "$A" match goofspiel --bots random,random --players 3
no_output; one_line
expect 2 "$A" match tron --bots wallhug,random --maps "$DATA/tron/maps" --replay /proc/nonexistent/dir
no_output; one_line
# a replay directory that does not exist yet is made (with its parents)
expect 0 "$A" match planetwars --bots rage,bully --maps "$DATA/planetwars/maps/map1.txt" --move-time 0.05 \
    --replay "$tmp/new/replays" --quiet
[ -s "$tmp/new/replays/map1-1.json" ] && ok || bad "match planetwars --replay did not write into a new directory"
# planetwars stopped by Ctrl-C: exit 3 like every match
"$A" match planetwars --bots search,search --maps "$DATA/planetwars/maps" --move-time 0.5 --quiet >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 2; kill -INT $pid; wait $pid; st=$?
[ "$st" -eq 3 ] && ok || bad "match planetwars interrupted exited $st"

# a benchmark stops on Ctrl-C within a fraction of a second, whatever its
# current row is doing (peg's rows run minutes), keeps the rows finished
# before it and says so; with --json too
for j in "" --json; do
    "$A" bench peg $j >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    sleep 1.5; t0=$(date +%s%N); kill -INT $pid; wait $pid; st=$?; ms=$(( ($(date +%s%N) - t0) / 1000000 ))
    [ "$st" -eq 3 ] && [ "$ms" -lt 1500 ] && ok || bad "bench peg $j interrupted: exit $st after $ms ms"
    out_has "interrupted (Ctrl-C): the rows above were finished before it"
done
pgrep -f "ariadne bench peg" >/dev/null && bad "bench peg left a process behind" || ok

# --- 7. a partial move list is labelled ---------------------------------------
expect 3 "$A" solve hanoi --discs 30 --time-limit 0.2 --json
out_has '"partial":true'; out_has '"note":"the move list is incomplete'

# --- 8. Elo intervals and match JSON -----------------------------------------
expect 0 "$A" match tictactoe --bots perfect,random --games 2 --json --seed 1 --quiet
out_has '"seed": 1'; out_has '"games_per_pair": 2'; out_has '"elo": null'
grep -q '1000000000\|"error95": 0.0' "$tmp/out" && bad "match --json writes 1e9 or a zero error" || ok
expect 0 "$A" match tictactoe --bots perfect,perfect --games 2 --seed 1 --quiet
grep -q '0 ± 0 \[0, 0\]' "$tmp/out" && bad "two draws give a zero-width interval" || ok

# --- 9. a stopped database build names why ------------------------------------
expect 3 "$A" pdb build hanoi --pegs 4 --discs 14 --time-limit 0.5 --pdb-dir "$tmp/pdb" --quiet
err_has "stopped by the time limit"

# --- 10. a table that can never fit is bad input ------------------------------
expect 2 "$A" bfs hanoi --pegs 4 --discs 30
err_has "more than this machine's memory"
expect 2 "$A" bfs hanoi --pegs 16 --discs 64

# --- 11, 12. options that do not apply ----------------------------------------
expect 2 "$A" analyse nim "3 4 5" --iters 100
err_has "does not apply"
expect 2 "$A" analyse nim "3 4 5" --algo mcts --depth 3
expect 2 "$A" analyse chess --seed 3
expect 2 "$A" at hanoi --moves 3 --algo nosuch --heuristic nosuch
err_has "unknown algorithm"
expect 2 "$A" at hanoi --moves 3 --algo astar
err_has "does not apply"

# --- 13. repeats refused everywhere, one spelling per concept -----------------
for cmd in "match tictactoe --bots perfect,random --games 2 --games 4" \
           "analyse nim --misere --misere" "perft chess 1 --divide --divide" \
           "tron-bot --bot random --bot wallhug" "count knight 5x5 --closed --closed" \
           "bfs hanoi --discs 3 --no-symmetry --no-symmetry" "solve hanoi --discs 3 --discs 4" \
           "replay x.json --turn 3 --turn 4" "ants-bot --bot random --bot random" \
           "match planetwars --bots a,b --maps x --turn-time 1 --move-time 2"; do
    # shellcheck disable=SC2086
    expect 2 "$A" $cmd
    err_has "given twice"
done
expect 0 "$A" generate hanoi --json --seed 3
out_has '"domain":"hanoi","seed":3,"instance":'

# --- 15. --json on every verb that prints a result ------------------------------
for cmd in "list" "perft tictactoe 3" "maze-waves S..G" "bench knight --quick" "magic-xor" \
           "count knight 5x5" "bfs peg --board english --time-limit 0.2"; do
    # shellcheck disable=SC2086
    "$A" $cmd --json >"$tmp/out" 2>"$tmp/err"
    python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/out" 2>/dev/null && ok ||
        bad "$cmd --json is not one JSON object: $(head -c 200 "$tmp/out")"
done

# --- 16, 17, 18. empty or garbage input ---------------------------------------
for d in hanoi jugs hares maze magic coins peg knight; do
    expect 2 "$A" solve $d -f /dev/null
    err_has "empty instance"
done
expect 2 "$A" solve hanoi ""
expect 2 "$A" maze-waves ''
printf '123 456 789\n' >"$tmp/bad.pgn"
expect 2 "$A" chess-pgn "$tmp/bad.pgn" --check
printf 'garbage\n' | "$A" ants-bot >"$tmp/out" 2>"$tmp/err"
err_has "not a setting"

# --- 19. the user's text whole, on one line -----------------------------------
expect 2 "$A" verify coins 'HHHTTT -> HTHTHT' '0+1>12345678+12345679'
err_has "12345678"
expect 2 "$A" verify maze 'S..G' r4294967297c2
err_has "r4294967297c2"
expect 2 "$A" generate tiles --size 100000000000000000000x2
err_has "100000000000000000000x2"
expect 2 "$A" solve hanoi --discs 100000000000000000000
err_has "too large"
expect 2 "$A" solve hanoi $'--x\nsecond line'
one_line

# --- 20. no \r progress on a pipe ---------------------------------------------
"$A" match tictactoe --bots perfect,random --games 4 --seed 1 >/dev/null 2>"$tmp/err"
grep -q $'\r' "$tmp/err" && bad "match writes \\r progress to a pipe" || ok

# --- 25. results that agree with themselves -----------------------------------
expect 1 "$A" solve hares HT_HT_TH
grep -q "lower bound" "$tmp/out" && bad "'no solution' beside a lower bound" || ok
expect 0 "$A" solve knight 8x8 --json
out_has '"optimal":true'; out_has '"lower_bound":63'
expect 0 "$A" solve magic --order 4 --json
out_has '"optimal":true'
expect 0 "$A" solve tiles "8 6 7 2 5 4 3 0 1" --algo greedy --json
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); sys.exit(0 if (r["lower_bound"]==r["cost"])==r["optimal"] else 1)' "$tmp/out" && ok ||
    bad "greedy: optimal and lower bound disagree: $(cat "$tmp/out")"
"$A" hint tiles "1 2 3 4 5 6 8 7 0" >"$tmp/out" 2>&1
grep -q "no solution: no solution" "$tmp/out" && bad "hint says 'no solution' twice" || ok

# --- 26. play draws what a person wants to see --------------------------------
printf 'r1c2=1\nquit\n' | "$A" play magic '8 . . / . 5 . / . . .' >"$tmp/out" 2>&1
grep -q "moves so far: 1 (r1c2=1)" "$tmp/out" && ok || bad "play magic: a cell out of the search order refused: $(tail -3 "$tmp/out")"
printf 'L\nL\nundo\nquit\n' | "$A" play tiles '1 2 0 3 4 5 6 7 8' >"$tmp/out" 2>&1
grep -q "solved in 2 moves! (undo, restart or quit)" "$tmp/out" && grep -q "moves so far: 1 (L)" <(tail -6 "$tmp/out") &&
    ok || bad "play tiles: no undo after solving: $(tail -8 "$tmp/out")"
printf 'quit\n' | "$A" play knight 5x5 >"$tmp/out" 2>&1
grep -q "^    a b c d e" "$tmp/out" && ok || bad "play knight: no column letters"
printf '5\nquit\n' | "$A" play goofspiel --seed 1 --quiet >"$tmp/out" 2>&1
grep -q "you play 5; the bot (P2) plays" "$tmp/out" && ok || bad "play goofspiel: the bot's bid is not shown"
printf 'quit\n' | "$A" play planetwars --seed 1 --quiet >"$tmp/out" 2>&1
grep -q "planet  owner" "$tmp/out" && ok || bad "play planetwars: no table of planets"
printf 'quit\n' | "$A" play ants --seed 1 --quiet >"$tmp/out" 2>&1
grep -q '?' "$tmp/out" && ok || bad "play ants: the map is shown without fog"

# --- 4. a match shows its progress (on a terminal; --progress text forces it) --
"$A" match tron --bots alphabeta,chambers --maps "$DATA/tron/maps/u.txt" --move-time 0.1 --progress text \
    >"$tmp/out" 2>"$tmp/err"
grep -q "match tron .*games.*turn" "$tmp/err" && ok || bad "match tron shows no progress: $(head -c 200 "$tmp/err")"

# --- 21. without --algo a domain picks the best it has -------------------------
expect 0 "$A" solve hares --hares 57 --tortoises 57 --json --memory-limit 64M
out_has '"algorithm":"rule"'; out_has '"length":3363'

# --- 22. generate coins makes rows the default solver solves ------------------
for seed in 1 2 3; do
    i=$("$A" generate coins --seed $seed 2>/dev/null)
    expect 0 "$A" solve coins "$i" --time-limit 30 --quiet
done

# --- 23. a stopped search suggests the better option the domain knows ---------
"$A" generate tiles --size 5x5 --seed 2 >"$tmp/t5" 2>/dev/null
expect 0 "$A" solve tiles -f "$tmp/t5" --time-limit 1 --pdb-dir off
out_has "pdb build tiles --size 5x5"
# (within the second the anytime search may or may not have a first solution:
# exit 0 or 3 by the machine's speed; the suggestion is there either way)
"$A" solve loyd "SLE+F BQVIT NKGMR WOXDU PCHJA" --time-limit 1 --pdb-dir off >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] || [ $rc -eq 3 ] && ok || bad "solve loyd --time-limit 1: exit $rc"
out_has "pdb build loyd"
"$A" help tiles >"$tmp/out"; out_has "default 6-6-3 on 4x4"

# --- 27. moves in, moves out: solve's output is what verify reads --------------
"$A" solve knight 8x8 >"$tmp/tour.txt" 2>/dev/null
expect 0 "$A" verify knight 8x8 --moves-file "$tmp/tour.txt"
"$A" solve knight 8x8 --moves-only >"$tmp/tour2.txt" 2>/dev/null
grep -q "^domain\|^length" "$tmp/tour2.txt" && bad "--moves-only prints more than the moves" || ok
expect 0 "$A" verify knight 8x8 --moves-file "$tmp/tour2.txt"

# --- 34. one name and one range per concept ------------------------------------
for cmd in "solve tiles -f x --batch --threads 257" "pdb build tiles --threads 257" "bfs hanoi --threads 257"; do
    expect 2 "$A" $cmd
    err_has "1..256\|out of range\|too large"
done
for cmd in "match tictactoe --bots random,random --games 1000001" "match tron --bots random,random --games 1000001" \
           "match planetwars --bots rage,bully --games 1000001"; do
    expect 2 "$A" $cmd
done
expect 0 "$A" match planetwars --bots rage,bully --maps "$DATA/planetwars/maps/map1.txt" --turn-time 0.05 --quiet

# --- 35. no fuzzer leftovers in the tree ---------------------------------------
src=$(dirname "$DATA")
ls "$src"/slow-unit-* "$src"/crash-* "$src"/timeout-* >/dev/null 2>&1 && bad "fuzzer leftovers at the repository root" || ok
grep -q "slow-unit-" "$src/.gitignore" && ok || bad ".gitignore does not ignore fuzzer leftovers"

echo "cli_habits: $pass passed, $fail failed"
exit $((fail > 0))
