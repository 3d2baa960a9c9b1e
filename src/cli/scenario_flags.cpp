#include "cli/scenario_flags.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>

#include "cli/workload_flags.hpp"
#include "engine/bundled.hpp"
#include "engine/input.hpp"
#include "engine/market.hpp"

namespace gw::cli {

namespace {
// A value the input table refused, as a usage error naming the flag.
[[noreturn]] void refuse(const std::string& flag, const InputSet& r) {
  throw Exit(kUsage, flag + ": " + r.message.en, flag + "：" + r.message.zh);
}
}  // namespace

void add_field_flags(CLI::App* cmd, std::map<std::string, std::vector<std::string>>& given, bool workload,
                     const char* group, std::vector<std::string> skip) {
  for (const InputField& f : input_fields()) {
    if (f.workload != workload || !*f.flag) continue;
    if (std::find(skip.begin(), skip.end(), f.flag) != skip.end()) continue;
    const std::string flag = f.flag;
    auto& values = given[flag];
    if (f.type == InputType::flag) {
      cmd->add_flag_function(
             flag, [&values](std::int64_t) { values.push_back("1"); }, f.help.en)
          ->group(group);
      if (*f.off_flag) {
        const std::string off = f.off_flag;
        cmd->add_flag_function(
               off, [&values](std::int64_t) { values.push_back("0"); }, f.help.en + " (off)")
            ->group(group);
      }
    } else {
      cmd->add_option_function<std::vector<std::string>>(
             flag,
             [&values](const std::vector<std::string>& v) {
               values.insert(values.end(), v.begin(), v.end());
             },
             f.help.en)
          ->group(group)
          ->allow_extra_args(false);
    }
  }
}

void apply_field_flags(const std::map<std::string, std::vector<std::string>>& given, bool workload,
                       Scenario& s) {
  for (const InputField& f : input_fields()) {
    if (f.workload != workload || !*f.flag) continue;
    const auto it = given.find(f.flag);
    if (it == given.end() || it->second.empty()) continue;
    // A repeatable list (--credit a --credit b) is one comma-separated value; anything else, the last one.
    std::string text = it->second.back();
    if (f.type == InputType::list) {
      text.clear();
      for (const std::string& v : it->second) text += (text.empty() ? "" : ",") + v;
    }
    const InputSet r = set_input(f, s, text, false);
    if (r.status != InputSet::ok) refuse(f.flag, r);
  }
}

void add_scenario_flags(CLI::App* cmd, ScenarioFlags& f) {
  add_field_flags(cmd, f.given, false, "Constraints");
  f.link_option =
      cmd->add_option("--link", f.link, "Replay a share link (whole URL or #fragment)")->group("Scenario");
}

void apply_scenario_flags(const ScenarioFlags& f, const Context& ctx, Constraints& c) {
  // The currency first: money flags are read in it.
  if (!ctx.currency_flag.empty()) c.currency = ctx.currency_flag;
  Scenario s;
  s.constraints = c;
  apply_field_flags(f.given, false, s);
  c = s.constraints;
  // The Chinese interface ranks for a mainland student even in USD (market.hpp): resolved at the door, so a
  // link made here replays the same ranking; the engine resolves a plain auto by the currency alone.
  if (c.market == Market::auto_ && ctx.lang() == Lang::zh)
    c.market = resolve_market(c.market, c.currency, ctx.lang());
}

LinkDecode decode_link_flag(const ScenarioFlags& f, const std::vector<Preset>& presets,
                            const Catalog& catalog, Lang lang) {
  const bool zh = lang == Lang::zh;
  const std::string link = std::string(stderr_prefix(lang)) + (zh ? "--link：" : "--link: ");
  // With the model library, as the page reads it: a link naming a model carries only what differs from it.
  LinkDecode d = decode_link(f.link, presets, catalog, &bundled_models());
  for (const LinkNotice& n : d.notices) std::cerr << link << n.message.in(lang) << "\n";
  if (!d.ok) throw Exit(kUsage, "--link: the link holds no usable scenario", "--link：链接里没有可用的方案");
  if (d.catalog_mismatch)
    std::cerr << link
              << (zh ? "链接由目录 " + d.catalog_version + " 生成，本程序的目录是 " +
                           catalog.catalog_version + "，价格可能不同\n"
                     : "made with catalog " + d.catalog_version + "; this build has " +
                           catalog.catalog_version + ", so prices may differ\n");
  return d;
}

const std::vector<Preset>& bundled_presets() {
  static const PresetLoad load = load_presets(bundled_file("presets.json"));
  if (!load.problems.empty()) {
    const std::string n = std::to_string(load.problems.size());
    throw problems_exit(kBadInput, "bundled presets: " + n + " problem(s)", "内置预设：" + n + " 个问题",
                        load.problems);
  }
  return load.presets;
}

}  // namespace gw::cli
