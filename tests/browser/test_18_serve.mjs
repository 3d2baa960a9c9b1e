// Issue 18 item 1: serving mode. A share link that serves Llama-2 7B to 20 users for two weeks under vLLM
// ranks offers by the period's bill. The table has a service's columns (tokens/s each, first token p50/p95,
// users held, cost a day, per 1M tokens, the period), not a batch job's "done in"; the pick's line speaks of
// the period, the idle policy and the latency; the plot is cost a day against tokens/s per user; the idle
// policy is a choice in words in both languages and its off-hours show only when it stops the service. At a
// 390 px phone the service's key columns stay. An MD preset shows ns/day in its rows and its pick's line.
import {join} from 'node:path';
import {assert, click, launch, scrollJobPanelTo, until, waitReady, watch} from './lib.mjs';

export const name = 'Serving mode: service columns, p95 first token, idle policy in words, serving plot, MD ns/day';

const LINK = '#preset=llama2-7b-fp16&rt=vllm&users=20&otok=256&sfor=14d';

const WORDS = {
  en: {
    headers: ['Tok/s each', 'First token p50/p95, s', 'Users held', 'Per day', 'Per 1M tok', 'Period'],
    batch: ['Done in', 'Pricing'],
    plot: 'Cost a day against tokens/s per user',
    always: 'Always on (24 h a day)',
    summary: /for 14 days, always on\. Serving 20 users at once: [0-9.]+ tokens\/s each, first token in [0-9.]+ s \(p95 [0-9.]+ s\)/,
    night: /for 14 days, stopped 8 h a night \(16\.0 h a day billed\)/,
    headline: /a day · .* for 14\.0 d · first token [0-9.]+ s \(p95 [0-9.]+\)/,
    md: 'ns/day',
  },
  zh: {
    headers: ['每人 tok/s', '首 token p50/p95（秒）', '可容纳用户', '每天', '每百万 token', '整个期间'],
    batch: ['用时', '计费'],
    plot: '每天费用与每用户 token/s',
    always: '全天在线（24 小时）',
    summary: /在线 14 天，全天在线。同时服务 20 个用户：每人 [0-9.]+ token\/s，首 token [0-9.]+ 秒（p95 [0-9.]+ 秒）/,
    night: /在线 14 天，每晚停机 8 小时（每天计费 16\.0 小时）/,
    headline: /每天 .* · 14\.0 天共 .* · 首 token [0-9.]+ 秒（p95 [0-9.]+）/,
    md: 'ns/天',
  },
};

async function screenText(page) {
  await page.mouse.move(2, 2);
  await page.waitForTimeout(200);
  return page.evaluate(() => window.gpuwiseTest.text());
}

async function ranking(page, lang, what) {
  return until(page, (x) => x.report.count > 0 && !x.pending && (lang === 'en' || x.lang === 'zh'), what, 20000);
}

async function check(t, look, lang) {
  const W = WORDS[lang];
  const {context, close} = await launch(look);
  try {
    const page = await context.newPage();
    const w = watch(page);
    await page.goto(t.url + LINK);
    await waitReady(page);
    let s = await ranking(page, lang, 'a serving ranking');
    assert(s.report.kind === 'serve', `the report should be a service's: ${s.report.kind}`);
    const rows = s.report.rows;
    assert(rows.every((r) => r.serve && r.pricing === 'on-demand'),
        `every row should be on demand with serving numbers: ${JSON.stringify(rows.slice(0, 2))}`);
    for (const r of rows.slice(0, 5)) {
      const v = r.serve;
      assert(v.user_tps > 0 && v.aggregate_tps >= v.user_tps && v.ttft_s > 0 && v.cost_per_day > 0 &&
          v.cost_per_mtok > 0 && v.max_users >= 20, `row ${r.offer}: serving numbers ${JSON.stringify(v)}`);
      assert(v.ttft_p95_s > v.ttft_s, `row ${r.offer}: the p95 first token should lie above the p50: ${JSON.stringify(v)}`);
    }
    const summary = s.report.summary;
    assert(W.summary.test(summary), `the pick's sentence should speak of the service: ${summary}`);
    assert(!/in total|总价/.test(summary), `a service's summary should not read as a job's total: ${summary}`);
    // The service's columns, by name and on screen, in this language; none of the batch job's.
    for (const k of ['user_tps', 'ttft', 'max_users', 'per_day', 'per_mtok', 'period'])
      assert(s.rects[`res_col_${k}`], `the ${k} column should be on screen at 1280 px`);
    assert(!s.rects.res_col_done && !s.rects.res_col_pricing, 'a service has no "done in" or pricing column');
    let text = await screenText(page);
    for (const h of W.headers) assert(text.includes(h), `the header "${h}" should be drawn`);
    for (const h of W.batch) assert(!text.split('\n').some((l) => l.trim() === h), `the batch header "${h}" should be gone`);
    assert(W.headline.test(text), `the pick's headline should give a day, the period and the first token:\n${text.slice(0, 600)}`);
    assert(text.includes(W.plot), `the plot should be "${W.plot}"`);
    if (lang === 'zh') assert(!/\balways\b|\bnight\b/.test(text), 'no untranslated idle-policy word in Chinese');
    // The serving fields: the idle policy in words; no off-hours while always on.
    await scrollJobPanelTo(page, 'sidle', 'the idle policy');
    text = await screenText(page);
    assert(text.includes(lang === 'zh' ? '并发用户数' : 'Concurrent users'), 'the form should show the users field');
    assert(text.includes(W.always), `the idle policy should read "${W.always}"`);
    s = await page.evaluate(() => window.gpuwiseTest.snapshot());
    assert(!s.rects.soff, 'the off-hours field should be hidden while the service is always on');
    assert(!s.rects.ibatch && !s.rects.tokens, 'a service sets its own batch and tokens: no such fields');
    // The opened pick explains its first token, p95 included.
    await click(page, 'row_1');
    await until(page, (x) => x.report.expanded.length === 1, 'the first row to open');
    text = await screenText(page);
    assert(text.includes(lang === 'zh' ? '首 token' : 'first token'), 'the opened row should give the time to first token');
    if (lang === 'en') assert(!/[\u3400-\u9fff]/.test(text.split('\n').filter((l) => /Serving/.test(l)).join('\n')),
        'English serving lines must not carry Chinese characters');
    await page.screenshot({path: join(t.shots, `18-serve-${lang}.png`)});
    const missing = await page.evaluate(() => window.gpuwiseTest.snapshot().missing_glyphs || []);
    assert(!missing.length, `glyphs missing from the font: ${missing.join(' ')}`);
    assert(!w.errors.length, `console errors: ${w.errors.join(' | ')}`);
  } finally {
    await close();
  }
}

