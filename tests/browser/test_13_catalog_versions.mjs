// Issue 20 items 2 and 3: the data lives beside the page, versioned.
// 1. A link pinned to an older catalog the site keeps shows that catalog's prices, with a banner, and one
//    click shows today's; the old version, fetched once, also works offline.
// 2. A newer data deploy (scripts/build-web-data.py on the served site, no rebuild) reaches a page the
//    service worker already cached: after a reload it shows the new prices, and offline too.
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, readdirSync} from 'node:fs';
import {execFileSync} from 'node:child_process';
import {tmpdir} from 'node:os';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {startServer} from './serve.mjs';
import {assert, click, controlled, inWorkerCache, launch, until, waitReady, watch} from './lib.mjs';

export const name = 'old catalog links replay their prices; a data deploy reaches a cached page';
export const timeout = 240000;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const costs = (s) => s.report.rows.map((r) => `${r.key}=${r.cost.toFixed(4)}`).join(',');

async function stop(server) {
  server.server.closeAllConnections?.();
  await new Promise((ok) => server.server.close(ok));
}

export default async function (t) {
  const manifest = JSON.parse(readFileSync(join(t.site, 'data.json'), 'utf8'));
  const today = manifest.catalog_version;
  const older = manifest.catalogs.filter((v) => v !== today);
  assert(older.length > 0, `the site keeps no catalog older than ${today}: ${manifest.catalogs.join(', ')}`);
  const old = older[older.length - 1];
  const oldFile = JSON.parse(readFileSync(join(t.site, 'catalogs', `catalog-${old}.json`), 'utf8'));
  const oldOffers = new Set(oldFile.offers.map((o) => o.id));

  // ---- 1. a link pinned to an older catalog
  {
    const {context, close} = await launch();
    try {
      let page = await context.newPage();
      await page.goto(t.url);
      await waitReady(page);
      let s = await until(page, (x) => !x.pending && x.report.count > 0 && /(^|&)cat=/.test(x.link), 'the default link');
      assert(s.catalog.version === today, `the page runs catalog ${s.catalog.version}, data.json says ${today}`);
      const todays = costs(s);
      const todayLink = s.link;
      const pinned = s.link.replace(/(^|&)cat=[^&]*/, `$1cat=${encodeURIComponent(old)}`);
      // Pasted into the address bar of the open page (a hash change, no reload): its catalog comes in too,
      // and a link naming today's catalog puts today's back.
      await page.evaluate((h) => { location.hash = h; }, pinned);
      s = await until(page, (x) => !x.pending && x.report.count > 0 && x.catalog.version === old,
        `catalog ${old} after the pinned link is opened in the open page`);
      assert(s.catalog.today === today, `today's catalog should be kept aside: '${s.catalog.today}'`);
      const hashCosts = costs(s);
      await page.evaluate((h) => { location.hash = h; }, todayLink);
      s = await until(page, (x) => !x.pending && x.report.count > 0 && x.catalog.version === today && x.catalog.today === '',
        "today's catalog after a link naming it is opened in the open page");
      assert(costs(s) === todays, "a link naming today's catalog should rank at today's prices");
      // Opened as a link is (a new tab): the page reads the catalog version when it starts.
      await page.close();
      page = await context.newPage();
      const w = watch(page);
      await page.goto(t.url + '#' + pinned);
      await waitReady(page);
      s = await until(page, (x) => !x.pending && x.report.count > 0, 'the ranking of the pinned link');
      assert(s.catalog.version === old && s.catalog.today === today,
        `a link pinned to ${old} should show it (today ${today}): shows ${s.catalog.version}, today '${s.catalog.today}'`);
      assert(s.catalog.offers === oldFile.offers.length, `catalog ${old} has ${oldFile.offers.length} offers, the page ${s.catalog.offers}`);
      assert(s.report.rows.every((r) => oldOffers.has(r.offer)), 'every row should be an offer of the old catalog');
      assert(new RegExp(`(^|&)cat=${old.replace(/\./g, '\\.')}(&|$)`).test(s.link), `the link should stay pinned: ${s.link}`);
      assert(!s.banners?.some?.((b) => b.id === 'link_catalog'), 'no "ranking may differ" warning when the old catalog is shown');
      const pinnedCosts = costs(s);
      assert(pinnedCosts === hashCosts, 'the pinned link should rank the same opened in a new tab or in the open page');
      t.log(`pinned to ${old}: ${s.report.count} rows, top ${s.report.rows[0].key}`);
      // Offline with the old version, fetched once. The worker keeps it when the page's fetch passes through
      // it; a fetch made before it took over is made again then (web/shell.js): wait until it is cached.
      await controlled(page);
      const cached = await inWorkerCache(page, `catalogs/catalog-${old}.`);
      assert(cached, `catalog ${old}, fetched once, should be in the service worker's cache`);
      await stop(t.server);
      t.server.server.listen = () => {};
      await page.reload();
      await waitReady(page, 20000);
      s = await until(page, (x) => !x.pending && x.report.count > 0, 'the pinned link, offline');
      assert(s.catalog.version === old, `offline, the pinned link should show ${old} again, not ${s.catalog.version}`);
      const offCosts = costs(s);
      if (offCosts !== pinnedCosts) {
        const a = pinnedCosts.split(','), b = offCosts.split(',');
        const diff = a.map((x, i) => (x !== b[i] ? `${x} / ${b[i]}` : '')).filter(Boolean).slice(0, 4);
        assert(false, `offline, the pinned link should rank as online (${a.length} vs ${b.length} rows): ${diff.join('; ')}`);
      }
      // One click: the same job at today's prices (today's catalog is precached).
      await click(page, 'catalog_today');
      s = await until(page, (x) => !x.pending && x.catalog.version === today && x.catalog.today === '', "today's prices");
      assert(new RegExp(`(^|&)cat=${today.replace(/\./g, '\\.')}(&|$)`).test(s.link), `the link should name ${today}: ${s.link}`);
      assert(costs(s) === todays, "today's prices should give today's ranking for the same job");
      const errors = w.errors.filter((e) => !/Failed to load resource|ERR_CONNECTION_REFUSED|ERR_FAILED/.test(e));
      assert(!errors.length, `console errors: ${errors.join(' | ')}`);
    } finally {
      await close();
    }
  }

  // ---- 1b. a page the worker did not control when it loaded is claimed, and what it fetched is kept
  // A page that loads while the worker installs (another tab registered it) missed the clients its activation
  // claimed; a hard reload bypasses the worker too. The shell asks the worker to claim it and hands over
  // what it fetched (web/shell.js, sw.js): the older catalog it opened works offline.
  {
    const server = await startServer({dir: t.site});
    const {context, close} = await launch();
    try {
      const first = await context.newPage();
      await first.goto(server.url);
      await waitReady(first);
      await controlled(first);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setBypassServiceWorker', {bypass: true});
      const pages = () => server.requests.filter((r) => r.path === '/index.html').length;
      const pagesBefore = pages();
      await page.goto(server.url + `#v=1&cat=${encodeURIComponent(old)}`);
      assert(pages() > pagesBefore, 'the page should have loaded past the worker, from the server');
      await waitReady(page);
      let s = await until(page, (x) => !x.pending && x.report.count > 0 && x.catalog.version === old,
        `catalog ${old}, loaded past the worker`);
      const pinnedCosts = costs(s);
      await cdp.send('Network.setBypassServiceWorker', {bypass: false});
      await controlled(page);
      assert(await inWorkerCache(page, `catalogs/catalog-${old}.`),
             `catalog ${old}, fetched before the worker controlled the page, should be in its cache`);
      await first.close();
      await stop(server);
      server.server.listen = () => {};
      await page.reload();
      await waitReady(page, 20000);
      s = await until(page, (x) => !x.pending && x.report.count > 0, 'the pinned link, offline, after the claim');
      assert(s.catalog.version === old && costs(s) === pinnedCosts,
             `offline, the claimed page should show ${old} again: ${s.catalog.version}`);
    } finally {
      await close();
    }
  }

  // ---- 2. a data deploy reaches a page cached before it
  const dir = mkdtempSync(join(tmpdir(), 'gpuwise-deploy-'));
  const site = join(dir, 'site');
  cpSync(t.site, site, {recursive: true});
  const server = await startServer({dir: site});
  const {context, close} = await launch();
  try {
    const page = await context.newPage();
    await page.goto(server.url);
    await waitReady(page);
    let s = await until(page, (x) => !x.pending && x.report.count > 0, 'the first answer');
    const before = costs(s);
    await controlled(page);
    // A price update: every hourly price doubles, under a new catalog version. Only data files change.
    const data = join(dir, 'data');
    mkdirSync(data);
    for (const f of readdirSync(join(root, 'data'))) {
      if (f.endsWith('.json')) cpSync(join(root, 'data', f), join(data, f));
    }
    const cat = JSON.parse(readFileSync(join(data, 'catalog.json'), 'utf8'));
    cat.catalog_version = '2099.1.1';
    for (const o of cat.offers) {
      for (const k of Object.keys(o)) if (/_per_hour$/.test(k) && typeof o[k] === 'number') o[k] *= 2;
    }
    writeFileSync(join(data, 'catalog.json'), JSON.stringify(cat));
    const notes = JSON.parse(readFileSync(join(data, 'catalog-notes.json'), 'utf8'));
    if (notes.catalog_version) notes.catalog_version = '2099.1.1';
    writeFileSync(join(data, 'catalog-notes.json'), JSON.stringify(notes));
    const swBefore = readFileSync(join(site, 'sw.js'), 'utf8');
    execFileSync('python3', [join(root, 'scripts', 'build-web-data.py'), '--data', data, '--site', site]);
    assert(readFileSync(join(site, 'sw.js'), 'utf8') === swBefore, 'a data deploy must not need a new sw.js');
    await page.reload();
    await waitReady(page);
    s = await until(page, (x) => !x.pending && x.report.count > 0 && x.catalog.version === '2099.1.1',
      'the new catalog after a reload', 20000);
    assert(costs(s) !== before, 'doubled prices should change the answer');
    t.log(`after the data deploy: catalog ${s.catalog.version}, top ${s.report.rows[0].key} ${s.report.rows[0].cost.toFixed(2)}`);
    const after = costs(s);
    await stop(server);
    server.server.listen = () => {};
    await page.reload();
    await waitReady(page, 20000);
    s = await until(page, (x) => !x.pending && x.report.count > 0, 'the new catalog, offline');
    assert(s.catalog.version === '2099.1.1' && costs(s) === after, 'offline, the page should keep the new catalog');
  } finally {
    await close();
    rmSync(dir, {recursive: true, force: true});
  }
}
