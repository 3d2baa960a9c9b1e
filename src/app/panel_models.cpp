// The job's model (issue 15 items 2 and 3): a search over the model library (data/models.json, which the
// web page fetches when the picker is first used or a link names a model, so the English first load stays
// small), the line that says which library model the job starts from and what was changed since, and a
// box that reads a pasted Hugging Face config.json. Picking or importing fills the workload's fields, which
// stay editable.
#include <nlohmann/json.hpp>
#include <string_view>

#include "app/app.hpp"
#include "app/i18n.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "engine/hf_config.hpp"
#include "engine/input.hpp"
#include "engine/link.hpp"
#include "imgui.h"
#include "platform/platform.hpp"

namespace gw::app {

namespace {

constexpr std::size_t kMaxMatches = 8;
constexpr const char* kModelsFile = "models.json";

// The job's fields that differ from its model's shape: what was changed after the model was picked.
std::vector<const InputField*> edited_fields(const Workload& w, const ModelEntry& m) {
  Scenario now;
  now.workload = w;
  Scenario picked = now;
  if (!apply_model(picked.workload, m).empty()) return {};
  std::vector<const InputField*> out;
  for (const InputField& f : input_fields())
    if (f.workload && input_text(f, now) != input_text(f, picked)) out.push_back(&f);
  return out;
}

void pick_model(AppState& s, const ModelEntry& m) {
  Workload w = s.scenario.workload;
  w.title = {};  // the model's name becomes the job's title, not the previous model's or preset's
  if (!apply_model(w, m).empty()) return;  // the library's loader already refused such an entry
  // A pasted config's runtime and weight bits belong to that checkpoint, not to the model picked now.
  if (!s.mod.hf_applied_json.empty())
    w = restore_import_extras(w, s.mod.before_hf_import, s.mod.hf_applied_json, m.workload_json);
  s.mod.hf_applied_json.clear();
  s.scenario.workload = std::move(w);
  s.mod.query[0] = '\0';
  commit(s);
}

std::string billions(double n) {
  return format_significant(n / 1e9, 3) + "B";
}

void import_config(AppState& s) {
  ModelView& v = s.mod;
  const HfConfigRead r = read_hf_config(std::string_view(v.hf_text.data()));
  v.hf_problems = r.problems;
  v.hf_notes = r.notes;
  v.hf_result = {};
  if (!r.problems.empty()) return;
  const WorkloadLoad load = workload_delta_from_json(r.workload_json, clear_model_shape(s.scenario.workload));
  if (!load.workload) {
    v.hf_problems = load.problems;
    return;
  }
  const std::string type = clean_text(r.model_type.empty() ? "?" : r.model_type, 40);
  std::string active;
  if (r.params_active > 0 && r.params_active < r.params) active = ", " + billions(r.params_active);
  v.hf_result = {"Read a " + type + " config: " + billions(r.params) + " parameters" +
                     (active.empty() ? "" : active + " active per token") + ", counted from its shapes.",
                 "已读取 " + type + " 配置：按各层形状计算共 " + billions(r.params) + " 参数" +
                     (active.empty() ? "" : "，每个 token 激活" + active.substr(2)) + "。"};
  v.before_hf_import = s.scenario.workload;
  v.hf_applied_json = r.workload_json;
  s.scenario.workload = *load.workload;
  s.scenario.workload.model.clear();  // a pasted config is not a library model
  s.scenario.workload.title = {"config.json (" + type + ")", "config.json（" + type + "）"};
  commit(s);
}

// Loading, failed or unreadable: said in place of the matches, never a blank.
bool draw_library_state(AppState& s, ModelsState st) {
  if (st == ModelsState::loading) {
    ImGui::TextColored(color_v(Tone::muted), "%s", tr("Loading models…", "正在加载模型库…"));
    return true;
  }
  if (st == ModelsState::failed) {
    wrapped_text(tr("The model library could not be downloaded. Check the connection and try again.",
                    "模型库下载失败。请检查网络后重试。"),
                 color_v(Tone::bad));
    if (ImGui::SmallButton(tr("Try again", "重试"))) platform::retry_data_file(kModelsFile);
    remember_rect("models_retry");
    return true;
  }
  if (st == ModelsState::invalid) {
    ImGui::TextColored(color_v(Tone::bad), "%s",
                       tr("The model library could not be read:", "模型库无法读取："));
    for (std::size_t i = 0; i < s.models_problems.size() && i < 3; ++i)
      ImGui::BulletText("%s: %s", s.models_problems[i].path.c_str(), s.models_problems[i].message.c_str());
    return true;
  }
  return false;
}

void draw_matches(AppState& s, const ModelLibrary& lib, bool enter) {
  const std::vector<ModelMatch> found = find_models(lib, s.mod.query, kMaxMatches);
  if (found.empty()) {
    ImGui::TextDisabled("%s", tr("No model matches. Try a family and a size: qwen 7, llama 3 8b.",
                                 "没有匹配的模型。试试系列加规模：通义 7B、Llama 3 8B。"));
    return;
  }
  const ModelEntry* chosen = enter ? found.front().model : nullptr;
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuterH;
  if (ImGui::BeginTable("model_matches", 3, flags)) {
    const float em = ImGui::GetFontSize();
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("params", ImGuiTableColumnFlags_WidthFixed, 3.6f * em);
    ImGui::TableSetupColumn("kind", ImGuiTableColumnFlags_WidthFixed, 6.5f * em);
    for (const ModelMatch& mm : found) {
      const ModelEntry& m = *mm.model;
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (ImGui::Selectable((tr(m.name) + "##" + m.id).c_str(), false, ImGuiSelectableFlags_SpanAllColumns))
        chosen = &m;
      remember_rect(("model_pick_" + m.id).c_str());
      ImGui::TableNextColumn();
      ImGui::TextColored(color_v(Tone::muted), "%s", m.params_text.c_str());
      ImGui::TableNextColumn();
      ImGui::TextColored(color_v(Tone::muted), "%s", tr(model_kind_info(m.kind).label).c_str());
    }
    ImGui::EndTable();
  }
  if (chosen) pick_model(s, *chosen);
}

// "From the model library: Qwen2.5-7B (7.61B parameters, Apache-2.0)", and what was changed since.
void draw_model_line(AppState& s) {
  Workload& w = s.scenario.workload;
  if (w.model.empty()) return;
  const ModelLibrary* lib = model_library(s);
  const ModelEntry* m = lib ? lib->find(w.model) : nullptr;
  if (!m) {
    const bool loading = update_models(s, true) == ModelsState::loading;
    ImGui::TextColored(color_v(Tone::muted), "%s",
                       (tr("Model: ", "模型：") + w.model +
                        (loading ? tr(" (loading the model library…)", "（正在加载模型库…）")
                                 : tr(" (not in this model library)", "（不在当前模型库中）")))
                           .c_str());
    return;
  }
  wrapped_text((tr("From the model library: ", "来自模型库：") + tr(m->name) + tr(" (", "（") +
                m->params_text + tr(" parameters, ", " 参数，") + m->licence + tr(")", "）")),
               color_v(Tone::muted));
  remember_rect("model_line");
  item_tooltip((m->source.url + "\n" + tr("as of ", "日期：") + m->source.date).c_str());
  const std::vector<const InputField*> edited = edited_fields(w, *m);
  if (edited.empty()) return;
  std::string list;
  for (const InputField* f : edited) list += (list.empty() ? "" : tr(", ", "、")) + tr(f->label);
  wrapped_text((tr("Changed since: ", "之后修改过：") + list), color_v(Tone::warn));
  remember_rect("model_edited");
  if (ImGui::SmallButton(tr("Back to the model's values", "恢复为模型的参数"))) pick_model(s, *m);
  remember_rect("model_reset");
}

void draw_config_import(AppState& s) {
  ModelView& v = s.mod;
  ImGui::SetNextItemOpen(v.hf_open, ImGuiCond_Once);
  v.hf_open = ImGui::TreeNode(
      tr_id("Paste a Hugging Face config.json", "粘贴 Hugging Face 的 config.json", "hfimport").c_str());
  remember_rect("hf_open");
  if (!v.hf_open) return;
  ImGui::InputTextMultiline("##hf_text", v.hf_text.data(), v.hf_text.size(),
                            ImVec2(-FLT_MIN, ImGui::GetTextLineHeight() * 6));
  remember_rect("hf_text");
  if (ImGui::Button(tr("Import", "导入"))) import_config(s);
  remember_rect("hf_import");
  ImGui::SameLine();
  ImGui::TextColored(color_v(Tone::muted), "%s", tr("Fills the model's fields.", "填入模型参数。"));
  if (!v.hf_problems.empty()) {
    ImGui::TextColored(
        color_v(Tone::bad), "%s",
        tr("This config could not be read; nothing was changed:", "无法读取此配置，未做任何修改："));
    for (std::size_t i = 0; i < v.hf_problems.size() && i < 8; ++i)
      ImGui::BulletText("%s: %s", v.hf_problems[i].path.c_str(), v.hf_problems[i].message.c_str());
  } else if (!v.hf_result.en.empty()) {
    wrapped_text(tr(v.hf_result), color_v(Tone::good));
    for (const Text& n : v.hf_notes) {
      wrapped_text(tr(n), color_v(Tone::muted));
    }
  }
  ImGui::TreePop();
}

}  // namespace

[[gnu::noinline]] ModelsState fetch_models(AppState& s) {
  if (s.models) return s.models->models.empty() ? ModelsState::invalid : ModelsState::ready;
  s.models_requested = true;  // update_models calls this only once asked
  const platform::DataFile f = platform::data_file(kModelsFile);
  if (f.state == platform::DataFile::loading) return ModelsState::loading;
  if (f.state == platform::DataFile::failed) return ModelsState::failed;
  ModelLibraryLoad load = load_models(f.text);
  s.models_problems = std::move(load.problems);
  s.models = std::move(load.library);
  platform::request_frames();
  return s.models->models.empty() ? ModelsState::invalid : ModelsState::ready;
}

const ModelLibrary* model_library(const AppState& s) {
  return s.models && !s.models->models.empty() ? &*s.models : nullptr;
}

const char* models_state_name(ModelsState st) {
  switch (st) {
    case ModelsState::not_loaded:
      return "not loaded";
    case ModelsState::loading:
      return "loading";
    case ModelsState::ready:
      return "ready";
    case ModelsState::failed:
      return "failed";
    case ModelsState::invalid:
      return "invalid";
  }
  return "";
}

void draw_model_picker(AppState& s) {
  if (begin_form("modelform")) {
    form_label(tr("Model", "模型"),
               tr("Search the model library by name and size; picking one fills the fields "
                  "below, which stay editable.",
                  "按名称和规模搜索模型库；选中后会填入下方参数，参数仍可修改。"));
    ImGui::SetNextItemWidth(-FLT_MIN);
    const bool enter = ImGui::InputTextWithHint(
        "##model_search", tr("Search: qwen 7, llama 3 8b, whisper…", "搜索：通义 7B、Llama 3 8B…"),
        s.mod.query, sizeof s.mod.query, ImGuiInputTextFlags_EnterReturnsTrue);
    remember_rect("model_search");
    const bool active = ImGui::IsItemActive() || enter;
    end_form();
    // First use (or a job already naming a model) starts the download; the state is said, never a blank.
    const ModelsState st = update_models(
        s, active || s.mod.query[0] || !s.scenario.workload.model.empty() || !s.pending_link.empty());
    if ((active || s.mod.query[0] || !s.pending_link.empty()) && !draw_library_state(s, st) && s.mod.query[0])
      if (const ModelLibrary* lib = model_library(s)) draw_matches(s, *lib, enter);
  }
  draw_model_line(s);
  draw_config_import(s);
}

bool draw_results_waiting_for_models(AppState& s) {
  if (s.pending_link.empty()) return false;
  const ModelsState st = update_models(s, true);
  if (st == ModelsState::ready) return false;  // the link is read this frame
  if (st == ModelsState::loading) {
    ImGui::TextColored(color_v(Tone::muted), "%s",
                       tr("Loading the model library this link starts from…", "正在加载此链接所用的模型库…"));
    return true;
  }
  // Failed or unreadable: the link's job cannot be laid out, so nothing is ranked. Say why, offer a retry.
  const std::string id = link_model(s.pending_link).substr(0, 60);
  const Text why = st == ModelsState::failed
                       ? Text{"The model library could not be downloaded, so this link's job (model " + id +
                                  ") is not ranked yet. Check the connection and try again.",
                              "模型库下载失败，此链接的任务（模型 " + id + "）尚未计算。请检查网络后重试。"}
                       : Text{"The model library could not be read, so this link's job is not ranked.",
                              "模型库无法读取，此链接的任务无法计算。"};
  wrapped_text(tr(why), color_v(Tone::bad));
  if (st == ModelsState::failed) {
    if (ImGui::Button(tr("Try again", "重试"))) platform::retry_data_file(kModelsFile);
    remember_rect("results_models_retry");
  }
  return true;
}

nlohmann::json models_json(const AppState& s) {
  using nlohmann::json;
  const Workload& w = s.scenario.workload;
  const ModelLibrary* lib = model_library(s);
  json matches = json::array();
  if (lib && s.mod.query[0])
    for (const ModelMatch& m : find_models(*lib, s.mod.query, kMaxMatches))
      matches.push_back({{"id", m.model->id},
                         {"name", tr(m.model->name)},
                         {"params", m.model->params_text},
                         {"kind", std::string(to_string(m.model->kind))}});
  json edited = json::array();
  if (const ModelEntry* m = lib ? lib->find(w.model) : nullptr)
    for (const InputField* f : edited_fields(w, *m)) edited.push_back(f->key);
  json problems = json::array();
  for (const Problem& p : s.mod.hf_problems) problems.push_back({{"path", p.path}, {"message", p.message}});
  const ModelsState st =
      s.models ? (lib ? ModelsState::ready : ModelsState::invalid)
      : s.models_requested
          ? (platform::data_file(kModelsFile).state == platform::DataFile::failed ? ModelsState::failed
                                                                                  : ModelsState::loading)
          : ModelsState::not_loaded;
  return {{"state", models_state_name(st)},
          {"count", lib ? lib->models.size() : 0},
          {"query", s.mod.query},
          {"matches", matches},
          {"model", w.model},
          {"edited", edited},
          {"pending_link", s.pending_link},
          {"params", w.params},
          {"layers", w.layers},
          {"hidden", w.hidden},
          {"arch", std::string(to_string(w.arch))},
          {"hf", {{"problems", problems}, {"result", tr(s.mod.hf_result)}}}};
}

}  // namespace gw::app
