// Issue 15: name the model, not its shape. The job panel's model picker fetches the model library on first
// use (not at load), finds "qwen 72" and "通义 7B", and picking a model re-ranks for it; the share link
// carries model= and only the changed fields, and opening it waits for the library. A library that cannot be
// fetched is said (never a wrong job), a pasted config.json fills the fields or names its problems.
import {join} from 'node:path';
import {assert, click, clickUntil, launch, pasteInto, settle, typeInto, until, waitReady, watch} from './lib.mjs';

export const name = 'model picker, config.json import and model links';
export const timeout = 240000;

const keys = (s) => s.report.rows.slice(0, 5).map((r) => r.key).join(',');
const ranking = (s) => s.report.rows.map((r) => `${r.key}=${r.cost.toFixed(6)}/${r.hours.toFixed(6)}`).join(',');
const fetchedModels = (w) => w.requests.filter((u) => /\/models-[0-9a-f]{10}\.json(\.lzma)?$/.test(u));

const LLAMA_CONFIG = JSON.stringify({
  architectures: ['LlamaForCausalLM'], model_type: 'llama', hidden_size: 4096, intermediate_size: 14336,
  num_hidden_layers: 32, num_attention_heads: 32, num_key_value_heads: 8, vocab_size: 128256,
  max_position_embeddings: 8192, tie_word_embeddings: false, torch_dtype: 'bfloat16',
});

