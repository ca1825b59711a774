#!/usr/bin/env bash
# bench/mpi.sh — the distributed searches of ariadne-mpi, 1 process against 2
# (and 4, oversubscribed, for the communication counts): for each algorithm
# the speed-up, and per expansion the messages, bytes and states that cross
# between processes and the duplicate and search overhead. BENCHMARKS.md
# quotes this output; the load average is printed with every table.
# Usage: bench/mpi.sh BUILD_DIR [--quick] [--pdb-dir DIR]
#   BUILD_DIR holds ariadne and mpi/ariadne-mpi; --pdb-dir: where the 15- and
#   24-puzzle pattern databases are (6-6-3 is built there if missing; the
#   24-puzzle rows need 6-6-6-6 there already: `ariadne pdb build tiles
#   --size 5x5 --pattern 6-6-6-6 --pdb-dir DIR`).
set -u
build=${1:?usage: bench/mpi.sh BUILD_DIR [--quick] [--pdb-dir DIR]}
shift
quick=0
pdb=${XDG_CACHE_HOME:-$HOME/.cache}/ariadne
while [ $# -gt 0 ]; do
    case $1 in
    --quick) quick=1 ;;
    --pdb-dir) pdb=$2; shift ;;
    *) echo "bench/mpi.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
    shift
done
A=$build/ariadne
M=$build/mpi/ariadne-mpi
here=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -x "$M" ]; then
    echo "bench/mpi.sh: $M is not built (configure with -DARIADNE_MPI=ON and Open MPI installed)" >&2
    exit 2
fi
if [ "$(id -u)" = 0 ]; then export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

field() { sed -n "s/.*\"$1\":\(\"[^\"]*\"\|[^,}]*\).*/\1/p" "$tmp/out" | head -1; }
total() { sed -n "s/.*\"total\":{[^}]*\"$1\":\([0-9.]*\).*/\1/p" "$tmp/out" | head -1; }
# the most any one process did of a counter: the work-bound speed-up is the
# single process's total over this (what the run would gain with a core per
# process and free messages; independent of the machine's load)
busiest() { sed -n 's/.*"ranks":\[\(.*\)\],"total".*/\1/p' "$tmp/out" | grep -o "\"$1\":[0-9]*" | cut -d: -f2 | sort -n | tail -1; }
div() { awk -v a="$1" -v b="$2" -v f="${3:-%.3f}" 'BEGIN { if (b > 0) printf f, a / b; else printf "-" }'; }
run() { # NP ARGS...: ariadne-mpi's JSON in $tmp/out
    local np=$1
    shift
    mpirun --oversubscribe -np "$np" "$M" "$@" --json --quiet >"$tmp/out" 2>"$tmp/err"
}
load() { printf '\nload average before: %s\n\n' "$(cut -d' ' -f1-3 /proc/loadavg)"; }

# --- HDA* ----------------------------------------------------------------
"$A" pdb build tiles --size 4x4 --pattern 6-6-3 --pdb-dir "$pdb" --quiet >/dev/null 2>&1
if [ $quick = 1 ]; then
    hda=("14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15|linear")
    nps="1 2"
else
    hda=("14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15|linear"
        "$(sed -n 3p "$here/data/tiles/korf100.txt" | cut -d' ' -f3-)|pdb"
        "$(sed -n 15p "$here/data/tiles/korf100.txt" | cut -d' ' -f3-)|pdb"
        "$(sed -n 17p "$here/data/tiles/korf100.txt" | cut -d' ' -f3-)|pdb")
    nps="1 2 4"
