// Issue 8: "every string is translated, so no screen mixes languages". With Chinese chosen, every text
// the app draws on each tab (read back through the hook's text capture) may hold English only as names and
// identifiers: product and provider names (capitalised), units and acronyms, ids with digits or
// punctuation (us-east-1, g4dn.xlarge, nvidia-smi). A lowercase English word is a sentence or label that
// was not translated, and fails the test.
import {readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {assert, click, clickUntil, launch, pasteInto, until, waitReady} from './lib.mjs';

export const name = 'Chinese screens carry no untranslated English words, English screens no Chinese';

const here = dirname(fileURLToPath(import.meta.url));
const SMI = readFileSync(join(here, '..', 'data', 'nvidia-smi', 'a100-healthy-q.txt'), 'utf8');

// Lowercase words that are names in Chinese text too: plain-string region codes and instance types of the
// catalog (read from the bundled data, so the list follows the catalog) and a few fixed terms.
function allowed() {
  const c = JSON.parse(readFileSync(join(here, '..', '..', 'data', 'catalog.json'), 'utf8'));
  // gpuwise: our name. autocast: the PyTorch API that mixed precision is named after. The rest: the
  // command the checker tells a reader to run (python -c "import torch; print(torch.version.cuda)").
  // Terms Chinese ML writing keeps in English: token, batch, checkpoint(ing), gradient, logits, root, sudo.
  const words = new Set(['gpuwise', 'nvidia', 'smi', 'cuda', 'autocast', 'python', 'import', 'torch', 'print',
                         'token', 'tokens', 'batch', 'checkpoint', 'checkpointing', 'gradient', 'logits', 'root', 'sudo']);
  for (const o of c.offers)
    for (const v of [o.region, o.instance_type])
      if (typeof v === 'string') for (const w of v.toLowerCase().match(/[a-z]+/g) || []) words.add(w);
  return words;
}

// Chunks of Latin text; one with a digit or . _ - / is an identifier, a number or a unit expression.
// Lines quoted from what the reader pasted (the checker's evidence) are theirs, not ours: skipped.
function englishWords(text, ok, pasted = '') {
  const found = new Map();
  for (const line of text.split('\n')) {
    if (pasted && line.trim().length > 8 && pasted.includes(line.trim().replace(/ {2,}/g, ' ').slice(0, 40))) continue;
    // A command line the page shows to be run (the checker's "what to paste") is typed as is.
    if (/^\s*(\$ )?nvidia-smi\b/.test(line)) continue;
    // A quoted error message or a command (in '', "" or ``) is what the reader will see or type: as is.
    const ours = line.replace(/'[^']*'|"[^"]*"|`[^`]*`/g, ' ');
    for (const chunk of ours.match(/[A-Za-z0-9._\-/+]+/g) || []) {
      if (/[0-9._\-/+]/.test(chunk) || !/^[a-z]{3,}$/.test(chunk) || ok.has(chunk)) continue;
      if (!found.has(chunk)) found.set(chunk, line.trim().slice(0, 120));
    }
  }
  return found;
}

export default async function (t) {
  const {context, close} = await launch({locale: 'zh-CN'});
  const ok = allowed();
  const problems = [];
  try {
    const page = await context.newPage();
    await page.goto(t.url);
    await waitReady(page);
    await until(page, (x) => x.lang === 'zh' && x.cjk_font === 'ready' && x.report.count > 0 && !x.pending,
        'a Chinese page with a ranking', 20000);
    const check = async (screen, pasted = '') => {
      // The pointer off the widgets: a tooltip is a window of its own and would end ImGui's log early.
      await page.mouse.move(2, 2);
      await page.waitForTimeout(150);
      const text = await page.evaluate(() => window.gpuwiseTest.text());
      assert(text.length > 50, `${screen}: the capture should hold the screen's text (got ${text.length} chars)`);
      for (const [word, line] of englishWords(text, ok, pasted)) problems.push(`${screen}: "${word}" in "${line}"`);
      return text;
    };

    await click(page, 'row_1');
    await until(page, (x) => x.report.expanded.length === 1, 'the first row to open');
    await check('recommendation, first row open');
    await clickUntil(page, 'tab_catalog', (x) => x.tab === 'catalog', 'the catalog tab');
    await check('catalog: GPUs');
    await click(page, 'cat_offers');
    await until(page, (x) => x.offer_table.count > 0, 'the offers table');
    await check('catalog: offers');
    await clickUntil(page, 'tab_guide', (x) => x.tab === 'guide', 'the guide tab');
    await until(page, (x) => x.catalog.guide === 'ready', 'the guide');
    await check('guide');
    await clickUntil(page, 'tab_calculators', (x) => x.tab === 'calculators', 'the calculators tab');
    await check('calculators');
    await clickUntil(page, 'tab_diagnose', (x) => x.tab === 'diagnose', 'the checker tab');
    await pasteInto(page, 'diag_text', SMI);
    await click(page, 'diag_check');
    await until(page, (x) => x.diagnose.has_report, 'a checker report');
    await check('instance check, with a report', SMI.replace(/ {2,}/g, ' '));

    // And the other way: English screens carry no Chinese (their font has no CJK glyphs but the
    // language switch's 中文), apart from what the reader pasted.
    await click(page, 'lang_en');
    await until(page, (x) => x.lang === 'en', 'English');
    for (const [tab, screen] of [['tab_diagnose', 'instance check'], ['tab_recommend', 'recommendation'],
                                 ['tab_catalog', 'catalog: offers'], ['tab_calculators', 'calculators']]) {
      await clickUntil(page, tab, (x) => 'tab_' + x.tab === tab, screen);
      await page.mouse.move(2, 2);
      await page.waitForTimeout(150);
      const text = await page.evaluate(() => window.gpuwiseTest.text());
      assert(text.length > 50 && text.includes('中文'), `${screen} (English): the capture should hold the screen's text`);
      for (const line of text.split('\n')) {
        const rest = line.replace('[ 中文 ]', '');
        if (/[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/.test(rest)) problems.push(`${screen} (English): "${line.trim().slice(0, 120)}"`);
      }
    }
  } finally {
    await close();
  }
  t.log(`${problems.length} untranslated words`);
  assert(!problems.length, `English words on Chinese screens:\n  ${problems.slice(0, 200).join('\n  ')}`);
}
