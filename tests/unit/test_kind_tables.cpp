// Issue 14 item 3 (kinds are enums with one table each) and issue 21 item 4 (keep my precision). The
// tables must not drift: every enum value has its entry, in order, with a unique key and both labels; the
// bill's categories are the sums of their lines; keep_precision never lets recommend change precision.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "engine/catalog_fields.hpp"
#include "engine/cost.hpp"
#include "engine/input.hpp"
#include "engine/link.hpp"
#include "engine/recommend.hpp"
#include "engine/recommend_internal.hpp"
#include "test_estimate_fixtures.hpp"
#include "test_recommend_fixtures.hpp"

using namespace gw;

namespace {

bool has_cjk(const std::string& s) {
  for (unsigned char c : s)
    if (c >= 0xE0) return true;  // lead byte of a 3- or 4-byte UTF-8 sequence (CJK lives there)
  return false;
}

void check_label(const Text& t, const std::string& what) {
  CAPTURE(what);
  CHECK(!t.en.empty());
  CHECK(!t.zh.empty());
  CHECK_FALSE(has_cjk(t.en));
}

}  // namespace

TEST_CASE("kind tables: every change, cost kind, bill category and advice kind has its key and labels") {
  std::set<std::string> keys;
  for (int i = 0; i < kChanges; ++i) {
    const ChangeInfo& c = change_info(static_cast<Change>(i));
    CHECK(static_cast<int>(c.change) == i);  // in enum order: the table is indexed by the enum
    CHECK(keys.insert(c.key).second);
    CHECK(to_string(c.change) == c.key);
    check_label(c.label, c.key);
  }
  // Exactly AMP and quantization change the precision (what keep_precision forbids).
  CHECK(change_info(Change::amp).precision);
  CHECK(change_info(Change::int8).precision);
  CHECK(change_info(Change::int4).precision);
  CHECK_FALSE(change_info(Change::adam8bit).precision);
  CHECK_FALSE(change_info(Change::smaller_batch).precision);
  CHECK_FALSE(change_info(Change::checkpointing).precision);
  CHECK_FALSE(change_info(Change::offload).precision);  // so keep_precision allows it
  // What the job computes: precision, quantization and the optimizer's arithmetic (same_job).
  for (Change c : {Change::amp, Change::adam8bit, Change::int8, Change::int4}) CHECK(change_info(c).job);
  for (Change c : {Change::checkpointing, Change::smaller_batch, Change::offload})
    CHECK_FALSE(change_info(c).job);
  CHECK(change_info(Change::offload).label.en == "CPU offload");

  keys.clear();
  std::set<int> used_categories;
  for (int i = 0; i < kCostKinds; ++i) {
    const CostKindInfo& k = cost_kind_info(static_cast<CostKind>(i));
    CHECK(static_cast<int>(k.kind) == i);
    CHECK(keys.insert(k.key).second);
    CHECK(to_string(k.kind) == k.key);
    check_label(k.label, k.key);
    used_categories.insert(static_cast<int>(k.category));
  }
  CHECK(used_categories.size() == static_cast<std::size_t>(kBillCategories));  // each category has lines

  keys.clear();
  std::set<int> colours;
  std::vector<Range Bill::*> fields;
  for (int i = 0; i < kBillCategories; ++i) {
    const BillCategoryInfo& c = bill_categories()[static_cast<std::size_t>(i)];
    CHECK(static_cast<int>(c.category) == i);
    CHECK(&bill_category(c.category) == &c);
    CHECK(keys.insert(c.key).second);
    check_label(c.label, c.key);
    CHECK(c.colour >= 0);
    CHECK(c.colour < kBillCategories);
    CHECK(colours.insert(c.colour).second);
    CHECK(c.amount != nullptr);
    for (Range Bill::*other : fields) CHECK(other != c.amount);
    fields.push_back(c.amount);
  }

  keys.clear();
  for (int i = 0; i < kAdviceKinds; ++i) {
    const AdviceKindInfo& a = advice_info(static_cast<AdviceKind>(i));
    CHECK(static_cast<int>(a.kind) == i);
    CHECK(keys.insert(a.key).second);
    CHECK(to_string(a.kind) == a.key);
    check_label(a.label, a.key);
  }

  keys.clear();
  for (int i = 0; i < kProgramKinds; ++i) {
    const ProgramKindInfo& p = program_kind_info(static_cast<ProgramKind>(i));
    CHECK(static_cast<int>(p.kind) == i);
    CHECK(keys.insert(p.key).second);
    CHECK(to_string(p.kind) == p.key);
    check_label(p.label, p.key);
  }
  // The catalog reads and writes a programme's kind by its position in the field's choices: the table's
  // words.
  int kind_fields = 0;
  for (const CatalogField<Program>& f : program_fields()) {
    if (std::string(f.key) != "kind") continue;
    ++kind_fields;
    REQUIRE(f.choices.size() == static_cast<std::size_t>(kProgramKinds));
    for (int i = 0; i < kProgramKinds; ++i)
      CHECK(std::string(f.choices[static_cast<std::size_t>(i)]) ==
            program_kind_info(static_cast<ProgramKind>(i)).key);
  }
  CHECK(kind_fields == 1);
}

