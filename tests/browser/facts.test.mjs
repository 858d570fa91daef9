// The engine's facts on the page (issue 21): the page reads the layouts of the link arrays and the
// events, the flags and the caps from wasm (engine_facts(), src/wasm/facts.rs) and spells none of them.

import fs from 'node:fs';
import path from 'node:path';
import { test, assert, open, ROOT } from './harness.mjs';

/**
 * Spellings of an engine fact in the page's JS: a node or item-header stride or offset, an event word
 * by number, MARKED, COVERED, the events cap, the kept-solutions cap, the input cap.
 */
export const SPELLED = [
  [/nodes\[\s*4\s*\*/, 'a node read as nodes[4 * x …] (NODE.words, NODE.top …)'],
  [/items\[\s*2\s*\*/, 'an item header read as items[2 * x …] (ITEM.words, ITEM.left …)'],
  [/>>\s*2\b/, 'a node count as length >> 2 (NODE.words)'],
  [/\bev\[i \+ [1-5]\]/, 'an event word by number (EVENT.a …)'],
  [/0x[fF]{8}\b|\b4294967295\b/, 'MARKED (LIMITS.marked)'],
  [/0x40000000\b|1 << 30\b/, 'COVERED (LIMITS.covered)'],
  [/\b65536\b/, 'the events cap (LIMITS.eventCap)'],
  [/\bKEEP\s*=\s*\d|=== 100\b|first 100\b/, 'the kept-solutions cap (LIMITS.keep)'],
  [/64 \* 1024 \* 1024|\b67108864\b/, 'the input cap (LIMITS.maxInput)'],
];

/** Every spelling of an engine fact in the JS files of `dir`, as "file:line: what". */
export function spelledFacts(dir) {
  const found = [];
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.js')).sort()) {
    fs.readFileSync(path.join(dir, f), 'utf8').split('\n').forEach((line, i) => {
      for (const [re, what] of SPELLED) if (re.test(line)) found.push(`${f}:${i + 1}: ${what}`);
    });
  }
  return found;
}

test('facts: the page spells no engine fact; it reads them from engine_facts(), as the links are laid out', async ({ page, base }) => {
  const found = spelledFacts(path.join(ROOT, 'www'));
  assert(found.length === 0, `the page spells engine facts:\n${found.join('\n')}`);
  await open(page, base, '?queens=5');
  const r = await page.evaluate(async () => {
    const engine = await import('/www/engine/engine.js');
    const m = window.dlx.model;
    const { NODE, ITEM } = engine;
    const n = m.info.n_items;
    let bad = 0;
    // At the start every node is in its item's list: up and down are inverse links, read as the page
    // reads them, at the offsets the engine gave; and the item headers' left and right too.
    let { nodes } = m.views();
    const { items } = m.views();
    const count = nodes.length / NODE.words;
    for (let x = 1; x < count; x++) {
      if (nodes[NODE.words * x + NODE.top] === 0 && x > n) continue; // a spacer
      if (nodes[NODE.words * nodes[NODE.words * x + NODE.down] + NODE.up] !== x) bad++;
    }
    for (let x = 0; x <= n; x++) {
      if (items[ITEM.words * items[ITEM.words * x + ITEM.right] + ITEM.left] !== x) bad++;
    }
    // After 40 events: each item's list, walked down from its header, still pairs up, and every node
    // on it names that item as its top.
    m.step(40);
    ({ nodes } = m.views());
    for (let h = 1; h <= n; h++) {
      for (let x = nodes[NODE.words * h + NODE.down], guard = count; x !== h && guard-- > 0; x = nodes[NODE.words * x + NODE.down]) {
        if (nodes[NODE.words * x + NODE.top] !== h || nodes[NODE.words * nodes[NODE.words * x + NODE.down] + NODE.up] !== x) bad++;
      }
    }
    return { bad, count, node: { ...NODE }, item: { ...ITEM }, event: { ...engine.EVENT }, limits: { ...engine.LIMITS } };
  });
  assert(r.node.words === 4 && r.node.top === 0 && r.node.up === 1 && r.node.down === 2 && r.node.next === 3, `node layout ${JSON.stringify(r.node)}`);
  assert(r.item.words === 2 && r.item.left === 0 && r.item.right === 1, `item layout ${JSON.stringify(r.item)}`);
  assert(r.event.words === 6 && r.event.code === 0 && r.event.undone === 5, `event layout ${JSON.stringify(r.event)}`);
  assert(r.limits.marked === 0xFFFFFFFF && r.limits.covered === 2 ** 30 && r.limits.keep === 100 && r.limits.maxInput === 64 * 1048576
    && r.limits.eventCap === 65536 && r.limits.eventWords === 6, `limits ${JSON.stringify(r.limits)}`);
  assert(r.bad === 0, `${r.bad} links read at the facts' offsets do not pair up (of ${r.count} nodes)`);
});
