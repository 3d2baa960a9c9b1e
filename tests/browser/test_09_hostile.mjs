// Issue 7, browser: the Content-Security-Policy blocks injected script; link content is only ever
// text (never HTML or script); corrupt localStorage and storage-quota errors leave a working page that
// keeps the user's edits in memory and says, on screen, that they could not be saved.
import {createServer} from 'node:http';
import {join} from 'node:path';
import {assert, assertDrawn, click, clickUntil, launch, snapshot, typeInto, until, waitReady, watch, withPage} from './lib.mjs';

export const name = 'hostile input: CSP, script in links, corrupt storage and quota errors';
export const timeout = 240000;

// Another origin (same host, other port) serving a script that would set a global if it ran, and a
// control page without a CSP that proves the script works where it is allowed.
function evilOrigin() {
  const hits = [];
  const server = createServer((req, res) => {
    hits.push(req.url);
    if (req.url.startsWith('/evil.js')) {
      res.writeHead(200, {'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*'}).end('window.gwEvil = 1;');
    } else {
      res.writeHead(200, {'Content-Type': 'text/html'}).end('<!doctype html><script src="/evil.js"></script>');
    }
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () =>
    ok({server, hits, url: `http://127.0.0.1:${server.address().port}/`})));
}

// Payloads that would run script if any link text reached the DOM as markup or a URL.
const PAYLOADS = [
  '<img src=x onerror=window.gwPwned=1;alert(1)>',
  '<script>window.gwPwned=1;alert(1)</script>',
  'javascript:window.gwPwned=1;alert(1)',
  '"><svg onload=window.gwPwned=1;alert(1)>',
  '%s%s%n%x%p{}',  // printf-style text must be drawn as text, not used as a format
];

// Records elements added to the DOM after the shell loaded, and any script-made dialog.
const WATCH_DOM = () => {
  window.gwAdded = [];
  new MutationObserver((list) => {
    for (const m of list) for (const n of m.addedNodes)
      if (n.nodeType === 1 && document.readyState === 'complete') window.gwAdded.push(n.outerHTML.slice(0, 120));
  }).observe(document, {childList: true, subtree: true, attributes: false});
};

function hostileLink(p, offer) {
  const e = encodeURIComponent(p);
  return [
    `#v=1&preset=${e}&title=${e}&title_zh=${e}&budget=${e}&deadline=${e}&cat=${e}`,
    `price.${offer}=${e}&price.${e}=${e}&${e}=${e}&providers=${e}&lang=${e}&cur=${e}`,
  ].join('&');
}

