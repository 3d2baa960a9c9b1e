// Workload flags: one per field, applied over a preset or a workload file, then validated.
#include "cli/workload_flags.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <nlohmann/json.hpp>

namespace gw::cli {

namespace {

enum class Kind { count, integer, number, share, hours, name, on, off };

struct FlagDef {
  const char* flag;   // "--batch"
  const char* field;  // the validation field it sets ("batch")
  Kind kind;
  const char* help;
  std::function<void(Workload&, double)> set_num = nullptr;
  std::function<bool(Workload&, const std::string&)> set_name = nullptr;
};

ReferenceRun& ref(Workload& w) {
  if (!w.reference) w.reference = ReferenceRun{};
  return *w.reference;
}

// Applied in this order, so --mode and --precision come before the fields they give defaults to.
const std::vector<FlagDef>& defs() {
  static const std::vector<FlagDef> table = {
      {"--mode", "mode", Kind::name, "train, lora, qlora, inference or compute", nullptr,
       [](Workload& w, const std::string& s) { return parse_mode(s, w.mode); }},
      {"--arch", "arch", Kind::name, "decoder, encoder, cnn, diffusion or generic", nullptr,
       [](Workload& w, const std::string& s) { return parse_arch(s, w.arch); }},
      {"--precision", "precision", Kind::name, "fp32, tf32, amp, fp16, bf16, int8, int4 or fp64", nullptr,
       [](Workload& w, const std::string& s) {
         if (!parse_precision(s, w.precision)) return false;
         if (w.precision == Precision::int8) w.weight_bits = 8;
         if (w.precision == Precision::int4) w.weight_bits = 4;
         return true;
       }},
      {"--optimizer", "optimizer", Kind::name, "adamw, sgd, sgd_momentum, adafactor or adam8bit", nullptr,
       [](Workload& w, const std::string& s) { return parse_optimizer(s, w.optimizer); }},
      {"--bound", "bound", Kind::name, "generic jobs: auto, compute or memory", nullptr,
       [](Workload& w, const std::string& s) { return parse_bound(s, w.bound); }},
      {"--params", "params", Kind::count, "Parameter count, e.g. 340M, 7B",
       [](Workload& w, double v) { w.params = v; }},
      {"--layers", "layers", Kind::integer, "Transformer layers",
       [](Workload& w, double v) { w.layers = int(v); }},
      {"--hidden", "hidden", Kind::integer, "Hidden size", [](Workload& w, double v) { w.hidden = int(v); }},
      {"--heads", "heads", Kind::integer, "Attention heads", [](Workload& w, double v) { w.heads = int(v); }},
      {"--kv-heads", "kv_heads", Kind::integer, "Key/value heads (GQA); 0 = same as --heads",
       [](Workload& w, double v) { w.kv_heads = int(v); }},
      {"--vocab", "vocab", Kind::integer, "Vocabulary size", [](Workload& w, double v) { w.vocab = int(v); }},
      {"--seq", "seq", Kind::integer, "Sequence length (training) or prompt length (inference)",
       [](Workload& w, double v) { w.seq_len = int(v); }},
      {"--image-px", "image_px", Kind::integer, "Image side in pixels (CNN/diffusion)",
       [](Workload& w, double v) { w.image_px = int(v); }},
      {"--batch", "batch", Kind::integer, "Micro-batch per GPU",
       [](Workload& w, double v) { w.micro_batch = int(v); }},
      {"--grad-accum", "grad_accum", Kind::integer, "Gradient accumulation steps",
       [](Workload& w, double v) { w.grad_accum = int(v); }},
      {"--checkpointing", "checkpointing", Kind::on, "Gradient checkpointing on",
       [](Workload& w, double v) { w.checkpointing = v != 0; }},
      {"--no-checkpointing", "checkpointing", Kind::off, "Gradient checkpointing off",
       [](Workload& w, double v) { w.checkpointing = v != 0; }},
      {"--fused-attention", "fused_attention", Kind::on, "FlashAttention/SDPA: attention scores not stored",
       [](Workload& w, double v) { w.fused_attention = v != 0; }},
      {"--no-fused-attention", "fused_attention", Kind::off, "Eager attention: scores stored for backward",
       [](Workload& w, double v) { w.fused_attention = v != 0; }},
      {"--fp16-accumulate", "fp16_accumulate", Kind::on,
       "Half-precision GEMMs accumulate in fp16 (llama.cpp)",
       [](Workload& w, double v) { w.fp16_accumulate = v != 0; }},
      {"--weights-bits", "weight_bits", Kind::number,
       "Inference/QLoRA weight bits: 16, 8, 4 (4.5 for GGUF Q4_0)",
       [](Workload& w, double v) { w.weight_bits = v; }},
      {"--lora-rank", "lora_rank", Kind::integer, "LoRA rank",
       [](Workload& w, double v) { w.lora_rank = int(v); }},
      {"--tokens", "tokens", Kind::count, "Training tokens, or tokens to generate (inference)",
       [](Workload& w, double v) { w.tokens = v; }},
      {"--samples", "samples", Kind::count, "Dataset samples (images, sequences, prompts or solver steps)",
       [](Workload& w, double v) { w.dataset_samples = v; }},
      {"--epochs", "epochs", Kind::number, "Passes over the dataset",
       [](Workload& w, double v) { w.epochs = v; }},
      {"--context", "context", Kind::count, "Inference: tokens held in the KV cache per sequence",
       [](Workload& w, double v) { w.context_tokens = v; }},
      {"--inference-batch", "inference_batch", Kind::number, "Inference: sequences served at once",
       [](Workload& w, double v) { w.inference_batch = v; }},
      {"--data-loading", "data_loading", Kind::share, "Share of step time spent loading data (0.29 or 29%)",
       [](Workload& w, double v) { w.data_loading_share = v; }},
      {"--gflops-per-sample", "gflops_per_sample", Kind::number,
       "CNN/diffusion/generic: forward GFLOPs per sample",
       [](Workload& w, double v) { w.gflops_per_sample = v; }},
      {"--act-mib-per-sample", "activation_mib_per_sample", Kind::number,
       "CNN/diffusion: activation MiB per sample (16-bit)",
       [](Workload& w, double v) { w.activation_mib_per_sample = v; }},
      {"--bytes-per-sample-mib", "bytes_per_sample_mib", Kind::number,
       "Memory traffic per sample or step, MiB", [](Workload& w, double v) { w.bytes_per_sample_mib = v; }},
      {"--working-set-gib", "working_set_gib", Kind::number, "Generic jobs: resident data, GiB",
       [](Workload& w, double v) { w.working_set_gib = v; }},
      {"--fp64", "needs_fp64", Kind::on, "The job needs FP64",
       [](Workload& w, double v) { w.needs_fp64 = v != 0; }},
      {"--reference-gpu", "reference_gpu", Kind::name, "Calibrate: the GPU a past run of this job used",
       nullptr,
       [](Workload& w, const std::string& s) {
         ref(w).gpu = s;
         return !s.empty();
       }},
      {"--reference-hours", "reference_hours", Kind::hours, "Calibrate: that run's wall clock (72h, 3d)",
       [](Workload& w, double v) { ref(w).hours = v; }},
      {"--reference-gpus", "reference_gpus", Kind::integer, "Calibrate: cards that run used",
       [](Workload& w, double v) { ref(w).gpu_count = int(v); }},
  };
  return table;
}

const FlagDef* def_for_field(const std::string& field) {
  for (const FlagDef& d : defs())
    if (field == d.field && d.kind != Kind::off) return &d;
  return nullptr;
}

double parse_value(const FlagDef& d, const std::string& text) {
  double v = 0;
  switch (d.kind) {
    case Kind::count:
      return parse_count(d.flag, text);
    case Kind::hours:
      return parse_hours(d.flag, text);
    case Kind::share: {
      std::string t = text;
      double scale = 1;
      if (!t.empty() && t.back() == '%') {
        t.pop_back();
        scale = 0.01;
      }
      return parse_number(d.flag, t, -1e9, 1e9) * scale;
    }
    case Kind::integer:
      // Negative and zero values pass through to validation, which names the field and the rule.
      if (!parse_count_text(text, v) || v != std::floor(v) || std::fabs(v) > 2e9)
        throw Exit(kUsage, std::string(d.flag) + ": '" + text + "' is not a whole number",
                   std::string(d.flag) + "：'" + text + "' 不是整数");
      return v;
    case Kind::number:
      return parse_number(d.flag, text, -1e12, 1e12);
    default:
      return 0;
  }
}

// "generic jobs: auto, compute or memory" -> "auto、compute、memory": the choices of a name flag, listed
// the Chinese way (the English help keeps its own wording).
std::string zh_choices(const std::string& help) {
  std::string list = help.substr(help.rfind(": ") == std::string::npos ? 0 : help.rfind(": ") + 2);
  std::string out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = list.find(", ", start), orr = list.find(" or ", start);
    const std::size_t cut = std::min(comma, orr);
    out += list.substr(start, cut == std::string::npos ? std::string::npos : cut - start);
    if (cut == std::string::npos) return out;
    out += "、";
    start = cut + (cut == comma ? 2 : 4);
  }
}

}  // namespace

