// Fuzzes share-link decoding: a link is text from the internet, pasted or clicked.
// Invariants: decode never throws or crashes; the scenario it returns is finite and valid; and what it
// returns survives encode -> decode unchanged (so a shared link never drifts when shared again).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/link.hpp"
#include "fuzz/equal.hpp"
#include "fuzz/fixtures.hpp"

using namespace gw;
using namespace gw::testing;

// The bundled catalog and presets are parsed once, here, not on the first input (which would time it), and
// the default scenario a refused link must keep is made once.
namespace {
const Scenario* g_defaults = nullptr;  // what a refused link must leave, built once
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  static const Scenario defaults = default_scenario(fixture_presets(), fixture_catalog());
  g_defaults = &defaults;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view link(reinterpret_cast<const char*>(data), size);
  const Catalog& catalog = fixture_catalog();
  const std::vector<Preset>& presets = fixture_presets();

  const LinkDecode d = decode_link(link, presets, catalog);
  const std::string nonfinite = nonfinite_in(d.scenario);
  require(nonfinite.empty(), "decoded scenario has a non-finite number", nonfinite);
  const std::vector<Problem> problems = validate_workload(d.scenario.workload);
  require(problems.empty(), "decoded workload does not validate", first_problem(problems));
  require(d.scenario.catalog_version == catalog.catalog_version, "decoded scenario lost the catalog version");
  require(d.notices.size() <= 4100, "unbounded notices", std::to_string(d.notices.size()));
  for (const LinkNotice& n : d.notices) {
    require(n.message.en.size() < 1000 && n.message.zh.size() < 1000, "notice echoes too much of the link",
            n.message.en.substr(0, 200));
    // Notices reach a terminal (CLI --link) and the UI: no escape sequences, no broken UTF-8.
    require(clean_utf8(n.message.en) && clean_utf8(n.message.zh), "notice carries control bytes or bad UTF-8",
            n.message.en.substr(0, 200));
  }
  require(clean_utf8(d.catalog_version) && d.catalog_version.size() <= 40,
          "catalog version is not clean text");
  for (const int c : d.scenario.constraints.card_counts)
    require(c >= 1 && c <= 64, "card count out of range");
  if (!d.ok) {
    const std::string diff = diff_scenario(d.scenario, *g_defaults);
    require(diff.empty(), "a refused link did not keep the defaults", diff);
    return 0;
  }

  const std::string encoded = encode_link(d.scenario, presets, d.settings);
  require(encoded.size() < 16 * 1024, "re-encoded link is huge", std::to_string(encoded.size()));
  const LinkDecode again = decode_link(encoded, presets, catalog);
  require(again.ok, "re-encoded link does not decode", encoded);
  require(
      again.notices.empty(), "re-encoded link raises notices",
      encoded + " -> " +
          (again.notices.empty() ? "" : again.notices.front().key + ": " + again.notices.front().message.en));
  const std::string diff = diff_scenario(d.scenario, again.scenario);
  require(diff.empty(), "encode -> decode changed the scenario", diff + "\n    link: " + encoded);
  require(again.settings.lang == d.settings.lang, "encode -> decode changed the language");
  require(encode_link(again.scenario, presets, again.settings) == encoded, "encoding is not stable", encoded);
  return 0;
}
