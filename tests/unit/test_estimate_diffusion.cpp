// Image, audio and diffusion models as the estimate sees them (issue 15 item 5, issue 21 items 1 and 7):
// sampling steps and classifier-free guidance, image size, ViT/DiT patches and Whisper's audio windows,
// all read from the bundled model library as `--model` would.
#include "engine/bundled.hpp"
#include "engine/estimate_model.hpp"
#include "engine/models.hpp"
#include "test_estimate_fixtures.hpp"
#include "test_estimate_image_size.hpp"

using namespace gw;

namespace {

const ModelLibrary& library() {
  static const ModelLibrary lib = [] {
    ModelLibraryLoad load = load_models(bundled_file("models.json"));
    if (!load.problems.empty()) throw std::runtime_error("models.json: " + load.problems[0].path);
    return load.library;
  }();
  return lib;
}

// A library model with a task laid over it, as `--model ID --mode MODE` builds it.
Workload job(const char* id, Mode mode) {
  Workload w;
  w.mode = mode;
  w.precision = mode == Mode::inference ? Precision::fp16 : Precision::amp;
  w.dataset_samples = 100;
  const ModelEntry* m = library().find(id);
  REQUIRE(m != nullptr);
  REQUIRE(apply_model(w, *m).empty());
  return w;
}

double seconds_per_image(const Workload& w, const char* gpu = "a100-80gb-sxm4") {
  return model::seconds_per_unit(w, gwtest::gpu(gpu), 1, 1.0);
}

}  // namespace

TEST_CASE("diffusion inference: an image takes sampling_steps denoiser passes, two per step with CFG") {
  const Workload sdxl = job("sdxl-base-1.0", Mode::inference);
  // The library carries diffusers' defaults: 50 steps with guidance for SD 1.5 and SDXL, 28 with guidance
  // for SD3, 28 without a guidance pass for FLUX.1 [dev], 4 for [schnell].
  CHECK(sdxl.sampling_steps == 50);
  CHECK(sdxl.cfg);
  CHECK(job("sd-1.5", Mode::inference).sampling_steps == 50);
  CHECK(job("sd3-medium", Mode::inference).sampling_steps == 28);
  CHECK(job("flux.1-dev", Mode::inference).sampling_steps == 28);
  CHECK_FALSE(job("flux.1-dev", Mode::inference).cfg);
  CHECK(job("flux.1-schnell", Mode::inference).sampling_steps == 4);

  Workload one_pass = sdxl;
  one_pass.sampling_steps = 0;
  const double image_s = seconds_per_image(sdxl), pass_s = seconds_per_image(one_pass);
  MESSAGE("SDXL on an A100: ", image_s, " s per image, ", pass_s, " s per UNet pass");
  // 100 UNet batch entries per image; the weights are read once per step, not per entry.
  CHECK(image_s > 90 * pass_s);
  CHECK(image_s < 101 * pass_s);
  // Published SDXL 1024 px at 50 steps takes seconds on an A100, not a tenth of one.
  CHECK(image_s > 2.0);
  CHECK(image_s < 20.0);
  Workload no_cfg = sdxl;
  no_cfg.cfg = false;
  CHECK(seconds_per_image(no_cfg) == doctest::Approx(image_s / 2).epsilon(0.05));
  // Guidance doubles the UNet's batch, not the VAE decode that sets the peak (next test).
  const Workload sd = job("sd-1.5", Mode::inference);
  Workload sd_no_cfg = sd;
  sd_no_cfg.cfg = false;
  CHECK(model::memory_breakdown(sd, {}).activations_gib > 0);
  CHECK(model::memory_breakdown(sd, {}).activations_gib ==
        doctest::Approx(model::memory_breakdown(sd_no_cfg, {}).activations_gib));

  // DiTs: FLUX.1 [dev] at 28 steps against [schnell] at 4, same transformer.
  const double dev = seconds_per_image(job("flux.1-dev", Mode::inference));
  const double schnell = seconds_per_image(job("flux.1-schnell", Mode::inference));
  MESSAGE("FLUX.1 on an A100: dev ", dev, " s, schnell ", schnell, " s per image");
  CHECK(dev == doctest::Approx(7 * schnell).epsilon(0.02));
  CHECK(schnell > 0.5);
}

