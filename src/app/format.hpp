#pragma once
// Numbers, money and durations as the UI shows them, in the current UI language.
#include <string>
#include <string_view>

#include "engine/estimate.hpp"

namespace gw::app {

std::string money(double amount, const std::string& currency);
// "¥120" or "¥120 (¥100–¥150)" when the range is wide enough to matter.
std::string money_range(const Range& r, const std::string& currency);
std::string hours(double h);  // "36 min" / "36 分钟", "4.2 h" / "4.2 小时", "3.1 d" / "3.1 天"
std::string hours_range(const Range& r);
std::string gib(double v);                          // "12.3 GiB"
std::string count_text(double v);                   // 340000000 -> "340M"
std::string plain(double v, int max_decimals = 2);  // "1.5", "300", never "nan"
// ASCII letters folded for the search filters; Chinese passes through unchanged.
std::string lower_ascii(std::string s);

// Typed values are read by the engine's parsers (engine/input.hpp), the same the CLI and links use.

}  // namespace gw::app
