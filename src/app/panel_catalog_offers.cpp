// The catalog tab's offers view: every offer with its price, searchable and sortable; a click on a price
// edits it (kept in this browser, applied to every ranking, dated with the day of the edit), and the price
// date opens the citation and notes.
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "app/app.hpp"
#include "app/format.hpp"
#include "app/i18n.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "engine/cost.hpp"
#include "engine/input.hpp"
#include "engine/market.hpp"
#include "imgui.h"
#include "platform/platform.hpp"

namespace gw::app {

namespace {

void refresh_offers(AppState& s) {
  const std::string f = lower_ascii(s.cat.offer_filter);
  s.cat.offer_rows.clear();
  for (std::size_t i = 0; i < s.catalog.offers.size(); ++i) {
    const Offer& o = s.catalog.offers[i];
    if (s.cat.edited_only && !s.scenario.price_overrides.count(o.id)) continue;
    const Provider* p = s.catalog.provider(o.provider);
    const Gpu* g = s.catalog.gpu(o.gpu);
    // Both languages, so "德国" and "Germany" both find the Germany host whichever language is shown.
    std::string hay = lower_ascii(o.id + " " + o.region.en + " " + o.region.zh + " " + o.instance_type.en +
                                  " " + o.instance_type.zh + " " + (p ? p->name.en + " " + p->name.zh : "") +
                                  " " + (g ? g->name : o.gpu));
    if (f.empty() || hay.find(f) != std::string::npos) s.cat.offer_rows.push_back(static_cast<int>(i));
  }
  const int col = s.cat.offer_sort.column;
  const bool desc = s.cat.offer_sort.descending;
  const double rate = exchange_rate(s.scenario.constraints, s.catalog);
  const std::string& cur = s.scenario.constraints.currency;
  auto price = [&](const Offer& o) {
    auto it = s.scenario.price_overrides.find(o.id);
    return convert_money(it != s.scenario.price_overrides.end() ? it->second : o.on_demand_per_hour,
                         o.currency, cur, rate);
  };
  std::stable_sort(s.cat.offer_rows.begin(), s.cat.offer_rows.end(), [&](int a, int b) {
    const Offer& oa = s.catalog.offers[static_cast<std::size_t>(a)];
    const Offer& ob = s.catalog.offers[static_cast<std::size_t>(b)];
    auto text = [&](const Offer& o) -> std::string {
      if (col == 0) return o.provider;
      if (col == 1) return tr(o.region);
      if (col == 2) return o.gpu;
      const std::string d = price_edit_date(s, o.id);
      return d.empty() ? o.price_date : d;
    };
    if (col == 3 || col == 5) {
      const double va = col == 3 ? oa.gpu_count : price(oa), vb = col == 3 ? ob.gpu_count : price(ob);
      return desc ? vb < va : va < vb;
    }
    return desc ? text(ob) < text(oa) : text(oa) < text(ob);
  });
  s.cat.offers_dirty = false;
  s.cat.offers_lang = ui_lang();
}

}  // namespace

// ---- the dates of price edits, kept beside the edits themselves ("prices", state.cpp)
void load_price_edit_dates(AppState& s) {
  s.price_edit_dates.clear();
  const nlohmann::json j = nlohmann::json::parse(platform::setting("price_dates"), nullptr, false);
  if (!j.is_object()) return;  // absent, or unreadable: the edits then show the catalog's dates
  for (auto it = j.begin(); it != j.end(); ++it) {
    const nlohmann::json& e = it.value();
    if (!e.is_object() || !e.contains("price") || !e["price"].is_number() || !e.contains("date") ||
        !e["date"].is_string() || price_age_months(e["date"].get<std::string>(), "9999-12") < 0)
      continue;
    s.price_edit_dates[it.key()] = {e["price"].get<double>(), e["date"].get<std::string>()};
  }
}

void save_price_edit_dates(const AppState& s) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [offer, e] : s.price_edit_dates)
    if (s.scenario.price_overrides.count(offer)) j[offer] = {{"price", e.price}, {"date", e.date}};
  if (j.empty())
    platform::remove_setting("price_dates");
  else
    platform::set_setting("price_dates", j.dump());
}

std::string price_edit_date(const AppState& s, const std::string& offer) {
  const auto ov = s.scenario.price_overrides.find(offer);
  const auto e = s.price_edit_dates.find(offer);
  if (ov == s.scenario.price_overrides.end() || e == s.price_edit_dates.end()) return {};
  return std::fabs(ov->second - e->second.price) < 1e-9 ? e->second.date : std::string();
}

PriceEditDates::PriceEditDates(AppState& s) : s_(s) {
  for (std::size_t i = 0; i < s.catalog.offers.size(); ++i) {
    Offer& o = s.catalog.offers[i];
    const std::string d = price_edit_date(s, o.id);
    if (d.empty()) continue;
    restore_.emplace_back(i, o.price_date);
    o.price_date = d;
  }
}

