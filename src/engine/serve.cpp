// Serving mode (serve.hpp). Memory and the decode step come from the inference estimate; this file adds
// the queue in front of the prefills and the period's hours under the idle policy.
#include "engine/serve.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "engine/cost.hpp"
#include "engine/estimate_model.hpp"

namespace gw {

namespace {

struct IdleName {
  ServeIdle v;
  const char* name;
};
const IdleName kIdleNames[] = {
    {ServeIdle::always, "always"}, {ServeIdle::night, "night"}, {ServeIdle::zero, "zero"}};

double finite(double v) {
  return std::isfinite(v) ? v : 0.0;
}

// Little's law caps the sequences in flight at this many before the service counts as overloaded.
constexpr double kMaxConcurrency = 1e6;

struct Timing {
  double step_s = 0, tensor_s = 0, prefill_s = 0;
};

// One decode step of `n` sequences and one prompt's prefill on `cards` cards (0 when unsupported).
Timing timing(const Workload& w, double n, const Gpu& gpu, int cards, double derate) {
  Timing t;
  const Workload sw = serve_workload(w, n);
  const double per_token = model::seconds_per_unit(sw, gpu, cards, derate);
  if (per_token <= 0) return t;
  t.step_s = per_token * n;  // seconds_per_unit is per generated token of the whole batch
  const double speedup = multi_gpu_speedup(gpu, cards);
  const model::Rates r = model::rates_for(sw, gpu, derate);
  t.tensor_s = model::step_time(model::step_work(sw), r, sw.bound).tensor_s / speedup;
  Workload one = sw;
  one.inference_batch = 1;
  t.prefill_s = model::step_time(model::prefill_work(one), r, one.bound).total() / speedup;
  return t;
}

// Prefills ride in the decode steps (vLLM's chunked prefill, llama.cpp server's shared batches): they use the
// matrix units a memory-bound step leaves idle, and slow decoding only beyond that. With a share rho of the
// GPU's compute going to prefills, a step takes max(decode step, its matrix math / (1 - rho)).
double loaded_step(const Timing& t, double rho) {
  return std::max(t.step_s, t.tensor_s / std::max(1e-3, 1 - rho));
}

// Closed loop (no --rps): n users each ask again as soon as an answer ends, so the prefill share solves
// rho = n x prefill / (prefill + output x loaded step(rho)); the right side falls as rho grows (bisection).
double closed_loop_share(const Timing& t, double n, double out) {
  double lo = 0, hi = 1;
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (lo + hi);
    const double rhs = n * t.prefill_s / (t.prefill_s + out * loaded_step(t, mid));
    (rhs > mid ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

}  // namespace

std::string_view to_string(ServeIdle v) {
  for (const IdleName& n : kIdleNames)
    if (n.v == v) return n.name;
  return "always";
}

bool parse_serve_idle(std::string_view s, ServeIdle& out) {
  for (const IdleName& n : kIdleNames)
    if (s == n.name) {
      out = n.v;
      return true;
    }
  return false;
}

bool serving(const Workload& w) {
  return w.mode == Mode::inference && (w.serve_users > 0 || w.serve_rps > 0);
}

std::vector<Problem> validate_serve(const Workload& w) {
  std::vector<Problem> p;
  if (w.serve_users <= 0 && w.serve_rps <= 0) return p;
  if (w.mode != Mode::inference)
    p.push_back({"mode", "serving (--users or --rps) is an inference job: use --mode inference"});
  if (w.arch != Arch::decoder) p.push_back({"arch", "serving models a decoder language model"});
  if (w.seq_len <= 0) p.push_back({"seq", "serving needs the prompt length in tokens (--seq)"});
  if (w.serve_output_tokens <= 0)
    p.push_back({"serve_output_tokens", "serving needs the tokens each answer generates (--output-tokens)"});
  if (w.serve_hours <= 0)
    p.push_back({"serve_hours", "serving needs how long the service stays up (--serve-for 14d)"});
  if (w.serve_idle != ServeIdle::always && w.serve_idle_hours >= 24)
    p.push_back({"serve_idle_hours", "an idle policy leaves the service up less than 24 hours a day"});
  return p;
}

Workload serve_workload(const Workload& w, double concurrency) {
  Workload s = w;
  s.mode = Mode::inference;
  s.inference_batch = std::max(1.0, concurrency);
  s.context_tokens = std::max(0, w.seq_len) + std::max(0.0, w.serve_output_tokens);
  s.tokens = s.inference_batch * std::max(0.0, w.serve_output_tokens);  // one answer per sequence
  s.dataset_samples = 0;  // prefills are the queue's (serve_perf), not part of a batch job
  return s;
}

double serve_paid_hours_per_day(const Workload& w) {
  if (w.serve_idle == ServeIdle::always) return 24;
  return std::clamp(24 - w.serve_idle_hours, 0.0, 24.0);
}

double serve_paid_hours(const Workload& w) {
  return std::max(0.0, w.serve_hours) * serve_paid_hours_per_day(w) / 24;
}

ServePerf serve_perf(const Workload& w, const Gpu& gpu, const Catalog& catalog, int cards, double derate,
                     bool explain) {
  ServePerf p;
  const double out = std::max(1.0, w.serve_output_tokens);
  // Sequences in flight: the users, or Little's law (arrivals x time a request stays) from the arrival rate,
  // found by iterating because the time a request stays grows with the batch.
  double n = w.serve_users;
  if (n <= 0) {
    n = 1;
    for (int i = 0; i < 60 && n < kMaxConcurrency; ++i) {
      const Timing t = timing(w, n, gpu, cards, derate);
      if (t.step_s <= 0) break;
      const double rho = w.serve_rps * t.prefill_s;
      if (rho >= 1) {
        n = kMaxConcurrency;
        break;
      }
      const double next = std::max(1.0, w.serve_rps * (t.prefill_s + out * loaded_step(t, rho)));
      if (std::fabs(next - n) < 1e-6 * n) {
        n = next;
        break;
      }
      n = next;
    }
    if (n >= kMaxConcurrency) p.overloaded = true;
  }
  p.concurrency = std::min(n, kMaxConcurrency);
  const double batch = std::ceil(p.concurrency - 1e-9);

  EstimateOptions eo;
  eo.gpu_count = cards;
  eo.derate = derate;
  eo.explain = false;
  const GpuEstimate e = estimate(serve_workload(w, batch), gpu, catalog, eo);
  p.supported = e.supported;
  p.fit = e.fit;
  p.need_gib = e.memory.total_gib();
  p.limit_gib = e.memory.preallocated_gib > 0 ? e.memory.preallocated_gib : gpu.vram_gib;
  p.kv_cache_gib = e.memory.kv_cache_gib;
  // What each sequence adds (its KV cache and working buffers) against what stays (weights, overhead).
  const double per_seq = (e.memory.kv_cache_gib + e.memory.activations_gib) / batch;
  const double fixed = p.need_gib - per_seq * batch;
  p.max_users = per_seq > 0 ? std::max(0.0, std::floor((p.limit_gib - fixed) / per_seq)) : 0;

  const Timing t = timing(w, batch, gpu, cards, derate);
  if (!p.supported || t.step_s <= 0) {
    p.supported = false;
    p.meets_ttft = p.meets_user_tps = false;
    return p;
  }
  p.step_s = t.step_s;
  p.prefill_s = t.prefill_s;
  // Closed loop without --rps: every user sends the next request as soon as the answer ends.
  p.prefill_share = w.serve_rps > 0 ? w.serve_rps * t.prefill_s : closed_loop_share(t, p.concurrency, out);
  if (p.prefill_share >= 1) p.overloaded = true;
  const double rho = std::min(p.prefill_share, 0.999);
  const double step = loaded_step(t, rho);
  p.arrival_rps = w.serve_rps > 0 ? w.serve_rps : p.concurrency / (t.prefill_s + out * step);
  p.user_tps = finite(1 / step);
  p.aggregate_tps = p.concurrency * p.user_tps;
  if (w.serve_rps > 0) p.aggregate_tps = std::min(p.aggregate_tps, w.serve_rps * out);
  // M/D/1: Poisson arrivals, each prefill a fixed time S: mean wait rho S / (2 (1 - rho)).
  p.queue_s = finite(rho * t.prefill_s / (2 * (1 - rho)));
  p.ttft_s = t.prefill_s + p.queue_s + 0.5 * t.step_s;
  if (!p.overloaded) {
    const QueueWait q95 = md1_wait_quantile(p.prefill_share, 0.95);
    p.queue_p95_s = finite(q95.wait * t.prefill_s);
    p.queue_p95_bound = q95.bound;
    p.ttft_p95_s = t.prefill_s + p.queue_p95_s + t.step_s;
  }
  p.meets_ttft = !p.overloaded && (w.serve_ttft_s <= 0 || p.ttft_s <= w.serve_ttft_s);
  p.meets_user_tps = !p.overloaded && (w.serve_user_tps <= 0 || p.user_tps >= w.serve_user_tps);
  if (!explain) return p;

  const Workload sw = serve_workload(w, batch);
  const double kv_token_mib = model::kv_bytes_per_token(sw) / model::kMiB;
  p.memory_explain.formula = {
      "need = weights + KV cache (sequences x (prompt + output) tokens x KV bytes per token) + working "
      "buffers + runtime overhead; it must fit the limit (vLLM: gpu_memory_utilization x VRAM)",
      "需求 = 权重 + KV 缓存（序列数 × (提示 + 输出) token × 每 token 的 KV 字节）+ 工作缓冲 + 运行框架开销；"
      "须放进上限（vLLM：gpu_memory_utilization × 显存）"};
  p.memory_explain.inputs = {{"sequences in flight", batch, "", "同时处理的序列"},
                             {"tokens per sequence", sw.context_tokens, "", "每条序列的 token"},
                             {"KV per token", kv_token_mib, "MiB", "每 token 的 KV"},
                             {"weights", e.memory.weights_gib, "GiB", "权重"},
                             {"KV cache", e.memory.kv_cache_gib, "GiB", "KV 缓存"},
                             {"overhead", e.memory.overhead_gib, "GiB", "开销"},
                             {"need", p.need_gib, "GiB", "需求"},
                             {"limit", p.limit_gib, "GiB", "上限"},
                             {"most sequences that fit", p.max_users, "", "最多可容纳的序列"}};
  p.memory_explain.note = {"Weights, KV cache and overhead are the inference estimate's for this runtime.",
                           "权重、KV 缓存与开销按该运行框架的推理估算计算。"};

  const model::Rates r = model::rates_for(sw, gpu, derate);
  p.speed_explain.formula = {
      "decode step = time to read the weights once + every sequence's KV cache (memory bound at small "
      "batch), or the batch's matrix math (compute bound at large batch), plus kernel gaps; prefills ride in "
      "the steps and use the matrix units a memory-bound step leaves idle: loaded step = max(step, step's "
      "matrix math / (1 - prefill share)); tokens/s per user = 1 / loaded step; all users = sequences x per "
      "user",
      "解码一步 = 读一遍权重 + 每条序列的 KV 缓存的时间（小批量时受显存带宽限制），或整批矩阵运算的时间"
      "（大批量时受算力限制），加上内核间隙；预填充混入解码步，使用受带宽限制的步骤空出的矩阵单元：负载下步长"
      " = "
      "max(步长, 该步矩阵运算时间 / (1 - 预填充占比))；每用户 token/s = 1 / 负载下步长；总量 = 序列数 × "
      "每用户"};
  p.speed_explain.inputs = {
      {"weights read per step", model::weight_bytes(sw) * model::decode_weight_share(sw, batch) / model::kGiB,
       "GiB", "每步读取的权重"},
      {"KV read per step",
       model::kv_bytes_per_token(sw) * 0.5 * (sw.seq_len + sw.context_tokens) * batch / model::kGiB, "GiB",
       "每步读取的 KV"},
      {"memory bandwidth", r.bandwidth_gbs, "GB/s", "显存带宽"},
      {"tensor peak", r.tensor_tflops, "TFLOPS", "张量峰值"},
      {"decode step", p.step_s * 1000, "ms", "解码一步"},
      {"its matrix math", t.tensor_s * 1000, "ms", "其中矩阵运算"},
      {"loaded step", step * 1000, "ms", "负载下步长"},
      {"prefill share", p.prefill_share, "", "预填充占比"},
      {"tokens/s per user", p.user_tps, "tokens/s", "每用户 token/s"},
      {"tokens/s, all users", p.aggregate_tps, "tokens/s", "全部用户 token/s"}};
  p.speed_explain.note = {
      "Continuous batching (vLLM, llama.cpp server slots): every sequence in flight adds "
      "one token per step.",
      "连续批处理（vLLM、llama.cpp server 的多槽位）：每一步每条进行中的序列各生成一个 token。"};

  p.ttft_explain.formula = {
      "p50 time to first token ~ prefill of one prompt + mean queue wait + half a decode step; the queue is "
      "M/D/1: wait = rho x prefill / (2 (1 - rho)), rho = arrivals/s x prefill",
      "首 token 时间中位数 ≈ 单个提示的预填充 + 平均排队 + 半个解码步；排队按 M/D/1："
      "等待 = rho × 预填充 / (2 (1 - rho))，rho = 每秒到达数 × 预填充时间"};
  p.ttft_explain.inputs = {{"prompt tokens", double(sw.seq_len), "", "提示 token"},
                           {"prefill", p.prefill_s * 1000, "ms", "预填充"},
                           {"arrivals", p.arrival_rps, "per second", "每秒到达"},
                           {"rho", p.prefill_share, "", "rho（负载）"},
                           {"queue wait", p.queue_s * 1000, "ms", "排队"},
                           {"time to first token", p.ttft_s, "s", "首 token 时间"}};
  if (!p.overloaded) {
    p.ttft_explain.inputs.push_back({p.queue_p95_bound ? "queue wait p95 (at most)" : "queue wait p95",
                                     p.queue_p95_s * 1000, "ms",
                                     p.queue_p95_bound ? "排队 p95（上限）" : "排队 p95"});
    p.ttft_explain.inputs.push_back({"time to first token p95", p.ttft_p95_s, "s", "首 token 时间 p95"});
  }
  p.ttft_explain.note =
      w.serve_rps > 0
          ? Text{"Arrivals are the given requests per second, as a Poisson stream.",
                 "到达按给定的每秒请求数，视为泊松流。"}
          : Text{
                "Without --rps each user sends the next request as soon as an answer ends (the busiest "
                "case): arrivals = users / (prefill + output tokens x loaded step), taken as a Poisson "
                "stream.",
                "未给 --rps 时，每个用户在回答结束后立即发出下一个请求（最忙的情形）：到达率 = 用户数 / "
                "(预填充 + 输出 token × 负载下步长)，视为泊松流。"};
  const Text tail =
      p.overloaded
          ? Text{" The queue has no steady state (arrivals outpace the prefills): no p95.",
                 "队列没有稳态（到达快于预填充）：无法给出 p95。"}
      : p.queue_p95_bound
          ? Text{" p95 = prefill + the queue's 95th-percentile wait + one whole decode step; at this load the "
                 "wait is Kingman's upper bound P(wait > t) <= exp(-theta t), rho (e^(theta S) - 1) = theta S "
                 "(Kingman 1964), as Erlang's exact sum loses its precision in double arithmetic.",
                 "p95 = 预填充 + 排队等待的第 95 百分位 + 一个完整解码步；此负载下等待取 Kingman 上限 "
                 "P(等待 > t) ≤ exp(-theta t)，rho (e^(theta S) - 1) = theta S（Kingman 1964），因为 Erlang 的精确求和在双精度下"
                 "失去精度。"}
          : Text{" p95 = prefill + the queue's 95th-percentile wait (Erlang's exact M/D/1 waiting-time "
                 "distribution, 1909) + one whole decode step (the longest wait for the next step), so it "
                 "errs high by at most a step.",
                 "p95 = 预填充 + 排队等待的第 95 百分位（Erlang 1909 年给出的 M/D/1 等待时间精确分布）+ "
                 "一个完整解码步（等下一步的最长时间），因此最多偏高一个解码步。"};
  p.ttft_explain.note.en += tail.en;
  p.ttft_explain.note.zh += tail.zh;
  return p;
}

Text serve_line(const ServePerf& p, const ServeCost& c, std::string_view currency) {
  auto num = [](double v, int decimals) {
    char b[32];
    std::snprintf(b, sizeof b, "%.*f", decimals, finite(v));
    return std::string(b);
  };
  const std::string n = num(p.concurrency, p.concurrency < 10 ? 1 : 0);
  const Text p95 = p.ttft_p95_s > 0 ? Text{" (p95 " + num(p.ttft_p95_s, 2) + " s)",
                                           "（p95 " + num(p.ttft_p95_s, 2) + " 秒）"}
                                    : Text{" (p95 unknown)", "（p95 未知）"};
  return {"Serving " + n + " users at once: " + num(p.user_tps, 1) + " tokens/s each, first token in " +
              num(p.ttft_s, 2) + " s" + p95.en + "; " + format_money(c.cost_per_day, currency) + " a day, " +
              format_money(c.cost_period, currency) + " for the period, " +
              format_money(c.cost_per_mtok, currency) + " per 1M output tokens at that load.",
          "同时服务 " + n + " 个用户：每人 " + num(p.user_tps, 1) + " token/s，首 token " + num(p.ttft_s, 2) +
              " 秒" + p95.zh + "；每天 " + format_money(c.cost_per_day, currency) + "，整个期间 " +
              format_money(c.cost_period, currency) + "，按该负载每百万输出 token " +
              format_money(c.cost_per_mtok, currency) + "。"};
}

bool serve_meets_targets(const ServePerf& p) {
  return p.supported && p.meets_ttft && p.meets_user_tps;
}

ServeCost serve_cost(const Workload& w, const ServePerf& p, double cost_period, std::string_view currency) {
  ServeCost c;
  c.paid_hours = serve_paid_hours(w);
  c.days = std::max(0.0, w.serve_hours) / 24;
  c.cost_period = finite(cost_period);
  c.cost_per_day = c.days > 0 ? c.cost_period / c.days : 0;
  c.output_tokens = finite(p.aggregate_tps * 3600 * c.paid_hours);
  c.cost_per_mtok = c.output_tokens > 0 ? finite(c.cost_period / c.output_tokens * 1e6) : 0;
  const std::string cur(currency);
  c.explain.formula = {
      "paid hours = period x paid hours a day / 24; cost a day = the bill of the paid hours / days; cost per "
      "1M output tokens = bill / (tokens/s of all users x 3600 x paid hours) x 1e6",
      "计费小时 = 时长 × 每天计费小时 / 24；每天费用 = 计费小时的账单 / 天数；每百万输出 token 费用 = 账单 / "
      "(全部用户 token/s × 3600 × 计费小时) × 1e6"};
  c.explain.inputs = {{"period", w.serve_hours, "h", "时长"},
                      {"paid hours a day", serve_paid_hours_per_day(w), "h", "每天计费小时"},
                      {"paid hours", c.paid_hours, "h", "计费小时"},
                      {"bill", c.cost_period, cur, "账单"},
                      {"cost a day", c.cost_per_day, cur, "每天费用"},
                      {"output tokens", c.output_tokens, "", "输出 token"},
                      {"per 1M output tokens", c.cost_per_mtok, cur, "每百万输出 token"}};
  switch (w.serve_idle) {
    case ServeIdle::always:
      c.explain.note = {"Always on: billed 24 hours a day.", "始终在线：每天按 24 小时计费。"};
      break;
    case ServeIdle::night:
      c.explain.note = {"Stopped at night: the GPU is not billed while stopped; a stopped disk may still be.",
                        "夜间停机：停机时不计 GPU 费用；停机的云盘可能仍计费。"};
      break;
    case ServeIdle::zero:
      c.explain.note = {
          "Scale to zero: no offer in the catalog records an automatic scale-to-zero, so this "
          "is the instance stopped in the hours without traffic; the first request after a "
          "stop waits for a cold start (boot and loading the weights), not in the time to first "
          "token.",
          "缩容到零：目录中没有平台记录自动缩容到零，因此按无流量时段停机计算；停机后的第一个请求要等"
          "冷启动（开机并加载权重），不计入首 token 时间。"};
      break;
  }
  return c;
}

}  // namespace gw
