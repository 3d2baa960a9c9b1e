#include "app/export.hpp"

#include "app/format.hpp"
#include "app/i18n.hpp"

namespace gw::app {

namespace {

std::string cell(const std::string& v, TableFormat f) {
  if (f == TableFormat::tsv) {
    std::string out = v;
    for (char& c : out)
      if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    return out;
  }
  if (f == TableFormat::markdown) {
    std::string out;
    for (char c : v) {
      if (c == '|')
        out += "\\|";
      else if (c == '\n' || c == '\r')
        out += ' ';
      else
        out += c;
    }
    return out;
  }
  // CSV (RFC 4180): quote when needed, double the quotes.
  if (v.find_first_of(",\"\n\r") == std::string::npos) return v;
  std::string out = "\"";
  for (char c : v) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string line(const std::vector<std::string>& cells, TableFormat f) {
  std::string out = f == TableFormat::markdown ? "| " : "";
  const char* sep = f == TableFormat::tsv ? "\t" : f == TableFormat::csv ? "," : " | ";
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i) out += sep;
    out += cell(cells[i], f);
  }
  return out + (f == TableFormat::markdown ? " |\n" : f == TableFormat::csv ? "\r\n" : "\n");
}

}  // namespace

std::vector<const Row*> rows_for_export(const AppState& s, const std::vector<int>& shown) {
  std::vector<const Row*> out;
  for (int i : shown) {
    const Row& r = s.report.rows[static_cast<std::size_t>(i)];
    if (s.res.selected.empty() || s.res.selected.count(row_key(r))) out.push_back(&r);
  }
  return out;
}

std::string results_table(const AppState& s, const std::vector<const Row*>& rows, TableFormat f) {
  const std::string& cur = s.report.currency;
  const std::vector<std::string> head = {tr("Rank", "排名"),
                                         tr("GPU", "显卡"),
                                         tr("Cards", "卡数"),
                                         tr("Provider", "平台"),
                                         tr("Region", "地区"),
                                         tr("Pricing", "计费"),
                                         tr("Hours to done", "完成小时"),
                                         std::string(tr("Total cost", "总费用")) + " (" + cur + ")",
                                         std::string(tr("Per hour", "每小时")) + " (" + cur + ")",
                                         "kWh",
                                         tr("kg CO2e", "碳排 kg"),
                                         tr("Memory need GiB", "所需显存 GiB"),
                                         tr("VRAM GiB", "显存 GiB"),
                                         tr("Price date", "价格日期"),
                                         tr("Offer", "报价编号")};
  std::string out = line(head, f);
  if (f == TableFormat::markdown) {
    std::vector<std::string> dashes(head.size(), "---");
    out += line(dashes, f);
  }
  for (const Row* r : rows) {
    out +=
        line({std::to_string(r->rank), r->gpu_name, std::to_string(r->cards), tr(r->provider_name),
              tr(r->region), r->pricing == Pricing::spot ? tr("spot", "竞价") : tr("on-demand", "按量"),
              plain(r->finish_hours.likely, 2), plain(r->cost.likely, 2), plain(r->price_per_hour_after, 2),
              // Energy and CO2e (energy.hpp): a word, never 0, when unknown.
              r->work_known && r->energy.known ? plain(r->energy.kwh, 2) : tr("unknown", "未知"),
              r->work_known && r->energy.kg_co2e ? plain(*r->energy.kg_co2e, 2) : tr("unknown", "未知"),
              plain(r->need_gib, 1), plain(r->vram_gib, 0), r->price_date, r->offer},
             f);
  }
  return out;
}

}  // namespace gw::app
