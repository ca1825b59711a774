#!/usr/bin/env bash
# cli_readme.sh — every command of README.md's tour that is not marked "(long)"
# runs as shown, from the repository root, in under 30 s (help_examples.py
# --readme says how the lines are read and run).
# Usage: bash cli_readme.sh PATH/TO/ariadne DATA_DIR
A=${1:?usage: cli_readme.sh ARIADNE DATA_DIR}
DATA=${2:?usage: cli_readme.sh ARIADNE DATA_DIR}
command -v python3 >/dev/null || { echo "cli_readme: skipped, no python3"; exit 77; }
python3 "$(dirname "$0")/help_examples.py" "$A" "$(dirname "$DATA")" --readme
