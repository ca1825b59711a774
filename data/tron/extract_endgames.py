# data/tron/extract_endgames.py: how data/tron/endgames/ was made (issue 17).
# Usage: python3 extract_endgames.py OUTDIR BACK MAXCELLS REPLAY.json...
# (replays written by `ariadne match tron --bots chamber-ab,alphabeta --maps data/tron/maps
#  --move-time 0.1 --seed 1 --replay DIR`; BACK 20, 30, 40 and MAXCELLS 45 were used).
# Writes separated positions of Tron replays as map files: for each game,
# the position `back` turns before the end, if the players are separated
# then and each region has at most `maxcells` cells.
import json, sys, os
from collections import deque
D = {1: (0, -1), 2: (1, 0), 3: (0, 1), 4: (-1, 0)}
def region(g, W, H, h):
    seen = set(); q = deque([h])
    while q:
        x, y = q.popleft()
        for dx, dy in D.values():
            t = (x + dx, y + dy)
            if 0 <= t[0] < W and 0 <= t[1] < H and g[t[1]][t[0]] == ' ' and t not in seen:
                seen.add(t); q.append(t)
    return seen
out, back, maxcells = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for f in sys.argv[4:]:
    r = json.load(open(f)); m = r['map']; W, H = m['width'], m['height']
    g = [list(row) for row in m['rows']]
    h = [None, None]
    for y in range(H):
        for x in range(W):
            if g[y][x] in '12': h[int(g[y][x]) - 1] = (x, y); g[y][x] = '#'
    moves = r['moves']
    stop = len(moves) - back
    if stop < 1: continue
    ok = True
    for turn, mv in enumerate(moves[:stop]):
        n = [(h[i][0] + D[mv[i]][0], h[i][1] + D[mv[i]][1]) for i in range(2)]
        if not all(0 <= n[i][0] < W and 0 <= n[i][1] < H and g[n[i][1]][n[i][0]] == ' ' for i in range(2)) or n[0] == n[1]:
            ok = False; break
        h = n
        for i in range(2): g[h[i][1]][h[i][0]] = '#'
    if not ok: continue
    r0, r1 = region(g, W, H, h[0]), region(g, W, H, h[1])
    if r0 & r1 or len(r0) > maxcells or len(r1) > maxcells: continue
    rows = [x[:] for x in g]
    rows[h[0][1]][h[0][0]] = '1'; rows[h[1][1]][h[1][0]] = '2'
    name = os.path.basename(f).replace('.json', '') + '-t%d.txt' % stop
    with open(os.path.join(out, name), 'w') as o:
        o.write('%d %d\n' % (W, H)); o.write('\n'.join(''.join(x) for x in rows) + '\n')
    print(name, len(r0), len(r1))
