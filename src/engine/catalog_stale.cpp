// Which prices have aged (issue 16, item 5): `gpuwise catalog stale` and the web page's catalog header.
#include <algorithm>

#include "engine/catalog.hpp"

namespace gw {

namespace {

// "2026-08" or "2026-08-13" -> months since year 0; false when it is neither.
bool year_month(std::string_view d, int& months) {
  auto digits = [&](std::size_t from, std::size_t n) {
    int v = 0;
    for (std::size_t i = from; i < from + n; ++i) {
      if (i >= d.size() || d[i] < '0' || d[i] > '9') return -1;
      v = v * 10 + (d[i] - '0');
    }
    return v;
  };
  if (d.size() != 7 && d.size() != 10) return false;
  if (d[4] != '-' || (d.size() == 10 && d[7] != '-')) return false;
  const int y = digits(0, 4), m = digits(5, 2);
  if (y < 0 || m < 1 || m > 12) return false;
  if (d.size() == 10 && digits(8, 2) < 1) return false;
  months = y * 12 + m - 1;
  return true;
}

}  // namespace

int price_age_months(std::string_view price_date, std::string_view today) {
  int p = 0, t = 0;
  if (!year_month(price_date, p) || !year_month(today, t)) return -1;
  return std::max(0, t - p);
}

std::vector<StalePrice> stale_prices(const Catalog& catalog, std::string_view today, int months) {
  std::vector<StalePrice> out;
  for (std::size_t i = 0; i < catalog.offers.size(); ++i) {
    const int age = price_age_months(catalog.offers[i].price_date, today);
    if (age > months) out.push_back({i, age});
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const StalePrice& a, const StalePrice& b) { return a.age_months > b.age_months; });
  return out;
}

}  // namespace gw