PriceEditDates::~PriceEditDates() {
  for (auto& [i, date] : restore_)
    if (i < s_.catalog.offers.size()) s_.catalog.offers[i].price_date = std::move(date);
}

void draw_offer_table(AppState& s) {
  auto& ov = s.scenario.price_overrides;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 18);
  if (ImGui::InputTextWithHint("##offer_filter",
                               tr("Search offers: autodl, A100, us-east…", "搜索报价：AutoDL、A100、华东…"),
                               s.cat.offer_filter, sizeof s.cat.offer_filter))
    s.cat.offers_dirty = true;
  remember_rect("offer_filter");
  ImGui::SameLine();
  if (ImGui::Checkbox(tr("Edited only", "只看已改"), &s.cat.edited_only)) s.cat.offers_dirty = true;
  ImGui::SameLine();
  ImGui::BeginDisabled(ov.empty());
  if (ImGui::Button(tr("Reset all prices", "恢复全部原价"))) {
    ov.clear();
    s.price_edit_dates.clear();
    save_price_edits(s);
    save_price_edit_dates(s);
    commit(s);
    s.cat.offers_dirty = true;
  }
  ImGui::EndDisabled();
  remember_rect("reset_prices");
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(color_v(Tone::muted), "%s",
                     tr("Click a price to change it (per hour, whole offer, in its own currency). Edits stay "
                        "in this browser.",
                        "点击价格即可修改（整机每小时，按报价原币种）。修改保存在本浏览器中。"));
  if (s.cat.offers_dirty || s.cat.offers_lang != ui_lang()) refresh_offers(s);

  const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_Resizable;
  if (!ImGui::BeginTable("offers", 8, flags, ImGui::GetContentRegionAvail())) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn(tr("Provider", "平台"), ImGuiTableColumnFlags_DefaultSort, 1.3f, 0);
  ImGui::TableSetupColumn(tr("Region", "地区"), 0, 1.6f, 1);
  ImGui::TableSetupColumn(tr("GPU", "显卡"), 0, 1.5f, 2);
  ImGui::TableSetupColumn(tr("Cards", "卡数"), 0, 0.5f, 3);
  ImGui::TableSetupColumn(tr("On-demand /h (edit)", "按量每小时（可改）"), ImGuiTableColumnFlags_NoSort, 1.3f,
                          4);
  const std::string conv = std::string(tr("In ", "折合 ")) + s.scenario.constraints.currency;
  ImGui::TableSetupColumn(conv.c_str(), 0, 0.9f, 5);
  ImGui::TableSetupColumn(tr("Spot /h", "竞价每小时"), ImGuiTableColumnFlags_NoSort, 0.8f, 6);
  ImGui::TableSetupColumn(tr("Price date", "价格日期"), 0, 0.7f, 7);
  ImGui::TableHeadersRow();
  if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs(); specs && specs->SpecsDirty) {
    if (specs->SpecsCount > 0) {
      s.cat.offer_sort.column = static_cast<int>(specs->Specs[0].ColumnUserID);
      s.cat.offer_sort.descending = specs->Specs[0].SortDirection == ImGuiSortDirection_Descending;
    }
    specs->SpecsDirty = false;
    refresh_offers(s);
  }
  const double rate = exchange_rate(s.scenario.constraints, s.catalog);
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(s.cat.offer_rows.size()));
  while (clipper.Step()) {
    for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
      const Offer& o =
          s.catalog.offers[static_cast<std::size_t>(s.cat.offer_rows[static_cast<std::size_t>(r)])];
      const Provider* p = s.catalog.provider(o.provider);
      const Gpu* g = s.catalog.gpu(o.gpu);
      ImGui::PushID(o.id.c_str());
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(p ? tr(p->name).c_str() : o.provider.c_str());
      // How to pay, mainland reach, real-name, invoices, top-up, data location: each with its source.
      if (p && ImGui::IsItemHovered()) item_tooltip(tr(access_summary(*p)).c_str());
      ImGui::TableSetColumnIndex(1);
      const std::string& region = tr(o.region);
      const bool region_cut = ImGui::CalcTextSize(region.c_str()).x > ImGui::GetContentRegionAvail().x;
      ImGui::TextUnformatted(region.c_str());
      if (region_cut && ImGui::IsItemHovered()) item_tooltip(region.c_str());
      ImGui::TableSetColumnIndex(2);
      ImGui::TextUnformatted(g ? g->name.c_str() : o.gpu.c_str());
      if (o.derate < 1.0 && ImGui::IsItemHovered())
        item_tooltip((std::string(tr("Runs at ", "实际性能为标准卡的 ")) + plain(o.derate * 100, 0) + "%. " +
                      tr(o.derate_note))
                         .c_str());
      if (o.derate < 1.0) {
        ImGui::SameLine();
        ImGui::TextColored(color_v(Tone::warn), "%s%%", plain(o.derate * 100, 0).c_str());
      }
      ImGui::TableSetColumnIndex(3);
      ImGui::Text("%d", o.gpu_count);
      ImGui::TableSetColumnIndex(4);
      auto it = ov.find(o.id);
      const bool edited = it != ov.end();
      const double cur_price = edited ? it->second : o.on_demand_per_hour;
      std::string typed;
      const float tail = ImGui::CalcTextSize(tr("edited", "已改")).x +
                         ImGui::CalcTextSize(tr("reset", "恢复")).x + ImGui::GetStyle().FramePadding.x * 2 +
                         ImGui::GetStyle().ItemSpacing.x * 2;
      ImGui::SetNextItemWidth(edited ? -tail : -FLT_MIN);
      const std::string id = "price_" + o.id;
      if (text_field(id.c_str(), plain(cur_price, 4) + " " + o.currency, typed)) {
        double v = 0;
        std::string t = typed;
        for (const char* cu : {"CNY", "USD"})
          if (auto pos = t.find(cu); pos != std::string::npos) t.erase(pos, 3);
        if (!parse_plain_number(t, v) || v <= 0 || v >= 1e7) {
          set_field_error(id.c_str(), tr("Give a price above 0, per hour for the whole offer.",
                                         "请输入大于 0 的整机每小时价格。"));
        } else {
          set_field_error(id.c_str(), "");
          if (std::fabs(v - o.on_demand_per_hour) < 1e-9) {
            ov.erase(o.id);
            s.price_edit_dates.erase(o.id);
          } else {
            ov[o.id] = v;
            s.price_edit_dates[o.id] = {v, platform::today()};
          }
          save_price_edits(s);
          save_price_edit_dates(s);
          commit(s);
          s.cat.offers_dirty = true;
        }
      }
      remember_rect(id.c_str());
      field_error(id.c_str());
      if (edited) {
        ImGui::SameLine(0, 4);
        ImGui::TextColored(color_v(Tone::accent), "%s", tr("edited", "已改"));
        item_tooltip((std::string(tr("Catalog price: ", "目录价格：")) + plain(o.on_demand_per_hour, 4) +
                      " " + o.currency)
                         .c_str());
        ImGui::SameLine(0, 4);
        if (ImGui::SmallButton(tr("reset", "恢复"))) {
          ov.erase(o.id);
          s.price_edit_dates.erase(o.id);
          save_price_edits(s);
          save_price_edit_dates(s);
          commit(s);
        }
        item_tooltip(tr("Back to the catalog price", "恢复目录价格"));
      }
      ImGui::TableSetColumnIndex(5);
      ImGui::TextUnformatted(
          money(convert_money(cur_price, o.currency, s.scenario.constraints.currency, rate),
                s.scenario.constraints.currency)
              .c_str());
      ImGui::TableSetColumnIndex(6);
      if (o.spot_per_hour)
        ImGui::Text("%s %s", plain(*o.spot_per_hour, 4).c_str(), o.currency.c_str());
      else
        ImGui::TextDisabled("—");
      ImGui::TableSetColumnIndex(7);
      // The citation (kept as the source gives it) and the notes open on hover, so the table reads in one
      // language.
      // An edited price shows the day of the edit (the user's date, not the catalog's).
      const std::string edit_date = edited ? price_edit_date(s, o.id) : "";
      if (!edit_date.empty())
        ImGui::TextColored(color_v(Tone::accent), "%s", edit_date.c_str());
      else
        ImGui::TextColored(color_v(Tone::muted), "%s%s", o.price_is_estimate ? "~" : "",
                           o.price_date.c_str());
      remember_rect(("offer_date_" + std::to_string(r)).c_str());
      if (ImGui::IsItemHovered()) {
        std::string tip =
            edited
                ? (edit_date.empty()
                       ? tr("You edited this price (it came with a link).", "此价格已修改（来自链接）。")
                       : tr("You edited this price on ", "你于 ") + edit_date + tr(".", " 修改了此价格。")) +
                      "\n" + tr("Catalog price: ", "目录价格：") + plain(o.on_demand_per_hour, 4) + " " +
                      o.currency + tr(", dated ", "，日期 ") + o.price_date + "\n\n"
                : "";
        tip += (o.source.empty() ? notes_pending_text(s) : tr("Source: ", "来源：") + o.source) +
               (o.notes.empty() ? "" : "\n\n" + tr(o.notes));
        item_tooltip(tip.c_str());
      }
      ImGui::PopID();
    }
  }
  ImGui::EndTable();
}

}  // namespace gw::app
