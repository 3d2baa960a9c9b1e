// Issue 7, browser: a seeded monkey. 10,000 random interactions (clicks, double clicks, drags, wheel,
// keys, typed and pasted text, huge numbers, Ctrl+C/V, resizes down to 300 px, tabs, language and
// currency) must not raise one page error, console error or wasm abort, never show NaN/inf, and
// never leave a blank canvas.
//   MONKEY_SEED=123 MONKEY_ACTIONS=10000 tests/browser/run.sh build/web-release/site --only monkey
// A failure prints the seed and the last 20 actions; the same seed replays the same actions.
import {join} from 'node:path';
import {assertDrawn, clickUntil, launch, scrollJobPanelTo, snapshot, until, waitReady, watch} from './lib.mjs';

export const name = 'monkey: 10,000 seeded random interactions';
export const timeout = 290000;

const SEED = Number(process.env.MONKEY_SEED || 20261202) >>> 0;
const ACTIONS = Number(process.env.MONKEY_ACTIONS || 10000);
const BATCH = Number(process.env.MONKEY_BATCH || 16);  // actions played between two frame waits
const CHECKPOINT = 1000;

function rng(seed) {  // mulberry32
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (xs) => xs[Math.floor(next() * xs.length)],
    chance: (p) => next() < p,
  };
}

// Key name -> DOM keyCode (what Emscripten's GLFW reads), and modifiers.
const KEYCODES = {Tab: 9, Enter: 13, Escape: 27, Backspace: 8, Delete: 46, ArrowLeft: 37, ArrowUp: 38, ArrowRight: 39,
  ArrowDown: 40, Home: 36, End: 35, PageUp: 33, PageDown: 34, Space: 32, F1: 112, Control: 17, Shift: 16, Alt: 18,
  '-': 189, '.': 190, ',': 188};
const KEYS = ['Tab', 'Shift+Tab', 'Enter', 'Escape', 'Backspace', 'Delete', 'ArrowUp', 'ArrowDown', 'ArrowLeft',
  'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown', 'Space', 'Control+A', 'Control+C', 'Control+V', 'Control+Z',
  'Control+X', '0', '1', '5', '9', 'a', 'z', 'e', 'h', 'm', '-', '.', ',', 'Shift+A', 'F1', 'Alt+ArrowLeft'];
const TEXTS = ['1e308', '-1', '1e309', '-1e308', '0', '-0', '1e-308', '4.9e-324', 'NaN', 'inf', '-inf', 'Infinity',
  '99999999999999999999999', '0.0000001', '48h', '2d', '90m', '-5h', '1e308h', '340M', '7e9', '1,200', '3.5',
  'abc', '%s%n', '<script>', '', '   ', '12abc', '0x10', '1e', '.', '--1', '５０', '１e３', '中文', '显卡价格',
  '训练四十八小时', '𠀀', 'é'.repeat(60), '9'.repeat(200)];
const PASTES = ['中文测试', '显卡 A100 价格', '训练 48 小时', '预算三百元', '𠀀𠀁', '１２３', '1e308', 'a\tb\nc',
  '\u0000\u0001', 'x'.repeat(5000), '一'.repeat(300)];
const SIZES = [[300, 600], [300, 900], [320, 480], [480, 800], [800, 600], [1024, 700], [1280, 800], [700, 400]];
const TABS = ['tab_recommend', 'tab_catalog', 'tab_guide', 'tab_calculators', 'tab_diagnose'];

// Key ops for "Control+Shift+X": modifiers down, the key down (+ its character), everything up.
export function keyOps(combo) {
  const parts = combo.split('+'), key = parts.pop();
  const mods = parts.map((m) => ({t: 'kd', key: m, code: KEYCODES[m]}));
  const up = parts.reverse().map((m) => ({t: 'ku', key: m, code: KEYCODES[m]}));
  const ch = key === 'Space' ? ' ' : key.length === 1 ? key : '';
  const code = KEYCODES[key] || (ch ? ch.toUpperCase().charCodeAt(0) : 0);
  const ctrl = parts.includes('Control') || parts.includes('Alt');
  const ops = [...mods, {t: 'kd', key, code}];
  if (ch && !ctrl) ops.push({t: 'kp', ch: parts.includes('Shift') ? ch.toUpperCase() : ch});
  return [...ops, {t: 'ku', key, code}, ...up];
}
export function textOps(text) {
  const ops = [];
  for (const ch of text) {
    const ascii = /^[0-9a-z]$/i.test(ch) ? ch.toUpperCase().charCodeAt(0) : KEYCODES[ch] || 0;
    ops.push({t: 'kd', key: ch, code: ascii}, {t: 'kp', ch}, {t: 'ku', key: ch, code: ascii});
  }
  return ops;
}

