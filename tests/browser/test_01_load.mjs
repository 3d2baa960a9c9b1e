// Issue 2's web shell: the page loads the wasm, fills the window, and shows the catalog's GPUs in a
// sortable table. Checked through the read-only hook, with a screenshot to look at.
import {join} from 'node:path';
import {assert, click, clickUntil, launch, snapshot, until, waitReady, watch} from './lib.mjs';

export const name = 'page loads, GPU table renders and sorts';

export default async function (t) {
  const {context, close} = await launch({viewport: {width: 1280, height: 800}});
  try {
    const page = await context.newPage();
    const w = watch(page);
    const t0 = Date.now();
    await page.goto(t.url);
    let s = await waitReady(page);
    t.log(`first frame after ${Date.now() - t0} ms; ${s.catalog.gpus} GPUs, catalog ${s.catalog.version}`);
    assert(s.catalog.ok && s.catalog.gpus >= 40, `catalog should load with >= 40 GPUs, got ${s.catalog.gpus}`);
    // The guide is not part of the first load: the page fetches it only when its tab opens.
    assert(s.catalog.guide === 'not loaded' && !w.requests.some((u) => u.endsWith('/guide.json')),
           `the guide should not load before its tab opens (${s.catalog.guide})`);
    // The loading indicator is gone and the canvas fills the window.
    const shell = await page.evaluate(() => ({
      loading: getComputedStyle(document.getElementById('loading')).display,
      w: document.getElementById('canvas').width, h: document.getElementById('canvas').height,
      iw: innerWidth, ih: innerHeight}));
    assert(shell.loading === 'none', `loading indicator still visible (${shell.loading})`);
    assert(shell.w === shell.iw && shell.h === shell.ih, `canvas ${shell.w}x${shell.h} != window ${shell.iw}x${shell.ih}`);

    await clickUntil(page, 'tab_catalog', (x) => x.tab === 'catalog', 'the catalog tab');
    s = await until(page, (x) => x.tab === 'catalog' && x.gpu_table.rows.length === x.catalog.gpus, 'the GPU table');
    const names = s.gpu_table.rows.map((r) => r.name);
    const sorted = [...names].sort((a, b) => a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);
    assert(JSON.stringify(names) === JSON.stringify(sorted), 'default order should be by name');

    // Sort by FP32 TFLOPS: a real click on the header (the hook only reports where it is).
    await click(page, 'gpu_header_4');
    s = await until(page, (x) => x.gpu_table.sort_column === 4, 'sorting by FP32');
    const fp32 = s.gpu_table.rows.map((r) => r.fp32_tflops).filter((v) => v !== null);
    for (let i = 1; i < fp32.length; ++i)
      assert(fp32[i - 1] >= fp32[i], `FP32 column not descending at row ${i}: ${fp32[i - 1]} < ${fp32[i]}`);
    t.log(`sorted by FP32: ${s.gpu_table.rows.slice(0, 3).map((r) => r.name).join(', ')} ...`);
    await click(page, 'gpu_header_4');
    s = await until(page, (x) => x.gpu_table.sort_column === 4 && !x.gpu_table.descending, 'ascending FP32');

    // Filter through real typing.
    await click(page, 'gpu_filter');
    await page.keyboard.type('a100', {delay: 20});
    s = await until(page, (x) => x.gpu_table.filter === 'a100', 'the filter text');
    assert(s.gpu_table.rows.length >= 2 && s.gpu_table.rows.every((r) => /a100/i.test(r.name + r.id)),
        `filter a100 should keep only A100s: ${s.gpu_table.rows.map((r) => r.name).join(', ')}`);
    for (let i = 0; i < 4; ++i) await page.keyboard.press('Backspace');
    s = await until(page, (x) => x.gpu_table.filter === '' && x.gpu_table.rows.length === x.catalog.gpus, 'cleared filter');

    // Several presses of one key inside a single frame each count (Dear ImGui 1.86 samples keys once a
    // frame; the shell queues presses). Typed, then three Backspaces dispatched synchronously.
    await page.keyboard.type('h100', {delay: 20});
    await until(page, (x) => x.gpu_table.filter === 'h100', 'the filter h100');
    await page.evaluate(() => {
      const c = document.getElementById('canvas');
      for (let i = 0; i < 3; ++i)
        for (const type of ['keydown', 'keyup']) {
          const e = new KeyboardEvent(type, {bubbles: true, cancelable: true, key: 'Backspace'});
          for (const k of ['keyCode', 'which']) Object.defineProperty(e, k, {get: () => 8});
          c.dispatchEvent(e);
        }
    });
    s = await until(page, (x) => x.gpu_table.filter === 'h', 'three same-frame Backspaces leaving "h"');
    await page.keyboard.press('Backspace');
    s = await until(page, (x) => x.gpu_table.filter === '' && x.gpu_table.rows.length === x.catalog.gpus, 'cleared filter again');

    await page.screenshot({path: join(t.shots, '01-catalog-table.png')});
    for (const tab of ['guide', 'calculators']) {
      await clickUntil(page, 'tab_' + tab, (x) => x.tab === tab, `the ${tab} tab`);
      if (tab === 'guide') await until(page, (x) => x.catalog.guide === 'ready', 'the guide, fetched when its tab opened');
      await page.screenshot({path: join(t.shots, `01-${tab}.png`)});
    }
    assert(!w.errors.length, `console errors: ${w.errors.join(' | ')}`);
    const bad = t.server.requests.filter((r) => r.status !== 200);
    assert(!bad.length, `requests that failed: ${bad.map((r) => r.path + ' ' + r.status).join(', ')}`);
  } finally {
    await close();
  }
}
