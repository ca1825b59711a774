#!/usr/bin/env bash
# cli_newcomer.sh — what a new user met that surprised them (issue 12's audit),
# each checked so it cannot come back: numbers too large for their option are
# "out of range"/"too large", never accepted or "not a number"; a limit of no
# time says so; an unknown bench suite is one line and nothing else; --quiet
# hides the seed line too; options given twice or where they do not apply are
# refused.
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

# `at` where there is no formula solves and replays, as its help says (the
# final position agrees with `verify` of the same three moves: 23113).
expect 0 "$A" at hanoi --discs 5 --from 13213 --to 22131 --moves 3
grep -qx "23113" "$tmp/out" && ok || bad "at hanoi from/to: $(cat "$tmp/out" "$tmp/err")"
expect 2 "$A" at hanoi --discs 5 --from 13213 --to 22131 --moves 30
err_is "the solution has only 26 moves"; one_line

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

# Options are declared once: a repeated one, or one that does not apply to
# the verb or the algorithm, is refused with one line naming it.
expect 2 "$A" solve hanoi --discs 3 --discs 4
err_is "option --discs given twice"; one_line; no_output
expect 2 "$A" solve hanoi --discs 3 --node-limit 5 --node-limit 6
err_is "option --node-limit given twice"; one_line
expect 2 "$A" solve sarov -f a.txt -f b.txt
err_is "option -f given twice"; one_line
expect 2 "$A" solve hanoi --discs 3 --seed 4
err_is "option --seed does not apply to solve"; one_line; no_output
expect 2 "$A" generate jugs --time-limit 3
err_is "option --time-limit does not apply to generate"; one_line
expect 2 "$A" verify hanoi --discs 2 --heuristic misplaced "1-2 1-3 2-3"
err_is "option --heuristic does not apply to verify"; one_line
expect 2 "$A" solve hanoi --discs 3 --weight 3
err_is "option --weight applies to --algo wastar only"; one_line
expect 2 "$A" solve hanoi --discs 3 --algo astar --beam-width 5
err_is "option --beam-width applies to --algo beam only"; one_line
expect 2 "$A" solve hanoi --discs 3 --heuristic misplaced --algo recursive
err_is "recursive uses no heuristic (option --heuristic misplaced does not apply)"; one_line; no_output
expect 2 "$A" solve hanoi --discs 3 --pegs 4 --heuristic misplaced --algo bfs
err_is "bfs uses no heuristic"; one_line
expect 0 "$A" solve hanoi --discs 3 --pegs 4 --heuristic misplaced --algo astar --quiet
expect 0 "$A" solve tiles "8 6 7 2 5 4 3 0 1" --heuristic manhattan --algo ida --quiet
expect 0 "$A" solve hanoi --discs 3 --pegs 4 --algo wastar --weight 3 --quiet
expect 0 "$A" solve hanoi --discs 3 --pegs 4 --algo beam --beam-width 5 --quiet

# analyse: a proven rule's answer wins and no ten-second search is spent.
start=$(date +%s)
expect 0 "$A" analyse nim "3 4 4095"
[ $(( $(date +%s) - start )) -le 5 ] && ok || bad "analyse nim took more than 5 s"
grep -q "^first to move: value win (proven by rule bouton)" "$tmp/out" && ok || bad "analyse nim value: $(cat "$tmp/out")"
grep -q "^best move: 3:4088" "$tmp/out" && ok || bad "analyse nim best move: $(cat "$tmp/out")"
expect 0 "$A" analyse nim "3 4 4095" --json
grep -q '"best": "3:4088"' "$tmp/out" && ok || bad "analyse nim --json: $(cat "$tmp/out")"
# ... where the search proves the value itself, it says so (and agrees).
expect 0 "$A" analyse nim "3 4 5"
grep -q "value win in 11 plies (proven)" "$tmp/out" && ok || bad "analyse nim 3 4 5: $(cat "$tmp/out")"
# analyse on simultaneous moves picks MCTS itself.
expect 0 "$A" analyse tron --iters 300 --seed 1
grep -q "MCTS" "$tmp/out" && ok || bad "analyse tron: $(cat "$tmp/out" "$tmp/err")"
# ... and a variant it cannot value is refused before anything is printed.
expect 2 "$A" analyse goofspiel --players 3 --iters 100
err_is "3 players"; one_line; no_output
# A bad evaluation is refused before anything is printed.
expect 2 "$A" analyse nim "3 4 5" --eval nope
err_is "no evaluation 'nope'"; one_line; no_output

