# lib_mpi.sh — what the tests of ariadne-mpi share (sourced by mpi_*.sh with
# their arguments: ARIADNE_MPI ARIADNE MPIRUN DATA_DIR): running under mpirun
# on this machine with oversubscription (more processes than cores), as root
# too (Open MPI refuses root unless told it is wanted), a failure count, and
# JSON fields read with sed.
set -u
AMPI=${1:?usage: mpi_TEST.sh ARIADNE_MPI ARIADNE MPIRUN DATA_DIR}
ARIADNE=${2:?}
MPIRUN=${3:?}
DATA=${4:?}
if [ "$(id -u)" = 0 ]; then
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
export OMPI_MCA_btl_vader_single_copy_mechanism=none # no ptrace-based copies in containers
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CACHE_HOME="$tmp/cache" # pattern databases built by a test go here
fail=0
checks=0

ok() { checks=$((checks + 1)); }
bad() { checks=$((checks + 1)); fail=$((fail + 1)); echo "FAIL: $*" >&2; }
# mrun NP ARGS...: ariadne-mpi under mpirun; output in $tmp/out, $tmp/err, status in $rc
mrun() {
    local np=$1
    shift
    timeout 300 "$MPIRUN" --oversubscribe -np "$np" "$AMPI" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
}
# seq ARGS...: the single-machine ariadne, output in $tmp/seq
seq_run() { "$ARIADNE" "$@" >"$tmp/seq" 2>"$tmp/seqerr"; seq_rc=$?; }
field() { sed -n "s/.*\"$1\":\(\"[^\"]*\"\|[^,}]*\).*/\1/p" "${2:-$tmp/out}" | head -1; }
array() { sed -n "s/.*\"$1\":\[\([^]]*\)\].*/\1/p" "${2:-$tmp/out}" | head -1; }
# the "total" object's field (HDA* / IDA* / BFS statistics summed over ranks)
total() { sed -n "s/.*\"total\":{[^}]*\"$1\":\([0-9.]*\).*/\1/p" "$tmp/out" | head -1; }
expect_rc() { # WANT DESCRIPTION
    if [ "$rc" -eq "$1" ]; then ok; else bad "$2: exit $rc (wanted $1)"; sed 's/^/  /' "$tmp/err" | head -20 >&2; fi
}
# The printed moves replay to the goal with the domain's own rules.
verifies() { # DOMAIN ARGS... (instance and options as given to solve; --heuristic H dropped)
    local moves a=() skip=0 x
    for x in "$@"; do
        if [ "$skip" = 1 ]; then skip=0; elif [ "$x" = --heuristic ] || [ "$x" = --pattern ]; then skip=1; else a+=("$x"); fi
    done
    moves=$(field moves | sed 's/^"//; s/"$//')
    if "$ARIADNE" verify "${a[@]}" --moves-file - <<<"$moves" >/dev/null 2>&1; then ok; else bad "moves do not verify: $* [$moves]"; fi
}
finish() { echo "$(basename "$0"): $checks checks, $fail failed"; exit $((fail > 0)); }
# Exactly one line of ours on stderr (mpirun adds its own notice when the
# status is not 0), matching PATTERN, and nothing on stdout.
one_error() { # PATTERN DESCRIPTION
    local n
    n=$(grep -c '^ariadne' "$tmp/err")
    if [ "$n" -eq 1 ] && grep '^ariadne' "$tmp/err" | grep -q -- "$1"; then ok; else bad "$2: stderr has $n lines of ours, wanted one matching '$1'"; sed 's/^/  /' "$tmp/err" | head >&2; fi
    if [ ! -s "$tmp/out" ]; then ok; else bad "$2: a result was printed"; fi
}
