// The catalog tab: every GPU with the specs the estimates use, searchable and sortable (the offers view is
// panel_catalog_offers.cpp), and the citations and notes that the web page fetches when the tab first opens.
#include <algorithm>
#include <functional>
#include <string>

#include "app/app.hpp"
#include "app/format.hpp"
#include "app/i18n.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "engine/bundled.hpp"
#include "engine/gpu_specs.hpp"
#include "imgui.h"
#include "platform/platform.hpp"

namespace gw::app {

namespace {

struct Column {
  const char* en;
  const char* zh;
  const char* tip_en;
  const char* tip_zh;
  std::function<std::optional<double>(const Gpu&)> value;  // empty for text columns
  int decimals;
  const char* spec = nullptr;  // the figure's key (gpu_specs.hpp): a missing one reads "none" or "?"
};

const std::vector<Column>& columns() {
  static const std::vector<Column> cols = {
      {"GPU", "显卡", "", "", nullptr, 0},
      {"Architecture", "架构", "", "", nullptr, 0},
      {"VRAM GiB", "显存 GiB", "Memory on the card", "卡上显存",
       [](const Gpu& g) { return std::optional<double>(g.vram_gib); }, 0},
      {"Bandwidth GB/s", "带宽 GB/s", "Memory bandwidth", "显存带宽",
       [](const Gpu& g) { return g.memory_bandwidth_gbs; }, 0, "memory_bandwidth_gbs"},
      {"FP32 TFLOPS", "FP32 TFLOPS", "Plain single precision, no tensor cores", "普通单精度,不含张量核心",
       [](const Gpu& g) { return g.fp32_tflops; }, 1, "fp32_tflops"},
      {"FP16 TC TFLOPS", "FP16 张量 TFLOPS",
       "Tensor cores, FP16 with FP32 accumulate (what AMP training uses), dense",
       "张量核心 FP16、FP32 累加(混合精度训练所用),稠密",
       [](const Gpu& g) { return g.fp16_tensor_fp32acc_tflops; }, 0, "fp16_tensor_fp32acc_tflops"},
      {"BF16 TFLOPS", "BF16 TFLOPS", "Tensor cores, bfloat16, dense", "张量核心 BF16,稠密",
       [](const Gpu& g) { return g.bf16_tensor_tflops; }, 0, "bf16_tensor_tflops"},
      {"TF32 TFLOPS", "TF32 TFLOPS", "Tensor cores, TF32, dense", "张量核心 TF32,稠密",
       [](const Gpu& g) { return g.tf32_tensor_tflops; }, 0, "tf32_tensor_tflops"},
      {"FP64 vector TFLOPS", "FP64 向量 TFLOPS",
       "Double precision on the FP64 units (vector); science codes need it", "双精度(向量单元),科学计算需要",
       [](const Gpu& g) { return g.fp64_tflops; }, 2, "fp64_tflops"},
      {"FP64 tensor TFLOPS", "FP64 张量 TFLOPS",
       "Double precision on tensor cores (A100/H100 class only); matrix-heavy FP64 codes use it",
       "张量核心双精度(仅 A100/H100 一类),矩阵运算为主的 FP64 程序可用",
       [](const Gpu& g) { return g.fp64_tensor_tflops; }, 1, "fp64_tensor_tflops"},
      {"INT8 TOPS", "INT8 TOPS", "Tensor cores, INT8, dense", "张量核心 INT8,稠密",
       [](const Gpu& g) { return g.int8_tensor_tops; }, 0, "int8_tensor_tops"},
      {"TDP W", "功耗 W", "Board power", "整卡功耗", [](const Gpu& g) { return g.tdp_w; }, 0, "tdp_w"},
      {"ECC", "ECC", "Error-correcting memory: none = the card has none, ? = unknown",
       "显存纠错:无 = 不支持,未知 = 没有来源", nullptr, 0, "ecc"},
      {"NVENC", "NVENC",
       "Video encoder (hover a cell for the full entry): none = the card has none, ? = unknown",
       "视频编码器(悬停看完整说明):无 = 不支持,未知 = 没有来源", nullptr, 0, "nvenc"},
      {"Year", "年份", "", "",
       [](const Gpu& g) { return g.release_year ? std::optional<double>(*g.release_year) : std::nullopt; },
       0},
  };
  return cols;
}

std::string text_value(const Gpu& g, int col) {
  const char* spec = columns()[static_cast<std::size_t>(col)].spec;
  if (spec && std::string(spec) == "ecc") return tr(ecc_cell(g));
  if (spec) return tr(codec_cell(g, spec));
  return col == 0 ? g.name : g.architecture;
}

// A short NVENC cell: the entry up to its first bracket or comma ("8th gen (Ada, AV1 encode), 2 encoders" ->
// "8th gen"), so the column stays narrow on a phone; the whole entry shows on hover.
std::string short_codec(const std::string& t) {
  const std::size_t cut = t.find_first_of("(,");
  std::string s = cut == std::string::npos ? t : t.substr(0, cut);
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s.empty() ? t : s;
}

void refresh_rows(AppState& s) {
  const std::string f = lower_ascii(s.cat.filter);
  s.cat.gpu_rows.clear();
  for (std::size_t i = 0; i < s.catalog.gpus.size(); ++i) {
    const Gpu& g = s.catalog.gpus[i];
    std::string hay = lower_ascii(g.name + " " + g.id + " " + g.architecture + " " + g.vendor);
    for (const auto& a : g.aliases) hay += " " + lower_ascii(a);
    if (f.empty() || hay.find(f) != std::string::npos) s.cat.gpu_rows.push_back(static_cast<int>(i));
  }
  const Column& col = columns()[static_cast<std::size_t>(s.cat.sort.column)];
  const bool desc = s.cat.sort.descending;
  std::stable_sort(s.cat.gpu_rows.begin(), s.cat.gpu_rows.end(), [&](int a, int b) {
    const Gpu& ga = s.catalog.gpus[static_cast<std::size_t>(a)];
    const Gpu& gb = s.catalog.gpus[static_cast<std::size_t>(b)];
    if (!col.value) {
      const std::string ta = lower_ascii(text_value(ga, s.cat.sort.column)),
                        tb = lower_ascii(text_value(gb, s.cat.sort.column));
      return desc ? tb < ta : ta < tb;
    }
    const auto va = col.value(ga), vb = col.value(gb);
    if (!va || !vb) return va.has_value() && !vb.has_value();  // unknown values always last
    return desc ? *vb < *va : *va < *vb;
  });
  s.cat.sort_dirty = false;
}

void draw_gpu_table(AppState& s) {
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 18);
  if (ImGui::InputTextWithHint("##gpu_filter",
                               tr("Search GPUs: 3090, A100, Hopper…", "搜索显卡:3090、A100、Hopper…"),
                               s.cat.filter, sizeof s.cat.filter))
    s.cat.sort_dirty = true;
  remember_rect("gpu_filter");
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(color_v(Tone::muted),
                     tr("%d of %d GPUs · click a header to sort", "显示 %d / %d 张显卡 · 点击表头排序"),
                     static_cast<int>(s.cat.gpu_rows.size()), static_cast<int>(s.catalog.gpus.size()));

