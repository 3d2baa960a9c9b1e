// Catalog lookups, loose GPU name matching and the value coefficient.
#include <algorithm>
#include <cctype>
#include <cmath>

#include "engine/catalog.hpp"

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

// Digits in a query must not be a fragment of a longer number in the name ("309" is not "3090").
bool contains_token(const std::string& hay, const std::string& needle) {
  for (std::size_t pos = hay.find(needle); pos != std::string::npos; pos = hay.find(needle, pos + 1)) {
    const std::size_t end = pos + needle.size();
    const bool digit_cut_left =
        pos > 0 && std::isdigit(static_cast<unsigned char>(hay[pos - 1])) && std::isdigit(static_cast<unsigned char>(needle[0]));
    const bool digit_cut_right = end < hay.size() && std::isdigit(static_cast<unsigned char>(hay[end])) &&
                                 std::isdigit(static_cast<unsigned char>(needle.back()));
    if (!digit_cut_left && !digit_cut_right) return true;
  }
  return false;
}

}  // namespace

const Gpu* Catalog::gpu(std::string_view id) const { return find_by_id(gpus, id); }
const Provider* Catalog::provider(std::string_view id) const { return find_by_id(providers, id); }
const Offer* Catalog::offer(std::string_view id) const { return find_by_id(offers, id); }

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
    bool hit = contains_token(squash(g.name), qs) || contains_token(squash(g.id), qs);
    for (const std::string& a : g.aliases) hit = hit || contains_token(squash(a), qs);
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