// In the page: play a batch of DOM events on the canvas (what a user's mouse and keyboard send; the app
// reads them through Emscripten's GLFW), waiting for a frame where an op says so. Then wait for a
// frame and report what the screen shows that could be wrong.
export const PLAY = async (ops) => {
  const c = document.getElementById('canvas');
  const frame = () => new Promise((ok) => requestAnimationFrame(() => ok()));
  const mouse = (type, o) => c.dispatchEvent(new MouseEvent(type, {bubbles: true, cancelable: true, clientX: o.x,
    clientY: o.y, button: o.b || 0, buttons: type === 'mouseup' ? 0 : 1 << (o.b || 0), detail: o.n || 1, view: window}));
  const key = (type, o) => {
    const e = new KeyboardEvent(type, {bubbles: true, cancelable: true, key: o.key || o.ch,
      ctrlKey: !!o.ctrl, shiftKey: !!o.shift});
    const codes = type === 'keypress' ? {keyCode: o.ch.codePointAt(0), charCode: o.ch.codePointAt(0), which: o.ch.codePointAt(0)}
      : {keyCode: o.code, which: o.code, charCode: 0};
    for (const [k, v] of Object.entries(codes)) Object.defineProperty(e, k, {get: () => v});
    c.dispatchEvent(e);
  };
  for (const o of ops) {
    if (o.t === 'frame') await frame();
    else if (o.t === 'move') mouse('mousemove', o);
    else if (o.t === 'down') mouse('mousedown', o);
    else if (o.t === 'up') mouse('mouseup', o);
    else if (o.t === 'wheel') c.dispatchEvent(new WheelEvent('wheel', {bubbles: true, cancelable: true, clientX: o.x,
      clientY: o.y, deltaX: o.dx, deltaY: o.dy, deltaMode: 0}));
    else if (o.t === 'kd') key('keydown', o);
    else if (o.t === 'ku') key('keyup', o);
    else if (o.t === 'kp') key('keypress', o);
    else if (o.t === 'paste') {
      const dt = new DataTransfer();
      dt.setData('text/plain', o.text);
      window.dispatchEvent(new ClipboardEvent('paste', {clipboardData: dt}));
    }
  }
  await frame();
  const bad = [];
  let s = null;
  try {
    s = window.gpuwiseTest.snapshot();
  } catch (e) {
    return {bad: ['the test hook threw: ' + e], rects: {}, size: [innerWidth, innerHeight]};
  }
  if (document.getElementById('loading').classList.contains('failed'))
    bad.push('the page stopped: ' + document.getElementById('loading-text').textContent);
  const word = /\b(nan|inf|infinity)\b/i;
  for (const r of s.report.rows)
    if (typeof r.cost !== 'number' || !isFinite(r.cost) || typeof r.hours !== 'number' || !isFinite(r.hours))
      bad.push(`row ${r.key} shows cost ${r.cost}, hours ${r.hours}`);
  if (word.test(s.report.summary)) bad.push('summary shows ' + s.report.summary);
  for (const b of s.banners) if (word.test(b.text)) bad.push('banner shows ' + b.text);
  for (const v of [s.scenario.budget, s.scenario.deadline_hours])
    if (v !== null && !isFinite(v)) bad.push(`constraint ${v}`);
  return {bad, rects: s.rects, size: [innerWidth, innerHeight], tab: s.tab, frames: s.frames};
};

