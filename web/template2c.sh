#!/usr/bin/env bash
# template2c.sh — turns web/replay.html into the C header src/games/tron/tron_replay_page.h
# (one string literal per line, so no literal exceeds what ISO C compilers must
# accept; '\', '"' and '?' escaped, the last against trigraphs).
# Usage: bash web/template2c.sh web/replay.html > src/games/tron/tron_replay_page.h
set -euo pipefail
src=${1:?usage: template2c.sh web/replay.html}
cat <<'HEAD'
/* tron_replay_page.h — the HTML page of `ariadne replay --html`, generated from
 * web/replay.html by web/template2c.sh: edit the HTML and regenerate, never
 * this file (tests/cli_replay.sh fails when the two differ). Each element is
 * one line of the page; tron_replay.c writes them in order and puts the
 * replay's JSON in place of the line REPLAY_TEMPLATE_MARKER. */
#ifndef ARIADNE_TRON_REPLAY_PAGE_H
#define ARIADNE_TRON_REPLAY_PAGE_H

#define REPLAY_TEMPLATE_MARKER "@REPLAY_JSON@\n"

static const char *const replay_template[] = {
HEAD
sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/    "/' -e 's/$/\\n",/' "$src"
cat <<'TAIL'
    NULL};

#endif
TAIL
