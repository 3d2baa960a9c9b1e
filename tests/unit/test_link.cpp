// Share links (engine/link.hpp): the readable form, hostile input, clamping with notices, catalog
// versions and exact round trips. Uses its own small presets and catalog so it does not move when
// data/ is edited; test_properties*.cpp covers the bundled data.
#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <string>
#include <vector>

#include "../fuzz/equal.hpp"
#include "engine/link.hpp"

namespace {

using gw::testing::diff_scenario;
using gw::testing::diff_workload;

gw::Preset preset(const char* id, gw::Workload w) {
  gw::Preset p;
  p.id = id;
  p.title = {id, id};
  w.preset = id;
  w.title = p.title;
  p.workload = w;
  return p;
}

std::vector<gw::Preset> presets() {
  gw::Workload resnet;
  resnet.arch = gw::Arch::cnn;
  resnet.activation_mib_per_sample = 110;
  resnet.gflops_per_sample = 4.1;
  resnet.image_px = 224;
  resnet.micro_batch = 64;
  resnet.dataset_samples = 1.28e6;
  resnet.epochs = 90;
  resnet.optimizer = gw::Optimizer::sgd_momentum;

  gw::Workload bert;
  bert.arch = gw::Arch::encoder;
  bert.params = 110e6;
  bert.layers = 12;
  bert.hidden = 768;
  bert.heads = 12;
  bert.kv_heads = 12;
  bert.vocab = 30522;
  bert.seq_len = 128;
  bert.micro_batch = 32;
  bert.dataset_samples = 392702;
  bert.epochs = 3;

  gw::Workload llama;
  llama.mode = gw::Mode::inference;
  llama.params = 6.74e9;
  llama.layers = 32;
  llama.hidden = 4096;
  llama.heads = 32;
  llama.kv_heads = 32;
  llama.vocab = 32000;
  llama.seq_len = 512;
  llama.precision = gw::Precision::int4;
  llama.weight_bits = 4;
  llama.context_tokens = 4096;
  llama.tokens = 1e6;
  return {preset("resnet50-train", resnet), preset("bert-base-finetune", bert),
          preset("llama2-7b-int4", llama)};
}

gw::Catalog catalog() {
  gw::Catalog c;
  c.catalog_version = "2026.11.1";
  gw::Gpu g;
  g.id = "rtx-3090";
  g.name = "GeForce RTX 3090";
  g.vram_gib = 24;
  c.gpus.push_back(g);
  for (int i = 0; i < 30; ++i) {
    gw::Offer o;
    o.id = "prov" + std::to_string(i % 8) + "-region-" + std::to_string(i) + "-rtx-3090-x1";
    o.provider = "prov" + std::to_string(i % 8);
    o.gpu = "rtx-3090";
    o.on_demand_per_hour = 1.5 + i;
    c.offers.push_back(o);
  }
  // Credits a link may name must be in the catalog (decode_link drops unknown ones).
  gw::Provider p;
  p.id = "prov0";
  for (const char* id : {"aws-educate", "gcp-research-credits"}) {
    gw::Program g;
    g.id = id;
    g.kind = gw::ProgramKind::credit;
    p.programs.push_back(g);
  }
  c.providers.push_back(p);
  return c;
}

const gw::Preset& bert() {
  static const auto p = presets();
  return p[1];
}

gw::LinkDecode decode(std::string_view link) {
  return gw::decode_link(link, presets(), catalog());
}
std::string encode(const gw::Scenario& s, const gw::LinkSettings& settings = {}) {
  return gw::encode_link(s, presets(), settings);
}

bool has_notice(const gw::LinkDecode& d, const std::string& key) {
  for (const gw::LinkNotice& n : d.notices)
    if (n.key == key) return !n.message.en.empty() && !n.message.zh.empty();
  return false;
}

gw::Scenario bert_scenario() {
  gw::Scenario s = gw::default_scenario(presets(), catalog());
  s.workload = bert().workload;
  return s;
}

}  // namespace

