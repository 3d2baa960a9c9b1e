// Shared helpers for the browser tests: launch Debian's chromium through playwright-core, open the
// site, read the app's read-only test hook, click named widgets, record requests.
import {mkdtempSync, mkdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {inflateSync} from 'node:zlib';
import {chromium} from 'playwright-core';

export const CHROMIUM = process.env.GPUWISE_CHROMIUM || '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader',
  '--use-angle=swiftshader', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic', '--disable-default-apps',
  '--disable-features=Translate,MediaRouter,OptimizationHints', '--mute-audio'];

// A persistent context (fresh user-data-dir per launch) so the service worker behaves like a real profile.
export async function launch({viewport = {width: 1280, height: 800}, dpr = 1, locale = 'en-US', serviceWorkers = 'allow'} = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'gpuwise-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM, headless: true, args: ARGS, viewport, deviceScaleFactor: dpr, locale,
    serviceWorkers,
  });
  const close = async () => {
    await context.close().catch(() => {});
    rmSync(dir, {recursive: true, force: true});
  };
  return {context, close};
}

// Every request the page makes, and every console error, for assertions.
export function watch(page) {
  const w = {requests: [], errors: [], failed: []};
  page.on('request', (r) => w.requests.push(r.url()));
  page.on('requestfailed', (r) => w.failed.push(`${r.url()} ${r.failure()?.errorText}`));
  page.on('console', (m) => { if (m.type() === 'error') w.errors.push(m.text()); });
  page.on('pageerror', (e) => w.errors.push(String(e)));
  return w;
}

export async function snapshot(page) {
  return page.evaluate(() => window.gpuwiseTest.snapshot());
}

// Waits until the app drew its first frame and reports ready.
export async function waitReady(page, timeout = 30000) {
  await page.waitForFunction(() => window.gpuwiseTest && window.gpuwiseTest.frames() > 0 &&
      window.gpuwiseTest.snapshot().ready, null, {timeout});
  return snapshot(page);
}

// Polls the snapshot until pred(snapshot) is true.
export async function until(page, pred, what, timeout = 10000) {
  const end = Date.now() + timeout;
  let s;
  while (Date.now() < end) {
    // Right after a navigation the hook may not exist yet: that is "not yet", not a failure.
    s = await snapshot(page).catch(() => null);
    if (s && pred(s)) return s;
    await page.waitForTimeout(50);
  }
  throw new Error(`timed out waiting for ${what}; last snapshot: ${JSON.stringify(s).slice(0, 600)}`);
}

// The centre of a named widget (CSS pixels), as the app reports it through the hook.
export async function rect(page, name) {
  const s = await snapshot(page);
  const r = s.rects && s.rects[name];
  if (!r) throw new Error(`widget '${name}' is not on screen (have: ${Object.keys(s.rects || {}).join(', ')})`);
  return r;
}
// The job panel (model picker, job fields, then the limits) can be taller than the window, more so in
// Chinese: wheel it down until the widget `name` is drawn, as a user scrolls to it, and return its rect.
export async function scrollJobPanelTo(page, name, what = name) {
  for (let i = 0; i < 20 && !((await snapshot(page)).rects || {})[name]; ++i) {
    await page.mouse.move(120, 400);
    await page.mouse.wheel(0, 240);
    await page.waitForTimeout(150);
  }
  return (await until(page, (x) => x.rects && x.rects[name], what)).rects[name];
}

export async function click(page, name, {dx = 0.5, dy = 0.5} = {}) {
  const r = await rect(page, name);
  await page.mouse.move(r[0] + r[2] * dx, r[1] + r[3] * dy);
  await page.waitForTimeout(30);
  await page.mouse.down();
  await page.waitForTimeout(30);
  await page.mouse.up();
  await page.waitForTimeout(60);
}
// Clicks a named widget until pred(snapshot) holds (a click can land on a frame that is still settling).
export async function clickUntil(page, name, pred, what, tries = 3) {
  for (let i = 0; i < tries; ++i) {
    await click(page, name);
    try {
      return await until(page, pred, what, 4000);
    } catch (e) {
      if (i + 1 === tries) throw e;
    }
  }
}

// Replaces the text of a named input field and presses Enter.
export async function typeInto(page, name, text) {
  await click(page, name);
  await page.keyboard.press('Control+A');
  await page.waitForTimeout(30);
  await page.keyboard.press('Backspace');
  await page.waitForTimeout(30);
  await page.keyboard.type(text, {delay: 15});
  await page.keyboard.press('Enter');
  await page.waitForTimeout(100);
}

