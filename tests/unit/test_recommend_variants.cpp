// Issue 21 item 5: when the job does not fit, recommend tries the changes estimate proposes (8-bit Adam, a
// smaller micro-batch with more accumulation, checkpointing) and ranks the rows that then fit, marked as
// changed; comparisons in a row's reason are between rows that run the same job.
#include <doctest/doctest.h>

#include "engine/bundled.hpp"
#include "engine/recommend.hpp"
#include "engine/recommend_internal.hpp"

using namespace gw;

namespace {

const Catalog& catalog() {
  static const Catalog c = [] {
    CatalogLoad load = load_bundled_catalog();
    REQUIRE(load.catalog.has_value());
    return *load.catalog;
  }();
  return c;
}

// A 7B full fine-tune, bf16 mixed precision with AdamW: 16 bytes per parameter (~100 GiB) before
// activations, so no single card holds it as given; with 8-bit Adam it is 10 bytes per parameter.
Workload full_7b() {
  Workload w;
  w.mode = Mode::train;
  w.arch = Arch::decoder;
  w.params = 6.74e9;
  w.layers = 32;
  w.hidden = 4096;
  w.heads = 32;
  w.vocab = 32000;
  w.intermediate = 11008;
  w.seq_len = 1024;
  w.micro_batch = 4;
  w.grad_accum = 4;
  w.precision = Precision::bf16;
  w.optimizer = Optimizer::adamw;
  w.dataset_samples = 20000;
  w.epochs = 1;
  return w;
}

}  // namespace

TEST_CASE("recommend's variants follow the estimate's advice, the user's precision first") {
  const std::vector<rec::Variant> v = rec::variants_for(full_7b());
  REQUIRE(v.size() >= 4);
  CHECK(v[0].changes.empty());
  CHECK(v[1].changes == std::vector<Change>{Change::adam8bit});
  CHECK(v[1].workload.optimizer == Optimizer::adam8bit);
  bool smaller = false;
  for (const rec::Variant& x : v) {
    CHECK(x.workload.precision == Precision::bf16);  // no precision change for a bf16 job
    if (x.changes == std::vector<Change>{Change::smaller_batch}) {
      smaller = true;
      CHECK(x.workload.micro_batch == 1);
      CHECK(x.workload.grad_accum == 16);  // the same effective batch
    }
    if (!x.changes.empty()) {
      CHECK(!x.label.en.empty());
      CHECK(!x.label.zh.empty());
    }
  }
  CHECK(smaller);
  // An fp32 job tries its own precision's changes before AMP.
  Workload fp32 = full_7b();
  fp32.precision = Precision::fp32;
  const std::vector<rec::Variant> f = rec::variants_for(fp32);
  CHECK(f[1].changes == std::vector<Change>{Change::adam8bit});
  CHECK(f[1].workload.precision == Precision::fp32);
  bool amp = false;
  for (const rec::Variant& x : f) amp = amp || x.changes == std::vector<Change>{Change::amp};
  CHECK(amp);
}

TEST_CASE(
    "a 7B full fine-tune that fits no card as given gets rows changed to fit, marked in both languages") {
  Scenario s;
  s.workload = full_7b();
  s.catalog_version = catalog().catalog_version;
  s.constraints.card_counts = {1};
  RecommendOptions o;
  o.detailed_rows = 0;  // every row gets its reason
  const Report r = recommend(s, catalog(), o);
  REQUIRE_MESSAGE(!r.rows.empty(), r.summary.en);
  const Row* best80 = nullptr;
  for (const Row& row : r.rows) {
    CHECK(row.fit != Fit::no_fit);
    if (row.vram_gib > 100) continue;  // H200, B200, MI300X hold it as given
    CHECK(!row.change.empty());
    CHECK(row.tier == 1);
    if (!best80 && row.vram_gib >= 79) best80 = &row;
  }
  REQUIRE(best80 != nullptr);
  CHECK(has_change(best80->change, Change::adam8bit));
  CHECK(best80->change_label.en.find("8-bit Adam") != std::string::npos);
  CHECK(best80->reason.en.find("8-bit Adam") != std::string::npos);
  CHECK(best80->reason.zh.find("8-bit Adam") != std::string::npos);
}

TEST_CASE("'against the fastest' compares rows that run the same job") {
  Scenario s;
  s.workload = full_7b();
  s.catalog_version = catalog().catalog_version;
  s.constraints.card_counts = {1};
  RecommendOptions o;
  o.detailed_rows = 1;
  const Report r = recommend(s, catalog(), o);
  REQUIRE(!r.rows.empty());
  const Row& pick = r.rows.front();
  const auto at = pick.reason.en.find("Against the fastest (");
  if (at != std::string::npos) {
    const std::string rest = pick.reason.en.substr(at + 21);
    const std::string name = rest.substr(0, rest.find("):"));
    bool same = false;
    for (const Row& row : r.rows)
      if (row.change == pick.change &&
          name.find(row.gpu_name.substr(row.gpu_name.rfind(' ') + 1)) != std::string::npos)
        same = true;
    CHECK_MESSAGE(same, pick.reason.en);
  }
}