TEST_CASE("link: the readable form names the preset and only what differs from it") {
  gw::Scenario s = bert_scenario();
  s.constraints.budget = 300;
  s.constraints.deadline_hours = 48;
  CHECK(encode(s) == "v=1&preset=bert-base-finetune&budget=300&deadline=48h&cat=2026.11.1");

  for (const char* link :
       {"#v=1&preset=bert-base-finetune&budget=300&deadline=48h",
        "v=1&preset=bert-base-finetune&budget=300&deadline=48h",
        "https://example.org/gpuwise/#v=1&preset=bert-base-finetune&budget=300&deadline=48h",
        "https://example.org/gpuwise/?v=1&preset=bert-base-finetune&budget=300&deadline=2d"}) {
    CAPTURE(link);
    const gw::LinkDecode d = decode(link);
    CHECK(d.ok);
    CHECK(d.notices.empty());
    CHECK(diff_workload(d.scenario.workload, bert().workload) == "");
    REQUIRE(d.scenario.constraints.budget.has_value());
    CHECK(*d.scenario.constraints.budget == 300);
    REQUIRE(d.scenario.constraints.deadline_hours.has_value());
    CHECK(*d.scenario.constraints.deadline_hours == 48);
    CHECK_FALSE(d.catalog_mismatch);
  }
  // Durations read like the CLI's.
  CHECK(*decode("v=1&deadline=90m").scenario.constraints.deadline_hours == doctest::Approx(1.5));
  CHECK(*decode("v=1&deadline=1w").scenario.constraints.deadline_hours == 168);
  CHECK(*decode("v=1&deadline=12").scenario.constraints.deadline_hours == 12);
}

TEST_CASE("link: an empty link is the fresh page") {
  for (const char* link : {"", "#", "https://example.org/gpuwise/#", "https://example.org/gpuwise/?"}) {
    CAPTURE(link);
    const gw::LinkDecode d = decode(link);
    CHECK(d.ok);
    CHECK(d.notices.empty());
    CHECK(diff_scenario(d.scenario, gw::default_scenario(presets(), catalog())) == "");
  }
}

TEST_CASE("link: a hand-written link without a preset keeps the default job") {
  const gw::LinkDecode d = decode("#v=1&budget=300&deadline=1w");
  CHECK(d.ok);
  CHECK(d.notices.empty());
  CHECK(diff_workload(d.scenario.workload, presets().front().workload) == "");
  CHECK(*d.scenario.constraints.budget == 300);
}

TEST_CASE("link: unknown keys are ignored, so links from newer versions still open") {
  const gw::LinkDecode d = decode("#v=1&preset=bert-base-finetune&future_key=7&budget=120&__proto__=x&&=&x");
  CHECK(d.ok);
  CHECK(d.notices.empty());
  CHECK(*d.scenario.constraints.budget == 120);
  CHECK(diff_workload(d.scenario.workload, bert().workload) == "");
}

TEST_CASE("link: a credit the catalog does not know is dropped with a notice (fuzz_recommend finding)") {
  const gw::LinkDecode d = decode("#v=1&preset=bert-base-finetune&credits=aws-educatec,aws-educate");
  CHECK(d.scenario.constraints.credits == std::vector<std::string>{"aws-educate"});
  CHECK(has_notice(d, "credits"));
}

TEST_CASE("link: out-of-range values are clamped, each with a notice") {
  const gw::LinkDecode d = decode(
      "#v=1&preset=bert-base-finetune&budget=-5&batch=1e10&deadline=1e308h&fx=1000&cards=0,2,100"
      "&up=0&irate=1e308&seed=-3&dl=2&ref=rtx-3090:1000:0");
  CHECK(d.ok);
  const gw::Constraints& c = d.scenario.constraints;
  CHECK(*c.budget == 0);
  CHECK(d.scenario.workload.micro_batch == 100000000);
  CHECK(*c.deadline_hours == 24.0 * 365 * 5);
  CHECK(*c.usd_cny == 100);
  CHECK(c.card_counts == std::vector<int>{1, 2, 64});
  CHECK(c.upload_mbps == doctest::Approx(0.1));
  CHECK(*c.interruptions_per_hour == 10);
  CHECK(c.seed == 0);
  CHECK(d.scenario.workload.data_loading_share == doctest::Approx(0.95));
  REQUIRE(d.scenario.workload.reference.has_value());
  CHECK(d.scenario.workload.reference->gpu_count == 64);
  CHECK(d.scenario.workload.reference->hours == doctest::Approx(1.0 / 60));
  for (const char* key : {"budget", "batch", "deadline", "fx", "cards", "up", "irate", "seed", "dl", "ref"}) {
    CAPTURE(key);
    CHECK(has_notice(d, key));
  }
  // The notice says what the value became.
  for (const gw::LinkNotice& n : d.notices)
    if (n.key == "fx") CHECK(n.message.en.find("100") != std::string::npos);
}

