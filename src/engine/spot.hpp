#pragma once
// Spot/preemptible runs: checkpoint every tau hours of work, lose the work since the last checkpoint at
// each interruption, pay a restart. Expected time is exact for Poisson interruptions; the chance of
// missing a deadline comes from a seeded Monte Carlo (identical on every platform) or, for screening
// many offers at once, from a normal approximation with the exact mean and variance.
#include <cstdint>
#include <optional>
#include <string>

#include "estimate.hpp"

namespace gw {

// A small, fast PRNG we own, so a seed gives the same stream under libstdc++, libc++ and WebAssembly.
// xoshiro256** (Blackman & Vigna), seeded through splitmix64.
class Rng {
 public:
  explicit Rng(std::uint64_t seed);
  std::uint64_t next();
  double uniform();  // in (0, 1]: never 0, so -log(u) is finite
 private:
  std::uint64_t s_[4];
};

// Natural log built from + - * / only, so it is bit-identical wherever IEEE doubles are (libm may differ
// in the last bit between glibc and Emscripten's musl). Accurate to about 1e-15 relative.
double det_log(double x);

// Young (1974) / Daly (2006) first-order optimum: tau = sqrt(2 C M), M = 1 / rate.
// Returns 0 when there are no interruptions (no checkpoints needed).
double young_daly_interval_hours(double checkpoint_hours, double interruptions_per_hour);

struct SpotInputs {
  double work_hours = 0;                 // uninterrupted wall clock of the job
  double interruptions_per_hour = 0;     // Poisson rate
  double checkpoint_hours = 0;           // time to write one checkpoint (C)
  std::optional<double> interval_hours;  // work between checkpoints (tau); default Young/Daly
  double restart_hours = 0;              // reload data and checkpoint after an interruption (R)
  std::optional<double> deadline_hours;  // for the miss probability (counts the job only)
  std::uint64_t seed = 1;
  // The seed the method text names, when the stream was derived from a user's seed (recommend() draws
  // one stream per offer): the user can replay that seed, not the derived one.
  std::optional<std::uint64_t> reported_seed;
  int trials = 0;       // Monte Carlo trials; 0 = analytic (normal approximation) only
  bool explain = true;  // false: skip building the explanation (screening many offers)
};

struct SpotResult {
  double interval_hours = 0;        // tau actually used
  bool interval_is_default = true;  // Young/Daly
  int checkpoints = 0;              // written during the job
  double expected_hours = 0;        // wall clock incl. checkpoints, lost work and restarts
  double stddev_hours = 0;
  double overhead_fraction = 0;  // expected / work - 1
  double expected_interruptions = 0;
  double p_miss_deadline = 0;  // 0..1 (0 without a deadline)
  double p90_hours = 0;        // Monte Carlo, else normal approximation
  bool practical = true;       // false: interruptions outpace checkpointed progress
  std::string method;          // "monte-carlo (N trials, seed S)" or "normal approximation"
  Text method_text;            // the same for a reader, in either language
  int trials = 0;              // Monte Carlo trials actually run (fewer than asked on very long jobs)
  // Sessions of a notebook platform (simulate_sessions): how many, the work lost at their ends, and the
  // wall clock from start to finish counting the weeks spent waiting for a weekly quota to refill (equal to
  // expected_hours without a quota; spot runs leave it there too).
  int sessions = 1;
  double lost_hours = 0;
  double calendar_hours = 0;
  Explain explain;
};

// Pure and deterministic for given inputs (including the seed).
SpotResult simulate_spot(const SpotInputs&);

// A notebook platform ends every session after `session_hours` of wall clock: the cut is certain, not
// random, so this is exact and deterministic (stddev 0). Work is checkpointed every tau hours (the inputs'
// interval, else Young/Daly as if cuts came once a session); a cut loses the work since the last
// checkpoint, and every later session starts with the restart R. interruptions_per_hour, seed and trials
// are not used. A weekly GPU-hour quota shortens a session to what the quota holds and stretches
// calendar_hours by the weeks spent waiting (168 h per week). practical is false when a session cannot
// hold one checkpoint interval, or the job would need more than 100,000 sessions.
SpotResult simulate_sessions(const SpotInputs&, double session_hours,
                             std::optional<double> weekly_gpu_hours = std::nullopt);

}  // namespace gw
