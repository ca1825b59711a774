#!/usr/bin/env bash
# node_counts.sh — the node counts and times of the hot paths, one row per run:
# label, length, nodes expanded, nodes generated, seconds. Two builds compared
# row by row show whether a change altered search behaviour (every count must
# be equal) or speed. Used for the restructure's before/after table in
# BENCHMARKS.md. The tiles 6-6-3 databases are built into the cache on first use.
# Usage: bench/node_counts.sh PATH/TO/ariadne [DATA_DIR]
set -u
A=${1:?usage: node_counts.sh ARIADNE [DATA_DIR]}
here=$(cd "$(dirname "$0")/.." && pwd)
D=${2:-$here/data}
run() {
    local label=$1 out t0 t1
    shift
    t0=$(date +%s.%N)
    out=$("$A" "$@" --json --quiet 2>/dev/null)
    t1=$(date +%s.%N)
    printf '%-18s %6s %11s %11s %8.3f\n' "$label" \
        "$(echo "$out" | sed -n 's/.*"length": *\([0-9]*\).*/\1/p')" \
        "$(echo "$out" | sed -n 's/.*"nodes_expanded": *\([0-9]*\).*/\1/p')" \
        "$(echo "$out" | sed -n 's/.*"nodes_generated": *\([0-9]*\).*/\1/p')" \
        "$(echo "$t1 - $t0" | bc)"
}
printf '%-18s %6s %11s %11s %8s\n' run length expanded generated seconds
run hanoi4-10-fs solve hanoi --pegs 4 --discs 10
for algo in astar idastar bfs iddfs bnb beam ucs wastar greedy; do
    run "hanoi4-7-$algo" solve hanoi --pegs 4 --discs 7 --from 1234123 --to 4321432 --algo "$algo"
done
run hanoi4-12-astar solve hanoi --pegs 4 --discs 12 --from 123412341234 --to 432143214321 --algo astar
for f in 317997 318164 318210; do run "sarov-$f" solve sarov -f "$D/sarov/$f.txt"; done
run jugs solve jugs --capacities 3,5 --target 4 --cost water
run tiles8 solve tiles "8 6 7 2 5 4 3 0 1"
K1="14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
for h in manhattan linear; do run "korf1-$h" solve tiles "$K1" --heuristic "$h"; done
run korf1-pdb663 solve tiles "$K1" --heuristic pdb --pattern 6-6-3
run loyd-fiendish solve loyd "FBCDE KAGHJ PLMIO UQRNT VWXS+" --time-limit 20
