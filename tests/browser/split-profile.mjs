#!/usr/bin/env node
// Profiles which wasm functions the page's first load runs, for scripts/build-web-split.py.
//   node tests/browser/split-profile.mjs --site SITE_WITH_INSTRUMENTED_WASM --out PROFILE [--hash LINK]...
// The site's index.wasm.lzma is instrumented by `wasm-split --instrument`: its __write_profile export
// writes which functions ran. Each load (English, Chinese, then each link), and a reload after it (what a
// returning visitor's saved settings run), writes PROFILE, PROFILE.1, PROFILE.2...
import {writeFileSync} from 'node:fs';
import {startServer} from './serve.mjs';
import {launch, pageIdle} from './lib.mjs';

const args = process.argv.slice(2);
let site = null, out = null;
const hashes = [];
for (let i = 0; i < args.length; ++i) {
  if (args[i] === '--site') site = args[++i];
  else if (args[i] === '--out') out = args[++i];
  else if (args[i] === '--hash') hashes.push(args[++i]);
}
const server = await startServer({dir: site});
const profiles = [];
try {
  // English and Chinese first loads (a Chinese browser gets the Chinese page), then the links given.
  for (const [locale, hash] of [['en-US', ''], ['zh-CN', ''], ...hashes.map((h) => ['en-US', h])]) {
    const {context, close} = await launch({locale, serviceWorkers: 'block'});
    try {
      const page = await context.newPage();
      await page.addInitScript(() => {
        const orig = WebAssembly.instantiate;
        WebAssembly.instantiate = function (...a) {
          return orig.apply(this, a).then((r) => {
            // instantiate(bytes) gives {module, instance}; instantiate(module), as web/shell.js calls it, the instance.
            const inst = r instanceof WebAssembly.Instance ? r : r.instance;
            if (inst && inst.exports.__write_profile) window.__gwInst = inst;
            return r;
          });
        };
      });
      for (const visit of ['first visit', 'return visit']) {
        if (visit === 'first visit') await page.goto(server.url + (hash ? '#' + hash : ''));
        else await page.reload();  // with what the first visit saved (settings, language...)
        await pageIdle(page, 120000);
        const bytes = await page.evaluate(() => {
          const e = window.__gwInst.exports;
          const mem = Object.values(e).find((v) => v instanceof WebAssembly.Memory);
          const size = 1 << 20;
          const ptr = window.Module._malloc(size);
          const n = e.__write_profile(ptr, size);
          return Array.from(new Uint8Array(mem.buffer, ptr, n));
        });
        profiles.push(Buffer.from(bytes));
        console.log(`profile ${locale} ${hash || '(no link)'}, ${visit}: ${bytes.length} bytes`);
      }
    } finally {
      await close();
    }
  }
} finally {
  server.server.closeAllConnections?.();
  server.server.close();
}
profiles.forEach((p, i) => writeFileSync(out + (i ? '.' + i : ''), p));
