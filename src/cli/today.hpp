#pragma once
// Today's date for the CLI, "2026-12-04". The engine reads no clock (price ages, `catalog stale`), so the
// CLI hands it this.
#include <string>

namespace gw::cli {

// GPUWISE_TODAY when set (the golden tests pin it, so their output does not age), else the system clock in
// UTC. A GPUWISE_TODAY that is not a date is a usage error naming it.
std::string cli_today();

}  // namespace gw::cli
