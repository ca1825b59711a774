#!/usr/bin/env bash
# tron_search_parts.sh — what each of chamber-ab's issue-33 search changes
# saves, one row per bot: the nodes and evaluations (counts, so the machine's
# load does not change them) and the user CPU time of a search to a fixed
# depth on every position of data/tron/search, one fresh `ariadne tron-bot`
# each (an empty table; a move time of 1000 s, so that only the depth
# stops the search), and on how many positions the score and move equal
# the first row's (the changes keep the search's value; a score marked proven
# by one and not by the other counts as equal). Used for the issue-33
# table in BENCHMARKS.md.
# Usage: bench/tron_search_parts.sh PATH/TO/ariadne [DEPTH] [DATA_DIR]
set -u
A=${1:?usage: tron_search_parts.sh ARIADNE [DEPTH] [DATA_DIR]}
depth=${2:-7}
here=$(cd "$(dirname "$0")/.." && pwd)
D=${3:-$here/data}
bots="chamber-ab chamber-ab:pvs=0 chamber-ab:lazy=0 chamber-ab:aspire=0 chamber-ab:eval=bytes chamber-ab-v1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "fixed depth $depth, endgame filler off, $(ls "$D"/tron/search/*.txt | wc -l) positions; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| bot | nodes | evaluations | user CPU s | score and move as chamber-ab's |"
echo "|---|---:|---:|---:|---:|"
first=
for bot in $bots; do
    : >"$tmp/$bot.moves"
    start=$(awk '{print $16 + $17}' /proc/$$/stat)
    for f in "$D"/tron/search/*.txt; do
        "$A" tron-bot --bot "$bot:depth=$depth:endgame=0" --move-time 1000 --first-move-time 1000 --verbose <"$f" 2>&1 >/dev/null |
            sed -n 's/.*: turn 1: \([0-9]\) (alpha-beta depth [0-9]*, score \([-+0-9.]*\)[^,]*, \([0-9]*\) nodes, \([0-9]*\) evaluations.*/\1|\2|\3|\4/p' \
                >>"$tmp/$bot.moves"
    done
    end=$(awk '{print $16 + $17}' /proc/$$/stat)
    ticks=$(getconf CLK_TCK)
    nodes=$(awk -F'|' '{n += $3} END {print n}' "$tmp/$bot.moves")
    evals=$(awk -F'|' '{n += $4} END {print n}' "$tmp/$bot.moves")
    if [ -z "$first" ]; then
        first=$bot
    fi
    same=$(paste -d'|' "$tmp/$first.moves" "$tmp/$bot.moves" | awk -F'|' '$1 == $5 && $2 == $6 {n++} END {print n + 0}')
    printf '| %s | %s | %s | %.2f | %s of %s |\n' "$bot" "$nodes" "$evals" \
        "$(echo "($end - $start) / $ticks" | bc -l)" "$same" "$(wc -l <"$tmp/$bot.moves")"
done
echo
echo "load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
