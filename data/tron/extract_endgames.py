# data/tron/extract_endgames.py: how data/tron/endgames/, separations/ and head-on/ were made
# (issue 17), and data/tron/search (issue 33). Writes positions of Tron replays as map files (trails
# are walls): separated ones for the fillers, the ones around head-on collisions for the head-on
# audit, and positions in contact for timing the search.
#
#   python3 extract_endgames.py OUTDIR BACK MAXCELLS REPLAY.json...
#     for each game, the position BACK turns before the end, if the players are separated then
#     and each region has at most MAXCELLS cells (data/tron/endgames: replays of
#     `ariadne match tron --bots chamber-ab,alphabeta --maps data/tron/maps --move-time 0.1
#     --seed 1 --replay DIR`; BACK 20, 30, 40 and MAXCELLS 45 were used);
#   python3 extract_endgames.py --first-separation OUTDIR MINCELLS REPLAY.json...
#     for each game, the first position in which the players are separated, if each region
#     then has at least MINCELLS cells, named MAP-GAME-tTURN.txt; a position two games share is
#     written once (data/tron/separations: replays of the same command at 0.1 s and 1 s per
#     move from issue 17's fourth round; MINCELLS 60);
#   python3 extract_endgames.py --before-head-on OUTDIR K[,K...] REPLAY.json...
#     for each game that ended in a head-on collision, the position K turns before it, named
#     MAP-GAME-kK.txt (data/tron/head-on/before: K 2 and 4);
#   python3 extract_endgames.py --head-on-alternatives OUTDIR REPLAY.json...
#     for each game that ended in a head-on collision and each player P, the position after the
#     last turn had P stepped aside: each other move of P that does not crash at once, the other
#     player's move kept; named MAP-GAME-pPD.txt, D the direction P took instead
#     (data/tron/head-on/aside).
#   python3 extract_endgames.py --contact-every OUTDIR N MOST REPLAY.json...
#     for each game, the positions before turns N-1, 2N-1, ... (at most MOST) in which the
#     players are in contact and the player to think has two safe moves or more, that player
#     alternately 1 and 2, rendered as '1'; named MAP-GAME-tTTT.txt (data/tron/search: game 1
#     of each map of `ariadne match tron --bots chamber-ab:depth=3,chamber-ab:depth=3 --maps
#     data/tron/maps --seed 1 --replay DIR`, N 6, MOST 6; issue 33).
#   The two head-on modes: a position two games share is written once; replays from more than one directory are
#   named after it too (DIR-MAP-...), since two runs use the same file names. data/tron/head-on:
#   replays of the command above at 0.1 s, seeds 9 and 10 (directories seed9, seed10), issue
#   17's sixth round; aside-1s: the replays of its fifth round's 1 s run with seed 8 (one
#   directory), huge-room's positions then removed.
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
class BadReplay(Exception):
    pass
def read_replay(f):
    try:
        with open(f) as i:
            return json.load(i)
    except (OSError, ValueError) as e:
        raise BadReplay('%s: %s' % (f, e))
def load(f, r=None):
    """The replay's moves, the map's size, its cells with the start cells blocked, and the heads
    (r: the replay f already read)."""
    try:
        r = r if r is not None else read_replay(f); m = r['map']; W, H = m['width'], m['height']
        g = [list(row) for row in m['rows']]
        h = [None, None]
        for y in range(H):
            for x in range(W):
                if g[y][x] in '12': h[int(g[y][x]) - 1] = (x, y); g[y][x] = '#'
        return r['moves'], W, H, g, h
    except (KeyError, TypeError, IndexError) as e:
        raise BadReplay('%s: not a Tron replay (%s %s)' % (f, type(e).__name__, e))
def step(g, W, H, h, mv):
    """The heads after joint move mv (their cells blocked), or None when a player crashes."""
    n = [(h[i][0] + D[mv[i]][0], h[i][1] + D[mv[i]][1]) for i in range(2)]
    if not all(0 <= n[i][0] < W and 0 <= n[i][1] < H and g[n[i][1]][n[i][0]] == ' ' for i in range(2)) or n[0] == n[1]:
        return None
    for i in range(2): g[n[i][1]][n[i][0]] = '#'
    return n
def render(g, W, H, h):
    rows = [x[:] for x in g]
    rows[h[0][1]][h[0][0]] = '1'; rows[h[1][1]][h[1][0]] = '2'
    return '%d %d\n' % (W, H) + '\n'.join(''.join(x) for x in rows) + '\n'
def write(out, name, text):
    with open(os.path.join(out, name), 'w') as o:
        o.write(text)
def write_new(out, written, name, text, *info):
    """Writes text as name unless an earlier file of this run had the same position."""
    if text not in written:
        written.add(text)
        write(out, name, text)
        print(name, *info)
def before_the_end(out, back, maxcells, files):
    for f in files:
        moves, W, H, g, h = load(f)
        stop = len(moves) - back
        if stop < 1: continue
        for mv in moves[:stop]:
            h = step(g, W, H, h, mv)
            if h is None: break
        if h is None: continue
        r0, r1 = region(g, W, H, h[0]), region(g, W, H, h[1])
        if r0 & r1 or len(r0) > maxcells or len(r1) > maxcells: continue
        name = os.path.basename(f).replace('.json', '') + '-t%d.txt' % stop
        write(out, name, render(g, W, H, h))
        print(name, len(r0), len(r1))
