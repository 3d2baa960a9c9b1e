// Finding the catalog entry for a name as nvidia-smi prints it. nvidia-smi's names differ from the spec
// sheets' ("NVIDIA A100-SXM4-40GB" vs "NVIDIA A100 40GB SXM4", "NVIDIA H100 80GB HBM3" for the SXM5 part),
// and the default table cuts them ("NVIDIA A100-SXM..."). So names are compared as sets of model tokens
// (a100, rtx, 3090, ti) that must agree exactly (a 4090 D is not a 4090), and the memory size, the form
// factor and the power limit choose between what is left (A100 40GB PCIe vs SXM4).
#include <cmath>

#include "engine/diagnose/detail.hpp"

namespace gw::diag {
namespace {

struct Tokens {
  std::vector<std::string> identity;  // model tokens that must match
  std::optional<double> memory_gb;    // "40gb"
  bool pcie = false, sxm = false;     // form factor named
  std::string vgpu_profile;           // "4c" in "GRID A100-4C"
};

bool stopword(const std::string& t) {
  static const char* words[] = {"nvidia", "geforce", "tesla", "generation", "grid", "china", "sku",
                                "aws",    "g5",      "per",   "gpu",        "gpus", "board", "the"};
  for (const char* w : words)
    if (t == w) return true;
  return false;
}

Tokens tokens_of(std::string_view s, bool reported) {
  Tokens out;
  std::string cleaned;
  int depth = 0;
  for (char c : s) {  // catalog names carry notes in parentheses: "(China SKU)", "(10GB)"
    if (c == '(')
      ++depth;
    else if (c == ')')
      depth = depth > 0 ? depth - 1 : 0;
    else if (depth == 0 || reported)
      cleaned += c;
  }
  std::string word;
  auto flush = [&] {
    if (word.empty()) return;
    std::string w = lower(word);
    word.clear();
    std::string_view v = w;
    if (ends_with(v, "gb") && v.size() > 2 && whole_number(v.substr(0, v.size() - 2))) {
      out.memory_gb = static_cast<double>(*whole_number(v.substr(0, v.size() - 2)));
    } else if (w == "pcie" || w == "pci") {
      out.pcie = true;
    } else if (starts_with(v, "sxm") || starts_with(v, "hbm3")) {
      out.sxm = true;  // every H100 with HBM3 is an SXM part; the PCIe card has HBM2e
    } else if (starts_with(v, "hbm")) {
      // HBM2/HBM2e says nothing about the form factor
    } else if (reported && v.size() >= 2 && v.size() <= 4 && whole_number(v.substr(0, v.size() - 1)) &&
               (v.back() == 'c' || v.back() == 'q' || v.back() == 'b' || v.back() == 'a') &&
               !out.identity.empty()) {
      out.vgpu_profile = w;  // vGPU profile: A100-4C, A10-12Q, T4-8Q
    } else if (!stopword(w)) {
      out.identity.push_back(w);
    }
  };
  for (char c : cleaned) {
    if (is_alpha(c) || is_digit(c))
      word += c;
    else
      flush();
  }
  flush();
  return out;
}

bool same_set(const std::vector<std::string>& a, const std::vector<std::string>& b, bool last_is_prefix) {
  auto has = [](const std::vector<std::string>& v, const std::string& t, bool prefix) {
    for (const auto& x : v)
      if (x == t || (prefix && starts_with(x, t))) return true;
    return false;
  };
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!has(b, a[i], last_is_prefix && i + 1 == a.size())) return false;
  for (const auto& t : b)
    if (!has(a, t, false)) {
      // with a cut name, a catalog token may only be the one the cut name started
      if (!(last_is_prefix && !a.empty() && starts_with(t, a.back()))) return false;
    }
  return !a.empty();
}

std::optional<double> reported_memory_gb(const SmiGpu& g, const Tokens& r) {
  if (r.memory_gb) return r.memory_gb;
  if (g.memory_total_mib && g.memory_total_mib->value > 0) return g.memory_total_mib->value / 1024.0;
  return std::nullopt;
}

// Keeps the candidates `keep` says yes to, unless that would leave none.
template <class Pred>
void narrow(std::vector<const Gpu*>& c, Pred keep) {
  std::vector<const Gpu*> kept;
  for (const Gpu* g : c)
    if (keep(*g)) kept.push_back(g);
  if (!kept.empty()) c = std::move(kept);
}

}  // namespace