TEST_CASE("link: invalid values are ignored with a notice; the rest of the link still applies") {
  const gw::LinkDecode d = decode(
      "#v=1&preset=bert-base-finetune&budget=abc&deadline=soon&goal=richest&ckpt=maybe&prov=a%20b"
      "&prec=fp7&batch=nan&epochs=0x&cur=EUR&lang=fr&egress=12");
  CHECK(d.ok);
  for (const char* key : {"budget", "deadline", "goal", "ckpt", "prov", "prec", "batch", "epochs", "cur"}) {
    CAPTURE(key);
    CHECK(has_notice(d, key));
  }
  const gw::Scenario fresh = bert_scenario();
  CHECK_FALSE(d.scenario.constraints.budget.has_value());
  CHECK_FALSE(d.scenario.constraints.deadline_hours.has_value());
  CHECK(d.scenario.constraints.goal == fresh.constraints.goal);
  CHECK(d.scenario.constraints.currency == "CNY");
  CHECK(d.settings.lang == "");
  CHECK(d.scenario.constraints.egress_gb == 12);
  CHECK(diff_workload(d.scenario.workload, bert().workload) == "");
}

TEST_CASE("link: garbage is refused whole, with ok=false and the defaults kept") {
  const gw::Scenario fresh = gw::default_scenario(presets(), catalog());
  const std::string binary("\x00\xff\xfe#\x01v\x7f", 7);
  for (const std::string& link :
       {std::string("hello world"), std::string("#%%%%"), binary, std::string("#a=b&c=d"),
        std::string("https://example.org/#section=3&page=2"), std::string("#<script>alert(1)</script>"),
        std::string("javascript:alert(1)"), std::string("#=&=&=&&&")}) {
    CAPTURE(link);
    const gw::LinkDecode d = decode(link);
    CHECK_FALSE(d.ok);
    CHECK_FALSE(d.notices.empty());
    CHECK(diff_scenario(d.scenario, fresh) == "");
  }
}

TEST_CASE("link: a hand-written link without v is read as version 1") {
  const gw::LinkDecode d = decode("https://example.org/#preset=bert-base-finetune&budget=300&deadline=48h");
  CHECK(d.ok);
  CHECK(d.notices.empty());
  CHECK(d.scenario.workload.preset == "bert-base-finetune");
  REQUIRE(d.scenario.constraints.budget.has_value());
  CHECK(*d.scenario.constraints.budget == 300);
  REQUIRE(d.scenario.constraints.deadline_hours.has_value());
  CHECK(*d.scenario.constraints.deadline_hours == 48);
  // The same link with v=1 decodes to the same scenario.
  const gw::LinkDecode v1 = decode("#v=1&preset=bert-base-finetune&budget=300&deadline=48h");
  CHECK(diff_scenario(d.scenario, v1.scenario) == "");
  // One known key is enough; the unknown ones are ignored as in any link.
  const gw::LinkDecode lang = decode("#lang=zh&utm_source=chat");
  CHECK(lang.ok);
  CHECK(lang.settings.lang == "zh");
}

TEST_CASE("link: a shortened preset id") {
  // Unique start: read as that preset, with a notice saying so.
  const gw::LinkDecode one = decode("#preset=bert-base&budget=300");
  CHECK(one.ok);
  CHECK(one.scenario.workload.preset == "bert-base-finetune");
  CHECK(*one.scenario.constraints.budget == 300);
  REQUIRE(one.notices.size() == 1);
  CHECK(one.notices.front().message.en == "Preset 'bert-base' was read as 'bert-base-finetune'.");
  // Ambiguous: the candidates are named and the default preset is kept.
  std::vector<gw::Preset> more = presets();
  more.push_back(preset("bert-base-inference-int8", bert().workload));
  const gw::LinkDecode two = gw::decode_link("#preset=bert-base&budget=300&deadline=48h", more, catalog());
  CHECK(two.ok);
  CHECK(two.scenario.workload.preset == "resnet50-train");
  CHECK(*two.scenario.constraints.budget == 300);
  REQUIRE(two.notices.size() == 1);
  CHECK(two.notices.front().message.en ==
        "Preset 'bert-base' could be bert-base-finetune, bert-base-inference-int8; the default preset is "
        "used.");
  // Too short to guess from, or no match: unknown.
  for (const char* link : {"#preset=be", "#preset=nonesuch"}) {
    CAPTURE(link);
    const gw::LinkDecode d = decode(link);
    REQUIRE(d.notices.size() == 1);
    CHECK(d.notices.front().message.en.find("Unknown preset") == 0);
  }
}

