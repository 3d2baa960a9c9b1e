#!/usr/bin/env node
// The web benchmark (issue 8): the app next to a bare Dear ImGui "hello" page built in the same run.
//   node tests/browser/bench.mjs --app build/web-release/site --hello build/web-release/site-hello [--runs 7] [--strict]
//        [--native native.json [--scenarios bench/scenarios.txt]]
// Prints bytes shipped (raw and gzip -9) per asset and in total, time from navigation to the first frame
// (median of the runs; first-frame timings on a 2-core machine vary by a fifth, hence 7 runs), with when the
// HTML was parsed and the wasm ready, frames drawn during 3 s of idle, and requests that did not return 200.
// Then checks the budgets (the team's 350 KB and issue 20's targets) with ok/MISS lines, no 404.
// With --native (bench_recommend --json's output for the same scenario links), it also times recommend()
// inside the page on each link (the hook's bench(), after one warm-up call), 7 times in every English page
// load, and prints the median page/native per link.
// --strict exits 1 when a target is missed.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import {startServer} from './serve.mjs';
import {launch, pageIdle} from './lib.mjs';

const args = process.argv.slice(2);
const opt = {app: null, hello: null, runs: 7, strict: false, native: null,
             scenarios: new URL('../../bench/scenarios.txt', import.meta.url).pathname};
for (let i = 0; i < args.length; ++i) {
  if (args[i] === '--app') opt.app = args[++i];
  else if (args[i] === '--hello') opt.hello = args[++i];
  else if (args[i] === '--runs') opt.runs = Math.max(1, Number(args[++i]) || 7);
  else if (args[i] === '--strict') opt.strict = true;
  else if (args[i] === '--native') opt.native = args[++i];
  else if (args[i] === '--scenarios') opt.scenarios = args[++i];
  else { console.error(`bench: unknown argument ${args[i]}`); process.exit(2); }
}
if (!opt.app || !opt.hello) {
  console.error('usage: bench.mjs --app SITE_DIR --hello HELLO_SITE_DIR [--runs N] [--strict]');
  process.exit(2);
}

const median = (a) => a.length ? [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)] : NaN;
const scenarioLinks = () => readFileSync(opt.scenarios, 'utf8').split('\n').map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

