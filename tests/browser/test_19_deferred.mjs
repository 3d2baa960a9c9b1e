// Issue 20: the wasm ships in two halves (scripts/build-web-split.py). The first answer runs on the primary
// alone; another tab loads the deferred half on first use: fetched then on a first visit, read from the
// service worker's cache afterwards, offline too.
import {join} from 'node:path';
import {assert, click, clickUntil, pageIdle, serverGone, until, waitReady, withPage} from './lib.mjs';

export const name = 'the deferred half of the wasm loads on first use, online and offline';

const state = (page) => page.evaluate(() => {
  const d = window.gwDeferred;
  return d && {name: d.name, loaded: d.loaded, cached: !!d.packed, from: d.from, ms: window.gwDeferredMs, first: d.first};
});

export default async function (t) {
  await withPage({}, async (page, w) => {
    await page.goto(t.url);
    await pageIdle(page);  // the first answer is drawn; the test hook's snapshot is not asked yet
    let d = await state(page);
    if (!d || !d.name) {
      t.log('this site ships the whole wasm (GPUWISE_WEB_SPLIT=OFF or no profile): nothing to check');
      return;
    }
    // The page's own fetches of the half (resource timing): the service worker's precache of it, which
    // may run at any moment of a first visit, is not the page's and may or may not show as a page request.
    const fetched = () => page.evaluate((n) => performance.getEntriesByType('resource').filter((e) => e.name.includes(n)).length, d.name);
    assert(!d.loaded && !(await fetched()), `the first answer should not need ${d.name} (loaded by table slot ${d.first})`);
    assert((await waitReady(page)).report.count > 0, 'the first answer');
    // First use, first visit: fetched synchronously then (or read from the cache, see below).
    await clickUntil(page, 'tab_catalog', (x) => x.tab === 'catalog', 'the catalog tab');
    await until(page, (x) => x.tab === 'catalog' && x.gpu_table.rows.length === x.catalog.gpus, 'the GPU table');
    d = await state(page);
    // On a first visit the service worker precaches the half; when that beat the wasm's start (a fast local
    // server can), the page took the half from the cache instead of fetching it: both are first use.
    const n = await fetched();
    assert(d.loaded && (d.from === 'network' ? n === 1 : d.from === 'cache' && n === 0),
           `the catalog tab should load ${d.name} once (${JSON.stringify(d)}, ${n} fetches by the page)`);
    t.log(`deferred half ${d.name} loaded on first use in ${d.ms.toFixed(0)} ms`);
    // Chinese too, while online: the CJK font is cached on first use, not precached.
    // An English page reloads for Chinese (its wasm has no Chinese sentences, issue 20): wait for it whole.
    await click(page, 'lang_zh');
    await until(page, (x) => x.lang === 'zh' && x.cjk_font === 'ready' && x.report && x.report.count > 0,
                'the page in Chinese, after the reload', 30000);
    await until(page, (x) => x.cjk_font === 'ready', 'the CJK font', 15000);
    await clickUntil(page, 'tab_recommend', (x) => x.tab === 'recommend', 'back to the ranking');

    // Offline, a reload reads the half from the service worker's cache at start.
    await serverGone(page, t);
    await page.reload();
    await waitReady(page, 20000);
    d = await state(page);
    // A returning visitor's saved settings may call into it at start: then it came from the cache already.
    assert(d.loaded ? d.from === 'cache' : d.cached, `offline, the half should come from the cache (${JSON.stringify(d)})`);
    await clickUntil(page, 'tab_catalog', (x) => x.tab === 'catalog', 'the catalog tab, offline');
    const s = await until(page, (x) => x.gpu_table.rows.length === x.catalog.gpus, 'the GPU table, offline');
    d = await state(page);
    assert(d.loaded && d.from === 'cache' && s.lang === 'zh', `offline, the half should load from the cache (${JSON.stringify(d)})`);
    await page.screenshot({path: join(t.shots, '19-deferred-offline-zh.png')});
    // Closing the server shows up as failed loads of nothing the page needs.
    w.errors.splice(0, w.errors.length, ...w.errors.filter((e) => !/Failed to load resource|ERR_CONNECTION_REFUSED/.test(e)));
  });
}