TEST_CASE("diffusion training runs one pass per image whatever the sampling steps say") {
  Workload w = job("sd-1.5", Mode::train);
  const double with_steps = seconds_per_image(w);
  w.sampling_steps = 0;
  w.cfg = false;
  CHECK(seconds_per_image(w) == doctest::Approx(with_steps));
  // Steps mean nothing to other models: a BERT given --sampling-steps is unchanged.
  Workload bert = job("bert-base", Mode::inference);
  bert.seq_len = 128;
  const double plain = seconds_per_image(bert);
  bert.sampling_steps = 50;
  bert.cfg = true;
  CHECK(seconds_per_image(bert) == doctest::Approx(plain));
}

TEST_CASE("SD 1.5 fine-tuning from the library: 1024 px needs 4x the activations and >= 3x the time of 512") {
  Workload at512 = job("sd-1.5", Mode::train);
  at512.micro_batch = 4;  // at batch 1 the AdamW step's 24 GB of reads and writes is a third of the time
  // 1192 MiB per 512 px image under autocast (ShivamShrirao/diffusers dreambooth table, see models.json).
  CHECK(model::stored_activation_bytes(at512) / model::kMiB == doctest::Approx(4 * 1192));
  const gwtest::ImageSizePair e = gwtest::check_sd15_image_size(at512, "SD 1.5 library");
  CHECK(e.at1024.memory.total_gib() > e.at512.memory.total_gib() + 12.0);  // 3 x 4 x 1.16 GiB, plus slack
  // Checkpointing keeps about a fifth of a UNet's activations.
  Workload at1024 = at512;
  at1024.image_px = 1024;
  Workload ckpt = at1024;
  ckpt.checkpointing = true;
  CHECK(model::memory_breakdown(ckpt, {}).activations_gib ==
        doctest::Approx(0.2 * model::memory_breakdown(at1024, {}).activations_gib));
}

TEST_CASE("ViT and DiT: patch size and resolution set the tokens") {
  Workload vit = job("vit-base-16", Mode::train);
  vit.micro_batch = 32;
  CHECK(model::modelled(vit).seq_len == 14 * 14 + 1);  // 224 / 16 = 14 patches a side, plus the class token
  Workload big = vit;
  big.image_px = 384;
  CHECK(model::modelled(big).seq_len == 24 * 24 + 1);
  const double t224 = seconds_per_image(vit), t384 = seconds_per_image(big);
  MESSAGE("ViT-B/16 training on an A100: ", t224 * 1e3, " ms per image at 224 px, ", t384 * 1e3, " at 384");
  CHECK(t224 > 0);
  // 577 / 197 = 2.93x the tokens; the weight reads and the optimizer step do not grow with them.
  CHECK(t384 > 2.5 * t224);
  CHECK(model::memory_breakdown(big, {}).activations_gib >
        2.9 * model::memory_breakdown(vit, {}).activations_gib);
  // DINOv2's 14 px patches at 224: 16 a side.
  CHECK(model::modelled(job("dinov2-base", Mode::train)).seq_len == 16 * 16 + 1);
  // A DiT's tokens are its 16 px patches (2x2 latent patches of an 8x VAE): 64 x 64 at 1024 px.
  CHECK(model::modelled(job("flux.1-dev", Mode::inference)).seq_len == 64 * 64);
}