// One configuration of the page (a site and a browser language): its server, and what its runs measured.
function measurer(dir, locale) {
  let server = null;
  const assets = new Map();
  const firsts = [];
  // Where the first frame's time goes: HTML parsed (domInteractive), wasm instantiated (the app's shell
  // records it; the hello page does not), then main() and the first frame.
  const parsed = [];
  const wasmReady = [];
  const unpacks = [];
  const firstEngine = [];
  const firstInit = [];
  const engineRuns = new Map();  // scenario link -> recommend() ms inside the page, every load's runs
  let idle = 0;
  let deferredAtLoad = 'the wasm is not split';
  const bad = new Set();
  return {
    async start() {
      server = await startServer({dir});
    },
    async measure(run) {
      const {context, close} = await launch({locale});
      try {
        const page = await context.newPage();
        const pending = [];
        // The first load ends once the first answer is drawn (below): what the test hook's snapshot and the
        // engine timings fetch afterwards (the deferred half of the wasm, scripts/build-web-split.py) is not
        // part of it. The hello page is counted to its end.
        let loaded = false;
        page.on('response', (r) => pending.push((async () => {
          const url = new URL(r.url());
          if (url.origin !== new URL(server.url).origin) return;
          if (r.status() !== 200) { bad.add(`${url.pathname} ${r.status()}`); return; }
          const body = await r.body().catch(() => null);
          if (body && run === 0 && !loaded) assets.set(url.pathname, {raw: body.length, gz: gzipSync(body, {level: 9}).length});
        })()));
        await page.goto(server.url);
        await page.waitForFunction(() => window.gwFirstFrameAt, null, {timeout: 60000});
        if (run === 0 && dir === opt.app) {
          // The first load: until the first answer is drawn and the page idle, asking JavaScript only (the
          // test hook's snapshot is in the deferred half of the wasm, which the page itself never needs).
          await pageIdle(page);
          const d = await page.evaluate(() => window.gwDeferred && {name: window.gwDeferred.name, loaded: window.gwDeferred.loaded});
          if (d && d.name) deferredAtLoad = d.loaded ? `loaded (${d.name})` : `not needed (${d.name})`;
          await page.waitForTimeout(300);
          await Promise.all(pending);
          loaded = true;
        }
        const at = await page.evaluate(() => {
          const nav = performance.getEntriesByType('navigation')[0];
          return {first: window.gwFirstFrameAt, parsed: nav ? nav.domInteractive : NaN, wasm: window.gwRuntimeAt,
                  unpack: window.gwUnpackMs};
        });
        if (Number.isFinite(at.unpack)) unpacks.push(at.unpack);
        // The first answer: the catalog parsed (init_ms) and the engine's first run (engine_ms).
        const ans = dir !== opt.app ? null : await page.waitForFunction(() => {
          const s = window.gpuwiseTest && window.gpuwiseTest.snapshot && window.gpuwiseTest.snapshot();
          return s && s.report && s.report.count > 0 && !s.pending && s.engine_runs > 0 ? s : null;
        }, null, {timeout: 60000}).then((h) => h.jsonValue()).catch(() => null);
        if (ans && Number.isFinite(ans.engine_ms)) {
          firstEngine.push(ans.engine_ms);
          firstInit.push(ans.init_ms);
        }
        firsts.push(at.first);
        parsed.push(at.parsed);
        if (at.wasm) wasmReady.push(at.wasm);
        if (run === 0) {
          // Headless Chromium may never ask for the icon or the manifest: fetch every file the page links
          // to (and the manifest's icons), so a 404 there is caught too.
          const missing = await page.evaluate(async () => {
            const urls = [...document.querySelectorAll('link[href]')].map((l) => l.href);
            const out = [];
            for (const u of urls) {
              const r = await fetch(u, {cache: 'no-store'});
              if (!r.ok) out.push(`${new URL(u).pathname} ${r.status}`);
              if (r.ok && /manifest/.test(u)) {
                for (const icon of (await r.json()).icons || []) {
                  const ir = await fetch(new URL(icon.src, u), {cache: 'no-store'});
                  if (!ir.ok) out.push(`${icon.src} ${ir.status}`);
                }
              }
            }
            return out;
          });
          for (const m of missing) bad.add(m);
        }
        if (run === 0) {
          await page.waitForTimeout(1500);
          const count = () => page.evaluate(() => window.gpuwiseTest.frames ? window.gpuwiseTest.frames()
                                                                           : window.gpuwiseTest.snapshot().frames);
          const f0 = await count();
          await page.waitForTimeout(3000);
          idle = (await count()) - f0;
        }
        loaded = true;
        // The same scenario takes 1.7 ms in one page load and 2.7 in the next (12-05): each English load times
        // every scenario a few times, and the ratio is taken over all loads' runs.
        if (dir === opt.app && locale === 'en-US' && opt.native) {
          // Untimed first: right after the first answer the engine's code still runs as V8's baseline
          // compiler made it (the first scenario measured 13 ms against 4 for the next, 12-05), and it is the
          // optimised code that native is compared with.
          for (const link of scenarioLinks()) await page.evaluate(([l, n]) => window.gpuwiseTest.bench(l, n), [link, 5]);
          for (const link of scenarioLinks()) {
            const r = await page.evaluate(([l, n]) => window.gpuwiseTest.bench(l, n), [link, 7]);
            if (!r.ok) bad.add(`bench scenario does not decode cleanly in the page: ${link}`);
            else engineRuns.set(link, [...(engineRuns.get(link) || []), ...r.ms]);
          }
        }
        await page.waitForTimeout(300);
        await Promise.all(pending);
      } finally {
        await close();
      }
    },
    stop() {
      server.server.closeAllConnections?.();
      server.server.close();
    },
    summary() {
      const total = [...assets.values()].reduce((t, a) => ({raw: t.raw + a.raw, gz: t.gz + a.gz}), {raw: 0, gz: 0});
      return {assets, total, first: median(firsts), parsed: median(parsed), wasm: median(wasmReady), idle,
              bad: [...bad], unpack: median(unpacks), engine: median(firstEngine), init: median(firstInit),
              engineRuns, deferredAtLoad};
    },
  };
}

