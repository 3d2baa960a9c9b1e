// Effective rates, the roofline, time, calibration and the never-NaN guarantee.
#include <set>

#include "engine/bundled.hpp"
#include "engine/estimate_model.hpp"
#include "engine/recommend.hpp"
#include "test_estimate_fixtures.hpp"

using namespace gw;

namespace {

double rate_of(const char* preset, const char* gpu) {
  const double s = model::seconds_per_unit(gwtest::preset(preset), gwtest::gpu(gpu), 1, 1.0);
  return s > 0 ? 1 / s : 0;
}

double rate_of_w(const Workload& w, const char* gpu) {
  const double s = model::seconds_per_unit(w, gwtest::gpu(gpu), 1, 1.0);
  return s > 0 ? 1 / s : 0;
}

}  // namespace

TEST_CASE("the unit a job runs on") {
  Workload amp = gwtest::preset("bert-base-finetune");
  // GeForce: FP16 tensor with FP32 accumulate at half rate.
  model::Rates r = model::rates_for(amp, gwtest::gpu("rtx-3090"), 1.0);
  CHECK(r.tensor_tflops ==
        doctest::Approx(71 * model::kConsumerBoost));  // GeForce sustains above rated boost
  CHECK(r.unit.find("half rate") != std::string::npos);
  // Datacenter: full rate.
  CHECK(model::rates_for(amp, gwtest::gpu("a100-80gb-sxm4"), 1.0).tensor_tflops == doctest::Approx(312));

  // fp32 transformers run on CUDA cores; CNNs get TF32 through cuDNN's default.
  Workload fp32 = amp;
  fp32.precision = Precision::fp32;
  CHECK(model::rates_for(fp32, gwtest::gpu("a100-80gb-sxm4"), 1.0).tensor_tflops == doctest::Approx(19.5));
  Workload cnn = gwtest::preset("resnet50-train");
  cnn.precision = Precision::fp32;
  CHECK(model::rates_for(cnn, gwtest::gpu("a100-80gb-sxm4"), 1.0).unit.rfind("TF32", 0) == 0);
  Workload tf32 = amp;
  tf32.precision = Precision::tf32;
  CHECK(model::rates_for(tf32, gwtest::gpu("a100-80gb-sxm4"), 1.0).tensor_tflops == doctest::Approx(156));

  // INT8 for encoder inference; FP64 for science.
  CHECK(model::rates_for(gwtest::preset("bert-base-inference-int8"), gwtest::gpu("t4"), 1.0).unit ==
        "INT8 tensor");
  const model::Rates f64 =
      model::rates_for(gwtest::preset("md-gromacs-fp64"), gwtest::gpu("a100-80gb-sxm4"), 1.0);
  CHECK(f64.unit == "FP64");
  CHECK(f64.tensor_tflops == doctest::Approx(9.7));

  // A power-limited board sustains less than its tensor peak.
  const model::Rates h100p = model::rates_for(amp, gwtest::gpu("h100-pcie-80gb"), 1.0);
  CHECK(h100p.power_fraction < 0.6);
  CHECK(h100p.tensor_tflops < 756 * 0.6);
}

