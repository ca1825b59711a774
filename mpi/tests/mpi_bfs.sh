#!/usr/bin/env bash
# mpi_bfs.sh — the distributed two-bit breadth-first search (`ariadne-mpi
# bfs`) under mpirun with 1, 2 and 4 processes: the complete depth
# distributions of 3- and 4-peg Hanoi (with the symmetry of the
# interchangeable pegs and without; one range of states per process, or
# blocks dealt round robin), the eccentricity, the farthest position
# and the goal distance are exactly those of the single-machine `ariadne
# bfs`; a time limit keeps the completed depths exact; a part of the table
# that does not fit the memory limit is refused up front on every rank with
# one line (exit 3); a domain without a dense ranking is refused (exit 2).
. "$(dirname "$0")/lib_mpi.sh" "$@"

cases=(
    "--pegs|4|--discs|9"
    "--pegs|4|--discs|8|--no-symmetry"
    "--pegs|3|--discs|8"
    "--pegs|4|--discs|7|--from|1234123|--to|4321432"
    "--pegs|5|--discs|6"
    "--pegs|4|--discs|10|--block|4096"
    "--pegs|4|--discs|9|--no-symmetry|--block|96"
)
for c in "${cases[@]}"; do
    IFS='|' read -r -a args <<<"$c"
    seq_args=()
    skip=0
    for x in "${args[@]}"; do # ariadne bfs has no --block
        if [ $skip = 1 ]; then skip=0; elif [ "$x" = --block ]; then skip=1; else seq_args+=("$x"); fi
    done
    seq_run bfs hanoi "${seq_args[@]}" --json
    [ "$seq_rc" = 0 ] && ok || bad "sequential bfs failed: $c"
    for np in 1 2 4; do
        mrun "$np" bfs hanoi "${args[@]}" --json
        expect_rc 0 "np $np: $c"
        for f in depth_states depth_classes; do
            [ "$(array $f)" = "$(array $f "$tmp/seq")" ] && ok || bad "np $np: $f differ: $c"
        done
        for f in states classes eccentricity farthest goal goal_distance complete; do
            [ "$(field $f)" = "$(field $f "$tmp/seq")" ] && ok || bad "np $np: $f $(field $f) vs $(field $f "$tmp/seq"): $c"
        done
        [ "$(total sent)" = "$(total received)" ] && ok || bad "np $np: sent $(total sent) != received $(total received)"
        [ "$(total expanded)" = "$(field classes)" ] && ok || bad "np $np: expanded $(total expanded) != classes $(field classes)"
        if [ "$np" -gt 1 ]; then [ "$(total sent)" -gt 0 ] && ok || bad "np $np: nothing crossed between processes: $c"; fi
    done
done

# a stop keeps the depths counted so far exact
seq_run bfs hanoi --pegs 4 --discs 12 --json
full=$(array depth_states "$tmp/seq")
mrun 2 bfs hanoi --pegs 4 --discs 12 --time-limit 0.05 --json
if [ "$rc" = 3 ]; then
    ok
    [ "$(field complete)" = false ] && ok || bad "time limit: complete $(field complete)"
    part=$(array depth_states)
    case "$full," in "$part,"*) ok ;; *) bad "time limit: depths [$part] are not a prefix of [$full]" ;; esac
else
    [ "$rc" = 0 ] && [ "$(array depth_states)" = "$full" ] && ok || bad "time limit: exit $rc"
fi

# the memory limit is per process and checked before the first level
mrun 2 bfs hanoi --pegs 4 --discs 12 --memory-limit 8K --quiet
expect_rc 3 "memory refusal"
one_error "needs .*memory limit" "memory refusal"

# a domain without a dense ranking
mrun 2 bfs tiles "1 2 3 4 5 6 7 8 0"
expect_rc 2 "bfs tiles"
one_error "no dense ranking" "bfs tiles"
finish
