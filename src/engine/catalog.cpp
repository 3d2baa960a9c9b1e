// Catalog lookups, loose GPU name matching and the value coefficient.
#include "engine/catalog.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace gw {

namespace {

template <class T>
const T* find_by_id(const std::vector<T>& items, std::string_view id) {
  for (const T& item : items)
    if (item.id == id) return &item;
  return nullptr;
}

// Lower-case letters and digits only: "RTX 3090", "rtx-3090" and "rtx3090" compare equal.
std::string squash(std::string_view s) {
  std::string out;
  for (unsigned char c : s)
    if (std::isalnum(c)) out += static_cast<char>(std::tolower(c));
  return out;
}

// Vendor and family words users leave out: "GeForce RTX 3090" is found by "RTX 3090" and "3090".
std::string strip_brand(std::string s) {
  for (const char* prefix : {"nvidia", "geforce", "tesla", "amd", "instinct"}) {
    const std::string p = prefix;
    if (s.rfind(p, 0) == 0) s.erase(0, p.size());
  }
  return s;
}

// Lower-case alphanumerics plus where the original had a separator: "A100 40GB" -> "a10040gb", {4}.
struct Squashed {
  std::string text;
  std::vector<bool> boundary;  // boundary[i]: a separator stood before text[i]
};
Squashed squash_marked(std::string_view s) {
  Squashed out;
  bool sep = false;
  for (unsigned char c : s) {
    if (!std::isalnum(c)) {
      sep = true;
      continue;
    }
    out.text += static_cast<char>(std::tolower(c));
    out.boundary.push_back(sep);
    sep = false;
  }
  return out;
}

// Digits in a query must not be a fragment of a longer number in the name ("309" is not "3090"),
// unless the name had a separator there ("A100" is in "A100 40GB").
bool contains_token(std::string_view name, const std::string& needle) {
  const Squashed hay = squash_marked(name);
  const std::string& h = hay.text;
  auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
  for (std::size_t pos = h.find(needle); pos != std::string::npos; pos = h.find(needle, pos + 1)) {
    const std::size_t end = pos + needle.size();
    const bool cut_left = pos > 0 && !hay.boundary[pos] && digit(h[pos - 1]) && digit(needle.front());
    const bool cut_right = end < h.size() && !hay.boundary[end] && digit(h[end]) && digit(needle.back());
    if (!cut_left && !cut_right) return true;
  }
  return false;
}

}  // namespace

const Gpu* Catalog::gpu(std::string_view id) const {
  return find_by_id(gpus, id);
}
const Provider* Catalog::provider(std::string_view id) const {
  return find_by_id(providers, id);
}
const Offer* Catalog::offer(std::string_view id) const {
  return find_by_id(offers, id);
}

GpuMatch find_gpu(const Catalog& catalog, std::string_view query) {
  GpuMatch match;
  const std::string q = squash(query);
  if (q.empty()) return match;
  // Exact id, name or alias wins outright, so "A100 80GB SXM4" never reads as ambiguous.
  for (const Gpu& g : catalog.gpus) {
    bool exact = squash(g.id) == q || squash(g.name) == q || strip_brand(squash(g.name)) == q;
    for (const std::string& a : g.aliases) exact = exact || squash(a) == q;
    if (exact) {
      match.gpu = &g;
      return match;
    }
  }
  const std::string qs = strip_brand(q);
  for (const Gpu& g : catalog.gpus) {
    bool hit = contains_token(g.name, qs) || contains_token(g.id, qs);
    for (const std::string& a : g.aliases) hit = hit || contains_token(a, qs);
    if (hit) match.candidates.push_back(&g);
  }
  if (match.candidates.size() == 1) {
    match.gpu = match.candidates.front();
    match.candidates.clear();
  }
  return match;
}

double value_coefficient(double fp32_tflops, double price_per_hour, double utilization) {
  if (!(price_per_hour > 0) || !std::isfinite(fp32_tflops) || !std::isfinite(utilization)) return 0;
  const double v = fp32_tflops / price_per_hour * utilization;
  return std::isfinite(v) ? v : 0;
}

}  // namespace gw
