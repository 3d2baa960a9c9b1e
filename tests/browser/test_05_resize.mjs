// Issue 8: the page fills the window and follows it; HiDPI gets a framebuffer of CSS size x
// devicePixelRatio; a 300 px window does not break it.
import {join} from 'node:path';
import {assert, launch, snapshot, until, waitReady, watch} from './lib.mjs';

export const name = 'resize, narrow window and HiDPI';

async function canvas(page) {
  return page.evaluate(() => ({w: document.getElementById('canvas').width, h: document.getElementById('canvas').height,
    iw: innerWidth, ih: innerHeight, dpr: devicePixelRatio}));
}

export default async function (t) {
  {
    const {context, close} = await launch({viewport: {width: 1280, height: 800}});
    try {
      const page = await context.newPage();
      const w = watch(page);
      await page.goto(t.url);
      await waitReady(page);
      for (const [vw, vh] of [[1024, 700], [700, 900], [300, 600], [1440, 900]]) {
        await page.setViewportSize({width: vw, height: vh});
        const s = await until(page, (x) => x.width === vw && x.height === vh, `a ${vw}x${vh} frame`);
        const c = await canvas(page);
        assert(c.w === vw && c.h === vh, `canvas ${c.w}x${c.h} for a ${vw}x${vh} window`);
        assert(s.report.count > 0, 'the ranking should survive a resize');
        if (vw === 300) await page.screenshot({path: join(t.shots, '05-narrow-300px.png')});
        if (vw === 700) await page.screenshot({path: join(t.shots, '05-medium-700px.png')});
      }
      assert(!w.errors.length, `console errors: ${w.errors.join(' | ')}`);
    } finally {
      await close();
    }
  }
  {
    const {context, close} = await launch({viewport: {width: 1200, height: 760}, dpr: 2});
    try {
      const page = await context.newPage();
      await page.goto(t.url);
      const s = await waitReady(page);
      const c = await canvas(page);
      assert(c.dpr === 2 && c.w === 2400 && c.h === 1520, `HiDPI canvas should be 2400x1520, got ${c.w}x${c.h}`);
      assert(s.scale === 2, `the UI scale should follow devicePixelRatio, got ${s.scale}`);
      await page.screenshot({path: join(t.shots, '05-hidpi-2x.png')});
    } finally {
      await close();
    }
  }
}
