// Left panel, bottom: what the answer must respect. Budget, deadline, goal, spot, student status and
// credits, card counts, providers, the hidden costs students forget, spot settings and the exchange rate.
#include <algorithm>
#include <cmath>
#include <string>

#include "app/app.hpp"
#include "app/fields.hpp"
#include "app/format.hpp"
#include "app/i18n.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "engine/cost.hpp"
#include "imgui.h"

namespace gw::app {

namespace {

// A row of toggle buttons; returns the index clicked, or -1.
int segmented_row(const char* id_prefix, const std::vector<Choice>& options, int active) {
  int clicked = -1;
  const float avail = ImGui::GetContentRegionAvail().x;
  const int n = static_cast<int>(options.size());
  float widest = 0;
  for (const Choice& o : options) widest = std::max(widest, ImGui::CalcTextSize(tr(o.en, o.zh)).x);
  // Equal widths filling the field column, in as few rows as keep every label whole: at 1280 px the four
  // goals read "Cheapes" and "Greenes" in one row (12-06), so they take two rows of two there.
  int fit = n;
  while (fit > 1 && std::floor(avail / static_cast<float>(fit)) < widest + 2) --fit;
  const int rows = (n + fit - 1) / fit, per_row = (n + rows - 1) / rows;
  const float w = std::floor(avail / static_cast<float>(per_row));
  // Tight column (narrow panel, large fonts): thinner padding before a label gets clipped.
  const ImVec2 pad = ImGui::GetStyle().FramePadding;
  const bool tight = widest + pad.x * 2 > w;
  if (tight) ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(std::max(1.0f, (w - widest) / 2), pad.y));
  // Rows of one control sit together; the usual spacing comes after the last.
  const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
  if (rows > 1) ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(spacing.x, 1.0f));
  for (std::size_t i = 0; i < options.size(); ++i) {
    if (rows > 1 && i == static_cast<std::size_t>((rows - 1) * per_row)) ImGui::PopStyleVar();
    if (i % static_cast<std::size_t>(per_row)) ImGui::SameLine(0, 0);
    ImGui::PushID(static_cast<int>(i));
    if (segmented(tr(options[i].en, options[i].zh), static_cast<int>(i) == active, w))
      clicked = static_cast<int>(i);
    ImGui::PopID();
    remember_rect((std::string(id_prefix) + std::to_string(i)).c_str());
  }
  if (tight) ImGui::PopStyleVar();
  return clicked;
}

void draw_main(AppState& s) {
  Constraints& c = s.scenario.constraints;
  bool changed = false;
  if (!begin_form("consform")) return;
  Scenario& sc = s.scenario;
  changed |= field_input(sc, "budget", std::string(" (") + (c.currency == "CNY" ? "¥" : "$") + ")");
  changed |= field_input(sc, "deadline");
  form_label(tr("Goal", "目标"), tr("What ranks first among the options that meet the limits.",
                                    "在满足限制的方案中按什么排序。"));
  // In Goal's order (scenario.hpp); greenest: the least CO2e within the limits (energy.hpp).
  static const std::vector<Choice> goals = {
      {"Cheapest", "最便宜"}, {"Fastest", "最快"}, {"Value", "性价比"}, {"Greenest", "最低碳"}};
  if (int g = segmented_row("goal_", goals, static_cast<int>(c.goal)); g >= 0) {
    c.goal = static_cast<Goal>(g);
    changed = true;
  }
  form_label(tr("Spot instances", "竞价实例"),
             tr("Spot/preemptible capacity is cheaper but can be taken back; the time includes checkpoints "
                "and lost work.",
                "竞价（抢占式）实例更便宜但可能被回收；时间已计入检查点和丢失的工作。"));
  static const std::vector<Choice> spots = {{"Allow", "允许"}, {"Never", "不用"}, {"Only", "只用"}};
  if (int g = segmented_row("spot_", spots, static_cast<int>(c.spot)); g >= 0) {
    c.spot = static_cast<SpotPolicy>(g);
    changed = true;
  }
  changed |= field_input(sc, "student");
  changed |= field_input(sc, "newuser");
  changed |= field_input(sc, "keepprec");  // like for like: no AMP or quantization to make it fit
  form_label(tr("Cards", "卡数"),
             tr("Card counts to consider (multi-card offers only).", "考虑的卡数（仅多卡整机报价）。"));
  for (int n : {1, 2, 4, 8}) {
    if (n != 1) ImGui::SameLine(0, 0);
    const bool on = std::find(c.card_counts.begin(), c.card_counts.end(), n) != c.card_counts.end();
    const std::string label = std::to_string(n) + "##cards" + std::to_string(n);
    if (segmented(label.c_str(), on) || (on && ImGui::IsItemClicked() && c.card_counts.size() > 1)) {
      if (on)
        c.card_counts.erase(std::remove(c.card_counts.begin(), c.card_counts.end(), n), c.card_counts.end());
      else
        c.card_counts.push_back(n);
      std::sort(c.card_counts.begin(), c.card_counts.end());
      changed = true;
    }
    remember_rect(("cards_" + std::to_string(n)).c_str());
  }
  end_form();
  if (changed) commit(s);
}

