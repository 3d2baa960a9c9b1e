// Chinese for the catalog loader's English problem messages (problem_text.hpp). Each rule is the English
// template with {} for a name or number copied as is and {~} for a phrase that has a Chinese form (a JSON
// type, a kind of record, a package period); the Chinese template takes them back as {0}, {1}, ...
#include "engine/problem_text.hpp"

#include <array>
#include <string_view>
#include <utility>
#include <vector>

namespace gw {

namespace {

struct Rule {
  const char* en;
  const char* zh;
};

// Specific templates before general ones: the first rule that matches the whole message wins.
constexpr std::array<Rule, 40> kRules{{
    {"Required field \"{}\" is missing.", "缺少必填字段 \"{0}\"。"},
    {"Unknown field \"{}\".", "未知字段 \"{0}\"（拼写有误，或本版本不认识该字段）。"},
    {"\"{}\" must not be empty.", "\"{0}\" 不能为空。"},
    {"\"{}\" is empty.", "\"{0}\" 为空。"},
    {"\"{}\" must use only lowercase letters, digits and single '-' (got \"{}\").",
     "\"{0}\" 只能使用小写字母、数字和单个 '-'（当前为 \"{1}\"）。"},
    {"\"{}\" must be one of {} (got \"{}\").", "\"{0}\" 必须是以下之一：{1}（当前为 \"{2}\"）。"},
    {"\"{}\" must be a real date written YYYY-MM or YYYY-MM-DD (got \"{}\").",
     "\"{0}\" 必须是真实日期，写作 YYYY-MM 或 YYYY-MM-DD（当前为 \"{1}\"）。"},
    {"\"{}\" must be a finite number (got {}).", "\"{0}\" 必须是有限的数字（当前为 {1}）。"},
    {"\"{}\" must be greater than {} (got {}); leave the field out when the value is unknown.",
     "\"{0}\" 必须大于 {1}（当前为 {2}）；数值未知时请省略该字段。"},
    {"\"{}\" must be greater than {} (got {}).", "\"{0}\" 必须大于 {1}（当前为 {2}）。"},
    {"\"{}\" must be at least {} (got {}).", "\"{0}\" 不能小于 {1}（当前为 {2}）。"},
    {"\"{}\" must be at most {} (got {}).", "\"{0}\" 不能大于 {1}（当前为 {2}）。"},
    {"\"{}\" must be between {} and {} (got {}).", "\"{0}\" 必须在 {1} 到 {2} 之间（当前为 {3}）。"},
    {"\"notes_file\" must be a file name such as \"catalog-notes.json\" (got \"{}\").",
     "\"notes_file\" 必须是文件名，例如 \"catalog-notes.json\"（当前为 \"{0}\"）。"},
    {"\"{}\" must be {~}, not {~}.", "\"{0}\" 应为{1}，而不是{2}。"},
    {"\"{}\" is set but \"{}\" is false.", "设置了 \"{0}\"，但 \"{1}\" 为 false。"},
    {"The key \"{}\" appears more than once in this object; keep one.",
     "键 \"{0}\" 在该对象中出现了不止一次；只保留一个。"},
    {"The text is not valid JSON (line {}, column {}): {}.",
     "文本不是有效的 JSON（第 {0} 行，第 {1} 列）：{2}。"},
    {"A catalog must be a JSON object, not {~}.", "目录必须是 JSON 对象，而不是{0}。"},
    {"The catalog could not be read: {}.", "无法读取目录：{0}。"},
    {"Each alias must be a string, not {~}.", "每个别名都必须是字符串，而不是{0}。"},
    {"Each entry must be a string, not {~}.", "每一项都必须是字符串，而不是{0}。"},
    {"Each {~}'s entry must be an object, not {~}.", "每个{0}的条目都必须是对象，而不是{1}。"},
    {"Each {~} must be an object, not {~}.", "每个{0}都必须是对象，而不是{1}。"},
    {"An alias needs at least one letter or digit.", "别名至少要有一个字母或数字。"},
    {"An entry is empty.", "有一项为空。"},
    {"\"usd_only\" is true but Alipay or WeChat Pay is accepted; they cannot both hold.",
     "\"usd_only\" 为 true，却又接受支付宝或微信支付；两者不能同时成立。"},
    {"Offer \"{}\" lists its {~} package twice; keep one.", "报价 \"{0}\" 列了两次{1}；只保留一个。"},
    {"A price range needs both \"on_demand_low_per_hour\" and \"on_demand_high_per_hour\".",
     "价格区间需要同时给出 \"on_demand_low_per_hour\" 和 \"on_demand_high_per_hour\"。"},
    {"The range is upside down: low {} is above high {}.", "区间上下颠倒：下限 {0} 高于上限 {1}。"},
    {"\"on_demand_per_hour\" {} lies outside its range {}.",
     "\"on_demand_per_hour\" {0} 不在其区间 {1} 内。"},
    {"The spot price {} is above the on-demand price {}.", "竞价价格 {0} 高于按量价格 {1}。"},
    {"A \"derate\" below 1 needs a \"derate_note\" saying why the offer is slower.",
     "\"derate\" 小于 1 时需要 \"derate_note\" 说明该报价为什么更慢。"},
    {"{~} id \"{}\" is already used at {}.", "{0} id \"{1}\" 已在 {2} 使用。"},
    {"The alias \"{}\" also names GPU \"{}\" ({}), so a lookup would silently pick one of them.",
     "别名 \"{0}\" 同时指向 GPU \"{1}\"（{2}），查找时会悄悄选中其中之一。"},
    {"Offer \"{}\" refers to GPU \"{}\", which is not in \"gpus\".",
     "报价 \"{0}\" 引用的 GPU \"{1}\" 不在 \"gpus\" 中。"},
    {"Offer \"{}\" refers to provider \"{}\", which is not in \"providers\".",
     "报价 \"{0}\" 引用的服务商 \"{1}\" 不在 \"providers\" 中。"},
    {"Offer \"{}\" is priced in {} but provider \"{}\" bills in {}.",
     "报价 \"{0}\" 以 {1} 计价，但服务商 \"{2}\" 以 {3} 结算。"},
    {"Offer \"{}\" has a spot price but provider \"{}\" has no spot tier (\"has_spot\" is false).",
     "报价 \"{0}\" 有竞价价格，但服务商 \"{1}\" 没有竞价实例（\"has_spot\" 为 false）。"},
    {"\"schema_version\" {} is not supported; this build reads version {}.",
     "不支持 \"schema_version\" {0}；本版本读取的是版本 {1}。"},
}};

// Catalog problems raised outside the loader's table above: the notes file, kept versions, the page's import.
constexpr std::array<Rule, 7> kMoreRules{{
    {"The catalog already has this {~}'s \"{}\"; a notes file only fills what the catalog leaves out.",
     "目录中这个{0}已有 \"{1}\"；说明文件只能补充目录中缺少的内容。"},
    {"There is no {~} \"{}\" in the catalog.", "目录中没有{0} \"{1}\"。"},
    {"These notes belong to catalog {}, not to catalog {}.", "这些说明属于目录 {0}，而不是目录 {1}。"},
    {"Catalog {} is not kept in this build (kept: {}).", "本版本没有保留目录 {0}（保留的有：{1}）。"},
    {"The file holds catalog {}, not {}.", "该文件是目录 {0}，而不是 {1}。"},
    {"{} is not part of this build.", "{0} 不在本版本中。"},
    {"This catalog keeps its sources in \"{}\", which cannot be imported with it. Import a complete catalog: "
     "the Export button here, or `gpuwise catalog export`, writes one.",
     "该目录把来源放在 \"{0}\" 中，无法与它一起导入。请导入完整的目录：此处的“导出”按钮或 `gpuwise catalog "
     "export` 都能生成。"},
}};

// The Chinese of a phrase the templates mark {~}; a phrase without one is kept as written.
std::string phrase_zh(const std::string& s) {
  static constexpr std::pair<const char*, const char*> kWhole[] = {
      {"a string", "字符串"},
      {"true or false", "true 或 false"},
      {"a number", "数字"},
      {"a whole number", "整数"},
      {"an array", "数组"},
      {"an object", "对象"},
      {"null", "null"},
      {"an object keyed by id", "以 id 为键的对象"},
      {"an object {\"en\": ..., \"zh\": ...}", "对象 {\"en\": ..., \"zh\": ...}"},
      {"a string or an object {\"en\": ..., \"zh\": ...}", "字符串或对象 {\"en\": ..., \"zh\": ...}"},
      {"GPU", "GPU"},
      {"provider", "服务商"},
      {"Provider", "服务商"},
      {"offer", "报价"},
      {"Offer", "报价"},
      {"programme", "优惠项目"},
      {"Programme", "优惠项目"},
      {"package", "套餐"},
      {"unpriced platform", "未定价平台"},
      {"Unpriced platform", "未定价平台"},
      {"day", "包日套餐"},
      {"week", "包周套餐"},
      {"month", "包月套餐"},
  };
  for (const auto& [en, zh] : kWhole)
    if (s == en) return zh;
  // What the user wrote, as the loader describes it: 'a string ("2")'.
  static constexpr std::pair<const char*, const char*> kLead[] = {
      {"a string (", "字符串 ("}, {"a number (", "数字 ("}, {"a boolean (", "布尔值 ("}};
  for (const auto& [en, zh] : kLead)
    if (s.rfind(en, 0) == 0) return zh + s.substr(std::string_view(en).size());
  return s;
}

struct Piece {
  std::string_view literal;  // text before the capture (or the tail, for the last piece)
  bool capture = false;      // a capture follows the literal
  bool translate = false;    // the capture is a {~}
};

std::vector<Piece> split(std::string_view pattern) {
  std::vector<Piece> out;
  std::size_t at = 0;
  while (true) {
    const std::size_t a = pattern.find("{}", at), b = pattern.find("{~}", at);
    const std::size_t next = std::min(a, b);
    if (next == std::string_view::npos) {
      out.push_back({pattern.substr(at), false, false});
      return out;
    }
    out.push_back({pattern.substr(at, next - at), true, next == b});
    at = next + (next == b ? 3 : 2);
  }
}

// Matches the pieces from `i` against `msg` from `pos`, every capture non-empty; backtracks over where a
// capture ends (a name may hold the text that follows it, such as a quote).
bool match(const std::vector<Piece>& pieces, std::size_t i, std::string_view msg, std::size_t pos,
           std::vector<std::string>& caps) {
  const Piece& p = pieces[i];
  if (msg.compare(pos, p.literal.size(), p.literal) != 0) return false;
  pos += p.literal.size();
  if (!p.capture) return pos == msg.size();
  for (std::size_t end = pos + 1; end <= msg.size(); ++end) {
    caps.emplace_back(msg.substr(pos, end - pos));
    if (p.translate) caps.back() = phrase_zh(caps.back());
    if (match(pieces, i + 1, msg, end, caps)) return true;
    caps.pop_back();
  }
  return false;
}

std::string fill(std::string_view zh, const std::vector<std::string>& caps) {
  std::string out;
  for (std::size_t i = 0; i < zh.size(); ++i) {
    if (zh[i] == '{' && i + 2 < zh.size() && zh[i + 2] == '}' && zh[i + 1] >= '0' && zh[i + 1] <= '9') {
      const std::size_t k = static_cast<std::size_t>(zh[i + 1] - '0');
      if (k < caps.size()) out += caps[k];
      i += 2;
      continue;
    }
    out += zh[i];
  }
  return out;
}

}  // namespace

Text problem_text(const Problem& problem) {
  const std::string& msg = problem.message;
  // The loader's sentences are short; a huge one (a pasted value quoted back) is not worth matching.
  if (msg.size() > 4000) return {msg, "目录问题（英文原文）：" + msg};
  for (const auto* rules : {kRules.data(), kMoreRules.data()}) {
    const std::size_t n = rules == kRules.data() ? kRules.size() : kMoreRules.size();
    for (std::size_t r = 0; r < n; ++r) {
      std::vector<std::string> caps;
      if (match(split(rules[r].en), 0, msg, 0, caps)) return {msg, fill(rules[r].zh, caps)};
    }
  }
  return {msg, "目录问题（英文原文）：" + msg};
}

}  // namespace gw