# Pattern databases: the size announced before a build is the file's (a
# projected table stores fewer entries than its search visits).
expect 0 "$A" pdb build tiles --size 4x4 --pattern 5-5-5 --pdb-dir "$tmp/pdb5"
err_is "524160 entries, 259.9 KiB on disk"
size=$(stat -c %s "$tmp/pdb5/tiles-4x4-1.2.3.6.7-4b.pdb")
[ "$size" -eq 266176 ] && ok || bad "the 5-tile file has $size bytes (announced 259.9 KiB = 266176)"

# Pattern databases: a file cut inside its header is "truncated" (its magic is
# intact), a directory is "is a directory"; the path is named once.
mkdir -p "$tmp/pdb"
expect 0 "$A" pdb build tiles --size 3x3 --pattern 4-4 --pdb-dir "$tmp/pdb" --quiet
f=$(ls "$tmp/pdb"/*.pdb | head -1)
head -c 100 "$f" >"$tmp/cut.pdb"
expect 2 "$A" pdb info "$tmp/cut.pdb"
err_is "truncated: 100 bytes, shorter than the 4096-byte header"; one_line; no_output
expect 2 "$A" pdb info "$tmp"
err_is "is a directory"; one_line
cp "$tmp/cut.pdb" "$f"
expect 2 "$A" solve tiles "8 6 7 2 5 4 3 0 1" --heuristic pdb --pattern 4-4 --pdb-dir "$tmp/pdb" --quiet
err_is "truncated"; one_line
[ "$(grep -o "$(basename "$f")" "$tmp/err" | wc -l)" -eq 1 ] && ok || bad "the path is named more than once: $(cat "$tmp/err")"

# A bad move is named once: by its index and text, then the domain's reason.
expect 2 "$A" verify sarov -f "$2/sarov/ramses.txt" "1-2"
err_is "move 1 ('1-2'): the run from column 1"; one_line
[ "$(grep -o "1-2" "$tmp/err" | wc -l)" -eq 1 ] && ok || bad "the move text is repeated: $(cat "$tmp/err")"

# tron-bot: an unknown bot lists each kind once; unreadable input is an error.
expect 2 "$A" tron-bot --bot bogus
one_line
[ "$(grep -o ' random' "$tmp/err" | wc -l)" -eq 1 ] && ok || bad "a bot kind listed twice: $(cat "$tmp/err")"
"$A" tron-bot <"$tmp" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] && grep -q "cannot read standard input" "$tmp/err" && ok || bad "tron-bot < DIR: exit $rc: $(cat "$tmp/err")"
printf '' | "$A" tron-bot >"$tmp/out" 2>"$tmp/err" && ok || bad "tron-bot: empty input is not the end"

# play draws the position: Hanoi's pegs, Sarov's columns standing up.
printf 'quit\n' | "$A" play hanoi --discs 3 >"$tmp/out" 2>&1
grep -q '^ 3$' "$tmp/out" && grep -q '^ --  --  --$' "$tmp/out" && ok || bad "play hanoi picture: $(cat "$tmp/out")"
printf 'quit\n' | "$A" play sarov -f "$2/sarov/ramil69.txt" >"$tmp/out" 2>&1
grep -q '^  1  2  3  4  5  6  7  8$' "$tmp/out" && grep -q '^ b4 b6 f5 d2 b0 c5 f6 a1$' "$tmp/out" && ok ||
    bad "play sarov picture: $(cat "$tmp/out")"

# Moves given both ways to verify are refused, not read as an instance.
echo "1-2 1-3 2-3" >"$tmp/moves.txt"
expect 2 "$A" verify hanoi --discs 2 1-3 --moves-file "$tmp/moves.txt"
err_is "'1-3' reads as moves, and --moves-file gives them too"; one_line; no_output
expect 0 "$A" verify hanoi --discs 2 --moves-file "$tmp/moves.txt"
expect 0 "$A" verify hanoi --discs 2 "11 33" --moves-file "$tmp/moves.txt"

# Options of a game that contradict each other are refused.
expect 2 "$A" analyse nim "3 4 5" --play normal --misere
err_is "option --misere contradicts option --play normal"; one_line; no_output

# A match from a finished position is refused before any game.
expect 2 "$A" match tictactoe --bots random,random xxx/oo./...
err_is "the start position is already finished (X wins)"; one_line; no_output

# An external bot that cannot run is refused before any game is played.
expect 2 "$A" match tron --bots cmd:/nonexistent/prog,random --maps "$2/tron/maps/u.txt" --games 2 --seed 1
err_is "cannot run '/nonexistent/prog': No such file or directory"; one_line; no_output

# The weighted IDA* takes --weight (named in the refusal for other algorithms),
# and a large weight is fast: weight 50 on Korf's first instance solves at
# once (it found nothing in minutes before children were ordered and cycles
# on the path cut); the solution replays.
K1="14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
expect 2 "$A" solve tiles "$K1" --weight 3
err_is "applies to --algo wastar or wida only"; one_line; no_output
for w in 50 1000; do
    expect 0 "$A" solve tiles "$K1" --algo wida --weight "$w" --heuristic linear --time-limit 3 --json --quiet
    moves=$(sed -n 's/.*"moves":"\([^"]*\)".*/\1/p' "$tmp/out")
    [ -n "$moves" ] && "$A" verify tiles "$K1" "$moves" >/dev/null 2>&1 && ok || bad "wida weight $w: $(cat "$tmp/out")"
done

# The anytime solver returns a solution on a random 8x8 early (weighted A*
# seeds it: 849 moves within 1.5 million expansions on this board; a node
# limit, not a time limit, so that the load and sanitizers do not matter),
# and pattern databases exist for 8x8 (groups of three, "blocks").
"$A" generate tiles --size 8x8 --seed 1 --quiet >"$tmp/t8.txt"
expect 0 "$A" solve tiles -f "$tmp/t8.txt" --algo anytime --node-limit 1000000 --json --quiet
moves=$(sed -n 's/.*"moves":"\([^"]*\)".*/\1/p' "$tmp/out")
[ -n "$moves" ] && "$A" verify tiles "$(cat "$tmp/t8.txt")" "$moves" >/dev/null 2>&1 && ok ||
    bad "anytime 8x8: $(cut -c1-300 "$tmp/out")"
expect 0 "$A" pdb build tiles --size 8x8 --pdb-dir "$tmp/pdb8x8" --quiet
[ "$(ls "$tmp/pdb8x8" | wc -l)" -eq 21 ] && ok || bad "8x8 blocks: $(ls "$tmp/pdb8x8" | wc -l) files, wanted 21"

# A cache directory that cannot be written: the solve works and says the
# database is not cached.
expect 0 "$A" solve tiles "$K1" --pdb-dir /proc/ariadne-cache --heuristic pdb --pattern 5-5-5
err_is "is not cached"

# Rule bots answer by rule: Gross's pairing plays white by the game's other
# rule (Lehman's), not by a second of search per move.
expect 0 timeout 60 "$A" match bridgit --bots shannon,pairing --size 12 --games 2 --seed 3 --quiet
grep -q "| shannon | pairing | 2 |" "$tmp/out" && ok || bad "bridgit rule bots: $(cat "$tmp/out" "$tmp/err")"

echo "cli_newcomer: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
