#!/usr/bin/env bash
# bench/korf24-campaign.sh — Korf & Felner's 50 24-puzzle instances
# (data/tiles/korf24_50.txt) proven optimal by parallel IDA* on every core,
# each under a fixed budget (of time, or of expansions: the same on any machine
# at any load), and the status table for BENCHMARKS.md:
# the proven length (checked against the published one), or the proven lower
# bound with the best length the anytime solver finds in a few seconds.
#
# Usage: bench/korf24-campaign.sh BUILD_DIR PDB_DIR [--budget SECONDS] [--np N]
#            [--nodes N] [--instances "1 2 ..."] [--out DIR] [--pattern P] [--anytime SECONDS]
#   BUILD_DIR  holds ariadne and mpi/ariadne-mpi (configured with Open MPI)
#   PDB_DIR    the pattern databases (built there first if missing, outside the budget)
#   --budget   seconds of parallel IDA* per instance (default 600)
#   --nodes    instead of --budget: expansions per instance, all processes together
#              (each process stops after its share; a load-independent budget)
#   --np       processes (default: the cores online)
#   --out      where each instance's JSON result goes (default korf24-campaign/); an
#              instance whose result is there already is not run again, so a campaign
#              can be stopped and resumed
#   --pattern  the partition (default 6-6-6-6)
#   --anytime  seconds of the anytime solver, on one core, for an instance left
#              unproven (default 10; 0: none)
#   --probe N  instead of the campaign: each instance searched for N expansions on one
#              process, and from the nodes of its iterations (IDA*'s iterations grow by a
#              steady factor) an estimate of the nodes that proving it optimal takes:
#              the work the scaling model of docs/distributed.md is built on
# It needs the machine to itself: run it when `cat /proc/loadavg` is well below the
# number of cores. The load average is recorded at the start and end of each instance.
set -u
build=${1:?usage: korf24-campaign.sh BUILD_DIR PDB_DIR [options]}
pdb=${2:?usage: korf24-campaign.sh BUILD_DIR PDB_DIR [options]}
shift 2
budget=600
nodes=0
np=$(getconf _NPROCESSORS_ONLN)
instances=$(seq 1 50)
out=korf24-campaign
pattern=6-6-6-6
anytime=10
probe=0
while [ $# -gt 0 ]; do
    case $1 in
    --budget) budget=$2; shift ;;
    --nodes) nodes=$2; shift ;;
    --np) np=$2; shift ;;
    --instances) instances=$2; shift ;;
    --out) out=$2; shift ;;
    --pattern) pattern=$2; shift ;;
    --anytime) anytime=$2; shift ;;
    --probe) probe=$2; shift ;;
    *) echo "korf24-campaign.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
    shift
done
here=$(cd "$(dirname "$0")/.." && pwd)
list=$here/data/tiles/korf24_50.txt
A=$build/ariadne
M=$build/mpi/ariadne-mpi
[ -x "$A" ] && [ -x "$M" ] || { echo "korf24-campaign.sh: $A or $M is missing" >&2; exit 2; }
if [ "$(id -u)" = 0 ]; then export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1; fi
mkdir -p "$out" "$pdb"

# the databases first, outside every instance's budget (built only when they
# are not there and sound already)
if ! "$A" pdb verify tiles --size 5x5 --pattern "$pattern" --pdb-dir "$pdb" >/dev/null 2>&1; then
    "$A" pdb build tiles --size 5x5 --pattern "$pattern" --pdb-dir "$pdb" >&2 || exit 1
fi

field() { sed -n "s/.*\"$1\":\(\"[^\"]*\"\|[^,}]*\).*/\1/p" "$2" | head -1; }

# estimate RESULT.json PUBLISHED: "status | last bound finished | its expansions |
# growth per bound | estimated expansions to prove" from the iterations of a
# result. IDA*'s iterations grow by a steady factor: every iteration after the
# last one finished is taken to grow by the geometric mean of the last two
# steps, up to the published optimum, and counted whole (an upper estimate).
estimate() {
    sed -n 's/.*"iterations":\[\(.*\)\].*/\1/p' "$1" | sed 's/},{/}\n{/g' |
        sed -n 's/.*"bound":\([0-9]*\),"expanded":\([0-9]*\).*/\1 \2/p' |
    awk -v pub="$2" -v status="$(field status "$1")" -v lb="$(field lower_bound "$1")" '
        { b[NR] = $1; n[NR] = $2 }
        END {
            total = 0
            if (status == "\"solved\"") { for (k = 1; k <= NR; k++) total += n[k]
                printf "proven %d | %d | %d | - | %.3g", b[NR], b[NR], n[NR], total; exit }
            done = NR - 1   # a stopped search: its last iteration is partial
            if (done < 2) { printf "lower bound %d | - | - | - | -", lb; exit }
            g = done >= 3 ? sqrt(n[done] / n[done - 2]) : n[done] / n[done - 1]
            for (k = 1; k <= done; k++) total += n[k]
            x = n[done]
            for (bb = b[done] + 2; bb <= pub; bb += 2) { x *= g; total += x }
            printf "lower bound %d | %d | %d | %.2f | %.3g", lb, b[done], n[done], g, total
        }'
}