fi
echo "### HDA* (mpirun -np N ariadne-mpi solve tiles BOARD --heuristic H [--pattern 6-6-3 --pdb-dir DIR])"
load
echo "| board | heuristic | np | length | expansions | overhead vs np 1 | re-expanded | sent / expansion | messages / expansion | bytes / expansion | duplicates / expansion | s | speed-up | work-bound speed-up |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for c in "${hda[@]}"; do
    board=${c%|*}
    h=${c#*|}
    extra=()
    [ "$h" = pdb ] && extra=(--pattern 6-6-3 --pdb-dir "$pdb")
    base_n=0 base_s=0
    for np in $nps; do
        run "$np" solve tiles "$board" --heuristic "$h" "${extra[@]}"
        n=$(field nodes_expanded) s=$(field seconds)
        [ "$np" = 1 ] && base_n=$n base_s=$s
        echo "| ${board:0:20}... | $h | $np | $(field length) | $n | $(div "$n" "$base_n" %.2fx) | $(total reexpanded) |" \
             "$(div "$(total sent)" "$n") | $(div "$(total messages_sent)" "$n" %.4f) | $(div "$(total bytes_sent)" "$n" %.1f) |" \
             "$(div "$(total duplicates)" "$n") | $s | $(div "$base_s" "$s" %.2f) | $(div "$base_n" "$(busiest expanded)" %.2f) |"
    done
done

# --- parallel IDA* ---------------------------------------------------------
if [ $quick = 1 ]; then
    ida=("$(sed -n 12p "$here/data/tiles/korf100.txt" | cut -d' ' -f3-)|manhattan")
else
    ida=("$(sed -n 17p "$here/data/tiles/korf100.txt" | cut -d' ' -f3-)|linear"
        "$(sed -n 49p "$here/data/tiles/korf100.txt" | cut -d' ' -f3-)|linear")
    for i in 40 25; do
        if ls "$pdb"/tiles-5x5-*-4b.pdb >/dev/null 2>&1; then
            ida+=("$(sed -n ${i}p "$here/data/tiles/korf24_50.txt" | cut -d' ' -f3-)|pdb")
        fi
    done
fi
echo
echo "### Parallel IDA* (mpirun -np N ariadne-mpi solve tiles BOARD --algo ida --heuristic H [--pdb-dir DIR])"
load
echo "| board | heuristic | np | length | generated | expanded | last iteration | earlier iterations equal | generated / s | steals | splits | tasks sent | s | speed-up | work-bound speed-up |"
echo "|---|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|"
for c in "${ida[@]}"; do
    board=${c%|*}
    h=${c#*|}
    extra=()
    [ "$h" = pdb ] && extra=(--pdb-dir "$pdb")
    base_s=0 base_iter= base_n=0
    for np in 1 2; do
        run "$np" solve tiles "$board" --algo ida --heuristic "$h" "${extra[@]}"
        s=$(field seconds)
        [ "$np" = 1 ] && base_n=$(field nodes_expanded)
        iters=$(sed -n 's/.*"iterations":\[\(.*\)\].*/\1/p' "$tmp/out" | sed 's/},{/}\n{/g' |
                sed -n 's/.*"expanded":\([0-9]*\).*/\1/p')
        early=$(echo "$iters" | sed '$d' | tr '\n' ' ')
        last=$(echo "$iters" | tail -1)
        if [ "$np" = 1 ]; then base_s=$s base_iter=$early; same=-; else
            [ "$early" = "$base_iter" ] && same=yes || same=NO; fi
        echo "| ${board:0:20}... | $h | $np | $(field length) | $(field nodes_generated) | $(field nodes_expanded) | $last | $same |" \
             "$(div "$(field nodes_generated)" "$s" %.0f) | $(total steals) | $(total splits) | $(total sent) | $s | $(div "$base_s" "$s" %.2f) |" \
             "$(div "$base_n" "$(busiest expanded)" %.2f) |"
    done
done

# --- distributed two-bit BFS -------------------------------------------------
if [ $quick = 1 ]; then discs="10"; bnps="1 2"; else discs="13 14"; bnps="1 2 4"; fi
echo
echo "### Distributed two-bit BFS (mpirun -np N ariadne-mpi bfs hanoi --pegs 4 --discs D)"
load
echo "| discs | np | block | classes | levels | states / s | sent / expansion | messages / expansion | bytes / expansion | table per process | s | speed-up | work-bound speed-up |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
# the busiest process of each level sets the pace: the work-bound speed-up
# is the states over the sum of each level's largest share
for d in $discs; do
    base_s=0
    for blk in range 65536; do
        for np in $bnps; do
            if [ "$blk" = range ]; then run "$np" bfs hanoi --pegs 4 --discs "$d"; else
                [ "$np" = 1 ] && continue; run "$np" bfs hanoi --pegs 4 --discs "$d" --block "$blk"; fi
            s=$(field seconds) n=$(total expanded)
            [ "$np" = 1 ] && base_s=$s
            echo "| $d | $np | $blk | $(field classes) | $(( $(field eccentricity) + 1 )) | $(div "$n" "$s" %.0f) | $(div "$(total sent)" "$n" %.4f) |" \
                 "$(div "$(total messages_sent)" "$n" %.5f) | $(div "$(total bytes_sent)" "$n" %.3f) | $(field table_bytes_per_process) B |" \
                 "$s | $(div "$base_s" "$s" %.2f) | $(div "$(field classes)" "$(field critical_expansions)" %.2f) |"
        done
    done
done
