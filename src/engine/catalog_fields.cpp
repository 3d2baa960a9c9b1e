// The catalog's field tables (catalog_fields.hpp). Order is the order catalog_to_json writes and
// load_catalog reads (and so the order of its problems).
#include "engine/catalog_fields.hpp"

#include "engine/kinds.hpp"

namespace gw {
namespace {

using T = CatalogType;

// Far above any real value (catalog_fields.hpp).
constexpr CatalogRange kPrice{0, true, 1e5};
// An on-demand price of exactly 0 is a free offer (Kaggle's notebooks, within their weekly quota).
constexpr CatalogRange kPriceOrFree{0, false, 1e5};
constexpr CatalogRange kPackagePrice{0, true, 1e8};  // a month of an 8-card offer
constexpr CatalogRange kMoneyPerGb{0, false, 1e4};
constexpr CatalogRange kFraction{0, false, 1};
constexpr CatalogRange kDerate{0, true, 1};
constexpr CatalogRange kThroughput{0, true, 1e6};
constexpr CatalogRange kVram{0, true, 1e4};
constexpr CatalogRange kClockOrPower{0, true, 1e5};
constexpr CatalogRange kSeconds{0, false, 31 * 86400.0};
constexpr CatalogRange kPerHour{0, false, 60};
constexpr CatalogRange kGb{0, false, 1e7};
constexpr CatalogRange kAmount{0, true, 1e7};
constexpr CatalogRange kMinSpend{0, false, 1e7};
constexpr CatalogRange kUsdCny{1, true, 50};
constexpr CatalogRange kSessionHours{0, true, 1e4};  // hours or minutes of a session, hours of a week

// A label as the tables write it, two literals: its Text is built in one place (label_text) instead of at
// every entry (issue 20, the page's download: scripts/bench-size.py's "field tables" line).
struct Words {
  const char* en;
  const char* zh;
};
[[gnu::noinline]] Text label_text(Words w) {
  return {w.en, w.zh};
}

template <class R, class M>
CatalogField<R> make(const char* key, T type, Need need, M R::*member, Words label) {
  CatalogField<R> f;
  f.key = key;
  f.type = type;
  f.need = need;
  f.member = member;
  f.label = label_text(label);
  return f;
}
template <class R, class M>
CatalogField<R> num(const char* key, Need need, M R::*member, CatalogRange range, const char* unit,
                    Words label) {
  CatalogField<R> f = make(key, T::number, need, member, label);
  f.range = range;
  f.unit = unit;
  return f;
}
template <class R, class M>
CatalogField<R> whole(const char* key, Need need, M R::*member, CatalogRange range, Words label) {
  CatalogField<R> f = make(key, T::integer, need, member, label);
  f.range = range;
  return f;
}
template <class R, class M>
CatalogField<R> choice(const char* key, Need need, M R::*member, std::vector<const char*> choices,
                       Words label) {
  CatalogField<R> f = make(key, T::choice, need, member, label);
  f.choices = std::move(choices);
  return f;
}
// A `gpuwise catalog` column.
template <class R>
CatalogField<R> column(CatalogField<R> f, const char* heading, int decimals = 0) {
  f.column = heading;
  f.decimals = decimals;
  return f;
}

constexpr Need req = Need::required, opt = Need::optional;

// A field the catalog may leave to its notes file (CatalogField::prose).
template <class R>
CatalogField<R> prose(CatalogField<R> f) {
  f.prose = true;
  return f;
}
const std::vector<const char*> kCurrencies{"CNY", "USD"};

// Indexed by ProgramKind (test_kind_tables checks the order).
const ProgramKindInfo kProgramKindTable[kProgramKinds] = {
    {ProgramKind::student_discount, "student_discount", {"Student discount", "学生优惠"}},
    {ProgramKind::coupon, "coupon", {"Coupon", "优惠券"}},
    {ProgramKind::credit, "credit", {"Credit", "额度"}},
    {ProgramKind::member_discount, "member_discount", {"Member discount", "会员折扣"}},
};

}  // namespace

const ProgramKindInfo& program_kind_info(ProgramKind k) {
  return kind_entry(kProgramKindTable, k);
}

std::string_view to_string(ProgramKind k) {
  return program_kind_info(k).key;
}

const char* to_string(CatalogType t) {
  switch (t) {
    case T::id:
      return "id";
    case T::string:
      return "string";
    case T::choice:
      return "choice";
    case T::date:
      return "date";
    case T::text:
      return "text";
    case T::label:
      return "label";
    case T::number:
      return "number";
    case T::integer:
      return "integer";
    case T::flag:
      return "flag";
    case T::list:
      return "list";
    case T::records:
      return "records";
    case T::record:
      return "record";
  }
  return "";
}

const std::vector<CatalogField<Catalog>>& catalog_top_fields() {
  using C = Catalog;
  static const std::vector<CatalogField<C>> t = {
      whole("schema_version", req, &C::schema_version, {-1000000, false, 1000000},
            {"Schema version", "格式版本"}),
      make("catalog_version", T::string, req, &C::catalog_version, {"Catalog version", "价目版本"}),
      make("catalog_date", T::date, req, &C::catalog_date, {"Catalog date", "价目日期"}),
      num("usd_cny", req, &C::usd_cny, kUsdCny, "CNY per USD", {"Exchange rate", "汇率"}),
      make("usd_cny_date", T::date, req, &C::usd_cny_date, {"Exchange rate date", "汇率日期"}),
      make("notes_file", T::string, opt, &C::notes_file, {"Notes file", "注释文件"}),
      make("gpus", T::records, req, &C::gpus, {"GPUs", "显卡"}),
      make("providers", T::records, req, &C::providers, {"Providers", "平台"}),
      make("offers", T::records, req, &C::offers, {"Offers", "报价"}),
      make("unpriced", T::records, opt, &C::unpriced, {"Platforms without a price", "未收录价格的平台"}),
  };
  return t;
}

const std::vector<CatalogField<Gpu>>& gpu_fields() {
  using G = Gpu;
  static const std::vector<CatalogField<G>> t = {
      column(make("id", T::id, req, &G::id, {"Id", "编号"}), "id"),
      column(make("name", T::string, req, &G::name, {"Name", "名称"}), "name"),
      make("aliases", T::list, opt, &G::aliases, {"Other names", "别名"}),
      make("vendor", T::string, req, &G::vendor, {"Vendor", "厂商"}),
      make("segment", T::string, opt, &G::segment, {"Segment", "定位"}),
      column(make("architecture", T::string, opt, &G::architecture, {"Architecture", "架构"}), "arch"),
      whole("release_year", opt, &G::release_year, {1990, false, 2100}, {"Release year", "发布年份"}),
      column(num("vram_gib", req, &G::vram_gib, kVram, "GiB", {"Memory", "显存"}), "vram_gib"),
      make("memory_type", T::string, opt, &G::memory_type, {"Memory type", "显存类型"}),
      column(num("memory_bandwidth_gbs", opt, &G::memory_bandwidth_gbs, kThroughput, "GB/s",
                 {"Memory bandwidth", "显存带宽"}),
             "bandwidth_gbs"),
      num("boost_clock_mhz", opt, &G::boost_clock_mhz, kClockOrPower, "MHz", {"Boost clock", "加速频率"}),
      whole("cuda_cores", opt, &G::cuda_cores, {1, false, 10000000}, {"CUDA cores", "CUDA 核心数"}),
      whole("tensor_cores", opt, &G::tensor_cores, {0, false, 10000000}, {"Tensor cores", "张量核心数"}),
      column(num("fp32_tflops", opt, &G::fp32_tflops, kThroughput, "TFLOPS", {"FP32", "FP32"}), "fp32_tflops",
             1),
      num("fp16_tensor_fp16acc_tflops", opt, &G::fp16_tensor_fp16acc_tflops, kThroughput, "TFLOPS",
          {"FP16 tensor, FP16 accumulate (dense)", "FP16 张量（FP16 累加，稠密）"}),
      column(num("fp16_tensor_fp32acc_tflops", opt, &G::fp16_tensor_fp32acc_tflops, kThroughput, "TFLOPS",
                 {"FP16 tensor, FP32 accumulate (dense)", "FP16 张量（FP32 累加，稠密）"}),
             "fp16_tc_fp32acc_tflops", 1),
      column(num("bf16_tensor_tflops", opt, &G::bf16_tensor_tflops, kThroughput, "TFLOPS",
                 {"BF16 tensor", "BF16 张量"}),
             "bf16_tflops", 1),
      column(num("tf32_tensor_tflops", opt, &G::tf32_tensor_tflops, kThroughput, "TFLOPS",
                 {"TF32 tensor", "TF32 张量"}),
             "tf32_tflops", 1),
      num("fp8_tensor_tflops", opt, &G::fp8_tensor_tflops, kThroughput, "TFLOPS", {"FP8 tensor", "FP8 张量"}),
      column(
          num("fp64_tflops", opt, &G::fp64_tflops, kThroughput, "TFLOPS", {"FP64 (vector)", "FP64（向量）"}),
          "fp64_tflops", 2),
      column(num("fp64_tensor_tflops", opt, &G::fp64_tensor_tflops, kThroughput, "TFLOPS",
                 {"FP64 tensor", "FP64 张量"}),
             "fp64_tensor_tflops", 1),
      column(num("int8_tensor_tops", opt, &G::int8_tensor_tops, kThroughput, "TOPS",
                 {"INT8 tensor", "INT8 张量"}),
             "int8_tops"),
      column(num("tdp_w", opt, &G::tdp_w, kClockOrPower, "W", {"Board power", "功耗"}), "tdp_w"),
      column(make("pcie", T::string, opt, &G::pcie, {"PCIe", "PCIe"}), "pcie"),
      whole("pcie_gen", opt, &G::pcie_gen, {1, false, 7}, {"PCIe generation", "PCIe 代数"}),
      whole("pcie_lanes", opt, &G::pcie_lanes, {1, false, 32}, {"PCIe lanes", "PCIe 通道数"}),
      make("nvlink", T::string, opt, &G::nvlink, {"NVLink (as printed)", "NVLink（规格原文）"}),
      column(make("has_nvlink", T::flag, opt, &G::has_nvlink, {"Has NVLink", "支持 NVLink"}), "nvlink"),
      column(make("ecc", T::flag, opt, &G::ecc, {"ECC memory", "ECC 显存"}), "ecc"),
      column(make("nvenc", T::string, opt, &G::nvenc, {"NVENC", "NVENC"}), "nvenc"),
      make("nvdec", T::string, opt, &G::nvdec, {"NVDEC", "NVDEC"}),
      // Figures the GPU lacks, and figures no source gave (gpu_specs.hpp): never the same thing.
      make("not_supported", T::list, opt, &G::not_supported, {"Not supported", "不支持"}),
      make("unknown", T::list, opt, &G::unknown, {"Unknown", "未知"}),
      column(make("compute_capability", T::string, opt, &G::compute_capability,
                  {"Compute capability", "计算能力"}),
             "cc"),
      prose(make("source", T::string, opt, &G::source, {"Source", "来源"})),
      prose(make("notes", T::string, opt, &G::notes, {"Notes", "备注"})),
  };
  return t;
}

const std::vector<CatalogField<Program>>& program_fields() {
  using P = Program;
  static const std::vector<CatalogField<P>> t = [] {
    std::vector<CatalogField<P>> v = {
        make("id", T::id, req, &P::id, {"Id", "编号"}),
        choice("kind", req, &P::kind, kind_keys(kProgramKinds, &program_kind_info), {"Kind", "类型"}),
        make("name", T::text, req, &P::name, {"Name", "名称"}),
        num("discount_fraction", opt, &P::discount_fraction, kFraction, "fraction off", {"Discount", "折扣"}),
        num("amount", opt, &P::amount, kAmount, "currency", {"Amount", "金额"}),
        choice("currency", opt, &P::currency, kCurrencies, {"Currency", "币种"}),
        num("min_spend", opt, &P::min_spend, kMinSpend, "currency", {"Minimum spend", "最低消费"}),
        whole("expiry_days", opt, &P::expiry_days, {1, false, 3650}, {"Valid for (days)", "有效天数"}),
        make("stackable", T::flag, opt, &P::stackable, {"Stacks with others", "可叠加"}),
        make("applies_to_gpu", T::flag, opt, &P::applies_to_gpu, {"Applies to GPUs", "适用于 GPU"}),
        make("applies_to_spot", T::flag, opt, &P::applies_to_spot, {"Applies to spot", "适用于竞价实例"}),
        num("cap", opt, &P::cap, kAmount, "currency", {"Most saved per order", "每单最多优惠"}),
        make("expires", T::date, opt, &P::expires, {"Ends", "截止日期"}),
        make("needs_student", T::flag, opt, &P::needs_student, {"Students only", "仅限学生"}),
        make("new_users_only", T::flag, opt, &P::new_users_only, {"New users only", "仅限新用户"}),
        prose(make("qualifies", T::text, opt, &P::qualifies, {"Who qualifies", "适用对象"})),
        prose(make("covers", T::text, opt, &P::covers, {"Covers", "适用范围"})),
        prose(make("notes", T::text, opt, &P::notes, {"Notes", "备注"})),
        prose(make("source", T::string, req, &P::source, {"Source", "来源"})),
        make("source_date", T::date, opt, &P::source_date, {"Source date", "来源日期"}),
    };
    // A sum of money needs its currency.
    v[5].required_with = {"amount", "min_spend", "cap"};
    return v;
  }();
  return t;
}

const std::vector<CatalogField<ProviderAccess>>& access_fields() {
  using A = ProviderAccess;
  static const std::vector<CatalogField<A>> t = {
      make("alipay", T::flag, opt, &A::alipay, {"Alipay", "支付宝"}),
      make("wechat", T::flag, opt, &A::wechat, {"WeChat Pay", "微信支付"}),
      make("unionpay", T::flag, opt, &A::unionpay, {"UnionPay", "银联"}),
      make("card", T::flag, opt, &A::card, {"Foreign credit card", "外币信用卡"}),
      make("crypto", T::flag, opt, &A::crypto, {"Cryptocurrency", "加密货币"}),
      make("usd_only", T::flag, opt, &A::usd_only, {"US dollars only", "仅美元"}),
      make("mainland_reachable", T::flag, opt, &A::mainland_reachable,
           {"Reachable from mainland China", "中国大陆可直接访问"}),
      make("real_name", T::flag, opt, &A::real_name, {"Real-name verification", "实名认证"}),
      make("invoice_general", T::flag, opt, &A::invoice_general, {"General VAT invoice", "增值税普通发票"}),
      make("invoice_special", T::flag, opt, &A::invoice_special, {"Special VAT invoice", "增值税专用发票"}),
      num("min_topup", opt, &A::min_topup, kAmount, "currency", {"Smallest top-up", "最低充值"}),
      prose(make("data_location", T::text, opt, &A::data_location, {"Data location", "数据所在地"})),
      prose(make("notes", T::text, opt, &A::notes, {"Notes", "备注"})),
      // A fact without its source is not a fact: the same rule as prices.
      prose(make("source", T::string, req, &A::source, {"Source", "来源"})),
      make("source_date", T::date, req, &A::source_date, {"Source date", "来源日期"}),
  };
  return t;
}

const std::vector<CatalogField<Provider>>& provider_fields() {
  using P = Provider;
  static const std::vector<CatalogField<P>> t = [] {
    std::vector<CatalogField<P>> v = {
        make("id", T::id, req, &P::id, {"Id", "编号"}),
        make("name", T::text, req, &P::name, {"Name", "名称"}),
        choice("currency", req, &P::currency, kCurrencies, {"Currency", "币种"}),
        choice("market", req, &P::market, kind_keys(kProviderMarkets, &provider_market_info),
               {"Market", "市场"}),
        choice("granularity", req, &P::granularity, {"second", "minute", "hour"}, {"Billed per", "计费粒度"}),
        num("min_billed_seconds", opt, &P::min_billed_seconds, kSeconds, "s", {"Minimum billed", "最短计费"}),
        make("bills_from_creation", T::flag, req, &P::bills_from_creation,
             {"Bills from creation", "创建即计费"}),
        prose(make("billing_note", T::text, opt, &P::billing_note, {"Billing note", "计费说明"})),
        num("disk_running_per_gb_month", opt, &P::disk_running_per_gb_month, kMoneyPerGb, "per GB-month",
            {"Disk while running", "运行时磁盘"}),
        num("disk_stopped_per_gb_month", opt, &P::disk_stopped_per_gb_month, kMoneyPerGb, "per GB-month",
            {"Disk while stopped", "关机时磁盘"}),
        num("free_disk_gb", opt, &P::free_disk_gb, kGb, "GB", {"Free disk", "免费磁盘"}),
        num("egress_per_gb", opt, &P::egress_per_gb, kMoneyPerGb, "per GB", {"Egress", "出网流量"}),
        num("egress_free_gb_per_month", opt, &P::egress_free_gb_per_month, kGb, "GB per month",
            {"Free egress", "免费出网流量"}),
        make("ingress_free", T::flag, opt, &P::ingress_free, {"Free ingress", "入网免费"}),
        make("internal_network_free", T::flag, opt, &P::internal_network_free,
             {"Free internal network", "内网免费"}),
        make("has_spot", T::flag, req, &P::has_spot, {"Has spot", "有竞价实例"}),
        num("spot_discount_fraction", opt, &P::spot_discount_fraction, kFraction, "fraction off",
            {"Typical spot discount", "竞价实例常见折扣"}),
        num("spot_notice_seconds", opt, &P::spot_notice_seconds, kSeconds, "s",
            {"Spot notice", "竞价回收提前通知"}),
        num("spot_interruptions_per_hour", opt, &P::spot_interruptions_per_hour, kPerHour, "per hour",
            {"Spot interruptions", "竞价中断频率"}),
        prose(make("spot_note", T::text, opt, &P::spot_note, {"Spot note", "竞价说明"})),
        make("programs", T::records, opt, &P::programs, {"Programmes", "优惠项目"}),
        make("access", T::record, opt, &P::access, {"Access", "付款与访问"}),
        num("no_gpu_per_hour", opt, &P::no_gpu_per_hour, kPrice, "per hour", {"GPU-less mode", "无卡模式"}),
        make("session_limited", T::flag, opt, &P::session_limited,
             {"Session-limited notebook", "限时会话（笔记本平台）"}),
        num("session_max_hours", opt, &P::session_max_hours, kSessionHours, "h",
            {"Longest session", "单次会话上限"}),
        num("session_idle_minutes", opt, &P::session_idle_minutes, kSessionHours, "min",
            {"Idle timeout", "空闲断开时间"}),
        num("session_weekly_gpu_hours", opt, &P::session_weekly_gpu_hours, kSessionHours, "h per week",
            {"Weekly GPU quota", "每周 GPU 时长配额"}),
        make("session_gpu_guaranteed", T::flag, opt, &P::session_gpu_guaranteed,
             {"GPU type guaranteed", "保证显卡型号"}),
        prose(make("session_note", T::text, opt, &P::session_note, {"Session limits note", "会话限制说明"})),
        prose(make("source", T::string, req, &P::source, {"Source", "来源"})),
        make("source_date", T::date, req, &P::source_date, {"Source date", "来源日期"}),
    };
    for (auto& f : v) {
      if (std::string(f.key).rfind("spot_", 0) == 0 && f.type == T::number) f.only_with = "has_spot";
      if (std::string(f.key).rfind("session_", 0) == 0 && f.type != T::flag) f.only_with = "session_limited";
    }
    return v;
  }();
  return t;
}

const std::vector<CatalogField<Package>>& package_fields() {
  using K = Package;
  static const std::vector<CatalogField<K>> t = {
      choice("period", req, &K::period, kind_keys(kPackagePeriods, &package_period_info), {"Period", "周期"}),
      num("price", req, &K::price, kPackagePrice, "currency", {"Price", "价格"}),
      make("price_date", T::date, req, &K::price_date, {"Price date", "价格日期"}),
      make("source", T::string, req, &K::source, {"Source", "来源"}),
  };
  return t;
}

namespace {
// An interconnect fact needs its source and date, as a price does.
CatalogField<Offer> interconnect_cited(CatalogField<Offer> f) {
  f.required_with = {"intra_node", "intra_node_gbs", "inter_node", "inter_node_gbps_per_gpu", "max_nodes"};
  return f;
}
}  // namespace

const std::vector<CatalogField<Offer>>& offer_fields() {
  using O = Offer;
  static const std::vector<CatalogField<O>> t = {
      column(make("id", T::id, req, &O::id, {"Id", "编号"}), "id"),
      column(make("provider", T::string, req, &O::provider, {"Provider", "平台"}), "provider"),
      column(make("region", T::label, req, &O::region, {"Region", "地区"}), "region"),
      column(make("gpu", T::string, req, &O::gpu, {"GPU", "显卡"}), "gpu"),
      column(whole("gpu_count", req, &O::gpu_count, {1, false, 64}, {"Cards", "卡数"}), "cards"),
      make("instance_type", T::label, opt, &O::instance_type, {"Instance type", "实例规格"}),
      column(choice("currency", req, &O::currency, kCurrencies, {"Currency", "币种"}), "currency"),
      column(num("on_demand_per_hour", req, &O::on_demand_per_hour, kPriceOrFree, "per hour",
                 {"On-demand price", "按量价格"}),
             "on_demand_per_hour", 3),
      num("on_demand_low_per_hour", opt, &O::on_demand_low_per_hour, kPrice, "per hour",
          {"Lowest price", "最低价"}),
      num("on_demand_high_per_hour", opt, &O::on_demand_high_per_hour, kPrice, "per hour",
          {"Highest price", "最高价"}),
      column(num("spot_per_hour", opt, &O::spot_per_hour, kPrice, "per hour", {"Spot price", "竞价价格"}),
             "spot_per_hour", 3),
      make("price_is_estimate", T::flag, opt, &O::price_is_estimate, {"Estimated price", "估算价格"}),
      column(num("derate", opt, &O::derate, kDerate, "of full speed", {"Speed factor", "降速系数"}), "derate",
             2),
      make("derate_note", T::text, opt, &O::derate_note, {"Why slower", "降速原因"}),
      column(make("price_date", T::date, req, &O::price_date, {"Price date", "价格日期"}), "price_date"),
      prose(make("source", T::string, req, &O::source, {"Source", "来源"})),
      prose(make("notes", T::text, opt, &O::notes, {"Notes", "备注"})),
      make("packages", T::records, opt, &O::packages, {"Packages", "包日/包周/包月"}),
      choice("intra_node", opt, &O::intra_node, {"pcie", "nvlink"}, {"Link inside the node", "机内互联"}),
      num("intra_node_gbs", opt, &O::intra_node_gbs, kThroughput, "GB/s",
          {"Link bandwidth per GPU", "机内每卡带宽"}),
      choice("inter_node", opt, &O::inter_node, {"none", "infiniband", "roce", "efa", "ethernet"},
             {"Network between nodes", "节点间网络"}),
      num("inter_node_gbps_per_gpu", opt, &O::inter_node_gbps_per_gpu, kThroughput, "Gbit/s",
          {"Network per GPU", "每卡节点间带宽"}),
      whole("max_nodes", opt, &O::max_nodes, {1, false, 100000}, {"Most nodes", "最多节点数"}),
      prose(interconnect_cited(make("interconnect_source", T::string, opt, &O::interconnect_source,
                                    {"Interconnect source", "互联来源"}))),
      interconnect_cited(make("interconnect_date", T::date, opt, &O::interconnect_date,
                              {"Interconnect source date", "互联来源日期"})),
  };
  return t;
}

const std::vector<CatalogField<UnpricedPlatform>>& unpriced_fields() {
  using U = UnpricedPlatform;
  static const std::vector<CatalogField<U>> t = {
      make("id", T::id, req, &U::id, {"Id", "编号"}),
      make("name", T::text, req, &U::name, {"Name", "名称"}),
      prose(make("reason", T::text, req, &U::reason, {"Why no price", "未收录原因"})),
      make("checked", T::date, req, &U::checked, {"Checked", "查询日期"}),
  };
  return t;
}

namespace {
template <class R>
void flatten(std::vector<CatalogFieldInfo>& out, const char* section, const std::vector<CatalogField<R>>& t) {
  for (const CatalogField<R>& f : t)
    out.push_back({section, f.key, f.type, f.need, f.label, f.unit, f.prose});
}
}  // namespace

std::vector<CatalogFieldInfo> catalog_field_list() {
  std::vector<CatalogFieldInfo> out;
  flatten(out, "", catalog_top_fields());
  flatten(out, "gpus", gpu_fields());
  flatten(out, "providers", provider_fields());
  flatten(out, "providers/programs", program_fields());
  flatten(out, "providers/access", access_fields());
  flatten(out, "offers", offer_fields());
  flatten(out, "offers/packages", package_fields());
  flatten(out, "unpriced", unpriced_fields());
  return out;
}

}  // namespace gw
