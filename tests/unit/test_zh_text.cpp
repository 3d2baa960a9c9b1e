// Chinese screens read wholly in Chinese: the engine's zh sentences carry no English duration units
// ("43 h", "3.6 d") and the bundled catalog gives every descriptive region and instance type a zh name and
// every offer note a zh text. English screens read wholly in English: no English text or source citation in
// the catalog or presets has a Chinese character (the English page's font has no CJK glyphs).
#include <doctest/doctest.h>

#include <regex>
#include <string>
#include <vector>

#include "engine/bundled.hpp"
#include "engine/catalog.hpp"
#include "engine/cost.hpp"
#include "engine/estimate.hpp"
#include "engine/recommend.hpp"
#include "engine/workload.hpp"
#include "test_recommend_fixtures.hpp"

using gw::test::bundled_catalog;
using gw::test::scenario_for;

namespace {

// A number followed by an English duration unit: "1.6 h", "3.6 d", "36 min", "6.0 s".
bool has_english_duration(const std::string& zh) {
  static const std::regex unit(R"(\d (h|d|min|s)(?![A-Za-z]))");
  return std::regex_search(zh, unit);
}

// Chinese characters and full-width punctuation (UTF-8 lead bytes of U+3000-U+9FFF, U+FF00-U+FFEF).
bool has_cjk(const std::string& s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if ((c >= 0xE3 && c <= 0xE9) || (c == 0xEF && i + 1 < s.size() && (s[i + 1] & 0xFE) == 0xBC)) return true;
  }
  return false;
}

// Descriptive text ("Germany host", "container instance (...)") has a space or a bracket; an identifier
// ("us-east-1", "g4dn.xlarge", "Pod") does not and reads the same in both languages.
bool descriptive(const std::string& s) {
  return s.find_first_of(" \t()") != std::string::npos || has_cjk(s);
}

void check_zh(const gw::Text& t) {
  CAPTURE(t.zh);
  CHECK_FALSE(t.zh.empty());
  CHECK_FALSE(has_english_duration(t.zh));
}

}  // namespace

TEST_CASE("the English-unit detector finds what it should") {
  CHECK(has_english_duration("用时 43 h–3.6 d。"));
  CHECK(has_english_duration("约 36 min"));
  CHECK_FALSE(has_english_duration("用时 43 小时–3.6 天。"));
  CHECK_FALSE(has_english_duration("RTX 3090 x2 · 24 GiB"));
}

TEST_CASE("the identifier detector tells names for people from codes") {
  CHECK(descriptive("Germany host"));
  CHECK(descriptive("marketplace (P2P)"));
  CHECK(descriptive("CN 华北二A"));
  CHECK_FALSE(descriptive("us-east-1"));
  CHECK_FALSE(descriptive("Standard_NC4as_T4_v3"));
  CHECK_FALSE(descriptive("GN7.2XLARGE32"));
}

TEST_CASE("every descriptive region and instance type in the bundled catalog has a Chinese name") {
  int named = 0;
  for (const gw::Offer& o : bundled_catalog().offers) {
    CAPTURE(o.id);
    for (const gw::Text* t : {&o.region, &o.instance_type}) {
      CAPTURE(t->en);
      CHECK_FALSE(has_cjk(t->en));  // English screens get English too
      if (descriptive(t->en)) CHECK_FALSE(t->zh.empty());
      if (!t->zh.empty()) {
        ++named;
        CHECK(has_cjk(t->zh));
      }
    }
  }
  CHECK(named > 50);
}

TEST_CASE("every offer note in the bundled catalog has a Chinese text") {
  const gw::CatalogLoad load = gw::load_bundled_catalog();
  REQUIRE(load.catalog.has_value());
  int noted = 0;
  for (const gw::Offer& o : load.catalog->offers) {
    CAPTURE(o.id);
    CAPTURE(o.notes.en);
    if (o.notes.en.empty()) continue;
    ++noted;
    CAPTURE(o.notes.zh);
    CHECK_FALSE(o.notes.zh.empty());
    CHECK(has_cjk(o.notes.zh));
    CHECK_FALSE(has_english_duration(o.notes.zh));
  }
  CHECK(noted > 100);
  // The providers' texts (billing and spot notes, programmes) have Chinese as well.
  for (const gw::Provider& p : load.catalog->providers) {
    CAPTURE(p.id);
    std::vector<const gw::Text*> texts = {&p.name, &p.billing_note, &p.spot_note};
    for (const gw::Program& g : p.programs) {
      texts.push_back(&g.name);
      texts.push_back(&g.notes);
    }
    for (const gw::Text* t : texts) {
      CAPTURE(t->en);
      if (!t->en.empty()) CHECK_FALSE(t->zh.empty());
    }
  }
}