void draw_providers(AppState& s) {
  Constraints& c = s.scenario.constraints;
  const std::string title = c.providers.empty() ? std::string(tr("Providers: all", "平台：全部"))
                                                : std::string(tr("Providers: ", "平台：")) +
                                                      std::to_string(c.providers.size()) + " / " +
                                                      std::to_string(s.catalog.providers.size());
  if (!ImGui::TreeNode((title + "###providers").c_str())) return;
  remember_rect("providers_node");
  bool changed = false;
  if (ImGui::SmallButton(tr("All", "全部"))) {
    c.providers.clear();
    changed = true;
  }
  for (int i = 0; i < kProviderMarkets; ++i) {  // one button per market: its providers only
    const ProviderMarketInfo& m = provider_market_info(static_cast<ProviderMarket>(i));
    ImGui::SameLine();
    if (ImGui::SmallButton(tr(m.label).c_str())) {
      c.providers.clear();
      for (const Provider& p : s.catalog.providers)
        if (p.market == m.market) c.providers.push_back(p.id);
      changed = true;
    }
  }
  for (const Provider& p : s.catalog.providers) {
    const bool all = c.providers.empty();
    bool on = all || std::find(c.providers.begin(), c.providers.end(), p.id) != c.providers.end();
    if (ImGui::Checkbox((tr(p.name) + "##prov_" + p.id).c_str(), &on)) {
      if (all) {  // unticking one of "all": every other provider stays
        for (const Provider& q : s.catalog.providers)
          if (q.id != p.id) c.providers.push_back(q.id);
      } else if (on) {
        c.providers.push_back(p.id);
        if (c.providers.size() == s.catalog.providers.size()) c.providers.clear();
      } else {
        c.providers.erase(std::remove(c.providers.begin(), c.providers.end(), p.id), c.providers.end());
        if (c.providers.empty()) c.providers.push_back(p.id);  // never "none": keep the last one
      }
      changed = true;
    }
    remember_rect(("prov_" + p.id).c_str());
    ImGui::SameLine();
    ImGui::TextColored(color_v(Tone::muted), "%s", tr(provider_market_info(p.market).label).c_str());
  }
  ImGui::TreePop();
  if (changed) commit(s);
}

void draw_credits(AppState& s) {
  Constraints& c = s.scenario.constraints;
  std::vector<std::pair<const Provider*, const Program*>> credits;
  for (const Provider& p : s.catalog.providers)
    for (const Program& g : p.programs)
      if (g.kind == ProgramKind::credit) credits.emplace_back(&p, &g);
  if (credits.empty()) return;
  const bool open = ImGui::TreeNode(tr_id("Credits I hold", "我持有的额度", "credits").c_str());
  remember_rect("credits");
  if (!open) return;
  update_catalog_notes(s, true);  // each credit's notes (its tooltip) are in the notes file
  bool changed = false;
  for (const auto& [p, g] : credits) {
    bool on = std::find(c.credits.begin(), c.credits.end(), g->id) != c.credits.end();
    if (ImGui::Checkbox((tr(p->name) + ": " + tr(g->name) + "##cr_" + g->id).c_str(), &on)) {
      if (on)
        c.credits.push_back(g->id);
      else
        c.credits.erase(std::remove(c.credits.begin(), c.credits.end(), g->id), c.credits.end());
      changed = true;
    }
    if (!g->notes.empty()) item_tooltip(tr(g->notes).c_str());
  }
  ImGui::TreePop();
  if (changed) commit(s);
}

void draw_hidden_costs(AppState& s) {
  if (!ImGui::TreeNode(tr_id("Hidden costs", "容易忽略的费用", "hidden").c_str())) return;
  bool changed = false;
  if (begin_form("hiddenform")) {
    changed |= field_group(s.scenario, "hidden");
    end_form();
  }
  ImGui::TreePop();
  if (changed) commit(s);
}

void draw_spot_settings(AppState& s) {
  Constraints& c = s.scenario.constraints;
  if (c.spot == SpotPolicy::deny ||
      !ImGui::TreeNode(tr_id("Spot settings", "竞价实例设置", "spotset").c_str()))
    return;
  bool changed = false;
  if (begin_form("spotform")) {
    changed |= field_group(s.scenario, "spot");
    end_form();
  }
  ImGui::TreePop();
  if (changed) commit(s);
}

void draw_rate(AppState& s) {
  bool changed = false;
  if (begin_form("fxform")) {
    const std::string hint = plain(s.catalog.usd_cny, 2) + " (" + s.catalog.usd_cny_date + ")";
    changed |= field_input(s.scenario, "fx", "", hint);
    end_form();
  }
  if (changed) commit(s);
}

}  // namespace

void draw_constraints(AppState& s) {
  ImGui::PushFont(font_heading());
  ImGui::TextUnformatted(tr("Limits", "限制条件"));
  ImGui::PopFont();
  draw_main(s);
  draw_providers(s);
  draw_credits(s);
  draw_hidden_costs(s);
  draw_spot_settings(s);
  draw_rate(s);
}

}  // namespace gw::app