TEST_CASE("Whisper: the audio length sets the encoder's windows of 1500 frames") {
  Workload w = job("whisper-large-v3", Mode::inference);
  w.seq_len = 100;  // transcript tokens per 30 s window
  CHECK(w.audio_seconds == 30);
  const std::optional<model::Stacks> split = model::split_stacks(w);
  REQUIRE(split.has_value());
  const model::Stacks& st = *split;
  CHECK(st.encoder_tokens == 1500);
  CHECK(st.windows == 1);
  CHECK(st.encoder.layers == 32);
  CHECK(st.decoder.layers == 32);
  CHECK(effective_params(st.encoder) + effective_params(st.decoder) == doctest::Approx(1550e6));
  // The encoder is about half of large-v3 (635M of 1550M, the decoder holds the embeddings).
  CHECK(effective_params(st.encoder) > 0.35 * 1550e6);
  CHECK(effective_params(st.encoder) < 0.5 * 1550e6);
  CHECK_FALSE(model::split_stacks(job("bert-base", Mode::train)).has_value());
  const double t30 = seconds_per_image(w);
  CHECK(t30 > 0);
  Workload minute = w;
  minute.audio_seconds = 60;
  // Twice the windows: twice the encoder's work; decoding them as one batch reads the weights once a step.
  CHECK(model::step_work(minute).tensor_flops == doctest::Approx(2 * model::step_work(w).tensor_flops));
  CHECK(seconds_per_image(minute) > 1.05 * t30);
  CHECK(seconds_per_image(minute) < 2.05 * t30);
  // large-v3-turbo keeps the encoder and has 4 decoder layers: far faster to decode.
  Workload turbo = job("whisper-large-v3-turbo", Mode::inference);
  turbo.seq_len = 100;
  CHECK(seconds_per_image(turbo) < 0.5 * t30);
  // Memory: the weights, the cross-attention cache over 1500 frames, nothing absurd.
  const MemoryBreakdown m = model::memory_breakdown(w, {});
  MESSAGE("Whisper large-v3 fp16 inference: ", m.total_gib(), " GiB, ", t30, " s per 30 s window on an A100");
  CHECK(m.weights_gib == doctest::Approx(1550e6 * 2 / model::kGiB).epsilon(0.01));
  CHECK(m.kv_cache_gib > 0);
  CHECK(m.total_gib() < 8);
  // Fine-tuning keeps both stacks' activations, and costs time.
  Workload train = job("whisper-small", Mode::train);
  train.seq_len = 128;
  train.micro_batch = 16;
  const MemoryBreakdown mt = model::memory_breakdown(train, {});
  MESSAGE("Whisper small fine-tuning, batch 16: ", mt.total_gib(), " GiB");
  CHECK(mt.activations_gib > 1);
  CHECK(mt.total_gib() < 40);
  CHECK(seconds_per_image(train) > 0);
}

TEST_CASE("diffusion memory counts the frozen text encoders and VAE, at inference and fine-tuning") {
  // SD 1.5: CLIP ViT-L/14 text model 123.06M + VAE 83.65M; SDXL adds OpenCLIP ViT-bigG (817M of text
  // encoders in all) to the same VAE.
  CHECK(job("sd-1.5", Mode::inference).frozen_params == doctest::Approx(206.7e6));
  CHECK(job("sdxl-base-1.0", Mode::inference).frozen_params == doctest::Approx(900.7e6));
  for (const char* id : {"sd-1.5", "sdxl-base-1.0"})
    for (Mode mode : {Mode::inference, Mode::train}) {
      INFO(id, " mode ", int(mode));
      const Workload with = job(id, mode);
      Workload without = with;
      without.frozen_params = 0;
      const MemoryBreakdown a = model::memory_breakdown(with, {}, true);
      const MemoryBreakdown b = model::memory_breakdown(without, {});
      // 16-bit copies beside the denoiser (fp16 inference, AMP training), never trained: no gradients,
      // no optimizer states.
      CHECK(a.weights_gib - b.weights_gib == doctest::Approx(with.frozen_params * 2 / model::kGiB));
      CHECK(a.gradients_gib == doctest::Approx(b.gradients_gib));
      CHECK(a.optimizer_gib == doctest::Approx(b.optimizer_gib));
      bool said = false;
      for (const Text& r : a.rules) said = said || r.en.find("frozen text encoder") != std::string::npos;
      CHECK(said);
    }
  // An fp32 job keeps them at 4 bytes.
  Workload fp32 = job("sd-1.5", Mode::train);
  fp32.precision = Precision::fp32;
  Workload bare = fp32;
  bare.frozen_params = 0;
  CHECK(model::memory_breakdown(fp32, {}).weights_gib - model::memory_breakdown(bare, {}).weights_gib ==
        doctest::Approx(206.7e6 * 4 / model::kGiB));
  // Only diffusion pipelines have them: the field on another arch changes nothing.
  Workload bert = job("bert-base", Mode::train);
  Workload bert_frozen = bert;
  bert_frozen.frozen_params = 1e9;
  CHECK(model::memory_breakdown(bert_frozen, {}).weights_gib ==
        doctest::Approx(model::memory_breakdown(bert, {}).weights_gib));
}

