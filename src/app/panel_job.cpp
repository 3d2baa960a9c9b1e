// Left panel, top: the job. A preset picker with search (the task), the model it runs on (panel_models.cpp:
// the model library and a pasted config.json), the workload's fields (the important ones first, every
// other one under "All fields") and a reference run that calibrates every estimate.
#include <algorithm>
#include <string>
#include <string_view>

#include "app/app.hpp"
#include "app/fields.hpp"
#include "app/format.hpp"
#include "app/i18n.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "engine/input.hpp"
#include "engine/serve.hpp"
#include "imgui.h"

namespace gw::app {

namespace {

bool preset_matches(const Preset& p, const std::string& filter) {
  if (filter.empty()) return true;
  std::string hay = lower_ascii(p.id + " " + p.title.en + " " + p.title.zh + " " + p.group);
  for (const std::string& m : p.models) hay += " " + lower_ascii(m);
  // Every word of the filter must appear somewhere.
  std::size_t pos = 0;
  const std::string f = lower_ascii(filter);
  while (pos < f.size()) {
    const std::size_t end = f.find(' ', pos);
    const std::string word = f.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    if (!word.empty() && hay.find(word) == std::string::npos) return false;
    if (end == std::string::npos) break;
    pos = end + 1;
  }
  return true;
}

const char* group_name(const std::string& g) {
  if (g == "cv") return tr("Vision", "视觉");
  if (g == "nlp") return tr("Language models (small)", "语言模型（小）");
  if (g == "llm") return tr("Large language models", "大语言模型");
  if (g == "science") return tr("Science (FP64)", "科学计算（FP64）");
  return g.c_str();
}

void pick_preset(AppState& s, const Preset& p) {
  s.scenario.workload = p.workload;
  s.scenario.workload.preset = p.id;
  commit(s);
}

void draw_preset_picker(AppState& s) {
  Workload& w = s.scenario.workload;
  const Preset* cur = find_preset(s.presets, w.preset);
  // A job's own title (typed, or from a link) names it; it is plain text, drawn as text.
  const bool own_title = (!w.title.en.empty() || !w.title.zh.empty()) &&
                         !(cur && w.title.en == cur->title.en && w.title.zh == cur->title.zh);
  const std::string label = own_title ? tr(w.title)
                            : cur     ? tr(cur->title)
                                      : std::string(tr("Custom job", "自定义任务"));
  ImGui::SetNextItemWidth(-FLT_MIN);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const ImVec2 size(ImGui::GetContentRegionAvail().x, ImGui::GetFrameHeight());
  if (ImGui::BeginCombo("##preset", label.c_str(), ImGuiComboFlags_HeightLargest)) {
    if (ImGui::IsWindowAppearing()) {
      s.job.preset_filter[0] = '\0';
      ImGui::SetKeyboardFocusHere();
    }
    ImGui::SetNextItemWidth(-FLT_MIN);
    const bool enter = ImGui::InputTextWithHint(
        "##preset_search", tr("Search: bert, llama 7b, fp64…", "搜索：BERT、LLaMA 7B、FP64…"),
        s.job.preset_filter, sizeof s.job.preset_filter, ImGuiInputTextFlags_EnterReturnsTrue);
    remember_rect("preset_search");
    const Preset* first = nullptr;
    std::string group;
    int shown = 0;
    for (const Preset& p : s.presets) {
      if (!preset_matches(p, s.job.preset_filter)) continue;
      if (!first) first = &p;
      if (p.group != group) {
        group = p.group;
        ImGui::Spacing();
        ImGui::TextColored(color_v(Tone::muted), "%s", group_name(group));
      }
      ++shown;
      if (ImGui::Selectable((tr(p.title) + "##" + p.id).c_str(), cur == &p)) {
        pick_preset(s, p);
      }
      remember_rect(("preset_" + p.id).c_str());
    }
    if (!shown) ImGui::TextDisabled("%s", tr("No preset matches.", "没有匹配的预设。"));
    if (enter && first) {
      pick_preset(s, *first);
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndCombo();
  }
  remember_rect_at("preset_combo", at, ImVec2(at.x + size.x, at.y + size.y));
  // The preset's guide speaks of the preset's own model: not shown once the job runs on another one.
  if (cur && !cur->guide.empty() && (w.model.empty() || w.model == cur->workload.model)) {
    wrapped_text(tr(cur->guide), color_v(Tone::muted));
  }
}

const std::vector<Choice>& mode_choices() {
  static const std::vector<Choice> c = {{"Training", "训练"},
                                        {"LoRA fine-tuning", "LoRA 微调"},
                                        {"QLoRA fine-tuning", "QLoRA 微调"},
                                        {"Inference", "推理"},
                                        {"Scientific computing", "科学计算"}};
  return c;
}
const std::vector<Choice>& arch_choices() {
  static const std::vector<Choice> c = {{"Decoder (GPT, Llama)", "解码器（GPT、Llama）"},
                                        {"Encoder (BERT)", "编码器（BERT）"},
                                        {"CNN", "卷积网络"},
                                        {"Diffusion", "扩散模型"},
                                        {"Generic compute", "通用计算"},
                                        {"Encoder-decoder (T5, Whisper)", "编码器-解码器（T5、Whisper）"},
                                        {"Vision transformer (ViT)", "视觉 Transformer（ViT）"},
                                        {"Diffusion transformer (DiT)", "扩散 Transformer（DiT）"}};
  return c;
}
const std::vector<Choice>& precision_choices() {
  static const std::vector<Choice> c = {
      {"FP32", "FP32"}, {"TF32", "TF32"}, {"AMP (mixed precision)", "AMP（混合精度）"},
      {"FP16", "FP16"}, {"BF16", "BF16"}, {"INT8", "INT8"},
      {"INT4", "INT4"}, {"FP64", "FP64"}};
  return c;
}
const std::vector<Choice>& optimizer_choices() {
  static const std::vector<Choice> c = {{"AdamW", "AdamW"},
                                        {"SGD", "SGD"},
                                        {"SGD with momentum", "带动量的 SGD"},
                                        {"Adafactor", "Adafactor"},
                                        {"8-bit Adam", "8 位 Adam"}};
  return c;
}
const std::vector<Choice>& bound_choices() {
  static const std::vector<Choice> c = {
      {"Automatic", "自动判断"}, {"Compute-bound", "计算受限"}, {"Memory-bandwidth-bound", "显存带宽受限"}};
  return c;
}

// LoRA's target layers (engine LoraTargets order: qv, all), said in words in both languages.
const std::vector<Choice>& lora_target_choices() {
  static const std::vector<Choice> c = {{"Query and value (q, v)", "query 和 value（q、v）"},
                                        {"All linear layers", "所有线性层"}};
  return c;
}

// Serving's idle policy (engine ServeIdle order: always, night, zero), said in words in both languages.
const std::vector<Choice>& idle_choices() {
  static const std::vector<Choice> c = {{"Always on (24 h a day)", "全天在线（24 小时）"},
                                        {"Stopped at night", "夜间停机"},
                                        {"Scale to zero when idle", "空闲时缩容到零"}};
  return c;
}

template <class E>
bool enum_row(const char* label, const char* help, const char* id, E& value,
              const std::vector<Choice>& choices) {
  int i = static_cast<int>(value);
  if (!field_combo(label, help, id, i, choices)) return false;
  value = static_cast<E>(i);
  return true;
}

void draw_reference(AppState& s) {
  Workload& w = s.scenario.workload;
  bool on = w.reference.has_value();
  bool changed = false;
  if (ImGui::Checkbox(tr("I measured this job on a GPU", "我在某块 GPU 上实测过这个任务"), &on)) {
    if (on)
      w.reference = ReferenceRun{"rtx-3090", 1, 10};
    else
      w.reference.reset();
    changed = true;
  }
  remember_rect("ref_on");
  item_tooltip(tr("\"It took T hours on GPU X\": every other estimate is scaled from your measurement.",
                  "“在 X 卡上用了 T 小时”：其他所有估算都按你的实测结果换算。"));
  if (w.reference && begin_form("refform")) {
    ReferenceRun& r = *w.reference;
    form_label(tr("GPU", "显卡"));
    const GpuMatch m = find_gpu(s.catalog, r.gpu);
    const std::string preview = m.gpu ? m.gpu->name : r.gpu;
    if (ImGui::BeginCombo("##ref_gpu", preview.c_str(), ImGuiComboFlags_HeightLarge)) {
      for (const Gpu& g : s.catalog.gpus)
        if (ImGui::Selectable(g.name.c_str(), m.gpu == &g)) {
          r.gpu = g.id;
          changed = true;
        }
      ImGui::EndCombo();
    }
    remember_rect("ref_gpu");
    changed |= field_input(s.scenario, "ref_gpus");
    changed |= field_input(s.scenario, "ref_hours");
    end_form();
  }
  if (changed) commit(s);
}

void draw_fields(AppState& s) {
  Workload& w = s.scenario.workload;
  bool changed = false;
  const bool transformer = w.arch == Arch::decoder || w.arch == Arch::encoder;
  const bool inference = w.mode == Mode::inference;
  if (!begin_form("jobform")) return;
  changed |= enum_row(tr("Task", "任务类型"), nullptr, "mode", w.mode, mode_choices());
  changed |= field_input(s.scenario, "params");
  changed |= enum_row(tr("Precision", "精度"),
                      tr("AMP keeps FP32 master weights and runs matmuls in FP16/BF16 on tensor cores.",
                         "AMP 保留 FP32 主权重，矩阵乘法在张量核心上用 FP16/BF16 计算。"),
                      "precision", w.precision, precision_choices());
  // A service sets its batch (the users in flight) and its tokens (the period's answers) itself.
  const bool service = serving(w);
  if (!inference) {
    changed |= field_input(s.scenario, "batch");
  } else if (!service) {
    changed |= field_input(s.scenario, "ibatch");
  }
  if (transformer) {
    changed |= field_input(s.scenario, "seq");
  } else if (w.arch == Arch::cnn || w.arch == Arch::diffusion) {
    changed |= field_input(s.scenario, "px");
  }
  if (!service && (w.mode == Mode::compute || inference || w.tokens > 0)) {
    changed |= field_input(s.scenario, "tokens");
  }
  // Serving a decoder to users (engine/serve.hpp): its fields only in inference mode.
  // The idle policy is a choice in words; its off-hours only when it stops the service.
  if (inference && w.arch == Arch::decoder) {
    for (const InputField& f : input_fields()) {
      const std::string_view key = f.key;
      if (std::string_view(f.group) != "serve") continue;
      if (key == "sidle")
        changed |=
            enum_row(tr(f.label).c_str(),
                     tr("What the service does in the hours nobody uses it: stays on, is stopped each "
                        "night, or is scaled to zero (the first request after it waits for a cold "
                        "start). Stopped hours are not billed for the GPU.",
                        "无人使用的时段服务如何处理：保持在线、每晚停机，或缩容到零（之后的第一个请求要"
                        "等冷启动）。停机的小时不计 GPU 费用。"),
                     f.key, w.serve_idle, idle_choices());
      else if (key != "soff" || w.serve_idle != ServeIdle::always)
        changed |= field_input(s.scenario, f.key);
    }
  }
  if (!inference && w.mode != Mode::compute) {
    changed |= field_input(s.scenario, "samples");
    changed |= field_input(s.scenario, "epochs");
  }
  end_form();

  ImGui::SetNextItemOpen(s.job.details_open, ImGuiCond_Once);
  s.job.details_open = ImGui::TreeNode(tr_id("All job fields", "全部任务参数", "alljob").c_str());
  if (s.job.details_open) {
    if (begin_form("jobform2")) {
      changed |= enum_row(tr("Architecture", "架构"), nullptr, "arch", w.arch, arch_choices());
      if (transformer) {
        changed |= field_input(s.scenario, "layers");
        changed |= field_input(s.scenario, "hidden");
        changed |= field_input(s.scenario, "heads");
        changed |= field_input(s.scenario, "kvh");
        changed |= field_input(s.scenario, "vocab");
        changed |= field_input(s.scenario, "fused");
      } else {
        changed |= field_input(s.scenario, "act");
        changed |= field_input(s.scenario, "gflops");
        changed |= field_input(s.scenario, "bps");
        changed |= field_input(s.scenario, "ws");
      }
      if (!inference) {
        changed |= field_input(s.scenario, "accum");
        changed |=
            enum_row(tr("Optimizer", "优化器"), nullptr, "optimizer", w.optimizer, optimizer_choices());
        changed |= field_input(s.scenario, "ckpt");
      }
      if (w.mode == Mode::lora || w.mode == Mode::qlora) {
        changed |= field_input(s.scenario, "rank");
        // Label and help from the input table, as the CLI and links have them.
        const InputField* lt = find_input("lt");
        changed |= enum_row(tr(lt->label).c_str(), tr(lt->help).c_str(), "lora_targets", w.lora_targets,
                            lora_target_choices());
      }
      changed |= field_input(s.scenario, "f16acc");
      changed |= field_input(s.scenario, "wbits");
      if (inference) changed |= field_input(s.scenario, "ctx");
      if (w.tokens == 0 && w.mode != Mode::compute && !inference)
        changed |= field_input(s.scenario, "tokens");
      changed |= field_input(s.scenario, "dl");
      changed |= enum_row(tr("Bound by", "瓶颈"), nullptr, "bound", w.bound, bound_choices());
      changed |= field_input(s.scenario, "fp64");
      if (w.mode == Mode::compute) changed |= field_input(s.scenario, "chref");
      end_form();
    }
    ImGui::TreePop();
  }
  if (changed) commit(s);
}

}  // namespace

void draw_job(AppState& s) {
  ImGui::PushFont(font_heading());
  ImGui::TextUnformatted(tr("The job", "任务"));
  ImGui::PopFont();
  draw_preset_picker(s);
  draw_model_picker(s);
  ImGui::Spacing();
  draw_fields(s);
  draw_reference(s);
}

}  // namespace gw::app
