// gpuwise cost: the full bill for one offer and a number of job hours, line by line with formulas.
#include <iostream>

#include "cli/cli.hpp"
#include "cli/cost_output.hpp"
#include "engine/cost.hpp"
#include "engine/spot.hpp"

namespace gw::cli {
namespace {

struct CostFlags {
  std::string offer, hours, price, deadline, format = "table";
  bool spot = false, student = false, new_user = false, internal = false;
  std::vector<std::string> credits;
  std::string setup_hours, idle_hours, disk, storage_months, dataset, upload_mbps, egress, extras, usd_cny;
  std::string interruptions, checkpoint_write, checkpoint_interval, restart, seed;
};

void apply(const CostFlags& f, const Context& ctx, Constraints& c) {
  if (!ctx.currency_flag.empty()) c.currency = ctx.currency_flag;
  c.student = f.student;
  c.new_user = f.new_user;
  c.internal_network = f.internal;
  c.credits = f.credits;
  if (!f.usd_cny.empty()) c.usd_cny = parse_number("--usd-cny", f.usd_cny, 0.1, 100);
  if (!f.setup_hours.empty()) c.setup_hours = parse_number("--setup-hours", f.setup_hours, 0, 1000);
  if (!f.idle_hours.empty()) c.idle_tail_hours = parse_number("--idle-hours", f.idle_hours, 0, 1000);
  if (!f.disk.empty()) c.disk_gb = parse_gb("--disk", f.disk);
  if (!f.storage_months.empty())
    c.storage_months = parse_number("--storage-months", f.storage_months, 0, 120);
  if (!f.dataset.empty()) c.dataset_gb = parse_gb("--dataset", f.dataset);
  if (!f.upload_mbps.empty()) c.upload_mbps = parse_number("--upload-mbps", f.upload_mbps, 0.1, 1e5);
  if (!f.egress.empty()) c.egress_gb = parse_gb("--egress", f.egress);
  if (!f.extras.empty()) c.extras_per_month = parse_number("--extras", f.extras, 0, 1e7);
  if (!f.interruptions.empty())
    c.interruptions_per_hour = parse_number("--interruptions", f.interruptions, 0, 10);
  if (!f.checkpoint_write.empty())
    c.checkpoint_write_minutes = parse_number("--checkpoint-write", f.checkpoint_write, 0, 600);
  if (!f.checkpoint_interval.empty())
    c.checkpoint_interval_hours = parse_hours("--checkpoint-interval", f.checkpoint_interval);
  if (!f.restart.empty()) c.restart_minutes = parse_number("--restart", f.restart, 0, 600);
  if (!f.seed.empty())
    c.seed = static_cast<std::uint64_t>(parse_number("--seed", f.seed, 0, 9007199254740992.0));
  if (!f.deadline.empty()) c.deadline_hours = parse_hours("--deadline", f.deadline);
}

void run(const CostFlags& f, Context& ctx) {
  const Catalog& cat = ctx.catalog();
  const Offer* offer = cat.offer(f.offer);
  if (!offer) throw unknown_offer_exit(f.offer);
  const Provider* provider = cat.provider(offer->provider);
  const Gpu* gpu = cat.gpu(offer->gpu);
  if (!provider || !gpu)
    throw Exit(kBadInput, "offer '" + offer->id + "' names a GPU or provider the catalog lacks",
               "报价 '" + offer->id + "' 引用的 GPU 或平台不在目录中");
  Constraints c;
  apply(f, ctx, c);
  const double hours = parse_hours("--hours", f.hours);
  const Pricing pricing = f.spot ? Pricing::spot : Pricing::on_demand;
  std::map<std::string, double> overrides;
  if (!f.price.empty()) overrides[offer->id] = parse_number("--price", f.price, 1e-6, 1e6);
  const OfferPrice price = offer_price(*offer, *provider, pricing, overrides);
  if (!price.available)
    throw Exit(kNoOffer, offer->id + " has no spot price and " + provider->name.en + " no spot discount",
               offer->id + " 没有竞价价格，" + provider->name.in(Lang::zh) + " 也没有竞价折扣");

  const double usd = exchange_rate(c, cat);
  BillRequest req;
  req.run_hours = {hours, hours, hours};
  req.price_per_hour = price.per_hour;
  req.price_currency = offer->currency;
  req.price_date = offer->price_date;
  req.pricing = pricing;
  std::optional<SpotResult> spot;
  if (pricing == Pricing::spot) {
    SpotInputs si;
    si.work_hours = hours;
    si.interruptions_per_hour = c.interruptions_per_hour
                                    ? *c.interruptions_per_hour
                                    : provider->spot_interruptions_per_hour.value_or(0.05);
    si.checkpoint_hours = c.checkpoint_write_minutes / 60.0;
    si.interval_hours = c.checkpoint_interval_hours;
    si.restart_hours = c.restart_minutes / 60.0;
    if (c.deadline_hours) si.deadline_hours = *c.deadline_hours;
    si.seed = c.seed;
    si.trials = 2000;
    spot = simulate_spot(si);
    req.run_hours = {spot->expected_hours, spot->expected_hours, spot->expected_hours};
    req.sessions = 1 + spot->expected_interruptions;
  }
  const Bill bill = price_bill(*provider, c, usd, req, true);
  const Lang lang = ctx.lang();
  const bool zh = lang == Lang::zh;
  const Format format = parse_format(f.format);

  if (format == Format::json) {
    nlohmann::json j = {{"offer", offer->id},           {"gpu", gpu->id},
                        {"provider", provider->id},     {"region", offer->region.en},
                        {"cards", offer->gpu_count},    {"pricing", std::string(to_string(pricing))},
                        {"job_hours", hours},           {"price_date", offer->price_date},
                        {"price_edited", price.edited}, {"price_estimate", price.estimate},
                        {"bill", bill_json(bill, lang)}};
    j["spot"] = spot ? spot_json(*spot, lang) : nlohmann::json(nullptr);
    std::cout << j.dump(2) << "\n";
    return;
  }
  if (format == Format::csv || format == Format::md) {
    Table t{{"kind", "label", "low", "likely", "high", "currency", "formula", "price_date"}, {}, {}};
    for (const CostLine& l : bill.lines)
      t.rows.push_back({l.kind, l.label.in(lang), fmt_num(l.amount.low, 2), fmt_num(l.amount.likely, 2),
                        fmt_num(l.amount.high, 2), bill.currency, l.explain.formula.in(lang), l.price_date});
    t.rows.push_back({"total", zh ? "合计" : "total", fmt_num(bill.total.low, 2),
                      fmt_num(bill.total.likely, 2), fmt_num(bill.total.high, 2), bill.currency, "", ""});
    std::cout << render(t, format, lang);
    return;
  }
  std::string out;
  out += provider->name.in(lang) + " · " + gpu->name + " x" + std::to_string(offer->gpu_count) + " · " +
         (pricing == Pricing::spot ? (zh ? "竞价" : "spot") : (zh ? "按量" : "on-demand")) + " · " +
         offer->region.in(lang) + "  (" + offer->id + (zh ? "，价格日期 " : ", price date ") +
         offer->price_date + ")\n";
  out += (zh ? "单价：" : "price: ") + format_money_per_hour(bill.price_per_hour_before, c.currency, lang);
  if (bill.price_per_hour_after < bill.price_per_hour_before - 1e-12)
    out += (zh ? "，折后 " : ", after discounts ") +
           format_money_per_hour(bill.price_per_hour_after, c.currency, lang);
  if (price.edited) out += zh ? "（已修改）" : " (edited)";
  if (price.estimate) out += zh ? "（估计值）" : " (estimate)";
  out += "\n";
  if (offer->currency != c.currency)
    out += (zh ? "汇率：1 美元 = " : "rate: 1 USD = ") + format_number(usd, 2) + (zh ? " 元\n" : " CNY\n");
  out += (zh ? "任务：" : "job: ") + format_hours(hours, lang) +
         (zh ? "；计费 GPU 时长 " : "; billed GPU hours ") + format_number(bill.billed_gpu_hours.likely, 2) +
         " " + unit_text("h").in(lang) + "\n";
  if (spot) {
    out += (zh ? "竞价：检查点间隔 " : "spot: checkpoint every ") + format_hours(spot->interval_hours, lang) +
           (spot->interval_is_default ? (zh ? "（Young/Daly 最优）" : " (Young/Daly optimum)") : "") +
           (zh ? "，预计 " : ", expected ") + format_hours(spot->expected_hours, lang) +
           (zh ? "，中断约 " : ", ") + format_number(spot->expected_interruptions, 1) +
           (zh ? " 次" : " interruptions");
    if (c.deadline_hours)
      out += (zh ? "，错过截止概率 " : ", P(miss deadline) ") +
             format_number(spot->p_miss_deadline * 100, 1) + "%";
    out += "\n";
  }
  out += "\n" + bill_text(bill, lang, true);
  std::cout << out;
}

void setup(CLI::App& root, Context& ctx) {
  static CostFlags f;
  CLI::App* cmd =
      root.add_subcommand("cost", "Price one offer for a number of job hours: the full bill, line by line");
  cmd->add_option("--offer", f.offer, "Offer id (see 'gpuwise catalog offers')")->required();
  cmd->add_option("--hours", f.hours, "Hours the job runs: 10, 10h, 2d, 90m")->required();
  cmd->add_flag("--spot", f.spot,
                "Price the spot/preemptible variant (interruptions, checkpoints, restarts)");
  cmd->add_option("--price", f.price,
                  "Your own on-demand price per hour for the whole offer (offer currency)");
  cmd->add_option("--deadline", f.deadline, "Deadline for the spot miss probability: 48h, 2d");
  cmd->add_flag("--student", f.student, "Apply student programmes");
  cmd->add_flag("--new-user", f.new_user, "Apply new-user coupons");
  cmd->add_option("--credit", f.credits, "A credit you hold (programme id, repeatable), e.g. aws-educate");
  cmd->add_option("--usd-cny", f.usd_cny, "Exchange rate, CNY per USD (default: the catalog's dated rate)");
  cmd->add_option("--setup-hours", f.setup_hours, "Setup/debugging hours billed before the job (default 1)");
  cmd->add_option("--idle-hours", f.idle_hours, "Hours left running after it ends (default 2)");
  cmd->add_option("--disk", f.disk, "Disk size, e.g. 100GB (default 100GB)");
  cmd->add_option("--storage-months", f.storage_months,
                  "Months the disk is kept (default: while the job runs)");
  cmd->add_option("--dataset", f.dataset, "Dataset uploaded once (default 20GB)");
  cmd->add_option("--upload-mbps", f.upload_mbps, "Your upload bandwidth, Mbit/s (default 100)");
  cmd->add_option("--egress", f.egress, "Results downloaded (default 5GB)");
  cmd->add_flag("--internal", f.internal, "Transfers stay on the provider's internal network");
  cmd->add_option("--extras", f.extras, "Monthly add-ons such as provisioned IOPS, in the chosen currency");
  cmd->add_option("--interruptions", f.interruptions,
                  "Spot interruptions per hour (default: the provider's)");
  cmd->add_option("--checkpoint-write", f.checkpoint_write, "Minutes to write a checkpoint (default 2)");
  cmd->add_option("--checkpoint-interval", f.checkpoint_interval,
                  "Hours between checkpoints (default Young/Daly)");
  cmd->add_option("--restart", f.restart, "Minutes to restart after an interruption (default 10)");
  cmd->add_option("--seed", f.seed, "Seed of the spot simulation (default 1)");
  add_format_option(cmd, f.format, {"table", "json", "csv", "md"});
  cmd->footer(
      "\nEvery line shows its formula, inputs and price date. Money is in --currency (default CNY).\n\n"
      "Examples:\n"
      "  gpuwise cost --offer autodl-cn-rtx-3090-x1 --hours 20\n"
      "  gpuwise cost --offer aws-us-east-1-t4-x1 --hours 72 --extras 2000 --currency CNY   # the article's "
      "IOPS surprise\n"
      "  gpuwise cost --offer aws-us-east-1-t4-x1 --hours 30 --spot --deadline 36h\n"
      "  gpuwise cost --offer aliyun-cn-hangzhou-t4-x1 --hours 10 --student --format json");
  cmd->callback([&ctx] { run(f, ctx); });
}

CommandRegistrar reg(40, &setup);

}  // namespace
}  // namespace gw::cli