const configs = [measurer(opt.app, 'en-US'), measurer(opt.app, 'zh-CN'), measurer(opt.hello, 'en-US')];
for (const m of configs) await m.start();
try {
  // Interleaved (English, Chinese, bare page, English...): a slow spell of the machine or of chromium falls
  // on all three alike, not on whichever was being measured then, so the first-frame ratio compares like
  // with like. Each round starts with the next one: the English page, always first after the bare page's
  // browser closed, reached "page parsed" 40-60 ms later than the Chinese one for the same HTML (12-05).
  for (let run = 0; run < opt.runs; ++run)
    for (let k = 0; k < configs.length; ++k) await configs[(run + k) % configs.length].measure(run);
} finally {
  for (const m of configs) m.stop();
}
const [en, zh, hello] = configs.map((m) => m.summary());

const kb = (n) => (n / 1024).toFixed(1).padStart(8) + ' KB';

const names = [...new Set([...en.assets.keys(), ...zh.assets.keys(), ...hello.assets.keys()])].sort();
console.log(`${'asset'.padEnd(26)} ${'app (en) raw'.padStart(12)} ${'gzip'.padStart(11)} ${'app (zh) gzip'.padStart(14)} ${'hello raw'.padStart(12)} ${'gzip'.padStart(11)}`);
for (const n of names) {
  const a = en.assets.get(n), z = zh.assets.get(n), h = hello.assets.get(n);
  console.log(`${n.padEnd(26)} ${a ? kb(a.raw) : ''.padStart(11)} ${a ? kb(a.gz) : ''.padStart(11)} ${z ? kb(z.gz) : ''.padStart(14)}` +
              ` ${h ? kb(h.raw) : ''.padStart(11)} ${h ? kb(h.gz) : ''.padStart(11)}`);
}
console.log(`${'total'.padEnd(26)} ${kb(en.total.raw)} ${kb(en.total.gz)} ${kb(zh.total.gz).padStart(14)} ${kb(hello.total.raw)} ${kb(hello.total.gz)}`);
console.log(`${'first frame (median)'.padEnd(26)} ${(en.first.toFixed(0) + ' ms').padStart(23)} ${(zh.first.toFixed(0) + ' ms').padStart(14)} ${(hello.first.toFixed(0) + ' ms').padStart(23)}`);
const ms = (v, w) => (Number.isFinite(v) ? v.toFixed(0) + ' ms' : '-').padStart(w);
console.log(`${'  of which: page parsed'.padEnd(26)} ${ms(en.parsed, 23)} ${ms(zh.parsed, 14)} ${ms(hello.parsed, 23)}`);
console.log(`${'  wasm ready'.padEnd(26)} ${ms(en.wasm, 23)} ${ms(zh.wasm, 14)} ${ms(hello.wasm, 23)}`);
console.log(`${'  wasm unpacked (LZMA)'.padEnd(26)} ${ms(en.unpack, 23)} ${ms(zh.unpack, 14)}`);
console.log(`${'first answer: parse'.padEnd(26)} ${ms(en.init, 23)} ${ms(zh.init, 14)}`);
console.log(`${'first answer: engine'.padEnd(26)} ${ms(en.engine, 23)} ${ms(zh.engine, 14)}`);
console.log(`${'frames in 3 s idle'.padEnd(26)} ${String(en.idle).padStart(23)} ${String(zh.idle).padStart(14)} ${String(hello.idle).padStart(23)}`);
console.log(`${'requests not 200'.padEnd(26)} ${String(en.bad.length + zh.bad.length).padStart(23)} ${''.padStart(14)} ${String(hello.bad.length).padStart(23)}`);

