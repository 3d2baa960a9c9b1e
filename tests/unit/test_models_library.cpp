// The model library (data/models.json) against the published figures it cites: every entry's workload
// block applies cleanly, and where the shape is complete the engine's count from it (model.hpp) is within
// 2% of the model card's parameter count (and of the active count for MoE). Read with nlohmann::json
// directly, so the data is checked apart from the library loader. data/README.md documents the format.
#include <doctest/doctest.h>

#include <cctype>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "engine/bundled.hpp"
#include "engine/model.hpp"
#include "engine/workload.hpp"

using json = nlohmann::json;
using namespace gw;

namespace {

const json& library() {
  static const json doc = [] {
    const std::string_view text = bundled_file("models.json");
    return json::parse(text.begin(), text.end(), nullptr, false);
  }();
  return doc;
}

const json& models() {
  static const json empty = json::array();
  const json& doc = library();
  if (doc.is_object() && doc.contains("models") && doc["models"].is_array()) return doc["models"];
  return empty;
}

std::string str(const json& obj, const char* key) {
  return obj.is_object() && obj.contains(key) && obj[key].is_string() ? obj[key].get<std::string>() : "";
}

// Code points the English page's Latin-only font lacks: U+3000-U+30FF, U+3400-U+9FFF, U+FF00-U+FFEF.
bool has_cjk(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = s[i];
    int len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
    unsigned cp = len == 1 ? c : len == 2 ? (c & 0x1f) : len == 3 ? (c & 0x0f) : (c & 0x07);
    for (int k = 1; k < len && i + k < s.size(); ++k) cp = (cp << 6) | (s[i + k] & 0x3f);
    if ((cp >= 0x3000 && cp <= 0x30ff) || (cp >= 0x3400 && cp <= 0x9fff) || (cp >= 0xff00 && cp <= 0xffef))
      return true;
    i += len;
  }
  return false;
}

bool valid_date(const std::string& d) {
  auto digits = [&](std::size_t from, std::size_t n) {
    for (std::size_t i = from; i < from + n; ++i)
      if (i >= d.size() || d[i] < '0' || d[i] > '9') return false;
    return true;
  };
  if (d.size() != 7 && d.size() != 10) return false;
  if (!digits(0, 4) || d[4] != '-' || !digits(5, 2)) return false;
  return d.size() == 7 || (d[7] == '-' && digits(8, 2));
}

double count_of(const json& entry, const char* key) {
  double v = 0;
  const std::string text = str(entry, key);
  return !text.empty() && parse_count_text(text, v) ? v : 0;
}

// The entry's workload block applied the way the library applies it (workload_from_json over a base).
// The base only makes the block valid on its own: a sequence length for transformers and a placeholder
// compute figure for CNN/diffusion entries, whose own figures are checked separately below.
WorkloadLoad apply(const json& entry) {
  Workload base;
  base.seq_len = 512;
  base.gflops_per_sample = 1;
  return workload_from_json(entry.contains("workload") ? entry["workload"].dump() : "null", base);
}

// Entries whose published count holds weights the shape formula has no term for. Each is named with the
// reason; every other entry with a complete shape must agree within 2%.
const std::map<std::string, std::string>& total_exceptions() {
  static const std::map<std::string, std::string> m = {
      {"whisper-tiny",
       "the card's 39M includes the learned position tables ((1500 + 448) x 384 = 0.75M, 2%) the formula "
       "leaves out; the 80-mel front end differs too"},
      {"whisper-base", "the card's 74M includes the position tables ((1500 + 448) x 512 = 1.0M, 1.4%)"},
      {"clip-vit-large-14", "the shape is the image tower; the 428M holds the 123M text tower as well"},
      {"clip-vit-base-32", "the shape is the image tower; the 151M holds the 63M text tower as well"},
  };
  return m;
}
const std::map<std::string, std::string>& active_exceptions() {
  static const std::map<std::string, std::string> m = {
      {"deepseek-v2-lite",
       "DeepSeek's 2.4B activated leaves out the 0.21B input embedding (a lookup); the shape count of active "
       "weights includes it (2.66B)"},
      {"glm-4.5-air",
       "Z.ai's 12B active leaves out the untied embedding and output head (0.62B each); the shape count "
       "includes them (13.4B)"},
      {"gpt-oss-20b",
       "OpenAI's 3.6B active leaves out the 0.58B input embedding; the shape count includes it (4.19B)"},
      {"gpt-oss-120b",
       "OpenAI's 5.1B active leaves out the 0.58B input embedding; the shape count includes it (5.71B)"},
  };
  return m;
}