ModelMatch match_model(const Catalog& catalog, const SmiGpu& g) {
  ModelMatch m;
  if (!g.name || trim(g.name->value).empty()) return m;
  Tokens r = tokens_of(g.name->value, true);
  m.vgpu_profile = r.vgpu_profile;
  std::vector<const Gpu*> found;
  for (const Gpu& c : catalog.gpus) {
    Tokens byname = tokens_of(c.name, false);
    Tokens byid = tokens_of(c.id, false);
    std::vector<std::string> ident = byname.identity;
    for (const auto& t : byid.identity) {
      bool dup = false;
      for (const auto& x : ident) dup = dup || x == t;
      if (!dup) ident.push_back(t);
    }
    bool hit = same_set(r.identity, ident, g.name_truncated) ||
               same_set(r.identity, byname.identity, g.name_truncated) ||
               same_set(r.identity, byid.identity, g.name_truncated);
    for (const auto& alias : c.aliases)
      hit = hit || same_set(r.identity, tokens_of(alias, false).identity, g.name_truncated);
    if (!hit) continue;
    Tokens ct = byid;
    ct.pcie = byname.pcie || byid.pcie;
    ct.sxm = byname.sxm || byid.sxm;
    ct.memory_gb = byid.memory_gb ? byid.memory_gb : byname.memory_gb;
    // The name's own form factor and memory size, when it gives them, rule candidates out.
    if (r.pcie && ct.sxm) continue;
    if (r.sxm && ct.pcie) continue;
    if (r.memory_gb && ct.memory_gb && std::fabs(*r.memory_gb - *ct.memory_gb) > 0.5) continue;
    // The memory the card shows rules out a variant named by its memory (3080 10GB vs a 12 GB card).
    auto mem = reported_memory_gb(g, r);
    if (r.vgpu_profile.empty() && !g.mig_devices.size() && mem && ct.memory_gb &&
        std::fabs(*mem - *ct.memory_gb) > 0.2 * *ct.memory_gb)
      continue;
    found.push_back(&c);
  }
  if (found.size() > 1) {
    auto mem = reported_memory_gb(g, r);
    if (mem && r.vgpu_profile.empty())
      narrow(found, [&](const Gpu& c) { return std::fabs(c.vram_gib - *mem) <= 0.2 * c.vram_gib; });
    if (found.size() > 1 && mem && r.vgpu_profile.empty())
      narrow(found, [&](const Gpu& c) {  // 40 vs 80 GB: the closer one
        double best = 1e18;
        for (const Gpu* o : found) best = std::min(best, std::fabs(o->vram_gib - *mem));
        return std::fabs(c.vram_gib - *mem) <= best + 0.5;
      });
    // The board power tells an A100 SXM4 (400 W) from a PCIe card (250/300 W).
    const std::optional<Seen<double>>& watts = g.default_power_limit_w ? g.default_power_limit_w
                                               : g.max_power_limit_w   ? g.max_power_limit_w
                                                                       : g.power_limit_w;
    if (found.size() > 1 && watts)
      narrow(found,
             [&](const Gpu& c) { return c.tdp_w && std::fabs(*c.tdp_w - watts->value) <= 0.12 * *c.tdp_w; });
  }
  if (found.size() == 1) {
    m.gpu = found[0];
    return m;
  }
  if (found.size() > 1) {
    m.candidates = found;
    return m;
  }
  // Not by tokens: the catalog's own loose lookup may know an alias we do not.
  GpuMatch loose = find_gpu(catalog, g.name->value);
  if (loose.gpu) {
    // Only if every model token of the reported name is in the entry: a loose lookup may take
    // "RTX 4090 D" for a 4090, a different card.
    Tokens ct = tokens_of(loose.gpu->name, false);
    Tokens idt = tokens_of(loose.gpu->id, false);
    std::vector<std::string> known = ct.identity;
    known.insert(known.end(), idt.identity.begin(), idt.identity.end());
    for (const auto& a : loose.gpu->aliases) {
      auto at = tokens_of(a, false).identity;
      known.insert(known.end(), at.begin(), at.end());
    }
    bool covered = !r.identity.empty();
    for (const auto& t : r.identity) {
      bool in = false;
      for (const auto& k : known) in = in || k == t;
      covered = covered && in;
    }
    bool ff_clash = (r.pcie && (ct.sxm || idt.sxm)) || (r.sxm && (ct.pcie || idt.pcie));
    if (covered && !ff_clash) m.gpu = loose.gpu;
  } else {
    m.candidates = loose.candidates;
  }
  return m;
}

}  // namespace gw::diag
