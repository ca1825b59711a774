#!/usr/bin/env bash
# mpi_ida.sh — parallel IDA* (`ariadne-mpi solve --algo ida`) under mpirun
# with 1, 2 and 4 processes. On the 8- and 15-puzzle (the sliding-tile
# kernel: Manhattan distance, linear conflicts, pattern databases 6-6-3 built
# into a temporary cache) the length equals `ariadne solve --algo ida`, with
# one process the expansions are exactly the sequential solver's, and with
# any number every iteration but the last expands exactly the same nodes (work
# stealing neither loses nor repeats a node). The generic kernel does the same
# on Hanoi and Sarov against A*. Moves verify.
. "$(dirname "$0")/lib_mpi.sh" "$@"

korf12="14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15"   # 45 moves
korf55="13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11"   # 41 moves
korf9="3 14 9 11 5 4 8 2 13 12 6 7 10 1 15 0"     # 46 moves
cases=(
    "8 6 7 2 5 4 3 0 1|manhattan"
    "$korf12|manhattan"
    "$korf12|linear"
    "$korf9|manhattan"
    "$korf55|pdb|--pattern|6-6-3"
)
# every iteration's expansions but the last, as "bound:expanded" words
early_iterations() {
    sed -n 's/.*"iterations":\[\(.*\)\].*/\1/p' "$1" | sed 's/},{/}\n{/g' |
        sed -n 's/.*"bound":\([0-9]*\),"expanded":\([0-9]*\).*/\1:\2/p' | sed '$d' | tr '\n' ' '
}
for c in "${cases[@]}"; do
    IFS='|' read -r -a w <<<"$c"
    board=${w[0]}
    h=${w[1]}
    extra=("${w[@]:2}")
    seq_run solve tiles "$board" --algo ida --heuristic "$h" "${extra[@]}" --json
    want=$(field length "$tmp/seq")
    want_nodes=$(field nodes_expanded "$tmp/seq")
    [ -n "$want" ] && ok || bad "no sequential IDA* result for $c"
    mrun 1 solve tiles "$board" --algo ida --heuristic "$h" "${extra[@]}" --json
    expect_rc 0 "np 1: $c"
    [ "$(field nodes_expanded)" = "$want_nodes" ] && ok ||
        bad "np 1 expanded $(field nodes_expanded), sequential IDA* $want_nodes: $c"
    early=$(early_iterations "$tmp/out")
    for np in 1 2 4; do
        mrun "$np" solve tiles "$board" --algo ida --heuristic "$h" "${extra[@]}" --json
        expect_rc 0 "np $np: $c"
        [ "$(field length)" = "$want" ] && ok || bad "np $np: length $(field length), sequential $want: $c"
        [ "$(field optimal)" = true ] && ok || bad "np $np: not claimed optimal: $c"
        [ "$(early_iterations "$tmp/out")" = "$early" ] && ok ||
            bad "np $np: iterations before the last differ: [$(early_iterations "$tmp/out")] vs [$early]: $c"
        [ "$(total sent)" = "$(total received)" ] && ok || bad "np $np: tasks sent $(total sent) != received $(total received)"
        # tasks move only when split off a search or from a queue of two or
        # more (two idle ranks once passed one task back and forth ~700 times)
        [ "$(total steals)" -lt 200 ] && ok || bad "np $np: $(total steals) steals: tasks passed back and forth? $c"
        verifies tiles "$board"
    done
done

# the generic kernel (domains without one of their own) against A*
"$ARIADNE" generate sarov --colours 4 --any --seed 8 >"$tmp/sarov.txt" 2>/dev/null
for c in "hanoi|--pegs|4|--discs|6" "sarov|-f|$tmp/sarov.txt"; do
    IFS='|' read -r -a w <<<"$c"
    domain=${w[0]}
    args=("${w[@]:1}")
    seq_run solve "$domain" "${args[@]}" --algo astar --json
    want=$(field cost "$tmp/seq")
    for np in 1 2 4; do
        mrun "$np" solve "$domain" "${args[@]}" --algo ida --json
        expect_rc 0 "generic np $np: $domain"
        [ "$(field cost)" = "$want" ] && ok || bad "generic np $np: cost $(field cost), A* $want: $domain"
        verifies "$domain" "${args[@]}"
    done
done

# a limit stops every rank: the proven lower bound is the bound reached
mrun 2 solve tiles "$korf12" --algo ida --heuristic manhattan --node-limit 1000 --json
expect_rc 3 "ida node limit"
[ "$(field stop_reason)" = '"node limit"' ] && ok || bad "ida node limit: $(field stop_reason)"
lb=$(field lower_bound)
[ -n "$lb" ] && [ "$lb" -ge 35 ] && [ "$lb" -le 45 ] && ok || bad "ida node limit: lower bound '$lb'"
finish