TEST_CASE("a programme's kind: the catalog's words round-trip, an unknown one is refused at its path") {
  const std::string text = catalog_to_json(gw::test::bundled_catalog());
  const CatalogLoad back = load_catalog(text);
  REQUIRE(back.catalog);
  CHECK(catalog_to_json(*back.catalog) == text);
  std::set<int> seen;
  for (const Provider& p : back.catalog->providers)
    for (const Program& g : p.programs) seen.insert(static_cast<int>(g.kind));
  CHECK(seen.size() == static_cast<std::size_t>(kProgramKinds));  // the bundled catalog uses every kind

  const std::string word = "\"kind\": \"credit\"";
  const std::size_t at = text.find(word);
  REQUIRE(at != std::string::npos);
  std::string bad = text;
  bad.replace(at, word.size(), "\"kind\": \"grant\"");
  const CatalogLoad refused = load_catalog(bad);
  CHECK_FALSE(refused.catalog);
  bool named = false;
  for (const Problem& pr : refused.problems) {
    CAPTURE(pr.path);
    CAPTURE(pr.message);
    if (pr.path.find("/providers/") == std::string::npos || pr.path.find("/programs/") == std::string::npos)
      continue;
    named = named || (pr.path.size() > 5 && pr.path.compare(pr.path.size() - 5, 5, "/kind") == 0 &&
                      pr.message.find("grant") != std::string::npos);
  }
  CHECK(named);
}

TEST_CASE("change keys and labels: keys in enum order, labels readable in both languages") {
  const std::vector<Change> c = {Change::amp, Change::checkpointing};
  CHECK(change_key(c) == "amp+checkpointing");
  CHECK(change_key({}) == "");
  CHECK(change_key({Change::checkpointing, Change::smaller_batch, Change::offload}) ==
        "checkpointing+smaller_batch+offload");
  const Text l = change_label({Change::adam8bit, Change::smaller_batch}, 1);
  CHECK(l.en == "8-bit Adam + micro-batch 1");
  CHECK(l.zh == "8-bit Adam + micro-batch 1");
  CHECK(change_label({Change::checkpointing}, 4).zh == "梯度检查点");
  CHECK(changes_precision({Change::checkpointing, Change::amp}));
  CHECK_FALSE(changes_precision({Change::checkpointing, Change::adam8bit}));
}

