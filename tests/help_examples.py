#!/usr/bin/env python3
"""help_examples.py — every example `ariadne help` prints, run as shown.

Examples come in two forms in the help texts (docs/cli.md says so): the
lines of an "Examples:" section ("  ariadne solve ..."), and a sentence
"Example: ariadne ..." (the command runs to the end of its line, less what
follows " gives", a closing parenthesis or full stop; several may be joined
by "; "). A command between backquotes in the prose (`ariadne bfs peg`)
names a verb for the reader to look up, with placeholders or without, and is
not an example. Each example is run by bash from the repository root (they
name data/ files as a user there would), with a time limit, and must exit 0
— or 1 where its own text says it has no solution.

With --readme, the commands of README.md's tour are run instead, in order
and in one scratch directory (a later line may read what an earlier one
wrote), with stdin empty (so `play` and the bots end at once) and 30 s each;
a line whose comment says "(long)" is listed but not run, and one whose
comment says it "stops at the limit" or "exit 3" may exit 3.
Usage: help_examples.py ARIADNE SOURCE_DIR [--list] [--readme]"""
import json, os, re, shutil, subprocess, sys, tempfile, time
from concurrent.futures import ThreadPoolExecutor

def help_text(ariadne, topic):
    return subprocess.run([ariadne, "help", topic], capture_output=True, text=True).stdout

def topics(ariadne):
    d = json.loads(subprocess.run([ariadne, "list", "--json"], capture_output=True, text=True).stdout)
    names = [p["name"] for p in d["puzzles"]] + [g["name"] for g in d["games"]]
    overview = subprocess.run([ariadne, "help"], capture_output=True, text=True).stdout
    verbs = sorted(set(re.findall(r"^  ariadne ([a-z][a-z-]*)", overview, re.M)))
    return names + verbs

def examples(text):
    out = []
    lines = text.split("\n")
    in_section = False
    for i, line in enumerate(lines):
        if line.startswith("Examples:"):
            in_section = True
            continue
        if in_section:
            m = re.match(r"^  (ariadne .*)$", line)
            if m:
                note = lines[i + 1].strip() if i + 1 < len(lines) else ""
                out.append((m.group(1), note))
                continue
            if line.startswith("      ") or line.strip() == "":
                if line.strip() == "" and out and not lines[i + 1:i + 2] == [""]:
                    in_section = line.strip() == "" and i + 1 < len(lines) and lines[i + 1].startswith("  ariadne")
                continue
            in_section = False
        for m in re.finditer(r"Example: (ariadne .*)$", line):
            for part in m.group(1).split("; "):
                cmd = re.sub(r" gives .*$", "", part.strip())
                cmd = re.sub(r"\s*\([^)]*\)\.?\s*$", "", cmd)
                cmd = re.sub(r"\.$", "", cmd)
                out.append((cmd, line))
    return out

def readme_examples(path):
    """(command, comment) for each `ariadne ...` line of the tour's sh blocks;
    comment lines just above a command belong to it."""
    text = open(path, encoding="utf-8").read()
    tour = text[text.index("## A tour"):]
    tour = tour[:tour.find("\n## ", 1)]
    out, above, in_block = [], "", False
    for line in tour.split("\n"):
        if line.startswith("```"):
            in_block = not in_block
            continue
        if not in_block:
            continue
        stripped = line.strip()
        if stripped.startswith("#"):
            if out and line.startswith(" ") and not above:
                out[-1] = (out[-1][0], out[-1][1] + " " + stripped)
            else:
                above += " " + stripped
            continue
        if stripped.startswith("ariadne "):
            m = re.search(r"\s+#\s", stripped + " ")  # a comment after the command
            cmd, comment = (stripped[:m.start()], stripped[m.end():]) if m else (stripped, "")
            out.append((cmd.strip(), (above + " " + comment).strip()))
        above = ""
    return out

def run(ariadne, src, cmd, note, limit, where):
    """Runs cmd in where, a scratch directory whose data/ is the repository's
    (so an example that writes a file leaves the tree alone)."""
    shell = "ariadne() { \"%s\" \"$@\"; }; %s" % (ariadne, cmd)
    t0 = time.time()
    try:
        p = subprocess.run(["bash", "-c", shell], cwd=where, capture_output=True, text=True, timeout=limit,
                           stdin=subprocess.DEVNULL,
                           env=dict(os.environ, ARIADNE_DATA=os.path.join(src, "data")))
        code = p.returncode
        err = p.stderr.strip().splitlines()[-1:] if p.stderr.strip() else []
    except subprocess.TimeoutExpired:
        code, err = "timeout", []
    want = (0, 1) if re.search(r"no solution|exit 1", note) else (0,)
    if re.search(r"stops at the limit|exit 3", note):
        want += (3,)
    return cmd, code, want, time.time() - t0, err

def main():
    ariadne, src = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    # Under sanitizers the examples run several times slower: they are there
    # for memory errors, the Release run checks the time.
    limit = float(os.environ.get("EXAMPLE_SECONDS", "600" if os.environ.get("ARIADNE_TEST_SANITIZED") else "120"))
    found = []
    readme = "--readme" in sys.argv
    if readme:
        # a sanitized build runs several times slower; the limit is the Release one
        limit = 120.0 if os.environ.get("ARIADNE_TEST_SANITIZED") else 30.0
        found = [(cmd, note, "README") for cmd, note in readme_examples(os.path.join(src, "README.md"))]
    for t in ([] if readme else topics(ariadne)):
        for cmd, note in examples(help_text(ariadne, t)):
            if cmd not in [c for c, _, _ in found]:
                found.append((cmd, note, t))
    if "--list" in sys.argv:
        for cmd, note, t in found:
            print("%s: %s" % (t, cmd))
        return 0
    bad = 0
    where = tempfile.mkdtemp(prefix="help-examples-")
    os.symlink(os.path.join(src, "data"), os.path.join(where, "data"))
    todo = [f for f in found if not (readme and "(long)" in f[1])]
    with ThreadPoolExecutor(max_workers=1 if readme else 2) as pool:
        for cmd, code, want, secs, err in pool.map(lambda f: run(ariadne, src, f[0], f[1], limit, where), todo):
            ok = code in want
            bad += not ok
            print("%s %5.1f s  %s%s" % ("ok  " if ok else "FAIL", secs, cmd,
                                       "" if ok else "  (exit %s%s)" % (code, ": " + err[0] if err else "")))
    shutil.rmtree(where, ignore_errors=True)
    for cmd, note, _ in found:
        if readme and "(long)" in note:
            print("long        %s" % cmd)
    print("%s: %d examples, %d run, %d failed" % ("readme_tour" if readme else "help_examples", len(found),
                                                len(todo), bad))
    return 1 if bad else 0

if __name__ == "__main__":
    sys.exit(main())