// Stopped at night: the off-hours field appears and the sentence says the billed hours.
async function checkNight(t, look, lang) {
  const {context, close} = await launch(look);
  try {
    const page = await context.newPage();
    await page.goto(t.url + LINK + '&sidle=night&soff=8');
    await waitReady(page);
    const s = await ranking(page, lang, 'a night-stopped service');
    assert(WORDS[lang].night.test(s.report.summary), `the sentence should say the nightly stop: ${s.report.summary}`);
    await scrollJobPanelTo(page, 'soff', 'the off-hours field');
  } finally {
    await close();
  }
}

// A 390 px phone: the service's key columns stay (the rest is in the opened row).
async function checkPhone(t, locale, lang) {
  const {context, close} = await launch({viewport: {width: 390, height: 844}, dpr: 2, locale});
  try {
    const page = await context.newPage();
    await page.goto(t.url + LINK);
    await waitReady(page);
    const s = await ranking(page, lang, `a serving ranking at 390 px (${lang})`);
    if (s.rects.res_col_gpu)
      for (const k of ['user_tps', 'ttft', 'per_day'])
        assert(s.rects[`res_col_${k}`], `the ${k} column should stay at 390 px`);
    await page.screenshot({path: join(t.shots, `18-serve-390-${lang}.png`)});
  } finally {
    await close();
  }
}

// Molecular dynamics: ns/day per row and in the pick's line.
async function checkMd(t, look, lang) {
  const {context, close} = await launch(look);
  try {
    const page = await context.newPage();
    await page.goto(t.url + '#preset=md-mixed-100k');
    await waitReady(page);
    const s = await ranking(page, lang, 'an MD ranking');
    assert(s.report.kind === 'md', `the report should be an MD job's: ${s.report.kind}`);
    assert(s.report.rows.slice(0, 5).every((r) => r.ns_per_day > 0), `rows should carry ns/day: ${JSON.stringify(s.report.rows.slice(0, 2))}`);
    assert(s.rects.res_col_ns_day, 'the ns/day column should be on screen');
    const text = await screenText(page);
    const pick = s.report.rows[0].ns_per_day;
    const m = text.match(new RegExp(`· ([0-9.]+) ${WORDS[lang].md.replace('/', '\\/')}`));
    assert(m && Math.abs(parseFloat(m[1]) - pick) <= 0.06 * pick,
        `the pick's line should give its ${pick.toFixed(1)} ${WORDS[lang].md}: ${m && m[0]}`);
    await page.screenshot({path: join(t.shots, `18-md-${lang}.png`)});
  } finally {
    await close();
  }
}

export default async function (t) {
  await check(t, {}, 'en');
  await check(t, {locale: 'zh-CN'}, 'zh');
  await checkNight(t, {}, 'en');
  await checkNight(t, {locale: 'zh-CN'}, 'zh');
  await checkPhone(t, 'en-US', 'en');
  await checkPhone(t, 'zh-CN', 'zh');
  await checkMd(t, {}, 'en');
  await checkMd(t, {locale: 'zh-CN'}, 'zh');
}
