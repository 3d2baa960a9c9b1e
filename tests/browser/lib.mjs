// Shared helpers for the browser tests: launch Debian's chromium through playwright-core, open the
// site, read the app's read-only test hook, click named widgets, record requests.
import {mkdtempSync, mkdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {chromium} from 'playwright-core';

export const CHROMIUM = process.env.GPUWISE_CHROMIUM || '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader',
  '--use-angle=swiftshader', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic', '--disable-default-apps',
  '--disable-features=Translate,MediaRouter,OptimizationHints', '--mute-audio'];

// A persistent context (fresh user-data-dir per launch) so the service worker behaves like a real profile.
export async function launch({viewport = {width: 1280, height: 800}, dpr = 1, locale = 'en-US'} = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'gpuwise-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM, headless: true, args: ARGS, viewport, deviceScaleFactor: dpr, locale,
    serviceWorkers: 'allow',
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