// What the service worker fetches on its own after the page has loaded (the offline copy): not part of the
// first load, but part of a first visit's traffic, so it is shown rather than hidden.
const precacheOf = (dir) => {
  const m = /PRECACHE = \[([^\]]*)\]/.exec(readFileSync(join(dir, 'sw.js'), 'utf8'));
  return m ? [...m[1].matchAll(/'([^']+)'/g)].map((x) => x[1]).filter((f) => f !== './') : [];
};
const loaded = (f) => en.assets.has('/' + f) || (f === 'index.html' && en.assets.has('/'));
const background = precacheOf(opt.app).filter((f) => !loaded(f)).map((f) => {
  const body = readFileSync(join(opt.app, f));
  return {f, gz: gzipSync(body, {level: 9}).length};
});
if (background.length) {
  const gz = background.reduce((t, b) => t + b.gz, 0);
  console.log(`${'+ offline copy (sw)'.padEnd(26)} ${''.padStart(11)} ${kb(gz)}   after the first frame: ${background.map((b) => b.f).join(', ')}`);
}

// The engine in the page against the same scenarios natively (bench_recommend --json, same run).
let engineRatio = NaN;
if (opt.native) {
  const native = JSON.parse(readFileSync(opt.native, 'utf8'));
  console.log(`\n${'recommend() per scenario'.padEnd(44)} ${'native ms'.padStart(10)} ${'page ms'.padStart(10)} ${'page/native'.padStart(12)}`);
  const ratios = [];
  for (const link of scenarioLinks()) {
    const n = native[link] ? native[link].wall_ms : NaN, p = median(en.engineRuns.get(link) || []);
    const r = p / n;
    if (Number.isFinite(r)) ratios.push(r);
    console.log(`${link.replace(/^v=1&preset=/, '').padEnd(44)} ${n.toFixed(2).padStart(10)} ${(p ?? NaN).toFixed(2).padStart(10)} ${('x' + r.toFixed(2)).padStart(12)}`);
  }
  engineRatio = median(ratios);
}

// The team's budget (350 KB), then issue 20's targets.
const checks = [
  ['English first load <= 350 KB gzipped (team budget)', en.total.gz <= 350 * 1024, kb(en.total.gz)],
  ['English first load <= 300 KB gzipped (issue 20)', en.total.gz <= 300 * 1024, kb(en.total.gz)],
  ['Chinese first load (font included) <= 600 KB gzipped (issue 20)', zh.total.gz <= 600 * 1024, kb(zh.total.gz)],
  ['first frame within 1.5x of the bare page', en.first <= 1.5 * hello.first,
   `${en.first.toFixed(0)} ms vs ${hello.first.toFixed(0)} ms (x${(en.first / hello.first).toFixed(2)})`],
  ['first frame <= 1.0x the bare page (issue 20)', en.first <= hello.first,
   `x${(en.first / hello.first).toFixed(2)}`],
  ['first recommendation after load <= 30 ms (issue 20)', en.engine <= 30,
   Number.isFinite(en.engine) ? `${en.engine.toFixed(1)} ms (catalog parse before it: ${en.init.toFixed(0)} ms)` : 'not measured'],
  ['engine in the page <= 2x native, median over the scenarios (issue 20)', engineRatio <= 2,
   Number.isFinite(engineRatio) ? `x${engineRatio.toFixed(2)}` : 'not measured (give --native)'],
  ['no idle frames (app)', en.idle === 0, `${en.idle} frames`],
  ['the first load runs without the deferred half of the wasm', !/^loaded/.test(en.deferredAtLoad) && !/^loaded/.test(zh.deferredAtLoad),
   `English: ${en.deferredAtLoad}; Chinese: ${zh.deferredAtLoad}`],
  ['no request failed (404 included)', !en.bad.length && !zh.bad.length && !hello.bad.length,
   [...en.bad, ...zh.bad, ...hello.bad].join(', ') || 'none'],
];
let missed = 0;
for (const [what, ok, detail] of checks) {
  if (!ok) ++missed;
  console.log(`${ok ? 'ok  ' : 'MISS'} ${what}: ${detail}`);
}
process.exit(opt.strict && missed ? 1 : 0);
