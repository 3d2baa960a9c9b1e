// Issue 2's web shell: the page loads the wasm, fills the window, and shows the catalog's GPUs in a
// sortable table. Checked through the read-only hook, with a screenshot to look at.
import {readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {assert, click, clickUntil, launch, scrollJobPanelTo, snapshot, typeInto, until, waitReady, watch} from './lib.mjs';

const notesFile = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'data', 'catalog-notes.json');
// The site serves data files named by their content (scripts/build-web-data.py): catalog-notes-<hash>.json,
// fetched LZMA-packed (.json.lzma), and by an English page without its Chinese prose (.en.json).
const notesUrl = /\/catalog-notes-[0-9a-f]{10}(\.en)?\.json(\.lzma)?$/;
const isNotes = (u) => notesUrl.test(u);
const isGuide = (u) => /\/guide-[0-9a-f]{10}\.json(\.lzma)?$/.test(u);

export const name = 'page loads, GPU table renders and sorts';

export default async function (t) {
  const {context, close} = await launch({viewport: {width: 1280, height: 800}});
  try {
    const page = await context.newPage();
    const w = watch(page);
    // Every WebGL context asked for, and when: the shell makes the page's one context while the wasm
    // downloads, and main() takes it over (GL_PREINITIALIZED_CONTEXT) rather than making its own.
    await page.addInitScript(() => {
      window.gwTestContexts = [];
      const get = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (type, attrs) {
        const ctx = get.call(this, type, attrs);
        if (/webgl/.test(type)) window.gwTestContexts.push({type, before_runtime: !window.gwRuntimeAt, ok: !!ctx});
        return ctx;
      };
      // The service worker's install caches the whole site: the shell registers it only once the page has
      // drawn its first answer and gone idle, not beside the first frame.
      window.gwTestRegistered = [];
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (...args) {
        window.gwTestRegistered.push({first_frame: window.gwFirstFrameAt || null,
                                     frames: window.gpuwiseTest ? window.gpuwiseTest.frames() : 0});
        return register.apply(this, args);
      };
    });
    const t0 = Date.now();
    await page.goto(t.url);
    let s = await waitReady(page);
    t.log(`first frame after ${Date.now() - t0} ms; ${s.catalog.gpus} GPUs, catalog ${s.catalog.version}`);
    const contexts = await page.evaluate(() => window.gwTestContexts);
    assert(contexts.length === 1 && contexts[0].type === 'webgl2' && contexts[0].before_runtime && contexts[0].ok,
           `one WebGL 2 context, made by the shell before the wasm ran: ${JSON.stringify(contexts)}`);
    assert(s.catalog.ok && s.catalog.gpus >= 40, `catalog should load with >= 40 GPUs, got ${s.catalog.gpus}`);
    // The primary was unpacked and compiled as it downloaded (web/shell.js streamPrimary), not after.
    assert(await page.evaluate(() => window.gwUnpackStreamed === true), 'the primary was not unpacked as it downloaded');
    const registered = await page.waitForFunction(() => window.gwTestRegistered.length > 0 && window.gwTestRegistered,
                                                  null, {timeout: 10000}).then((h) => h.jsonValue()).catch(() => []);
    assert(registered.length === 1 && registered[0].first_frame > 0 && registered[0].frames >= 2,
           `the service worker should be registered once, after the first answer's frames: ${JSON.stringify(registered)}`);
    // An English page reads the catalog and presets without their Chinese prose (8 KB less), never whole.
    const data = w.requests.filter((u) => /\/(catalogs\/catalog-|presets-)[^/]*\.json(\.lzma)?$/.test(u));
    assert(data.length === 2 && data.every((u) => /\.en\.json\.lzma$/.test(u)),
           `the English page's first data should be the two English-only copies: ${data}`);
    // The guide is not part of the first load: the page fetches it only when its tab opens.
    assert(s.catalog.guide === 'not loaded' && !w.requests.some(isGuide),
           `the guide should not load before its tab opens (${s.catalog.guide})`);
    // Nor are the catalog's citations and notes (with the offers' notes): an opened row or the catalog tab
    // asks for them.
    await page.waitForTimeout(500);
    s = await snapshot(page);
    assert(s.catalog.notes === 'not loaded' && !w.requests.some(isNotes),
           `catalog-notes.json should not load before it is shown (${s.catalog.notes})`);
    const notesJson = JSON.parse(readFileSync(notesFile, 'utf8'));
    // A row whose offer has notes and whose provider a billing note, both in the notes file.
    const withNotes = s.report.rows.find((r) => notesJson.offers[r.offer]?.notes &&
                                                notesJson.providers[r.provider]?.billing_note);
    assert(withNotes && !withNotes.notes.includes(notesJson.offers[withNotes.offer].notes.en) &&
               !withNotes.notes.includes(notesJson.providers[withNotes.provider].billing_note.en),
           'before the notes file is in, no row carries its offer notes or its billing note');
    await click(page, 'row_' + withNotes.rank);
    s = await until(page, (x) => x.catalog.notes === 'ready' && !x.pending && x.report.expanded.length === 1,
                    'the notes, fetched when a row opened');
    const row = s.report.rows.find((r) => r.offer === withNotes.offer && r.rank === withNotes.rank);
    assert(row && row.notes.includes(notesJson.offers[row.offer].notes.en),
           `the opened row (${withNotes.offer}) should now carry its offer's notes: ${JSON.stringify(row)}`);
    assert(s.report.expanded.includes(row.key), 'the row stays open when the rows are recomputed with the notes');
    // So does its provider's billing note (prose moved to the notes file too, 12-05).
    const billing = notesJson.providers[row.provider].billing_note.en;
    assert(row.notes.includes(billing),
           `the opened row should carry ${row.provider}'s billing note from the notes file: ${JSON.stringify(row.notes)}`);
    await click(page, 'row_' + withNotes.rank);
    await until(page, (x) => x.report.expanded.length === 0, 'the row to close');
    // The loading indicator is gone and the canvas fills the window.
    const shell = await page.evaluate(() => ({
      loading: getComputedStyle(document.getElementById('loading')).display,
      w: document.getElementById('canvas').width, h: document.getElementById('canvas').height,
      iw: innerWidth, ih: innerHeight}));
    assert(shell.loading === 'none', `loading indicator still visible (${shell.loading})`);
    assert(shell.w === shell.iw && shell.h === shell.ih, `canvas ${shell.w}x${shell.h} != window ${shell.iw}x${shell.ih}`);

    await clickUntil(page, 'tab_catalog', (x) => x.tab === 'catalog', 'the catalog tab');
    s = await until(page, (x) => x.tab === 'catalog' && x.gpu_table.rows.length === x.catalog.gpus, 'the GPU table');
    assert(w.requests.filter(isNotes).length === 1,
           'the catalog tab should reuse the notes already fetched');
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

    // A price date's tooltip shows the offer's citation from catalog-notes.json.
    await click(page, 'cat_offers');
    s = await until(page, (x) => x.offer_table.count > 0 && x.rects.offer_date_0, 'the offers table');
    const offer = s.offer_table.rows[0];
    const source = JSON.parse(readFileSync(notesFile, 'utf8')).offers[offer].source;
    const r = s.rects.offer_date_0;
    await page.mouse.move(r[0] + r[2] / 2, r[1] + r[3] / 2);
    s = await until(page, (x) => x.tooltip.startsWith('Source: '), `the tooltip of ${offer}'s price date`);
    assert(s.tooltip.startsWith('Source: ' + source), `the tooltip should cite ${source}: ${s.tooltip.slice(0, 200)}`);
    t.log(`${offer}: ${s.tooltip.slice(0, 80)}...`);
    await page.screenshot({path: join(t.shots, '01-offer-tooltip.png')});
    await click(page, 'cat_gpus');
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
  await notesDownloadFails(t);
  await creditsFetchNotes(t);
}

// The programmes' notes (the "Credits I hold" tooltips) are in the notes file too: opening that list is what
// fetches it, on a page that has shown no row or catalog yet.
async function creditsFetchNotes(t) {
  const {context, close} = await launch({});
  try {
    const page = await context.newPage();
    const w = watch(page);
    await page.goto(t.url);
    await waitReady(page);
    await page.waitForTimeout(500);
    let s = await snapshot(page);
    assert(s.catalog.notes === 'not loaded' && !w.requests.some(isNotes), `no notes before the credits open (${s.catalog.notes})`);
    await scrollJobPanelTo(page, 'credits', 'the credits list');
    await click(page, 'credits');
    s = await until(page, (x) => x.catalog.notes === 'ready', 'the notes, fetched when the credits list opened');
    assert(w.requests.filter(isNotes).length === 1, `one notes download: ${w.requests.filter(isNotes)}`);
    assert(!w.errors.length, `console errors: ${w.errors.join(' | ')}`);
  } finally {
    await close();
  }
}

// Citations that cannot be downloaded: the tooltips say so, the catalog tab offers a retry, and a price
// edited meanwhile survives the notes arriving.
async function notesDownloadFails(t) {
  const {context, close} = await launch({serviceWorkers: 'block'});  // so page.route sees every fetch
  try {
    const page = await context.newPage();
    await page.route(notesUrl, (r) => r.abort());
    await page.goto(t.url);
    await waitReady(page);
    await clickUntil(page, 'tab_catalog', (x) => x.tab === 'catalog', 'the catalog tab');
    await click(page, 'cat_offers');
    let s = await until(page, (x) => x.catalog.notes === 'failed' && x.rects.offer_date_0 && x.rects.catalog_notes_retry,
                        'the notes download failing');
    const failedJson = JSON.parse(readFileSync(notesFile, 'utf8'));
    assert(s.report.rows.every((x) => !x.notes.includes(failedJson.offers[x.offer]?.notes?.en)),
           'without the notes file no row can carry an offer note');
    const offer = s.offer_table.rows[0];
    const r = s.rects.offer_date_0;
    await page.mouse.move(r[0] + r[2] / 2, r[1] + r[3] / 2);
    s = await until(page, (x) => x.tooltip !== '', 'a price date tooltip');
    assert(s.tooltip.startsWith('Source: could not be downloaded'), `the tooltip should say so: ${s.tooltip}`);
    await page.screenshot({path: join(t.shots, '01-notes-failed.png')});

    await typeInto(page, 'price_' + offer, '9999');
    await until(page, (x) => !x.pending && x.scenario.price_overrides[offer] === 9999, 'a price edit');
    await page.unroute(notesUrl);
    await click(page, 'catalog_notes_retry');
    s = await until(page, (x) => x.catalog.notes === 'ready' && !x.pending, 'the notes after a retry');
    // The rows had no offer notes while the file was missing; they have them now, once explained (the pick
    // with the ranking, any other row when it is opened).
    const notesJson = JSON.parse(readFileSync(notesFile, 'utf8'));
    const withNotes = s.report.rows.find((x) => notesJson.offers[x.offer]?.notes);
    await clickUntil(page, 'tab_recommend', (x) => x.tab === 'recommend', 'the recommendation tab');
    await click(page, 'row_' + withNotes.rank);
    s = await until(page, (x) => !x.pending && x.report.rows.find((r) => r.key === withNotes.key)?.detailed,
                    'the row with offer notes, opened');
    const row = s.report.rows.find((x) => x.key === withNotes.key);
    assert(row && row.notes.includes(notesJson.offers[row.offer].notes.en),
           `after the retry the rows should carry their offers' notes: ${JSON.stringify(row)}`);
    assert(s.scenario.price_overrides[offer] === 9999, `the price edit should survive the notes: ${JSON.stringify(s.scenario.price_overrides)}`);
    const stored = await page.evaluate(() => localStorage.getItem('gpuwise.prices'));
    assert(stored && JSON.parse(stored)[offer] === 9999, `localStorage should keep the edit: ${stored}`);
  } finally {
    await close();
  }

  // Browsers that cannot stream the primary still load it: one whose compileStreaming refuses a stream it
  // did not fetch (the bytes already unpacked are compiled instead), one without response streams (all at
  // once, after the download).
  const without = {
    'compileStreaming refused': () => {
      WebAssembly.compileStreaming = () => Promise.reject(new TypeError('not from a fetch'));
    },
    'no response streams': () => {
      Object.defineProperty(Response.prototype, 'body', {get: () => null});
    },
  };
  for (const [what, patch] of Object.entries(without)) {
    const {context: c2, close: close2} = await launch({viewport: {width: 1280, height: 800}});
    try {
      const page = await c2.newPage();
      await page.addInitScript(patch);
      await page.goto(t.url);
      const s = await waitReady(page);
      assert(s.catalog.ok && s.report.count > 0, `${what}: the page did not answer`);
      const streamed = await page.evaluate(() => window.gwUnpackStreamed === true);
      assert(streamed === (what === 'compileStreaming refused'), `${what}: unpacked as it downloaded: ${streamed}`);
      t.log(`${what}: the page loads and answers`);
    } finally {
      await close2();
    }
  }

  // The decoder is compiled as it downloads (WebAssembly.compileStreaming), which a browser refuses when the
  // server does not send it as application/wasm: then its bytes are compiled, and the page still streams
  // the primary.
  {
    const {context: c2, close: close2} = await launch({viewport: {width: 1280, height: 800}});
    try {
      const page = await c2.newPage();
      let served = 0;
      await page.route(/\/unlzma\.wasm$/, async (route) => {
        const r = await route.fetch();
        ++served;
        await route.fulfill({response: r, headers: {...r.headers(), 'content-type': 'application/octet-stream'}});
      });
      await page.addInitScript(() => {
        window.gwTestRefused = [];
        const compile = WebAssembly.compileStreaming;
        WebAssembly.compileStreaming = function (...args) {
          return compile.apply(this, args).catch((e) => {
            window.gwTestRefused.push(String(e));
            throw e;
          });
        };
      });
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(t.url);
      const s = await waitReady(page);
      assert(served === 1 && s.catalog.ok && s.report.count > 0,
             `the decoder served as application/octet-stream (${served}x): the page did not answer`);
      const refused = await page.evaluate(() => window.gwTestRefused);
      assert(refused.length === 1 && /mime|application\/wasm/i.test(refused[0]),
             `the browser should have refused to stream the decoder once, for its type: ${JSON.stringify(refused)}`);
      assert(await page.evaluate(() => window.gwUnpackStreamed === true), 'the primary was not streamed');
      assert(errors.length === 0, `page errors: ${errors.join('; ')}`);
      t.log('the decoder served as application/octet-stream: compiled from its bytes, the page answers');
    } finally {
      await close2();
    }
  }

  // The loading screen waits 400 ms before it shows (a fast load never draws it), then shows while the wasm
  // is slow to come, and goes with the first frame.
  {
    const {context: c2, close: close2} = await launch({viewport: {width: 1280, height: 800}});
    try {
      const page = await c2.newPage();
      await page.route(/\/index(\.zh)?\.wasm\.lzma$/, async (route) => {
        await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
      });
      await page.goto(t.url, {waitUntil: 'domcontentloaded'});
      const shown = () => page.evaluate(() => getComputedStyle(document.getElementById('loading')).display !== 'none');
      const early = await page.evaluate(() => ({shown: getComputedStyle(document.getElementById('loading')).display !== 'none',
                                                at: performance.now()}));
      assert(!early.shown || early.at > 400, `the loading screen showed at ${early.at.toFixed(0)} ms, before 400`);
      await page.waitForFunction(() => getComputedStyle(document.getElementById('loading')).display !== 'none' &&
                                       !window.gwFirstFrameAt, null, {timeout: 1400});
      const text = await page.evaluate(() => document.getElementById('loading-text').textContent);
      assert(/Loading gpuwise/.test(text) && /正在加载/.test(text), `loading text: ${text}`);
      await waitReady(page);
      assert(!(await shown()), 'the loading screen stayed after the first frame');
      t.log(`loading screen: hidden at ${early.at.toFixed(0)} ms, shown while the wasm was held back, gone after`);
    } finally {
      await close2();
    }
  }
}
