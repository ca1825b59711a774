# data/tron/head_on_audit.py: reads the output of `ariadne match tron ... --verbose` played from
# the positions of data/tron/head-on/aside (issue 17, sixth round) and says, for every head-on
# draw of the runs they came from and each player, whether stepping aside would have paid.
#
#   python3 head_on_audit.py MATCH_OUTPUT...   (several when the match ran in parts)
#
# A position MAP-GAME-pPD is the game's last turn with player P moving D instead of onto the
# meeting cell. The match plays it twice: game 1 with its first bot as player 1, game 2 with it
# as player 2. The replays came from `--bots chamber-ab,alphabeta`, so with the same --bots the
# match's game GAME has the bots on the sides they played ("as played"); the other game swaps
# them. For each head-on draw and player P the best result P got over its moves aside is
# printed: win, draw (head-on again, or another draw) or loss; a draw by head-on collision was
# the right choice for P when every move aside loses. A player whose every other move crashes
# at once has no position in the set and is not listed: its head-on draw was forced.
import fileinput, re, sys
from collections import defaultdict

GAME = re.compile(r'game (\d) on (\S+)-(\d)-p(\d)([NESW]): (\S+) \(1\) vs (\S+) \(2\): (.*)')
RANK = {'loss': 0, 'head-on': 1, 'draw': 2, 'win': 3}

def outcome(result, player):
    if result.startswith('draw'):
        return 'head-on' if 'head-on' in result else 'draw'
    return 'win' if int(result.split()[0]) == player else 'loss'

if len(sys.argv) < 2:
    sys.stderr.write('usage: head_on_audit.py MATCH_OUTPUT...\n')
    sys.exit(2)
best = defaultdict(lambda: {'as played': None, 'swapped': None})
try:
    lines = list(fileinput.input())
except (OSError, UnicodeDecodeError) as e:
    sys.stderr.write('head_on_audit.py: %s\n' % e); sys.exit(2)
for line in lines:
    m = GAME.match(line)
    if not m:
        continue
    match_game, where, game, player, move, bot1, bot2, result = m.groups()
    how = 'as played' if match_game == game else 'swapped'
    o = outcome(result, int(player))
    slot = best[(where + '-' + game, int(player))]
    if slot[how] is None or RANK[o] > RANK[slot[how][0]]:
        slot[how] = (o, move)
    if how == 'as played':
        slot['bot'] = [bot1, bot2][int(player) - 1]

if not best:
    sys.stderr.write('head_on_audit.py: no game from data/tron/head-on/aside* in %s\n' % ', '.join(sys.argv[1:]))
    sys.exit(2)
print('| head-on draw | player stepping aside | its bot | best result aside, as played | bots swapped |')
print('|---|---:|---|---|---|')
totals = {how: defaultdict(int) for how in ('as played', 'swapped')}
for (game, player), slot in sorted(best.items()):
    cells = []
    for how in ('as played', 'swapped'):
        o, move = slot[how] or ('-', '')
        totals[how][o] += 1
        cells.append('%s (%s)' % (o, move) if move else o)
    print('| %s | %d | %s | %s | %s |' % (game, player, slot.get('bot', '?'), cells[0], cells[1]))
for how in ('as played', 'swapped'):
    t = totals[how]
    print('%s: %d cases; best move aside won %d, drew %d (%d of them head-on again), lost %d'
          % (how, sum(t.values()), t['win'], t['draw'] + t['head-on'], t['head-on'], t['loss']))