async function partA(t) {
  const evil = await evilOrigin();
  const {context, close} = await launch();
  try {
    // Control: on its own origin (no CSP) the evil script does run, so blocking it below is the CSP's doing.
    const control = await context.newPage();
    await control.goto(evil.url + 'control.html');
    await control.waitForFunction(() => window.gwEvil === 1, null, {timeout: 5000});
    await control.close();
    evil.hits.length = 0;

    const page = await context.newPage();
    const w = watch(page);
    await page.goto(t.url);
    await waitReady(page);
    const r = await page.evaluate(async (evilScript) => {
      const violations = [];
      document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
      const inline = document.createElement('script');
      inline.textContent = 'window.gwInline = 1;';
      document.body.appendChild(inline);
      const handler = document.createElement('div');
      handler.setAttribute('onclick', 'window.gwHandler = 1;');
      document.body.appendChild(handler);
      handler.click();
      const img = document.createElement('img');
      img.setAttribute('onerror', 'window.gwImg = 1;');
      img.src = 'data:,not-an-image';
      document.body.appendChild(img);
      const link = document.createElement('a');
      link.href = 'javascript:window.gwJsUrl = 1';
      document.body.appendChild(link);
      link.click();
      const remote = document.createElement('script');
      remote.src = evilScript;
      const loaded = new Promise((ok) => { remote.onload = () => ok('load'); remote.onerror = () => ok('error'); });
      document.body.appendChild(remote);
      const remoteResult = await Promise.race([loaded, new Promise((ok) => setTimeout(() => ok('timeout'), 3000))]);
      let evalBlocked = false;
      try { (0, eval)('window.gwEval = 1'); } catch (e) { evalBlocked = e instanceof EvalError; }
      await new Promise((ok) => setTimeout(ok, 300));
      for (const n of [inline, handler, img, link, remote]) n.remove();
      return {inline: window.gwInline, handler: window.gwHandler, img: window.gwImg, jsUrl: window.gwJsUrl,
        evil: window.gwEvil, evalRan: window.gwEval, evalBlocked, remoteResult, violations};
    }, evil.url + 'evil.js');
    t.log(`CSP violations: ${r.violations.join(' | ')}`);
    for (const k of ['inline', 'handler', 'img', 'jsUrl', 'evil', 'evalRan'])
      assert(r[k] === undefined, `injected script ran (${k}): ${JSON.stringify(r)}`);
    assert(r.evalBlocked, 'eval of JavaScript should be refused by the CSP');
    assert(r.remoteResult === 'error', `a script from another origin should fail to load, got ${r.remoteResult}`);
    assert(evil.hits.length === 0, `the other origin was contacted: ${evil.hits.join(', ')}`);
    const kinds = new Set(r.violations.map((v) => v.split(' ')[0]));
    for (const k of ['script-src-elem', 'script-src-attr'])
      assert(kinds.has(k), `no securitypolicyviolation for ${k}: ${r.violations.join(' | ')}`);
    assert(r.violations.some((v) => v.startsWith('script-src-elem ' + evil.url)), 'no violation for the other origin');
    assert(r.violations.length >= 4, `expected >= 4 CSP violations, got ${r.violations.length}`);
    // The console reports them; anything else there is a real error.
    const other = w.errors.filter((e) => !/Content Security Policy/i.test(e));
    assert(!other.length, `console errors besides CSP reports: ${other.join(' | ')}`);
    assert(w.errors.length >= 1, 'the console should report the CSP violations');
    const s = await snapshot(page);
    assert(s.ready && s.report.count > 0, 'the page should keep working');
  } finally {
    await close();
    evil.server.close();
  }
}

async function partB(t) {
  const {context, close} = await launch();
  try {
    const page = await context.newPage();
    await page.addInitScript(WATCH_DOM);
    const dialogs = [];
    page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss().catch(() => {}); });
    const w = watch(page);
    await page.goto(t.url);
    let s = await until(page, (x) => x.ready && x.report.count > 0 && !x.pending, 'a ranking');
    const offer = s.report.rows[0].offer;
    const shellElements = await page.evaluate(() => document.querySelectorAll('*').length);
    let i = 0;
    for (const p of PAYLOADS) {
      const link = hostileLink(p, offer);
      // A new document each time (a fragment change alone would not reload), so every load is hostile.
      await page.goto(t.url + `?hostile=${i}` + link);
      await waitReady(page);
      s = await until(page, (x) => !x.pending && x.report.count > 0 && x.banners.some((b) => b.id.startsWith('link')),
          `the link notice for payload ${i}`);
      const dom = await page.evaluate(() => ({n: document.querySelectorAll('*').length, added: window.gwAdded,
        pwned: window.gwPwned, loading: getComputedStyle(document.getElementById('loading')).display}));
      assert(dom.pwned === undefined, `payload ${i} ran script`);
      assert(dom.n === shellElements, `payload ${i}: the DOM has ${dom.n} elements, the shell has ${shellElements}`);
      assert(!dom.added.length, `payload ${i} added elements: ${dom.added.join(' ')}`);
      assert(dom.loading === 'none', `payload ${i}: the loading screen is still up`);
      // The title travels as plain text (cleaned, cut), shown as the job's name.
      const clean = p.replace(/[\x00-\x1f]/g, '?');
      assert(s.scenario.title === clean, `payload ${i}: title ${JSON.stringify(s.scenario.title)} != ${JSON.stringify(clean)}`);
      const notice = s.banners.find((b) => b.id.startsWith('link'));
      t.log(`payload ${i}: ${notice.text} ${notice.details.slice(0, 2).join(' | ')}`);
      // Still alive: it answers input and draws.
      const f0 = s.frames;
      await page.mouse.move(200 + i * 10, 300);
      await until(page, (x) => x.frames > f0, 'a frame after input');
      await assertDrawn(page, `payload ${i}`, i === 0 ? join(t.shots, '09-hostile-link.png') : undefined);
      ++i;
    }
    // The same through a hash change on a live page (Back/Forward or a pasted link).
    await page.evaluate((h) => { location.hash = h; }, hostileLink(PAYLOADS[3], offer).slice(1));
    s = await until(page, (x) => x.scenario.title === PAYLOADS[3], 'the hash change to apply');
    assert(!(await page.evaluate(() => window.gwPwned)), 'a hash change ran script');
    assert(!dialogs.length, `dialogs opened: ${dialogs.join(' | ')}`);
    const foreign = w.requests.filter((u) => !u.startsWith(t.url));
    assert(!foreign.length, `requests left the origin: ${foreign.join(', ')}`);
    assert(!w.errors.length, `console errors: ${w.errors.join(' | ')}`);
  } finally {
    await close();
  }
}

