// test.mjs — drives the page `ariadne replay FILE --html OUT.html` writes in
// headless Debian Chromium (playwright-core, no browser download):
//   node test.mjs OUT.html SCREENSHOT.png [EXPECTED_FINAL_BOARD.txt] [MORE.html MORE.png [...]]...
// (several pages share one browser start, which is most of the time taken).
// It loads the page from a file:// URL, replays the embedded game with this
// file's own implementation of the Tron rules, and checks that stepping with
// the buttons shows the right board and turn counter at every turn, that back,
// the slider, End and Play work, that the status shows the result and reason,
// that the console has no errors and that the page makes no network request.
// The screenshot is taken at the end of the game. Exit 0 when all checks pass.
import { chromium } from 'playwright-core';
import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const groups = []; // {html, shot, expected}
let usage = false;
for (const arg of process.argv.slice(2)) {
  const g = groups.at(-1);
  if (arg.endsWith('.html')) groups.push({ html: arg });
  else if (g && !g.shot && arg.endsWith('.png')) g.shot = arg;
  else if (g && g.shot && !g.expected) g.expected = arg;
  else usage = true;
}
if (usage || !groups.length || groups.some((g) => !g.shot)) {
  console.error('usage: node test.mjs OUT.html SCREENSHOT.png [EXPECTED_FINAL_BOARD.txt] [MORE.html MORE.png [...]]...');
  process.exit(2);
}

let passed = 0;
const failures = [];
function check(cond, what) {
  if (cond) passed++;
  else {
    failures.push(what);
    console.error('FAIL: ' + what);
  }
}

// The rules (DESIGN.md), written again here so the page is checked against an
// independent replay: both move at once, both old heads become trail, a head
// off the map or on a wall/trail crashes, two heads on one cell crash together.
// Returns the board text after every turn: '#' wall or trail, '1'/'2' heads,
// 'X' a crash on a cell of the map.
function boards(data) {
  const W = data.map.width, H = data.map.height;
  const grid = data.map.rows.map((r) => r.split('').map((c) => (c === '#' ? '#' : ' ')));
  const head = [null, null];
  data.map.rows.forEach((r, y) => [...r].forEach((c, x) => {
    if (c === '1') head[0] = [y, x];
    if (c === '2') head[1] = [y, x];
  }));
  const render = (crashed, off) => {
    const g = grid.map((r) => r.slice());
    for (let i = 0; i < 2; i++) {
      if (!crashed[i]) g[head[i][0]][head[i][1]] = String(i + 1);
      else if (!off[i]) g[head[i][0]][head[i][1]] = 'X';
    }
    return g.map((r) => r.join('')).join('\n');
  };
  const out = [render([false, false], [false, false])];
  const step = { 1: [-1, 0], 2: [0, 1], 3: [1, 0], 4: [0, -1] };
  let result = null;
  data.moves.forEach(([d1, d2], t) => {
    if (result !== null) throw new Error(`the game ended before turn ${t + 1}`);
    const next = [d1, d2].map((d, i) => [head[i][0] + step[d][0], head[i][1] + step[d][1]]);
    const off = next.map(([y, x]) => y < 0 || y >= H || x < 0 || x >= W);
    for (const [y, x] of head) grid[y][x] = '#';
    const crashed = next.map(([y, x], i) => off[i] || grid[y][x] === '#');
    if (!off[0] && !off[1] && next[0][0] === next[1][0] && next[0][1] === next[1][1])
      crashed[0] = crashed[1] = true;
    for (let i = 0; i < 2; i++) if (!off[i]) head[i] = next[i];
    out.push(render(crashed, off));
    if (crashed[0] || crashed[1]) result = crashed[0] && crashed[1] ? 'draw' : crashed[0] ? '2' : '1';
  });
  return { boards: out, result };
}

