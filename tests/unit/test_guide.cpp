// The bundled guide: it loads, every text is bilingual, and the tables carry the article's key facts.
#include <doctest/doctest.h>

#include <string>

#include "engine/bundled.hpp"
#include "engine/guide.hpp"

namespace {

const gw::Guide& bundled() {
  static const gw::GuideLoad load = gw::load_guide(gw::bundled_file("guide.json"));
  for (const gw::Problem& p : load.problems) MESSAGE(p.path << ": " << p.message);
  REQUIRE(load.guide);
  return *load.guide;
}

// All the text of one table (title, headers, cells, notes) in one language, for fact lookups.
std::string table_text(const gw::GuideTable& t, gw::Lang lang) {
  std::string s = t.title.in(lang) + "\n";
  for (const auto& h : t.headers) s += h.in(lang) + "|";
  for (const auto& row : t.rows) {
    s += "\n";
    for (const auto& c : row) s += c.in(lang) + "|";
  }
  for (const auto& n : t.notes) s += "\n" + n.in(lang);
  return s;
}

std::string section_text(const gw::Guide& g, const char* id, gw::Lang lang) {
  const gw::GuideSection* s = gw::find_guide_section(g, id);
  REQUIRE_MESSAGE(s, "no section " << id);
  std::string out = s->title.in(lang);
  for (const auto& p : s->paragraphs) out += "\n" + p.in(lang);
  for (const auto& t : s->tables) out += "\n" + table_text(t, lang);
  return out;
}

bool has(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

std::vector<const gw::Text*> all_texts(const gw::Guide& g) {
  std::vector<const gw::Text*> v{&g.title, &g.source};
  for (const auto& s : g.sections) {
    v.push_back(&s.title);
    for (const auto& p : s.paragraphs) v.push_back(&p);
    for (const auto& t : s.tables) {
      v.push_back(&t.title);
      for (const auto& h : t.headers) v.push_back(&h);
      for (const auto& r : t.rows)
        for (const auto& c : r) v.push_back(&c);
      for (const auto& n : t.notes) v.push_back(&n);
    }
  }
  return v;
}

}  // namespace

TEST_CASE("guide: the bundled guide loads and every text has both languages") {
  const gw::Guide& g = bundled();
  CHECK(g.version == 1);
  const auto texts = all_texts(g);
  CHECK(texts.size() > 200);
  for (const gw::Text* t : texts) {
    CHECK_FALSE(t->en.empty());
    CHECK_FALSE(t->zh.empty());
  }
  for (const char* id : {"overview", "scenarios", "value", "billing", "misconceptions", "troubleshooting",
                         "spot", "amp", "data", "students", "lab"})
    CHECK_MESSAGE(gw::find_guide_section(g, id), id);
  CHECK(gw::find_guide_section(g, "nope") == nullptr);
  CHECK(gw::validate_guide(g).empty());
}

TEST_CASE("guide: the value table carries the article's numbers and they follow the formula") {
  const gw::GuideTable* t = gw::find_guide_table(bundled(), "value");
  REQUIRE(t);
  REQUIRE(t->rows.size() == 3);
  struct Row {
    const char* gpu;
    double tflops, price, util, value;
  };
  const Row expect[] = {
      {"RTX 3090", 35.6, 1.5, 0.85, 20.2}, {"A100", 19.5, 4.8, 0.92, 3.7}, {"T4", 8.1, 0.7, 0.78, 9.0}};
  for (std::size_t i = 0; i < 3; ++i) {
    const auto& r = t->rows[i];
    CHECK(r[0].en == expect[i].gpu);
    CHECK(std::stod(r[1].en) == doctest::Approx(expect[i].tflops));
    CHECK(std::stod(r[2].en) == doctest::Approx(expect[i].price));
    CHECK(std::stod(r[3].en) / 100 == doctest::Approx(expect[i].util));
    CHECK(std::stod(r[4].en) == doctest::Approx(expect[i].value));
    // The printed coefficient is the formula's result, rounded to one decimal.
    CHECK(expect[i].tflops / expect[i].price * expect[i].util ==
          doctest::Approx(expect[i].value).epsilon(0.01));
  }
  const std::string zh = section_text(bundled(), "value", gw::Lang::zh);
  CHECK(has(zh, "性价比系数 = (FP32 TFLOPS ÷ 每小时价格) × 利用率"));
}

TEST_CASE("guide: key facts of the article are present in both languages") {
  const gw::Guide& g = bundled();
  struct Fact {
    const char* section;
    const char* en;
    const char* zh;
  };
  const Fact facts[] = {
      {"scenarios", "RTX 3060", "RTX 3060"},
      {"scenarios", "10 GB or more, e.g. RTX 3080", "至少 10 GB"},
      {"scenarios", "24 GB or more", "至少 24 GB"},
      {"scenarios", "7.9×", "7.9 倍"},
      {"scenarios", "A40 or RTX A6000", "A40 或 RTX A6000"},
      {"scenarios", "CPU cluster", "CPU 集群"},
      {"scenarios", "1.8×", "1.8 倍"},
      {"scenarios", "1/3 of the cost", "1/3"},
      {"scenarios", "A100, with quantization", "量化"},
      {"billing", "15 CNY", "15 元"},
      {"billing", "200 CNY", "200 元"},
      {"billing", "provisioned IOPS", "预配置 IOPS"},
      {"billing", "Public egress", "公网出流量"},
      {"billing", "Billing starts at creation", "创建即计费"},
      {"misconceptions", "x16", "x16"},
      {"misconceptions", "1.7×", "1.7 倍"},
      {"misconceptions", "System RAM", "内存"},
      {"troubleshooting", "CUDA out of memory", "CUDA out of memory"},
      {"troubleshooting", "gradient checkpointing", "梯度检查点"},
      {"troubleshooting", "1095 MHz", "1095 MHz"},
      {"troubleshooting", "standard image", "标准镜像"},
      {"spot", "60–80%", "60%–80%"},
      {"spot", "North China 3", "华北 3"},
      {"spot", "deadline", "截止"},
      {"amp", "22 GB", "22 GB"},
      {"amp", "14 GB", "14 GB"},
      {"data", "WebDataset", "WebDataset"},
      {"data", "58 to 41 minutes", "58 分钟缩短到 41 分钟"},
      {"data", "27%", "27%"},
      {"students", "AWS Educate", "AWS Educate"},
      {"students", "PhD students up to $1,000 a year", "博士生每年最多 1000 美元"},
      {"students", "master's students not eligible", "硕士生不符合条件"},
      {"students", "0.8 CNY/h", "0.8 元"},
      {"students", "expire", "有效期"},
      {"lab", "8×A100", "8 卡 A100"},
      {"lab", "60%", "60%"},
  };
  for (const Fact& f : facts) {
    CHECK_MESSAGE(has(section_text(g, f.section, gw::Lang::en), f.en), f.section << ": " << f.en);
    CHECK_MESSAGE(has(section_text(g, f.section, gw::Lang::zh), f.zh), f.section << ": " << f.zh);
  }
}

TEST_CASE("guide: newer facts carry a source and a date") {
  const gw::GuideTable* students = gw::find_guide_table(bundled(), "student_offers");
  REQUIRE(students);
  for (const auto& row : students->rows) {
    const std::string& source = row.back().en;
    const bool dated = has(source, "20") || has(source, "undated");
    CHECK_MESSAGE(dated, source);
  }
  const gw::GuideTable* storage = gw::find_guide_table(bundled(), "storage_prices");
  REQUIRE(storage);
  CHECK(has(table_text(*storage, gw::Lang::en), "2026-08-19"));
}

TEST_CASE("guide: the loader reports each problem with its JSON path") {
  SUBCASE("not JSON") {
    const gw::GuideLoad l = gw::load_guide("{");
    CHECK_FALSE(l.guide);
    REQUIRE(l.problems.size() == 1);
    CHECK(has(l.problems[0].message, "not valid JSON"));
  }
  const std::string good_section =
      R"({"id":"s","title":{"en":"T","zh":"标题"},"tables":[{"id":"t","title":{"en":"T","zh":"表"},)"
      R"("headers":[{"en":"GPU","zh":"显卡"},"TFLOPS"],"rows":[["A100","19.5"]]}]})";
  auto doc = [](const std::string& sections) {
    return R"({"version":1,"title":{"en":"Guide","zh":"指南"},"source":{"en":"Src","zh":"来源"},"sections":[)" +
           sections + "]}";
  };
  SUBCASE("a minimal guide loads") {
    const gw::GuideLoad l = gw::load_guide(doc(good_section));
    for (const auto& p : l.problems) MESSAGE(p.path << ": " << p.message);
    REQUIRE(l.guide);
    CHECK(l.guide->sections[0].tables[0].rows[0][0].zh == "A100");
  }
  auto problems = [&](const std::string& sections) {
    const gw::GuideLoad l = gw::load_guide(doc(sections));
    CHECK_FALSE(l.guide);
    std::string all;
    for (const auto& p : l.problems) all += p.path + ": " + p.message + "\n";
    return all;
  };
  SUBCASE("missing Chinese") {
    const std::string p =
        problems(R"({"id":"s","title":{"en":"Title"},"paragraphs":[{"en":"x","zh":"一"}]})");
    CHECK(has(p, "/sections/0/title/zh: missing the zh text"));
  }
  SUBCASE("a row narrower than its header") {
    std::string s = good_section;
    s.replace(s.find(R"(["A100","19.5"])"), 15, R"(["A100"])");
    CHECK(has(problems(s), "/sections/0/tables/0/rows/0: has 1 cells; the header has 2"));
  }
  SUBCASE("English prose as one shared string") {
    std::string s = good_section;
    s.replace(s.find(R"("A100")"), 6, R"("A100 or T4")");
    CHECK(has(problems(s), "/sections/0/tables/0/rows/0/0: 'A100 or T4' reads as English words"));
  }
  SUBCASE("English text with a glyph the Latin font lacks") {
    CHECK(has(
        problems(
            R"({"id":"s","title":{"en":"T","zh":"标"},"paragraphs":[{"en":"√2 is 1.41","zh":"根号二"}]})"),
        "/sections/0/paragraphs/0/en: uses U+221A"));
    CHECK(has(
        problems(R"({"id":"s","title":{"en":"T","zh":"标"},"paragraphs":[{"en":"阿里云","zh":"阿里云"}]})"),
        "/sections/0/paragraphs/0: uses U+963F"));
  }
  SUBCASE("an untranslated Chinese side, a plain-string paragraph, an unknown key, a duplicate id") {
    const std::string p = problems(
        R"({"id":"s","title":{"en":"Title","zh":"Title again"},"paragraphs":["Just English"],"extra":1},)"
        R"({"id":"s","title":{"en":"T","zh":"标"},"paragraphs":[{"en":"a","zh":"一"}]})");
    CHECK(has(p, "/sections/0/title/zh: has no Chinese characters"));
    CHECK(has(p, "/sections/0/paragraphs/0: must be an object"));
    CHECK(has(p, "/sections/0/extra: unknown key 'extra'"));
    CHECK(has(p, "/sections/1/id: duplicate section id 's'"));
  }
  SUBCASE("bad version, empty sections") {
    const gw::GuideLoad l = gw::load_guide(
        R"({"version":2,"title":{"en":"G","zh":"指南"},"source":{"en":"S","zh":"源"},"sections":[]})");
    CHECK_FALSE(l.guide);
    REQUIRE(l.problems.size() == 2);
    CHECK(l.problems[0].path == "/version");
    CHECK(l.problems[1].path == "/sections");
  }
}
