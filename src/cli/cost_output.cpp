// JSON and text for bills, spot results and recommendation rows.
#include "cli/cost_output.hpp"

#include <cmath>

#include "cli/cli.hpp"
#include "cli/json_number.hpp"

namespace gw::cli {

using nlohmann::json;

namespace {
json num(double v) {
  return json_number<json>(v);
}
}  // namespace

json range_json(const Range& r) {
  return {{"low", num(r.low)}, {"likely", num(r.likely)}, {"high", num(r.high)}};
}

json explain_json(const Explain& e, Lang lang) {
  json inputs = json::array();
  for (const ExplainInput& in : e.inputs)
    inputs.push_back({{"name", lang == Lang::zh && !in.name_zh.empty() ? in.name_zh : in.name},
                      {"value", num(in.value)},
                      {"unit", in.unit}});
  return {{"formula", e.formula.in(lang)}, {"inputs", inputs}, {"note", e.note.in(lang)}};
}

json bill_json(const Bill& b, Lang lang) {
  json lines = json::array();
  for (const CostLine& l : b.lines)
    lines.push_back({{"kind", std::string(to_string(l.kind))},
                     {"label", l.label.in(lang)},
                     {"amount", range_json(l.amount)},
                     {"explain", explain_json(l.explain, lang)},
                     {"price_date", l.price_date}});
  json programs = json::array();
  for (const AppliedProgram& p : b.programs)
    programs.push_back({{"id", p.id},
                        {"name", p.name.in(lang)},
                        {"kind", std::string(to_string(p.kind))},
                        {"saving", num(p.saving)}});
  json notes = json::array();
  for (const Text& t : b.notes) notes.push_back(t.in(lang));
  json j = {{"currency", b.currency},
            {"usd_cny", num(b.usd_cny)},
            {"total", range_json(b.total)},
            {"total_before_discount", range_json(b.total_before_discount)},
            {"billed_gpu_hours", range_json(b.billed_gpu_hours)},
            {"price_per_hour_before", num(b.price_per_hour_before)},
            {"price_per_hour_after", num(b.price_per_hour_after)},
            {"upload_hours", num(b.upload_hours)},
            {"storage_hours", num(b.storage_hours)},
            {"programs", programs},
            {"lines", lines},
            {"notes", notes}};
  for (const BillCategoryInfo& cat : bill_categories()) j[cat.key] = range_json(b.*cat.amount);
  return j;
}

json spot_json(const SpotResult& s, Lang lang) {
  return {{"checkpoint_interval_hours", num(s.interval_hours)},
          {"interval_is_young_daly", s.interval_is_default},
          {"checkpoints", s.checkpoints},
          {"expected_hours", num(s.expected_hours)},
          {"stddev_hours", num(s.stddev_hours)},
          {"p90_hours", num(s.p90_hours)},
          {"overhead_fraction", num(s.overhead_fraction)},
          {"expected_interruptions", num(s.expected_interruptions)},
          {"p_miss_deadline", num(s.p_miss_deadline)},
          {"method", s.method},
          {"explain", explain_json(s.explain, lang)}};
}

json row_json(const Row& r, const Report& report, Lang lang) {
  auto texts = [&](const std::vector<Text>& v) {
    json a = json::array();
    for (const Text& t : v) a.push_back(t.in(lang));
    return a;
  };
  const MemoryBreakdown& m = r.memory;
  json j = {{"rank", r.rank},
            {"offer", r.offer},
            {"gpu", r.gpu},
            {"gpu_name", r.gpu_name},
            {"provider", r.provider},
            {"provider_name", r.provider_name.in(lang)},
            {"region", r.region.en},
            {"pricing", std::string(to_string(r.pricing))},
            {"cards", r.cards},
            {"nodes", r.nodes},
            {"interconnect", r.interconnect.empty() ? json(nullptr) : json(r.interconnect.in(lang))},
            {"change", change_key(r.change)},
            {"change_text", r.change_text.in(lang)},
            {"fit", std::string(to_string(r.fit))},
            {"vram_gib", num(r.vram_gib)},
            {"need_gib", num(r.need_gib)},
            {"headroom_gib", num(r.headroom_gib)},
            {"memory_gib",
             {{"total", num(m.total_gib())},
              {"weights", num(m.weights_gib)},
              {"gradients", num(m.gradients_gib)},
              {"optimizer", num(m.optimizer_gib)},
              {"activations", num(m.activations_gib)},
              {"kv_cache", num(m.kv_cache_gib)},
              {"overhead", num(m.overhead_gib)}}},
            {"work_known", r.work_known},
            {"hours", range_json(r.hours)},
            {"finish_hours", range_json(r.finish_hours)},
            {"speedup", num(r.speedup)},
            {"scaling_efficiency", num(r.scaling_efficiency)},
            {"unit_used", r.unit_used},
            {"cost", range_json(r.cost)},
            {"currency", report.currency},
            {"price_per_hour", num(r.price_per_hour)},
            {"price_per_hour_after", num(r.price_per_hour_after)},
            {"value_coefficient", num(r.value_coefficient)},
            {"price_date", r.price_date},
            {"price_age_months", r.price_age_months},
            {"price_stale", r.price_stale},
            {"price_estimate", r.price_estimate},
            {"price_edited", r.price_edited},
            {"risk", std::string(to_string(r.risk))},
            {"risks", texts(r.risks)},
            {"pareto", r.pareto},
            {"fallback", r.fallback >= 0 && r.fallback < static_cast<int>(report.rows.size())
                             ? json(report.rows[static_cast<std::size_t>(r.fallback)].offer)
                             : json(nullptr)},
            {"reason", r.reason.in(lang)},
            {"warnings", texts(r.warnings)},
            {"notes", texts(r.notes)},
            {"bill", bill_json(r.bill, lang)},
            {"time_explain", explain_json(r.time_explain, lang)},
            {"memory_explain", explain_json(r.memory_explain, lang)}};
  j["spot"] = r.spot ? spot_json(*r.spot, lang) : json(nullptr);
  return j;
}

std::string money_range(const Range& r, const std::string& currency) {
  const std::string lo = format_money(r.low, currency), hi = format_money(r.high, currency);
  return lo == hi ? lo : lo + "-" + hi;
}

std::string hours_range(const Range& r, Lang lang) {
  const std::string lo = format_hours(r.low, lang), hi = format_hours(r.high, lang);
  return lo == hi ? lo : lo + "-" + hi;
}

std::string bill_text(const Bill& b, Lang lang, bool with_formulas) {
  const bool zh = lang == Lang::zh;
  Table t;
  t.headers = {zh ? "项目" : "item", zh ? "金额" : "amount"};
  t.right_align = {false, true, false};
  if (with_formulas) t.headers.push_back(zh ? "公式与输入" : "formula and inputs");
  for (const CostLine& l : b.lines) {
    std::vector<std::string> row = {l.label.in(lang), money_range(l.amount, b.currency)};
    if (with_formulas) {
      std::string f = l.explain.formula.in(lang);
      std::string inputs;
      for (const ExplainInput& in : l.explain.inputs)
        inputs += (inputs.empty() ? "" : ", ") + (zh && !in.name_zh.empty() ? in.name_zh : in.name) + " " +
                  format_number(in.value, std::fabs(in.value) < 10     ? 3
                                          : std::fabs(in.value) < 1000 ? 2
                                                                       : 0) +
                  (in.unit.empty() ? "" : " " + unit_text(in.unit).in(lang));
      if (!l.price_date.empty())
        inputs += (inputs.empty() ? "" : "; ") + std::string(zh ? "价格日期 " : "price date ") + l.price_date;
      row.push_back(f + " [" + inputs + "]");
    }
    t.rows.push_back(std::move(row));
  }
  t.rows.push_back({zh ? "合计" : "total", money_range(b.total, b.currency)});
  if (b.discount.likely > 0)
    t.rows.push_back({zh ? "折扣前" : "before discounts", money_range(b.total_before_discount, b.currency)});
  std::string out = render(t, Format::table);
  for (const Text& n : b.notes) out += (zh ? "注：" : "note: ") + n.in(lang) + "\n";
  return out;
}

const Offer* cheapest_offer(const Catalog& cat, const Gpu& gpu, const std::string& currency, double usd_cny,
                            double& per_card_price) {
  const Offer* best = nullptr;
  for (const Offer& o : cat.offers) {
    if (o.gpu != gpu.id || o.gpu_count < 1 || !(o.on_demand_per_hour > 0)) continue;
    const double p = convert_money(o.on_demand_per_hour / o.gpu_count, o.currency, currency, usd_cny);
    if (!best || p < per_card_price) {
      best = &o;
      per_card_price = p;
    }
  }
  return best;
}

const Offer& cheapest_offer_matching(const Catalog& cat, const std::string& flag, const std::string& query,
                                     const std::string& currency, double usd_cny, double& per_card_price) {
  const GpuMatch m = find_gpu(cat, query);
  std::vector<const Gpu*> gpus = m.candidates;
  if (m.gpu) gpus = {m.gpu};
  if (gpus.empty()) throw gpu_query_exit(flag, query, {});
  const Offer* best = nullptr;
  for (const Gpu* g : gpus) {
    double p = 0;
    const Offer* o = cheapest_offer(cat, *g, currency, usd_cny, p);
    if (o && (!best || p < per_card_price)) {
      best = o;
      per_card_price = p;
    }
  }
  if (!best)
    throw Exit(kUsage, flag + ": the catalog has no offer for '" + query + "'; give the price by hand",
               flag + "：目录中没有 '" + query + "' 的报价；请手动给出价格");
  return *best;
}

const Gpu& resolve_gpu_flag(const Catalog& cat, const std::string& flag, const std::string& query) {
  const GpuMatch m = find_gpu(cat, query);
  if (m.gpu) return *m.gpu;
  throw gpu_query_exit(flag, query, m.candidates);
}

std::string render_key_values(const KeyValues& kv, const Explain& explain, const std::vector<Text>& notes,
                              Lang lang, const std::string& format) {
  const Format f = parse_format(format);
  if (f == Format::json) {
    json j = kv.json;
    j["explain"] = explain_json(explain, lang);
    json n = json::array();
    for (const Text& t : notes) n.push_back(t.in(lang));
    j["notes"] = n;
    return j.dump(2) + "\n";
  }
  const bool zh = lang == Lang::zh;
  Table t{{"quantity", "value"}, {}, {false, true}};
  for (const auto& [k, v] : kv.rows) t.rows.push_back({k, v});
  std::string out = render(t, f, lang);
  if (f != Format::table) return out;
  out += "\n" + explain_text(explain, lang);
  for (const Text& n : notes) out += (zh ? "注：" : "note: ") + n.in(lang) + "\n";
  return out;
}

}  // namespace gw::cli