TEST_CASE("text-to-image inference: the VAE decode of the call's images sets the peak (issue 21 item 7)") {
  // Nothing is kept for backward: 768 values per output pixel in the decoder's last up block, at the
  // element size, for every image the call decodes at once. Not the per-image training figure.
  Workload sd = job("sd-1.5", Mode::inference);
  sd.precision = Precision::bf16;
  const double one = 768.0 * 512 * 512 * 2 / model::kGiB;
  const MemoryBreakdown m = model::memory_breakdown(sd, {});
  CHECK(m.activations_gib == doctest::Approx(one));
  CHECK(m.activations_gib < 1192.0 / 1024);
  // diffusion-fast, SD 1.5 bf16 + SDPA, one image, A100: 2.616 GiB allocated at peak.
  CHECK(m.allocated_gib() == doctest::Approx(2.616).epsilon(0.12));
  Workload four = sd;
  four.micro_batch = 4;
  CHECK(model::memory_breakdown(four, {}).activations_gib == doctest::Approx(4 * one));
  Workload big = sd;
  big.image_px = 1024;
  CHECK(model::memory_breakdown(big, {}).activations_gib == doctest::Approx(4 * one));
  Workload fp32 = sd;
  fp32.precision = Precision::fp32;
  CHECK(model::memory_breakdown(fp32, {}).activations_gib == doctest::Approx(2 * one));
  bool named = false;
  for (const Text& r : m.rules) named = named || r.en.find("VAE decode") != std::string::npos;
  CHECK(named);
}

TEST_CASE("gradients freed after each step: the peak holds the larger of them and the forward's store") {
  // ShivamShrirao's DreamBooth script calls zero_grad(set_to_none=True): the backward allocates the
  // gradients while it frees the activations and autocast's half weight copies.
  Workload w = job("sd-1.5", Mode::train);
  w.optimizer = Optimizer::adam8bit;
  w.micro_batch = 2;
  Workload freed = w;
  freed.grads_freed = true;
  const MemoryBreakdown a = model::memory_breakdown(w, {});
  const MemoryBreakdown b = model::memory_breakdown(freed, {});
  const double copies = w.params * 2 / model::kGiB;
  CHECK(a.gradients_gib == doctest::Approx(w.params * 4 / model::kGiB));
  CHECK(b.gradients_gib == doctest::Approx(std::max(0.0, a.gradients_gib - copies - a.activations_gib)));
  CHECK(b.weights_gib == doctest::Approx(a.weights_gib));
  CHECK(b.activations_gib == doctest::Approx(a.activations_gib));
  CHECK(b.total_gib() < a.total_gib());
  // Checkpointing stores little: the gradients set the peak, so the backward's end is what counts.
  Workload ck = freed;
  ck.checkpointing = true;
  const MemoryBreakdown c = model::memory_breakdown(ck, {});
  CHECK(c.gradients_gib > 0);
  CHECK(c.weights_gib + c.gradients_gib + c.optimizer_gib + c.activations_gib ==
        doctest::Approx(c.weights_gib - copies + a.gradients_gib + c.optimizer_gib));
  // Accumulation keeps them into the next forward; adapters and the default plan are unchanged.
  Workload ga = w;
  ga.grad_accum = 2;
  Workload ga_freed = ga;
  ga_freed.grads_freed = true;
  CHECK(model::memory_breakdown(ga_freed, {}).total_gib() ==
        doctest::Approx(model::memory_breakdown(ga, {}).total_gib()));
  Workload lora = job("sd-1.5", Mode::train);
  lora.mode = Mode::lora;
  Workload lora_freed = lora;
  lora_freed.grads_freed = true;
  CHECK(model::memory_breakdown(lora_freed, {}).total_gib() ==
        doctest::Approx(model::memory_breakdown(lora, {}).total_gib()));
}
