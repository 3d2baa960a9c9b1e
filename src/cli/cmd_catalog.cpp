// gpuwise catalog gpus|providers|offers|validate|export
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/cli.hpp"
#include "cli/today.hpp"
#include "engine/bundled.hpp"
#include "engine/catalog_fields.hpp"
#include "engine/gpu_specs.hpp"

namespace gw::cli {
namespace {

std::string opt(const std::optional<double>& v, int decimals) {
  return v ? fmt_num(*v, decimals) : "";
}
std::string opt(const std::optional<int>& v) {
  return v ? std::to_string(*v) : "";
}
// A catalog field as a cell (catalog_fields.hpp): numbers with the column's decimals, flags as yes/no, an
// enum as its word from the field's choices, an unknown as a blank (unknown is not "no").
template <class R>
std::string field_cell(const R& r, const CatalogField<R>& f, Lang lang) {
  return std::visit(
      [&](auto m) -> std::string {
        using M = std::decay_t<decltype(r.*m)>;
        const M& v = r.*m;
        if constexpr (std::is_same_v<M, std::string>)
          return v;
        else if constexpr (std::is_same_v<M, Text>)
          return v.in(lang);
        else if constexpr (std::is_same_v<M, double>)
          return fmt_num(v, f.decimals);
        else if constexpr (std::is_same_v<M, std::optional<double>>)
          return opt(v, f.decimals);
        else if constexpr (std::is_same_v<M, int>)
          return std::to_string(v);
        else if constexpr (std::is_same_v<M, std::optional<int>>)
          return opt(v);
        else if constexpr (std::is_same_v<M, bool>)
          return v ? "yes" : "no";
        else if constexpr (std::is_same_v<M, std::optional<bool>>)
          return v ? (*v ? "yes" : "no") : "";
        else if constexpr (std::is_enum_v<M>)
          return static_cast<std::size_t>(v) < f.choices.size() ? f.choices[static_cast<std::size_t>(v)] : "";
        else
          return "";
      },
      f.member);
}

// The cell of the field named `key` (a cell outside the table's columns).
template <class R>
std::string cell_of(const R& r, const std::vector<CatalogField<R>>& fields, std::string_view key) {
  for (const CatalogField<R>& f : fields)
    if (key == f.key) return field_cell(r, f, Lang::en);
  return "";
}

// The fields with a column heading, in table order; numbers right-aligned. `adjust` may rewrite a cell.
template <class R, class Adjust>
Table field_table(const std::vector<R>& list, const std::vector<CatalogField<R>>& fields, Lang lang,
                  Adjust adjust) {
  Table t;
  for (const CatalogField<R>& f : fields)
    if (*f.column) {
      t.headers.push_back(f.column);
      t.right_align.push_back(f.type == CatalogType::number || f.type == CatalogType::integer);
    }
  for (const R& r : list) {
    std::vector<std::string> row;
    for (const CatalogField<R>& f : fields)
      if (*f.column) row.push_back(adjust(r, f, field_cell(r, f, lang)));
    t.rows.push_back(std::move(row));
  }
  return t;
}

// FP64 is the vector rate, as on the web page; the tensor-core FP64 of the A100/H100 class has its own
// column. A figure the catalog lacks reads "none" (the GPU lacks the unit) or "?" (no source gave it), in
// `human`'s words: gpu_specs.hpp.
Table gpu_table(const Catalog& c, Lang human) {
  return field_table(c.gpus, gpu_fields(), Lang::en,
                     [human](const Gpu& g, const CatalogField<Gpu>& f, std::string cell) {
                       const std::string key = f.key == std::string("has_nvlink") ? "nvlink" : f.key;
                       if (!is_gpu_spec_key(key)) return cell;
                       const SpecState s = spec_state(g, key);
                       if (s == SpecState::value) return key == "ecc" ? ecc_cell(g).in(human) : cell;
                       return spec_missing_text(s).in(human);
                     });
}

// A fact no source gives, said in words: a blank would hide it (and unknown is not "no").
const char* unknown_cell(Lang lang) {
  return lang == Lang::zh ? "未知" : "unknown";
}

// A tri-state fact as a cell: "unknown" when no source says.
std::string tri(const std::optional<bool>& v, Lang lang) {
  if (!v) return unknown_cell(lang);
  if (lang == Lang::zh) return *v ? "是" : "否";
  return *v ? "yes" : "no";
}

// The payment methods a source confirms; "unknown" when none is.
std::string pay_cell(const ProviderAccess& a, Lang lang) {
  const bool zh = lang == Lang::zh;
  const std::pair<const std::optional<bool>*, std::pair<const char*, const char*>> methods[] = {
      {&a.alipay, {"alipay", "支付宝"}},
      {&a.wechat, {"wechat", "微信"}},
      {&a.unionpay, {"unionpay", "银联"}},
      {&a.card, {"card", "外卡"}},
      {&a.crypto, {"crypto", "加密货币"}}};
  std::string out;
  for (const auto& [v, name] : methods)
    if (*v && **v) out += (out.empty() ? "" : ",") + std::string(zh ? name.second : name.first);
  if (out.empty()) out = unknown_cell(lang);
  if (a.usd_only && *a.usd_only) out += zh ? "（仅美元）" : " (USD only)";
  return out;
}

std::string invoice_cell(const ProviderAccess& a, Lang lang) {
  const bool zh = lang == Lang::zh;
  std::string out;
  if (a.invoice_general && *a.invoice_general) out = zh ? "普票" : "general";
  if (a.invoice_special && *a.invoice_special)
    out += (out.empty() ? "" : ",") + std::string(zh ? "专票" : "special");
  if (out.empty() && a.invoice_general && !*a.invoice_general) out = zh ? "否" : "no";
  if (out.empty()) out = unknown_cell(lang);
  return out;
}

Table provider_table(const Catalog& c, Lang lang) {
  Table t{
      {"id", "name", "currency", "billing", "from_creation", "disk_per_gb_month", "egress_per_gb", "spot",
       "programs", "pay", "mainland", "real_name", "invoice", "min_topup", "source_date"},
      {},
      {false, false, false, false, false, true, true, false, true, false, false, false, false, true, false}};
  for (const Provider& p : c.providers) {
    const ProviderAccess& a = p.access;
    t.rows.push_back({p.id, p.name.in(lang), p.currency, cell_of(p, provider_fields(), "granularity"),
                      p.bills_from_creation ? "yes" : "no", opt(p.disk_running_per_gb_month, 3),
                      opt(p.egress_per_gb, 3), p.has_spot ? "yes" : "no", std::to_string(p.programs.size()),
                      pay_cell(a, lang), tri(a.mainland_reachable, lang), tri(a.real_name, lang),
                      invoice_cell(a, lang), opt(a.min_topup, 0), p.source_date});
  }
  return t;
}

// `lang` picks the region's language for people (table, md); scripts (json, csv) get English. "~" marks an
// estimated price.
Table offer_table(const Catalog& c, Lang lang) {
  return field_table(
      c.offers, offer_fields(), lang, [](const Offer& o, const CatalogField<Offer>& f, std::string cell) {
        if (o.price_is_estimate && f.member == CatalogMember<Offer>(&Offer::on_demand_per_hour))
          return "~" + cell;
        return cell;
      });
}

// Every catalog field with its type, unit and label: scripts/build_catalog.py checks its keys against it.
Table field_list_table(Lang lang) {
  Table t{{"section", "key", "type", "need", "prose", "unit", "label"}, {}, {}};
  for (const CatalogFieldInfo& f : catalog_field_list()) {
    const char* need = f.need == Need::required ? "required" : "optional";
    // "yes": may be left to the notes file (data/README.md), and then required only once it is applied.
    t.rows.push_back(
        {f.section, f.key, to_string(f.type), need, f.prose ? "yes" : "", f.unit, f.label.in(lang)});
  }
  return t;
}

void setup(CLI::App& root, Context& ctx) {
  CLI::App* cmd = root.add_subcommand("catalog", "Show, validate or export the GPU and price catalog");
  cmd->require_subcommand(1);
  cmd->footer(
      "\nExamples:\n  gpuwise catalog gpus\n  gpuwise catalog offers --format csv > offers.csv\n"
      "  gpuwise catalog export my-catalog.json   # edit prices, then:\n"
      "  gpuwise catalog validate my-catalog.json\n  gpuwise --catalog my-catalog.json recommend --preset "
      "bert-base-finetune");

  static std::string format;
  for (const char* what : {"gpus", "providers", "offers"}) {
    CLI::App* sub = cmd->add_subcommand(what, std::string("List the catalog's ") + what);
    add_format_option(sub, format, {"table", "json", "csv", "md"});
    const std::string kind = what;
    sub->footer("\nExamples:\n  gpuwise catalog " + kind + "\n  gpuwise --lang zh catalog " + kind +
                " --format md\n  gpuwise catalog " + kind + " --format csv > " + kind +
                ".csv    # json/csv keys stay English\n  gpuwise --catalog my-catalog.json catalog " + kind);
    sub->callback([&ctx, kind] {
      const Catalog& c = ctx.catalog();
      const Format fmt = parse_format(format);
      const Lang human = fmt == Format::table || fmt == Format::md ? ctx.lang() : Lang::en;
      Table t = kind == "gpus"        ? gpu_table(c, human)
                : kind == "providers" ? provider_table(c, ctx.lang())
                                      : offer_table(c, human);
      std::cout << render(t, parse_format(format), ctx.lang());
      if (parse_format(format) != Format::table) return;
      if (ctx.lang() == Lang::zh)
        std::cout << "\n共 " << t.rows.size()
                  << (kind == "gpus"        ? " 种 GPU"
                      : kind == "providers" ? " 个平台"
                                            : " 条报价")
                  << " · 价目表 " << c.catalog_version << "（" << c.catalog_date << "）\n";
      else
        std::cout << "\n"
                  << t.rows.size() << " " << kind << " · catalog " << c.catalog_version << " ("
                  << c.catalog_date << ")\n";
    });
  }

  CLI::App* fields = cmd->add_subcommand("fields", "List every catalog field: its key, type, unit and label");
  add_format_option(fields, format, {"table", "json", "csv", "md"});
  fields->footer(
      "\nThe catalog's JSON keys, by section (providers/programs: a provider's programmes).\n\nExamples:\n"
      "  gpuwise catalog fields\n  gpuwise catalog fields --format json");
  fields->callback([&ctx] {
    const Format fmt = parse_format(format);
    const Lang human = fmt == Format::table || fmt == Format::md ? ctx.lang() : Lang::en;
    std::cout << render(field_list_table(human), fmt, ctx.lang());
  });

  // Prices older than N months, by today's date (the engine is given the date; it reads no clock).
  static int stale_months = kStaleMonths;
  static std::string stale_today;
  CLI::App* stale = cmd->add_subcommand("stale", "List prices older than N months (default 6), oldest first");
  stale->add_option("--months", stale_months, "Age in months above which a price is stale (default 6)")
      ->check(CLI::Range(0, 1200).description(""))
      ->type_name("MONTHS");
  stale->add_option("--today", stale_today, "Date to measure from, YYYY-MM-DD (default: today)")
      ->type_name("DATE");
  add_format_option(stale, format, {"table", "json", "csv", "md"});
  stale->footer(
      "\nExamples:\n  gpuwise catalog stale\n  gpuwise catalog stale --months 3 --format csv\n"
      "  gpuwise --catalog my-catalog.json catalog stale --today 2027-01-01");
  stale->callback([&ctx] {
    const std::string today = stale_today.empty() ? cli_today() : stale_today;
    if (price_age_months("2000-01", today) < 0)
      throw Exit(kUsage, "catalog stale: --today: '" + today + "' is not a date (YYYY-MM-DD)",
                 "catalog stale：--today：'" + today + "' 不是日期（YYYY-MM-DD）");
    const Catalog& c = ctx.catalog();
    const Format fmt = parse_format(format);
    const Lang human = fmt == Format::table || fmt == Format::md ? ctx.lang() : Lang::en;
    Table t{{"id", "provider", "gpu", "cards", "on_demand_per_hour", "currency", "price_date", "age_months"},
            {},
            {false, false, false, true, true, false, false, true}};
    const std::vector<StalePrice> list = stale_prices(c, today, stale_months);
    for (const StalePrice& s : list) {
      const Offer& o = c.offers[s.offer_index];
      const Provider* p = c.provider(o.provider);
      t.rows.push_back({o.id, p ? p->name.in(human) : o.provider, o.gpu, std::to_string(o.gpu_count),
                        fmt_num(o.on_demand_per_hour, 3), o.currency, o.price_date,
                        std::to_string(s.age_months)});
    }
    std::cout << render(t, fmt, ctx.lang());
    if (fmt != Format::table) return;
    if (ctx.lang() == Lang::zh)
      std::cout << "\n"
                << list.size() << " / " << c.offers.size() << " 条报价的价格早于 " << stale_months
                << " 个月（以 " << today << " 计）· 价目表 " << c.catalog_version << "（" << c.catalog_date
                << "）\n";
    else
      std::cout << "\n"
                << list.size() << " of " << c.offers.size() << " prices are older than " << stale_months
                << " months on " << today << " · catalog " << c.catalog_version << " (" << c.catalog_date
                << ")\n";
  });

  static std::string file;
  CLI::App* validate =
      cmd->add_subcommand("validate", "Check a catalog JSON file; lists every problem with its path");
  validate->add_option("FILE", file, "Catalog JSON file, or - for stdin")->required();
  validate->footer(
      "\nEvery problem is listed with its JSON path; exit 3 when there is any.\n\nExamples:\n"
      "  gpuwise catalog validate my-catalog.json\n  gpuwise catalog export | gpuwise catalog validate -");
  validate->callback([&ctx] {
    const CatalogLoad load = load_catalog_file(file);
    if (load.catalog && ctx.lang() == Lang::zh) {
      std::cout << file << "：没有问题（" << load.catalog->gpus.size() << " 种 GPU，"
                << load.catalog->providers.size() << " 个平台，" << load.catalog->offers.size()
                << " 条报价）\n";
      return;
    }
    if (load.catalog) {
      std::cout << file << ": ok (" << load.catalog->gpus.size() << " GPUs, "
                << load.catalog->providers.size() << " providers, " << load.catalog->offers.size()
                << " offers)\n";
      return;
    }
    const std::string n = std::to_string(load.problems.size());
    throw problems_exit(kBadInput, file + ": " + n + " problem(s)", file + "：" + n + " 个问题",
                        load.problems);
  });

  static std::string out_file;
  CLI::App* exp = cmd->add_subcommand(
      "export", "Write the catalog in use (bundled by default) as JSON to start your own");
  exp->add_option("FILE", out_file, "Output file (default: stdout)");
  exp->footer(
      "\nExamples:\n  gpuwise catalog export my-catalog.json\n"
      "  gpuwise --catalog my-catalog.json catalog export > copy.json   # the catalog in use, re-serialised");
  exp->callback([&ctx] {
    const std::string json = catalog_to_json(ctx.catalog());
    if (out_file.empty() || out_file == "-") {
      std::cout << json;
      return;
    }
    std::FILE* f = std::fopen(out_file.c_str(), "wb");
    if (!f || std::fwrite(json.data(), 1, json.size(), f) != json.size()) {
      if (f) std::fclose(f);
      throw Exit(kBadInput, "cannot write '" + out_file + "'", "无法写入 '" + out_file + "'");
    }
    std::fclose(f);
    std::cerr << (ctx.lang() == Lang::zh ? "已写入 " : "wrote ") << out_file << "\n";
  });
}

CommandRegistrar reg(10, &setup);

}  // namespace
}  // namespace gw::cli
