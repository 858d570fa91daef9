import { chromium } from 'playwright-core';
import { CHROMIUM } from './harness.mjs';
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 600, height: 200 } });
const t = 'Sudoku 9x9 (anti-knight, anti-king, non-consecutive, kropki, negative kropki)';
await page.setContent(`<div style="display:flex;width:170px;background:#222">
<p id=a style="margin:0;color:#fd6;flex:1 1 0;min-width:0;font-size:12px;line-height:14px;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;text-align:right">${t}</p></div>
<div style="display:flex;width:170px;background:#222;margin-top:10px">
<p style="margin:0;color:#fd6;flex:1 1 0;min-width:0;font-size:12px;line-height:14px;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;text-align:left">${t}</p></div>
<div style="display:flex;width:170px;background:#222;margin-top:10px">
<p style="margin:0;color:#fd6;flex:1 1 0;min-width:0;font-size:12px;line-height:14px;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;text-align:right;hyphens:none;overflow-wrap:normal"><span>${t.replace(/-/g, '\u2011')}</span></p></div>`);
await page.screenshot({ path: '/tmp/shots/clamp.png' });
await browser.close();
