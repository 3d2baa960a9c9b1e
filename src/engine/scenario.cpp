// Names of the constraint enums, as used in flags, JSON and share links.
#include "engine/scenario.hpp"

#include <cmath>
#include <cstdio>

#include "engine/estimate.hpp"

namespace gw {

std::string_view to_string(Goal g) {
  switch (g) {
    case Goal::cheapest:
      return "cheapest";
    case Goal::fastest:
      return "fastest";
    case Goal::value:
      return "value";
    case Goal::greenest:
      return "greenest";
  }
  return "cheapest";
}

std::string_view to_string(SpotPolicy p) {
  switch (p) {
    case SpotPolicy::allow:
      return "allow";
    case SpotPolicy::deny:
      return "deny";
    case SpotPolicy::only:
      return "only";
  }
  return "allow";
}

bool parse_goal(std::string_view s, Goal& out) {
  for (Goal g : {Goal::cheapest, Goal::fastest, Goal::value, Goal::greenest})
    if (s == to_string(g)) return out = g, true;
  return false;
}

bool parse_spot_policy(std::string_view s, SpotPolicy& out) {
  for (SpotPolicy p : {SpotPolicy::allow, SpotPolicy::deny, SpotPolicy::only})
    if (s == to_string(p)) return out = p, true;
  return false;
}

bool within(double v, const Limit& limit) {
  return std::isfinite(v) && v >= limit.lo && v <= limit.hi;
}

std::string describe_limit(const Limit& limit, Lang lang) {
  char buf[96];
  if (lang == Lang::zh)
    std::snprintf(buf, sizeof buf, "%g 到 %g%s%s", limit.lo, limit.hi, *limit.unit ? " " : "",
                  unit_text(limit.unit).zh.c_str());
  else
    std::snprintf(buf, sizeof buf, "between %g and %g%s%s", limit.lo, limit.hi, *limit.unit ? " " : "",
                  limit.unit);
  return buf;
}

}  // namespace gw
