# lib_cli.sh — what the command-line test scripts share: a failure count and
# the `check DESCRIPTION COMMAND...` assertion, which reports a failed command
# on stderr and lets the script go on, so one run lists every failure.
# Sourced by tests/cli_*.sh (`. "$(dirname "$0")/lib_cli.sh"`); the script
# ends with `exit $fail`.
fail=0

check() { # description, command...
    local what=$1
    shift
    if ! "$@"; then
        echo "FAIL: $what" >&2
        fail=1
    fi
}

contains() { grep -qF -- "$2" "$1"; } # file, text