TEST_CASE("zh pick summaries, reasons and drop descriptions use Chinese duration units") {
  const gw::Catalog& cat = bundled_catalog();
  for (const char* preset : {"bert-base-finetune", "resnet50-train", "gpt2-124m-train"}) {
    for (gw::Goal goal : {gw::Goal::cheapest, gw::Goal::fastest, gw::Goal::value}) {
      CAPTURE(preset);
      CAPTURE(static_cast<int>(goal));
      gw::Scenario s = scenario_for(preset);
      s.constraints.goal = goal;
      s.constraints.deadline_hours = 200;
      const gw::Report rep = gw::recommend(s, cat);
      REQUIRE_FALSE(rep.rows.empty());
      check_zh(rep.summary);
      for (const gw::Row& r : rep.rows) {
        CAPTURE(r.offer);
        if (r.detailed) check_zh(r.reason);
        for (const gw::Text& w : r.risks) check_zh(w);
        for (const gw::Text& w : r.warnings) check_zh(w);
      }
      for (const gw::Dropped& d : rep.dropped) check_zh(gw::describe(d, rep, cat));
    }
  }
  // No offer meets a one-hour deadline: the summary names the nearest miss with both durations.
  gw::Scenario late = scenario_for("resnet50-train");
  late.constraints.deadline_hours = 1;
  const gw::Report none = gw::recommend(late, cat);
  REQUIRE(none.rows.empty());
  CHECK(none.summary.zh.find("小时") != std::string::npos);
  check_zh(none.summary);
}

TEST_CASE("units read in Chinese: explanations, durations, prices per hour and limits") {
  CHECK(gw::unit_text("h").zh == "小时");
  CHECK(gw::unit_text("h").en == "h");
  CHECK(gw::unit_text("CNY/h").zh == "元/小时");
  CHECK(gw::unit_text("USD/GB-month").zh == "美元/GB·月");
  CHECK(gw::unit_text("GB/s").zh == "GB/s");  // reads the same in Chinese text
  CHECK(gw::unit_text("GiB").zh == "GiB");
  CHECK(gw::format_money_per_hour(1.32, "CNY", gw::Lang::zh) == "¥1.32/小时");
  CHECK(gw::format_money_per_hour(1.32, "CNY", gw::Lang::en) == "¥1.32/h");
  CHECK(gw::format_hours(0.5, gw::Lang::zh) == "30 分钟");
  CHECK(gw::format_hours(96, gw::Lang::zh) == "4.0 天");
  CHECK(gw::describe_limit(gw::limits::deadline_hours) == "between 0.0166667 and 43800 h");
  CHECK(gw::describe_limit(gw::limits::deadline_hours, gw::Lang::zh) == "0.0166667 到 43800 小时");
  CHECK(gw::describe_limit(gw::limits::interruptions_per_hour, gw::Lang::zh) == "0 到 10 次/小时");

  // Every input of every explanation a recommendation shows (time, memory, bill lines, spot) reads in
  // Chinese units, and keeps its English identifier in English.
  const gw::Catalog& cat = bundled_catalog();
  gw::Scenario s = scenario_for("bert-base-finetune");
  s.constraints.deadline_hours = 48;
  const gw::Report rep = gw::recommend(s, cat);
  REQUIRE_FALSE(rep.rows.empty());
  std::vector<const gw::Explain*> explains;
  for (const gw::Row& r : rep.rows) {
    explains.push_back(&r.time_explain);
    explains.push_back(&r.memory_explain);
    for (const gw::CostLine& l : r.bill.lines) explains.push_back(&l.explain);
    if (r.spot) explains.push_back(&r.spot->explain);
  }
  bool money_rate = false;
  for (const gw::Explain* e : explains) {
    const std::string zh = gw::explain_text(*e, gw::Lang::zh);
    CAPTURE(zh);
    CHECK_FALSE(has_english_duration(zh));
    CHECK(zh.find("CNY/") == std::string::npos);
    CHECK(gw::explain_text(*e, gw::Lang::en).find("小时") == std::string::npos);
    for (const gw::ExplainInput& in : e->inputs) money_rate = money_rate || in.unit == "CNY/h";
  }
  CHECK(money_rate);
}