TEST_CASE("link: a 10 MB link is refused quickly and unread") {
  std::string huge = "https://example.org/#v=1&budget=5&";
  huge.append(10u << 20, 'a');
  const auto start = std::chrono::steady_clock::now();
  const gw::LinkDecode d = decode(huge);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK_FALSE(d.ok);
  REQUIRE(d.notices.size() == 1);
  CHECK(d.notices.front().message.en.find("too long") != std::string::npos);
  CHECK_FALSE(d.scenario.constraints.budget.has_value());
  CHECK(seconds < 0.5);

  // Just under the limit: thousands of pairs and bad values still decode in well under a second.
  std::string big = "#v=1";
  while (big.size() + 40 < gw::kMaxLinkBytes) big += "&budget=1e999&zz=1&price.nope=3&seq=-1";
  const auto start2 = std::chrono::steady_clock::now();
  const gw::LinkDecode d2 = decode(big);
  const double seconds2 = std::chrono::duration<double>(std::chrono::steady_clock::now() - start2).count();
  CHECK(d2.ok);
  CHECK(seconds2 < 2.0);
  CHECK(d2.notices.size() <= 4100);
}

TEST_CASE("link: a link made with another catalog version is flagged") {
  const gw::LinkDecode other = decode("#v=1&preset=bert-base-finetune&cat=2020.01.1");
  CHECK(other.ok);
  CHECK(other.catalog_mismatch);
  CHECK(other.catalog_version == "2020.01.1");
  CHECK(other.scenario.catalog_version == "2026.11.1");  // the scenario is priced with this page's catalog

  const gw::LinkDecode same = decode("#v=1&preset=bert-base-finetune&cat=2026.11.1");
  CHECK_FALSE(same.catalog_mismatch);
  const gw::LinkDecode none = decode("#v=1&preset=bert-base-finetune");
  CHECK_FALSE(none.catalog_mismatch);
  CHECK(none.catalog_version == "");
}

TEST_CASE("link: another format version, an unknown preset or an inconsistent job get notices") {
  const gw::LinkDecode v2 = decode("#v=2&budget=5");
  CHECK(v2.ok);
  CHECK(has_notice(v2, "v"));
  CHECK(*v2.scenario.constraints.budget == 5);

  const gw::LinkDecode unknown = decode("#v=1&preset=gpt-17&budget=5");
  CHECK(unknown.ok);
  CHECK(has_notice(unknown, "preset"));
  CHECK(diff_workload(unknown.scenario.workload, presets().front().workload) == "");

  // 768 is not divisible by 7 heads: the preset's job is kept whole rather than half-applied.
  const gw::LinkDecode bad = decode("#v=1&preset=bert-base-finetune&heads=7&batch=8");
  CHECK(bad.ok);
  CHECK(has_notice(bad, "hidden"));
  CHECK(diff_workload(bad.scenario.workload, bert().workload) == "");
}

TEST_CASE("link: echoed link text cannot carry terminal escapes or broken UTF-8") {
  const gw::LinkDecode d =
      decode("#v=1&preset=%1B%5D0%3Bpwned%07&budget=%1B%5B31m&cat=%1B%5B2J%FF&price.%1B%5B1m=abc");
  for (const gw::LinkNotice& n : d.notices) {
    CAPTURE(n.message.en);
    CHECK(n.message.en.find('\x1b') == std::string::npos);
    CHECK(n.message.zh.find('\x1b') == std::string::npos);
    CHECK(n.message.en.find('\x07') == std::string::npos);
  }
  CHECK(d.catalog_version.find('\x1b') == std::string::npos);
  CHECK(d.catalog_version.find('\xff') == std::string::npos);
  // Long values are cut in the notice, and never in the middle of a character.
  const gw::LinkDecode cjk =
      decode("#v=1&budget=" + std::string(30, 'x') + "%E9%A2%84%E7%AE%97%E9%A2%84%E7%AE%97");
  REQUIRE(has_notice(cjk, "budget"));
  CHECK(cjk.notices.front().message.en.size() < 200);
}