// Corrupt values a broken extension, an old version or a full disk could leave behind.
const CORRUPT = {
  'invalid JSON': {prices: '{not json', scenario: '%%%&&==', lang: '{', currency: '['},
  'wrong types': {prices: '[1,2,{"a":null}]', scenario: '{"v":1}', lang: 'true', currency: '12'},
  'wrong value types': {prices: '{"x":"12","y":{"z":1},"w":-5,"big":1e400}', scenario: 'v=1&budget=[]', lang: 'zh-TW', currency: 'EUR'},
  'huge values': {prices: '{"a":' + '['.repeat(100000) + ']'.repeat(100000) + '}', scenario: 'v=1&budget=' + '9'.repeat(1500000),
    lang: 'en'.repeat(100000), currency: 'x'.repeat(200000)},
  'binary': {prices: '\u0000\u0001\ud800\udfff\uffff{}', scenario: 'v=1\u0000&budget=\ud800', lang: '\u0000', currency: '\ufffe'},
};

// What a browser in private mode or with a full disk does on every write.
const QUOTA = () => {
  Storage.prototype.setItem = function () { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
};

async function partC(t) {
  await withPage({}, async (page) => {
    await page.goto(t.url);
    await waitReady(page);
    for (const [what, values] of Object.entries(CORRUPT)) {
      await page.evaluate((v) => {
        localStorage.clear();
        for (const [k, x] of Object.entries(v)) localStorage.setItem('gpuwise.' + k, x);
      }, values);
      await page.goto(t.url + '?corrupt=' + encodeURIComponent(what));
      await waitReady(page);
      let s = await until(page, (x) => !x.pending && x.report.count > 0, `a ranking with ${what} in storage`);
      assert(s.lang === 'en' && ['CNY', 'USD'].includes(s.scenario.currency), `${what}: bad settings leaked: ${s.lang} ${s.scenario.currency}`);
      assert(!Object.keys(s.scenario.price_overrides).length, `${what}: bad price edits were kept`);
      assert(s.banners.some((b) => b.id === 'storage'), `${what}: no notice that saved settings were dropped`);
      // It still works: an edit applies and is saved over the garbage.
      await typeInto(page, 'budget', '123');
      s = await until(page, (x) => !x.pending && x.scenario.budget === 123, `${what}: the budget edit`);
      await assertDrawn(page, what);
      const saved = await page.evaluate(() => localStorage.getItem('gpuwise.scenario'));
      assert(/budget=123/.test(saved), `${what}: the edit should be saved, storage has ${String(saved).slice(0, 80)}`);
      t.log(`${what}: ok (${s.banners.map((b) => b.id).join(', ')})`);
    }
  });
  // Quota errors from the very first write: the page works and says its settings are not saved.
  await withPage({}, async (page) => {
    await page.addInitScript(QUOTA);
    await page.goto(t.url);
    await waitReady(page);
    let s = await until(page, (x) => !x.pending && x.report.count > 0 && x.banners.some((b) => b.id === 'storage_save'),
        'the not-saved notice');
    assert(s.settings_saved === false, 'the hook should say settings are not saved');
    await typeInto(page, 'budget', '250');
    s = await until(page, (x) => !x.pending && x.scenario.budget === 250, 'the budget edit, in memory');
    await click(page, 'lang_zh');
    s = await until(page, (x) => x.lang === 'zh', 'Chinese, in memory', 15000);
    await page.waitForTimeout(200);
    await assertDrawn(page, 'quota from the start', join(t.shots, '09-quota-banner.png'));
    s = await snapshot(page);
    assert(s.scenario.budget === 250 && s.banners.some((b) => b.id === 'storage_save'), 'edits and the notice should stay');
  });
  // Quota errors after some edits were saved: later edits stay in memory, the notice appears.
  await withPage({}, async (page) => {
    await page.goto(t.url);
    let s = await until(page, (x) => x.ready && !x.pending && x.report.count > 0, 'a ranking');
    const offer = s.report.rows[0].offer;
    await typeInto(page, 'budget', '300');
    s = await until(page, (x) => !x.pending && x.scenario.budget === 300, 'budget 300');
    assert(s.settings_saved === true && !s.banners.some((b) => b.id === 'storage_save'), 'saving works before the quota');
    await page.evaluate(QUOTA);
    await clickUntil(page, 'tab_catalog', (x) => x.tab === 'catalog', 'the catalog tab');
    await click(page, 'cat_offers');
    await click(page, 'offer_filter');
    await page.keyboard.type(offer, {delay: 5});
    await until(page, (x) => x.offer_table.rows[0] === offer, `offer ${offer} in view`);
    await typeInto(page, 'price_' + offer, '777');
    s = await until(page, (x) => !x.pending && x.scenario.price_overrides[offer] === 777 &&
        x.banners.some((b) => b.id === 'storage_save'), 'the price edit in memory and the notice');
    assert(s.settings_saved === false && s.scenario.budget === 300, 'the earlier edit should stay too');
    assert(/price\./.test(s.link), 'the link (the way to keep unsaved edits) should carry the price');
    await clickUntil(page, 'tab_recommend', (x) => x.tab === 'recommend', 'back to the answer');
    s = await until(page, (x) => !x.pending && x.scenario.price_overrides[offer] === 777, 'edits kept across tabs');
    await assertDrawn(page, 'quota after edits');
  });
}

// No WebGL 2: a browser without it, and one that has it but refuses a context (a blocklisted GPU). The
// shell only checks that the API exists (a test context would slow every first frame); main() creates the
// one real context and, when that fails, the loading screen says why instead of spinning forever.
async function partD(t) {
  const refuse = () => {
    const get = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
      return /webgl/.test(kind) ? null : get.call(this, kind, ...rest);
    };
  };
  const cases = [
    ['no WebGL 2 at all', `delete window.WebGL2RenderingContext; (${refuse})();`],
    ['a refused context', `(${refuse})();`],
  ];
  for (const [what, init] of cases) {
    const {context, close} = await launch();
    try {
      const page = await context.newPage();
      const w = watch(page);
      await page.addInitScript({content: init});
      await page.goto(t.url);
      await page.waitForFunction(() => document.getElementById('loading').classList.contains('failed'), null,
                                 {timeout: 15000}).catch(() => {});
      const shown = await page.evaluate(() => ({
        failed: document.getElementById('loading').classList.contains('failed'),
        visible: getComputedStyle(document.getElementById('loading')).display !== 'none',
        text: document.getElementById('loading-text').textContent}));
      t.log(`${what}: ${shown.text}`);
      assert(shown.failed && shown.visible, `${what}: the loading screen should turn into an error: ${JSON.stringify(shown)}`);
      assert(/WebGL 2/.test(shown.text) && /WebGL 2。/.test(shown.text), `${what}: the message should name WebGL 2 in both languages: ${shown.text}`);
      const thrown = w.errors.filter((e) => !/WebGL|canvas|context/i.test(e));
      assert(!thrown.length, `${what}: nothing else should fail: ${thrown.join(' | ')}`);
      await page.screenshot({path: join(t.shots, `09-no-webgl2-${cases.findIndex((c) => c[0] === what)}.png`)});
    } finally {
      await close();
    }
  }
}

export default async function (t) {
  await partA(t);
  await partB(t);
  await partC(t);
  await partD(t);
}
