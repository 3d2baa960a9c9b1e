// The constraints' fields in the input table (input.hpp): budget, deadline and goal, the hidden costs a
// student forgets, and the spot settings. Ranges are gw::limits (scenario.hpp).
#include <algorithm>

#include "engine/cost.hpp"  // parse_credit
#include "engine/input_table.hpp"
#include "engine/market.hpp"  // payment_methods

namespace gw {

using namespace input_detail;

namespace {

std::vector<std::string> split_list(std::string_view v) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= v.size(); ++i)
    if (i == v.size() || v[i] == ',') {
      std::string item(v.substr(start, i - start));
      item.erase(0, item.find_first_not_of(' '));
      item.erase(item.find_last_not_of(' ') + 1);
      if (!item.empty()) out.push_back(item);
      start = i + 1;
    }
  return out;
}

std::string join(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ",") + p;
  return out;
}

bool valid_id(const std::string& s) {
  if (s.empty() || s.size() > 80) return false;
  for (unsigned char c : s)
    if (!(std::isalnum(c) || c == '-' || c == '_' || c == '.')) return false;
  return true;
}

InputField id_list(const char* key, const char* flag, const char* name,
                   std::vector<std::string> Constraints::*m, Words label, Words help, const char* group) {
  InputField f = field(key, flag, name, InputType::list, {}, label, help, group);
  f.get_text = [m](const Scenario& s) { return join(s.constraints.*m); };
  f.set_text = [m](Scenario& s, std::string_view v) {
    std::vector<std::string> ids = split_list(v);
    if (ids.size() > 64) return false;
    for (const std::string& id : ids)
      if (!valid_id(id)) return false;
    s.constraints.*m = ids;
    return true;
  };
  return f;
}

// Credits the user holds: "aws-educate", "autodl=50", "my-lab-voucher=200:autodl" (parse_credit, cost.hpp).
InputField credit_list() {
  InputField f =
      id_list("credits", "--credit", "credits", &Constraints::credits, {"Credits I hold", "我持有的额度"},
              {"A credit you hold, repeatable: a programme id (aws-educate), PROVIDER=AMOUNT "
               "(autodl=50) or NAME=AMOUNT:PROVIDER (my-lab-voucher=200:autodl); amounts in the "
               "run's currency",
               "你持有的额度，可重复：项目 id（aws-educate）、平台=金额（autodl=50）或 "
               "名称=金额:平台（my-lab-voucher=200:autodl）；金额按本次所用币种"},
              "limits");
  f.set_text = [](Scenario& s, std::string_view v) {
    std::vector<std::string> credits = split_list(v);
    if (credits.size() > 64) return false;
    UserCredit u;
    for (const std::string& c : credits)
      if (!parse_credit(c, u)) return false;
    s.constraints.credits = credits;
    return true;
  };
  return f;
}

// Payment methods the user can use: any of payment_methods(), comma-separated.
InputField pay_list() {
  InputField f =
      id_list("pay", "--pay", "pay", &Constraints::pay, {"I can pay with", "我能用的支付方式"},
              {"Only providers a source says take one of these: alipay, wechat, unionpay, card "
               "(foreign credit card), crypto; comma-separated",
               "只用资料确认支持其中一种方式的平台：alipay（支付宝）、wechat（微信）、unionpay（银联）、"
               "card（外币信用卡）、crypto（加密货币），逗号分隔"},
              "limits");
  f.accepts = {"a list of alipay, wechat, unionpay, card, crypto",
               "alipay、wechat、unionpay、card、crypto 的列表"};
  f.set_text = [](Scenario& s, std::string_view v) {
    std::vector<std::string> methods = split_list(v);
    for (const std::string& m : methods)
      if (std::find(payment_methods().begin(), payment_methods().end(), m) == payment_methods().end())
        return false;
    s.constraints.pay = methods;
    return true;
  };
  return f;
}

