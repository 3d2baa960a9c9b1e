// Fuzzes the CLI's flag-value parsers ("340M", "48h", "1.5TB", "0.85"). The expected error path is
// gw::cli::Exit with the usage code and the flag's name; any other exception escapes and is a crash.
// Accepted values must be finite and inside the documented range (docs/input-ranges.md).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "cli/cli.hpp"
#include "fuzz/equal.hpp"
#include "fuzz/fixtures.hpp"

using namespace gw::testing;
namespace cli = gw::cli;

namespace {

struct NumberFlag {
  const char* flag;
  double min, max;
};
// The ranges scenario_flags.cpp passes to parse_number.
const NumberFlag kNumberFlags[] = {
    {"--budget", 0, 1e9},           {"--usd-cny", 0.1, 100},   {"--cards", 1, 64},
    {"--setup-hours", 0, 1000},     {"--idle-hours", 0, 1000}, {"--storage-months", 0, 120},
    {"--upload-mbps", 0.1, 1e5},    {"--extras", 0, 1e7},      {"--interruptions", 0, 10},
    {"--checkpoint-write", 0, 600}, {"--restart", 0, 600},     {"--seed", 0, 9007199254740992.0},
    {"--utilization", 0, 1},        {"--price", 0, 1e7},
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const unsigned selector = data[0];
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::string flag = "--flag" + std::to_string(selector % 4);
  try {
    switch (selector % 4) {
      case 0: {
        const double v = cli::parse_count(flag, text);
        require(std::isfinite(v) && v >= 0 && v <= 1e16, "parse_count out of range", show(v));
        break;
      }
      case 1: {
        const double v = cli::parse_hours(flag, text);
        require(std::isfinite(v) && v > 0 && v <= 24.0 * 365 * 10, "parse_hours out of range", show(v));
        break;
      }
      case 2: {
        const double v = cli::parse_gb(flag, text);
        require(std::isfinite(v) && v >= 0 && v <= 1e7, "parse_gb out of range", show(v));
        break;
      }
      case 3: {
        const NumberFlag& f = kNumberFlags[(selector / 4) % (sizeof kNumberFlags / sizeof kNumberFlags[0])];
        const double v = cli::parse_number(f.flag, text, f.min, f.max);
        require(std::isfinite(v) && v >= f.min && v <= f.max, "parse_number out of range", show(v));
        break;
      }
    }
  } catch (const cli::Exit& e) {
    require(e.code == cli::kUsage, "flag parser exit code is not 2", std::to_string(e.code));
    const std::string msg = e.what();
    require(msg.rfind("--", 0) == 0, "usage error does not start with the flag's name", msg);
    require(msg.find('\n') == std::string::npos || text.find('\n') != std::string::npos,
            "usage error is not one line", msg);
  }
  return 0;
}
