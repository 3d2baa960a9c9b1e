#pragma once
// Molecular dynamics speed as MD users quote it: nanoseconds of simulated time per day of wall clock.
#include <cmath>

namespace gw {

// ns/day = steps/s x time step (fs) x 86,400 s/day / 10^6 fs/ns. 0 when either is not a positive number
// (not an MD job, or no speed).
inline double md_ns_per_day(double steps_per_s, double timestep_fs) {
  if (!(steps_per_s > 0) || !(timestep_fs > 0) || !std::isfinite(steps_per_s) || !std::isfinite(timestep_fs))
    return 0;
  return steps_per_s * timestep_fs * 86400.0 / 1e6;
}

}  // namespace gw