// Pastes text into a named field the way a browser delivers it: a paste event, then Ctrl+V in the field.
export async function pasteInto(page, name, text) {
  await click(page, name);
  await page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', t);
    window.dispatchEvent(new ClipboardEvent('paste', {clipboardData: dt}));
  }, text);
  await page.keyboard.press('Control+V');
  await page.waitForTimeout(200);
}

// pasteInto, after putting the text on the system clipboard too: Ctrl+V pastes what is there, so after the
// page copied something (Copy link, Copy JSON) the browser's own paste event would bring that text instead.
export async function pasteReal(page, name, text) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await pasteInto(page, name, text);
}

// Waits until no frame was drawn for `quiet` ms (frames can be slow under software GL); returns the count.
export async function settle(page, quiet = 700, timeout = 8000) {
  const end = Date.now() + timeout;
  let last = await page.evaluate(() => window.gpuwiseTest.frames());
  let since = Date.now();
  while (Date.now() < end) {
    await page.waitForTimeout(100);
    const f = await page.evaluate(() => window.gpuwiseTest.frames());
    if (f !== last) {
      last = f;
      since = Date.now();
    } else if (Date.now() - since >= quiet) {
      return f;
    }
  }
  throw new Error(`the page kept drawing for ${timeout / 1000} s (${last} frames)`);
}

export function ensureDir(d) {
  mkdirSync(d, {recursive: true});
  return d;
}

export function assert(cond, msg) {
  if (!cond) throw new Error(msg);
}

// ---- pixels: a minimal PNG reader (8-bit RGB/RGBA, not interlaced: what Chromium's screenshots are),
// so tests can check that the canvas drew something without an image package.
export function decodePng(buf) {
  assert(buf.readUInt32BE(0) === 0x89504e47, 'not a PNG');
  let pos = 8, width = 0, height = 0, channels = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos), type = buf.toString('latin1', pos + 4, pos + 8);
    const body = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      assert(body[8] === 8 && body[12] === 0 && (body[9] === 2 || body[9] === 6), `unsupported PNG (depth ${body[8]}, colour ${body[9]})`);
      channels = body[9] === 6 ? 4 : 3;
    } else if (type === 'IDAT') {
      idat.push(body);
    }
    pos += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels, out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; ++y) {
    const f = raw[y * (stride + 1)], src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = out.subarray(y * stride, (y + 1) * stride), prev = y ? out.subarray((y - 1) * stride, y * stride) : null;
    for (let x = 0; x < stride; ++x) {
      const a = x >= channels ? row[x - channels] : 0, b = prev ? prev[x] : 0, c = prev && x >= channels ? prev[x - channels] : 0;
      let p = 0;
      if (f === 1) p = a;
      else if (f === 2) p = b;
      else if (f === 3) p = (a + b) >> 1;
      else if (f === 4) {
        const pa = Math.abs(b - c), pb = Math.abs(a - c), pc = Math.abs(a + b - 2 * c);
        p = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      row[x] = (src[x] + p) & 255;
    }
  }
  return {width, height, channels, data: out};
}

// Share of pixels that differ clearly from the most common colour (the background): ~0 for a blank canvas.
export function inkShare(png) {
  const {width, height, channels, data} = png;
  const counts = new Map();
  for (let i = 0; i < width * height; i += 7) {
    const o = i * channels, k = (data[o] << 16) | (data[o + 1] << 8) | data[o + 2];
    counts.set(k, (counts.get(k) || 0) + 1);
  }
  let bg = 0, best = -1;
  for (const [k, n] of counts) if (n > best) { best = n; bg = k; }
  const br = bg >> 16, bgc = (bg >> 8) & 255, bb = bg & 255;
  let ink = 0;
  for (let i = 0; i < width * height; ++i) {
    const o = i * channels;
    if (Math.abs(data[o] - br) + Math.abs(data[o + 1] - bgc) + Math.abs(data[o + 2] - bb) > 48) ++ink;
  }
  return ink / (width * height);
}

// A screenshot of the page (optionally saved), checked to show more than a plain background.
export async function assertDrawn(page, what, path) {
  const buf = await page.screenshot(path ? {path} : {});
  const share = inkShare(decodePng(buf));
  assert(share > 0.01, `${what}: the canvas looks blank (${(share * 100).toFixed(2)}% non-background pixels)`);
  return share;
}

