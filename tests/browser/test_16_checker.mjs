// Issue 17: the instance checker panel as a user meets it. The "What to paste" line's Copy button puts the
// exact commands on the clipboard (the CSV query with every column the checker reads, utilization.gpu
// included); "Try a sample" shows findings at once (the source article's 1095 MHz case); an nvidia-smi table
// pasted as a quoted reply (every line "> ", as GitHub and forums quote) is read and gives findings.
// Screenshots in English, Chinese and on a 390 px phone.
import {join} from 'node:path';
import {assert, click, clickUntil, eachLook, launch, pasteReal, settle, snapshot, until, waitReady, watch} from './lib.mjs';

export const name = 'instance checker: copy the commands, try the sample, a quoted paste gives findings';
export const timeout = 240000;

// A 4090 held at 2 of 24 GiB and 100% busy at a fifth of its power cap, with an ERR! fan: quoted.
const TABLE = `+-----------------------------------------------------------------------------------------+
| NVIDIA-SMI 550.54.14              Driver Version: 550.54.14      CUDA Version: 12.4     |
|-----------------------------------------+------------------------+----------------------+
| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |
| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |
|                                         |                        |               MIG M. |
|=========================================+========================+======================|
|   0  NVIDIA GeForce RTX 4090        Off |   00000000:01:00.0 Off |                  Off |
| ERR!   41C    P2             90W /  450W |    2011MiB /  24564MiB |    100%      Default |
|                                         |                        |                  N/A |
+-----------------------------------------+------------------------+----------------------+`;
const QUOTED = TABLE.split('\n').map((l) => '> ' + l).join('\n');

// The text on screen. The mouse moves off the buttons first: a tooltip open during the capture ends ImGui's
// log early (its End() calls LogFinish), and the hook then returns nothing.
async function text(page) {
  await page.mouse.move(2, 2);
  await page.waitForTimeout(100);
  return page.evaluate(() => window.gpuwiseTest.text());
}

async function openChecker(page) {
  const vw = page.viewportSize().width;
  const r = (await snapshot(page)).rects.tab_diagnose;
  if (r[0] + r[2] < vw - 48) {
    await clickUntil(page, 'tab_diagnose', (x) => x.tab === 'diagnose', 'the checker tab');
    return;
  }
  // On a phone the tab bar scrolls and the last tab hides under its arrows: a thumb taps the right arrow,
  // which selects the next tab, until the checker is open.
  for (let i = 0; i < 6 && (await snapshot(page)).tab !== 'diagnose'; ++i) {
    await page.mouse.click(vw - 20, r[1] + r[3] / 2);
    await page.waitForTimeout(300);
  }
  await until(page, (x) => x.tab === 'diagnose', 'the checker tab, through the tab bar arrow');
}

export default async function (t) {
  const {context, close} = await launch();
  try {
    const page = await context.newPage();
    const w = watch(page);
    await page.goto(t.url);
    await waitReady(page);
    await openChecker(page);
    let shown = await text(page);
    assert(/What to paste/.test(shown) && shown.includes('nvidia-smi -q') && shown.includes('--query-gpu='),
      `the "What to paste" line names the commands:\n${shown.slice(0, 1200)}`);

    // ---- Copy commands: exactly what the checker reads, one per line
    await click(page, 'diag_copy');
    const copied = await page.evaluate(() => window.gpuwiseTest.clipboard());
    const lines = copied.trim().split('\n');
    assert(lines.length === 3 && lines[0] === 'nvidia-smi' && lines[1] === 'nvidia-smi -q', `copied commands:\n${copied}`);
    for (const col of ['name', 'memory.total', 'utilization.gpu', 'power.draw', 'power.limit', 'clocks.sm', 'clocks.max.sm', 'clocks_throttle_reasons.active'])
      assert(lines[2].includes(col), `the CSV query should ask for ${col}: ${lines[2]}`);
    assert(/--format=csv$/.test(lines[2]), `the CSV query ends with --format=csv: ${lines[2]}`);

    // ---- Try a sample: findings at once, the 1095 MHz down-clock among them
    await click(page, 'diag_sample');
    let s = await until(page, (x) => x.diagnose.has_report && x.diagnose.findings > 0 && !x.diagnose.waiting, 'the sample findings', 20000);
    assert(s.diagnose.gpus === 1, `the sample is one GPU: ${s.diagnose.gpus}`);
    shown = await text(page);
    assert(/RTX 3090/.test(shown) && /1095/.test(shown), `the sample's 3090 at 1095 MHz should be among the findings:\n${shown.slice(0, 2000)}`);
    await settle(page);
    await page.screenshot({path: join(t.shots, '16-sample.png')});

    // ---- a quoted paste: read as the plain table
    await click(page, 'diag_clear');
    await until(page, (x) => !x.diagnose.has_report, 'the cleared checker');
    await pasteReal(page, 'diag_text', QUOTED);
    await click(page, 'diag_check');
    s = await until(page, (x) => x.diagnose.has_report && !x.diagnose.waiting, 'the findings of the quoted table', 20000);
    assert(s.diagnose.gpus === 1, `the quoted table holds one GPU: ${JSON.stringify(s.diagnose)}`);
    assert(s.diagnose.findings > 0, `the quoted table gives findings: ${s.diagnose.summary}`);
    assert(!/No GPU found/i.test(s.diagnose.summary), `a quoted paste must be read: ${s.diagnose.summary}`);
    shown = await text(page);
    assert(/4090/.test(shown), `the 4090 is named:\n${shown.slice(0, 2000)}`);
    t.log(`quoted: ${s.diagnose.summary} (${s.diagnose.findings} findings)`);
    // The same table unquoted reads alike.
    await click(page, 'diag_clear');
    await pasteReal(page, 'diag_text', TABLE);
    await click(page, 'diag_check');
    const plain = await until(page, (x) => x.diagnose.has_report && !x.diagnose.waiting, 'the plain table');
    assert(plain.diagnose.findings === s.diagnose.findings && plain.diagnose.summary === s.diagnose.summary,
      `quoted and plain should read alike: ${s.diagnose.summary} / ${plain.diagnose.summary}`);
    await settle(page);
    await page.screenshot({path: join(t.shots, '16-quoted.png')});
    assert(!w.errors.length, `console errors: ${w.errors.join(' | ')}`);
  } finally {
    await close();
  }
  await eachLook(t, async (page, tag) => {
    await openChecker(page);
    assert((await snapshot(page)).rects.diag_copy, `${tag}: the Copy commands button is on screen`);
    await click(page, 'diag_sample');
    const s = await until(page, (x) => x.diagnose.has_report && x.diagnose.findings > 0 && !x.diagnose.waiting, `${tag}: the sample`, 20000);
    assert(!s.missing_glyphs.length, `${tag}: glyphs missing from the font: ${s.missing_glyphs.join('')}`);
    await settle(page);
    await page.screenshot({path: join(t.shots, `16-checker-${tag}.png`)});
  });
}
