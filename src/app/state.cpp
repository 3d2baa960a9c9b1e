// The scenario's life cycle: links in and out, Back/Forward, saved settings, and the one place the
// recommender runs (only when the scenario changed).
#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>

#include "app/app.hpp"
#include "app/i18n.hpp"
#include "engine/cost.hpp"
#include "engine/link.hpp"
#include "engine/market.hpp"
#include "platform/platform.hpp"

namespace gw::app {

LinkSettings link_settings(const AppState& s) {
  return LinkSettings{s.lang == Lang::zh ? "zh" : "en"};
}

namespace {

// Local price edits (catalog tab), kept apart from the scenario so a friend's link does not erase them.
std::map<std::string, double> load_price_edits(AppState& s) {
  std::map<std::string, double> out;
  const std::string text = platform::setting("prices");
  if (text.empty()) return out;
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  bool bad = !j.is_object();
  if (!bad) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      const double v = it.value().is_number() ? it.value().get<double>() : -1;
      if (s.catalog.offer(it.key()) && v > 0 && v < 1e7)
        out[it.key()] = v;
      else
        bad = true;
    }
  }
  if (bad)
    add_banner(s, {BannerKind::warn,
                   {"Some saved price edits could not be read and were dropped.",
                    "部分已保存的价格修改无法读取，已丢弃。"},
                   {},
                   "storage"});
  return out;
}

void adopt_link(AppState& s, const std::string& fragment, bool from_url) {
  // A link that starts from a library model is read over the model's shape: it waits for the library
  // (update() applies it once in), and nothing runs or is written meanwhile, so no wrong job is shown.
  if (!link_model(fragment).empty() && update_models(s, true) != ModelsState::ready) {
    s.pending_link = fragment;
    s.pending_link_from_url = from_url;
    add_banner(s, {BannerKind::info,
                   {"Opening this link: loading the model library…", "正在打开此链接：加载模型库…"},
                   {},
                   "link_models"});
    return;
  }
  s.pending_link.clear();
  LinkDecode d = decode_link(fragment, s.presets, s.catalog, model_library(s));
  s.scenario = std::move(d.scenario);
  if (!d.settings.lang.empty() && from_url)
    set_language(s, d.settings.lang == "zh" ? Lang::zh : Lang::en, false);
  s.banners.erase(std::remove_if(s.banners.begin(), s.banners.end(),
                                 [](const Banner& b) { return b.id.rfind("link", 0) == 0; }),
                  s.banners.end());
  if (!from_url) {
    if (!d.ok || !d.notices.empty())
      add_banner(s, {BannerKind::warn,
                     {"Your saved scenario could not be fully restored; check the job and constraints.",
                      "保存的场景未能完整恢复，请检查任务和约束。"},
                     {},
                     "storage"});
    return;
  }
  if (!d.ok) {
    Banner b{
        BannerKind::error,
        {"This link could not be read, so the default scenario is shown.", "无法读取此链接，显示默认场景。"},
        {},
        "link_error"};
    for (const LinkNotice& n : d.notices) b.details.push_back(n.message);
    add_banner(s, b);
  } else if (!d.notices.empty()) {
    Banner b{BannerKind::warn,
             {"Parts of this link were adjusted or ignored:", "链接中的部分设置已被调整或忽略："},
             {},
             "link_notice"};
    for (const LinkNotice& n : d.notices) b.details.push_back(n.message);
    add_banner(s, b);
  }
  if (d.catalog_mismatch)
    add_banner(
        s, {BannerKind::warn,
            {"This link was made with catalog " + d.catalog_version + "; this page has catalog " +
                 s.catalog.catalog_version + " (prices as of " + s.catalog.catalog_date +
                 "), so the ranking may differ.",
             "此链接基于目录 " + d.catalog_version + " 生成；本页面的目录为 " + s.catalog.catalog_version +
                 "（价格截至 " + s.catalog.catalog_date + "），排名可能不同。"},
            {},
            "link_catalog"});
}

}  // namespace

RecommendOptions engine_options(const AppState&) {
  RecommendOptions opts;
  // The first screen needs the pick's words only; every other row is explained when it is opened
  // (detailed_row): explaining the top ten up front cost the page's first answer most of its time.
  opts.detailed_rows = 1;
  opts.today = platform::today();  // price ages count to today, not to the catalog date
  return opts;
}