export default async function (t) {
  let link, expected;
  {
    const {context, close} = await launch();
    try {
      const page = await context.newPage();
      const w = watch(page);
      await page.goto(t.url);
      await waitReady(page);
      let s = await until(page, (x) => !x.pending && x.report.count > 0, 'a first ranking');
      assert(s.models.state === 'not loaded', `the library must not load with the page: ${s.models.state}`);
      assert(!fetchedModels(w).length, `models.json fetched at first load: ${fetchedModels(w)}`);

      // The task: LoRA fine-tuning of a 7B model.
      await click(page, 'preset_combo');
      await until(page, (x) => x.rects.preset_search, 'the preset search field');
      await page.keyboard.type('lora 7b', {delay: 15});
      await page.keyboard.press('Enter');
      const lora = await until(page, (x) => !x.pending && x.scenario.preset === 'lora-7b' && x.report.count > 0, 'preset lora-7b');
      t.log(`lora-7b (Llama-2 7B): pick ${lora.report.rows[0].key}, ${lora.report.count} rows`);

      // First use of the picker fetches the library, once.
      await click(page, 'model_search');
      await page.keyboard.type('qwen 72', {delay: 15});
      s = await until(page, (x) => x.models.state === 'ready' && x.models.matches.length > 0, 'matches for "qwen 72"', 20000);
      assert(fetchedModels(w).length === 1, `models.json should be fetched once: ${fetchedModels(w)}`);
      assert(s.models.count >= 80, `library of ${s.models.count} models`);
      assert(s.models.matches[0].id === 'qwen2.5-72b', `"qwen 72" first match: ${JSON.stringify(s.models.matches)}`);
      await settle(page);
      await page.screenshot({path: join(t.shots, '14-model-picker-en.png')});
      await clickUntil(page, 'model_pick_qwen2.5-72b', (x) => !x.pending && x.models.model === 'qwen2.5-72b' && x.report.count > 0,
          'Qwen2.5-72B picked');
      s = await until(page, (x) => !x.pending && x.models.model === 'qwen2.5-72b', 'the ranking for Qwen2.5-72B');
      assert(s.models.layers === 80 && s.models.hidden === 8192, `the model's shape: ${JSON.stringify(s.models)}`);
      assert(s.scenario.preset === 'lora-7b', 'the task stays');
      assert(!s.models.edited.length, `nothing edited yet: ${s.models.edited}`);
      assert(keys(s) !== keys(lora), `a 72B model should rank differently from a 7B one (${keys(s)})`);
      assert(s.scenario.title === 'Qwen2.5-72B', `the job's title names the model: ${s.scenario.title}`);
      t.log(`Qwen2.5-72B LoRA: pick ${s.report.rows[0].key} x${s.report.rows[0].cards}, ${s.report.count} rows`);
      assert(/&model=qwen2\.5-72b/.test(s.link) && !/&(layers|hidden|vocab|params)=/.test(s.link),
          `the link carries the model, not its shape: ${s.link}`);

      // A field changed after the pick is shown as changed and goes in the link.
      await typeInto(page, 'seq', '2048');
      s = await until(page, (x) => !x.pending && /&seq=2048/.test(x.link), 'seq 2048 in the link');
      link = s.link;
      expected = ranking(s);
      t.log(`link: #${link}`);

      // The Chinese name, pasted (typed CJK does not reach the canvas as key events).
      await click(page, 'model_search');
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Backspace');
      await pasteInto(page, 'model_search', '通义 7B');
      s = await until(page, (x) => x.models.matches.some((m) => m.id === 'qwen2.5-7b'), 'matches for "通义 7B"');
      assert(s.models.matches[0].id === 'qwen2.5-7b', `"通义 7B" first match: ${JSON.stringify(s.models.matches)}`);
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Backspace');

      // config.json: a good one fills the fields, a bad one names the key and path and changes nothing.
      await clickUntil(page, 'hf_open', (x) => x.rects.hf_text, 'the config box');
      await pasteInto(page, 'hf_text', LLAMA_CONFIG);
      await clickUntil(page, 'hf_import', (x) => !x.pending && x.models.hf.result && x.models.layers === 32, 'the config imported');
      s = await until(page, (x) => !x.pending && x.models.model === '' && x.report.count > 0, 'the imported job ranked');
      assert(/8\.0\dB/.test(s.models.hf.result), `Llama-3-8B counted from its shapes: ${s.models.hf.result}`);
      await click(page, 'hf_text');
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Backspace');
      await pasteInto(page, 'hf_text', '{"model_type": "llama", "hidden_size": "big", "num_hidden_layers": 32}');
      await clickUntil(page, 'hf_import', (x) => x.models.hf.problems.length > 0, 'the problems listed');
      s = await until(page, (x) => !x.pending, 'settled');
      assert(s.models.hf.problems.some((p) => /hidden_size/.test(p.path + p.message)), `names hidden_size: ${JSON.stringify(s.models.hf.problems)}`);
      assert(s.models.layers === 32, 'a refused config changes nothing');
      await settle(page);
      await page.screenshot({path: join(t.shots, '14-config-import-en.png')});
      assert(!w.errors.length, `console errors: ${w.errors.join(' | ')}`);
    } finally {
      await close();
    }
  }
  {
    // A labmate opens the link: the page fetches the library first, then shows the same job and ranking.
    const {context, close} = await launch({locale: 'en-GB'});
    try {
      const page = await context.newPage();
      const w = watch(page);
      await page.goto(t.url + '#' + link);
      await waitReady(page);
      const s = await until(page, (x) => !x.pending && x.models.model === 'qwen2.5-72b' && x.report.count > 0, 'the linked model job', 20000);
      assert(s.models.layers === 80, 'the model shape comes from the library');
      assert(ranking(s) === expected, 'the link should restore exactly the same ranking');
      assert(!s.banners.length, `no banner for a good model link: ${JSON.stringify(s.banners)}`);
      assert(s.link === link, `the address stays the link: ${s.link}`);
      // The shell fetched the library beside the wasm, and the page used that copy: one request.
      assert(fetchedModels(w).length === 1, `models.json should be fetched once: ${fetchedModels(w)}`);
      assert(!w.errors.length, `console errors: ${w.errors.join(' | ')}`);
    } finally {
      await close();
    }
  }
  {
    // A hand-written link: a model and a budget, no preset. The task suits the model, and a notice says which.
    const {context, close} = await launch();
    try {
      const page = await context.newPage();
      await page.goto(t.url + '#model=qwen2.5-7b&budget=200');
      await waitReady(page);
      const s = await until(page, (x) => !x.pending && x.models.model === 'qwen2.5-7b' && x.report.count > 0,
        'the hand-written model link', 20000);
      assert(s.scenario.preset === 'lora-7b', `a decoder LLM should start from the LoRA task: ${s.scenario.preset}`);
      const notice = JSON.stringify(s.banners);
      assert(/lora-7b|LoRA/i.test(notice), `a notice should name the task it assumed: ${notice}`);
    } finally {
      await close();
    }
  }
  {
    // The library cannot be fetched: the link's job is not guessed; a retry opens it.
    const {context, close} = await launch({serviceWorkers: 'block'});
    try {
      const page = await context.newPage();
      let block = true;
      await page.route(/\/models-[0-9a-f]{10}\.json(\.lzma)?$/, (r) => (block ? r.abort() : r.continue()));
      await page.goto(t.url + '#' + link);
      await waitReady(page);
      let s = await until(page, (x) => x.banners.some((b) => b.id === 'link_models' && b.kind === 'error'), 'the library error banner', 20000);
      assert(s.report.count === 0, 'no ranking of a job the link did not describe');
      assert(s.models.state === 'failed' && s.models.pending_link, `state ${JSON.stringify(s.models)}`);
      assert(s.link === '' || s.link === link, `the address keeps the link: ${s.link}`);
      // The results say what is wrong, with a retry there too, not "Ranking the options" over an empty job.
      assert(s.rects.results_models_retry, `the results should offer a retry: ${Object.keys(s.rects).join(',')}`);
      await settle(page);
      await page.screenshot({path: join(t.shots, '14-model-link-failed.png')});
      block = false;
      await clickUntil(page, 'models_retry', (x) => x.models.state === 'ready', 'the retry');
      s = await until(page, (x) => !x.pending && x.models.model === 'qwen2.5-72b' && x.report.count > 0, 'the link applied after the retry');
      assert(ranking(s) === expected, 'after the retry the link gives the same ranking');
      assert(!s.banners.some((b) => b.id === 'link_models'), 'the banner goes');
    } finally {
      await close();
    }
  }
  {
    // Chinese, and a phone-width screen: the picker's matches must read well.
    for (const [lang, width] of [['zh', 1280], ['en', 390]]) {
      const {context, close} = await launch({viewport: {width, height: 844}, locale: lang === 'zh' ? 'zh-CN' : 'en-US'});
      try {
        const page = await context.newPage();
        await page.goto(t.url + `#v=1&preset=lora-7b&model=qwen2.5-7b&lang=${lang}`);
        await waitReady(page);
        let s = await until(page, (x) => !x.pending && x.models.model === 'qwen2.5-7b' && x.lang === lang && x.report.count > 0, `the ${lang} page`, 30000);
        // A phone folds the job away above the answer.
        if (width < 900) await clickUntil(page, 'job_header', (x) => x.rects.model_search, 'the job unfolded');
        assert(s.scenario.title === (lang === 'zh' ? '通义千问 Qwen2.5-7B' : 'Qwen2.5-7B'), `the job is named after its model: ${s.scenario.title}`);
        await click(page, 'model_search');
        await page.keyboard.type('llama 3', {delay: 15});
        s = await until(page, (x) => x.models.matches.length > 2, 'matches for "llama 3"');
        await settle(page);
        assert(!s.missing_glyphs.length, `missing glyphs: ${s.missing_glyphs.join('')}`);
        await page.screenshot({path: join(t.shots, `14-model-picker-${lang}-${width}.png`)});
      } finally {
        await close();
      }
    }
  }
}
