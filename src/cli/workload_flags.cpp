// Workload flags: one per field of the input table (engine/input.hpp), applied over a preset or a
// workload file, then validated.
#include "cli/workload_flags.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/scenario_flags.hpp"
#include "engine/bundled.hpp"
#include "engine/hf_config.hpp"
#include "engine/input.hpp"

namespace gw::cli {

void add_workload_flags(CLI::App* cmd, WorkloadFlags& f) {
  cmd->add_option("--workload", f.workload_file,
                  "Workload JSON file (data/README.md, 'Workload format'); - = stdin")
      ->group("Workload");
  cmd->add_option("--preset", f.preset, "Start from a preset (--list-presets shows them)")->group("Workload");
  f.list_presets = cmd->add_flag("--list-presets", "List the presets and exit")->group("Workload");
  cmd->add_option("--model", f.model,
                  "Start from a library model, e.g. qwen2.5-7b (gpuwise models lists them); the task comes "
                  "from --preset or the flags")
      ->type_name("ID")
      ->group("Workload");
  cmd->add_option("--hf-config", f.hf_config,
                  "Take the model's shape from a Hugging Face config.json (- = stdin)")
      ->type_name("FILE")
      ->group("Workload");
  add_field_flags(cmd, f.given, true, "Workload fields");
}

void add_workload_flags(CLI::App* cmd, WorkloadFlags& f, Context& ctx) {
  add_workload_flags(cmd, f);
  f.ctx = &ctx;
  f.list_models = cmd->add_option("--list-models", f.list_models_filter,
                                  "List the model library (those matching FILTER, e.g. 'qwen 7') and exit")
                      ->expected(0, 1)
                      ->type_name("[FILTER]")
                      ->group("Workload");
}

const ModelLibrary& bundled_models() {
  static const ModelLibraryLoad load = load_models(bundled_file("models.json"));
  return load.library;
}

namespace {

std::string context_text(double tokens) {
  return tokens > 0 ? std::to_string(static_cast<long long>(tokens)) : "";
}

const ModelEntry& find_model_or_exit(const std::string& id) {
  const ModelLibrary& lib = bundled_models();
  if (const ModelEntry* m = lib.find(id)) return *m;
  const std::string shown = clean_text(id, 60);
  std::string near;
  for (const std::string& c : closest_model_ids(lib, id)) near += (near.empty() ? "" : ", ") + c;
  throw Exit(kUsage,
             "--model: unknown model '" + shown + "'" +
                 (near.empty() ? "" : " (did you mean " + near + "?)") + "; gpuwise models lists the library",
             "--model：未知模型 '" + shown + "'" + (near.empty() ? "" : "（是否想找 " + near + "？）") +
                 "；gpuwise models 列出模型库");
}

// The task a model runs when no preset or file gives one: the first preset of the same mode and
// architecture (--mode qlora over a decoder: qlora-7b). Null when none fits; the flags must then say it.
// The task a model without --preset starts from: the preset written for that very model in that mode
// (--model gpt2-xl: gpt2-1.5b-train), else the first of its mode and architecture.
const Preset* task_preset(const std::vector<Preset>& presets, const WorkloadFlags& f, Arch arch,
                          const std::string& model_id) {
  Scenario probe;
  if (f.given_flag("--mode")) apply_field_flags({{"--mode", f.given.at("--mode")}}, true, probe);
  if (!model_id.empty())
    for (const Preset& p : presets)
      if (p.workload.mode == probe.workload.mode &&
          std::find(p.models.begin(), p.models.end(), model_id) != p.models.end())
        return &p;
  for (const Preset& p : presets)
    if (p.workload.mode == probe.workload.mode && p.workload.arch == arch) return &p;
  return nullptr;
}

}  // namespace

std::string model_listing(const ModelLibrary& library, const std::string& filter, Lang lang, Format format) {
  Table t;
  const bool human = format == Format::table || format == Format::md;
  const bool zh = human && lang == Lang::zh;
  // Human tables show the user's words; json and csv keep stable English keys.
  t.headers =
      zh ? std::vector<std::string>{"编号", "名称", "类型", "参数量", "激活参数", "上下文", "许可证"}
         : std::vector<std::string>{"id", "name", "kind", "params", "active_params", "context", "licence"};
  t.right_align = {false, false, false, true, true, true, false};
  for (const ModelMatch& m : find_models(library, filter)) {
    const ModelEntry& e = *m.model;
    t.rows.push_back({e.id, e.name.in(lang), std::string(to_string(e.kind)), e.params_text,
                      e.params_active_text, context_text(e.max_context_tokens), e.licence});
  }
  return render(t, format, lang);
}

Workload resolve_workload(const WorkloadFlags& f, const std::vector<Preset>& presets) {
  const Lang lang = f.ctx ? f.ctx->lang() : Lang::en;
  if (f.listing_presets()) {
    std::cout << preset_listing(presets, lang);
    throw Exit(kOk);
  }
  if (f.listing()) {
    const std::string filter = f.list_models_filter;
    if (!filter.empty() && find_models(bundled_models(), filter).empty())
      throw Exit(kUsage, "--list-models: no model matches '" + clean_text(filter, 60) + "'",
                 "--list-models：没有与 '" + clean_text(filter, 60) + "' 匹配的模型");
    std::cout << model_listing(bundled_models(), filter, lang);
    throw Exit(kOk);
  }
  if (!f.any())
    throw Exit(kUsage, "give --preset NAME, --model ID or --workload FILE (--list-presets shows the presets)",
               "请给出 --preset NAME、--model ID 或 --workload FILE（--list-presets 列出预设）");
  if (!f.model.empty() && !f.hf_config.empty())
    throw Exit(kUsage, "--hf-config: give either --model or --hf-config, not both",
               "--hf-config：--model 与 --hf-config 只能给出一个");
  std::string preset_id = f.preset;
  std::string text;
  if (!f.workload_file.empty()) {
    text = read_input(f.workload_file);
    const nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (preset_id.empty() && doc.is_object() && doc.contains("preset") && doc["preset"].is_string())
      preset_id = doc["preset"].get<std::string>();
  }
  // The model's shape, from the library or a config.json, read before the preset so a bad one is
  // reported first.
  // A code rather than a model ("--model GROMACS", "--model VASP"): the science preset that lists it, as
  // --preset takes it (said on stderr below). Library models keep their own lookup and its suggestions.
  if (!f.model.empty() && preset_id.empty() && f.workload_file.empty() && !bundled_models().find(f.model))
    if (const Preset* code = find_preset_by_model(presets, f.model);
        code && code->workload.arch == Arch::generic)
      preset_id = f.model;
  const ModelEntry* model = f.model.empty() || preset_id == f.model ? nullptr : &find_model_or_exit(f.model);
  HfConfigRead config;
  if (!f.hf_config.empty()) {
    config = read_hf_config(read_input(f.hf_config));
    if (!config.problems.empty()) {
      const Problem& p = config.problems.front();
      throw problem_exit(kBadInput, f.hf_config, "config.json", p.path.empty() ? "/" : p.path, p.message);
    }
  }
  Scenario s;
  Workload& w = s.workload;
  const Arch model_arch = model ? model->shape.arch : config.shape ? config.shape->arch : Arch::decoder;
  if (preset_id.empty() && f.workload_file.empty() && (model || config.shape)) {
    if (const Preset* task = task_preset(presets, f, model_arch, model ? model->id : std::string())) {
      w = task->workload;
      w.title = {};  // the model names the job, not the preset's model
      // Said once, on stderr: the amount of work is the preset's until the flags set it.
      const std::string flag = model ? "--model " + model->id : "--hf-config";
      const bool zh = f.ctx && f.ctx->lang() == Lang::zh;
      std::cerr << stderr_prefix(zh ? Lang::zh : Lang::en)
                << (zh ? flag + "：任务（样本数、序列长度、批大小、轮数）取自预设 " + task->id +
                             "；可用 --samples、--seq、--batch、--epochs 或 --preset 修改\n"
                       : flag + ": the task (samples, sequence, batch, epochs) is preset " + task->id +
                             "'s; change it with --samples, --seq, --batch, --epochs or --preset\n");
    }
  }
  if (!preset_id.empty()) {
    const Preset* p = find_preset(presets, preset_id);
    // Not an id: the name of the code or model the user runs ("AMBER", "VASP") finds the preset that
    // lists it (find_preset_by_model: the longest listed name inside what was typed).
    if (!p && (p = find_preset_by_model(presets, preset_id))) {
      const bool zh = f.ctx && f.ctx->lang() == Lang::zh;
      const std::string flag = (f.preset.empty() ? "--model " : "--preset ") + preset_id;
      std::cerr << stderr_prefix(zh ? Lang::zh : Lang::en)
                << (zh ? flag + "：使用预设 " + p->id + "（" + p->title.zh + "）\n"
                       : flag + ": using preset " + p->id + " (" + p->title.en + ")\n");
    }
    if (!p) {
      const std::string where = f.preset.empty() ? f.workload_file + ": /preset" : "--preset";
      throw Exit(f.preset.empty() ? kBadInput : kUsage,
                 where + ": unknown preset '" + preset_id + "' (--list-presets shows them)",
                 where + "：未知预设 '" + preset_id + "'（--list-presets 列出预设）");
    }
    w = p->workload;
  }
  if (model) {
    const std::vector<Problem> problems = apply_model(w, *model);
    if (!problems.empty())
      throw problem_exit(kBadInput, "models.json", "模型库", problems.front().path, problems.front().message);
    w.title = model->name;
  }
  if (config.shape) {
    const WorkloadLoad load = workload_delta_from_json(config.workload_json, clear_model_shape(w));
    if (!load.workload)
      throw problem_exit(kBadInput, f.hf_config, "config.json", load.problems.front().path,
                         load.problems.front().message);
    w = *load.workload;
    w.model.clear();
    w.title = {"config.json (" + clean_text(config.model_type, 40) + ")",
               "config.json（" + clean_text(config.model_type, 40) + "）"};
  }
  if (!f.workload_file.empty()) {
    const WorkloadLoad load = workload_from_json(text, w);
    if (!load.workload) {
      const Problem& p = load.problems.front();
      throw problem_exit(kBadInput, f.workload_file, "工作负载", p.path, p.message);
    }
    w = *load.workload;
  }
  apply_field_flags(f.given, true, s);
  // Quantized inference stores 8- or 4-bit weights unless --weights-bits says otherwise.
  if (f.given_flag("--precision") && !f.given_flag("--weights-bits")) {
    if (w.precision == Precision::int8) w.weight_bits = 8;
    if (w.precision == Precision::int4) w.weight_bits = 4;
  }
  const std::vector<Problem> problems = validate_workload(w);
  if (!problems.empty()) {
    const Problem& p = problems.front();
    const InputField* field = find_input(p.path);
    const std::string flag = field && *field->flag ? field->flag : "--" + p.path;
    if (!f.given_flag(flag) && !f.workload_file.empty() && !f.any_field())
      throw problem_exit(kBadInput, f.workload_file, "工作负载", "/" + p.path, p.message);
    throw problem_exit(kUsage, "", "参数", flag, p.message);
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