// Waits for the first frame, then until the page has gone idle (it draws no frames when idle): the first
// answer is on screen. Asks JavaScript only: the test hook's snapshot runs wasm the page itself never runs
// (so it is in the deferred half, scripts/build-web-split.py), and would fetch that half.
export async function pageIdle(page, timeout = 60000) {
  await page.waitForFunction(() => window.gwFirstFrameAt && window.gpuwiseTest, null, {timeout});
  for (let last = -1, waited = 0; waited < timeout; waited += 1500) {
    await page.waitForTimeout(1500);
    const now = await page.evaluate(() => window.gpuwiseTest.frames());
    if (now === last) return;
    last = now;
  }
}

// Waits until the service worker controls the page, then stops the test's server: what the page loads
// from now on comes from the service worker's cache, as offline.
// Waits until a service worker controls the page; a worker that never does is a failure that says where its
// registration got to, not a test timeout.
export async function controlled(page, timeout = 30000) {
  const state = await page.evaluate(async (ms) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (navigator.serviceWorker.controller) return 'controlled';
      await new Promise((ok) => setTimeout(ok, 100));
    }
    const r = await navigator.serviceWorker.getRegistration();
    if (!r) return 'no registration';
    return `registration: installing ${!!r.installing}, waiting ${!!r.waiting}, active ${r.active ? r.active.state : 'none'}`;
  }, timeout);
  assert(state === 'controlled', `no service worker controls the page after ${timeout / 1000} s (${state})`);
}

// True once a URL containing `part` is in the service worker's Cache Storage (it caches what a page used
// before it took over in the background: web/shell.js, sw.js).
export async function inWorkerCache(page, part, timeout = 15000) {
  return page.waitForFunction(async (p) => {
    for (const k of await caches.keys()) {
      const c = await caches.open(k);
      if ((await c.keys()).some((r) => r.url.includes(p))) return true;
    }
    return false;
  }, part, {timeout, polling: 200}).then(() => true).catch(() => false);
}

export async function serverGone(page, t) {
  await controlled(page);
  t.server.server.closeAllConnections?.();
  await new Promise((ok) => t.server.server.close(ok));
  t.server.server.listen = () => {};  // the runner closes it again: harmless
}

// Launches a browser, opens one watched page, runs fn(page, w), checks the console stayed clean (unless
// told otherwise) and closes everything.
export async function withPage(opts, fn, {cleanConsole = true} = {}) {
  const {context, close} = await launch(opts);
  try {
    const page = await context.newPage();
    const w = watch(page);
    await fn(page, w);
    if (cleanConsole) assert(!w.errors.length, `console errors: ${w.errors.join(' | ')}`);
  } finally {
    await close();
  }
}

// The looks a screen is checked in besides English on a desktop: Chinese, and a 390 px phone in both
// languages. Opens the site once per look (Chinese waits for its font) and runs fn(page, tag).
export const LOOKS = [['zh', {locale: 'zh-CN'}], ['phone-en', {viewport: {width: 390, height: 844}, dpr: 2}],
  ['phone-zh', {viewport: {width: 390, height: 844}, dpr: 2, locale: 'zh-CN'}]];
export async function eachLook(t, fn) {
  for (const [tag, opts] of LOOKS) {
    const {context, close} = await launch(opts);
    try {
      const page = await context.newPage();
      await page.goto(t.url);
      await waitReady(page);
      if (opts.locale) await until(page, (x) => x.lang === 'zh', 'the Chinese font', 20000);
      await fn(page, tag);
    } finally {
      await close();
    }
  }
}

// The text the app drew in its last frames (the hook's capture), with the pointer off the widgets: a tooltip
// is a window of its own and would end ImGui's log early.
export async function screenText(page) {
  await page.mouse.move(2, 2);
  await page.waitForTimeout(200);
  return page.evaluate(() => window.gpuwiseTest.text());
}

// The opened row's details can run below the ranking's scroll area: the text of a few wheel steps over the
// first row, joined (clipped text is not drawn, so not captured).
export async function detailText(page) {
  let all = await screenText(page);
  for (let i = 0; i < 6; i++) {
    const r = await rect(page, 'row_1').catch(() => null);
    if (r) await page.mouse.move(r[0] + r[2] / 2, r[1] + r[3] / 2);
    await page.mouse.wheel(0, 240);
    await page.waitForTimeout(150);
    all += '\n' + await screenText(page);
  }
  return all;
}