Scenario engine_scenario(const AppState& s, Scenario scenario) {
  // The market preference resolved at the door, as the CLI does (market.hpp): the Chinese page ranks first
  // what a mainland student can pay for, even in USD. The link keeps "auto" and its language, so it replays
  // the same ranking.
  scenario.constraints.market =
      resolve_market(scenario.constraints.market, scenario.constraints.currency, s.lang);
  return scenario;
}

namespace {

void run_engine(AppState& s) {
  const auto t0 = std::chrono::steady_clock::now();
  const RecommendOptions opts = engine_options(s);
  const Scenario scenario = engine_scenario(s, s.scenario);
  const PriceEditDates dated(s);  // edited prices carry the user's date (panel_catalog_offers.cpp)
  s.report = recommend(scenario, s.catalog, opts);
  s.report_scenario = scenario;
  s.report_options = opts;
  s.detail_tried.assign(s.report.rows.size(), false);
  s.engine_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  ++s.engine_runs;
  // The old order indexes the old rows: drop it now, not when the table is next drawn (another tab may
  // be open, or the new report may be empty, and the plots and the test hook read the order too).
  s.res.order.clear();
  s.res.order_dirty = true;
  // Keep expanded/selected rows that still exist.
  std::set<std::string> keys;
  for (const Row& r : s.report.rows) keys.insert(row_key(r));
  for (auto* set : {&s.res.expanded, &s.res.selected})
    for (auto it = set->begin(); it != set->end();) it = keys.count(*it) ? std::next(it) : set->erase(it);
}

}  // namespace

const Row& detailed_row(AppState& s, std::size_t i) {
  Row& row = s.report.rows.at(i);
  if (row.detailed || i >= s.detail_tried.size() || s.detail_tried[i]) return row;
  s.detail_tried[i] = true;       // asked once per report, even if the engine could not (another catalog)
  const PriceEditDates dated(s);  // the bill lines carry the edit's date, as in run_engine
  detail_row(s.report_scenario, s.catalog, s.report_options, s.report, i);
  return row;
}

std::string row_key(const Row& row) {
  return row.offer + "|" + std::string(to_string(row.pricing));
}

void add_banner(AppState& s, Banner banner) {
  for (Banner& b : s.banners)
    if (b.id == banner.id) {
      b = std::move(banner);
      return;
    }
  s.banners.push_back(std::move(banner));
  platform::request_frames();
}

void set_language(AppState& s, Lang lang, bool by_user) {
  if (lang == Lang::zh && !platform::chinese_text_loaded()) {
    // This page's wasm has no Chinese sentences (an English start): Chinese comes with a reload.
    if (by_user) {
      s.lang_chosen = true;
      platform::set_setting("lang", "zh");
    }
    if (!s.loaded) {
      s.chinese_after_load = true;  // the job is not in yet; update() comes back here once it is
      return;
    }
    if (reload_in_chinese(s)) return;
    if (s.reloaded_for_chinese)
      add_banner(s,
                 {BannerKind::error,
                  {"Chinese could not be loaded; the page stays in English.", "中文未能加载，页面保持英文。"},
                  {},
                  "chinese_text"});
    lang = Lang::en;
  }
  const bool changed = s.lang != lang;
  s.lang = lang;
  if (by_user) {
    s.lang_chosen = true;
    platform::set_setting("lang", lang == Lang::zh ? "zh" : "en");
  }
  if (lang == Lang::zh) platform::request_cjk_font();
  if (changed && s.scenario.constraints.market == Market::auto_) s.scenario_dirty = true;  // see run_engine
  // The language is part of the link; rewriting it is not a Back/Forward step.
  if (changed && !s.fragment.empty()) {
    s.fragment = encode_link(s.scenario, s.presets, link_settings(s), model_library(s));
    platform::set_fragment(s.fragment, false);
  }
  platform::request_frames();
}

