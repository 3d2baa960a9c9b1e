// The work one step does and the time it takes: a roofline summed over the tensor unit, the CUDA
// cores and DRAM, plus the gaps between kernel launches that dominate at tiny batches.
#include <algorithm>
#include <cmath>

#include "engine/estimate_model.hpp"
#include "engine/model.hpp"

namespace gw::model {

namespace {

bool adapter(const Workload& w) {
  return w.mode == Mode::lora || w.mode == Mode::qlora;
}
bool fp32_like(Precision p) {
  return p == Precision::fp32 || p == Precision::tf32 || p == Precision::fp64;
}

// Forward FLOPs per token: 2 per weight that multiplies (the input embedding is a lookup, a decoder's
// output head is a GEMM) plus attention's 4 x s x h per layer.
double fwd_flops_per_token(const Workload& w, double attended) {
  const double P = active_params(w);
  const double vh = double(w.vocab) * w.hidden;
  // Weight-shared models (ALBERT) compute like their unshared shape: 12 L h^2 per token pass.
  const double shape = 12.0 * w.layers * double(w.hidden) * w.hidden;
  const double core = std::max({P - vh, 0.5 * P, shape});
  return 2 * core + (w.arch == Arch::decoder ? 2 * vh : 0) + 4.0 * w.layers * w.hidden * attended;
}

}  // namespace

Workload modelled(const Workload& in) {
  Workload w = in;
  if (w.arch == Arch::vit) w.sampling_steps = 0, w.cfg = false;
  const bool patches = (w.arch == Arch::vit || w.arch == Arch::dit) && w.patch_px > 0 && w.image_px > 0 &&
                       w.layers > 0 && w.hidden > 0 && w.heads > 0;
  if (patches) {
    const double side = std::floor(double(w.image_px) / w.patch_px);
    const double tokens = side * side * std::max(1, w.frames) + (w.arch == Arch::vit ? 1.0 : 0.0);
    if (!(w.params > 0)) w.params = shape_params_total(w);  // keeps the patch and position embeddings
    w.arch = Arch::encoder;
    w.seq_len = static_cast<int>(std::clamp(tokens, 1.0, 1e9));
    // An image model's --batch is the images per call in inference too.
    if (w.mode == Mode::inference) w.inference_batch = std::max(w.inference_batch, double(w.micro_batch));
  }
  return w;
}

const Workload& modelled(const Workload& in, std::optional<Workload>& buf) {
  // Only a ViT or a DiT changes (above).
  if (in.arch != Arch::vit && in.arch != Arch::dit) return in;
  return buf.emplace(modelled(in));
}

namespace {
// A diffusion UNet, a DiT, or a DiT already modelled as its encoder stack (an encoder with a patch size).
bool denoiser(const Workload& w) {
  return w.arch == Arch::diffusion || w.arch == Arch::dit || (w.arch == Arch::encoder && w.patch_px > 0);
}
}  // namespace

double sampling_steps(const Workload& w) {
  return w.mode == Mode::inference && w.sampling_steps > 0 && denoiser(w) ? w.sampling_steps : 1.0;
}

double guidance_batch(const Workload& w) {
  return w.mode == Mode::inference && w.sampling_steps > 0 && w.cfg && denoiser(w) ? 2.0 : 1.0;
}

std::optional<Stacks> split_stacks(const Workload& in) {
  const Workload& w = in;
  if (w.arch != Arch::encoder_decoder || w.layers < 1 || w.hidden < 1 || w.heads < 1) return std::nullopt;
  Stacks out;
  const ShapeParams sp = shape_params(w);
  const double L = w.layers, D = w.decoder_layers > 0 ? w.decoder_layers : w.layers;
  // Per layer: the encoder has self-attention and an FFN, the decoder adds cross-attention; the token
  // embeddings and head belong to the decoder, the norms and Whisper's conv stem split with the layers.
  const double attn = sp.attention / (L + 2 * D), ffn = sp.ffn / (L + D);
  const double enc = L * (attn + ffn), dec = D * (2 * attn + ffn) + sp.embeddings;
  const double share = enc + dec > 0 ? enc / (enc + dec) : 0.5;
  const double P = effective_params(w);
  const bool audio = w.audio_seconds > 0;
  out.windows = audio ? std::max(1.0, std::ceil(w.audio_seconds / kWhisperWindowSeconds)) : 1.0;
  out.encoder_tokens = audio ? kWhisperFramesPerWindow : std::max(1, w.seq_len);
  Workload e = w;
  e.arch = Arch::encoder;
  e.decoder_layers = 0;
  e.vocab = 0;
  e.tied_embeddings = false;
  e.audio_seconds = 0;
  e.ffn_matrices = effective_ffn_matrices(w);
  e.params = P * share;
  e.seq_len = static_cast<int>(out.encoder_tokens);
  e.micro_batch = static_cast<int>(std::min(1e8, w.micro_batch * out.windows));
  e.inference_batch = w.inference_batch * out.windows;
  Workload d = e;
  d.arch = Arch::decoder;
  d.layers = static_cast<int>(D);
  d.vocab = w.vocab;
  d.tied_embeddings = w.tied_embeddings;
  d.params = P - e.params;
  d.seq_len = std::max(1, w.seq_len);
  out.encoder = std::move(e);
  out.decoder = std::move(d);
  return out;
}

double active_params(const Workload& w) {
  const double P = effective_params(w);
  if (w.experts <= 0) return P;
  const double total = shape_params_total(w), active = shape_params_active(w);
  return total > 0 && active > 0 ? P * std::min(1.0, active / total) : P;
}

double decode_weight_share(const Workload& w, double batch) {
  if (w.experts <= 0) return 1.0;
  const ShapeParams sp = shape_params(w);
  const double total = sp.total();
  if (!(total > 0) || !(sp.experts_total > 0)) return 1.0;
  // A batch of B tokens, each routed to k of E experts, touches E (1 - (1 - k/E)^B) of them on average.
  const double E = std::max(1, w.experts), k = std::clamp(double(std::max(1, w.experts_active)), 1.0, E);
  const double routed_share = 1.0 - std::pow(1.0 - k / E, std::max(1.0, batch));
  const double shared = std::max(0.0, sp.experts_active - sp.experts_total * k / E);  // always-on experts
  const double routed = std::max(0.0, sp.experts_total - shared);
  return std::min(1.0, (total - sp.experts_total + shared + routed * routed_share) / total);
}

namespace {

// Bytes each optimizer step reads and writes per trained parameter.
double optimizer_touch_bytes(const Workload& w) {
  double t = 28;
  switch (w.optimizer) {
    case Optimizer::adamw:
      t = 28;
      break;
    case Optimizer::sgd:
      t = 12;
      break;
    case Optimizer::sgd_momentum:
      t = 20;
      break;
    case Optimizer::adafactor:
      t = 16;
      break;
    case Optimizer::adam8bit:
      t = 18;
      break;
  }
  return w.precision == Precision::fp16 || w.precision == Precision::bf16 ? t + 4 : t;
}

// Optimizer offload applies to full training with an optimizer that has states; LoRA's adapters are tiny.
bool offloaded(const Workload& w) {
  return w.offload_optimizer && (w.mode == Mode::train || w.mode == Mode::compute) &&
         w.arch != Arch::generic && w.optimizer != Optimizer::sgd;
}

double quantized_weights(const Workload& w) {
  return stored_weight_bits(w) < 16 ? effective_params(w) : 0.0;
}

double kernels_per_layer(const Workload& w) {
  if (w.mode == Mode::inference) return 15;
  return adapter(w) ? 50 : 60;
}

}  // namespace

std::string throughput_unit(const Workload& in) {
  std::optional<Workload> buf;
  const Workload& w = modelled(in, buf);
  if (w.arch == Arch::generic) return "steps/s";
  if (w.mode == Mode::inference && w.arch == Arch::decoder) return "tokens/s";
  if (w.arch == Arch::decoder) return "tokens/s";
  return "samples/s";
}

namespace {
void add_work(StepWork& k, const StepWork& x, double times) {
  k.tensor_flops += times * x.tensor_flops;
  k.simt_flops += times * x.simt_flops;
  k.bytes += times * x.bytes;
  k.stream_bytes += times * x.stream_bytes;
  k.kernels += times * x.kernels;
}
}  // namespace

StepWork step_work(const Workload& in) {
  std::optional<Workload> buf;
  const Workload& w = modelled(in, buf);
  StepWork k;
  const double P = effective_params(w);
  const double b = w.micro_batch;
  if (const std::optional<Stacks> st = split_stacks(w)) {
    if (w.mode == Mode::inference) {
      // The encoder reads each window once; the decoder then writes `seq` tokens, one step each, reading
      // its weights, its own KV cache and the cross-attention keys and values of the encoder's frames.
      add_work(k, prefill_work(st->encoder), 1);
      Workload dec = st->decoder;
      dec.context_tokens = dec.seq_len;
      dec.seq_len = 1;
      StepWork one = step_work(dec);
      one.stream_bytes += kv_bytes_per_token(dec) * st->encoder_tokens * dec.inference_batch;
      add_work(k, one, st->decoder.seq_len);
      k.units = w.inference_batch;
    } else {
      add_work(k, step_work(st->encoder), 1);
      add_work(k, step_work(st->decoder), 1);
      k.units = b;
    }
    return k;
  }
  if (w.arch == Arch::encoder && w.mode == Mode::inference) {
    // An encoder reads its whole input in one forward pass: a batch of sequences per step. A DiT makes an
    // image in `sampling_steps` such passes, over twice the batch with classifier-free guidance.
    Workload call = w;
    call.inference_batch = w.inference_batch * guidance_batch(w);
    k = prefill_work(call);
    const double steps = sampling_steps(w);
    k.tensor_flops *= steps;
    k.simt_flops *= steps;
    k.bytes *= steps;
    k.kernels *= steps;
    k.units = w.inference_batch;
    return k;
  }
  if (is_transformer(w) && w.mode == Mode::inference) {
    // One decoding step: every sequence in the batch adds a token; weights and KV cache are read once.
    const double B = w.inference_batch;
    const double prompt = std::max(0, w.seq_len);
    const double ctx = w.context_tokens > 0 ? 0.5 * (prompt + w.context_tokens) : std::max(1.0, prompt);
    k.tensor_flops = B * fwd_flops_per_token(w, ctx);
    // MoE: only the experts the batch's tokens are routed to are read.
    k.stream_bytes = weight_bytes(w) * decode_weight_share(w, B) + kv_bytes_per_token(w) * ctx * B;
    k.bytes = B * w.layers * w.hidden * 40.0;
    k.simt_flops =
        kDequantFlopsPerWeight * quantized_weights(w) + kSimtFlopsPerByte * B * w.layers * w.hidden * 40.0;
    k.kernels = w.layers * kernels_per_layer(w);
    k.units = B;
    return k;
  }
  if (is_transformer(w)) {
    const double s = std::max(1, w.seq_len);
    const double tokens = s * b;
    const double passes = (adapter(w) ? 2.0 : 3.0) + (w.checkpointing ? 1.0 : 0.0);
    k.tensor_flops = passes * fwd_flops_per_token(w, s) * tokens;
    const double act = kActTrafficFactor * stored_activation_bytes(w) * (w.checkpointing ? 4.0 / 3.0 : 1.0);
    const double compute_weight_bytes =
        adapter(w) ? weight_bytes(w) : P * (fp32_like(w.precision) ? 4.0 : 2.0);
    // A LoRA job's optimizer steps on the adapters only (lora_params, by target set), as its memory counts.
    const double trained = adapter(w) ? lora_params(w) : P;
    const bool offload = offloaded(w);
    k.bytes = act + passes * compute_weight_bytes +
              (offload ? 0.0 : trained * optimizer_touch_bytes(w)) / w.grad_accum;
    k.host_bytes = offload ? kOffloadPcieBytesPerParam * trained / w.grad_accum : 0.0;
    k.simt_flops = kSimtFlopsPerByte * act;
    if (w.mode == Mode::qlora) k.simt_flops += passes * kDequantFlopsPerWeight * P;
    k.kernels = w.layers * kernels_per_layer(w) * passes / 3.0 + w.layers * 12.0 / w.grad_accum;
    k.units = w.arch == Arch::decoder ? tokens : b;
    return k;
  }
  const double gflop = w.gflops_per_sample > 0 ? w.gflops_per_sample
                                               : w.compute_hours_fp32_ref * 3600.0 * 1e3;  // TFLOP-h -> GFLOP
  if (w.arch == Arch::generic) {
    k.tensor_flops = gflop * 1e9;
    k.bytes = w.bytes_per_sample_mib * kMiB;
    k.kernels = 20;
    k.units = 1;
    return k;
  }
  // CNN and diffusion: per-sample forward GFLOPs and training traffic come from the workload.
  const bool infer = w.mode == Mode::inference;
  const double passes = infer ? 1.0 : (adapter(w) ? 2.0 : 3.0) + (w.checkpointing ? 1.0 : 0.0);
  // Diffusion inference: `steps` denoiser passes per image, each over twice the batch with guidance; the
  // weights are read once per pass. Training denoises one random timestep per image and step.
  const double steps = sampling_steps(w), guide = guidance_batch(w);
  // Convolutions and the UNet's attention scale at least with the pixel count.
  const double px = image_scale(w);
  k.tensor_flops = passes * gflop * 1e9 * b * px * steps * guide;
  double traffic = w.bytes_per_sample_mib > 0 ? w.bytes_per_sample_mib * kMiB
                                              : kActTrafficFactor * w.activation_mib_per_sample * kMiB;
  // The per-sample traffic is stated for the preset's own mode; checkpointing re-reads a forward's worth.
  traffic *= b * px * steps * guide * (fp32_like(w.precision) ? 2.0 : 1.0) *
             (w.checkpointing && !infer ? 4.0 / 3.0 : 1.0);
  k.simt_flops = kSimtFlopsPerByte * traffic;
  const bool offload = offloaded(w);
  k.bytes =
      traffic +
      (infer ? steps : passes + (offload ? 0.0 : optimizer_touch_bytes(w) / 2.0) / w.grad_accum) * P * 2.0;
  k.host_bytes = offload ? kOffloadPcieBytesPerParam * P / w.grad_accum : 0.0;
  k.kernels = std::max(20, w.layers) * (infer ? 3.0 * steps : 9.0);
  k.units = b;
  return k;
}

StepWork prefill_work(const Workload& in) {
  std::optional<Workload> buf;
  const Workload& w = modelled(in, buf);
  StepWork k;
  if (!is_transformer(w)) return step_work(w);
  const double B = w.inference_batch;
  const double s = std::max(1, w.seq_len);
  const double tokens = s * B;
  // Causal decoders attend to half the keys on average; encoders to all of them.
  k.tensor_flops = tokens * fwd_flops_per_token(w, w.arch == Arch::decoder ? 0.5 * s : s);
  // One pass, nothing kept for backward: ~17 activation elements per token and hidden unit move through
  // DRAM per layer, at the element size the kernels use (an 8-bit encoder engine keeps them in int8/fp8).
  const bool eight_bit = w.precision == Precision::int8 && w.arch != Arch::decoder && w.weight_bits <= 8;
  const double elem = eight_bit ? 1.0 : fp32_like(w.precision) ? 4.0 : 2.0;
  const double act = tokens * w.layers * w.hidden * 17.0 * elem;
  k.bytes = weight_bytes(w) + act + (w.arch == Arch::decoder ? kv_bytes_per_token(w) * tokens : 0.0);
  k.simt_flops = kSimtFlopsPerByte * act + kDequantFlopsPerWeight * quantized_weights(w);
  k.kernels = w.layers * kernels_per_layer(w);
  k.units = tokens;
  return k;
}

StepTime step_time(const StepWork& work, const Rates& r, Bound bound) {
  StepTime t;
  if (!r.supported) return t;
  if (bound != Bound::memory) {
    t.tensor_s = work.tensor_flops / (r.tensor_tflops * 1e12 * kTensorUtil);
    t.simt_s = work.simt_flops / (r.simt_tflops * 1e12 * kSimtUtil);
  }
  if (bound != Bound::compute) {
    t.memory_s = work.bytes / (r.bandwidth_gbs * 1e9 * kBandwidthEff);
    const double stream_gbs = 1.0 / (1.0 / (kStreamEff * r.bandwidth_gbs) + 1.0 / kStreamCeilingGbs);
    t.stream_s = work.stream_bytes / (stream_gbs * 1e9);
  }
  t.launch_s = work.kernels * kKernelGapS;
  // Without a known host link an offloaded step is priced at PCIe 3.0 x16, the slowest a cloud card has.
  if (work.host_bytes > 0) t.host_s = work.host_bytes / ((r.pcie_gbs > 0 ? r.pcie_gbs : 0.985 * 16) * 1e9);
  return t;
}

double total_units(const Workload& in) {
  std::optional<Workload> buf;
  const Workload& w = modelled(in, buf);
  if (w.mode == Mode::inference && w.arch == Arch::decoder) return w.tokens;
  if (w.arch == Arch::generic) {
    if (w.gflops_per_sample <= 0 && w.bytes_per_sample_mib <= 0 && w.compute_hours_fp32_ref > 0) return 1;
    return w.dataset_samples * std::max(1.0, w.epochs);
  }
  const double epochs = w.epochs > 0 ? w.epochs : 1.0;
  if (w.arch == Arch::decoder && w.mode != Mode::inference) {
    if (w.tokens > 0) return w.tokens;
    return w.dataset_samples * epochs * std::max(1, w.seq_len);
  }
  return w.dataset_samples * epochs;
}

double seconds_per_unit(const Workload& in, const Gpu& gpu, int count, double derate) {
  std::optional<Workload> buf;
  const Workload& w = modelled(in, buf);
  const Rates r = rates_for(w, gpu, derate, false);
  if (!r.supported) return 0;
  return seconds_per_unit(step_work(w), r, w.bound, gpu, count);
}

double seconds_per_unit(const StepWork& k, const Rates& r, Bound bound, const Gpu& gpu, int count) {
  if (!r.supported) return 0;
  const double t = step_time(k, r, bound).total();
  const double speedup = multi_gpu_speedup(gpu, std::max(1, count));
  const double v = t / std::max(k.units, 1e-12) / speedup;
  return std::isfinite(v) && v > 0 ? v : 0;
}

}  // namespace gw::model
