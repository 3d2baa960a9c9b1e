// Issue 8: edited prices are marked, kept in localStorage, change the ranking and can be reset; the
// nvidia-smi checker reads pasted output.
import {join} from 'node:path';
import {assert, click, clickUntil, launch, pasteInto, snapshot, typeInto, until, waitReady, watch} from './lib.mjs';

export const name = 'price edits persist and reset; nvidia-smi checker';

const SMI = `+-----------------------------------------------------------------------------+
| NVIDIA-SMI 470.82.01    Driver Version: 470.82.01    CUDA Version: 11.4     |
|-------------------------------+----------------------+----------------------+
| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |
| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |
|===============================+======================+======================|
|   0  NVIDIA GeForce ...  Off  | 00000000:01:00.0 Off |                  N/A |
| 30%   45C    P2   150W / 250W |  10240MiB / 24576MiB |     35%      Default |
+-------------------------------+----------------------+----------------------+`;

export default async function (t) {
  const {context, close} = await launch();
  try {
    const page = await context.newPage();
    const w = watch(page);
    await page.goto(t.url);
    let s = await waitReady(page);
    s = await until(page, (x) => x.report.count > 0, 'a ranking');
    const pick = s.report.rows[0];
    await clickUntil(page, 'tab_catalog', (x) => x.tab === 'catalog', 'the catalog tab');
    await click(page, 'cat_offers');
    await until(page, (x) => x.offer_table.count > 0, 'the offers table');
    await click(page, 'offer_filter');
    await page.keyboard.type(pick.offer, {delay: 5});
    s = await until(page, (x) => x.offer_table.rows[0] === pick.offer, `offer ${pick.offer} in view`);
    await typeInto(page, 'price_' + pick.offer, '9999');
    s = await until(page, (x) => !x.pending && x.scenario.price_overrides[pick.offer] === 9999, 'the price edit');
    const stored = await page.evaluate(() => localStorage.getItem('gpuwise.prices'));
    assert(stored && JSON.parse(stored)[pick.offer] === 9999, `localStorage should keep the edit: ${stored}`);
    assert(/price\./.test(s.link), 'the link should carry the edited price');
    await page.screenshot({path: join(t.shots, '08-price-edit.png')});
    s = await snapshot(page);
    assert(s.report.rows[0].offer !== pick.offer || s.report.rows[0].edited, 'the edited price should reach the ranking');
    // A reload keeps it; reset removes it.
    await page.goto(t.url);  // no fragment: the saved scenario and edits come back
    await page.reload();
    s = await waitReady(page);
    assert(s.scenario.price_overrides[pick.offer] === 9999, 'the edit should survive a reload');
    await clickUntil(page, 'tab_catalog', (x) => x.tab === 'catalog', 'the catalog tab');
    await click(page, 'cat_offers');
    await click(page, 'reset_prices');
    s = await until(page, (x) => !x.pending && Object.keys(x.scenario.price_overrides).length === 0, 'the reset');
    assert(!(await page.evaluate(() => localStorage.getItem('gpuwise.prices'))), 'reset should clear localStorage');

    // Corrupt storage does not break the page.
    await page.evaluate(() => { localStorage.setItem('gpuwise.prices', '{not json'); localStorage.setItem('gpuwise.scenario', '%%%'); });
    await page.goto(t.url + '?fresh');
    s = await waitReady(page);
    assert(s.report.count > 0, 'corrupt localStorage must not break the page');

    // The checker: a module of its own, fetched by the first Check and not before.
    await clickUntil(page, 'tab_diagnose', (x) => x.tab === 'diagnose', 'the checker tab');
    await pasteInto(page, 'diag_text', SMI);
    assert(!w.requests.some((u) => /checker\.(js|wasm)$/.test(u)), 'the checker should not load before a check');
    await click(page, 'diag_check');
    s = await until(page, (x) => x.diagnose.has_report && x.diagnose.findings > 0, 'findings');
    assert(w.requests.some((u) => u.endsWith('/checker.wasm')), 'the first check should fetch checker.wasm');
    t.log(`checker: ${s.diagnose.summary}`);
    await page.screenshot({path: join(t.shots, '08-diagnose.png')});
    assert(!w.errors.length, `console errors: ${w.errors.join(' | ')}`);
  } finally {
    await close();
  }
  await checkerDownloadFails(t);
}

// A checker that cannot be downloaded says so and offers a retry that works once the network is back.
async function checkerDownloadFails(t) {
  const {context, close} = await launch({serviceWorkers: 'block'});  // so page.route sees every fetch
  try {
    const page = await context.newPage();
    await page.route('**/checker.wasm', (r) => r.abort());
    await page.goto(t.url);
    await waitReady(page);
    await clickUntil(page, 'tab_diagnose', (x) => x.tab === 'diagnose', 'the checker tab');
    await pasteInto(page, 'diag_text', SMI);
    await click(page, 'diag_check');
    let s = await until(page, (x) => x.diagnose.failed && !x.diagnose.waiting, 'the download failure');
    assert(!s.diagnose.has_report, 'no findings without the checker');
    const text = await page.evaluate(() => window.gpuwiseTest.text());
    assert(/could not be downloaded/.test(text), `the failure should be said on screen:\n${text}`);
    await page.screenshot({path: join(t.shots, '08-diagnose-offline.png')});
    await page.unroute('**/checker.wasm');
    await click(page, 'diag_retry');
    s = await until(page, (x) => x.diagnose.has_report && x.diagnose.findings > 0 && !x.diagnose.failed, 'findings after a retry');
  } finally {
    await close();
  }
}