void set_currency(AppState& s, const std::string& currency) {
  Constraints& c = s.scenario.constraints;
  if (c.currency == currency) return;
  // The budget keeps its meaning: 300 CNY becomes about 44 USD, not 300 USD.
  if (c.budget) {
    const double rate = exchange_rate(c, s.catalog);
    *c.budget = std::round(convert_money(*c.budget, c.currency, currency, rate) * 100) / 100;
  }
  c.currency = currency;
  platform::set_setting("currency", currency);
  commit(s);
}

void save_price_edits(const AppState& s) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [offer, price] : s.scenario.price_overrides) j[offer] = price;
  if (j.empty())
    platform::remove_setting("prices");
  else
    platform::set_setting("prices", j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

void commit(AppState& s) {
  s.scenario_dirty = true;
  s.push_history = true;
  platform::request_frames();
}

void init_scenario(AppState& s) {
  const std::string fragment = platform::fragment();
  if (!fragment.empty()) {
    adopt_link(s, fragment, true);
  } else {
    const std::string saved = platform::setting("scenario");
    if (!saved.empty())
      adopt_link(s, saved, false);
    else
      s.scenario = default_scenario(s.presets, s.catalog);
    const std::string cur = platform::setting("currency");
    if (saved.empty() && (cur == "CNY" || cur == "USD"))
      s.scenario.constraints.currency = cur;
    else if (saved.empty() && s.lang == Lang::en)
      s.scenario.constraints.currency = "USD";
    auto edits = load_price_edits(s);
    if (!edits.empty()) s.scenario.price_overrides = std::move(edits);
  }
  s.scenario_dirty = true;
  s.push_history = false;
}

void update(AppState& s) {
  if (s.chinese_after_load) {
    s.chinese_after_load = false;
    set_language(s, Lang::zh, false);
  }
  if (platform::take_fragment_change()) {
    const std::string f = platform::fragment();
    if (f != s.fragment) s.link_awaiting_catalog = f;
  }
  // A link opened in the open page replays its sender's prices too: its catalog first (the site may have
  // to fetch a kept one), then the job, as at start-up.
  if (!s.link_awaiting_catalog.empty()) {
    if (!use_link_catalog(s, s.link_awaiting_catalog)) return;
    const std::string f = std::move(s.link_awaiting_catalog);
    s.link_awaiting_catalog.clear();
    adopt_link(s, f, true);
    s.scenario_dirty = true;
    s.push_history = false;
    s.fragment = f;
  }
  if (!s.pending_link.empty()) {
    const ModelsState st = update_models(s, true);
    if (st == ModelsState::loading) return;
    if (st != ModelsState::ready) {
      Banner b{BannerKind::error,
               {"This link starts from a model in the model library, which could not be " +
                    std::string(st == ModelsState::failed ? "downloaded" : "read") +
                    ", so its job is not shown. Check the connection and press Try again under Model.",
                "此链接的任务基于模型库中的模型，但模型库" +
                    std::string(st == ModelsState::failed ? "下载失败" : "无法读取") +
                    "，因此未显示该任务。请检查网络后点击“模型”下方的“重试”。"},
               {{"model: " + link_model(s.pending_link), "模型：" + link_model(s.pending_link)}},
               "link_models"};
      add_banner(s, std::move(b));
      return;
    }
    const std::string f = std::move(s.pending_link);
    s.pending_link.clear();
    adopt_link(s, f, s.pending_link_from_url);
    if (!s.pending_link_from_url) {  // the saved scenario: the local price edits go back on, as at start-up
      auto edits = load_price_edits(s);
      if (!edits.empty()) s.scenario.price_overrides = std::move(edits);
    }
    s.scenario_dirty = true;
    s.push_history = false;
    if (s.pending_link_from_url) s.fragment = f;
  }
  if (!s.scenario_dirty && s.report_stale) {
    s.report_stale = false;
    run_engine(s);
    platform::request_frames();
    return;
  }
  if (!s.scenario_dirty) return;
  s.scenario_dirty = false;
  s.report_stale = false;
  s.scenario.catalog_version = s.catalog.catalog_version;
  run_engine(s);
  const std::string f = encode_link(s.scenario, s.presets, link_settings(s), model_library(s));
  if (f != s.fragment) {
    platform::set_fragment(f, s.push_history);
    s.fragment = f;
  }
  s.push_history = false;
  platform::set_setting("scenario", f);
  platform::request_frames();
}

}  // namespace gw::app