// Card counts: whole numbers within limits::cards, at most 16 of them.
InputField cards() {
  InputField f = field(
      "cards", "--cards", "card_counts", InputType::list, limits::cards, {"Cards", "卡数"},
      {"Card counts to consider, comma-separated (default 1,2,4,8)", "考虑的卡数，逗号分隔（默认 1,2,4,8）"},
      "limits");
  f.accepts = {"a list of whole card counts between 1 and 64, e.g. 1,2,4",
               "1 到 64 之间的整数卡数列表，例如 1,2,4"};
  f.get_text = [](const Scenario& s) {
    std::vector<std::string> parts;
    for (int c : s.constraints.card_counts) parts.push_back(std::to_string(c));
    return join(parts);
  };
  // A link's out-of-range count is moved into range, the CLI refuses it.
  f.clamp_text = [](Scenario& s, std::string_view v, bool& clamped) {
    std::vector<int> counts;
    for (const std::string& part : split_list(v)) {
      double d = 0;
      if (!parse_plain_number(part, d) || counts.size() >= 16) return false;
      const double c = std::round(d < limits::cards.lo   ? limits::cards.lo
                                  : d > limits::cards.hi ? limits::cards.hi
                                                         : d);
      if (c != d) clamped = true;
      counts.push_back(static_cast<int>(c));
    }
    if (counts.empty()) return false;
    s.constraints.card_counts = counts;
    return true;
  };
  f.set_text = [](Scenario& s, std::string_view v) {
    std::vector<int> counts;
    for (const std::string& part : split_list(v)) {
      double d = 0;
      if (!parse_plain_number(part, d) || d != std::floor(d) || !within(d, limits::cards) ||
          counts.size() >= 16)
        return false;
      counts.push_back(static_cast<int>(d));
    }
    if (counts.empty()) return false;
    s.constraints.card_counts = counts;
    return true;
  };
  return f;
}

InputField currency() {
  InputField f = field("cur", "", "currency", InputType::choice, {}, {"Currency", "币种"},
                       {"CNY or USD: every figure is shown in it", "CNY 或 USD：所有金额以此显示"}, "limits");
  f.choices = {"CNY", "USD"};
  f.get_text = [](const Scenario& s) { return s.constraints.currency; };
  f.set_text = [](Scenario& s, std::string_view v) {
    if (v != "CNY" && v != "USD") return false;
    s.constraints.currency = std::string(v);
    return true;
  };
  return f;
}

}  // namespace