// Kinds whose workload shape is the whole model (VLMs, CNNs and diffusion models are not).
bool shape_checked_kind(const std::string& kind) {
  return kind == "llm" || kind == "moe-llm" || kind == "encoder" || kind == "encoder-decoder" ||
         kind == "speech" || kind == "vision";
}

}  // namespace

TEST_CASE("model library: the file parses and holds at least 90 models") {
  REQUIRE_FALSE(library().is_discarded());
  CHECK(library().value("schema_version", 0) == 1);
  CHECK(valid_date(str(library(), "library_date")));
  CHECK(models().size() >= 90);
}

TEST_CASE("model library: ids, names, kinds, licences and sources") {
  const std::set<std::string> kinds = {"llm",    "moe-llm", "vlm", "encoder",  "encoder-decoder",
                                       "speech", "vision",  "cnn", "detector", "diffusion-unet",
                                       "dit"};
  std::set<std::string> ids;
  for (const json& e : models()) {
    const std::string id = str(e, "id");
    INFO("model ", id);
    CHECK(!id.empty());
    for (char c : id) CHECK(((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-'));
    CHECK(ids.insert(id).second);  // unique
    REQUIRE(e.contains("name"));
    const std::string en = str(e["name"], "en"), zh = str(e["name"], "zh");
    CHECK(!en.empty());
    CHECK(!zh.empty());
    CHECK_FALSE(has_cjk(en));
    CHECK(!str(e, "family").empty());
    CHECK(kinds.count(str(e, "kind")) == 1);
    CHECK(!str(e, "licence").empty());
    CHECK_FALSE(has_cjk(str(e, "licence")));
    REQUIRE(e.contains("source"));
    const std::string url = str(e["source"], "url");
    CHECK(url.rfind("https://", 0) == 0);
    CHECK(valid_date(str(e["source"], "date")));
    CHECK_FALSE(has_cjk(url));
    CHECK_FALSE(has_cjk(str(e["source"], "note")));
    CHECK(count_of(e, "params_published") > 0);
  }
}

TEST_CASE("model library: an id or alias names one model only") {
  // The library's find() takes an exact id or alias (case-insensitive), so a name shared by two entries
  // would silently pick the first.
  std::map<std::string, std::string> owner;
  for (const json& e : models()) {
    const std::string id = str(e, "id");
    std::set<std::string> names = {id};
    if (e.contains("aliases") && e["aliases"].is_array())
      for (const json& a : e["aliases"]) {
        CHECK(a.is_string());
        std::string lower = a.is_string() ? a.get<std::string>() : "";
        for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        CHECK(!lower.empty());
        names.insert(lower);
      }
    for (const std::string& n : names) {
      INFO("name ", n, " in ", id);
      const auto [it, fresh] = owner.emplace(n, id);
      CHECK((fresh || it->second == id));
    }
  }
}

TEST_CASE("model library: every family issue 15 names is present") {
  std::set<std::string> families;
  for (const json& e : models()) families.insert(str(e, "family"));
  const char* wanted[] = {"llama2",      "llama3",
                          "llama3.1",    "llama3.2",
                          "llama3.3",    "qwen2.5",
                          "qwen3",       "qwen2.5-vl",
                          "mistral",     "mixtral",
                          "deepseek-v2", "deepseek-v3",
                          "deepseek-r1", "deepseek-r1-distill",
                          "gemma2",      "gemma3",
                          "phi3",        "phi4",
                          "glm4",        "chatglm3",
                          "yi",          "internlm2.5",
                          "baichuan2",   "bert",
                          "roberta",     "deberta-v3",
                          "t5",          "flan-t5",
                          "whisper",     "vit",
                          "clip",        "dinov2",
                          "resnet",      "convnext",
                          "yolov8",      "yolo11",
                          "llava",       "sd1.5",
                          "sdxl",        "sd3",
                          "flux.1"};
  for (const char* f : wanted) {
    INFO("family ", std::string(f));
    CHECK(families.count(f) == 1);
  }
  // The named models, by id.
  std::set<std::string> ids;
  for (const json& e : models()) ids.insert(str(e, "id"));
  for (const char* id :
       {"llama-3.2-1b", "llama-3.1-405b", "qwen2.5-0.5b", "qwen2.5-72b", "qwen3-30b-a3b", "qwen3-235b-a22b",
        "mixtral-8x22b", "deepseek-v2-lite", "whisper-tiny", "whisper-large-v3"}) {
    INFO("model ", std::string(id));
    CHECK(ids.count(id) == 1);
  }
}

TEST_CASE("model library: every workload block applies and carries the published count") {
  for (const json& e : models()) {
    const std::string id = str(e, "id"), kind = str(e, "kind");
    INFO("model ", id);
    const WorkloadLoad load = apply(e);
    std::string problems;
    for (const Problem& p : load.problems) problems += p.path + ": " + p.message + "; ";
    INFO("problems: ", problems);
    REQUIRE(load.problems.empty());
    REQUIRE(load.workload.has_value());
    const Workload& w = *load.workload;
    // "params" in the workload is the published figure, so estimates use the real number.
    CHECK(w.params == doctest::Approx(count_of(e, "params_published")));
    // An MoE entry states its active count, and only an MoE entry does.
    CHECK((w.experts > 0) == (count_of(e, "params_active_published") > 0));
    CHECK((w.experts > 0) == (kind == "moe-llm"));
    if (kind == "cnn" || kind == "detector") {
      CHECK(e["workload"].contains("gflops_per_sample"));
      CHECK(w.image_px > 0);
    }
    if (kind == "llm" || kind == "moe-llm" || kind == "vlm") CHECK(e.value("max_context", 0) > 0);
    // Each Whisper states its config.json num_mel_bins: 128 from large-v3 (and its turbo), else 80.
    if (kind == "speech") CHECK(w.mel_bins == (id.rfind("whisper-large-v3", 0) == 0 ? 128 : 80));
  }
}

TEST_CASE("model library: shape counts agree with the published counts within 2%") {
  int checked = 0, checked_active = 0;
  for (const json& e : models()) {
    const std::string id = str(e, "id");
    if (!shape_checked_kind(str(e, "kind"))) continue;
    const WorkloadLoad load = apply(e);
    REQUIRE(load.workload.has_value());
    const Workload& w = *load.workload;
    const double total = shape_params_total(w);
    if (total <= 0) continue;  // shape not complete enough to count
    if (!total_exceptions().count(id)) {
      INFO("model ", id, ": computed ", total / 1e9, " B, published ", count_of(e, "params_published") / 1e9,
           " B");
      CHECK(total == doctest::Approx(count_of(e, "params_published")).epsilon(0.02));
      ++checked;
    }
    if (w.experts > 0 && !active_exceptions().count(id)) {
      const double active = shape_params_active(w);
      INFO("model ", id, ": computed active ", active / 1e9, " B, published ",
           count_of(e, "params_active_published") / 1e9, " B");
      CHECK(active == doctest::Approx(count_of(e, "params_active_published")).epsilon(0.02));
      ++checked_active;
    }
  }
  CHECK(checked >= 70);
  CHECK(checked_active >= 6);
}

TEST_CASE("model library: the exceptions are real (each named entry exists and truly misses)") {
  std::map<std::string, const json*> by_id;
  for (const json& e : models()) by_id[str(e, "id")] = &e;
  auto check_misses = [&](const std::map<std::string, std::string>& exceptions, const char* published_key,
                          double (*count)(const Workload&)) {
    for (const auto& exception : exceptions) {
      const std::string& id = exception.first;  // not a structured binding: INFO captures it in a lambda
      INFO("model ", id, " (", exception.second, ")");
      REQUIRE(by_id.count(id) == 1);
      const WorkloadLoad load = apply(*by_id[id]);
      REQUIRE(load.workload.has_value());
      CHECK(std::fabs(count(*load.workload) / count_of(*by_id[id], published_key) - 1) > 0.02);
    }
  };
  check_misses(total_exceptions(), "params_published", &shape_params_total);
  check_misses(active_exceptions(), "params_active_published", &shape_params_active);
}

TEST_CASE("model library: the diffusion UNets' published counts agree with their unet/config.json") {
  // The UNet shape is not a workload block (model.hpp UNetShape): the configs are restated here, from
  // diffusers' unet/config.json of each model (sd-1.5 and sdxl-base-1.0 cite them).
  std::map<std::string, UNetShape> unets;
  UNetShape& sd15 = unets["sd-1.5"];
  sd15.block_out_channels = {320, 640, 1280, 1280};
  sd15.transformer_layers = {1, 1, 1, 0};
  UNetShape& sdxl = unets["sdxl-base-1.0"];
  sdxl.block_out_channels = {320, 640, 1280};
  sdxl.transformer_layers = {0, 2, 10};
  sdxl.mid_transformer_layers = 10;
  sdxl.cross_attention_dim = 2048;
  sdxl.addition_embed_input_dim = 2816;
  int checked = 0;
  for (const json& e : models()) {
    const auto it = unets.find(str(e, "id"));
    if (it == unets.end()) continue;
    INFO("model ", it->first);
    CHECK(unet_params(it->second) == doctest::Approx(count_of(e, "params_published")).epsilon(0.02));
    ++checked;
  }
  CHECK(checked == 2);
}

TEST_CASE("model library: SD3 and FLUX.1 hold their text encoders and VAE as frozen parameters") {
  // T5-v1.1-XXL's encoder from its config.json (d_model 4096, d_ff 10240, 24 layers, 64 heads of 64,
  // gated GELU, 32128 tokens): q, k, v, o + three FFN matrices + two RMSNorm scales per layer, the
  // relative-position buckets, the final norm and the embedding. CLIP text models as SD 1.5's and SDXL's.
  const double d = 4096, ff = 10240, inner = 64 * 64;
  const double t5 = 24 * (4 * d * inner + 3 * d * ff + 2 * d) + 32 * 64 + d + 32128 * d;
  CHECK(t5 == doctest::Approx(4762310656.0).epsilon(1e-12));
  const double clip_l = 123060480, clip_l_proj = clip_l + 768.0 * 768, clip_g_proj = 694659840;
  const double vae16 = 83819683;
  std::map<std::string, double> frozen;
  for (const json& e : models())
    if (e.contains("workload") && e["workload"].is_object())
      frozen[str(e, "id")] = count_of(e["workload"], "frozen_params");
  for (const char* id : {"sd3-medium", "sd3.5-large"}) {
    INFO(id);
    CHECK(frozen[id] == doctest::Approx(clip_l_proj + clip_g_proj + t5 + vae16).epsilon(0.001));
  }
  for (const char* id : {"flux.1-dev", "flux.1-schnell"}) {
    INFO(id);
    CHECK(frozen[id] == doctest::Approx(clip_l + t5 + vae16).epsilon(0.001));
  }
}
