// Issue 8: pick a preset with the searchable picker, then change budget and deadline: the ranking
// follows (read through the hook), and every row respects the limits.
import {join} from 'node:path';
import {assert, click, launch, snapshot, typeInto, until, waitReady, watch} from './lib.mjs';

export const name = 'preset, budget and deadline change the ranking';

const keys = (s) => s.report.rows.map((r) => r.key).join(',');

export default async function (t) {
  const {context, close} = await launch();
  try {
    const page = await context.newPage();
    const w = watch(page);
    await page.goto(t.url);
    let s = await waitReady(page);
    assert(s.tab === 'recommend', `the first tab should be the recommendation, got ${s.tab}`);
    s = await until(page, (x) => x.report.count > 0, 'a first ranking');
    t.log(`default: ${s.scenario.preset}, ${s.report.count} rows, pick ${s.report.rows[0].key}, engine ${s.engine_ms.toFixed(0)} ms`);

    // The picker: open, search, Enter picks the first match.
    await click(page, 'preset_combo');
    await until(page, (x) => x.rects.preset_search, 'the preset search field');
    await page.keyboard.type('bert base fine', {delay: 15});
    await page.keyboard.press('Enter');
    s = await until(page, (x) => !x.pending && x.scenario.preset === 'bert-base-finetune' && x.report.count > 0, 'preset bert-base-finetune');
    const base = s;
    t.log(`bert-base-finetune: ${s.report.count} rows; pick ${s.report.rows[0].key} ${s.report.rows[0].cost.toFixed(2)} ${s.report.currency}`);

    // Budget: below the current pick's cost but above the cheapest row, so some rows must go.
    const costs = base.report.rows.map((r) => r.cost).sort((a, b) => a - b);
    const budget = Math.max(costs[0] * 1.05, costs[Math.floor(costs.length / 3)]);
    await typeInto(page, 'budget', budget.toFixed(2));
    s = await until(page, (x) => !x.pending && x.scenario.budget !== null && Math.abs(x.scenario.budget - Number(budget.toFixed(2))) < 0.01,
        'the budget to apply');
    assert(s.report.rows.every((r) => r.cost <= s.scenario.budget + 1e-6), 'a row costs more than the budget');
    assert(s.report.count < base.report.count, `the budget should drop rows (${s.report.count} vs ${base.report.count})`);
    t.log(`budget ${s.scenario.budget}: ${s.report.count} rows`);

    // Deadline: tighter than the slowest remaining row.
    const times = s.report.rows.map((r) => r.hours).sort((a, b) => a - b);
    const deadline = times[Math.floor(times.length / 2)];
    await typeInto(page, 'deadline', `${deadline.toFixed(2)}h`);
    s = await until(page, (x) => !x.pending && x.scenario.deadline_hours !== null, 'the deadline to apply');
    assert(s.report.rows.every((r) => r.hours <= s.scenario.deadline_hours + 1e-6), 'a row finishes after the deadline');
    assert(keys(s) !== keys(base), 'budget and deadline should change the ranking');

    // Goal: fastest puts the quickest first.
    await click(page, 'goal_1');
    s = await until(page, (x) => !x.pending && x.scenario.goal === 'fastest', 'goal fastest');
    // Rows whose memory is tight rank after the others (an out-of-memory crash wastes the money).
    const tier = s.report.rows[0].tight;
    const fastest = Math.min(...s.report.rows.filter((r) => r.tight === tier).map((r) => r.hours));
    const quickest = s.report.rows.find((r) => r.tight === tier && r.hours === fastest);
    assert(Math.abs(s.report.rows[0].hours - fastest) < 1e-6 * Math.max(1, fastest),
        `fastest goal: the pick ${JSON.stringify(s.report.rows[0])} vs the quickest ${JSON.stringify(quickest)}`);

    // A typed garbage value keeps the old budget and says why; a huge one is clamped.
    await typeInto(page, 'budget', 'lots');
    const after = await until(page, (x) => !x.pending, 'the engine to settle');
    assert(after.scenario.budget === s.scenario.budget, 'garbage in the budget field must keep the old budget');
    await typeInto(page, 'budget', '1e300');
    s = await until(page, (x) => !x.pending && x.scenario.budget === 1e9, 'a huge budget to be clamped to 1e9');

    // A row opens in place.
    await click(page, 'row_1');
    s = await until(page, (x) => x.report.expanded.length === 1, 'the first row to open');
    await page.screenshot({path: join(t.shots, '02-recommend-en.png')});
    assert(!w.errors.length, `console errors: ${w.errors.join(' | ')}`);
  } finally {
    await close();
  }
}
