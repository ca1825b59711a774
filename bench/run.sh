#!/usr/bin/env bash
# bench/run.sh — every benchmark table (what `make bench` / `cmake --build build
# --target bench` runs). The figures in BENCHMARKS.md come from this output.
# Usage: bench/run.sh PATH/TO/ariadne [--quick]
set -u
A=${1:?usage: run.sh PATH/TO/ariadne [--quick]}
quick=${2:-}
here=$(cd "$(dirname "$0")/.." && pwd)
data=${ARIADNE_DATA:-$here/data}  # the repository's data directory
export ARIADNE_DATA=$data
status=0
for suite in $("$A" bench | sed -n 's/^  \([a-z0-9-]*\) .*/\1/p'); do
    printf '\n## ariadne bench %s %s\n\n' "$suite" "$quick"
    "$A" bench "$suite" $quick || status=1
done
printf '\n## bench/sarov.sh\n\n'
if [ "$quick" = "--quick" ]; then
    bash "$here/bench/sarov.sh" "$A" "$data" 3 || status=1
else
    bash "$here/bench/sarov.sh" "$A" "$data" 100 || status=1
fi
exit $status
