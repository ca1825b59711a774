#!/usr/bin/env bash
# cli_manual.sh — the manual page and the shell completion, made from the
# texts of `ariadne help` (issue 26): the page names every verb, puzzle and
# game and renders without warnings; the bash and zsh scripts complete verbs,
# domains and options by asking the program; --version names the revision.
# Usage: bash cli_manual.sh PATH/TO/ariadne DATA_DIR
A=${1:?usage: cli_manual.sh ARIADNE DATA_DIR}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

"$A" help --man >"$tmp/ariadne.1" && ok || bad "help --man failed"
grep -q '^\.TH ARIADNE 1' "$tmp/ariadne.1" && ok || bad "no .TH line"
# every verb and every domain of `ariadne list --json` is in the page
names=$("$A" list --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print("\n".join([p["name"] for p in d["puzzles"]] + [g["name"] for g in d["games"]]))')
for n in $names solve verify hint at generate play bench pdb bfs match analyse replay count perft completion; do
    grep -q -- "^\.B $n\b\|^\.B ariadne $n\b" "$tmp/ariadne.1" && ok || bad "the man page lacks $n"
done
if command -v man >/dev/null && command -v groff >/dev/null; then
    warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$tmp/ariadne.1" 2>&1 >/dev/null)
    [ -z "$warnings" ] && ok || bad "man warns: $(echo "$warnings" | head -5)"
    LC_ALL=C.UTF-8 MANWIDTH=80 man -l "$tmp/ariadne.1" 2>/dev/null | grep -q "EXIT STATUS" && ok || bad "the page does not render"
else
    echo "cli_manual: man/groff not installed: rendering not checked"
fi

# bash completion: the script asks the program
"$A" completion bash >"$tmp/ariadne.bash" && ok || bad "completion bash failed"
comp() { # words... -> the candidates for the last word
    bash -c '
        source "$1"; shift
        COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
        _ariadne; printf "%s\n" "${COMPREPLY[@]}"' _ "$tmp/ariadne.bash" "$A" "$@"
}
comp so | grep -qx solve && ok || bad "bash: 'so' does not complete to solve"
comp solve han | grep -qx hanoi && ok || bad "bash: 'solve han' does not complete to hanoi"
comp solve hanoi --pe | grep -qx -- --pegs && ok || bad "bash: 'solve hanoi --pe' does not complete to --pegs"
comp solve hanoi --time | grep -qx -- --time-limit && ok || bad "bash: --time does not complete to --time-limit"
comp tron-b | grep -qx tron-bot && ok || bad "bash: a domain's own verb does not complete"
comp match tictactoe --bo | grep -qx -- --bots && ok || bad "bash: match --bo does not complete"
# zsh: the script is well formed (zsh checks it without running it)
"$A" completion zsh >"$tmp/_ariadne" && ok || bad "completion zsh failed"
head -1 "$tmp/_ariadne" | grep -qx '#compdef ariadne' && ok || bad "zsh script has no #compdef line"
if command -v zsh >/dev/null; then zsh -n "$tmp/_ariadne" && ok || bad "zsh -n rejects the script"; fi
"$A" completion fish >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "completion fish is not refused"

"$A" --version | grep -qE '^ariadne [0-9]+\.[0-9]+\.[0-9]+ \((git [0-9a-f]+|not a git checkout)' && ok ||
    bad "--version: $("$A" --version)"

echo "cli_manual: $pass passed, $fail failed"
exit $((fail > 0))