TEST_CASE("link: price edits round trip; edits to unknown offers or silly prices are dropped") {
  gw::Scenario s = bert_scenario();
  const gw::Catalog cat = catalog();
  s.price_overrides[cat.offers[0].id] = 1.23;
  s.price_overrides[cat.offers[7].id] = 0.1 + 0.2;  // needs 17 digits to round trip
  s.price_overrides[cat.offers[29].id] = 12345.678;
  // Written "2.02721e+06": the link must escape its '+', which a link reads as a space (fuzz_link, 12-05).
  s.price_overrides[cat.offers[8].id] = 2027210;
  const std::string link = encode(s);
  CHECK(link.find("e+") == std::string::npos);
  CHECK(link.find("price." + cat.offers[0].id + "=1.23") != std::string::npos);
  const gw::LinkDecode d = decode(link);
  CHECK(d.ok);
  CHECK(d.notices.empty());
  CHECK(diff_scenario(d.scenario, s) == "");

  const gw::LinkDecode bad = decode("#v=1&price.no-such-offer=2&price." + cat.offers[1].id + "=0&price." +
                                    cat.offers[2].id + "=-1&price." + cat.offers[3].id + "=1e9&price." +
                                    cat.offers[4].id + "=nan&price." + cat.offers[5].id + "=2.5");
  CHECK(bad.ok);
  CHECK(bad.scenario.price_overrides.size() == 1);
  CHECK(bad.scenario.price_overrides.at(cat.offers[5].id) == 2.5);
  std::string keys;
  for (const gw::LinkNotice& n : bad.notices) keys += n.key + " ";
  CAPTURE(keys);
  CHECK(bad.notices.size() == 5);
}

TEST_CASE("link: a heavily edited realistic scenario stays under 2,000 characters and round trips") {
  gw::Scenario s = gw::default_scenario(presets(), catalog());
  s.workload = presets()[2].workload;  // llama, then every knob moved
  s.workload.tokens = 2.5e7;
  s.workload.context_tokens = 8192;
  s.workload.inference_batch = 16;
  s.workload.weight_bits = 8;
  s.workload.precision = gw::Precision::int8;
  s.workload.data_loading_share = 0.05;
  s.workload.reference = gw::ReferenceRun{"RTX 3090", 2, 36.5};
  gw::Constraints& c = s.constraints;
  c.budget = 1234.5;
  c.currency = "USD";
  c.deadline_hours = 72;
  c.goal = gw::Goal::value;
  c.spot = gw::SpotPolicy::only;
  c.student = c.new_user = c.internal_network = true;
  c.credits = {"aws-educate", "gcp-research-credits"};
  c.providers = {"autodl", "aliyun", "tencent", "aws", "gcp", "lambda", "runpod", "vast"};
  c.exclude = {"t4", "k80", "p100", "vast", "rtx-2080-ti"};
  c.usd_cny = 7.12;
  c.card_counts = {1, 2, 4, 8, 16};
  c.setup_hours = 3;
  c.idle_tail_hours = 0;
  c.disk_gb = 500;
  c.storage_months = 2;
  c.dataset_gb = 250;
  c.upload_mbps = 30;
  c.egress_gb = 40;
  c.extras_per_month = 200;
  c.interruptions_per_hour = 0.05;
  c.checkpoint_write_minutes = 4;
  c.checkpoint_interval_hours = 1.5;
  c.restart_minutes = 15;
  c.seed = 42;
  const gw::Catalog cat = catalog();
  for (int i = 0; i < 20; ++i) s.price_overrides[cat.offers[i].id] = 1.0 / (i + 3);
  const std::string link = encode(s, {"zh"});
  CAPTURE(link);
  CHECK(link.size() < 2000);
  const gw::LinkDecode d = decode(link);
  CHECK(d.ok);
  CHECK(d.notices.empty());
  CHECK(d.settings.lang == "zh");
  CHECK(diff_scenario(d.scenario, s) == "");
}

