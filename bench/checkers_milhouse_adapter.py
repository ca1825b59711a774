#!/usr/bin/env python3
# checkers_milhouse_adapter.py — lets `ariadne match checkers` play Mark
# VandeWettering's Milhouse (github.com/brainwagon/milhouse, a C checkers
# engine), the opponent of BENCHMARKS.md's checkers section. It speaks
# ariadne's checkers-engine protocol (docs/games/checkers.md) on stdin/stdout
# and drives Milhouse through its interactive commands (color, fen,
# timelimit, depth, go), keeping the position itself from the `position`
# lines. Milhouse is built outside the repository (docs/games/checkers.md,
# "Strength", says how); its directory is $MILHOUSE_DIR or the first
# argument. Usage, from the match:
#   ariadne match checkers --bots "engine:time=1,cmd:time=1:python3 bench/checkers_milhouse_adapter.py DIR" --games 20 --seed 8
import subprocess, sys, re, os

here = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("MILHOUSE_DIR", "."))
if not os.access(os.path.join(here, "milhouse"), os.X_OK):
    sys.stderr.write("checkers_milhouse_adapter: no milhouse program in %s\n" % here)
    sys.exit(2)
mh = subprocess.Popen([os.path.join(here, "milhouse")], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                      stderr=subprocess.DEVNULL, text=True, bufsize=1, cwd=here)

def rowcol(n):
    r = (n - 1) // 4
    return r, 2 * ((n - 1) % 4) + (1 if r % 2 == 0 else 0)

def square(r, c):
    return r * 4 + c // 2 + 1

def parse_fen(f):
    f = f.rstrip('.')
    parts = f.split(':')
    pos = {'stm': 'w' if parts[0] == 'W' else 'b', 'sq': {}}
    for side in parts[1:]:
        col = 'w' if side[0] == 'W' else 'b'
        for item in side[1:].split(','):
            if not item:
                continue
            king = item[0] == 'K'
            if king:
                item = item[1:]
            a, _, b = item.partition('-')
            for n in range(int(a), int(b or a) + 1):
                pos['sq'][n] = col.upper() if king else col
    return pos

def apply(pos, mv):
    s = [int(x) for x in re.split('[-x]', mv)]
    piece = pos['sq'].pop(s[0])
    if 'x' in mv:
        for a, b in zip(s, s[1:]):
            (r1, c1), (r2, c2) = rowcol(a), rowcol(b)
            pos['sq'].pop(square((r1 + r2) // 2, (c1 + c2) // 2), None)
    end = s[-1]
    r = rowcol(end)[0]
    if piece == 'b' and r == 7: piece = 'B'
    if piece == 'w' and r == 0: piece = 'W'
    pos['sq'][end] = piece
    pos['stm'] = 'w' if pos['stm'] == 'b' else 'b'

def fen(pos):
    def side(col):
        return ','.join(('K' if p.isupper() else '') + str(n) for n, p in sorted(pos['sq'].items()) if p.lower() == col)
    return ('B' if pos['stm'] == 'b' else 'W') + ':W' + side('w') + ':B' + side('b')

START = 'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12'
pos = parse_fen(START)

def say(line):
    sys.stdout.write(line + '\n')
    sys.stdout.flush()

def ask(cmd):
    mh.stdin.write(cmd + '\n')
    mh.stdin.flush()

for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == 'checkers':
        # wait until Milhouse has initialised (its tables, its puzzle library)
        ask('color')
        while True:
            out = mh.stdout.readline()
            if not out or out.startswith('Color is set'):
                break
        say('id name milhouse (adapter)')
        say('checkersok')
    elif w[0] == 'isready':
        say('readyok')
    elif w[0] == 'position':
        i = 1
        if w[1] == 'startpos':
            pos = parse_fen(START); i = 2
        else:
            pos = parse_fen(w[2]); i = 3
        if i < len(w) and w[i] == 'moves':
            for mv in w[i + 1:]:
                apply(pos, mv)
    elif w[0] == 'go':
        opts = dict(zip(w[1::2], w[2::2]))
        if 'depth' in opts:
            ask('timelimit 0'); ask('depth ' + opts['depth'])
        else:
            ask('depth 64'); ask('timelimit %d' % max(1, round(int(opts.get('movetime', '1000')) / 1000)))
        ask('fen ' + fen(pos))
        ask('go')
        move = None
        while True:
            out = mh.stdout.readline()
            if not out:
                sys.exit(3)
            m = re.match(r'\.\.\. LOG:\s*(\S+)', out)
            if m:
                move = m.group(1)
                break
            if 'game is over' in out:
                break
        say('bestmove ' + (move if move else 'none'))
    elif w[0] == 'quit':
        ask('quit')
        break