TEST_CASE("8-bit encoder inference is compute-bound on the INT8/FP8 rate; 12 nm boards hold less clock") {
  Workload bert = gwtest::preset("bert-base-inference-int8");
  bert.inference_batch = 256;
  bert.seq_len = 384;
  // A T4 at 70 W settles near 900 of its 1590 MHz under sustained tensor load: ~0.57 of its peak.
  const model::Rates t4 = model::rates_for(bert, gwtest::gpu("t4"), 1.0);
  CHECK(t4.power_fraction == doctest::Approx(70 / (1.9 * 65)).epsilon(0.01));
  CHECK(t4.tensor_tflops == doctest::Approx(130 * 70 / (1.9 * 65)).epsilon(0.01));
  // A V100 (12 nm too, 300 W) is not limited; neither is the A100 SXM.
  CHECK(model::rates_for(bert, gwtest::gpu("v100-sxm2-16gb"), 1.0).power_fraction == 1.0);
  CHECK(model::rates_for(bert, gwtest::gpu("a100-80gb-sxm4"), 1.0).power_fraction == 1.0);
  // The L4 (72 W) sustains about 60% of its boost clock under tensor load.
  CHECK(model::rates_for(bert, gwtest::gpu("l4"), 1.0).power_fraction == doctest::Approx(72.0 / 121));
  // Large batches are compute-bound: the tensor unit takes most of the step on every card.
  for (const char* g : {"h100-sxm5-80gb", "a100-80gb-sxm4", "l4", "t4"}) {
    const model::Rates r = model::rates_for(bert, gwtest::gpu(g), 1.0);
    const model::StepTime t = model::step_time(model::step_work(bert), r, bert.bound);
    CHECK_MESSAGE(t.tensor_s > 0.6 * t.total(), g);
  }
  // H100 over A100 about the INT8 peak ratio times the power share (> 2x); A100 over T4 well over the
  // 4.8x peak ratio (NVIDIA's TensorRT BERT tables: 8.5x).
  CHECK(rate_of_w(bert, "h100-sxm5-80gb") > 2.0 * rate_of_w(bert, "a100-80gb-sxm4"));
  CHECK(rate_of_w(bert, "a100-40gb-sxm4") > 6.5 * rate_of_w(bert, "t4"));
  CHECK(rate_of_w(bert, "h100-sxm5-80gb") > 6 * rate_of_w(bert, "l4"));
}

TEST_CASE("FP8 runs on the 8-bit path where the card lists it") {
  Workload bert = gwtest::preset("bert-base-inference-int8");
  gw::Gpu g = gwtest::gpu("l4");
  g.int8_tensor_tops.reset();
  const model::Rates r = model::rates_for(bert, g, 1.0);
  CHECK(r.unit == "FP8 tensor");
  CHECK(r.tensor_tflops == doctest::Approx(242 * r.power_fraction));
  // No INT8 and no FP8 figure: an 8-bit engine runs at the FP16 rate.
  g.fp8_tensor_tflops.reset();
  CHECK(model::rates_for(bert, g, 1.0).unit.rfind("FP16", 0) == 0);
}

TEST_CASE("LLM decoding is bandwidth-bound; prompt processing is compute-bound") {
  // Decode speed tracks memory bandwidth, not FP32 TFLOPS: the A100 (19.5 FP32) beats the 3090 (35.6).
  CHECK(rate_of("llama2-7b-fp16", "a100-80gb-sxm4") > 1.2 * rate_of("llama2-7b-fp16", "rtx-3090"));
  // Fewer bytes per weight decode faster.
  CHECK(rate_of("llama2-7b-int4", "rtx-3090") > 1.6 * rate_of("llama2-7b-fp16", "rtx-3090"));
  const Workload w = gwtest::preset("llama2-7b-fp16");
  const model::Rates r = model::rates_for(w, gwtest::gpu("rtx-3090"), 1.0);
  const model::StepTime decode = model::step_time(model::step_work(w), r, w.bound);
  CHECK(decode.stream_s > 3 * decode.tensor_s);
  const model::StepTime prefill = model::step_time(model::prefill_work(w), r, w.bound);
  CHECK(prefill.tensor_s > prefill.stream_s + prefill.memory_s);
}

TEST_CASE("FP64 science runs at the FP64 rate") {
  // The article reports ~7.9x A100 over 3090 for GROMACS; a pure FP64-rate ratio would be ~17x.
  const double ratio = rate_of("md-gromacs-fp64", "a100-40gb-pcie") / rate_of("md-gromacs-fp64", "rtx-3090");
  MESSAGE("FP64 MD A100/3090 = ", ratio);
  CHECK(ratio > 5);
  CHECK(ratio < 12);
}

TEST_CASE("multi-GPU is below linear; NVLink parts scale better than GeForce over PCIe") {
  CHECK(multi_gpu_speedup(gwtest::gpu("rtx-3090"), 1) == 1);
  CHECK(multi_gpu_speedup(gwtest::gpu("rtx-3090"), 2) == doctest::Approx(1.7).epsilon(0.01));
  CHECK(multi_gpu_speedup(gwtest::gpu("a100-80gb-sxm4"), 2) > 1.85);
  CHECK(multi_gpu_speedup(gwtest::gpu("a100-80gb-sxm4"), 8) > multi_gpu_speedup(gwtest::gpu("rtx-4090"), 8));
  CHECK(multi_gpu_speedup(gwtest::gpu("a100-80gb-sxm4"), 8) < 8);
}

