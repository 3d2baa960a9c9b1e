// Issue 16 item 5: the user's own catalog in the page, as the CLI's --catalog.
// Export the catalog in use (copy and download), edit one price so that its offer ranks first, import it:
// the ranking follows, the header marks the user's catalog and warns that it is old, and a reload keeps it.
// A hostile import lists its problems by JSON path and leaves the catalog as it was. An edited price is
// exported with the day of the edit. Back to the bundled catalog, which a reload keeps too.
// Screenshots: the import view in English (with problems), in Chinese, and on a 390 px phone.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {assert, click, clickUntil, eachLook, launch, pasteReal, settle, snapshot, typeInto, until, waitReady, watch} from './lib.mjs';

export const name = 'catalog import/export: an edited catalog ranks, survives a reload; a hostile one is refused';
export const timeout = 300000;

// The text on screen. The mouse moves off the buttons first: a tooltip open during the capture ends ImGui's
// log early (its End() calls LogFinish), and the hook then returns nothing.
async function screenText(page) {
  await page.mouse.move(2, 2);
  await page.waitForTimeout(100);
  return page.evaluate(() => window.gpuwiseTest.text());
}

async function openImport(page) {
  await clickUntil(page, 'tab_catalog', (x) => x.tab === 'catalog', 'the catalog tab');
  await clickUntil(page, 'cat_io', (x) => x.rects && x.rects.catalog_import_text, 'the import view');
}

// The catalog in use, through the page's own Copy JSON (once the citations are in: a complete catalog).
async function exportCopy(page) {
  await until(page, (x) => x.catalog.notes === 'ready', 'the sources and notes', 20000);
  await clickUntil(page, 'catalog_export_copy', (x) => /^Copied the catalog/.test(x.catalog_io.status), 'the copy');
  return JSON.parse(await page.evaluate(() => window.gpuwiseTest.clipboard()));
}

async function importPasted(page, json) {
  const text = typeof json === 'string' ? json : JSON.stringify(json, null, 1);
  await click(page, 'catalog_import_clear');
  await pasteReal(page, 'catalog_import_text', text);  // the page's Copy JSON filled the clipboard
  await until(page, (x) => x.catalog_io.paste_chars > 0, 'the pasted text in the box');
  await click(page, 'catalog_import');
  await page.waitForTimeout(300);
  return snapshot(page);
}