async function testPage(htmlPath, shotPath, expectedPath) {
  const page = await browser.newPage({ viewport: { width: 900, height: 800 } });
  const url = pathToFileURL(path.resolve(htmlPath)).href;
  const consoleErrors = [], requests = [];
  page.on('console', (msg) => { if (msg.type() === 'error') consoleErrors.push(msg.text()); });
  page.on('pageerror', (err) => consoleErrors.push(String(err)));
  page.on('request', (req) => { if (req.url() !== url) requests.push(req.url()); });

  await page.goto(url, { waitUntil: 'load' });
  const data = await page.evaluate(() => JSON.parse(document.getElementById('replay-data').textContent));
  const n = data.moves.length;
  const want = boards(data);
  // null: nobody crashed, the game ended off the board (a bot failed), any result
  check(want.result === data.result || want.result === null,
        `the moves give result ${want.result}, the file says ${data.result}`);

  const board = () => page.textContent('#board-text');
  const turnText = () => page.textContent('#turn');
  check(await board() === want.boards[0], 'the start board:\n' + await board());
  check(await turnText() === `turn 0 / ${n}`, `turn counter at the start: ${await turnText()}`);
  check(await page.isDisabled('#back'), 'back is enabled at the start');
  check((await page.textContent('#name1')) === data.players[0], 'player 1 name not shown');
  check((await page.textContent('#name2')) === data.players[1], 'player 2 name not shown');

  // Every move with the step button: the board and the counter at each turn.
  let stepErrors = 0;
  for (let t = 1; t <= n; t++) {
    await page.click('#step');
    const b = await board(), tt = await turnText();
    if (b !== want.boards[t] || tt !== `turn ${t} / ${n}`) {
      if (stepErrors++ < 3) check(false, `after step ${t} (${tt}) the board is\n${b}\nwanted\n${want.boards[t]}`);
    }
  }
  check(stepErrors === 0, `${stepErrors} turns showed a wrong board or counter`);
  const finalBoard = await board();
  check(finalBoard === want.boards[n], 'the final board');
  if (expectedPath) {
    const expected = readFileSync(expectedPath, 'utf8').replace(/\n+$/, '');
    check(finalBoard === expected, `the final board differs from ${expectedPath}:\n${finalBoard}\nwanted\n${expected}`);
  }
  const status = await page.textContent('#status');
  const resultText = data.result === 'draw' ? 'draw' : `player ${data.result} wins`;
  check(status.includes(resultText), `status "${status}" does not show "${resultText}"`);
  check(status.includes(data.reason), `status "${status}" does not show the reason`);
  check(await page.isDisabled('#step'), 'step is still enabled at the end');
  check((await page.getAttribute('body', 'data-turn')) === String(n), 'body data-turn at the end');

  if (n > 0) await otherControls(page, n, want, resultText, board, turnText);

  await page.screenshot({ path: shotPath, fullPage: true });
  check(consoleErrors.length === 0, 'console errors: ' + consoleErrors.join(' | '));
  check(requests.length === 0, 'network requests: ' + requests.join(' '));
  await page.close();
}

async function otherControls(page, n, want, resultText, board, turnText) {
  // Back one turn, the slider to the start and to the middle, End.
  await page.click('#back');
  check(await board() === want.boards[n - 1], 'back from the end');
  check(!(await page.textContent('#status')).includes(resultText), 'the result is shown before the end');
  await page.fill('#slider', '0');
  check(await board() === want.boards[0], 'slider to 0');
  const mid = Math.floor(n / 2);
  await page.fill('#slider', String(mid));
  check(await board() === want.boards[mid] && await turnText() === `turn ${mid} / ${n}`, 'slider to the middle');
  await page.click('#last');
  check(await board() === want.boards[n], 'End button');

  // Play from the start at the fastest speed until it stops by itself at the end.
  await page.click('#first');
  await page.selectOption('#speed', '2');
  await page.click('#play');
  check((await page.textContent('#play')) === 'Pause', 'the play button does not turn into pause');
  await page.selectOption('#speed', '60');
  await page.waitForFunction((last) => document.body.getAttribute('data-turn') === String(last)
      && document.getElementById('play').textContent === 'Play', n, { timeout: 5000 + n * 50 });
  check(await board() === want.boards[n], 'the board after playing to the end');
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
         '--disable-sync', '--no-first-run', '--disable-quic'],
});
try {
  for (const g of groups) {
    const before = failures.length;
    await testPage(g.html, g.shot, g.expected);
    console.log(`${g.html}: ${failures.length === before ? 'ok' : 'FAILED'}`);
  }
} finally {
  await browser.close();
}
console.log(`replay browser test: ${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
