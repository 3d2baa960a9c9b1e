// Issue 14 item 3: a package's period, a provider's market, a library model's kind and a validation row's
// kind are enums, each with one table of words and labels that the loaders, writers, CLI and exports read.
// Also the fuzz equality's workload diff (every field of the input table) and the CLI's JSON numbers.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "../fuzz/equal.hpp"
#include "cli/json_number.hpp"
#include "engine/bundled.hpp"
#include "engine/catalog_fields.hpp"
#include "engine/estimate_validation.hpp"
#include "engine/kinds.hpp"
#include "engine/link.hpp"
#include "engine/models.hpp"
#include "test_recommend_fixtures.hpp"

using namespace gw;

namespace {

// The English page's font has no CJK: its labels are plain ASCII here.
bool ascii(const std::string& s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

// Every value has its entry in enum order, a unique word that to_string and kind_from_key agree on, and a
// label in both languages (English in ASCII). Returns the words.
template <class E, class Info>
std::vector<std::string> check_table(int count, const Info& (*info)(E), E Info::*value) {
  std::vector<std::string> words;
  std::set<std::string> seen;
  for (int i = 0; i < count; ++i) {
    const E e = static_cast<E>(i);
    const Info& k = info(e);
    CAPTURE(k.key);
    CHECK(static_cast<int>(k.*value) == i);
    CHECK(seen.insert(k.key).second);
    CHECK(to_string(e) == k.key);
    E back = static_cast<E>(count - 1 - i);
    CHECK(kind_from_key(count, info, k.key, back));
    CHECK(back == e);
    CHECK(!k.label.en.empty());
    CHECK(!k.label.zh.empty());
    CHECK(ascii(k.label.en));
    words.push_back(k.key);
  }
  E untouched = static_cast<E>(0);
  CHECK_FALSE(kind_from_key(count, info, "no-such-word", untouched));
  CHECK(kind_keys(count, info).size() == static_cast<std::size_t>(count));
  return words;
}

// The choices of the catalog field `key` are the table's words, in enum order (the loader and the writer
// go by position).
template <class R>
void check_choices(const std::vector<CatalogField<R>>& fields, const char* key,
                   const std::vector<std::string>& words) {
  CAPTURE(key);
  int found = 0;
  for (const CatalogField<R>& f : fields) {
    if (std::string(f.key) != key) continue;
    ++found;
    REQUIRE(f.choices.size() == words.size());
    for (std::size_t i = 0; i < words.size(); ++i) CHECK(words[i] == f.choices[i]);
  }
  CHECK(found == 1);
}

const ModelLibrary& library() {
  static const ModelLibraryLoad load = load_models(bundled_file("models.json"));
  return load.library;
}

}  // namespace

TEST_CASE("kinds: package periods, provider markets, model kinds and validation kinds have one table each") {
  const auto periods = check_table(kPackagePeriods, &package_period_info, &PackagePeriodInfo::period);
  check_choices(package_fields(), "period", periods);
  CHECK(package_hours(PackagePeriod::day) == 24);
  CHECK(package_hours(PackagePeriod::week) == 168);
  CHECK(package_hours(PackagePeriod::month) == 720);  // the providers' 30-day month
  for (int i = 0; i < kPackagePeriods; ++i) {
    const PackagePeriodInfo& k = package_period_info(static_cast<PackagePeriod>(i));
    CHECK(std::string(k.plural) == std::string(k.key) + "s");
  }

  const auto markets = check_table(kProviderMarkets, &provider_market_info, &ProviderMarketInfo::market);
  check_choices(provider_fields(), "market", markets);

  const auto models = check_table(kModelKinds, &model_kind_info, &ModelKindInfo::kind);
  // Each kind's task is a bundled preset (a link naming only a model starts from it).
  for (int i = 0; i < kModelKinds; ++i) {
    const ModelKindInfo& k = model_kind_info(static_cast<ModelKind>(i));
    CAPTURE(k.key);
    CHECK(find_preset(gw::test::bundled_presets(), k.task_preset) != nullptr);
  }

  const auto rows = check_table(kValidationKinds, &validation_kind_info, &ValidationKindInfo::kind);
  CHECK(rows == std::vector<std::string>{"memory", "verdict", "ratio", "throughput"});  // the CLI's words
  CHECK(validation_kind_info(ValidationKind::ratio).speed);
  CHECK(validation_kind_info(ValidationKind::throughput).speed);
  CHECK_FALSE(validation_kind_info(ValidationKind::memory).speed);
  CHECK_FALSE(validation_kind_info(ValidationKind::verdict).speed);

  // An integer that is no value reads the first entry, never past the table.
  CHECK(&package_period_info(static_cast<PackagePeriod>(99)) == &package_period_info(PackagePeriod::day));
  CHECK(&model_kind_info(static_cast<ModelKind>(-1)) == &model_kind_info(ModelKind::llm));
}

TEST_CASE("kinds: the bundled catalog's periods and markets round-trip through their words") {
  const Catalog& c = gw::test::bundled_catalog();
  std::set<int> periods, markets;
  for (const Provider& p : c.providers) markets.insert(static_cast<int>(p.market));
  for (const Offer& o : c.offers)
    for (const Package& k : o.packages) periods.insert(static_cast<int>(k.period));
  CHECK(markets.size() == static_cast<std::size_t>(kProviderMarkets));
  CHECK(periods.size() == static_cast<std::size_t>(kPackagePeriods));
  const std::string text = catalog_to_json(c);
  CHECK(text.find("\"market\": \"intl\"") != std::string::npos);
  CHECK(text.find("\"period\": \"week\"") != std::string::npos);
  const CatalogLoad back = load_catalog(text);
  REQUIRE(back.catalog);
  CHECK(testing::diff_catalog(c, *back.catalog) == "");
  // An unknown market is refused at its path.
  std::string bad = text;
  const std::string word = "\"market\": \"intl\"";
  bad.replace(bad.find(word), word.size(), "\"market\": \"mars\"");
  const CatalogLoad refused = load_catalog(bad);
  CHECK_FALSE(refused.catalog);
  bool named = false;
  for (const Problem& p : refused.problems)
    named =
        named || (p.path.find("/market") != std::string::npos && p.message.find("mars") != std::string::npos);
  CHECK(named);
}

TEST_CASE("kinds: a library model's kind is read from the table's words; an unknown one names them all") {
  std::set<int> seen;
  for (const ModelEntry& m : library().models) seen.insert(static_cast<int>(m.kind));
  CHECK(seen.size() == static_cast<std::size_t>(kModelKinds));  // the bundled library uses every kind
  const ModelEntry* mixtral = nullptr;
  for (const ModelEntry& m : library().models)
    if (m.id.rfind("mixtral", 0) == 0) mixtral = &m;
  REQUIRE(mixtral);
  CHECK(mixtral->kind == ModelKind::moe_llm);
  CHECK(to_string(mixtral->kind) == "moe-llm");

  nlohmann::json doc = nlohmann::json::parse(bundled_file("models.json"));
  auto& entry = doc["models"][0];
  entry["kind"] = "chatbot";
  const ModelLibraryLoad load = load_models(doc.dump());
  REQUIRE(!load.problems.empty());
  const Problem& p = load.problems.front();
  CHECK(p.path == "models[0].kind");
  CHECK(p.message.find("'chatbot'") != std::string::npos);
  for (int i = 0; i < kModelKinds; ++i)
    CHECK(p.message.find(model_kind_info(static_cast<ModelKind>(i)).key) != std::string::npos);
}

TEST_CASE("fuzz equality: the workload diff compares every field of the input table") {
  const Workload base = gw::test::scenario_for("bert-base-finetune").workload;
  CHECK(testing::diff_workload(base, base) == "");
  // Fields the hand-written list of the past did not compare.
  Workload other = base;
  other.runtime = Runtime::vllm;
  CHECK(testing::diff_workload(base, other).find("runtime") != std::string::npos);
  other = base;
  other.model = "qwen2.5-7b";
  CHECK(testing::diff_workload(base, other) != "");
  other = base;
  other.preset = "another";
  CHECK(testing::diff_workload(base, other).find("preset") != std::string::npos);
  CHECK(testing::diff_workload(base, other, false) == "");  // identity skipped
  other = base;
  other.title = {"x", "x"};
  CHECK(testing::diff_workload(base, other) != "");
  CHECK(testing::diff_workload(base, other, false) == "");
  // Every workload field of the table: a change of its text is seen.
  int fields = 0;
  for (const InputField& f : input_fields())
    if (f.workload) ++fields;
  CHECK(fields > 33);  // more than the hand list compared
}

TEST_CASE("CLI JSON numbers: a missing value is null, never 0") {
  using J = nlohmann::ordered_json;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(cli::json_sig<J>(nan).is_null());
  CHECK(cli::json_sig<J>(inf).is_null());
  CHECK(cli::json_sig<J>(-inf).is_null());
  CHECK(cli::json_number<J>(nan).is_null());
  CHECK(cli::json_number<J>(2.5).get<double>() == 2.5);
  CHECK(cli::json_sig<J>(0).get<double>() == 0);
  CHECK(cli::json_sig<J>(0).dump() == "0.0");  // as before: a real zero prints as one
  CHECK(cli::json_sig<J>(1234.567).get<double>() == 1235);
  CHECK(cli::json_sig<J>(0.00123456).get<double>() == doctest::Approx(0.001235).epsilon(1e-12));
  CHECK(cli::json_sig<J>(-98765).get<double>() == -98770);
}
