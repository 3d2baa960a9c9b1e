// Issue 8: no 60 fps loop at idle. The page draws only when something happens, and wakes on input.
import {assert, launch, settle, snapshot, until, waitReady} from './lib.mjs';

export const name = 'idle page renders no frames for 2 s; input wakes it';

export default async function (t) {
  const {context, close} = await launch();
  try {
    const page = await context.newPage();
    await page.goto(t.url);
    await waitReady(page);
    const f0 = await settle(page);  // the start-up frames
    const runs0 = (await snapshot(page)).engine_runs;
    await page.waitForTimeout(2000);
    const f1 = await page.evaluate(() => window.gpuwiseTest.frames());
    assert(f1 === f0, `${f1 - f0} frames were drawn while idle for 2 s`);
    t.log(`idle: ${f0} frames before and after 2 s`);
    await page.mouse.move(400, 300);
    await page.mouse.move(420, 320);
    const f2 = await until(page, (x) => x.frames > f1, 'a frame after the mouse moved');
    assert(f2.engine_runs === runs0, 'moving the mouse must not rerun the engine');
    const f3 = await settle(page);
    await page.waitForTimeout(2000);
    const f4 = await page.evaluate(() => window.gpuwiseTest.frames());
    assert(f4 === f3, `the page should stop drawing again after input (${f4 - f3} frames in 2 s)`);
    t.log(`input woke it for ${f3 - f1} frames, then it stopped`);
  } finally {
    await close();
  }
}