TEST_CASE("time = work / rate + data loading that does not speed up + checkpoint recompute") {
  const Catalog& c = gwtest::catalog();
  Workload w = gwtest::preset("yolo-detect-train");
  const GpuEstimate slow = estimate(w, gwtest::gpu("rtx-3090"), c);
  const GpuEstimate fast = estimate(w, gwtest::gpu("h100-sxm5-80gb"), c);
  REQUIRE(slow.work_known);
  w.data_loading_share = 0;
  const GpuEstimate slow0 = estimate(w, gwtest::gpu("rtx-3090"), c);
  const GpuEstimate fast0 = estimate(w, gwtest::gpu("h100-sxm5-80gb"), c);
  // The loader's hours are the same on both cards, so the faster card gains less than its compute speed-up.
  const double load_slow = slow.hours.likely - slow0.hours.likely;
  const double load_fast = fast.hours.likely - fast0.hours.likely;
  CHECK(load_slow == doctest::Approx(load_fast));
  CHECK(load_slow / slow.hours.likely == doctest::Approx(0.29).epsilon(0.02));  // the COCO share, on the 3090
  CHECK(slow.hours.likely / fast.hours.likely < slow0.hours.likely / fast0.hours.likely);

  Workload ck = gwtest::preset("bert-base-finetune");
  const double base = estimate(ck, gwtest::gpu("a100-80gb-sxm4"), c).hours.likely;
  ck.checkpointing = true;
  const double with = estimate(ck, gwtest::gpu("a100-80gb-sxm4"), c).hours.likely;
  CHECK(with / base > 1.15);
  CHECK(with / base < 1.4);
}

TEST_CASE("down-clocked cloud variants and card counts") {
  const Catalog& c = gwtest::catalog();
  const Workload w = gwtest::preset("resnet50-train");
  const GpuEstimate full = estimate(w, gwtest::gpu("rtx-3090"), c, {1, 1.0});
  const GpuEstimate derated = estimate(w, gwtest::gpu("rtx-3090"), c, {1, 0.85});
  CHECK(derated.hours.likely > full.hours.likely);
  CHECK(derated.hours.likely < full.hours.likely / 0.85 + 1e-9);  // bandwidth-bound parts do not slow
  const GpuEstimate two = estimate(w, gwtest::gpu("rtx-3090"), c, {2, 1.0});
  CHECK(full.hours.likely / two.hours.likely == doctest::Approx(1.7).epsilon(0.01));
}

TEST_CASE("a reference run calibrates every GPU") {
  const Catalog& c = gwtest::catalog();
  Workload w = gwtest::preset("bert-base-finetune");
  w.dataset_samples = 0;  // the reference run stands for the amount of work
  w.reference = ReferenceRun{"GTX 1080", 1, 72};
  const GpuEstimate on1080 = estimate(w, gwtest::gpu("gtx-1080"), c);
  REQUIRE(on1080.work_known);
  CHECK(on1080.hours.likely == doctest::Approx(72));
  const GpuEstimate onT4 = estimate(w, gwtest::gpu("t4"), c);
  REQUIRE(onT4.work_known);
  CHECK(onT4.hours.likely < 72);
  CHECK(onT4.hours.low < onT4.hours.likely);
  CHECK(onT4.hours.high > onT4.hours.likely);
  // Calibration keeps the model's GPU-to-GPU ratio.
  Workload plain = gwtest::preset("bert-base-finetune");
  const double ratio = estimate(plain, gwtest::gpu("gtx-1080"), c).hours.likely /
                       estimate(plain, gwtest::gpu("t4"), c).hours.likely;
  CHECK(72 / onT4.hours.likely == doctest::Approx(ratio).epsilon(0.01));

  w.reference->gpu = "a GPU that does not exist";
  const GpuEstimate unknown = estimate(w, gwtest::gpu("t4"), c);
  CHECK_FALSE(unknown.work_known);
}

