// The CLI's words in Chinese. json and csv keep the stable English identifiers (scripts depend on them);
// table and md show people the words of their --lang, so every header goes through here.
#include <string>
#include <unordered_map>

#include "cli/cli.hpp"

namespace gw::cli {
namespace {

// Column identifiers and the English headers of human tables.
const std::unordered_map<std::string, std::string>& header_zh() {
  static const std::unordered_map<std::string, std::string> m = {
      // catalog gpus
      {"id", "编号"},
      {"name", "名称"},
      {"arch", "架构"},
      {"vram_gib", "显存 GiB"},
      {"bandwidth_gbs", "带宽 GB/s"},
      {"fp32_tflops", "FP32 TFLOPS"},
      {"fp16_tc_fp32acc_tflops", "FP16张量(FP32累加) TFLOPS"},
      {"bf16_tflops", "BF16 TFLOPS"},
      {"tf32_tflops", "TF32 TFLOPS"},
      {"fp64_tflops", "FP64 TFLOPS"},
      {"fp8_tflops", "FP8 TFLOPS"},
      {"fp64_vector_tflops", "FP64向量 TFLOPS"},
      {"fp64_tensor_tflops", "FP64张量 TFLOPS"},
      {"ecc", "ECC"},
      {"nvenc", "NVENC"},
      {"nvdec", "NVDEC"},
      {"int8_tops", "INT8 TOPS"},
      {"tdp_w", "功耗 W"},
      {"pcie", "PCIe"},
      {"nvlink", "NVLink"},
      {"cc", "计算能力"},
      // catalog providers and offers
      {"currency", "币种"},
      {"billing", "计费粒度"},
      {"from_creation", "创建即计费"},
      {"disk_per_gb_month", "云盘/GB/月"},
      {"egress_per_gb", "流量/GB"},
      {"spot", "竞价"},
      {"programs", "优惠计划"},
      {"pay", "支付方式"},
      {"mainland", "大陆直连"},
      {"real_name", "实名"},
      {"invoice", "发票"},
      {"min_topup", "最低充值"},
      {"source_date", "来源日期"},
      {"provider", "平台"},
      {"region", "地域"},
      {"gpu", "GPU"},
      {"cards", "卡数"},
      {"on_demand_per_hour", "按量/小时"},
      {"spot_per_hour", "竞价/小时"},
      {"derate", "降额系数"},
      {"price_date", "价格日期"},
      // recommend (flat)
      {"rank", "排名"},
      {"offer", "方案"},
      {"gpu_name", "GPU 名称"},
      {"pricing", "计费方式"},
      {"change", "调整"},
      {"fit", "显存判断"},
      {"need_gib", "需要 GiB"},
      {"headroom_gib", "余量 GiB"},
      {"hours_low", "用时(低)"},
      {"hours_likely", "用时(可能)"},
      {"hours_high", "用时(高)"},
      {"finish_low", "完成(低)"},
      {"finish_likely", "完成(可能)"},
      {"finish_high", "完成(高)"},
      {"cost_low", "费用(低)"},
      {"cost_likely", "费用(可能)"},
      {"cost_high", "费用(高)"},
      {"price_per_hour", "每小时价格"},
      {"price_per_hour_after", "折后每小时价格"},
      {"value_coefficient", "性价比系数"},
      {"price_age_months", "价格月龄"},
      {"price_stale", "价格过旧"},
      {"risk", "风险"},
      {"pareto", "帕累托前沿"},
      {"fallback", "备选"},
      {"spot_p_miss", "竞价误期概率"},
      {"spot_checkpoint_hours", "检查点间隔(小时)"},
      {"reason", "理由"},
      {"warnings", "警告"},
      {"breakdown", "费用构成"},
      // cost, lab, buy, sweep
      {"kind", "类型"},
      {"label", "项目"},
      {"low", "低"},
      {"likely", "可能"},
      {"high", "高"},
      {"formula", "公式"},
      {"item", "项目"},
      {"amount", "金额"},
      {"formula and inputs", "公式与输入"},
      {"quantity", "项目"},
      {"value", "数值"},
      // diagnose
      {"severity", "严重程度"},
      {"gpus", "GPU"},
      {"check", "检查项"},
      {"title", "标题"},
      {"line", "行"},
      {"section", "章节"},
      {"evidence", "证据"},
      {"meaning", "含义"},
      {"action", "建议"},
      // validate
      {"case", "用例"},
      {"measured", "实测"},
      {"predicted", "预测"},
      {"error", "误差"},
      {"naive error", "朴素误差"},
      {"naive_error", "朴素误差"},
      {"note", "备注"},
      // value, link
      {"utilization", "利用率"},
      {"field", "字段"},
      // estimate (csv, md)
      {"verdict", "结论"},
      {"runs_on", "计算单元"},
      {"throughput", "吞吐"},
      {"throughput_unit", "吞吐单位"},
  };
  return m;
}

// Whole cells that are words rather than data (flags, enums); names and numbers pass through.
const std::unordered_map<std::string, std::string>& cell_zh() {
  static const std::unordered_map<std::string, std::string> m = {
      {"yes", "是"},
      {"no", "否"},
      {"true", "是"},
      {"false", "否"},
      {"second", "按秒"},
      {"minute", "按分钟"},
      {"hour", "按小时"},
      {"on_demand", "按量"},
      {"on-demand", "按量"},
      {"spot", "竞价"},
      {"fits", "放得下"},
      {"tight", "很紧"},
      {"no_fit", "放不下"},
      {"no fit", "放不下"},
      {"low", "低"},
      {"medium", "中"},
      {"high", "高"},
      {"right", "正确"},
      {"WRONG", "错误"},
      {"ok", "正常"},
      {"memory", "显存"},
      {"speed", "速度"},
      {"verdict", "判断"},
      {"info", "提示"},
      {"warn", "警告"},
      {"warning", "警告"},
      {"critical", "严重"},
      {"error", "错误"},
      // recommend's drop reasons (DropReason)
      {"filtered", "被筛除"},
      {"card_count", "卡数不符"},
      {"spot_policy", "竞价策略"},
      {"unknown_gpu", "未知 GPU"},
      {"no_precision", "缺少该精度算力"},
      {"spot_impractical", "竞价不划算"},
      {"deadline", "赶不上截止"},
      {"budget", "超预算"},
      {"user_tps", "每用户速度不够"},
      {"ttft", "首 token 太慢"},
  };
  return m;
}

}  // namespace

std::string tr_header(const std::string& key, Lang lang) {
  if (lang != Lang::zh) return key;
  const auto it = header_zh().find(key);
  return it == header_zh().end() ? key : it->second;
}

// Columns whose cells are enum words (yes/no, spot, fits, risk ...); ids, names and numbers elsewhere stay.
bool word_column(const std::string& key) {
  static const std::unordered_map<std::string, bool> m = {
      {"nvlink", true}, {"from_creation", true}, {"spot", true},        {"billing", true}, {"pricing", true},
      {"fit", true},    {"risk", true},          {"price_stale", true}, {"pareto", true},  {"verdict", true},
      {"kind", true},   {"predicted", true},     {"error", true},       {"severity", true}};
  return m.count(key) > 0;
}

std::string tr_cell(const std::string& cell, Lang lang) {
  if (lang != Lang::zh) return cell;
  const auto it = cell_zh().find(cell);
  return it == cell_zh().end() ? cell : it->second;
}

}  // namespace gw::cli