export default async function (t) {
  const {context, close} = await launch();
  let edited, chosen, bundled;
  try {
    const page = await context.newPage();
    const w = watch(page);
    await page.goto(t.url);
    await waitReady(page);
    let s = await until(page, (x) => !x.pending && x.report.count > 2, 'a ranking');
    bundled = s.catalog.version;
    assert(!s.catalog_io.user, 'a fresh page runs the bundled catalog');
    assert(/^\d{4}-\d\d-\d\d$/.test(s.catalog_io.today), `the platform's date: '${s.catalog_io.today}'`);
    let shown = await screenText(page);
    assert(shown.includes(`Catalog ${bundled}, prices as of ${s.catalog.date}`), `the header should show the catalog version and date:\n${shown.slice(0, 600)}`);
    assert(s.catalog_io.age_months <= 6 || /months old/.test(shown), 'an old bundled catalog must be warned about');

    // ---- export, both ways
    await openImport(page);
    const exported = await exportCopy(page);
    assert(exported.catalog_version === bundled && exported.offers.length === s.catalog.offers && !exported.notes_file,
      `the export should be the complete catalog ${bundled}: version ${exported.catalog_version}, ${exported.offers.length} offers`);
    assert(exported.offers.every((o) => o.source && o.price_date), 'every exported offer has its source and date');
    const [download] = await Promise.all([page.waitForEvent('download'), click(page, 'catalog_export_download')]);
    assert(/^gpuwise-catalog-.*\.json$/.test(download.suggestedFilename()), `download name ${download.suggestedFilename()}`);
    const downloaded = JSON.parse(readFileSync(await download.path(), 'utf8'));
    assert(JSON.stringify(downloaded) === JSON.stringify(exported), 'the download and the copy should be the same catalog');

    // ---- one price cut so that a lower-ranked offer comes first; an old catalog date
    s = await snapshot(page);
    const top = s.report.rows[0];
    // The best-ranked other offer: its bill is near the top's, so with its hourly price cut a thousandfold
    // it is the cheapest whatever its fixed costs.
    chosen = s.report.rows.find((r) => r.offer !== top.offer).offer;
    edited = JSON.parse(JSON.stringify(exported));
    edited.catalog_version = `${bundled}-lab`;
    edited.catalog_date = '2025-11-01';
    const o = edited.offers.find((x) => x.id === chosen);
    o.on_demand_per_hour = +(o.on_demand_per_hour / 1000).toPrecision(3);
    if (typeof o.spot_per_hour === 'number') o.spot_per_hour = o.on_demand_per_hour;
    delete o.on_demand_low_per_hour;
    delete o.on_demand_high_per_hour;
    for (const k of o.packages || []) k.price = +(k.price / 1000).toPrecision(3);
    o.price_date = '2025-11-01';
    t.log(`cutting ${chosen} to ${o.on_demand_per_hour} ${o.currency}/h (top was ${top.offer})`);
    s = await importPasted(page, edited);
    s = await until(page, (x) => !x.pending && x.catalog_io.user && x.catalog.version === edited.catalog_version,
      'the imported catalog in use');
    assert(!s.catalog_io.problems.length, `a valid catalog has no problems: ${JSON.stringify(s.catalog_io.problems)}`);
    assert(s.report.rows[0].offer === chosen, `the cut price should rank first: top is ${s.report.rows[0].offer}, not ${chosen}`);
    assert(s.report.rows[0].cost < top.cost, 'and cost less than the old top');
    assert(/(^|&)cat=[^&]*lab/.test(s.link), `the link names the catalog in use: ${s.link}`);
    shown = await screenText(page);
    assert(/Your catalog/.test(shown), 'the header marks the user catalog');
    assert(/This catalog is \d+ months old/.test(shown), `a catalog dated 2025-11-01 should be warned about:\n${shown.slice(0, 800)}`);
    assert(s.catalog_io.age_months > 6, `age ${s.catalog_io.age_months}`);
    const kept = await page.evaluate(() => localStorage.getItem('gpuwise.user_catalog'));
    assert(kept && JSON.parse(kept).catalog_version === edited.catalog_version, 'the import is kept in localStorage');
    await settle(page);
    await page.screenshot({path: join(t.shots, '15-imported.png')});

    // ---- a reload keeps it
    await page.reload();
    await waitReady(page);
    s = await until(page, (x) => !x.pending && x.report.count > 0, 'the ranking after a reload');
    assert(s.catalog_io.user && s.catalog.version === edited.catalog_version, `after a reload the user catalog stays: ${s.catalog.version}`);
    assert(s.report.rows[0].offer === chosen, `after a reload ${chosen} still ranks first (top: ${s.report.rows[0].offer})`);

    // ---- hostile imports: listed by path, nothing changes
    await openImport(page);
    const hostile = JSON.parse(JSON.stringify(edited));
    hostile.catalog_version = 'evil';
    hostile.offers[0].on_demand_per_hour = -5;
    hostile.offers[1].gpu = 'no-such-gpu';
    delete hostile.offers[2].source;
    hostile.offers[3].surprise = '<script>alert(1)</script>';
    s = await importPasted(page, hostile);
    s = await until(page, (x) => x.catalog_io.problems.length > 0, 'the problems of the hostile catalog');
    const paths = s.catalog_io.problems.map((p) => p.path);
    for (const want of ['/offers/0/on_demand_per_hour', '/offers/1/gpu', '/offers/3/surprise'])
      assert(paths.some((p) => p.startsWith(want)), `problem at ${want} should be listed: ${paths.join(', ')}`);
    assert(s.catalog.version === edited.catalog_version && s.catalog_io.user, `the catalog must stay: ${s.catalog.version}`);
    assert(s.report.rows[0].offer === chosen, 'the ranking must stay');
    shown = await screenText(page);
    assert(shown.includes('/offers/0/on_demand_per_hour') && /Not imported/.test(shown), 'the problems are on screen by path');
    assert((await page.evaluate(() => localStorage.getItem('gpuwise.user_catalog'))) === kept, 'storage keeps the good catalog');
    await settle(page);
    await page.screenshot({path: join(t.shots, '15-hostile.png')});
    for (const junk of ['{not json', '[]', '"x"'.repeat(3), JSON.stringify({...edited, offers: 'none'})]) {
      s = await importPasted(page, junk);
      s = await until(page, (x) => x.catalog_io.status_bad && x.catalog_io.problems.length > 0, `the problems of ${junk.slice(0, 20)}`);
      assert(s.catalog.version === edited.catalog_version, 'junk leaves the catalog');
    }

    // ---- an edited price carries the user's date, in the page and in the export
    await click(page, 'cat_offers');
    await until(page, (x) => x.offer_table.count > 0, 'the offers table');
    await click(page, 'offer_filter');
    await page.keyboard.type(top.offer, {delay: 5});
    await until(page, (x) => x.offer_table.rows[0] === top.offer, `offer ${top.offer} in view`);
    await typeInto(page, 'price_' + top.offer, '0.0001');
    s = await until(page, (x) => !x.pending && x.scenario.price_overrides[top.offer] === 0.0001, 'the price edit');
    assert(s.catalog_io.edit_dates[top.offer] === s.catalog_io.today, `the edit is dated today: ${JSON.stringify(s.catalog_io.edit_dates)}`);
    await click(page, 'cat_io');
    const withEdit = await exportCopy(page);
    const eo = withEdit.offers.find((x) => x.id === top.offer);
    assert(eo.on_demand_per_hour === 0.0001 && eo.price_date === s.catalog_io.today && /^Edited by the user on /.test(eo.source),
      `the exported edit carries the user's date: ${JSON.stringify({p: eo.on_demand_per_hour, d: eo.price_date, s: eo.source})}`);
    await page.reload();
    await waitReady(page);
    s = await until(page, (x) => !x.pending && x.report.count > 0, 'the ranking after a reload');
    assert(s.catalog_io.edit_dates[top.offer] === s.catalog_io.today, 'the edit keeps its date over a reload');

    // ---- back to the bundled catalog, which a reload keeps
    await openImport(page);
    await clickUntil(page, 'catalog_bundled', (x) => !x.catalog_io.user && x.catalog.version === bundled, 'the bundled catalog');
    assert(!(await page.evaluate(() => localStorage.getItem('gpuwise.user_catalog'))), 'the user catalog leaves storage');
    await page.reload();
    await waitReady(page);
    s = await until(page, (x) => !x.pending && x.report.count > 0, 'the ranking after a reload');
    assert(!s.catalog_io.user && s.catalog.version === bundled, 'the bundled catalog after a reload');
    assert(!w.errors.length, `console errors: ${w.errors.join(' | ')}`);
  } finally {
    await close();
  }
  await fromFile(t, edited, chosen);
  await screens(t, edited);
}

