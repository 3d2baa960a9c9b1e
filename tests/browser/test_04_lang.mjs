// Issue 8: 中文/English. An English reader never downloads the CJK font; switching loads it and every
// string shown has its glyphs (no '?' boxes); a Chinese browser gets it in parallel with the wasm.
// Issue 20: an English page's wasm (index.wasm.lzma) has no Chinese sentences, so switching reloads the page
// with the whole one (index.zh.wasm.lzma), the job in the link and the open tab handed over.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {assert, click, clickUntil, launch, snapshot, until, waitReady, watch} from './lib.mjs';

export const name = 'language switch shows Chinese glyphs; CJK font only when needed';

export default async function (t) {
  {
    const {context, close} = await launch({locale: 'en-US'});
    try {
      const page = await context.newPage();
      const w = watch(page);
      await page.goto(t.url);
      let s = await waitReady(page);
      assert(s.lang === 'en', `an English browser should get English, got ${s.lang}`);
      await page.waitForTimeout(300);
      assert(!w.requests.some((u) => u.includes('cjk')), 'an English reader must not download the CJK font');
      const en = join(t.shots, '04-lang-en.png');
      await page.screenshot({path: en});

      assert(w.requests.some((u) => u.endsWith('/index.wasm.lzma')) && !w.requests.some((u) => u.endsWith('index.zh.wasm.lzma')),
             'an English start should fetch index.wasm.lzma (no Chinese sentences) only');
      await clickUntil(page, 'tab_catalog', (x) => x.tab === 'catalog', 'the catalog tab');
      const before = s.report.summary;
      await click(page, 'lang_zh');
      s = await until(page, (x) => x.lang === 'zh' && x.cjk_font === 'ready' && x.report && x.report.count > 0,
                      'Chinese with its font, after the reload', 30000);
      assert(w.requests.some((u) => u.endsWith('index.zh.wasm.lzma')), 'switching should reload with index.zh.wasm.lzma');
      // ... and the whole data files, with their Chinese prose (the English page had the English-only copies).
      for (const f of [/\/catalogs\/catalog-[^/]*[0-9]\.json\.lzma$/, /\/presets-[0-9a-f]{10}\.json\.lzma$/])
        assert(w.requests.some((u) => f.test(u)), `switching to Chinese should fetch the whole ${f}: ${w.requests.join(' ')}`);
      s = await until(page, (x) => x.tab === 'catalog', 'the open tab (catalog) back after the reload');
      assert(s.report.summary !== before, 'the same job should now be summarised in Chinese');
      assert(w.requests.some((u) => u.endsWith('fonts/cjk.ttf')), 'the CJK font should be fetched on switching');
      // Let every panel draw once in Chinese, then ask which glyphs were missing.
      for (const tab of ['tab_catalog', 'tab_guide', 'tab_calculators', 'tab_diagnose', 'tab_recommend']) {
        await clickUntil(page, tab, (x) => x.tab === tab.slice(4), tab);
        await page.waitForTimeout(150);
        if (tab !== 'tab_recommend') await page.screenshot({path: join(t.shots, `04-zh-${tab.slice(4)}.png`)});
      }
      s = await snapshot(page);
      assert(s.missing_glyphs.length === 0, `glyphs missing from the CJK subset: ${s.missing_glyphs.join(' ')}`);
      assert(/[\u4e00-\u9fff]/.test(s.report.summary), `the summary should be Chinese: ${s.report.summary}`);
      assert(/lang=zh/.test(s.link), 'the link should carry the language');
      const zh = join(t.shots, '04-lang-zh.png');
      await page.screenshot({path: zh});
      assert(!readFileSync(en).equals(readFileSync(zh)), 'the Chinese screen should differ from the English one');
      // The choice sticks across a reload.
      await page.reload();
      s = await waitReady(page);
      s = await until(page, (x) => x.lang === 'zh', 'Chinese after reload', 15000);
      await click(page, 'lang_en');
      s = await until(page, (x) => x.lang === 'en', 'back to English');
      assert(!w.errors.length, `console errors: ${w.errors.join(' | ')}`);
    } finally {
      await close();
    }
  }
  {
    const {context, close} = await launch({locale: 'zh-CN'});
    try {
      const page = await context.newPage();
      const order = [];
      page.on('request', (r) => order.push(r.url().replace(t.url, '')));
      await page.goto(t.url);
      const s = await until(page, (x) => x.ready && x.lang === 'zh', 'a Chinese browser to get Chinese', 20000);
      // In parallel with the wasm: the page asks for the font before the wasm has even been instantiated,
      // rather than the app asking once it runs.
      const t0 = await page.evaluate(() => {
        const e = performance.getEntriesByType('resource').find((r) => r.name.endsWith('fonts/cjk.ttf'));
        return {font: e ? e.startTime : -1, runtime: window.gwRuntimeAt || -1};
      });
      assert(order.includes('index.zh.wasm.lzma') && !order.includes('index.wasm.lzma'),
             `a Chinese start should fetch the whole wasm (index.zh.wasm.lzma) only: ${order.join(', ')}`);
      const data = order.filter((u) => /^(catalogs\/catalog-|presets-)/.test(u));
      assert(data.length === 2 && !data.some((u) => u.includes('.en.')),
             `a Chinese start should fetch the whole catalog and presets: ${data.join(', ')}`);
      assert(order.includes('fonts/cjk.ttf') && t0.font >= 0 && t0.font < t0.runtime,
             `the font should be requested with the wasm (font at ${t0.font} ms, wasm ready at ${t0.runtime} ms): ${order.join(', ')}`);
      t.log(`zh-CN browser: first Chinese frame after ${s.frames} frames`);
      await page.screenshot({path: join(t.shots, '04-lang-zh-browser.png')});
    } finally {
      await close();
    }
  }
}