namespace {

// Bytes in the UTF-8 sequence that starts with `lead`.
std::size_t utf8_length(unsigned char lead) {
  if (lead >= 0xF0) return 4;
  if (lead >= 0xE0) return 3;
  if (lead >= 0xC0) return 2;
  return 1;
}

// The first CJK code point in UTF-8 text (U+3000-U+30FF punctuation and kana, U+3400-U+9FFF ideographs,
// U+FF00-U+FFEF full-width forms) as "U+XXXX at byte N", or "" when there is none. The English page loads a
// Latin-only font, so such a character in English text renders as a box.
std::string cjk_in_english(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t len = utf8_length(c);
    char32_t cp = len == 1 ? c : c & (0x7F >> len);
    for (std::size_t k = 1; k < len && i + k < s.size(); ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    if ((cp >= 0x3000 && cp <= 0x30FF) || (cp >= 0x3400 && cp <= 0x9FFF) || (cp >= 0xFF00 && cp <= 0xFFEF)) {
      static const char* hex = "0123456789ABCDEF";
      std::string out = "U+";
      for (int shift = 12; shift >= 0; shift -= 4) out += hex[(cp >> shift) & 0xF];
      return out + " at byte " + std::to_string(i);
    }
    i += len;
  }
  return "";
}

// Every English half of a Text and every `source` string, with where it sits.
struct EnglishText {
  std::string where;
  const std::string* text;
};

std::vector<EnglishText> english_texts(const gw::Catalog& cat) {
  std::vector<EnglishText> out;
  for (const gw::Gpu& g : cat.gpus) {
    out.push_back({"gpu " + g.id + " source", &g.source});
    out.push_back({"gpu " + g.id + " notes", &g.notes});  // a plain English string
  }
  for (const gw::Provider& p : cat.providers) {
    const std::string at = "provider " + p.id + " ";
    out.push_back({at + "name", &p.name.en});
    out.push_back({at + "billing_note", &p.billing_note.en});
    out.push_back({at + "spot_note", &p.spot_note.en});
    out.push_back({at + "source", &p.source});
    for (const gw::Program& g : p.programs) {
      const std::string pat = "program " + g.id + " ";
      out.push_back({pat + "name", &g.name.en});
      out.push_back({pat + "notes", &g.notes.en});
      out.push_back({pat + "source", &g.source});
    }
  }
  for (const gw::Offer& o : cat.offers) {
    const std::string at = "offer " + o.id + " ";
    out.push_back({at + "region", &o.region.en});
    out.push_back({at + "instance_type", &o.instance_type.en});
    out.push_back({at + "derate_note", &o.derate_note.en});
    out.push_back({at + "source", &o.source});
    out.push_back({at + "notes", &o.notes.en});
  }
  return out;
}

}  // namespace

TEST_CASE("the CJK detector finds Chinese, kana and full-width forms, not Latin-1 or symbols") {
  CHECK(cjk_in_english("power-on (开机)") == "U+5F00 at byte 10");
  CHECK_FALSE(cjk_in_english("容器实例").empty());
  CHECK_FALSE(cjk_in_english("a（b").empty());                          // full-width bracket U+FF08
  CHECK_FALSE(cjk_in_english("a、b").empty());                          // ideographic comma U+3001
  CHECK_FALSE(cjk_in_english("カ").empty());                            // katakana
  CHECK(cjk_in_english("¥0.1/h, 90% off, Café, €5, 3–4 × 2").empty());  // ¥ is U+00A5, not U+FFE5
  CHECK(cjk_in_english("").empty());
}

TEST_CASE("English texts in the bundled catalog and presets have no Chinese characters") {
  const gw::CatalogLoad load = gw::load_bundled_catalog();
  REQUIRE(load.catalog.has_value());
  const std::vector<EnglishText> texts = english_texts(*load.catalog);
  CHECK(texts.size() > 500);
  int non_empty = 0;
  for (const EnglishText& t : texts) {
    if (t.text->empty()) continue;
    ++non_empty;
    CAPTURE(t.where);
    CAPTURE(*t.text);
    CHECK_MESSAGE(cjk_in_english(*t.text).empty(), cjk_in_english(*t.text));
  }
  CHECK(non_empty > 400);

  const gw::PresetLoad presets = gw::load_presets(gw::bundled_file("presets.json"));
  REQUIRE(presets.problems.empty());
  REQUIRE_FALSE(presets.presets.empty());
  for (const gw::Preset& p : presets.presets) {
    CAPTURE(p.id);
    for (const std::string* en : {&p.title.en, &p.guide.en, &p.workload.title.en}) {
      CAPTURE(*en);
      CHECK_MESSAGE(cjk_in_english(*en).empty(), cjk_in_english(*en));
    }
    for (const std::string& m : p.models) {
      CAPTURE(m);
      CHECK(cjk_in_english(m).empty());
    }
  }
}
