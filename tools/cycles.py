#!/usr/bin/env python3
"""cycles.py BUILD_DIR — source files of the library whose code calls each other
in a loop. Reads the relocations of every object file of the library
(objdump -r): a relocation in a code section (.text*) naming a function defined
in another file is a use of that file. References from data (a descriptor's
table of function pointers, .data.rel.ro) are not calls and are not counted.
Prints every strongly connected component of more than one file."""
import subprocess, sys, glob, os, collections, re
build = sys.argv[1]
objs = glob.glob(os.path.join(build, 'CMakeFiles/ariadne_objects.dir/src/**/*.o'), recursive=True)
defs, uses = {}, collections.defaultdict(set)
for o in objs:
    src = o.split('ariadne_objects.dir/')[1][:-2]
    for line in subprocess.run(['nm', o], capture_output=True, text=True).stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in 'T':
            defs[parts[2]] = src
    section = None
    for line in subprocess.run(['objdump', '-r', o], capture_output=True, text=True).stdout.splitlines():
        m = re.match(r'RELOCATION RECORDS FOR \[(.*)\]:', line)
        if m:
            section = m.group(1); continue
        if section and section.startswith('.text'):
            parts = line.split()
            if len(parts) >= 3:
                sym = re.split(r'[-+]', parts[2])[0]
                uses[src].add(sym)
graph = collections.defaultdict(set)
for src, syms in uses.items():
    for s in syms:
        if s in defs and defs[s] != src:
            graph[src].add(defs[s])
index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]
def strong(v):
    index[v] = low[v] = counter[0]; counter[0] += 1; stack.append(v); on.add(v)
    for w in graph[v]:
        if w not in index:
            strong(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v: break
        if len(comp) > 1: comps.append(sorted(comp))
sys.setrecursionlimit(10000)
for v in list(graph):
    if v not in index: strong(v)
for c in comps:
    print('cycle:', ' <-> '.join(c))
    for a in c:
        for b in sorted(graph[a]):
            if b in c:
                syms = sorted(s for s in uses[a] if defs.get(s) == b)
                print('   %s -> %s: %s' % (a, b, ', '.join(syms[:6])))
print('%d cycles' % len(comps))
sys.exit(1 if comps else 0)
