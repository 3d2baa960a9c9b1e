#pragma once
// Share links: the whole scenario in a readable, versioned URL fragment such as
//   #v=1&preset=bert-base-finetune&budget=300&deadline=48h
// Only what differs from the preset's defaults is written, so links stay short.
// Links are untrusted input: decoding never throws, clamps what is out of range and says so.
#include <string>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "scenario.hpp"
#include "workload.hpp"

namespace gw {

inline constexpr int kLinkVersion = 1;
inline constexpr std::size_t kMaxLinkBytes = 64 * 1024;  // longer input is refused whole, unread

struct LinkSettings {
  std::string lang;  // "zh" | "en" | "" (not in the link)
};

struct LinkNotice {
  std::string key;
  Text message;
};

struct LinkDecode {
  Scenario scenario;
  LinkSettings settings;
  bool ok = true;                   // false: nothing usable; scenario holds the defaults
  std::vector<LinkNotice> notices;  // clamped, ignored or unknown values: show them
  std::string catalog_version;      // the link's catalog version ("" when absent)
  bool catalog_mismatch = false;    // the link was made with another catalog version
};

// The scenario a fresh page shows: the first preset and default constraints.
Scenario default_scenario(const std::vector<Preset>& presets, const Catalog& catalog);

// Returns the fragment without '#': "v=1&preset=...".
std::string encode_link(const Scenario& scenario, const std::vector<Preset>& presets,
                        const LinkSettings& settings = {});
// Accepts a whole URL, "#..." or the bare fragment.
LinkDecode decode_link(std::string_view link, const std::vector<Preset>& presets, const Catalog& catalog);

}  // namespace gw