def first_separation(out, mincells, files):
    os.makedirs(out, exist_ok=True)
    written = set()
    for f in files:
        moves, W, H, g, h = load(f)
        for turn, mv in enumerate(moves):
            r0, r1 = region(g, W, H, h[0]), region(g, W, H, h[1])
            if not r0 & r1:
                if len(r0) >= mincells and len(r1) >= mincells:
                    name = os.path.basename(f).rsplit('.', 1)[0] + '-t%d.txt' % turn
                    write_new(out, written, name, render(g, W, H, h), len(r0), len(r1))
                break
            h = step(g, W, H, h, mv)
            if h is None: break
def head_on_games(files):
    """(name, moves, W, H, cells, heads) of each replay that ended in a head-on collision; the
    name is MAP-GAME, after the replay directory's name when the replays come from more than
    one directory (two runs use the same file names)."""
    several = len({os.path.dirname(os.path.abspath(f)) for f in files}) > 1
    for f in files:
        r = read_replay(f)
        if not isinstance(r, dict) or 'head-on' not in str(r.get('reason', '')): continue
        name = os.path.basename(f).rsplit('.', 1)[0]
        if several:
            name = os.path.basename(os.path.dirname(os.path.abspath(f))) + '-' + name
        yield (name,) + load(f, r)
def before_head_on(out, backs, files):
    os.makedirs(out, exist_ok=True)
    written = set()
    for name, moves, W, H, g0, h0 in head_on_games(files):
        for back in backs:
            if back > len(moves): continue
            g, h = [row[:] for row in g0], h0
            for mv in moves[:len(moves) - back]:
                h = step(g, W, H, h, mv)
            write_new(out, written, name + '-k%d.txt' % back, render(g, W, H, h))
def head_on_alternatives(out, files):
    os.makedirs(out, exist_ok=True)
    written = set()
    for name, moves, W, H, g0, h0 in head_on_games(files):
        for mv in moves[:-1]:
            h0 = step(g0, W, H, h0, mv)
        for p in range(2):
            for d in D:
                if d == moves[-1][p]: continue
                joint = list(moves[-1]); joint[p] = d
                g = [row[:] for row in g0]
                h = step(g, W, H, h0, joint)
                if h is not None:
                    write_new(out, written, name + '-p%d%s.txt' % (p + 1, 'NESW'[d - 1]), render(g, W, H, h))
def contact_every(out, every, most, files):
    os.makedirs(out, exist_ok=True)
    for f in files:
        moves, W, H, g, h = load(f)
        got = 0
        for turn, mv in enumerate(moves):
            if got >= most: break
            q = got & 1
            safe = sum(1 for d in D.values() if 0 <= h[q][0] + d[0] < W and 0 <= h[q][1] + d[1] < H
                       and g[h[q][1] + d[1]][h[q][0] + d[0]] == ' ')
            if turn % every == every - 1 and safe >= 2 and region(g, W, H, h[0]) & region(g, W, H, h[1]):
                name = os.path.basename(f).rsplit('.', 1)[0] + '-t%03d.txt' % turn
                write(out, name, render(g, W, H, [h[q], h[1 - q]]))
                print(name)
                got += 1
            h = step(g, W, H, h, mv)
            if h is None: break
USAGE = ('usage: extract_endgames.py OUTDIR BACK MAXCELLS REPLAY.json... | --first-separation OUTDIR '
         'MINCELLS REPLAY.json... | --before-head-on OUTDIR K[,K...] REPLAY.json... | '
         '--head-on-alternatives OUTDIR REPLAY.json... | --contact-every OUTDIR N MOST REPLAY.json...')
def main(a):
    if a[:1] == ['--first-separation'] and len(a) >= 4:
        first_separation(a[1], int(a[2]), a[3:])
    elif a[:1] == ['--head-on-alternatives'] and len(a) >= 3:
        head_on_alternatives(a[1], a[2:])
    elif a[:1] == ['--contact-every'] and len(a) >= 5:
        contact_every(a[1], int(a[2]), int(a[3]), a[4:])
    elif a[:1] == ['--before-head-on'] and len(a) >= 4:
        before_head_on(a[1], [int(k) for k in a[2].split(',')], a[3:])
    elif len(a) >= 4 and not a[0].startswith('--'):
        before_the_end(a[0], int(a[1]), int(a[2]), a[3:])
    else:
        sys.stderr.write(USAGE + '\n'); sys.exit(2)
try:
    main(sys.argv[1:])
except BadReplay as e:
    sys.stderr.write('extract_endgames.py: %s\n' % e); sys.exit(2)
except ValueError as e:  # a number argument that is not one
    sys.stderr.write('extract_endgames.py: %s\n' % e); sys.exit(2)
except (KeyError, TypeError, IndexError) as e:  # a move that is not a direction 1-4
    sys.stderr.write('extract_endgames.py: a replay holds moves that are not Tron moves (%s %s)\n'
                     % (type(e).__name__, e)); sys.exit(2)
