// Issue 18 item 1: serving mode. A share link that serves Llama-2 7B to 20 users for two weeks under vLLM
// ranks offers by the period's bill; every row carries its tokens/s per user, time to first token, cost a
// day and cost per million output tokens; the pick's sentence and the opened row say them, in English and
// Chinese; the serving fields are in the job form (inference mode only).
import {join} from 'node:path';
import {assert, click, launch, scrollJobPanelTo, until, waitReady, watch} from './lib.mjs';

export const name = 'Serving mode from a link: per-user speed, first token, cost a day and per 1M tokens';

const LINK = '#preset=llama2-7b-fp16&rt=vllm&users=20&otok=256&sfor=14d';

async function screenText(page) {
  await page.mouse.move(2, 2);
  await page.waitForTimeout(200);
  return page.evaluate(() => window.gpuwiseTest.text());
}

async function check(t, look, lang) {
  const {context, close} = await launch(look);
  try {
    const page = await context.newPage();
    const w = watch(page);
    await page.goto(t.url + LINK);
    await waitReady(page);
    const s = await until(page, (x) => x.report.count > 0 && !x.pending, 'a serving ranking');
    const rows = s.report.rows;
    assert(rows.every((r) => r.serve && r.pricing === 'on-demand'),
        `every row should be on demand with serving numbers: ${JSON.stringify(rows.slice(0, 2))}`);
    for (const r of rows.slice(0, 5)) {
      const v = r.serve;
      assert(v.user_tps > 0 && v.aggregate_tps >= v.user_tps && v.ttft_s > 0 && v.cost_per_day > 0 &&
          v.cost_per_mtok > 0 && v.max_users >= 20, `row ${r.offer}: serving numbers ${JSON.stringify(v)}`);
    }
    const summary = s.report.summary;
    assert(lang === 'zh' ? /同时服务 20 个用户：每人 [0-9.]+ token\/s/.test(summary)
                         : /Serving 20 users at once: [0-9.]+ tokens\/s each/.test(summary),
        `the pick's sentence should give the serving numbers: ${summary}`);
    // The serving fields are in the job form.
    await scrollJobPanelTo(page, 'users', 'the concurrent users field');
    const text0 = await screenText(page);
    assert(text0.includes(lang === 'zh' ? '并发用户数' : 'Concurrent users'), 'the form should show the users field');
    // The opened pick explains its first token and its cost.
    await click(page, 'row_1');
    await until(page, (x) => x.report.expanded.length === 1, 'the first row to open');
    const text = await screenText(page);
    assert(text.includes(lang === 'zh' ? '首 token' : 'first token'), 'the opened row should give the time to first token');
    if (lang === 'en') assert(!/[\u3400-\u9fff]/.test(text.split('\n').filter((l) => /Serving/.test(l)).join('\n')),
        'English serving lines must not carry Chinese characters');
    await page.screenshot({path: join(t.shots, `18-serve-${lang}.png`)});
    assert(!w.errors.length, `console errors: ${w.errors.join(' | ')}`);
  } finally {
    await close();
  }
}

export default async function (t) {
  await check(t, {}, 'en');
  await check(t, {locale: 'zh-CN'}, 'zh');
}
