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

// A name the table cut: every reported token is in the entry, the last one possibly only begun ("RTX
// 30..." for 3090), and the entry may have more words after the cut.
bool prefix_hit(const std::vector<std::string>& a, const std::vector<std::string>& b, bool last_is_prefix) {
  for (std::size_t i = 0; i < a.size(); ++i) {
    bool prefix = last_is_prefix && i + 1 == a.size(), in = false;
    for (const auto& x : b) in = in || x == a[i] || (prefix && starts_with(x, a[i]));
    if (!in) return false;
  }
  return true;
}

bool is_laptop(const Gpu& c) {
  return c.segment == "laptop";
}

std::optional<double> reported_memory_gb(const SmiGpu& g, const Tokens& r) {
  if (r.memory_gb) return r.memory_gb;
  if (g.memory_total_mib && g.memory_total_mib->value > 0) return g.memory_total_mib->value / 1024.0;
  return std::nullopt;
}

// Whether the memory the GPU's own row reports is the whole card's. With MIG on, the table's GPU row still
// shows the card (81920MiB beside slices of 40192MiB: nvitop's pull request #8, HAMi issue #1903); a row no
// larger than its biggest slice may be a slice's view, which must not choose between 40 and 80 GB.
bool memory_is_the_card(const SmiGpu& g) {
  if (g.mig_devices.empty()) return true;
  if (!g.memory_total_mib) return false;
  for (const auto& d : g.mig_devices)
    if (!d.memory_total_mib || *d.memory_total_mib >= g.memory_total_mib->value * 0.95) return false;
  return true;
}

// Keeps the candidates `keep` says yes to, unless that would leave none.
template <class Pred>
void narrow(std::vector<const Gpu*>& c, Pred keep) {
  std::vector<const Gpu*> kept;
  for (const Gpu* g : c)
    if (keep(*g)) kept.push_back(g);
  if (!kept.empty()) c = std::move(kept);
}

// Every clue the output gives besides the name: the memory size, the power limit the board starts with,
// whether a power cap exists at all (laptops print N/A), and the widest/fastest PCIe link seen.
void narrow_by_clues(std::vector<const Gpu*>& found, const SmiGpu& g, const Tokens& r, bool laptop_named,
                     ModelMatch& m) {
  auto mem = reported_memory_gb(g, r);
  if (found.size() > 1 && mem && r.vgpu_profile.empty() && memory_is_the_card(g)) {
    // The driver shows a little less than the card has (WSL and Windows reserve some: 22.5 of 24 GiB).
    narrow(found, [&](const Gpu& c) { return *mem <= c.vram_gib * 1.03 && *mem >= c.vram_gib * 0.85; });
    narrow(found, [&](const Gpu& c) {  // 40 vs 80 GB: the closer one
      double best = 1e18;
      for (const Gpu* o : found) best = std::min(best, std::fabs(o->vram_gib - *mem));
      return std::fabs(c.vram_gib - *mem) <= best + 0.5;
    });
    m.clues_en.push_back(fmt(*mem, 1) + " GiB");
    m.clues_zh.push_back(fmt(*mem, 1) + " GiB 显存");
  }
  bool cap_missing = g.power_cap_missing && g.power_cap_missing->value && !g.power_limit_w;
  if (found.size() > 1 && (laptop_named || cap_missing)) {
    narrow(found, is_laptop);
    m.laptop = true;
    if (cap_missing) {
      m.clues_en.push_back("no power cap (a laptop)");
      m.clues_zh.push_back("没有功耗上限（笔记本）");
    }
  }
  // The board's default limit, else the one in force: a stock card sits at its TDP, a factory-overclocked
  // one a little above, a laptop anywhere in its TGP range.
  const std::optional<Seen<double>>& watts = g.default_power_limit_w ? g.default_power_limit_w
                                             : g.power_limit_w       ? g.power_limit_w
                                                                     : g.max_power_limit_w;
  if (found.size() > 1 && watts && watts->value > 0) {
    double w = watts->value;
    auto laptop_fits = [&](const Gpu& c) { return c.tdp_w && w >= 0.3 * *c.tdp_w && w <= 1.05 * *c.tdp_w; };
    // A laptop's limit never leaves its maker's TGP range, so a 280 W limit rules laptops out even when no
    // desktop card fits the watts either (a factory-overclocked board, or one missing from the catalog).
    narrow(found, [&](const Gpu& c) { return !is_laptop(c) || laptop_fits(c); });
    narrow(found, [&](const Gpu& c) {
      if (!c.tdp_w) return false;
      return is_laptop(c) ? laptop_fits(c) : w >= 0.8 * *c.tdp_w && w <= 1.25 * *c.tdp_w;
    });
    narrow(found, [&](const Gpu& c) {
      if (!c.tdp_w) return false;
      return is_laptop(c) ? laptop_fits(c) : std::fabs(w - *c.tdp_w) <= 0.03 * *c.tdp_w;
    });
    m.clues_en.push_back(fmt(w, 0) + " W power limit");
    m.clues_zh.push_back(fmt(w, 0) + " W 功耗上限");
  }
  // A link wider or faster than the card's own cannot be this card.
  int width = g.pcie_width_max ? g.pcie_width_max->value : g.pcie_width ? g.pcie_width->value : 0;
  int gen = g.pcie_gen_max ? g.pcie_gen_max->value : 0;
  if (found.size() > 1 && (width > 0 || gen > 0)) {
    narrow(found, [&](const Gpu& c) {
      return !((c.pcie_lanes && width > *c.pcie_lanes) || (c.pcie_gen && gen > *c.pcie_gen));
    });
    m.clues_en.push_back("PCIe" + (gen ? " Gen" + std::to_string(gen) : std::string()) +
                         (width ? " x" + std::to_string(width) : std::string()));
    m.clues_zh.push_back("PCIe" + (gen ? " Gen" + std::to_string(gen) : std::string()) +
                         (width ? " x" + std::to_string(width) : std::string()));
  }
  bool all_laptops = !found.empty();
  for (const Gpu* c : found) all_laptops = all_laptops && is_laptop(*c);
  if (all_laptops) m.laptop = true;
}

}  // namespace

