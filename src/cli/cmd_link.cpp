// gpuwise link encode|decode: the web page's share links, offline.
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/scenario_flags.hpp"
#include "cli/workload_flags.hpp"
#include "engine/link.hpp"

namespace gw::cli {
namespace {

nlohmann::json constraints_json(const Constraints& c) {
  nlohmann::json j;
  j["budget"] = c.budget ? nlohmann::json(*c.budget) : nlohmann::json(nullptr);
  j["currency"] = c.currency;
  j["deadline_hours"] = c.deadline_hours ? nlohmann::json(*c.deadline_hours) : nlohmann::json(nullptr);
  j["goal"] = to_string(c.goal);
  j["spot"] = to_string(c.spot);
  j["student"] = c.student;
  j["new_user"] = c.new_user;
  j["credits"] = c.credits;
  j["providers"] = c.providers;
  j["exclude"] = c.exclude;
  j["usd_cny"] = c.usd_cny ? nlohmann::json(*c.usd_cny) : nlohmann::json(nullptr);
  j["card_counts"] = c.card_counts;
  j["setup_hours"] = c.setup_hours;
  j["idle_tail_hours"] = c.idle_tail_hours;
  j["disk_gb"] = c.disk_gb;
  j["storage_months"] = c.storage_months;
  j["dataset_gb"] = c.dataset_gb;
  j["upload_mbps"] = c.upload_mbps;
  j["egress_gb"] = c.egress_gb;
  j["internal_network"] = c.internal_network;
  j["extras_per_month"] = c.extras_per_month;
  j["interruptions_per_hour"] =
      c.interruptions_per_hour ? nlohmann::json(*c.interruptions_per_hour) : nlohmann::json(nullptr);
  j["checkpoint_write_minutes"] = c.checkpoint_write_minutes;
  j["checkpoint_interval_hours"] =
      c.checkpoint_interval_hours ? nlohmann::json(*c.checkpoint_interval_hours) : nlohmann::json(nullptr);
  j["restart_minutes"] = c.restart_minutes;
  j["seed"] = c.seed;
  return j;
}

void setup(CLI::App& root, Context& ctx) {
  CLI::App* cmd =
      root.add_subcommand("link", "Make or read a share link (the web page's #v=1&... fragment), offline");
  cmd->require_subcommand(1);
  cmd->footer(
      "\nExamples:\n  gpuwise link encode --preset bert-base-finetune --budget 300 --deadline 48h\n"
      "  gpuwise link decode '#v=1&preset=bert-base-finetune&budget=300' --format table");

  static WorkloadFlags wflags;
  static ScenarioFlags sflags;
  static std::string base;
  CLI::App* enc = cmd->add_subcommand("encode", "Print the share link for a job and its constraints");
  add_workload_flags(enc, wflags, ctx);
  add_scenario_flags(enc, sflags);
  enc->add_option("--base", base, "Page address to put before the fragment, e.g. http://127.0.0.1:8080/")
      ->type_name("URL");
  enc->footer(
      "\nExamples:\n  gpuwise link encode --preset bert-base-finetune --budget 300 --deadline 48h\n"
      "  gpuwise link encode --preset qlora-7b --currency USD --spot deny --base http://127.0.0.1:8080/");
  enc->callback([&ctx] {
    const auto& presets = bundled_presets();
    const Catalog& catalog = ctx.catalog();
    Scenario s = default_scenario(presets, catalog);
    if (!sflags.link.empty()) s = decode_link_flag(sflags, presets, catalog, ctx.lang()).scenario;
    if (wflags.any()) s.workload = resolve_workload(wflags, presets);
    apply_scenario_flags(sflags, ctx, s.constraints);
    LinkSettings settings;
    if (!ctx.lang_flag.empty()) settings.lang = ctx.lang_flag;
    std::cout << base << "#" << encode_link(s, presets, settings, &bundled_models()) << "\n";
  });

  static std::string link;
  static std::string format;
  CLI::App* dec = cmd->add_subcommand("decode", "Show the scenario a share link holds, and any notices");
  dec->add_option("LINK", link, "The link: a whole URL, #fragment or v=1&...")->required()->type_name("URL");
  add_format_option(dec, format, {"json", "table", "csv", "md"});
  dec->footer(
      "\nExamples:\n  gpuwise link decode "
      "'http://127.0.0.1:8080/#v=1&preset=bert-base-finetune&budget=300&deadline=48h'\n"
      "  gpuwise --lang zh link decode '#v=1&preset=qlora-7b&budget=200' --format table");
  dec->callback([&ctx] {
    const auto& presets = bundled_presets();
    const Catalog& catalog = ctx.catalog();
    const LinkDecode d = decode_link(link, presets, catalog, &bundled_models());
    const Lang lang = ctx.lang();
    if (parse_format(format) == Format::json) {
      nlohmann::json j;
      j["ok"] = d.ok;
      j["preset"] = d.scenario.workload.preset;
      j["workload"] = nlohmann::json::parse(workload_to_json(d.scenario.workload));
      j["constraints"] = constraints_json(d.scenario.constraints);
      j["price_overrides"] = d.scenario.price_overrides;
      j["lang"] = d.settings.lang;
      j["link_catalog_version"] = d.catalog_version;
      j["catalog_version"] = catalog.catalog_version;
      j["catalog_mismatch"] = d.catalog_mismatch;
      nlohmann::json notices = nlohmann::json::array();
      for (const LinkNotice& n : d.notices)
        notices.push_back({{"key", n.key}, {"message", n.message.in(lang)}});
      j["notices"] = notices;
      std::cout << j.dump(2) << "\n";
    } else {
      Table t{{"field", "value"}, {}, {}};
      t.rows.push_back({"preset", d.scenario.workload.preset});
      // Keep the JSON alive: items() only views it.
      const nlohmann::json workload = nlohmann::json::parse(workload_to_json(d.scenario.workload));
      const nlohmann::json constraints = constraints_json(d.scenario.constraints);
      for (const auto& [k, v] : workload.items())
        if (k != "title" && k != "preset")
          t.rows.push_back({"workload." + k, v.is_string() ? v.get<std::string>() : v.dump()});
      for (const auto& [k, v] : constraints.items())
        t.rows.push_back({k, v.is_string() ? v.get<std::string>() : v.dump()});
      for (const auto& [offer, price] : d.scenario.price_overrides)
        t.rows.push_back({"price." + offer, fmt_num(price, 4)});
      const Format f = parse_format(format);
      std::cout << render(t, f, lang);
      // csv stays one table; its notices go to stderr.
      for (const LinkNotice& n : d.notices)
        (f == Format::csv ? std::cerr : std::cout)
            << (lang == Lang::zh ? "提示：" : "notice: ") << n.message.in(lang) << "\n";
    }
    if (!d.ok)
      throw Exit(kUsage, "the link holds no usable scenario; the defaults are shown",
                 "链接里没有可用的方案；上面显示的是默认值");
  });
}

CommandRegistrar reg(80, &setup);

}  // namespace
}  // namespace gw::cli
