// Spot runs under Poisson interruptions with periodic checkpoints.
//
// The job is split into k equal segments of w hours of work; each but the last ends with a checkpoint of
// C hours. A segment of length T restarts from its beginning after an interruption (plus R hours of
// restart). With N ~ Geometric failures before success and X the truncated-exponential time lost per
// failure: E[Y] = T + E[N](E[X] + R) = (e^{lambda T} - 1)(1/lambda + R), and
// Var[Y] = E[N] Var[X] + Var[N] (E[X] + R)^2.
#include "engine/spot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace gw {

namespace {
std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
std::uint64_t rotl(std::uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

double finite_or(double v, double fallback) {
  return std::isfinite(v) ? v : fallback;
}

// Moments of one segment of length T (hours).
struct Moments {
  double mean = 0, var = 0, failures = 0;
};
Moments segment(double T, double lambda, double R) {
  Moments m;
  if (T <= 0) return m;
  if (lambda <= 0) {
    m.mean = T;
    return m;
  }
  // e^{50} failures per segment is already absurd; the clamp keeps every number finite.
  const double lt = std::min(lambda * T, 50.0);
  const double en = std::expm1(lt);     // E[N]
  const double vn = en * std::exp(lt);  // Var[N]
  double ex, ex2;                       // truncated exponential on [0, T)
  if (lt < 1e-5) {
    ex = T / 2;
    ex2 = T * T / 3;
  } else {
    ex = 1 / lambda - T / en;
    ex2 = 2 / (lambda * lambda) - (T * T + 2 * T / lambda) / en;
  }
  const double ez = ex + R;
  const double vz = std::max(0.0, ex2 - ex * ex);
  m.mean = T + en * ez;
  m.var = en * vz + vn * ez * ez;
  m.failures = en;
  return m;
}
}  // namespace

Rng::Rng(std::uint64_t seed) {
  std::uint64_t x = seed;
  for (auto& s : s_) s = splitmix64(x);
}

std::uint64_t Rng::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

double Rng::uniform() {
  return static_cast<double>((next() >> 11) + 1) * 0x1.0p-53;
}

double det_log(double x) {
  if (!(x > 0) || !std::isfinite(x)) return 0;
  // x = m * 2^e, m in [0.5, 1), exactly as std::frexp splits it, read from the bits: frexp is a libm call,
  // and the Monte Carlo takes a logarithm per simulated interruption.
  std::uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  int e = static_cast<int>((bits >> 52) & 0x7FF);
  double m;
  if (e == 0) {
    m = std::frexp(x, &e);  // subnormal
  } else {
    e -= 1022;
    bits = (bits & 0x800FFFFFFFFFFFFFull) | (std::uint64_t{1022} << 52);
    std::memcpy(&m, &bits, sizeof m);
  }
  if (m < 0.70710678118654752) {
    m *= 2;
    --e;
  }
  const double s = (m - 1) / (m + 1);  // |s| <= 0.1716, so s^2 <= 0.0295
  const double s2 = s * s;
  // atanh(s) = s (1 + s^2/3 + s^4/5 + ...); eleven terms leave an error below 1e-16 relative. Horner form.
  static constexpr double inv[] = {1.0,      1.0 / 3,  1.0 / 5,  1.0 / 7,  1.0 / 9, 1.0 / 11,
                                   1.0 / 13, 1.0 / 15, 1.0 / 17, 1.0 / 19, 1.0 / 21};
  double poly = inv[10];
  for (int k = 9; k >= 0; --k) poly = inv[k] + s2 * poly;
  const double sum = s * poly;
  return e * 0.69314718055994530942 + 2 * sum;
}

double young_daly_interval_hours(double checkpoint_hours, double rate) {
  if (!(rate > 0) || !std::isfinite(rate)) return 0;
  const double c = std::max(0.0, finite_or(checkpoint_hours, 0));
  return std::sqrt(2 * c / rate);
}

SpotResult simulate_spot(const SpotInputs& in) {
  SpotResult r;
  const double W = std::max(0.0, finite_or(in.work_hours, 0));
  const double lambda = std::max(0.0, finite_or(in.interruptions_per_hour, 0));
  const double C = std::max(0.0, finite_or(in.checkpoint_hours, 0));
  const double R = std::max(0.0, finite_or(in.restart_hours, 0));

  double tau;
  if (in.interval_hours && *in.interval_hours > 0 && std::isfinite(*in.interval_hours)) {
    tau = *in.interval_hours;
    r.interval_is_default = false;
  } else {
    tau = young_daly_interval_hours(C, lambda);
  }
  if (!(tau > 0) || tau > W) tau = W;  // no interruptions or a short job: one segment, no checkpoint
  // A million checkpoints is beyond any real job; the cap keeps k finite when C is 0.
  const double k = W > 0 ? std::min(1e6, std::ceil(W / tau - 1e-9)) : 1;
  const double w = W > 0 ? W / k : 0;
  r.interval_hours = w;
  r.checkpoints = static_cast<int>(k) - 1;

  const Moments full = segment(w + C, lambda, R);
  const Moments last = segment(w, lambda, R);
  const double mean = (k - 1) * full.mean + last.mean;
  const double var = (k - 1) * full.var + last.var;
  r.expected_hours = finite_or(mean, 0);
  r.calendar_hours = r.expected_hours;  // spot has no quota to wait for
  r.stddev_hours = finite_or(std::sqrt(std::max(0.0, var)), 0);
  r.expected_interruptions = finite_or((k - 1) * full.failures + last.failures, 0);
  r.overhead_fraction = W > 0 ? r.expected_hours / W - 1 : 0;
  // Beyond tripling the time, spot stops being a discount and becomes a lottery.
  r.practical = r.overhead_fraction <= 2.0;

  const double z90 = 1.2815515655446004;
  r.p90_hours = r.expected_hours + z90 * r.stddev_hours;
  if (in.deadline_hours) {
    const double D = *in.deadline_hours;
    if (r.stddev_hours > 0)
      r.p_miss_deadline = 0.5 * std::erfc((D - r.expected_hours) / (r.stddev_hours * std::sqrt(2.0)));
    else
      r.p_miss_deadline = r.expected_hours > D + 1e-9 ? 1 : 0;
  }
  r.method = "normal approximation";

  // Each trial simulates every interruption, so the work grows with trials x interruptions. A fixed
  // budget of simulated events keeps a hostile link (10 interruptions an hour over five years) fast;
  // past it fewer trials run, and with under 100 trials left the normal approximation stands, which
  // is accurate there anyway: thousands of independent segments make the total nearly normal.
  constexpr double kMaxSimulatedEvents = 400000;
  const double events_per_trial = r.expected_interruptions + 1;
  const int trials =
      static_cast<int>(std::min<double>(in.trials, std::floor(kMaxSimulatedEvents / events_per_trial)));
  const bool wanted = in.trials > 0 && lambda > 0 && r.practical && W > 0;
  const bool too_many = wanted && trials < 100;
  const std::uint64_t seed_named = in.reported_seed.value_or(in.seed);
  if (too_many) r.method = "normal approximation (too many interruptions to simulate)";
  if (wanted && !too_many) {
    Rng rng(in.seed);
    std::vector<double> times(static_cast<std::size_t>(trials));
    const double seg = w + C;
    const double kk = k;
    int missed = 0;
    for (int t = 0; t < trials; ++t) {
      double clock = 0, done = 0;
      for (int guard = 0; guard < 1000000; ++guard) {
        const double remaining = (kk - done - 1) * seg + w;
        const double x = -det_log(rng.uniform()) / lambda;
        if (x >= remaining) {
          clock += remaining;
          break;
        }
        done += std::min(std::floor(x / seg), kk - done - 1);
        clock += x + R;
      }
      times[static_cast<std::size_t>(t)] = clock;
      if (in.deadline_hours && clock > *in.deadline_hours + 1e-9) ++missed;
    }
    // The 90th percentile only: a selection, not a sort.
    const auto nth = times.begin() + std::min<long>(trials - 1, (trials * 9L) / 10);
    std::nth_element(times.begin(), nth, times.end());
    r.p90_hours = *nth;
    if (in.deadline_hours) r.p_miss_deadline = static_cast<double>(missed) / trials;
    r.trials = trials;
    r.method = "monte-carlo (" + std::to_string(trials) + " trials, seed " + std::to_string(seed_named) + ")";
  }
  r.p_miss_deadline = std::clamp(finite_or(r.p_miss_deadline, 0), 0.0, 1.0);
  r.p90_hours = finite_or(r.p90_hours, r.expected_hours);
  // Every result says how it was computed (the CLI's spot line reads it), explained or not.
  r.method_text = {r.method, r.trials == 0 ? (too_many ? "正态近似（中断次数过多，不做模拟）" : "正态近似")
                                           : "蒙特卡洛模拟（" + std::to_string(r.trials) + " 次，种子 " +
                                                 std::to_string(seed_named) + "）"};
  if (!in.explain) return r;

  r.explain.formula = {
      "E[time] = sum over segments of (e^(rate x T) - 1) x (1/rate + R), T = work per segment + C; "
      "checkpoint interval tau = sqrt(2 x C / rate) (Young/Daly) unless set",
      "期望时长 = Σ 各段 (e^(中断率×T) − 1) × (1/中断率 + R)，T = 每段工作量 + C；"
      "检查点间隔 τ = √(2 × C ÷ 中断率)（Young/Daly），除非手动设置"};
  r.explain.inputs = {{"work", W, "h", "工作量"},
                      {"interruptions per hour", lambda, "1/h", "每小时中断次数"},
                      {"checkpoint write C", C, "h", "检查点写入 C"},
                      {"checkpoint interval tau", r.interval_hours, "h", "检查点间隔 τ"},
                      {"restart R", R, "h", "重启 R"},
                      {"expected interruptions", r.expected_interruptions, "", "预计中断次数"},
                      {"expected hours", r.expected_hours, "h", "预计时长"}};
  r.explain.note = {"Probability of missing the deadline by " + r.method + ".",
                    "错过截止时间的概率：" + r.method_text.zh + "。"};
  return r;
}

}  // namespace gw