TEST_CASE("a bill's categories are the sums of its lines, kind by kind") {
  const Scenario s = gw::test::scenario_for("bert-base-finetune");
  RecommendOptions opt;
  opt.max_rows = 20;
  opt.detailed_rows = 20;
  const Report r = recommend(s, gw::test::bundled_catalog(), opt);
  REQUIRE(!r.rows.empty());
  int checked = 0;
  for (const Row& row : r.rows) {
    if (!row.detailed) continue;  // Pareto rows kept beyond max_rows carry no lines
    ++checked;
    for (const BillCategoryInfo& cat : bill_categories()) {
      double sum = 0;
      for (const CostLine& l : row.bill.lines)
        if (cost_kind_info(l.kind).category == cat.category) sum += l.amount.likely;
      if (cat.category == BillCategory::discount) sum = -sum;  // the line is negative, the field a saving
      CAPTURE(cat.key);
      CHECK((row.bill.*cat.amount).likely == doctest::Approx(sum).epsilon(1e-9));
    }
  }
  CHECK(checked == 20);
}

TEST_CASE("keep_precision: no AMP or quantization variants, the others remain") {
  Workload fp32 = gwtest::llama2_7b_run();
  fp32.precision = Precision::fp32;
  bool amp = false, adam = false, batch = false, ckpt = false, offload = false;
  for (const rec::Variant& v : rec::variants_for(fp32, false))
    amp = amp || has_change(v.changes, Change::amp);
  CHECK(amp);  // without the switch, AMP is tried
  for (const rec::Variant& v : rec::variants_for(fp32, true)) {
    CHECK_FALSE(changes_precision(v.changes));
    CHECK(v.workload.precision == Precision::fp32);
    adam = adam || has_change(v.changes, Change::adam8bit);
    batch = batch || has_change(v.changes, Change::smaller_batch);
    ckpt = ckpt || has_change(v.changes, Change::checkpointing);
    offload = offload || has_change(v.changes, Change::offload);
  }
  CHECK(adam);
  CHECK(batch);
  CHECK(ckpt);
  CHECK(offload);

  Workload infer = fp32;
  infer.mode = Mode::inference;
  infer.precision = Precision::fp16;
  infer.weight_bits = 16;
  CHECK(rec::variants_for(infer, false).size() == 3);  // as given, int8, int4
  CHECK(rec::variants_for(infer, true).size() == 1);   // as given only
}

TEST_CASE("keep_precision: recommend never quantizes OPT-13B fp16, and says what it changed") {
  Scenario s = gw::test::scenario_for("opt-13b-fp16");
  const Report free = recommend(s, gw::test::bundled_catalog());
  bool quantized = false;
  for (const Row& r : free.rows) quantized = quantized || changes_precision(r.change);
  CHECK(quantized);  // the default ranking quantizes (the article's answer), so the switch matters here
  s.constraints.keep_precision = true;
  const Report kept = recommend(s, gw::test::bundled_catalog());
  REQUIRE(!kept.rows.empty());
  for (const Row& r : kept.rows) {
    CAPTURE(r.offer);
    CHECK_FALSE(changes_precision(r.change));
    CHECK(r.change_label.en.empty() == r.change.empty());
  }
  // Rows that changed the job carry a short label in both languages.
  for (const Row& r : free.rows)
    if (!r.change.empty()) {
      CHECK(!r.change_label.en.empty());
      CHECK(!r.change_label.zh.empty());
      CHECK_FALSE(has_cjk(r.change_label.en));
    }
}

TEST_CASE("keep_precision is an input field: a CLI flag and a link key that round-trips") {
  const InputField* f = find_input("--keep-precision");
  REQUIRE(f != nullptr);
  CHECK(std::string(f->key) == "keepprec");
  CHECK(find_input("keep_precision") == f);
  Scenario s = gw::test::scenario_for("bert-base-finetune");
  s.constraints.keep_precision = true;
  const std::string link = encode_link(s, gw::test::bundled_presets());
  CHECK(link.find("keepprec=") != std::string::npos);
  const LinkDecode d = decode_link(link, gw::test::bundled_presets(), gw::test::bundled_catalog());
  CHECK(d.scenario.constraints.keep_precision);
  s.constraints.keep_precision = false;
  const LinkDecode off = decode_link(encode_link(s, gw::test::bundled_presets()), gw::test::bundled_presets(),
                                     gw::test::bundled_catalog());
  CHECK_FALSE(off.scenario.constraints.keep_precision);
}