// Crashes the monkey found, replayed on purpose so they stay fixed.
async function regressions(page, t) {
  // 0. Calibration: the monkey's synthetic events really reach the app (a click, Ctrl+A and typed digits
  //    set the budget), so a quiet run means a robust page, not ignored input. It is also the regression
  //    check for Ctrl staying "held" after Ctrl+A when both keys were released before the frame, which
  //    dropped the digits typed next.
  const q = await scrollJobPanelTo(page, 'budget', 'the budget field');
  const at = {x: q[0] + q[2] / 2, y: q[1] + q[3] / 2};
  await page.evaluate(PLAY, [{t: 'move', ...at}, {t: 'down', ...at}, {t: 'up', ...at}, {t: 'frame'},
    ...keyOps('Control+A'), {t: 'frame'}, ...textOps('4321'), ...keyOps('Enter')]);
  await until(page, (x) => !x.pending && x.scenario.budget === 4321, 'the budget typed through synthetic events');
  // 1. The ranking shrank (or emptied) while the table was not drawn (another tab, or nothing to rank):
  //    the hook and the plots indexed the new rows with the old order ("memory access out of bounds").
  const base = await until(page, (x) => !x.pending && x.report.count > 0, 'a ranking');
  await clickUntil(page, 'tab_catalog', (x) => x.tab === 'catalog', 'the catalog tab');
  for (const link of ['v=1&preset=bert-base-finetune&budget=5', 'v=1&providers=no-such-provider', base.link]) {
    await page.evaluate((h) => { location.hash = h; }, link);
    const s = await until(page, (x) => !x.pending && x.link !== '' && x.engine_runs > 0, `the hook after #${link}`);
    t.log(`regression: #${link} on the catalog tab -> ${s.report.count} rows`);
  }
  await clickUntil(page, 'tab_recommend', (x) => x.tab === 'recommend', 'the recommendation tab');
  for (const link of ['v=1&providers=no-such-provider', base.link, 'v=1&preset=bert-base-finetune&budget=5']) {
    await page.evaluate((h) => { location.hash = h; }, link);
    await until(page, (x) => !x.pending && x.report.shown_order.length <= x.report.count, `the hook after #${link}`);
    await page.mouse.move(400 + link.length, 500);
    await until(page, (x) => !x.pending, 'a frame');
  }
}

