#!/usr/bin/env bash
# cli_examples.sh — every example `ariadne help` prints runs as shown
# (help_examples.py says which lines are examples and how they are run).
# Usage: bash cli_examples.sh PATH/TO/ariadne DATA_DIR
A=${1:?usage: cli_examples.sh ARIADNE DATA_DIR}
DATA=${2:?usage: cli_examples.sh ARIADNE DATA_DIR}
command -v python3 >/dev/null || { echo "cli_examples: skipped, no python3"; exit 77; }
python3 "$(dirname "$0")/help_examples.py" "$A" "$(dirname "$DATA")"