  const auto& cols = columns();
  const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollX |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_Resizable |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_Hideable;
  if (!ImGui::BeginTable("gpus", static_cast<int>(cols.size()), flags, ImGui::GetContentRegionAvail()))
    return;
  ImGui::TableSetupScrollFreeze(1, 1);
  for (std::size_t c = 0; c < cols.size(); ++c) {
    ImGuiTableColumnFlags cf = c == 0 ? ImGuiTableColumnFlags_NoHide | ImGuiTableColumnFlags_DefaultSort : 0;
    if (cols[c].value) cf |= ImGuiTableColumnFlags_PreferSortDescending;
    ImGui::TableSetupColumn(tr(cols[c].en, cols[c].zh), cf, 0, static_cast<ImGuiID>(c));
  }
  // Headers by hand, so hovering one explains what the column measures.
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (std::size_t c = 0; c < cols.size(); ++c) {
    if (!ImGui::TableSetColumnIndex(static_cast<int>(c))) continue;
    ImGui::TableHeader(ImGui::TableGetColumnName(static_cast<int>(c)));
    remember_rect(("gpu_header_" + std::to_string(c)).c_str());
    if (*cols[c].tip_en) item_tooltip(tr(cols[c].tip_en, cols[c].tip_zh));
  }
  if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs()) {
    if (specs->SpecsDirty && specs->SpecsCount > 0) {
      s.cat.sort.column = static_cast<int>(specs->Specs[0].ColumnUserID);
      s.cat.sort.descending = specs->Specs[0].SortDirection == ImGuiSortDirection_Descending;
      s.cat.sort_dirty = true;
      specs->SpecsDirty = false;
    }
  }
  if (s.cat.sort_dirty) refresh_rows(s);

  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(s.cat.gpu_rows.size()));
  while (clipper.Step()) {
    for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
      const Gpu& g = s.catalog.gpus[static_cast<std::size_t>(s.cat.gpu_rows[static_cast<std::size_t>(r)])];
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(g.name.c_str());
      if (ImGui::IsItemHovered()) {
        std::string facts = g.name + "  (" + g.id + ")";
        if (!g.compute_capability.empty())
          facts += std::string("\n") + tr("Compute capability", "计算能力") + " " + g.compute_capability;
        if (!g.memory_type.empty())
          facts += std::string("\n") + tr("Memory", "显存类型") + " " + g.memory_type;
        const std::string source =
            g.source.empty() ? notes_pending_text(s) : tr("Source:", "来源:") + (" " + g.source);
        ImGui::BeginTooltip();
        ImGui::TextUnformatted(facts.c_str());
        ImGui::TextColored(color_v(Tone::muted), "%s", source.c_str());
        ImGui::EndTooltip();
        remember_tooltip(facts + "\n" + source);
      }
      ImGui::TableSetColumnIndex(1);
      ImGui::TextUnformatted(g.architecture.c_str());
      for (std::size_t c = 2; c < cols.size(); ++c) {
        if (!ImGui::TableSetColumnIndex(static_cast<int>(c))) continue;
        if (!cols[c].value) {  // ECC, NVENC
          const std::string full = text_value(g, static_cast<int>(c));
          const bool known = cols[c].spec && spec_state(g, cols[c].spec) == SpecState::value;
          const std::string shown = std::string(cols[c].spec) == "nvenc" && known ? short_codec(full) : full;
          if (known)
            ImGui::TextUnformatted(shown.c_str());
          else
            ImGui::TextDisabled("%s", shown.c_str());
          if (shown != full && ImGui::IsItemHovered()) {
            ImGui::SetTooltip("%s", full.c_str());
            remember_tooltip(full);
          }
          continue;
        }
        const std::optional<double> v = cols[c].value(g);
        const std::string t = cols[c].spec && !(v && spec_state(g, cols[c].spec) == SpecState::value)
                                  ? tr(spec_missing_text(spec_state(g, cols[c].spec)))
                                  : num(v, cols[c].decimals);
        // Numbers right-aligned so digits line up.
        const float w = ImGui::CalcTextSize(t.c_str()).x;
        ImGui::SetCursorPosX(ImGui::GetCursorPosX() + ImGui::GetColumnWidth() - w);
        if (!v || t == "—")
          ImGui::TextDisabled("%s", t.c_str());
        else
          ImGui::TextUnformatted(t.c_str());
      }
    }
  }
  ImGui::EndTable();
}

}  // namespace

