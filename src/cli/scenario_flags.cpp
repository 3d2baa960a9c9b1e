#include "cli/scenario_flags.hpp"

#include <cmath>
#include <iostream>

#include "engine/bundled.hpp"

namespace gw::cli {

namespace {

std::vector<std::string> split_ids(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : s + ",") {
    if (ch == ',') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else if (ch != ' ') {
      cur += ch;
    }
  }
  return out;
}

// The engine's limit for a constraint (gw::limits), checked on the value after its unit is applied, so
// "--disk 5PB" is refused naming --disk and the range, with the wording a link's notice uses.
double checked(const std::string& flag, const std::string& text, double v, const Limit& limit) {
  if (!within(v, limit))
    throw Exit(kUsage, flag + ": " + text + " is out of range (" + describe_limit(limit) + ")",
               flag + "：" + text + " 超出范围（" + describe_limit(limit, Lang::zh) + "）");
  return v;
}

double number(const std::string& flag, const std::string& text, const Limit& limit) {
  return checked(flag, text, parse_number(flag, text, -1e308, 1e308), limit);
}

}  // namespace

void add_scenario_flags(CLI::App* cmd, ScenarioFlags& f) {
  auto add = [&](const char* name, std::string& target, const char* help) {
    f.options.push_back(cmd->add_option(name, target, help)->group("Constraints"));
  };
  add("--budget", f.budget, "Total budget in the chosen currency, e.g. 300");
  add("--deadline", f.deadline, "Wall-clock deadline from now: 48h, 2d, 1w, 90m");
  add("--goal", f.goal, "cheapest (meets the deadline; default) | fastest (within budget) | value");
  add("--spot", f.spot, "allow (default) | deny | only");
  add("--providers", f.providers, "Only these provider ids, comma-separated: autodl,aliyun");
  add("--exclude", f.exclude, "Drop these provider or GPU ids, comma-separated");
  add("--usd-cny", f.usd_cny, "Exchange rate, CNY per USD (default: the catalog's dated rate)");
  add("--cards", f.cards, "Card counts to consider, comma-separated (default 1,2,4,8)");
  f.options.push_back(
      cmd->add_flag("--student", f.student, "Apply student programmes")->group("Constraints"));
  f.options.push_back(
      cmd->add_flag("--new-user", f.new_user, "Apply new-user coupons")->group("Constraints"));
  add("--setup-hours", f.setup_hours,
      "Hours billed before the job runs: setup, downloads, debugging (default 1)");
  add("--idle-hours", f.idle_hours, "Hours left running after the job ends (default 2; 0 if you stop it)");
  add("--disk", f.disk, "Disk size, e.g. 100GB (default 100GB)");
  add("--storage-months", f.storage_months, "Months the disk is kept (default: while the job runs)");
  add("--dataset", f.dataset, "Dataset uploaded once, e.g. 20GB");
  add("--upload-mbps", f.upload_mbps, "Your upload bandwidth in Mbit/s (default 100)");
  add("--egress", f.egress, "Results downloaded, e.g. 5GB");
  f.options.push_back(
      cmd->add_flag("--internal", f.internal, "Transfers stay on the provider's internal network")
          ->group("Constraints"));
  add("--extras", f.extras, "Monthly add-ons such as provisioned IOPS, in the chosen currency");
  add("--interruptions", f.interruptions,
      "Spot interruptions per hour (default: the provider's typical rate)");
  add("--checkpoint-write", f.checkpoint_write, "Minutes to write one checkpoint (default 2)");
  add("--checkpoint-interval", f.checkpoint_interval,
      "Hours between checkpoints (default: Young/Daly optimum)");
  add("--restart", f.restart, "Minutes to restart after an interruption (default 10)");
  add("--seed", f.seed, "Seed for the spot simulation (default 1; same seed, same answer)");
  f.link_option =
      cmd->add_option("--link", f.link, "Replay a share link (whole URL or #fragment)")->group("Scenario");
}

