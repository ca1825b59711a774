#!/usr/bin/env bash
# mpi_hda.sh — hash-distributed A* (`ariadne-mpi solve`, the default --algo
# hda) under mpirun with 1, 2 and 4 processes: on Hanoi, the 8- and
# 15-puzzle, Sarov and water jugs the length equals the sequential A*'s and is
# claimed optimal, the moves verify, the per-rank statistics add up (every
# state sent is received; the ranks' expansions sum to the total), a search
# that exhausts a finite space reports no solution (exit 1) on every count of
# processes, the abstract hash gives the same lengths, and limits stop the
# run with the labelled best so far; a rank starved of CPU does not make the
# others expand without end.
. "$(dirname "$0")/lib_mpi.sh" "$@"

# Sarov layouts (random, not all solvable), as files: their text spans lines
"$ARIADNE" generate sarov --colours 5 --any --seed 4 >"$tmp/sarov_solvable.txt" 2>/dev/null
"$ARIADNE" generate sarov --colours 5 --any --seed 9 >"$tmp/sarov_none.txt" 2>/dev/null

# domain, then the instance and options, one case per line ("|" separates words)
cases=(
    "hanoi|--pegs|4|--discs|7"
    "hanoi|--pegs|3|--discs|6|--from|123123|--to|312312"
    "tiles|8 6 7 2 5 4 3 0 1"
    "tiles|1 2 3 4 5 6 7 8 0|--goal|last"
    "tiles|14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15|--heuristic|linear"
    "tiles|13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11|--heuristic|linear"
    "sarov|-f|$tmp/sarov_solvable.txt"
    "jugs|6,10,15 -> 0,0,7|--cost|water"
)
for c in "${cases[@]}"; do
    IFS='|' read -r -a w <<<"$c"
    domain=${w[0]}
    args=("${w[@]:1}")
    # the sequential reference: A* with the same heuristic
    seq_run solve "$domain" "${args[@]}" --algo astar --json
    want=$(field cost "$tmp/seq")
    [ -n "$want" ] && [ "$(field optimal "$tmp/seq")" = true ] && ok || bad "no sequential optimum for $c"
    for np in 1 2 4; do
        mrun "$np" solve "$domain" "${args[@]}" --json
        expect_rc 0 "np $np: $c"
        [ "$(field cost)" = "$want" ] && ok || bad "np $np: cost $(field cost), sequential $want: $c"
        [ "$(field optimal)" = true ] && ok || bad "np $np: not claimed optimal: $c"
        [ "$(field processes)" = "$np" ] && ok || bad "np $np: processes $(field processes)"
        [ "$(total sent)" = "$(total received)" ] && ok || bad "np $np: sent $(total sent) != received $(total received)"
        [ "$(total expanded)" = "$(field nodes_expanded)" ] && ok || bad "np $np: per-rank expansions do not add up"
        if [ "$np" = 1 ]; then [ "$(total sent)" = 0 ] && ok || bad "np 1 sent states"; fi
        verifies "$domain" "${args[@]}"
    done
done

# np 1 is sequential A*: the same expansions as `ariadne solve --algo astar`
mrun 1 solve tiles "8 6 7 2 5 4 3 0 1" --heuristic linear --json
seq_run solve tiles "8 6 7 2 5 4 3 0 1" --algo astar --heuristic linear --json
[ "$(field nodes_expanded)" = "$(field nodes_expanded "$tmp/seq")" ] && ok ||
    bad "np 1 expanded $(field nodes_expanded), sequential A* $(field nodes_expanded "$tmp/seq")"

# abstract Zobrist hashing (rows of the 15-puzzle): same optimum, more kept local
for np in 2 4; do
    mrun "$np" solve tiles "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15" --heuristic linear --hash-group 4 --json
    expect_rc 0 "abstract hash np $np"
    [ "$(field cost)" = 45 ] && ok || bad "abstract hash np $np: cost $(field cost)"
    [ "$(field hash)" = '"abstract Zobrist"' ] && ok || bad "abstract hash not reported: $(field hash)"
    verifies tiles "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15"
done

# no solution: the whole reachable space searched, on every count of processes
seq_run solve sarov -f "$tmp/sarov_none.txt" --algo astar --json
[ "$(field status "$tmp/seq")" = '"no_solution"' ] && ok || bad "the Sarov layout has a solution after all"
for np in 1 2 4; do
    mrun "$np" solve sarov -f "$tmp/sarov_none.txt" --json
    expect_rc 1 "no solution np $np"
    [ "$(field status)" = '"no_solution"' ] && ok || bad "np $np: status $(field status), wanted no_solution"
    grep -q '"moves":null' "$tmp/out" && ok || bad "np $np: moves printed for no solution"
done
# ... and a parity-proven one, before any search
mrun 2 solve tiles "1 2 3 4 5 6 8 7 0"
expect_rc 1 "unsolvable parity"
grep -q "no solution" "$tmp/out" && ok || bad "unsolvable board not reported"

# a rank starved of CPU (both on one core, rank 1 at nice 19) holds up the
# states on the way to the goal; the others wait at the least f instead of
# expanding without end (before they did: over 2 minutes and millions of
# states for a 12 k-expansion search)
if command -v taskset >/dev/null; then
    timeout 300 taskset -c 0 "$MPIRUN" --oversubscribe -np 2 bash "$(dirname "$0")/starve.sh" "$AMPI" \
        solve tiles "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15" --heuristic linear --json >"$tmp/out" 2>"$tmp/err"
    rc=$?
    expect_rc 0 "starved rank"
    [ "$(field cost)" = 45 ] && ok || bad "starved rank: cost $(field cost)"
    n=$(field nodes_expanded)
    [ -n "$n" ] && [ "$n" -lt 400000 ] && ok || bad "starved rank: $n expansions for a search of 11782"
fi

# limits: a node limit stops every rank; the result is labelled, exit 3 without a solution
for np in 1 2; do
    mrun "$np" solve tiles "13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11" --heuristic manhattan --node-limit 200 --json
    expect_rc 3 "node limit np $np"
    [ "$(field stop_reason)" = '"node limit"' ] && ok || bad "np $np: stop reason $(field stop_reason)"
    lb=$(field lower_bound)
    [ -n "$lb" ] && [ "$lb" != null ] && [ "$lb" -le 41 ] && ok || bad "np $np: lower bound '$lb' not a proven bound below 41"
done
mrun 2 solve tiles "13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11" --heuristic manhattan --time-limit 0.05
[ "$rc" -eq 3 ] || [ "$rc" -eq 0 ] && ok || bad "time limit: exit $rc"
grep -q "status:" "$tmp/out" && ok || bad "time limit: no status line"
finish