// ---- the catalog's citations and notes
// data/catalog-notes.json, named by Catalog::notes_file. The desktop build has them compiled in and applies
// them at start; the web page leaves them out of its wasm and fetches them when they are first shown: the
// catalog tab opens, a recommendation row is opened (panel_results.cpp) or the credits list is opened
// (panel_constraints.cpp, for the programmes' notes). A first load that shows none of them does not download
// them.
// Nothing the engine computes with is in them (the fields marked `prose` in catalog_fields.cpp), so the
// ranking stands; but offers' notes and providers' billing and session notes are part of a row's notes, so
// the report is recomputed once they are in. The price edits live in the scenario, apart from the catalog,
// so applying the notes in place keeps those too.
bool catalog_notes_compiled_in(const AppState& s) {
  return !s.catalog.notes_file.empty() && !bundled_file(s.catalog.notes_file).empty();
}

[[gnu::noinline]] void fetch_catalog_notes(AppState& s) {
  const std::string name = s.catalog.notes_file;  // a copy: applying clears notes_file
  if (!s.catalog_ok || name.empty() || !s.catalog_notes_problems.empty()) return;
  // Asking platform::data_file is what starts the download on the web: update_catalog_notes calls this
  // only when the notes are compiled in or asked for.
  s.catalog_notes_requested = true;
  const platform::DataFile file = platform::data_file(name);
  if (file.state != platform::DataFile::ready) return;
  for (const Problem& p : apply_catalog_notes(s.catalog, file.text))
    s.catalog_notes_problems.push_back(name + p.path + ": " + p.message);
  // Rows carry their offer's notes: recompute them (the scenario is unchanged: nothing to save or link).
  if (s.catalog_notes_problems.empty()) s.report_stale = true;
  platform::request_frames();
}