if [ "$probe" != 0 ]; then
    echo "Korf & Felner's 24-puzzle instances: IDA* (--heuristic pdb --pattern $pattern) for $probe expansions"
    echo "each on one process; the iterations that finished, and the nodes (expanded) proving the published"
    echo "optimum would take if every later iteration grows by the factor of the last ones that finished"
    echo "(its last iteration counted whole: an upper estimate)"
    echo
    echo "| # | optimal | status | last bound finished | its nodes | growth per bound | estimated nodes to prove |"
    echo "|---:|---:|---|---:|---:|---:|---:|"
    for i in $instances; do
        line=$(sed -n "${i}p" "$list")
        pub=$(echo "$line" | cut -d' ' -f2)
        board=$(echo "$line" | cut -d' ' -f3-)
        f=$out/probe-$i.json
        [ -s "$f" ] || mpirun -np 1 "$M" solve tiles --algo ida --heuristic pdb --pattern "$pattern" --pdb-dir "$pdb" \
            --node-limit "$probe" --json --quiet "$board" >"$f" 2>/dev/null
        echo "| $i | $pub | $(estimate "$f" "$pub") |"
    done
    exit 0
fi

if [ "$nodes" != 0 ]; then limit="--node-limit $nodes"; budget_text="$nodes expansions"
else limit="--time-limit $budget"; budget_text="$budget s"; fi
for i in $instances; do
    line=$(sed -n "${i}p" "$list")
    board=$(echo "$line" | cut -d' ' -f3-)
    f=$out/$i.json
    [ -s "$f" ] && continue
    echo "instance $i: load $(cut -d' ' -f1-3 /proc/loadavg), $(date '+%F %T')" >&2
    mpirun --oversubscribe -np "$np" "$M" solve tiles --algo ida --heuristic pdb --pattern "$pattern" \
        --pdb-dir "$pdb" $limit --json --quiet "$board" >"$f.tmp" 2>"$out/$i.err"
    if [ "$(field optimal "$f.tmp")" != true ] && [ "$anytime" != 0 ]; then
        "$A" solve tiles --algo anytime --heuristic pdb --pattern "$pattern" --pdb-dir "$pdb" \
            --time-limit "$anytime" --json --quiet "$board" >"$out/$i.anytime.json" 2>>"$out/$i.err"
    fi
    echo "  load at the end $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/$i.err"
    mv "$f.tmp" "$f"
done

# the status table
proven=0 total_s=0
echo "Korf & Felner's 24-puzzle instances: parallel IDA* (ariadne-mpi solve tiles --algo ida --heuristic pdb"
echo "--pattern $pattern) on $np processes, $budget_text each; unproven: the anytime solver's best in $anytime s"
echo
echo "| # | published | status | length | proven lower bound | best found | expanded | generated | s | last bound finished | its expansions | growth per bound | estimated expansions to prove |"
echo "|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for i in $instances; do
    f=$out/$i.json
    [ -s "$f" ] || continue
    pub=$(sed -n "${i}p" "$list" | cut -d' ' -f2)
    s=$(field seconds "$f")
    generated=$(field nodes_generated "$f")
    expanded=$(field nodes_expanded "$f")
    lb=$(field lower_bound "$f")
    if [ "$(field optimal "$f")" = true ]; then
        len=$(field length "$f")
        if [ "$len" = "$pub" ]; then status="proven optimal"; proven=$((proven + 1)); else status="PROVEN $len, PUBLISHED $pub"; fi
        best=$len
    else
        len=-
        status="bound $lb after $budget_text"
        best=-
        [ -s "$out/$i.anytime.json" ] && best=$(field length "$out/$i.anytime.json")
    fi
    total_s=$(awk -v a="$total_s" -v b="$s" 'BEGIN { printf "%.1f", a + b }')
    est=$(estimate "$f" "$pub" | cut -d'|' -f2-)
    echo "| $i | $pub | $status | $len | $lb | $best | $expanded | $generated | $s |$est |"
done
echo
echo "proven optimal: $proven of $(echo $instances | wc -w); search time $total_s s"