void apply_scenario_flags(const ScenarioFlags& f, const Context& ctx, Constraints& c) {
  if (!f.budget.empty()) c.budget = number("--budget", f.budget, limits::budget);
  if (!f.deadline.empty())
    c.deadline_hours =
        checked("--deadline", f.deadline, parse_hours("--deadline", f.deadline), limits::deadline_hours);
  if (!f.goal.empty() && !parse_goal(f.goal, c.goal))
    throw Exit(kUsage, "--goal: '" + f.goal + "' is not one of cheapest, fastest, value",
               "--goal：'" + f.goal + "' 不是 cheapest、fastest、value 之一");
  if (!f.spot.empty() && !parse_spot_policy(f.spot, c.spot))
    throw Exit(kUsage, "--spot: '" + f.spot + "' is not one of allow, deny, only",
               "--spot：'" + f.spot + "' 不是 allow、deny、only 之一");
  if (!f.providers.empty()) c.providers = split_ids(f.providers);
  if (!f.exclude.empty()) c.exclude = split_ids(f.exclude);
  if (!f.usd_cny.empty()) c.usd_cny = number("--usd-cny", f.usd_cny, limits::usd_cny);
  if (!f.cards.empty()) {
    c.card_counts.clear();
    for (const std::string& n : split_ids(f.cards)) {
      const double count = number("--cards", n, limits::cards);
      if (count != std::floor(count))
        throw Exit(kUsage, "--cards: " + n + " is not a whole number of cards",
                   "--cards：" + n + " 不是整数张卡");
      c.card_counts.push_back(static_cast<int>(count));
    }
    if (c.card_counts.empty())
      throw Exit(kUsage, "--cards: give at least one count, e.g. 1,2,4",
                 "--cards：至少给一个卡数，例如 1,2,4");
  }
  if (f.student) c.student = true;
  if (f.new_user) c.new_user = true;
  if (f.internal) c.internal_network = true;
  if (!f.setup_hours.empty()) c.setup_hours = number("--setup-hours", f.setup_hours, limits::setup_hours);
  if (!f.idle_hours.empty())
    c.idle_tail_hours = number("--idle-hours", f.idle_hours, limits::idle_tail_hours);
  if (!f.disk.empty()) c.disk_gb = checked("--disk", f.disk, parse_gb("--disk", f.disk), limits::disk_gb);
  if (!f.storage_months.empty())
    c.storage_months = number("--storage-months", f.storage_months, limits::storage_months);
  if (!f.dataset.empty())
    c.dataset_gb = checked("--dataset", f.dataset, parse_gb("--dataset", f.dataset), limits::dataset_gb);
  if (!f.upload_mbps.empty()) c.upload_mbps = number("--upload-mbps", f.upload_mbps, limits::upload_mbps);
  if (!f.egress.empty())
    c.egress_gb = checked("--egress", f.egress, parse_gb("--egress", f.egress), limits::egress_gb);
  if (!f.extras.empty()) c.extras_per_month = number("--extras", f.extras, limits::extras_per_month);
  if (!f.interruptions.empty())
    c.interruptions_per_hour = number("--interruptions", f.interruptions, limits::interruptions_per_hour);
  if (!f.checkpoint_write.empty())
    c.checkpoint_write_minutes =
        number("--checkpoint-write", f.checkpoint_write, limits::checkpoint_write_minutes);
  if (!f.checkpoint_interval.empty())
    c.checkpoint_interval_hours = checked("--checkpoint-interval", f.checkpoint_interval,
                                          parse_hours("--checkpoint-interval", f.checkpoint_interval),
                                          limits::checkpoint_interval_hours);
  if (!f.restart.empty()) c.restart_minutes = number("--restart", f.restart, limits::restart_minutes);
  if (!f.seed.empty()) c.seed = static_cast<std::uint64_t>(number("--seed", f.seed, limits::seed));
  if (!ctx.currency_flag.empty()) c.currency = ctx.currency_flag;
}

LinkDecode decode_link_flag(const ScenarioFlags& f, const std::vector<Preset>& presets,
                            const Catalog& catalog, Lang lang) {
  const bool zh = lang == Lang::zh;
  const std::string link = std::string(stderr_prefix(lang)) + (zh ? "--link：" : "--link: ");
  LinkDecode d = decode_link(f.link, presets, catalog);
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
