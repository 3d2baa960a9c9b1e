#pragma once
// Share links: the whole scenario in a readable, versioned URL fragment such as
//   #v=1&preset=bert-base-finetune&budget=300&deadline=48h
// Only what differs from the preset's defaults is written, so links stay short. A job that starts from a
// library model (models.hpp) is written as its id plus the fields changed from that model:
//   #v=1&preset=lora-7b&model=qwen2.5-7b&seq=2048
// so reading such a link needs the library; a page that has not loaded it yet asks link_model() first.
// Links are untrusted input: decoding never throws, clamps what is out of range and says so.
#include <string>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "models.hpp"
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
  std::string model;                // the library model the link's job starts from ("" when none)
  bool model_applied = false;       // its shape was laid under the link's fields (the library had it)
};

// The scenario a fresh page shows: the first preset and default constraints.
Scenario default_scenario(const std::vector<Preset>& presets, const Catalog& catalog);

// Returns the fragment without '#': "v=1&preset=...". With `models` holding the job's model, the link
// carries model=ID and only the fields that differ from the preset's job with that model's shape; without
// it (or for a model it lacks) every field that differs from the preset's job is written, model= included.
std::string encode_link(const Scenario& scenario, const std::vector<Preset>& presets,
                        const LinkSettings& settings = {}, const ModelLibrary* models = nullptr);
// Accepts a whole URL, "#..." or the bare fragment. A link naming a model is read over that model's shape
// when `models` has it; a model `models` lacks is dropped with a notice (and the closest ids). Without
// `models` the fields are read over the preset's job as written and the id is kept as a label: correct for
// a link written without the library, short of the model's shape for one written with it, so a caller that
// can load the library does so first (link_model).
LinkDecode decode_link(std::string_view link, const std::vector<Preset>& presets, const Catalog& catalog,
                       const ModelLibrary* models = nullptr);
// The model id a link names ("" when none), read without decoding the rest.
std::string link_model(std::string_view link);

}  // namespace gw
