// The bill for one offer and one job. Each amount is computed at three points (low, likely, high hours
// and prices) so the total is a range; the text is built only when asked, the numbers never depend on it.
#include "engine/cost.hpp"

#include <algorithm>
#include <cmath>

namespace gw {

namespace {

double granularity_seconds(Granularity g) {
  switch (g) {
    case Granularity::second:
      return 1;
    case Granularity::minute:
      return 60;
    case Granularity::hour:
      return 3600;
  }
  return 1;
}

Text granularity_text(Granularity g) {
  switch (g) {
    case Granularity::second:
      return {"per second", "按秒"};
    case Granularity::minute:
      return {"per minute", "按分钟"};
    case Granularity::hour:
      return {"per hour", "按小时"};
  }
  return {};
}

double clamp0(double v) {
  return std::isfinite(v) && v > 0 ? v : 0;
}

// Seconds billed for a session of `hours`: rounded up to the granularity, never below the minimum.
double billed_hours(double hours, const Provider& p) {
  const double g = granularity_seconds(p.granularity);
  double seconds = clamp0(hours) * 3600.0;
  // A hair of tolerance: 1.0000000001 h must not bill as 2 h on an hourly provider.
  seconds = std::ceil(seconds / g - 1e-7) * g;
  seconds = std::max({seconds, clamp0(p.min_billed_seconds), 0.0});
  return seconds / 3600.0;
}

// Every number of one point of the bill.
struct Point {
  double run = 0, setup = 0, upload = 0, idle = 0;  // GPU amounts
  double package = 0;      // the card held on prepaid packages instead (then run..idle are 0)
  double hourly_gpu = 0;   // the GPU amounts by the hour, kept for the comparison line
  double setup_price = 0;  // per hour for setup and upload: the GPU-less rate where there is one
  bool plan_checked = false;
  PackagePlan plan;
  double gpu_hours = 0;  // billed
  double run_billed_hours = 0;
  double storage_running = 0, storage_stopped = 0, extras = 0, ingress = 0, egress = 0;
  double discount = 0;  // saving >= 0
  double calendar_hours = 0, storage_hours = 0;
  double price = 0;  // user's currency per hour
  DiscountResult discounts;
  double gpu() const { return run + setup + upload + idle + package; }
  double other() const { return storage_running + storage_stopped + extras + ingress + egress; }
  double before() const { return gpu() + other(); }
};

// What a point of the bill holds for one kind of line (the discount as a saving, >= 0).
double kind_amount(const Point& q, CostKind k) {
  switch (k) {
    case CostKind::gpu_run:
      return q.run;
    case CostKind::gpu_package:
      return q.package;
    case CostKind::gpu_setup:
      return q.setup;
    case CostKind::gpu_upload:
      return q.upload;
    case CostKind::gpu_idle:
      return q.idle;
    case CostKind::storage_running:
      return q.storage_running;
    case CostKind::storage_stopped:
      return q.storage_stopped;
    case CostKind::extras:
      return q.extras;
    case CostKind::ingress:
      return q.ingress;
    case CostKind::egress:
      return q.egress;
    case CostKind::discount:
      return q.discount;
  }
  return 0;
}

struct Context {
  const Provider& provider;
  const Constraints& c;
  double usd_cny;
  const BillRequest& req;
  double to_user(double amount, std::string_view from) const {
    return convert_money(amount, from, c.currency, usd_cny);
  }
};

// What is uploaded once, in GB: the job's dataset, or a service's model (BillRequest::upload_gb).
double upload_gb(const BillRequest& req, const Constraints& c) {
  return clamp0(req.upload_gb ? *req.upload_gb : c.dataset_gb);
}

// The provider's GPU-less rate applies to setup and upload (on-demand; spot providers have none listed).
bool no_gpu_rate(const Context& x) {
  return x.provider.no_gpu_per_hour && *x.provider.no_gpu_per_hour > 0 && x.provider.bills_from_creation;
}

Point compute(const Context& x, double run_hours, double price_offer_currency, bool with_notes) {
  const Provider& p = x.provider;
  const Constraints& c = x.c;
  Point pt;
  pt.price = clamp0(x.to_user(clamp0(price_offer_currency), x.req.price_currency));
  const double run = clamp0(run_hours);
  const double upload = upload_hours(x.req, c);
  const double setup_billed = p.bills_from_creation ? clamp0(c.setup_hours) : 0.0;
  const double upload_billed = p.bills_from_creation ? upload : 0.0;
  const double idle = x.req.service ? 0.0 : clamp0(c.idle_tail_hours);  // BillRequest::service
  const double sessions = std::max(1.0, std::isfinite(x.req.sessions) ? x.req.sessions : 1.0);

  const double metered = setup_billed + upload_billed + run + idle;
  pt.gpu_hours = billed_hours(metered / sessions, p) * sessions;
  // Rounding belongs to the job line: the fixed parts are what the user typed.
  pt.run_billed_hours = std::max(run, pt.gpu_hours - setup_billed - upload_billed - idle);
  // 无卡模式: the dataset upload (data preparation) needs no card where the instance can boot without it.
  // Setup keeps the card's price: it includes debugging on the GPU (a user who installs GPU-less too can
  // lower --setup-hours to the time the card is needed).
  pt.setup_price = no_gpu_rate(x) ? clamp0(x.to_user(*p.no_gpu_per_hour, p.currency)) : pt.price;
  pt.run = pt.run_billed_hours * pt.price;
  pt.setup = setup_billed * pt.price;
  pt.upload = upload_billed * pt.setup_price;
  pt.idle = idle * pt.price;
  pt.hourly_gpu = pt.gpu();
  // Prepaid packages hold the card the whole time, setup to idle tail, paid up front: used when cheaper.
  if (x.req.packages && !x.req.packages->empty() && x.req.pricing == Pricing::on_demand && sessions <= 1) {
    pt.plan_checked = true;
    pt.plan = best_package_plan(*x.req.packages, setup_billed + upload_billed + run + idle,
                                clamp0(price_offer_currency));
    const double plan_cost = clamp0(x.to_user(pt.plan.cost, x.req.price_currency));
    if (pt.plan.used && plan_cost < pt.hourly_gpu) {
      pt.run = pt.setup = pt.upload = pt.idle = 0;
      pt.package = plan_cost;
    } else {
      pt.plan.used = false;
    }
  }

  pt.calendar_hours = clamp0(c.setup_hours) + upload + run + idle;
  pt.storage_hours = c.storage_months > 0 ? c.storage_months * kHoursPerMonth
                                          : std::ceil(pt.calendar_hours / 24.0 - 1e-9) * 24.0;
  pt.storage_hours = std::max(pt.storage_hours, 0.0);
  const double running_h = std::min(pt.calendar_hours, pt.storage_hours);
  const double stopped_h = std::max(0.0, pt.storage_hours - running_h);
  // Every node of a cluster has its own disk and add-ons (BillRequest::nodes).
  const double nodes = std::max(1, x.req.nodes);
  const double gb = std::max(0.0, clamp0(c.disk_gb) - clamp0(p.free_disk_gb)) * nodes;
  if (p.disk_running_per_gb_month) {
    const double run_rate = x.to_user(clamp0(*p.disk_running_per_gb_month), p.currency);
    // Most providers keep billing a stopped disk at the same rate; a known stopped rate wins.
    const double stop_rate =
        p.disk_stopped_per_gb_month ? x.to_user(clamp0(*p.disk_stopped_per_gb_month), p.currency) : run_rate;
    pt.storage_running = gb * run_rate * running_h / kHoursPerMonth;
    pt.storage_stopped = gb * stop_rate * stopped_h / kHoursPerMonth;
  }
  pt.extras = clamp0(c.extras_per_month) * nodes * pt.storage_hours / kHoursPerMonth;
  if (c.ingress_per_gb)
    pt.ingress = upload_gb(x.req, c) * clamp0(*c.ingress_per_gb);  // already in user currency
  if (p.egress_per_gb) {
    const double per_gb = x.to_user(clamp0(*p.egress_per_gb), p.currency);
    // Hosts that bill bandwidth both ways (Vast.ai) charge the upload at the same per-GB price.
    if (!p.ingress_free && !c.ingress_per_gb) pt.ingress = upload_gb(x.req, c) * per_gb;
    const bool internal = c.internal_network && p.internal_network_free;
    if (!internal)
      pt.egress = std::max(0.0, clamp0(c.egress_gb) - clamp0(p.egress_free_gb_per_month)) * per_gb;
  }

  DiscountInput din;
  din.gpu_spend = pt.gpu();
  din.other_spend = pt.other();
  din.calendar_hours = pt.calendar_hours;
  din.spot = x.req.pricing == Pricing::spot;
  pt.discounts = apply_discounts(p, c, x.usd_cny, din, with_notes);
  pt.discount = std::min(clamp0(pt.discounts.saving), pt.before());
  return pt;
}

// The low, likely and high points of a bill; the likely one may stand for all three
// (BillRequest::likely_only), so they are referred to, never copied (a Point holds the discounts' vectors).
struct Points {
  const Point* at[3];
  const Point& operator[](std::size_t i) const { return *at[i]; }
};

template <class Get>
Range range_of(const Points& pts, Get get) {
  Range r{get(pts[0]), get(pts[1]), get(pts[2])};
  // Hours and prices are ordered, so the points are; sort anyway so a range is always a range.
  r.low = std::min(r.low, r.likely);
  r.high = std::max(r.high, r.likely);
  return r;
}

// Chinese names of the inputs below, so a Chinese bill reads in one language.
std::string zh_input(const std::string& name) {
  static const std::pair<const char*, const char*> names[] = {
      {"job hours", "任务时长"},
      {"billed hours", "计费时长"},
      {"sessions", "计费次数"},
      {"price per hour", "每小时价格"},
      {"setup hours", "配置时长"},
      {"dataset", "数据集"},
      {"upload speed", "上行带宽"},
      {"idle hours", "空转时长"},
      {"paid hours", "在线计费小时"},
      {"model weights", "模型权重"},
      {"disk", "云盘"},
      {"free", "免费额度"},
      {"billable", "计费容量"},
      {"price", "单价"},
      {"running hours", "运行小时"},
      {"stopped hours", "关机小时"},
      {"add-ons per month", "每月附加费"},
      {"months", "月数"},
      {"egress", "出流量"},
      {"GPU-less price per hour", "无卡模式每小时价格"},
      {"month price", "包月价"},
      {"week price", "包周价"},
      {"day price", "包日价"},
      {"weeks", "包周数"},
      {"days", "包日数"},
      {"leftover hours", "剩余小时"},
      {"nodes", "节点数"}};
  for (const auto& [en, zh] : names)
    if (name == en) return zh;
  return {};
}

ExplainInput in(std::string name, double value, std::string unit) {
  std::string zh = zh_input(name);
  return {std::move(name), value, std::move(unit), std::move(zh)};
}

// A cluster's per-node lines name the node count among their inputs.
std::vector<ExplainInput> with_nodes(double nodes, std::vector<ExplainInput> inputs) {
  if (nodes > 1) inputs.insert(inputs.begin() + 1, in("nodes", nodes, ""));
  return inputs;
}

void add_line(Bill& bill, CostKind kind, Text label, Range amount, Text formula,
              std::vector<ExplainInput> inputs, const std::string& date, Text note = {}) {
  CostLine line;
  line.kind = kind;
  line.label = std::move(label);
  line.amount = amount;
  line.explain.formula = std::move(formula);
  line.explain.inputs = std::move(inputs);
  line.explain.note = std::move(note);
  line.price_date = date;
  bill.lines.push_back(std::move(line));
}

// "1 month + 2 days" / "包月 1 + 包日 2".
Text plan_text(const PackagePlan& plan) {
  Text t;
  auto add = [&](int n, PackagePeriod period) {
    if (n <= 0) return;
    const PackagePeriodInfo& k = package_period_info(period);
    t.en += (t.en.empty() ? "" : " + ") + std::to_string(n) + " " + (n == 1 ? k.key : k.plural);
    t.zh += (t.zh.empty() ? "" : " + ") + k.label.zh + " " + std::to_string(n);
  };
  add(plan.months, PackagePeriod::month);
  add(plan.weeks, PackagePeriod::week);
  add(plan.days, PackagePeriod::day);
  if (plan.hourly_hours > 0) {
    t.en += " + " + format_hours(plan.hourly_hours) + " by the hour";
    t.zh += " + 按量 " + format_hours(plan.hourly_hours, Lang::zh);
  }
  return t;
}

// The card held on prepaid packages: one line with the mix, the comparison with hourly in its note.
void package_lines(Bill& bill, const Context& x, const Points& pts) {
  const Point& m = pts[1];
  const std::string& cur = x.c.currency;
  const Text mix = plan_text(m.plan);
  double price[kPackagePeriods] = {};  // the cheapest of each period, indexed by PackagePeriod
  for (const Package& k : *x.req.packages) {
    const double v = x.to_user(k.price, x.req.price_currency);
    double& slot = price[static_cast<std::size_t>(k.period) % kPackagePeriods];
    slot = slot > 0 ? std::min(slot, v) : v;
  }
  const double month = price[static_cast<int>(PackagePeriod::month)];
  const double week = price[static_cast<int>(PackagePeriod::week)];
  const double day = price[static_cast<int>(PackagePeriod::day)];
  std::string date;
  for (const Package& k : *x.req.packages) date = std::max(date, k.price_date);
  add_line(bill, CostKind::gpu_package, {"GPU on prepaid packages: " + mix.en, "GPU 预付套餐：" + mix.zh},
           range_of(pts, [](const Point& q) { return q.package; }),
           {"months x month price + weeks x week price + days x day price + leftover hours x price per hour",
            "包月数 × 包月价 + 包周数 × 包周价 + 包日数 × 包日价 + 剩余小时 × 每小时价格"},
           {in("months", m.plan.months, ""), in("month price", month, cur), in("weeks", m.plan.weeks, ""),
            in("week price", week, cur), in("days", m.plan.days, ""), in("day price", day, cur),
            in("leftover hours", m.plan.hourly_hours, "h"), in("price per hour", m.price, cur + "/h")},
           date,
           {"By the hour the same hours would cost " + format_money(m.hourly_gpu, cur) + ".",
            "同样时长按量计费需 " + format_money(m.hourly_gpu, cur) + "。"});
}

void build_lines(Bill& bill, const Context& x, const Points& pts) {
  const Provider& p = x.provider;
  const Constraints& c = x.c;
  const Point& m = pts[1];
  const std::string& cur = c.currency;
  const std::string per_h = cur + "/h";
  const std::string& gpu_date = x.req.price_date;
  const Text gran = granularity_text(p.granularity);

  // A service's lines say what they are for a service (BillRequest::service); its idle tail is 0.
  const bool service = x.req.service;
  const Text up = service ? Text{"model", "模型"} : Text{"dataset", "数据集"};
  const char* up_input = service ? "model weights" : "dataset";
  const double up_gb = upload_gb(x.req, c);
  if (m.package > 0) package_lines(bill, x, pts);
  if (m.package <= 0)
    add_line(bill, CostKind::gpu_run,
             service ? Text{"GPU time (the service's paid hours)", "GPU 时长（服务在线的计费时长）"}
                     : Text{"GPU time (the job)", "GPU 时长（任务本身）"},
             range_of(pts, [](const Point& q) { return q.run; }),
             {"billed hours x price per hour; each session is rounded up " + gran.en + ", minimum " +
                  format_number(p.min_billed_seconds, 0) + " s",
              "计费时长 × 每小时价格；每次开机" + gran.zh + "向上取整，最少 " +
                  format_number(p.min_billed_seconds, 0) + " 秒"},
             {in(service ? "paid hours" : "job hours", x.req.run_hours.likely, "h"),
              in("billed hours", m.run_billed_hours, "h"), in("sessions", std::max(1.0, x.req.sessions), ""),
              in("price per hour", m.price, per_h)},
             gpu_date);
  const bool no_gpu = no_gpu_rate(x);
  if (m.setup > 0 || pts[2].setup > 0)
    add_line(bill, CostKind::gpu_setup,
             service ? Text{"Setting up and testing the server before going live", "上线前部署与测试服务"}
                     : Text{"Setup, install and debugging", "环境配置、安装与调试"},
             range_of(pts, [](const Point& q) { return q.setup; }),
             {"setup hours x price per hour (billing starts at creation/power-on)",
              "配置时长 × 每小时价格（从创建/开机起计费）"},
             {in("setup hours", c.setup_hours, "h"), in("price per hour", m.price, per_h)}, gpu_date);
  if (m.upload > 0)
    add_line(
        bill, CostKind::gpu_upload,
        service  ? (no_gpu ? Text{"Uploading the model once before going live, in GPU-less mode",
                                 "上线前上传一次模型（无卡模式）"}
                           : Text{"Uploading the model once before going live (the instance is billed)",
                                 "上线前上传一次模型（期间实例在计费）"})
        : no_gpu ? Text{"Dataset upload in GPU-less mode", "无卡模式下上传数据集"}
                 : Text{"Dataset upload while the instance runs", "上传数据集期间实例在计费"},
        range_of(pts, [](const Point& q) { return q.upload; }),
        no_gpu ? Text{up.en + " GB x 8000 / upload Mbps / 3600 x GPU-less price per hour (the instance "
                              "boots without its card while the data comes in)",
                      up.zh + " GB × 8000 ÷ 上行 Mbps ÷ 3600 × 无卡模式每小时价格（上传数据时不带 GPU 开机）"}
               : Text{up.en + " GB x 8000 / upload Mbps / 3600 x price per hour",
                      up.zh + " GB × 8000 ÷ 上行 Mbps ÷ 3600 × 每小时价格"},
        {in(up_input, up_gb, "GB"), in("upload speed", c.upload_mbps, "Mbps"),
         in(no_gpu ? "GPU-less price per hour" : "price per hour", m.setup_price, per_h)},
        no_gpu ? p.source_date : gpu_date);
  if (m.idle > 0)
    add_line(bill, CostKind::gpu_idle, {"Idle tail (left running after it finished)", "跑完后忘记关机的空转"},
             range_of(pts, [](const Point& q) { return q.idle; }),
             {"idle hours x price per hour", "空转时长 × 每小时价格"},
             {in("idle hours", c.idle_tail_hours, "h"), in("price per hour", m.price, per_h)}, gpu_date);
  const double nodes = std::max(1, x.req.nodes);
  const double gb = std::max(0.0, c.disk_gb - p.free_disk_gb) * nodes;
  const double running_h = std::min(m.calendar_hours, m.storage_hours);
  if (m.storage_running > 0)
    add_line(bill, CostKind::storage_running, {"Disk while running", "云盘（运行期间）"},
             range_of(pts, [](const Point& q) { return q.storage_running; }),
             nodes > 1 ? Text{"(disk GB - free GB) x nodes x price per GB-month x running hours / 720",
                              "（云盘 GB − 免费额度）× 节点数 × 每 GB 月价 × 运行小时 ÷ 720"}
                       : Text{"(disk GB - free GB) x price per GB-month x running hours / 720",
                              "（云盘 GB − 免费额度）× 每 GB 月价 × 运行小时 ÷ 720"},
             with_nodes(nodes, {in("disk", c.disk_gb, "GB"), in("free", p.free_disk_gb, "GB"),
                                in("billable", gb, "GB"),
                                in("price", x.to_user(p.disk_running_per_gb_month.value_or(0), p.currency),
                                   cur + "/GB-month"),
                                in("running hours", running_h, "h")}),
             p.source_date);
  if (m.storage_stopped > 0)
    add_line(bill, CostKind::storage_stopped,
             nodes > 1 ? Text{"Disk while stopped (until deleted), every node's",
                              "云盘（关机后直到删除，每个节点各一块）"}
                       : Text{"Disk while stopped (until deleted)", "云盘（关机后直到删除）"},
             range_of(pts, [](const Point& q) { return q.storage_stopped; }),
             nodes > 1
                 ? Text{"(disk GB - free GB) x nodes x stopped price per GB-month x stopped hours / 720",
                        "（云盘 GB − 免费额度）× 节点数 × 关机时每 GB 月价 × 关机小时 ÷ 720"}
                 : Text{"billable GB x stopped price per GB-month x stopped hours / 720",
                        "计费 GB × 关机时每 GB 月价 × 关机小时 ÷ 720"},
             with_nodes(
                 nodes,
                 {in("billable", gb, "GB"),
                  in("price",
                     x.to_user(p.disk_stopped_per_gb_month.value_or(p.disk_running_per_gb_month.value_or(0)),
                               p.currency),
                     cur + "/GB-month"),
                  in("stopped hours", m.storage_hours - running_h, "h")}),
             p.source_date);
  if (m.extras > 0)
    add_line(bill, CostKind::extras, {"Add-ons (e.g. provisioned IOPS)", "附加项（如预置 IOPS）"},
             range_of(pts, [](const Point& q) { return q.extras; }),
             nodes > 1 ? Text{"add-ons per month x nodes x months the disk exists",
                              "每月附加费 × 节点数 × 云盘存在月数"}
                       : Text{"add-ons per month x months the disk exists", "每月附加费 × 云盘存在月数"},
             with_nodes(nodes, {in("add-ons per month", c.extras_per_month, cur),
                                in("months", m.storage_hours / kHoursPerMonth, "")}),
             "");
  const double per_gb = p.egress_per_gb ? x.to_user(*p.egress_per_gb, p.currency) : 0;
  if (m.ingress > 0 && c.ingress_per_gb)
    add_line(bill, CostKind::ingress, {"Upload traffic (your own fee)", "上传流量费（你自己的费用）"},
             range_of(pts, [](const Point& q) { return q.ingress; }),
             {up.en + " GB x your upload fee per GB", up.zh + " GB × 你每 GB 的上传费用"},
             {in(up_input, up_gb, "GB"), in("price", *c.ingress_per_gb, cur + "/GB")}, "");
  else if (m.ingress > 0)
    add_line(bill, CostKind::ingress, {"Upload traffic (ingress)", "上传流量费"},
             range_of(pts, [](const Point& q) { return q.ingress; }),
             {up.en + " GB x price per GB (this provider bills traffic both ways)",
              up.zh + " GB × 每 GB 流量价（该平台双向计费）"},
             {in(up_input, up_gb, "GB"), in("price", per_gb, cur + "/GB")}, p.source_date);
  if (m.egress > 0)
    add_line(bill, CostKind::egress,
             service ? Text{"Traffic served: responses sent to users (public egress)",
                            "服务流量：返回给用户的响应（公网出流量）"}
                     : Text{"Downloading results (public egress)", "下载结果（公网出流量）"},
             range_of(pts, [](const Point& q) { return q.egress; }),
             {"(egress GB - free GB per month) x price per GB", "（出流量 GB − 每月免费额度）× 每 GB 价格"},
             {in("egress", c.egress_gb, "GB"), in("free", p.egress_free_gb_per_month, "GB"),
              in("price", per_gb, cur + "/GB")},
             p.source_date);
  if (m.discount > 0) {
    std::vector<ExplainInput> inputs;
    std::string names_en, names_zh;
    for (const AppliedProgram& a : m.discounts.applied) {
      inputs.push_back(in(a.id, a.saving, cur));
      names_en += (names_en.empty() ? "" : " + ") + a.name.en;
      names_zh += (names_zh.empty() ? "" : " + ") + a.name.in(Lang::zh);
    }
    Range r = range_of(pts, [](const Point& q) { return -q.discount; });
    std::swap(r.low, r.high);  // more spend saves more: the high bill has the larger saving
    r.low = std::min(r.low, r.likely);
    r.high = std::max(r.high, r.likely);
    add_line(bill, CostKind::discount, {"Discounts: " + names_en, "优惠：" + names_zh}, r,
             {"rate discounts on the GPU price, then fixed coupons above their minimum spend, then credits",
              "先按折扣降低 GPU 单价，再用满足门槛的代金券，最后抵扣赠金"},
             inputs, p.source_date);
  }
}

}  // namespace

double upload_hours(const BillRequest& req, const Constraints& c) {
  return c.upload_mbps > 0 ? upload_gb(req, c) * 8000.0 / c.upload_mbps / 3600.0 : 0.0;
}

Bill price_bill(const Provider& provider, const Constraints& c, double usd_cny, const BillRequest& req,
                bool with_lines) {
  Context x{provider, c, usd_cny, req};
  const Range& h = req.run_hours;
  const Range& pr = req.price_per_hour;
  const Point likely = compute(x, h.likely, pr.likely, with_lines);
  Point low, high;
  if (!req.likely_only) {
    low = compute(x, h.low, pr.low, false);
    high = compute(x, h.high, pr.high, false);
  }
  const Points pts{{req.likely_only ? &likely : &low, &likely, req.likely_only ? &likely : &high}};
  Bill bill;
  bill.currency = c.currency;
  bill.usd_cny = usd_cny;
  bill.total_before_discount = range_of(pts, [](const Point& q) { return q.before(); });
  bill.total = range_of(pts, [](const Point& q) { return q.before() - q.discount; });
  // Each category is the sum of its kinds (bill_categories(), cost_kind_info()), the table read once a bill.
  BillCategory category_of[kCostKinds];
  for (int k = 0; k < kCostKinds; ++k) category_of[k] = cost_kind_info(static_cast<CostKind>(k)).category;
  for (const BillCategoryInfo& cat : bill_categories())
    bill.*cat.amount = range_of(pts, [&](const Point& q) {
      double sum = 0;
      for (int k = 0; k < kCostKinds; ++k)
        if (category_of[k] == cat.category) sum += kind_amount(q, static_cast<CostKind>(k));
      return sum;
    });
  bill.billed_gpu_hours = range_of(pts, [](const Point& q) { return q.gpu_hours; });
  bill.price_per_hour_before = pts[1].price;
  bill.price_per_hour_after = pts[1].price * pts[1].discounts.rate_multiplier;
  bill.upload_hours = upload_hours(req, c);
  bill.storage_hours = pts[1].storage_hours;
  bill.programs = pts[1].discounts.applied;
  bill.on_packages = pts[1].package > 0;
  bill.no_gpu_setup = no_gpu_rate(x) && pts[1].upload > 0;
  if (!with_lines) return bill;

  build_lines(bill, x, pts);
  bill.notes = pts[1].discounts.notes;
  const Point& m = pts[1];
  const std::string& cur = c.currency;
  if (m.plan_checked && m.package > 0)
    bill.notes.push_back({"Prepaid packages (" + plan_text(m.plan).en + ", " + format_money(m.package, cur) +
                              ") are cheaper than paying by the hour (" + format_money(m.hourly_gpu, cur) +
                              ") for this job, so the bill uses them: paid up front, they hold the card "
                              "whether it runs or not.",
                          "预付套餐（" + plan_text(m.plan).zh + "，" + format_money(m.package, cur) +
                              "）比按量计费（" + format_money(m.hourly_gpu, cur) +
                              "）便宜，账单按套餐计：预先付款，无论是否运行都占着这张卡。"});
  else if (m.plan_checked)
    bill.notes.push_back(
        {"Paying by the hour (" + format_money(m.hourly_gpu, cur) +
             ") is cheaper than this offer's prepaid packages for a job this long.",
         "这么长的任务按量计费（" + format_money(m.hourly_gpu, cur) + "）比该方案的预付套餐便宜。"});
  if (req.service && c.idle_tail_hours > 0)
    bill.notes.push_back(
        {"No idle tail is billed after the service: it stops at the end you planned (--serve-for), so the "
         "batch job's idle tail (the unwatched hours between a job's end and someone stopping it, " +
             format_hours(c.idle_tail_hours) +
             " here) does not apply. To keep a margin, add it to the period.",
         "服务结束后不计空转：服务在你预定的时间（--serve-for）停止，批处理任务的空转（任务结束到有人关机之间"
         "无人看管的时间，这里为 " +
             format_hours(c.idle_tail_hours, Lang::zh) + "）不适用。要留余量，请加到在线时长里。"});
  if (req.service && bill.upload_hours > 0)
    bill.notes.push_back({"The upload is the model's weights as served (" +
                              format_number(upload_gb(req, c), 1) +
                              " GB), sent once before going live; --dataset is not used for a service.",
                          "上传量为实际部署的模型权重（" + format_number(upload_gb(req, c), 1) +
                              " GB），上线前上传一次；服务模式不使用 --dataset。"});
  if (bill.no_gpu_setup)
    bill.notes.push_back(
        {"The " + std::string(req.service ? "model" : "dataset") + " upload is billed at " +
             provider.name.en + "'s GPU-less rate (" + format_money_per_hour(m.setup_price, cur, Lang::en) +
             "): boot without the card while the data comes in. Installing can be done the same way: count "
             "in --setup-hours only the time you need the card. Booting with the card again may have to "
             "wait for one to be free.",
         std::string(req.service ? "上传模型按" : "上传数据集按") + provider.name.in(Lang::zh) +
             "无卡模式计费（" + format_money_per_hour(m.setup_price, cur, Lang::zh) +
             "）：上传数据时不带 GPU 开机。装环境也可如此：--setup-hours 只计需要 GPU "
             "的时间。之后上卡开机可能要等有空闲的卡。"});
  if (!provider.bills_from_creation && (c.setup_hours > 0 || bill.upload_hours > 0))
    bill.notes.push_back(
        {"Setup and upload hours are not billed here: billing starts when the instance is ready.",
         "这里的配置与上传时间不计费：实例就绪后才开始计费。"});
  if (!provider.disk_running_per_gb_month && c.disk_gb > provider.free_disk_gb)
    bill.notes.push_back(
        {"The catalog has no disk price for " + provider.name.en + ": storage is counted as 0.",
         "目录中没有" + provider.name.in(Lang::zh) + "的云盘价格：存储费按 0 计。"});
  if (provider.disk_running_per_gb_month && !provider.disk_stopped_per_gb_month && pts[1].storage_stopped > 0)
    bill.notes.push_back(
        {"A stopped disk is billed at the running rate (the usual rule; no stopped rate listed).",
         "关机后云盘按运行时单价计费（通常如此；目录未列关机价）。"});
  if (provider.free_disk_gb > 0)
    bill.notes.push_back(
        {format_number(provider.free_disk_gb, 0) + " GB of disk is free on " + provider.name.en + ".",
         provider.name.in(Lang::zh) + "免费提供 " + format_number(provider.free_disk_gb, 0) + " GB 云盘。"});
  // A service's egress is the responses it sends its users (the egress line), a job's its results.
  const bool service = req.service;
  if (!provider.egress_per_gb && c.egress_gb > 0)
    bill.notes.push_back({"The catalog has no egress price for " + provider.name.en + ": " +
                              (service ? "the traffic served is" : "downloads are") + " counted as 0.",
                          "目录中没有" + provider.name.in(Lang::zh) + "的出流量价格：" +
                              (service ? "服务流量费" : "下载费") + "按 0 计。"});
  if (c.internal_network && provider.internal_network_free && provider.egress_per_gb)
    bill.notes.push_back(service ? Text{"Responses move over the free internal network, so no egress fee.",
                                        "响应走免费内网传输，不收出流量费。"}
                                 : Text{"Results move over the free internal network, so no egress fee.",
                                        "结果走免费内网传输，不收出流量费。"});
  if (!c.internal_network && pts[1].egress > 0 && provider.internal_network_free)
    bill.notes.push_back(
        service ? Text{"Clients on the internal network (e.g. your app's servers in the same region) avoid "
                       "the egress fee.",
                       "客户端走内网访问（如同地域的应用服务器）可免出流量费。"}
                : Text{"Moving results over the internal network (e.g. to object storage in the same region) "
                       "avoids the egress fee.",
                       "改用内网传输（如同地域对象存储）可免出流量费。"});
  return bill;
}

OfferPrice offer_price(const Offer& offer, const Provider& provider, Pricing pricing,
                       const std::map<std::string, double>& overrides) {
  OfferPrice out;
  Range od{offer.on_demand_per_hour, offer.on_demand_per_hour, offer.on_demand_per_hour};
  if (offer.on_demand_low_per_hour) od.low = std::min(*offer.on_demand_low_per_hour, od.likely);
  if (offer.on_demand_high_per_hour) od.high = std::max(*offer.on_demand_high_per_hour, od.likely);
  out.estimate = offer.price_is_estimate || od.low < od.high;
  double scale = 1;
  auto it = overrides.find(offer.id);
  if (it != overrides.end() && std::isfinite(it->second) && it->second > 0) {
    // The user's price replaces the listed one; a listed spot price keeps its discount relative to it.
    scale = offer.on_demand_per_hour > 0 ? it->second / offer.on_demand_per_hour : 1;
    od = {it->second, it->second, it->second};
    out.edited = true;
    out.estimate = false;
  }
  if (pricing == Pricing::on_demand) {
    out.available = od.likely >= 0;  // 0: a free offer (the catalog's range lets no other non-price through)
    out.per_hour = od;
    return out;
  }
  if (!provider.has_spot) return out;
  if (offer.spot_per_hour && *offer.spot_per_hour > 0) {
    const double s = *offer.spot_per_hour * scale;
    out.per_hour = {s, s, s};
    out.available = true;
    return out;
  }
  if (provider.spot_discount_fraction && *provider.spot_discount_fraction > 0 &&
      *provider.spot_discount_fraction < 1) {
    const double f = 1 - *provider.spot_discount_fraction;
    out.per_hour = {od.low * f, od.likely * f, od.high * f};
    out.available = od.likely > 0;
    out.derived = true;
    out.estimate = true;
  }
  return out;
}

SpotListing spot_listing(const Offer& o) {
  return {o.provider, o.gpu, o.gpu_count};
}

bool lists_spot_price(const Offer& o) {
  return o.spot_per_hour && *o.spot_per_hour > 0;
}

const Offer* spot_listed_elsewhere(const Catalog& cat, const Offer& offer) {
  if (lists_spot_price(offer)) return nullptr;
  for (const Offer& o : cat.offers)
    if (&o != &offer && lists_spot_price(o) && spot_listing(o) == spot_listing(offer)) return &o;
  return nullptr;
}

}  // namespace gw