NotesState catalog_notes_state(const AppState& s) {
  if (s.catalog.notes_file.empty()) return NotesState::ready;
  if (!s.catalog_notes_problems.empty()) return NotesState::invalid;
  if (!s.catalog_notes_requested) return NotesState::not_loaded;
  // Already requested, so asking again starts nothing.
  return platform::data_file(s.catalog.notes_file).state == platform::DataFile::failed ? NotesState::failed
                                                                                       : NotesState::loading;
}

const char* notes_state_name(NotesState n) {
  switch (n) {
    case NotesState::ready:
      return "ready";
    case NotesState::not_loaded:
      return "not loaded";
    case NotesState::loading:
      return "loading";
    case NotesState::failed:
      return "failed";
    case NotesState::invalid:
      return "invalid";
  }
  return "";
}

std::string notes_pending_text(const AppState& s) {
  switch (catalog_notes_state(s)) {
    case NotesState::failed:
      return tr("Source: could not be downloaded (Try again above the table).",
                "来源：下载失败（请点击表格上方的“重试”）。");
    case NotesState::invalid:
      return tr("Source: the file did not load (see above the table).", "来源：文件加载失败（见表格上方）。");
    default:
      return tr("Source: loading…", "来源：正在加载…");
  }
}

void draw_catalog_notes_status(AppState& s) {
  const NotesState n = catalog_notes_state(s);
  if (n == NotesState::ready) return;
  // Beside the view switch, so the tables below do not move when the notes arrive.
  ImGui::SameLine(0, ImGui::GetFontSize());
  ImGui::AlignTextToFramePadding();
  if (n == NotesState::loading || n == NotesState::not_loaded) {
    ImGui::TextColored(color_v(Tone::muted), "%s",
                       tr("Loading the sources and notes…", "正在加载来源和说明…"));
    return;
  }
  if (n == NotesState::failed) {
    ImGui::TextColored(
        color_v(Tone::bad), "%s",
        tr("The sources and notes could not be downloaded; prices and specs are complete without them.",
           "来源和说明下载失败；价格和规格不受影响。"));
    ImGui::SameLine();
    if (ImGui::Button(tr("Try again", "重试"))) platform::retry_data_file(s.catalog.notes_file);
    remember_rect("catalog_notes_retry");
    return;
  }
  ImGui::TextColored(color_v(Tone::bad), "%s",
                     tr("The sources and notes did not load:", "来源和说明加载失败："));
  for (const std::string& p : s.catalog_notes_problems) ImGui::BulletText("%s", p.c_str());
}

void draw_catalog(AppState& s) {
  update_catalog_notes(s, true);
  if (segmented(tr("GPUs", "显卡"), s.cat.view == 0)) s.cat.view = 0;
  remember_rect("cat_gpus");
  ImGui::SameLine(0, 0);
  const std::string offers_label =
      std::string(tr("Offers and prices", "报价与价格")) +
      (s.scenario.price_overrides.empty() ? ""
                                          : " (" + std::to_string(s.scenario.price_overrides.size()) + ")");
  if (segmented((offers_label + "###offersview").c_str(), s.cat.view == 1)) {
    s.cat.view = 1;
    s.cat.offers_dirty = true;
  }
  remember_rect("cat_offers");
  ImGui::SameLine(0, 0);
  const std::string io_label =
      std::string(s.user_catalog ? tr("Import / export (yours)", "导入 / 导出（你的）")
                                 : tr("Import / export", "导入 / 导出")) +
      "###ioview";
  if (segmented(io_label.c_str(), s.cat.view == 2)) s.cat.view = 2;
  remember_rect("cat_io");
  draw_catalog_notes_status(s);
  ImGui::Spacing();
  if (s.cat.view == 0)
    draw_gpu_table(s);
  else if (s.cat.view == 1)
    draw_offer_table(s);
  else
    draw_catalog_io(s);
}

}  // namespace gw::app
