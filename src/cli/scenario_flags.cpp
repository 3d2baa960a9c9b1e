#include "cli/scenario_flags.hpp"

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
  f.options.push_back(cmd->add_flag("--student", f.student, "Apply student programmes")->group("Constraints"));
  f.options.push_back(cmd->add_flag("--new-user", f.new_user, "Apply new-user coupons")->group("Constraints"));
  add("--setup-hours", f.setup_hours, "Hours billed before the job runs: setup, downloads, debugging (default 1)");
  add("--idle-hours", f.idle_hours, "Hours left running after the job ends (default 2; 0 if you stop it)");
  add("--disk", f.disk, "Disk size, e.g. 100GB (default 100GB)");
  add("--storage-months", f.storage_months, "Months the disk is kept (default: while the job runs)");
  add("--dataset", f.dataset, "Dataset uploaded once, e.g. 20GB");
  add("--upload-mbps", f.upload_mbps, "Your upload bandwidth in Mbit/s (default 100)");
  add("--egress", f.egress, "Results downloaded, e.g. 5GB");
  f.options.push_back(
      cmd->add_flag("--internal", f.internal, "Transfers stay on the provider's internal network")->group("Constraints"));
  add("--extras", f.extras, "Monthly add-ons such as provisioned IOPS, in the chosen currency");
  add("--interruptions", f.interruptions, "Spot interruptions per hour (default: the provider's typical rate)");
  add("--checkpoint-write", f.checkpoint_write, "Minutes to write one checkpoint (default 2)");
  add("--checkpoint-interval", f.checkpoint_interval, "Hours between checkpoints (default: Young/Daly optimum)");
  add("--restart", f.restart, "Minutes to restart after an interruption (default 10)");
  add("--seed", f.seed, "Seed for the spot simulation (default 1; same seed, same answer)");
  f.link_option = cmd->add_option("--link", f.link, "Replay a share link (whole URL or #fragment)")->group("Scenario");
}

void apply_scenario_flags(const ScenarioFlags& f, const Context& ctx, Constraints& c) {
  if (!f.budget.empty()) c.budget = parse_number("--budget", f.budget, 0, 1e9);
  if (!f.deadline.empty()) c.deadline_hours = parse_hours("--deadline", f.deadline);
  if (!f.goal.empty() && !parse_goal(f.goal, c.goal))
    throw Exit(kUsage, "--goal: '" + f.goal + "' is not one of cheapest, fastest, value");
  if (!f.spot.empty() && !parse_spot_policy(f.spot, c.spot))
    throw Exit(kUsage, "--spot: '" + f.spot + "' is not one of allow, deny, only");
  if (!f.providers.empty()) c.providers = split_ids(f.providers);
  if (!f.exclude.empty()) c.exclude = split_ids(f.exclude);
  if (!f.usd_cny.empty()) c.usd_cny = parse_number("--usd-cny", f.usd_cny, 0.1, 100);
  if (!f.cards.empty()) {
    c.card_counts.clear();
    for (const std::string& n : split_ids(f.cards))
      c.card_counts.push_back(static_cast<int>(parse_number("--cards", n, 1, 64)));
    if (c.card_counts.empty()) throw Exit(kUsage, "--cards: give at least one count, e.g. 1,2,4");
  }
  if (f.student) c.student = true;
  if (f.new_user) c.new_user = true;
  if (f.internal) c.internal_network = true;
  if (!f.setup_hours.empty()) c.setup_hours = parse_number("--setup-hours", f.setup_hours, 0, 1000);
  if (!f.idle_hours.empty()) c.idle_tail_hours = parse_number("--idle-hours", f.idle_hours, 0, 1000);
  if (!f.disk.empty()) c.disk_gb = parse_gb("--disk", f.disk);
  if (!f.storage_months.empty()) c.storage_months = parse_number("--storage-months", f.storage_months, 0, 120);
  if (!f.dataset.empty()) c.dataset_gb = parse_gb("--dataset", f.dataset);
  if (!f.upload_mbps.empty()) c.upload_mbps = parse_number("--upload-mbps", f.upload_mbps, 0.1, 1e5);
  if (!f.egress.empty()) c.egress_gb = parse_gb("--egress", f.egress);
  if (!f.extras.empty()) c.extras_per_month = parse_number("--extras", f.extras, 0, 1e7);
  if (!f.interruptions.empty()) c.interruptions_per_hour = parse_number("--interruptions", f.interruptions, 0, 10);
  if (!f.checkpoint_write.empty())
    c.checkpoint_write_minutes = parse_number("--checkpoint-write", f.checkpoint_write, 0, 600);
  if (!f.checkpoint_interval.empty())
    c.checkpoint_interval_hours = parse_hours("--checkpoint-interval", f.checkpoint_interval);
  if (!f.restart.empty()) c.restart_minutes = parse_number("--restart", f.restart, 0, 600);
  if (!f.seed.empty()) c.seed = static_cast<std::uint64_t>(parse_number("--seed", f.seed, 0, 9007199254740992.0));
  if (!ctx.currency_flag.empty()) c.currency = ctx.currency_flag;
}

LinkDecode decode_link_flag(const ScenarioFlags& f, const std::vector<Preset>& presets, const Catalog& catalog) {
  LinkDecode d = decode_link(f.link, presets, catalog);
  for (const LinkNotice& n : d.notices) std::cerr << "gpuwise: --link: " << n.message.en << "\n";
  if (!d.ok) throw Exit(kUsage, "--link: the link holds no usable scenario");
  if (d.catalog_mismatch)
    std::cerr << "gpuwise: --link: made with catalog " << d.catalog_version << "; this build has "
              << catalog.catalog_version << ", so prices may differ\n";
  return d;
}

const std::vector<Preset>& bundled_presets() {
  static const PresetLoad load = load_presets(bundled_file("presets.json"));
  if (!load.problems.empty()) {
    std::string msg = "bundled presets: " + std::to_string(load.problems.size()) + " problem(s)";
    for (const Problem& p : load.problems) msg += "\n  " + p.path + ": " + p.message;
    throw Exit(kBadInput, msg);
  }
  return load.presets;
}

}  // namespace gw::cli