// The same catalog from a file, through the browser's file chooser.
async function fromFile(t, edited, chosen) {
  const {context, close} = await launch();
  try {
    const page = await context.newPage();
    await page.goto(t.url);
    await waitReady(page);
    await openImport(page);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), click(page, 'catalog_open_file')]);
    await chooser.setFiles({name: 'lab-catalog.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(edited))});
    const s = await until(page, (x) => !x.pending && x.catalog_io.user && x.catalog.version === edited.catalog_version,
      'the catalog from a file');
    assert(s.catalog_io.from === 'lab-catalog.json', `the file's name is kept: ${s.catalog_io.from}`);
    assert(s.report.rows[0].offer === chosen, 'the file ranks the same');
  } finally {
    await close();
  }
}

// What a user sees: the import view with a problem list in Chinese, and on a phone in both languages.
async function screens(t, edited) {
  const bad = JSON.parse(JSON.stringify(edited));
  bad.offers[0].on_demand_per_hour = -5;
  await eachLook(t, async (page, tag) => {
    await openImport(page);
    await importPasted(page, edited);
    await until(page, (x) => !x.pending && x.catalog_io.user, 'the import');
    await importPasted(page, bad);
    const s = await until(page, (x) => x.catalog_io.problems.length > 0, 'the problems');
    assert(!s.missing_glyphs.length, `${tag}: glyphs missing from the font: ${s.missing_glyphs.join('')}`);
    await settle(page);
    await page.screenshot({path: join(t.shots, `15-import-${tag}.png`)});
  });
}
