#include "cli/today.hpp"

#include <cstdlib>
#include <ctime>

#include "cli/cli.hpp"
#include "engine/catalog.hpp"

namespace gw::cli {

std::string cli_today() {
  if (const char* pinned = std::getenv("GPUWISE_TODAY"); pinned && *pinned) {
    const std::string today = pinned;
    if (price_age_months(today, today) < 0)
      throw Exit(kUsage, "GPUWISE_TODAY: '" + today + "' is not a date (YYYY-MM-DD)",
                 "GPUWISE_TODAY：'" + today + "' 不是日期（YYYY-MM-DD）");
    return today;
  }
  const std::time_t now = std::time(nullptr);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", std::gmtime(&now));
  return buf;
}

}  // namespace gw::cli
