// The queens board shows what the narration names (issue 44, finding 10): the rank or file of a
// dead end crossed out, and a queen's square not in the colour the legend calls a free square.

import { assert, open, settle, test, report, tid } from './harness.mjs';

test('queens: at a dead end the board crosses out the rank or file the narration names; a queen\'s square is not a free square\'s colour', async ({ page, base }) => {
  await open(page, base, '?queens=8');
  // Next choice until the search stands at a dead end.
  let said = '';
  for (let i = 0; i < 200 && !/has no free squares/.test(said); i++) {
    await page.click(tid('step-choice'));
    said = await page.evaluate(() => window.dlx.model.narration());
  }
  await settle(page);
  const m = /(row|column) (\d+) has no free squares/.exec(said);
  assert(m, `no dead end narrated: ${said}`);
  const r = await page.evaluate(() => {
    const b = window.dlx.app.board;
    const legend = [...document.querySelectorAll('#board-legend li')].map((li) => li.textContent.trim());
    return { drawn: b.drawnDead, legend };
  });
  const want = `${m[1] === 'row' ? 'rank' : 'file'} ${m[2]}`;
  report.push(`queens dead end: "${said}"; the board crosses out ${r.drawn || 'nothing'}`);
  assert(r.drawn === want, `the narration names ${m[1]} ${m[2]}, the board crosses out "${r.drawn}"`);
  assert(r.legend.some((t) => /square a queen stands on/.test(t)) && r.legend.some((t) => /dead end/.test(t)), `the legend lacks the queen's square or the dead end: ${r.legend.join(' | ')}`);
  // A queen's square, sampled at its corner, against the free squares' two colours.
  const px = await page.evaluate(async () => {
    const b = window.dlx.app.board, canvas = b.canvas, d = window.devicePixelRatio || 1, ctx = canvas.getContext('2d');
    const { gridOf } = await import('/www/views/grid.js');
    const n = b.board.rows, g = gridOf(canvas.clientWidth, canvas.clientHeight, n);
    const at = (x, y) => [...ctx.getImageData(Math.round(x * d), Math.round(y * d), 1, 1).data].slice(0, 3).join(',');
    const q = b.board.cells.indexOf(1);
    const i = Math.floor(q / n), j = q % n;
    const queen = at(g.x0 + j * g.cell + 3, g.y0 + i * g.cell + 3);
    const cs = getComputedStyle(document.documentElement);
    const hex = (name) => { const v = parseInt(cs.getPropertyValue(name).trim().slice(1), 16); return `${v >> 16},${(v >> 8) & 255},${v & 255}`; };
    return { queen, light: hex('--c-light'), dark: hex('--c-dark') };
  });
  assert(px.queen !== px.light && px.queen !== px.dark, `a queen stands on a free square's colour: ${JSON.stringify(px)}`);
});