void add_workload_flags(CLI::App* cmd, WorkloadFlags& f) {
  cmd->add_option("--workload", f.workload_file,
                  "Workload JSON file (data/README.md, 'Workload format'); - = stdin")
      ->group("Workload");
  cmd->add_option("--preset", f.preset, "Start from a preset (--list-presets shows them)")->group("Workload");
  for (const FlagDef& d : defs()) {
    const std::string flag = d.flag;
    if (d.kind == Kind::on || d.kind == Kind::off) {
      cmd->add_flag_function(
             flag, [&f, flag](std::int64_t) { f.given[flag] = "true"; }, d.help)
          ->group("Workload fields");
    } else {
      cmd->add_option_function<std::string>(
             flag, [&f, flag](const std::string& v) { f.given[flag] = v; }, d.help)
          ->group("Workload fields");
    }
  }
}

Workload resolve_workload(const WorkloadFlags& f, const std::vector<Preset>& presets) {
  if (!f.any())
    throw Exit(kUsage, "give --preset NAME or --workload FILE (--list-presets shows the presets)",
               "请给出 --preset NAME 或 --workload FILE（--list-presets 列出预设）");
  std::string preset_id = f.preset;
  std::string text;
  if (!f.workload_file.empty()) {
    text = read_input(f.workload_file);
    const nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (preset_id.empty() && doc.is_object() && doc.contains("preset") && doc["preset"].is_string())
      preset_id = doc["preset"].get<std::string>();
  }
  Workload w;
  if (!preset_id.empty()) {
    const Preset* p = find_preset(presets, preset_id);
    if (!p) {
      const std::string where = f.preset.empty() ? f.workload_file + ": /preset" : "--preset";
      throw Exit(f.preset.empty() ? kBadInput : kUsage,
                 where + ": unknown preset '" + preset_id + "' (--list-presets shows them)",
                 where + "：未知预设 '" + preset_id + "'（--list-presets 列出预设）");
    }
    w = p->workload;
  }
  if (!f.workload_file.empty()) {
    const WorkloadLoad load = workload_from_json(text, w);
    if (!load.workload) {
      const Problem& p = load.problems.front();
      throw problem_exit(kBadInput, f.workload_file, "工作负载", p.path, p.message);
    }
    w = *load.workload;
  }
  for (const FlagDef& d : defs()) {
    const auto it = f.given.find(d.flag);
    if (it == f.given.end()) continue;
    if (d.kind == Kind::on || d.kind == Kind::off) {
      d.set_num(w, d.kind == Kind::on ? 1 : 0);
    } else if (d.kind == Kind::name) {
      if (!d.set_name(w, it->second))
        throw Exit(kUsage,
                   std::string(d.flag) + ": unknown value '" + it->second + "' (expected " + d.help + ")",
                   std::string(d.flag) + "：未知的取值 '" + it->second + "'（应为以下之一：" +
                       zh_choices(d.help) + "）");
    } else {
      d.set_num(w, parse_value(d, it->second));
    }
  }
  const std::vector<Problem> problems = validate_workload(w);
  if (!problems.empty()) {
    const Problem& p = problems.front();
    const FlagDef* d = def_for_field(p.path);
    const bool by_flag =
        d && (f.given.count(d->flag) || (p.path == "checkpointing" && f.given.count("--no-checkpointing")));
    if (!by_flag && !f.workload_file.empty() && f.given.empty())
      throw problem_exit(kBadInput, f.workload_file, "工作负载", "/" + p.path, p.message);
    throw problem_exit(kUsage, "", "参数", d ? std::string(d->flag) : "--" + p.path, p.message);
  }
  return w;
}

std::string preset_listing(const std::vector<Preset>& presets, Lang lang) {
  std::string out;
  std::size_t width = 0;
  for (const Preset& p : presets) width = std::max(width, p.id.size());
  for (const Preset& p : presets) {
    out += p.id + std::string(width - p.id.size() + 2, ' ') + p.group +
           std::string(p.group.size() < 8 ? 8 - p.group.size() : 1, ' ') + p.title.in(lang) + "\n";
  }
  return out;
}

}  // namespace gw::cli