TEST_CASE("every estimate carries a range and an explanation") {
  const GpuEstimate e =
      estimate(gwtest::preset("gpt2-124m-train"), gwtest::gpu("rtx-4090"), gwtest::catalog());
  REQUIRE(e.work_known);
  CHECK(e.hours.low < e.hours.likely);
  CHECK(e.hours.likely < e.hours.high);
  CHECK_FALSE(e.time_explain.formula.en.empty());
  CHECK_FALSE(e.time_explain.formula.zh.empty());
  CHECK(e.time_explain.inputs.size() > 8);
  CHECK_FALSE(e.memory_explain.inputs.empty());
  const std::string text = explain_text(e.time_explain, Lang::en);
  CHECK(text.find("tensor FLOPs per step") != std::string::npos);
  CHECK(e.throughput_unit == "tokens/s");
  // 6 x P FLOPs per token, in the right ballpark of a real 4090 (~100k tokens/s for GPT-2 small).
  CHECK(e.throughput > 30e3);
  CHECK(e.throughput < 300e3);
}

TEST_CASE("nothing is ever NaN or infinite") {
  const Catalog& c = gwtest::catalog();
  std::vector<Workload> ws;
  for (const Preset& p : gwtest::presets()) ws.push_back(p.workload);
  Workload odd;  // a tiny and a huge one
  odd.layers = 1;
  odd.hidden = 1;
  odd.heads = 1;
  odd.seq_len = 1;
  ws.push_back(odd);
  odd.params = 1e15;
  odd.layers = 1000;
  odd.hidden = 65536;
  odd.heads = 512;
  odd.seq_len = 1 << 20;
  odd.vocab = 1 << 20;
  ws.push_back(odd);
  // Unvalidated extremes (callers that skip validate_workload) still come back finite.
  Workload wild = odd;
  wild.params = 1e300;
  wild.micro_batch = 2147483647;
  wild.grad_accum = 2147483647;
  wild.seq_len = 2147483647;
  wild.hidden = 2147483647;
  wild.dataset_samples = 1e300;
  wild.epochs = 1e300;
  ws.push_back(wild);
  wild.mode = Mode::inference;
  wild.context_tokens = 1e300;
  wild.inference_batch = 1e300;
  ws.push_back(wild);
  for (const Workload& w : ws)
    for (const Gpu& g : c.gpus)
      for (int n : {1, 2, 8}) {
        const GpuEstimate e = estimate(w, g, c, {n, 0.85});
        CHECK(gwtest::finite(e.memory.total_gib()));
        CHECK(gwtest::finite(e.headroom_gib));
        CHECK(gwtest::finite(e.throughput));
        CHECK(gwtest::finite(e.effective_tflops));
        CHECK(gwtest::finite(e.hours.low));
        CHECK(gwtest::finite(e.hours.likely));
        CHECK(gwtest::finite(e.hours.high));
        for (const FitAdvice& a : e.advice) CHECK(gwtest::finite(a.total_gib_after));
        for (const ExplainInput& in : e.time_explain.inputs) CHECK(gwtest::finite(in.value));
      }
}

TEST_CASE("an estimate without its explanation has the same numbers (the recommender screens that way)") {
  for (const char* preset : {"bert-base-finetune", "opt-13b-fp16", "md-gromacs-fp64"}) {
    const gw::Workload w = gwtest::preset(preset);
    const gw::Gpu& g = gwtest::gpu("rtx-3090");
    const gw::GpuEstimate full = gw::estimate(w, g, gwtest::catalog(), {2, 0.85, true});
    const gw::GpuEstimate lean = gw::estimate(w, g, gwtest::catalog(), {2, 0.85, false});
    CAPTURE(preset);
    CHECK(full.hours.likely == lean.hours.likely);
    CHECK(full.memory.total_gib() == lean.memory.total_gib());
    CHECK(full.fit == lean.fit);
    CHECK(full.throughput == lean.throughput);
    CHECK(!full.time_explain.inputs.empty());
    CHECK(lean.time_explain.inputs.empty());
    CHECK(lean.memory_explain.inputs.empty());
  }
}