export default async function (t) {
  const r = rng(SEED);
  const log = [];
  const {context, close} = await launch({viewport: {width: 960, height: 600}});
  let i = 0;
  const started = Date.now();
  const fail = (msg) => {
    throw new Error(`${msg}\n      MONKEY_SEED=${SEED} after ${i} actions; last 20 actions:\n        ` +
        log.slice(-20).join('\n        '));
  };
  try {
    const page = await context.newPage();
    const w = watch(page);
    page.on('dialog', (d) => { w.errors.push('dialog: ' + d.message()); d.dismiss().catch(() => {}); });
    page.on('download', (d) => d.cancel().catch(() => {}));
    await page.goto(t.url);
    await waitReady(page);
    await regressions(page, t);
    if (w.errors.length) fail(`regression: ${w.errors.slice(0, 3).join(' | ')}`);
    t.log(`MONKEY_SEED=${SEED}, ${ACTIONS} actions`);
    let probe = await page.evaluate(PLAY, []);
    let checkpoints = 0;

    const spot = () => {
      // Biased toward widgets the app reports; otherwise anywhere in the window.
      const names = Object.keys(probe.rects || {});
      const [vw, vh] = probe.size;
      if (names.length && r.chance(0.7)) {
        const n = r.pick(names), q = probe.rects[n];
        return {x: q[0] + r.next() * q[2], y: q[1] + r.next() * q[3], what: n};
      }
      return {x: r.next() * vw, y: r.next() * vh, what: 'anywhere'};
    };
    const at = (p) => `${p.what} (${p.x.toFixed(0)},${p.y.toFixed(0)})`;
    const named = (names) => {
      const have = names.filter((n) => probe.rects && probe.rects[n]);
      if (!have.length) return null;
      const n = r.pick(have), q = probe.rects[n];
      return {x: q[0] + q[2] / 2, y: q[1] + q[3] / 2, what: n};
    };
    const click = (p, b = 0) => [{t: 'move', ...p}, {t: 'down', ...p, b}, {t: 'up', ...p, b}];

    let ops = [];
    const flush = async () => {
      probe = await page.evaluate(PLAY, ops).catch(async (e) => {
        // Switching an English page to Chinese reloads it (its wasm has no Chinese sentences, issue 20): a
        // navigation is fine when the page comes back ready, in Chinese.
        if (/context was destroyed|navigat/.test(String(e))) {
          const s = await waitReady(page, 30000).catch(() => null);
          if (s && s.lang === 'zh') return page.evaluate(PLAY, []);
        }
        return {bad: ['the page failed: ' + e], rects: {}, size: [800, 600]};
      });
      ops = [];
      if (w.errors.length) fail(`page/console error: ${w.errors.slice(0, 3).join(' | ')}`);
      if (probe.bad.length) fail(probe.bad.slice(0, 3).join(' | '));
    };

    for (i = 0; i < ACTIONS; ++i) {
      const k = r.next();
      let desc;
      if (k < 0.30) {
        const p = spot(), b = r.chance(0.05) ? 2 : 0;
        desc = `click${b ? ' (right)' : ''} ${at(p)}`;
        ops.push(...click(p, b));
      } else if (k < 0.34) {
        const p = spot();
        desc = `double click ${at(p)}`;
        ops.push(...click(p), {t: 'frame'}, {t: 'down', ...p, n: 2}, {t: 'up', ...p, n: 2});
      } else if (k < 0.39) {
        const a = spot(), b = spot(), m = {x: (a.x + b.x) / 2, y: (a.y + b.y) / 2};
        desc = `drag ${at(a)} -> ${at(b)}`;
        ops.push({t: 'move', ...a}, {t: 'down', ...a}, {t: 'frame'}, {t: 'move', ...m}, {t: 'move', ...b}, {t: 'up', ...b});
      } else if (k < 0.47) {
        const p = spot(), dy = r.pick([-600, -120, -40, 40, 120, 600, 5000]), dx = r.chance(0.2) ? r.pick([-100, 100]) : 0;
        desc = `wheel ${dx},${dy} at ${at(p)}`;
        ops.push({t: 'move', ...p}, {t: 'wheel', ...p, dx, dy});
      } else if (k < 0.53) {
        const p = spot();
        desc = `move to ${at(p)}`;
        ops.push({t: 'move', ...p});
      } else if (k < 0.73) {
        const key = r.pick(KEYS);
        desc = `key ${key}`;
        ops.push(...keyOps(key));
      } else if (k < 0.83) {
        // Into a field: click it (fields select all on activation; sometimes Ctrl+A too), type, then Enter,
        // Tab, Escape or nothing. Text typed in the frame of a Ctrl shortcut is a shortcut, so a frame between.
        const p = spot(), text = r.pick(TEXTS), end = r.pick(['Enter', 'Tab', 'Escape', null]), all = r.chance(0.3);
        desc = `type ${JSON.stringify(text.length > 24 ? text.slice(0, 24) + '…' : text)} into ${at(p)}` +
            `${all ? ' after Ctrl+A' : ''} then ${end}`;
        ops.push(...click(p), {t: 'frame'}, ...(all ? [...keyOps('Control+A'), {t: 'frame'}] : []), ...textOps(text),
            ...(end ? keyOps(end) : []));
      } else if (k < 0.87) {
        const text = r.pick(PASTES);
        desc = `paste ${JSON.stringify(text.slice(0, 20))}${text.length > 20 ? '…' : ''}`;
        ops.push({t: 'paste', text}, ...keyOps('Control+V'));
      } else if (k < 0.87) {
        // A few real (trusted) inputs through Playwright, as a browser delivers them.
        const p = spot();
        desc = `real click ${at(p)} and real key`;
        await flush();
        await page.mouse.click(p.x, p.y);
        await page.keyboard.press(r.pick(['Tab', 'Enter', 'Escape', 'Backspace', '7', 'Control+C']));
      } else if (k < 0.88) {
        const [vw, vh] = r.pick(SIZES);
        desc = `resize ${vw}x${vh}`;
        await flush();
        await page.setViewportSize({width: vw, height: vh});
      } else if (k < 0.94) {
        const p = named(TABS);
        desc = `tab ${p ? p.what : '(none visible)'}`;
        if (p) ops.push(...click(p));
      } else if (k < 0.95) {
        const p = named(['lang_zh', 'lang_en']);
        desc = `language ${p ? p.what : '(not visible)'}`;
        if (p) ops.push(...click(p));
      } else if (k < 0.965) {
        const p = named(['cur_cny', 'cur_usd']);
        desc = `currency ${p ? p.what : '(not visible)'}`;
        if (p) ops.push(...click(p));
      } else {
        const p = spot();
        desc = `hover ${at(p)} for a tooltip`;
        ops.push({t: 'move', ...p}, {t: 'frame'});
      }
      log.push(`#${i} ${desc}`);
      if (log.length > 40) log.shift();
      if ((i + 1) % BATCH === 0 || i + 1 === ACTIONS) await flush();
      if ((i + 1) % CHECKPOINT === 0) {
        ++checkpoints;
        const shot = join(t.shots, `10-monkey-${String(checkpoints).padStart(2, '0')}.png`);
        try {
          await assertDrawn(page, `checkpoint ${checkpoints}`, shot);
        } catch (e) {
          fail(e.message);
        }
        t.log(`${i + 1} actions, ${((Date.now() - started) / 1000).toFixed(0)} s, tab ${probe.tab}, ` +
            `${probe.size.join('x')}, ${probe.frames} frames`);
      }
    }
    if (w.errors.length) fail(`page/console error: ${w.errors.slice(0, 3).join(' | ')}`);
    const s = await page.evaluate(() => window.gpuwiseTest.snapshot());
    if (!s.ready || !s.catalog.ok) fail('the page is no longer ready');
  } finally {
    await close();
  }
}
