#!/usr/bin/env bash
# bench/sarov.sh — benchmark of the Sarov towers solver.
#
# Usage: bench/sarov.sh PATH/TO/ariadne PATH/TO/data [COUNT]
#
# Part 1 solves every layout in DATA/sarov and prints one row per layout:
# colours, the published optimum, the length found (and whether it is proven
# optimal and equal to the published one), nodes expanded and seconds.
# Part 2 generates COUNT (default 100) random 10-colour layouts with seeds
# 1..COUNT, solves each, and prints the median and worst time and node count.
# Exits 1 if any published layout is not solved to its stated optimum.
set -u
ariadne=${1:?usage: sarov.sh ARIADNE DATA_DIR [COUNT]}
data=${2:?usage: sarov.sh ARIADNE DATA_DIR [COUNT]}
count=${3:-100}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Value of a top-level key in a one-line JSON object (numbers, booleans, strings).
json_get() {
    sed -n "s/.*\"$2\"[[:space:]]*:[[:space:]]*\"\{0,1\}\([^,\"}]*\)\"\{0,1\}.*/\1/p" <<<"$1" | head -n 1
}

echo "Sarov towers: published layouts ($data/sarov)"
printf '%-14s %7s %8s %7s %8s %10s %12s %9s\n' layout colours optimum length proven nodes generated seconds
bad=0
for f in "$data"/sarov/*.txt; do
    name=$(basename "$f" .txt)
    want=$(sed -n 's/^# optimal: *\([0-9]*\).*/\1/p' "$f" | head -n 1)
    cols=$(grep -v '^[[:space:]]*#' "$f" | grep -c '[^[:space:]]')
    colours=$((cols - 2))
    out=$("$ariadne" solve sarov -f "$f" --json 2>"$tmp/err")
    len=$(json_get "$out" length)
    opt=$(json_get "$out" optimal)
    nodes=$(json_get "$out" nodes_expanded)
    gen=$(json_get "$out" nodes_generated)
    secs=$(json_get "$out" seconds)
    mark=""
    if [ "$len" != "$want" ] || { [ "$opt" != "true" ] && [ "$opt" != "1" ]; }; then
        mark="  <-- expected $want proven optimal"
        bad=1
    fi
    printf '%-14s %7s %8s %7s %8s %10s %12s %9s%s\n' "$name" "$colours" "$want" "${len:-?}" \
        "${opt:-?}" "${nodes:-?}" "${gen:-?}" "${secs:-?}" "$mark"
done

echo
echo "Sarov towers: $count generated 10-colour layouts (ariadne generate sarov --colours 10 --seed 1..$count)"
: >"$tmp/rows"
for seed in $(seq 1 "$count"); do
    "$ariadne" generate sarov --colours 10 --seed "$seed" >"$tmp/l.txt" 2>"$tmp/err" || {
        echo "seed $seed: generate failed: $(cat "$tmp/err")"
        continue
    }
    out=$("$ariadne" solve sarov -f "$tmp/l.txt" --json 2>"$tmp/err")
    printf '%s %s %s %s %s\n' "$seed" "$(json_get "$out" seconds)" "$(json_get "$out" nodes_expanded)" \
        "$(json_get "$out" length)" "$(json_get "$out" optimal)" >>"$tmp/rows"
done
n=$(wc -l <"$tmp/rows")
if [ "$n" -eq 0 ]; then
    echo "no layouts solved"
else
    proven=$(awk '$5 == "true" || $5 == "1"' "$tmp/rows" | wc -l)
    median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
    tmed=$(awk '{ print $2 }' "$tmp/rows" | median)
    emed=$(awk '{ print $3 }' "$tmp/rows" | median)
    worst=$(sort -k2,2g "$tmp/rows" | tail -n 1)
    ewst=$(awk '{ print $3 }' "$tmp/rows" | sort -g | tail -n 1)
    mean=$(awk '{ s += $4 } END { printf "%.1f", s / NR }' "$tmp/rows")
    echo "layouts $n, proven optimal $proven, mean length $mean"
    set -- $worst
    echo "time:  median $tmed s, worst $2 s (seed $1, $4 moves, $3 nodes)"
    echo "nodes: median $emed, worst $ewst expanded"
fi
exit $bad
