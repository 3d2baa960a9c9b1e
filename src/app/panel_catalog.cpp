// The catalog tab: every GPU with the specs the estimates use, searchable and sortable.
#include <algorithm>
#include <cctype>
#include <functional>
#include <string>

#include "app/app.hpp"
#include "app/i18n.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "imgui.h"

namespace gw::app {

namespace {

struct Column {
  const char* en;
  const char* zh;
  const char* tip_en;
  const char* tip_zh;
  std::function<std::optional<double>(const Gpu&)> value;  // empty for text columns
  int decimals;
};

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

const std::vector<Column>& columns() {
  static const std::vector<Column> cols = {
      {"GPU", "显卡", "", "", nullptr, 0},
      {"Architecture", "架构", "", "", nullptr, 0},
      {"VRAM GiB", "显存 GiB", "Memory on the card", "卡上显存", [](const Gpu& g) { return std::optional<double>(g.vram_gib); }, 0},
      {"Bandwidth GB/s", "带宽 GB/s", "Memory bandwidth", "显存带宽", [](const Gpu& g) { return g.memory_bandwidth_gbs; }, 0},
      {"FP32 TFLOPS", "FP32 TFLOPS", "Plain single precision, no tensor cores", "普通单精度,不含张量核心",
       [](const Gpu& g) { return g.fp32_tflops; }, 1},
      {"FP16 TC TFLOPS", "FP16 张量 TFLOPS", "Tensor cores, FP16 with FP32 accumulate (what AMP training uses), dense",
       "张量核心 FP16、FP32 累加(混合精度训练所用),稠密", [](const Gpu& g) { return g.fp16_tensor_fp32acc_tflops; }, 0},
      {"BF16 TFLOPS", "BF16 TFLOPS", "Tensor cores, bfloat16, dense", "张量核心 BF16,稠密",
       [](const Gpu& g) { return g.bf16_tensor_tflops; }, 0},
      {"TF32 TFLOPS", "TF32 TFLOPS", "Tensor cores, TF32, dense", "张量核心 TF32,稠密",
       [](const Gpu& g) { return g.tf32_tensor_tflops; }, 0},
      {"FP64 TFLOPS", "FP64 TFLOPS", "Double precision (vector); science codes need it", "双精度(向量),科学计算需要",
       [](const Gpu& g) { return g.fp64_tflops; }, 2},
      {"INT8 TOPS", "INT8 TOPS", "Tensor cores, INT8, dense", "张量核心 INT8,稠密",
       [](const Gpu& g) { return g.int8_tensor_tops; }, 0},
      {"TDP W", "功耗 W", "Board power", "整卡功耗", [](const Gpu& g) { return g.tdp_w; }, 0},
      {"Year", "年份", "", "", [](const Gpu& g) {
         return g.release_year ? std::optional<double>(*g.release_year) : std::nullopt; }, 0},
  };
  return cols;
}

std::string text_value(const Gpu& g, int col) { return col == 0 ? g.name : g.architecture; }

void refresh_rows(AppState& s) {
  const std::string f = lower(s.cat.filter);
  s.cat.gpu_rows.clear();
  for (std::size_t i = 0; i < s.catalog.gpus.size(); ++i) {
    const Gpu& g = s.catalog.gpus[i];
    std::string hay = lower(g.name + " " + g.id + " " + g.architecture + " " + g.vendor);
    for (const auto& a : g.aliases) hay += " " + lower(a);
    if (f.empty() || hay.find(f) != std::string::npos) s.cat.gpu_rows.push_back(static_cast<int>(i));
  }
  const Column& col = columns()[static_cast<std::size_t>(s.cat.sort.column)];
  const bool desc = s.cat.sort.descending;
  std::stable_sort(s.cat.gpu_rows.begin(), s.cat.gpu_rows.end(), [&](int a, int b) {
    const Gpu& ga = s.catalog.gpus[static_cast<std::size_t>(a)];
    const Gpu& gb = s.catalog.gpus[static_cast<std::size_t>(b)];
    if (!col.value) {
      const std::string ta = lower(text_value(ga, s.cat.sort.column)), tb = lower(text_value(gb, s.cat.sort.column));
      return desc ? tb < ta : ta < tb;
    }
    const auto va = col.value(ga), vb = col.value(gb);
    if (!va || !vb) return va.has_value() && !vb.has_value();  // unknown values always last
    return desc ? *vb < *va : *va < *vb;
  });
  s.cat.sort_dirty = false;
}

}  // namespace

void draw_catalog(AppState& s) {
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 18);
  if (ImGui::InputTextWithHint("##gpu_filter", tr("Search GPUs: 3090, A100, Hopper…", "搜索显卡:3090、A100、Hopper…"),
                               s.cat.filter, sizeof s.cat.filter))
    s.cat.sort_dirty = true;
  remember_rect("gpu_filter");
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(color_v(Tone::muted), tr("%d of %d GPUs · click a header to sort", "显示 %d / %d 张显卡 · 点击表头排序"),
                     static_cast<int>(s.cat.gpu_rows.size()), static_cast<int>(s.catalog.gpus.size()));

  const auto& cols = columns();
  const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH |
                                ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY | ImGuiTableFlags_Resizable |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_Hideable;
  if (!ImGui::BeginTable("gpus", static_cast<int>(cols.size()), flags, ImGui::GetContentRegionAvail())) return;
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
      if (ImGui::IsItemHovered() && !g.source.empty()) {
        ImGui::BeginTooltip();
        ImGui::Text("%s  (%s)", g.name.c_str(), g.id.c_str());
        if (!g.compute_capability.empty()) ImGui::Text("%s %s", tr("Compute capability", "计算能力"), g.compute_capability.c_str());
        if (!g.memory_type.empty()) ImGui::Text("%s %s", tr("Memory", "显存类型"), g.memory_type.c_str());
        ImGui::TextColored(color_v(Tone::muted), "%s %s", tr("Source:", "来源:"), g.source.c_str());
        ImGui::EndTooltip();
      }
      ImGui::TableSetColumnIndex(1);
      ImGui::TextUnformatted(g.architecture.c_str());
      for (std::size_t c = 2; c < cols.size(); ++c) {
        if (!ImGui::TableSetColumnIndex(static_cast<int>(c))) continue;
        const std::string t = num(cols[c].value(g), cols[c].decimals);
        // Numbers right-aligned so digits line up.
        const float w = ImGui::CalcTextSize(t.c_str()).x;
        ImGui::SetCursorPosX(ImGui::GetCursorPosX() + ImGui::GetColumnWidth() - w);
        if (t == "—") ImGui::TextDisabled("%s", t.c_str());
        else ImGui::TextUnformatted(t.c_str());
      }
    }
  }
  ImGui::EndTable();
}

}  // namespace gw::app