std::vector<InputField> input_constraint_fields() {
  using T = InputType;
  const Limit none{0, 0, ""};
  std::vector<InputField> t = {
      bind_optional(field("budget", "--budget", "budget", T::money, limits::budget, {"Budget", "预算"},
                          {"Total budget in the chosen currency, e.g. 300",
                           "这个任务总共能花多少钱（含所有费用），按所选币种，例如 300"},
                          "limits"),
                    &Constraints::budget, {"no limit", "不限"}),
      currency(),
      bind_optional(field("deadline", "--deadline", "deadline", T::duration, limits::deadline_hours,
                          {"Deadline", "截止时间"},
                          {"Wall-clock deadline from now: 48h, 2d, 1w, 90m",
                           "从现在到需要结果的时间：48h、2d、1w、90m"},
                          "limits"),
                    &Constraints::deadline_hours, {"none", "不限"}),
      bind_choice(field("goal", "--goal", "goal", T::choice, none, {"Goal", "目标"},
                        {"cheapest (meets the deadline; default) | fastest (within budget) | value | "
                         "greenest (least CO2e within budget and deadline)",
                         "cheapest（满足截止时间中最便宜，默认）| fastest（预算内最快）| value（性价比）| "
                         "greenest（预算和截止时间内碳排放最少）"},
                        "limits"),
                  &Constraints::goal, &parse_goal, {"cheapest", "fastest", "value", "greenest"}),
      bind_choice(field("spot", "--spot", "spot", T::choice, none, {"Spot instances", "竞价实例"},
                        {"allow (default) | deny | only", "allow（默认）| deny | only"}, "limits"),
                  &Constraints::spot, &parse_spot_policy, {"allow", "deny", "only"}),
      bind(field("student", "--student", "student", T::flag, none, {"I am a student", "我是学生"},
                 {"Apply student programmes", "使用学生优惠"}, "limits"),
           &Constraints::student),
      bind(field("newuser", "--new-user", "new_user", T::flag, none, {"New user", "新用户"},
                 {"Apply new-user coupons", "使用新用户优惠券"}, "limits"),
           &Constraints::new_user),
      bind(field("keepprec", "--keep-precision", "keep_precision", T::flag, none,
                 {"Keep my precision", "保持我的精度"},
                 {"Never change the precision or quantize to make the job fit (no AMP, int8 or 4-bit); "
                  "8-bit Adam, a smaller micro-batch and checkpointing may still be tried",
                  "不为放下而改精度或量化（不开 AMP、不用 int8 或 4 位）；仍可尝试 8-bit Adam、减小 "
                  "micro-batch 和梯度检查点"},
                 "limits"),
           &Constraints::keep_precision),
      credit_list(),
      bind_choice(
          field("market", "--market", "market", T::choice, none, {"Ranking for", "排序面向"},
                {"cn: first what a student in mainland China can pay for (Alipay, WeChat Pay, UnionPay); "
                 "any: rank freely; auto (default): cn for CNY or the Chinese interface",
                 "cn：先排中国大陆学生能付款的（支付宝、微信、银联）；any：不限；auto（默认）：人民币或中文界"
                 "面时为 cn"},
                "limits"),
          &Constraints::market, &parse_market, {"auto", "cn", "any"}),
      pay_list(),
      bind(field("invoice", "--invoice", "invoice", T::flag, none, {"VAT invoice needed", "需要发票"},
                 {"Only providers a source says issue a VAT invoice (for reimbursement)",
                  "只用资料确认能开增值税发票的平台（报销用）"},
                 "limits"),
           &Constraints::invoice),
      bind(field("mainland", "--mainland", "mainland", T::flag, none,
                 {"Usable from mainland China", "大陆直连"},
                 {"Only providers a source says work from mainland China without extra network tools",
                  "只用资料确认在中国大陆无需额外网络工具即可使用的平台"},
                 "limits"),
           &Constraints::mainland),
      id_list("prov", "--providers", "providers", &Constraints::providers, {"Providers", "平台"},
              {"Only these provider ids, comma-separated: autodl,aliyun",
               "只用这些平台 id，逗号分隔：autodl,aliyun"},
              "limits"),
      id_list("excl", "--exclude", "exclude", &Constraints::exclude, {"Excluded", "排除"},
              {"Drop these provider or GPU ids, comma-separated", "排除这些平台或显卡 id，逗号分隔"},
              "limits"),
      bind_optional(
          field("fx", "--usd-cny", "usd_cny", T::number, limits::usd_cny, {"CNY per USD", "美元汇率"},
                {"Exchange rate, CNY per USD (default: the catalog's dated rate)",
                 "汇率，每美元兑人民币（默认：目录中注明日期的汇率）"},
                "rate"),
          &Constraints::usd_cny, {"the catalog's rate", "目录中的汇率"}),
      cards(),
      bind(field("setup", "--setup-hours", "setup_hours", T::duration, limits::setup_hours,
                 {"Setup time", "环境配置时间"},
                 {"Hours billed before the job runs: setup, downloads, debugging (default 1)",
                  "任务开始前计费的时间：装环境、下数据、调试（默认 1 小时）"},
                 "hidden"),
           &Constraints::setup_hours),
      bind(field("idle", "--idle-hours", "idle_tail_hours", T::duration, limits::idle_tail_hours,
                 {"Left running after", "结束后忘关机"},
                 {"Hours left running after the job ends (default 2; 0 if you stop it)",
                  "任务结束后到关机前的空转时间（默认 2 小时；及时关机填 0）"},
                 "hidden"),
           &Constraints::idle_tail_hours),
      bind(field("disk", "--disk", "disk_gb", T::size, limits::disk_gb, {"Disk GB", "云盘 GB"},
                 {"Disk size, e.g. 100GB (default 100GB)", "云盘大小，例如 100GB（默认 100GB）"}, "hidden"),
           &Constraints::disk_gb),
      bind(field("months", "--storage-months", "storage_months", T::number, limits::storage_months,
                 {"Storage months", "存储月数"},
                 {"Months the disk is kept (default: while the job runs)",
                  "云盘保留的月数（默认：仅任务运行期间）"},
                 "hidden"),
           &Constraints::storage_months),
      bind(field("data", "--dataset", "dataset_gb", T::size, limits::dataset_gb, {"Dataset GB", "数据集 GB"},
                 {"Dataset uploaded once, e.g. 20GB; a service ignores it (it uploads its model's weights)",
                  "上传一次的数据集，例如 20GB；服务模式不用它（上传的是模型权重）"},
                 "hidden"),
           &Constraints::dataset_gb),
      bind(field("up", "--upload-mbps", "upload_mbps", T::number, limits::upload_mbps,
                 {"Upload Mbit/s", "上行带宽 Mbit/s"},
                 {"Your upload bandwidth in Mbit/s (default 100)", "你的上行带宽，Mbit/s（默认 100）"},
                 "hidden"),
           &Constraints::upload_mbps),
      bind(field("egress", "--egress", "egress_gb", T::size, limits::egress_gb,
                 {"Results GB out", "下载结果 GB"},
                 {"Results downloaded, e.g. 5GB; a service: the responses it sends its users",
                  "下载的结果，例如 5GB；服务模式：返回给用户的响应"},
                 "hidden"),
           &Constraints::egress_gb),
      bind_optional(
          field("ingress", "--ingress-price", "ingress_per_gb", T::money, limits::ingress_per_gb,
                {"Upload fee per GB", "上传流量费/GB"},
                {"What uploading costs you per GB (campus or ISP traffic fee), in the chosen currency",
                 "你上传每 GB 数据的费用（校园网或运营商流量费），按所选币种"},
                "hidden"),
          &Constraints::ingress_per_gb, {"none", "无"}),
      bind(
          field("internal", "--internal", "internal_network", T::flag, none, {"Internal network", "内网传输"},
                {"Transfers stay on the provider's internal network", "传输走平台内网（免费）"}, "hidden"),
          &Constraints::internal_network),
      bind(field("extras", "--extras", "extras_per_month", T::money, limits::extras_per_month,
                 {"Add-ons per month", "每月附加费用"},
                 {"Monthly add-ons such as provisioned IOPS, in the chosen currency",
                  "每月附加费用，如预置 IOPS、公网 IP，按所选币种"},
                 "hidden"),
           &Constraints::extras_per_month),
      bind_optional(field("irate", "--interruptions", "interruptions_per_hour", T::number,
                          limits::interruptions_per_hour, {"Interruptions per hour", "每小时中断次数"},
                          {"Spot interruptions per hour (default: the provider's typical rate)",
                           "竞价实例每小时中断次数（默认：各平台的典型值）"},
                          "spot"),
                    &Constraints::interruptions_per_hour, {"provider default", "平台默认"}),
      bind(field("ckw", "--checkpoint-write", "checkpoint_write_minutes", T::number,
                 limits::checkpoint_write_minutes, {"Checkpoint write (min)", "写检查点（分钟）"},
                 {"Minutes to write one checkpoint (default 2)", "写一次检查点的分钟数（默认 2）"}, "spot"),
           &Constraints::checkpoint_write_minutes),
      bind_optional(field("cki", "--checkpoint-interval", "checkpoint_interval_hours", T::duration,
                          limits::checkpoint_interval_hours, {"Checkpoint every", "检查点间隔"},
                          {"Hours between checkpoints (default: Young/Daly optimum)",
                           "两次检查点之间的时间（默认：Young/Daly 最优间隔）"},
                          "spot"),
                    &Constraints::checkpoint_interval_hours, {"optimal", "最优"}),
      bind(field("restart", "--restart", "restart_minutes", T::number, limits::restart_minutes,
                 {"Restart (min)", "重启耗时（分钟）"},
                 {"Minutes to restart after an interruption (default 10)", "中断后重启所需分钟数（默认 10）"},
                 "spot"),
           &Constraints::restart_minutes),
      bind(field("seed", "--seed", "seed", T::integer, limits::seed, {"Seed", "随机种子"},
                 {"Seed for the spot simulation (default 1; same seed, same answer)",
                  "竞价模拟的随机种子（默认 1；同一种子，同一答案）"},
                 ""),
           &Constraints::seed),
  };
  return t;
}

}  // namespace gw
