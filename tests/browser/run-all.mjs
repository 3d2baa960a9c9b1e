#!/usr/bin/env node
// Runs every tests/browser/test_*.mjs against a built site, served on 127.0.0.1.
//   node run-all.mjs SITE_DIR [--only NAME] [--shots DIR]
// Each test file exports `name` and `default async function(t)`; t = {url, site, shots, server, log}.
// Prints one line per test and a final "N passed, M failed"; exits 1 on any failure.
import {readdirSync, existsSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {startServer} from './serve.mjs';
import {ensureDir} from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
let site = null, only = null, shots = null;
for (let i = 0; i < args.length; ++i) {
  if (args[i] === '--only') only = args[++i];
  else if (args[i] === '--shots') shots = args[++i];
  else site = args[i];
}
if (!site || !existsSync(join(site, 'index.html'))) {
  console.error(`run-all: ${site || '(no site)'} has no index.html; build it first (scripts/build-web.sh)`);
  process.exit(2);
}
site = resolve(site);
// Screenshots go into the build folder, next to the site.
shots = ensureDir(resolve(shots || join(site, '..', 'browser-screenshots')));

const files = readdirSync(here).filter((f) => /^test_.*\.mjs$/.test(f)).sort()
  .filter((f) => !only || f.includes(only));
let passed = 0, failed = 0;
for (const f of files) {
  const mod = await import(join(here, f));
  // A fresh server per test: request logs start empty, and a test may stop it (offline).
  const server = await startServer({dir: site});
  const start = Date.now();
  const t = {url: server.url, site, shots, server, log: (...a) => console.log('   ', ...a)};
  const timeout = mod.timeout || 120000;
  let timer;
  try {
    await Promise.race([mod.default(t), new Promise((_, rej) => {
      timer = setTimeout(() => rej(new Error(`timed out after ${timeout / 1000} s`)), timeout);
    })]);
    passed++;
    console.log(`ok    ${mod.name || f} (${((Date.now() - start) / 1000).toFixed(1)} s)`);
  } catch (e) {
    failed++;
    // The whole message (the monkey's replay log is several lines), then where it was thrown.
    const where = e && e.stack ? e.stack.split('\n').filter((l) => /^\s+at /.test(l)).slice(0, 3) : [];
    console.log(`FAIL  ${mod.name || f}: ${e && e.message ? e.message : e}${where.length ? '\n      ' + where.join('\n      ') : ''}`);
  } finally {
    clearTimeout(timer);
    server.server.closeAllConnections?.();
    await new Promise((ok) => server.server.close(ok));
  }
}
console.log(`screenshots: ${shots}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed || !files.length ? 1 : 0);