TEST_CASE("link: a custom job (no preset) carries every field and round trips") {
  gw::Scenario s = gw::default_scenario(presets(), catalog());
  gw::Workload w;  // not from a preset
  w.arch = gw::Arch::generic;
  w.mode = gw::Mode::compute;
  w.gflops_per_sample = 12.5;
  w.bytes_per_sample_mib = 300;
  w.working_set_gib = 40;
  w.compute_hours_fp32_ref = 5000;
  w.precision = gw::Precision::fp64;
  w.needs_fp64 = true;
  w.bound = gw::Bound::memory;
  w.dataset_samples = 1e7;
  w.epochs = 1;
  w.fused_attention = true;
  s.workload = w;
  const std::string link = encode(s);
  CAPTURE(link);
  CHECK(link.find("preset=") == std::string::npos);
  const gw::LinkDecode d = decode(link);
  CHECK(d.ok);
  CHECK(d.notices.empty());
  CHECK(diff_scenario(d.scenario, s) == "");
}

TEST_CASE("link: a renamed job keeps its title; a title with control bytes arrives cleaned, with a notice") {
  gw::Scenario s = bert_scenario();
  s.workload.title = {"My thesis run & co", "我的毕业论文实验"};
  const std::string link = encode(s);
  CAPTURE(link);
  CHECK(link.find("title=My%20thesis%20run%20%26%20co") != std::string::npos);
  const gw::LinkDecode d = decode(link);
  CHECK(d.notices.empty());
  CHECK(diff_scenario(d.scenario, s) == "");
  // The preset's own title is not repeated in the link.
  CHECK(encode(bert_scenario()).find("title") == std::string::npos);

  const gw::LinkDecode dirty = decode("#v=1&preset=bert&title=a%1B%5B31mb");
  CHECK(dirty.scenario.workload.title.en == "a?[31mb");
  CHECK(has_notice(dirty, "title"));
  const gw::LinkDecode long_title = decode("#v=1&preset=bert&title=" + std::string(500, 'x'));
  CHECK(long_title.scenario.workload.title.en.size() == 160);
  CHECK(has_notice(long_title, "title"));
}

TEST_CASE("link: percent-encoding, '+' and repeated keys") {
  CHECK(*decode("#v=1&budget=1e%2B3").scenario.constraints.budget == 1000);
  CHECK(*decode("#v=1&budget=1&budget=2").scenario.constraints.budget == 2);  // the last one wins
  CHECK(decode("#v=1&%62udget=7").scenario.constraints.budget == 7.0);        // keys are decoded too
  const gw::LinkDecode truncated = decode("#v=1&budget=5%2");  // a cut-off escape is kept as text
  CHECK(has_notice(truncated, "budget"));
  gw::Scenario s = bert_scenario();
  s.workload.reference = gw::ReferenceRun{"GeForce GTX 1080 (8GB) 中文", 1, 72};
  const gw::LinkDecode d = decode(encode(s));
  CHECK(d.notices.empty());
  CHECK(diff_scenario(d.scenario, s) == "");
}

TEST_CASE("link: a field added to the scenario is not silently left out of links (tripwire)") {
  // A share link carries exactly gw::Scenario. When these sizes change, a field was added or removed:
  // give it an entry in the input table (src/engine/input_workload.cpp or input_constraints.cpp), which
  // gives it a link key, a CLI flag and its comparison in tests/fuzz/equal.hpp; then update the numbers.
#if defined(__x86_64__) && defined(__GLIBCXX__)
  CHECK_MESSAGE(sizeof(gw::Workload) == 560,
                "gw::Workload changed: give the new field an entry in the input table");
  CHECK_MESSAGE(sizeof(gw::Constraints) == 384,
                "gw::Constraints changed: give the new field an entry in the input table");
#endif
  // Each workload flag that exists only as a bool must still show up in a link when set.
  gw::Scenario s = bert_scenario();
  s.workload.fused_attention = false;  // SDPA is the default
  s.workload.fp16_accumulate = true;
  s.workload.checkpointing = true;
  s.workload.needs_fp64 = true;
  s.constraints.credits = {"aws-educate"};
  const std::string link = encode(s);
  for (const std::string key : {"fused=0", "f16acc=1", "ckpt=1", "fp64=1", "credits=aws-educate"}) {
    CAPTURE(key);
    CAPTURE(link);
    CHECK(link.find(key) != std::string::npos);
  }
  CHECK(diff_scenario(decode(link).scenario, s) == "");
}
