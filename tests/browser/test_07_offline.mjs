// Issue 8: privacy and offline. Every request goes to the page's own origin (a CSP allows nothing
// else), nothing 404s, and after the first visit the service worker serves the page with the server gone.
import {join} from 'node:path';
import {assert, click, clickUntil, controlled, inWorkerCache, launch, pasteInto, serverGone, until, waitReady, watch} from './lib.mjs';

export const name = 'no other origins, no 404, offline reload';

export default async function (t) {
  const {context, close} = await launch();
  try {
    const page = await context.newPage();
    const w = watch(page);
    await page.goto(t.url);
    await waitReady(page);
    const csp = await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content || '');
    assert(/default-src 'self'/.test(csp) && !/https?:/.test(csp), `CSP should allow only 'self': ${csp}`);
    await click(page, 'lang_zh');  // the CJK font too, and the page reloads with its Chinese sentences
    await until(page, (x) => x.lang === 'zh' && x.cjk_font === 'ready' && x.report && x.report.count > 0,
                'the page in Chinese with the CJK font', 30000);
    await clickUntil(page, 'tab_guide', (x) => x.tab === 'guide', 'the guide tab');
    // The guide is not in the wasm: it is fetched the first time its tab opens.
    await until(page, (x) => x.catalog.guide === 'ready', 'the guide, fetched on first use');
    await page.waitForTimeout(300);
    const origin = new URL(t.url).origin;
    const foreign = w.requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:'));
    assert(!foreign.length, `requests to other origins: ${foreign.join(', ')}`);
    const bad = t.server.requests.filter((r) => r.status !== 200);
    assert(!bad.length, `requests that did not succeed: ${bad.map((r) => `${r.path} ${r.status}`).join(', ')}`);
    t.log(`${t.server.requests.length} requests, all to ${origin}, all 200`);

    // The service worker takes over, then the server goes away.
    await controlled(page);
    // The CJK font is not precached: it is kept once used, also when used before the worker took over.
    assert(await inWorkerCache(page, 'fonts/cjk.ttf'), 'the CJK font, used once, should be in the worker\'s cache');
    await serverGone(page, t);
    await page.reload();
    const s = await waitReady(page, 20000);
    assert(s.report.count > 0 && s.lang === 'zh',
           `the page should work offline, in the chosen language: ${s.lang}, ${s.report.count} rows, ` +
           `pending ${s.pending}, banners ${JSON.stringify(s.banners)}, errors ${w.errors.join(' | ')}`);
    await page.screenshot({path: join(t.shots, '07-offline.png')});
    // Offline, a tab's data that is fetched on first use comes from the service worker's cache.
    await clickUntil(page, 'tab_guide', (x) => x.tab === 'guide', 'the guide tab, offline');
    await until(page, (x) => x.catalog.guide === 'ready', 'the guide, offline');
    await page.screenshot({path: join(t.shots, '07-offline-guide.png')});
    // The checker was never used online: the service worker cached its module with the rest of the site.
    await clickUntil(page, 'tab_diagnose', (x) => x.tab === 'diagnose', 'the checker tab, offline');
    await pasteInto(page, 'diag_text', 'GPU 0: NVIDIA A100-SXM4-40GB (UUID: GPU-5d9ab3e1-0000-0000-0000-000000000000)\n');
    await click(page, 'diag_check');
    const d = await until(page, (x) => x.diagnose.has_report && x.diagnose.gpus === 1, 'the checker, offline');
    t.log(`offline checker: ${d.diagnose.summary}`);
    assert(!w.errors.filter((e) => !/Failed to load resource/.test(e)).length, `console errors: ${w.errors.join(' | ')}`);
  } finally {
    await close();
  }
}