ModelMatch match_model(const Catalog& catalog, const SmiGpu& g) {
  ModelMatch m;
  if (!g.name || trim(g.name->value).empty()) return m;
  Tokens r = tokens_of(g.name->value, true);
  m.vgpu_profile = r.vgpu_profile;
  std::string lname = lower(g.name->value);
  bool laptop_named = lname.find("laptop") != std::string::npos || lname.find("max-q") != std::string::npos ||
                      lname.find("mobile") != std::string::npos;
  const bool cut = g.name_truncated;
  // The brand the cut name still shows rules out the others' cards ("NVIDIA GeForce ..." is no TITAN).
  std::string brand = lname.find("geforce") != std::string::npos  ? "geforce"
                      : lname.find("quadro") != std::string::npos ? "quadro"
                                                                  : "";
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
    bool hit = false;
    if (cut) {
      if (!brand.empty() && lower(c.name).find(brand) == std::string::npos) continue;
      if (!brand.empty() || !r.identity.empty()) hit = prefix_hit(r.identity, ident, !g.name_cut_at_word);
    } else {
      hit = same_set(r.identity, ident, false) || same_set(r.identity, byname.identity, false) ||
            same_set(r.identity, byid.identity, false);
      for (const auto& alias : c.aliases)
        hit = hit || same_set(r.identity, tokens_of(alias, false).identity, false);
    }
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
    if (r.vgpu_profile.empty() && memory_is_the_card(g) && mem && ct.memory_gb &&
        std::fabs(*mem - *ct.memory_gb) > 0.2 * *ct.memory_gb)
      continue;
    found.push_back(&c);
  }
  narrow_by_clues(found, g, r, laptop_named, m);
  // A cut GeForce name hides its last words, and those may be "Laptop GPU" or "with Max-Q Design": a lone
  // desktop card whose TDP the board's limit does not come near is that card's laptop version, which the
  // catalog lacks. WSL's table in microsoft/WSL issue 11277 cut "NVIDIA GeForce GTX 1650 ..." at 4 GiB and
  // 30 W, and taking it for the 75 W desktop card raised a false "power limit below TDP" alarm. (A missing
  // cap alone says nothing here: WSL prints "N/A" for desktop cards too, as in microsoft/WSL issue 6014.)
  if (cut && brand == "geforce" && found.size() == 1 && !is_laptop(*found[0]) && found[0]->tdp_w) {
    const auto& watts = g.default_power_limit_w ? g.default_power_limit_w : g.power_limit_w;
    if (watts && watts->value > 0 && watts->value < 0.6 * *found[0]->tdp_w) {
      m.laptop = true;
      m.clues_en.push_back("a laptop's " + fmt(watts->value, 0) + " W power limit");
      m.clues_zh.push_back("笔记本的 " + fmt(watts->value, 0) + " W 功耗上限");
      return m;
    }
  }
  if (found.size() == 1) {
    m.gpu = found[0];
    return m;
  }
  if (found.size() > 1) {
    m.candidates = found;
    return m;
  }
  if (cut) return m;  // a cut name that fits no entry: not in the catalog (a loose guess would mislead)
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
