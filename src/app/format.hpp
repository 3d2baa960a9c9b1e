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

// Inputs. Durations take 48h, 2d, 90m (90 minutes), 1w or plain hours; counts take 340M, 1.5B, 7e9.
bool parse_hours_text(std::string_view text, double& hours);
bool parse_count(std::string_view text, double& out);
bool parse_plain(std::string_view text, double& out);

}  // namespace gw::app