TEST_CASE("every compute unit and throughput unit the engine reports has Chinese words") {
  // The English identifiers stay in JSON; a reader of Chinese sees these. A unit added to
  // estimate_rates.cpp without a translation would show English in a Chinese table: this catches it.
  std::set<std::string> units, rates;
  const gw::PresetLoad presets = gw::load_presets(gw::bundled_file("presets.json"));
  for (const gw::Preset& p : presets.presets)
    for (const gw::Gpu& g : gwtest::catalog().gpus)
      for (bool f16acc : {false, true}) {
        gw::Workload w = p.workload;
        w.fp16_accumulate = f16acc;
        for (gw::Precision prec :
             {w.precision, gw::Precision::bf16, gw::Precision::fp32, gw::Precision::tf32}) {
          w.precision = prec;
          const gw::GpuEstimate e = gw::estimate(w, g, gwtest::catalog(), {1, 1.0, false});
          if (!e.supported) continue;
          units.insert(e.unit_used);
          rates.insert(e.throughput_unit);
        }
      }
  CHECK(units.size() >= 8);
  for (const std::string& u : units) {
    CAPTURE(u);
    const gw::Text t = gw::unit_used_text(u);
    CHECK(t.en == u);
    if (u != "FP64") CHECK(t.zh != u);
  }
  for (const std::string& u : rates) {
    CAPTURE(u);
    CHECK(gw::throughput_unit_text(u).zh != u);
  }
}

TEST_CASE(
    "calibration sanity: a factor outside 0.25-4x is flagged with its likely cause; throughput follows") {
  const Catalog& c = gwtest::catalog();
  Workload w = gwtest::preset("bert-base-finetune");
  const GpuEstimate plain = estimate(w, gwtest::gpu("t4"), c);
  REQUIRE(plain.work_known);
  const double modelled_1080 = estimate(w, gwtest::gpu("gtx-1080"), c).hours.likely;
  auto flagged = [](const GpuEstimate& e, const char* word) {
    for (const Text& n : e.notes)
      if (n.en.find(word) != std::string::npos && !n.zh.empty()) return true;
    return false;
  };
  // A believable reference: no warning, throughput scaled by the calibration.
  w.reference = ReferenceRun{"GTX 1080", 1, modelled_1080 * 1.5};
  const GpuEstimate ok = estimate(w, gwtest::gpu("t4"), c);
  CHECK_FALSE(flagged(ok, "reference run took"));
  CHECK(ok.throughput == doctest::Approx(plain.throughput / 1.5).epsilon(0.01));
  // Ten times slower than modelled: data loading or the wrong GPU.
  w.reference->hours = modelled_1080 * 10;
  const GpuEstimate slow = estimate(w, gwtest::gpu("t4"), c);
  CHECK(flagged(slow, "data loading"));
  CHECK(flagged(slow, "GPU named"));
  // Ten times faster: more or faster cards than stated, or a smaller job.
  w.reference->hours = modelled_1080 / 10;
  CHECK(flagged(estimate(w, gwtest::gpu("t4"), c), "faster card"));
}

TEST_CASE("an implausible reference run is said once for the whole recommendation") {
  const Catalog& c = gwtest::catalog();
  Scenario sc;
  sc.workload = gwtest::preset("bert-base-finetune");
  const double modelled_1080 = estimate(sc.workload, gwtest::gpu("gtx-1080"), c).hours.likely;
  auto warned = [&](const char* word) {
    const Report r = recommend(sc, c);
    int hits = 0;
    for (const Text& t : r.warnings) hits += t.en.find(word) != std::string::npos && !t.zh.empty();
    return hits;
  };
  sc.workload.reference = ReferenceRun{"GTX 1080", 1, modelled_1080 * 1.5};
  CHECK(warned("eference run took") == 0);
  sc.workload.reference->hours = modelled_1080 / 10;
  CHECK(warned("The reference run took only") == 1);
  sc.workload.reference->hours = modelled_1080 * 10;
  CHECK(warned("data loading") == 1);
  sc.workload.reference->gpu = "a GPU that does not exist";
  CHECK(warned("is not in the catalog") == 1);
  CHECK(reference_run_notes(gwtest::preset("bert-base-finetune"), c).empty());
}