namespace gw {

// Session by session: a session that can finish the job does; any other runs whole checkpoint intervals
// until no further one fits, and the rest of it (work not yet checkpointed when the session ends) is lost.
SpotResult simulate_sessions(const SpotInputs& in, double session_hours, std::optional<double> weekly) {
  SpotResult r;
  const double W = std::max(0.0, finite_or(in.work_hours, 0));
  const double C = std::max(0.0, finite_or(in.checkpoint_hours, 0));
  const double R = std::max(0.0, finite_or(in.restart_hours, 0));
  double S = std::max(0.0, finite_or(session_hours, 0));
  const double Q = weekly && *weekly > 0 && std::isfinite(*weekly) ? *weekly : 0;
  if (Q > 0) S = std::min(S, Q);  // a quota smaller than a session ends the session when it runs out

  double tau;
  if (in.interval_hours && *in.interval_hours > 0 && std::isfinite(*in.interval_hours)) {
    tau = *in.interval_hours;
    r.interval_is_default = false;
  } else {
    tau = young_daly_interval_hours(C, S > 0 ? 1 / S : 0);
  }
  // A later session has S - R for work; an interval and its checkpoint must fit in it.
  const double avail_later = S - R;
  if (!(tau > 0) || tau + C > avail_later) tau = avail_later - C;
  r.interval_hours = std::max(0.0, tau);
  r.method = "session limit (deterministic)";
  r.method_text = {"session limit (deterministic)", "会话时长限制（确定性计算）"};

  double remaining = W, clock = 0, lost = 0;
  int sessions = 0, checkpoints = 0;
  constexpr int kMaxSessions = 100000;
  bool practical = W <= 0 || tau > 0;
  while (practical && remaining > 1e-12) {
    if (++sessions > kMaxSessions) {
      practical = false;
      break;
    }
    const double avail = sessions == 1 ? S : avail_later;
    if (sessions > 1) clock += R;
    // To finish here: the rest of the work plus a checkpoint after every whole interval but the last.
    const double intervals = std::ceil(remaining / tau - 1e-9);
    const double need = remaining + C * std::max(0.0, intervals - 1);
    if (need <= avail + 1e-9) {
      clock += need;
      checkpoints += static_cast<int>(std::max(0.0, intervals - 1));
      remaining = 0;
      break;
    }
    const double n = std::floor(avail / (tau + C) + 1e-9);
    if (n < 1) {
      practical = false;
      break;
    }
    remaining -= n * tau;
    checkpoints += static_cast<int>(n);
    lost += avail - n * (tau + C);
    clock += avail;
  }
  r.practical = practical;
  r.sessions = std::max(1, sessions);
  r.checkpoints = checkpoints;
  r.expected_hours = practical ? clock : W;
  r.lost_hours = practical ? lost : 0;
  r.expected_interruptions = r.sessions - 1;
  r.overhead_fraction = W > 0 ? r.expected_hours / W - 1 : 0;
  r.p90_hours = r.expected_hours;
  // Under a quota the job runs Q hours a week: whole weeks pass for each full quota used before the last.
  r.calendar_hours = r.expected_hours;
  if (Q > 0 && r.expected_hours > Q) {
    const double full_weeks = std::ceil(r.expected_hours / Q - 1e-9) - 1;
    r.calendar_hours = full_weeks * 168.0 + (r.expected_hours - full_weeks * Q);
  }
  if (in.deadline_hours) r.p_miss_deadline = r.calendar_hours > *in.deadline_hours + 1e-9 ? 1 : 0;
  if (!in.explain) return r;

  r.explain.formula = {
      "sessions of S hours (a weekly quota Q shortens them to Q); each later session starts with the restart "
      "R; work is checkpointed every tau hours (C to write), and a session's end loses the work since its "
      "last checkpoint. Under a quota, the job runs Q hours a week.",
      "每次会话 S 小时（每周配额 Q 更小时按 Q 计）；之后每次会话先花重启时间 R；每工作 τ "
      "小时写一次检查点（耗时 "
      "C），会话结束时丢失上次检查点之后的工作。有配额时，每周只能运行 Q 小时。"};
  r.explain.inputs = {{"work", W, "h", "工作量"},
                      {"session S", S, "h", "会话时长 S"},
                      {"weekly quota Q", Q, "h", "每周配额 Q"},
                      {"checkpoint write C", C, "h", "检查点写入 C"},
                      {"checkpoint interval tau", r.interval_hours, "h", "检查点间隔 τ"},
                      {"restart R", R, "h", "重启 R"},
                      {"sessions", static_cast<double>(r.sessions), "", "会话次数"},
                      {"work lost at session ends", r.lost_hours, "h", "会话结束丢失的工作"},
                      {"GPU hours", r.expected_hours, "h", "GPU 时长"},
                      {"start to finish", r.calendar_hours, "h", "从开始到完成"}};
  r.explain.note = {"The session's end is certain, so this is exact, not a simulation.",
                    "会话结束时间是确定的，所以这是精确计算，而非模拟。"};
  return r;
}

}  // namespace gw
