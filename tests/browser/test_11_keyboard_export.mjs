// Issue 8: keyboard and export. Tab moves from one field to the next and Enter applies; Ctrl+C over the
// ranking copies it as tab-separated text; the CSV and Markdown buttons download the same rows.
import {readFileSync} from 'node:fs';
import {assert, click, launch, until, waitReady, watch} from './lib.mjs';

export const name = 'Tab/Enter in fields, Ctrl+C copies the table, CSV and Markdown downloads';

const lines = (text) => text.replace(/\r?\n$/, '').split(/\r?\n/);

export default async function (t) {
  const {context, close} = await launch();
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: new URL(t.url).origin});
    const page = await context.newPage();
    const w = watch(page);
    await page.goto(t.url);
    await waitReady(page);
    let s = await until(page, (x) => x.report.count > 0 && !x.pending, 'a first ranking');

    // Budget, Tab to the deadline, Enter: both apply.
    await click(page, 'budget');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('250', {delay: 15});
    await page.keyboard.press('Tab');
    await page.waitForTimeout(100);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('36h', {delay: 15});
    await page.keyboard.press('Enter');
    s = await until(page, (x) => !x.pending && x.scenario.budget === 250 && x.scenario.deadline_hours === 36,
        'Tab from the budget to the deadline, Enter to apply both');
    assert(s.report.rows.every((r) => r.cost <= 250 + 1e-6 && r.hours <= 36 + 1e-6), 'a row breaks the limits typed');
    t.log(`budget 250, deadline 36 h by keyboard: ${s.report.count} rows`);

    // Ctrl+C with the pointer over the ranking.
    const row = s.rects.row_1;
    assert(row, 'the first row should be on screen');
    await page.mouse.move(row[0] + row[2] * 0.5, row[1] + row[3] * 0.5);
    await page.waitForTimeout(100);
    await page.keyboard.press('Control+C');
    s = await until(page, (x) => /rows copied/.test(x.status), 'the "rows copied" notice');
    const copied = Number(/(\d+) rows copied/.exec(s.status)[1]);
    // What the page handed to the clipboard API (and, where the browser lets the test read it, the clipboard).
    const handed = await page.evaluate(() => window.gpuwiseTest.clipboard());
    const board = await page.evaluate(() => navigator.clipboard.readText().catch(() => null));
    if (board !== null) assert(board === handed, 'the clipboard should hold what the page copied');
    const tsv = lines(handed);
    assert(copied > 0 && tsv.length === copied + 1, `TSV should be a header and ${copied} rows, got ${tsv.length} lines`);
    assert(tsv.every((l) => l.split('\t').length === tsv[0].split('\t').length && l.includes('\t')),
        'every TSV line should have the same number of tab-separated cells');
    assert(/GPU/.test(tsv[0]), `the TSV header should name the columns: ${tsv[0]}`);
    t.log(`Ctrl+C: ${copied} rows, ${tsv[0].split('\t').length} columns${board === null ? ' (clipboard not readable here)' : ''}`);

    // Downloads.
    for (const [widget, ext, check] of [
      ['download_csv', 'csv', (text) => lines(text).length === copied + 1 && lines(text)[0].includes(',')],
      ['download_md', 'md', (text) => /^\|.*\|$/.test(lines(text)[0]) && /^\|[\s:|-]+\|$/.test(lines(text)[1]) &&
                                      lines(text).length === copied + 2],
    ]) {
      const [download] = await Promise.all([page.waitForEvent('download', {timeout: 10000}), click(page, widget)]);
      assert(download.suggestedFilename() === `gpuwise-ranking.${ext}`, `download name ${download.suggestedFilename()}`);
      const text = readFileSync(await download.path(), 'utf8');
      assert(check(text), `the ${ext} download should hold the same ${copied} rows:\n${text.slice(0, 400)}`);
    }
    assert(!w.errors.length, `console errors: ${w.errors.join(' | ')}`);
  } finally {
    await close();
  }
}
