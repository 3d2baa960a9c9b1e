// The job's fields in the input table (input.hpp). Ranges sit far beyond any real job but keep every
// product the estimator forms finite; rules between fields (hidden divisible by heads...) stay in
// validate_workload.
#include "engine/input_table.hpp"

namespace gw {

using namespace input_detail;

namespace {

ReferenceRun& reference(Scenario& s) {
  if (!s.workload.reference) s.workload.reference = ReferenceRun{};
  return *s.workload.reference;
}

// "GPU", or "GPU:N:HOURS" as a link carries it. Out-of-range parts are refused, or moved into range when
// `clamp` (setting `clamped`).
bool read_reference(Scenario& s, std::string_view v, bool clamp, bool& clamped) {
  if (v.empty() || v.size() > 200 || clean_text(v, 200) != v) return false;  // a GPU name is clean text
  const std::size_t a = v.find(':');
  if (a == std::string_view::npos) {
    if (v.size() > 80) return false;
    reference(s).gpu = std::string(v);
    return true;
  }
  const std::size_t b = v.find(':', a + 1);
  double count = 0, hours = 0;
  if (b == std::string_view::npos || a == 0 || a > 80 || v.find(':', b + 1) != std::string_view::npos ||
      !parse_plain_number(v.substr(a + 1, b - a - 1), count) || !parse_plain_number(v.substr(b + 1), hours))
    return false;
  const Limit cards{1, 64, ""}, span{1.0 / 60, 24.0 * 365 * 5, "h"};
  const double c = std::round(count < cards.lo ? cards.lo : count > cards.hi ? cards.hi : count);
  const double h = hours < span.lo ? span.lo : hours > span.hi ? span.hi : hours;
  if (c != count || h != hours) {
    if (!clamp) return false;
    clamped = true;
  }
  ReferenceRun& r = reference(s);
  r.gpu = std::string(v.substr(0, a));
  r.gpu_count = static_cast<int>(c);
  r.hours = h;
  return true;
}

// The measured run ("this job took T hours on N cards of GPU X") is three flags on the command line and
// one link key, `ref=GPU:N:HOURS`.
std::vector<InputField> reference_fields() {
  InputField gpu =
      field("ref", "--reference-gpu", "reference_gpu", InputType::text, {}, {"Reference GPU", "参考显卡"},
            {"Calibrate: the GPU a past run of this job used", "校准：此任务以前实测所用的显卡"}, "job");
  gpu.workload = true;
  gpu.get_text = [](const Scenario& s) {
    const auto& r = s.workload.reference;
    return r ? r->gpu + ":" + std::to_string(r->gpu_count) + ":" + exact_number(r->hours) : std::string();
  };
  // The link carries GPU:N:HOURS; the command line the GPU name alone.
  gpu.set_text = [](Scenario& s, std::string_view v) {
    bool clamped = false;
    Scenario t = s;
    if (!read_reference(t, v, false, clamped)) return false;
    s = std::move(t);
    return true;
  };
  gpu.clamp_text = [](Scenario& s, std::string_view v, bool& clamped) {
    return read_reference(s, v, true, clamped);
  };
  InputField hours =
      field("ref_hours", "--reference-hours", "reference_hours", InputType::duration,
            {1.0 / 60, 24.0 * 365 * 5, "h"}, {"It took", "实际用时"},
            {"Calibrate: that run's wall clock (72h, 3d)", "校准：那次运行的实际耗时（72h、3d）"}, "job");
  hours.workload = true;
  hours.get = [](const Scenario& s) -> std::optional<double> {
    if (!s.workload.reference) return std::nullopt;
    return s.workload.reference->hours;
  };
  hours.set = [](Scenario& s, std::optional<double> v) {
    if (v) reference(s).hours = *v;
  };
  hours.optional = true;
  hours.in_link = false;
  InputField cards =
      field("ref_gpus", "--reference-gpus", "reference_gpus", InputType::integer, {1, 64, ""},
            {"Cards", "卡数"}, {"Calibrate: cards that run used", "校准：那次运行用的卡数"}, "job");
  cards.workload = true;
  cards.optional = true;
  cards.in_link = false;
  cards.get = [](const Scenario& s) -> std::optional<double> {
    if (!s.workload.reference) return std::nullopt;
    return s.workload.reference->gpu_count;
  };
  cards.set = [](Scenario& s, std::optional<double> v) {
    if (v) reference(s).gpu_count = static_cast<int>(*v);
  };
  return {gpu, hours, cards};
}

InputField title(const char* key, std::string Text::*m, Words label) {
  InputField f = field(key, "", key, InputType::text, {}, label,
                       {"The job's title as the user renamed it", "用户改过的任务名称"}, "job");
  f.workload = true;
  f.get_text = [m](const Scenario& s) { return s.workload.title.*m; };
  f.set_text = [m](Scenario& s, std::string_view v) {
    if (v.size() > 160) return false;
    s.workload.title.*m = std::string(v);
    return true;
  };
  return f;
}

}  // namespace

std::vector<InputField> input_workload_fields() {
  using T = InputType;
  const Limit none{0, 0, ""};
  std::vector<InputField> t = {
      title("title", &Text::en, {"Title", "标题"}),
      title("title_zh", &Text::zh, {"Title (Chinese)", "中文标题"}),
      bind_choice(
          field("mode", "--mode", "mode", T::choice, none, {"Task", "任务类型"},
                {"train, lora, qlora, inference or compute", "train、lora、qlora、inference 或 compute"},
                "job"),
          &Workload::mode, &parse_mode, {"train", "lora", "qlora", "inference", "compute"}),
      bind_choice(field("arch", "--arch", "arch", T::choice, none, {"Architecture", "架构"},
                        {"decoder, encoder, cnn, diffusion, generic, encoder-decoder, vit or dit",
                         "decoder、encoder、cnn、diffusion、generic、encoder-decoder、vit 或 dit"},
                        "job"),
                  &Workload::arch, &parse_arch,
                  {"decoder", "encoder", "cnn", "diffusion", "generic", "encoder-decoder", "vit", "dit"}),
      bind(field("params", "--params", "params", T::count, {0, 1e15, ""}, {"Parameters", "参数量"},
                 {"Parameter count, e.g. 340M, 7B", "参数量，例如 340M、7B"}, "job"),
           &Workload::params),
      bind(field("layers", "--layers", "layers", T::integer, {0, 1e5, ""}, {"Layers", "层数"},
                 {"Transformer layers", "Transformer 层数"}, "job"),
           &Workload::layers),
      bind(field("hidden", "--hidden", "hidden", T::integer, {0, 1e7, ""}, {"Hidden size", "隐藏维度"},
                 {"Hidden size", "隐藏维度"}, "job"),
           &Workload::hidden),
      bind(field("heads", "--heads", "heads", T::integer, {0, 1e6, ""}, {"Attention heads", "注意力头数"},
                 {"Attention heads", "注意力头数"}, "job"),
           &Workload::heads),
      bind(field("kvh", "--kv-heads", "kv_heads", T::integer, {0, 1e6, ""}, {"KV heads", "KV 头数"},
                 {"Key/value heads (GQA); 0 = same as --heads", "键/值头数（GQA）；0 表示与注意力头数相同"},
                 "job"),
           &Workload::kv_heads),
      bind(field("vocab", "--vocab", "vocab", T::integer, {0, 1e9, ""}, {"Vocabulary", "词表大小"},
                 {"Vocabulary size", "词表大小"}, "job"),
           &Workload::vocab),
      bind(field("seq", "--seq", "seq", T::integer, {0, 1e9, ""}, {"Sequence length", "序列长度"},
                 {"Sequence length (training) or prompt length (inference)",
                  "序列长度（训练）或提示长度（推理）"},
                 "job"),
           &Workload::seq_len),
      bind(field("px", "--image-px", "image_px", T::integer, {0, 1e7, "px"},
                 {"Image size (px)", "图像边长（像素）"},
                 {"Image side in pixels (CNN/diffusion)", "图像边长，像素（CNN/扩散模型）"}, "job"),
           &Workload::image_px),
      bind(field("batch", "--batch", "batch", T::integer, {1, 1e8, ""}, {"Micro-batch", "单卡批大小"},
                 {"Micro-batch per GPU", "每张卡每步的样本数"}, "job"),
           &Workload::micro_batch),
      bind(field("accum", "--grad-accum", "grad_accum", T::integer, {1, 1e8, ""},
                 {"Gradient accumulation", "梯度累积步数"}, {"Gradient accumulation steps", "梯度累积步数"},
                 "job"),
           &Workload::grad_accum),
      bind_choice(field("prec", "--precision", "precision", T::choice, none, {"Precision", "精度"},
                        {"fp32, tf32, amp, fp16, bf16, int8, int4 or fp64",
                         "fp32、tf32、amp、fp16、bf16、int8、int4 或 fp64"},
                        "job"),
                  &Workload::precision, &parse_precision,
                  {"fp32", "tf32", "amp", "fp16", "bf16", "int8", "int4", "fp64"}),
      bind_choice(field("opt", "--optimizer", "optimizer", T::choice, none, {"Optimizer", "优化器"},
                        {"adamw, sgd, sgd_momentum, adafactor or adam8bit",
                         "adamw、sgd、sgd_momentum、adafactor 或 adam8bit"},
                        "job"),
                  &Workload::optimizer, &parse_optimizer,
                  {"adamw", "sgd", "sgd_momentum", "adafactor", "adam8bit"}),
      bind(field("ckpt", "--checkpointing", "checkpointing", T::flag, none,
                 {"Gradient checkpointing", "梯度检查点"}, {"Gradient checkpointing on", "开启梯度检查点"},
                 "job"),
           &Workload::checkpointing),
      bind(
          field("fused", "--fused-attention", "fused_attention", T::flag, none,
                {"Fused attention", "融合注意力"},
                {"FlashAttention/SDPA: attention scores not stored", "FlashAttention/SDPA：不保存注意力分数"},
                "job"),
          &Workload::fused_attention),
      bind(field("f16acc", "--fp16-accumulate", "fp16_accumulate", T::flag, none,
                 {"FP16 accumulate", "FP16 累加"},
                 {"Half-precision GEMMs accumulate in fp16 (llama.cpp)",
                  "半精度矩阵乘以 FP16 累加（llama.cpp）"},
                 "job"),
           &Workload::fp16_accumulate),
      bind(field("wbits", "--weights-bits", "weight_bits", T::number, {1, 64, "bits"},
                 {"Weight bits", "权重位数"},
                 {"Inference/QLoRA weight bits: 16, 8, 4 (4.5 for GGUF Q4_0)",
                  "推理/QLoRA 权重位数：16、8、4（GGUF Q4_0 为 4.5）"},
                 "job"),
           &Workload::weight_bits),
      bind(field("rank", "--lora-rank", "lora_rank", T::integer, {0, 1e6, ""}, {"LoRA rank", "LoRA 秩"},
                 {"LoRA rank", "LoRA 秩"}, "job"),
           &Workload::lora_rank),
      bind_choice(
          field("lt", "--lora-targets", "lora_targets", T::choice, none, {"LoRA targets", "LoRA 目标层"},
                {"qv: query and value projections (PEFT's default for Llama); all: every linear layer "
                 "(all-linear, QLoRA paper, LLaMA-Factory lora_target all)",
                 "qv：query 和 value 投影（PEFT 对 Llama 的默认）；all：所有线性层（all-linear、QLoRA "
                 "论文、LLaMA-Factory lora_target all）"},
                "job"),
          &Workload::lora_targets, &parse_lora_targets, {"qv", "all"}),
      bind(field("samples", "--samples", "samples", T::count, {0, 1e15, ""},
                 {"Dataset samples", "数据集样本数"},
                 {"Dataset samples (images, sequences, prompts or solver steps)",
                  "数据集样本数（图像、序列、提示或求解步数）"},
                 "job"),
           &Workload::dataset_samples),
      bind(field("epochs", "--epochs", "epochs", T::number, {0, 1e6, ""}, {"Epochs", "训练轮数"},
                 {"Passes over the dataset", "遍历数据集的次数"}, "job"),
           &Workload::epochs),
      bind(field("tokens", "--tokens", "tokens", T::count, {0, 1e16, ""}, {"Tokens", "token 数"},
                 {"Training tokens, or tokens to generate (inference)",
                  "训练 token 数，或要生成的 token 数（推理）"},
                 "job"),
           &Workload::tokens),
      bind(field("ibatch", "--inference-batch", "inference_batch", T::number, {1, 1e8, ""},
                 {"Concurrent requests", "并发请求数"},
                 {"Inference: sequences served at once", "推理：同时服务的序列数"}, "job"),
           &Workload::inference_batch),
      bind(field("ctx", "--context", "context", T::count, {0, 1e9, ""}, {"Context tokens", "上下文 token 数"},
                 {"Inference: tokens held in the KV cache per sequence",
                  "推理：每个序列在 KV 缓存中保存的 token 数"},
                 "job"),
           &Workload::context_tokens),
      bind(field("chref", "", "compute_hours_fp32_ref", T::number, {0, 1e9, "h"},
                 {"Reference compute hours", "参考计算小时"},
                 {"Generic jobs: hours on a 1 TFLOP/s-equivalent card",
                  "通用任务：在 1 TFLOP/s 等效卡上的小时数"},
                 "job"),
           &Workload::compute_hours_fp32_ref),
      bind(field("dl", "--data-loading", "data_loading", T::share, {0, 0.95, ""},
                 {"Data loading share", "数据加载占比"},
                 {"Share of step time spent loading data (0.29 or 29%)",
                  "每步等待数据加载的时间占比（0.29 或 29%）"},
                 "job"),
           &Workload::data_loading_share),
      bind_choice(
          field("bound", "--bound", "bound", T::choice, none, {"Bound by", "瓶颈"},
                {"generic jobs: auto, compute or memory", "通用任务：auto、compute 或 memory"}, "job"),
          &Workload::bound, &parse_bound, {"auto", "compute", "memory"}),
      bind(field("gflops", "--gflops-per-sample", "gflops_per_sample", T::number, {0, 1e12, "GFLOPs"},
                 {"GFLOPs/sample", "每样本 GFLOPs"},
                 {"CNN/diffusion/generic: forward GFLOPs per sample", "CNN/扩散/通用：每样本前向 GFLOPs"},
                 "job"),
           &Workload::gflops_per_sample),
      bind(field("act", "--act-mib-per-sample", "activation_mib_per_sample", T::number, {0, 1e9, "MiB"},
                 {"Activations MiB/sample", "每样本激活 MiB"},
                 {"CNN/diffusion: activation MiB per sample (16-bit)", "CNN/扩散：每样本激活 MiB（16 位）"},
                 "job"),
           &Workload::activation_mib_per_sample),
      bind(field("bps", "--bytes-per-sample-mib", "bytes_per_sample_mib", T::number, {0, 1e12, "MiB"},
                 {"Traffic MiB/sample", "每样本访存 MiB"},
                 {"Memory traffic per sample or step, MiB", "每样本或每步的访存量，MiB"}, "job"),
           &Workload::bytes_per_sample_mib),
      bind(field("ws", "--working-set-gib", "working_set_gib", T::number, {0, 1e9, "GiB"},
                 {"Working set GiB", "工作集 GiB"},
                 {"Generic jobs: resident data, GiB", "通用任务：常驻数据，GiB"}, "job"),
           &Workload::working_set_gib),
      bind(field("fp64", "--fp64", "needs_fp64", T::flag, none, {"Needs FP64", "需要 FP64"},
                 {"The job needs FP64", "任务需要 FP64 双精度"}, "job"),
           &Workload::needs_fp64),
      bind(field("mdts", "--md-timestep-fs", "md_timestep_fs", T::number, {0, 100, "fs"},
                 {"MD time step (fs)", "MD 时间步长（fs）"},
                 {"Molecular dynamics: fs per step (2, or 4 with hydrogen mass repartitioning); speed then "
                  "also shows as ns/day; 0 = not MD",
                  "分子动力学：每步飞秒数（2；氢质量重分配时为 4）；设置后速度同时以 ns/day 显示；0 表示不是 "
                  "MD"},
                 "job"),
           &Workload::md_timestep_fs),
  };
  // The model's shape beyond the classic transformer fields (engine/model.hpp counts parameters from them).
  auto shape = [&](const char* key, const char* flag, const char* name, double hi, Words label, Words help,
                   int Workload::*m) {
    t.push_back(bind(field(key, flag, name, T::integer, {0, hi, ""}, label, help, "job"), m));
  };
  shape("inter", "--intermediate", "intermediate", 1e7, {"FFN size", "FFN 维度"},
        {"Dense FFN inner size; 0 = 4 x hidden", "前馈层内部维度；0 表示 4 倍隐藏维度"},
        &Workload::intermediate);
  shape("hdim", "--head-dim", "head_dim", 1e6, {"Head dimension", "注意力头维度"},
        {"Per-head width; 0 = hidden / heads", "每个注意力头的宽度；0 表示隐藏维度除以头数"},
        &Workload::head_dim);
  shape("ffnm", "--ffn-matrices", "ffn_matrices", 3, {"FFN matrices", "FFN 矩阵数"},
        {"3 = gated (SwiGLU), 2 = plain; 0 = the architecture's usual",
         "3 表示门控（SwiGLU），2 表示普通；0 按架构默认"},
        &Workload::ffn_matrices);
  shape("dlayers", "--decoder-layers", "decoder_layers", 1e5, {"Decoder layers", "解码器层数"},
        {"Encoder-decoder models: the decoder's layers (--layers is the encoder's)",
         "编码器-解码器模型：解码器层数（--layers 为编码器层数）"},
        &Workload::decoder_layers);
  shape("experts", "--experts", "experts", 1e5, {"Experts", "专家数"},
        {"MoE: routed experts per MoE layer (0 = dense)", "MoE：每个 MoE 层的路由专家数（0 表示稠密模型）"},
        &Workload::experts);
  shape("eact", "--experts-active", "experts_active", 1e5, {"Active experts", "激活专家数"},
        {"MoE: routed experts each token runs through", "MoE：每个 token 经过的路由专家数"},
        &Workload::experts_active);
  shape("eshared", "--shared-experts", "shared_experts", 1e5, {"Shared experts", "共享专家数"},
        {"MoE: always-on experts", "MoE：始终参与计算的共享专家数"}, &Workload::shared_experts);
  shape("einter", "--expert-intermediate", "expert_intermediate", 1e7, {"Expert FFN size", "专家 FFN 维度"},
        {"MoE: FFN inner size of one expert", "MoE：单个专家的前馈层内部维度"},
        &Workload::expert_intermediate);
  shape("dense", "--dense-layers", "dense_layers", 1e5, {"Dense layers", "稠密层数"},
        {"MoE: leading layers with a dense FFN", "MoE：开头使用稠密前馈层的层数"}, &Workload::dense_layers);
  shape("kvlr", "--kv-lora-rank", "kv_lora_rank", 1e6, {"KV latent rank", "KV 潜在秩"},
        {"Multi-head latent attention (DeepSeek): KV latent width; 0 = ordinary attention",
         "多头潜在注意力（DeepSeek）：KV 潜在向量宽度；0 表示普通注意力"},
        &Workload::kv_lora_rank);
  shape("qlr", "--q-lora-rank", "q_lora_rank", 1e6, {"Query latent rank", "Query 潜在秩"},
        {"Multi-head latent attention: query latent width; 0 = full rank",
         "多头潜在注意力：query 潜在宽度；0 表示满秩"},
        &Workload::q_lora_rank);
  shape("ropehd", "--rope-head-dim", "rope_head_dim", 1e5, {"RoPE head dimension", "RoPE 头维度"},
        {"Multi-head latent attention: the shared rotary key part", "多头潜在注意力：共享的旋转位置键部分"},
        &Workload::rope_head_dim);
  shape("patch", "--patch-px", "patch_px", 1e5, {"Patch size (px)", "图块边长（像素）"},
        {"ViT/DiT: patch side in pixels (tokens = (image / patch)^2)",
         "ViT/DiT：图块边长，像素（token 数 = (图像/图块)^2）"},
        &Workload::patch_px);
  shape("frames", "--frames", "frames", 1e6, {"Video frames", "视频帧数"},
        {"Video: frames per sample (0 = still images)", "视频：每个样本的帧数（0 表示静态图像）"},
        &Workload::frames);
  shape("pspx", "", "per_sample_px", 1e7, {"Per-sample figures at (px)", "每样本数据对应的图像边长（像素）"},
        {"CNN/diffusion: image side the per-sample figures are stated for (0 = the image size)",
         "CNN/扩散：每样本激活和计算量所对应的图像边长（0 表示即图像边长）"},
        &Workload::per_sample_px);
  t.push_back(bind(field("audio", "--audio-seconds", "audio_seconds", T::number, {0, 1e7, "s"},
                         {"Audio seconds", "音频秒数"},
                         {"Whisper: seconds of audio per sample", "Whisper：每个样本的音频秒数"}, "job"),
                   &Workload::audio_seconds));
  shape("mel", "--mel-bins", "mel_bins", 1e4, {"Mel bins", "梅尔频带数"},
        {"Whisper: log-mel channels of the input (80; large-v3 128); 0 = 80",
         "Whisper：输入的对数梅尔通道数（80；large-v3 为 128）；0 表示 80"},
        &Workload::mel_bins);
  shape("emb", "--embedding-size", "embedding_size", 1e6, {"Embedding size", "词嵌入维度"},
        {"ALBERT: factorised token embedding width, projected to hidden; 0 = hidden",
         "ALBERT：因式分解的词嵌入宽度，再投影到隐藏维度；0 表示等于隐藏维度"},
        &Workload::embedding_size);
  shape("dlay", "--distinct-layers", "distinct_layers", 1e5, {"Layers with own weights", "独立权重层数"},
        {"ALBERT: layers with weights of their own, the rest share them; 0 = every layer",
         "ALBERT：拥有独立权重的层数，其余层共享；0 表示每层都独立"},
        &Workload::distinct_layers);
  t.push_back(bind(field("frozen", "--frozen-params", "frozen_params", T::count, {0, 1e13, ""},
                         {"Text encoders and VAE", "文本编码器和 VAE"},
                         {"Diffusion: parameters of the frozen text encoders and VAE, held in memory but "
                          "not trained (SD 1.5: 207M)",
                          "扩散模型：冻结的文本编码器和 VAE 的参数量，占显存但不训练（SD 1.5：207M）"},
                         "job"),
                   &Workload::frozen_params));
  shape("steps", "--sampling-steps", "sampling_steps", 1e5, {"Sampling steps", "采样步数"},
        {"Diffusion inference: denoising steps per image (0 = the GFLOPs per sample cover a whole image)",
         "扩散推理：每张图的去噪步数（0 表示每样本 GFLOPs 已含整张图）"},
        &Workload::sampling_steps);
  t.push_back(bind(field("cfg", "--cfg", "cfg", T::flag, none, {"Classifier-free guidance", "无分类器引导"},
                         {"Diffusion inference: two denoiser passes per step (with and without the prompt)",
                          "扩散推理：每步两次去噪网络前向（带提示词与不带提示词各一次）"},
                         "job"),
                   &Workload::cfg));
  t.push_back(bind(
      field("offopt", "--offload-optimizer", "offload_optimizer", T::flag, none,
            {"Offload optimizer to CPU", "优化器卸载到 CPU"},
            {"Training: optimizer states and fp32 master weights in host RAM (DeepSpeed "
             "ZeRO-Offload); gradients and updated weights cross PCIe every step",
             "训练：优化器状态和 fp32 主权重放在主机内存（DeepSpeed ZeRO-Offload）；每步梯度和更新后的权重经 "
             "PCIe 传输"},
            "job"),
      &Workload::offload_optimizer));
  InputField model =
      field("model", "", "model", T::text, none, {"Model", "模型"},
            {"The model library id the job starts from", "任务所用模型在模型库中的 id"}, "job");
  model.workload = true;
  model.get_text = [](const Scenario& s) { return s.workload.model; };
  model.set_text = [](Scenario& s, std::string_view v) {
    if (v.size() > 100 || clean_text(v, 100) != v) return false;
    s.workload.model = std::string(v);
    return true;
  };
  t.push_back(model);
  t.push_back(bind(
      field("tied", "--tied-embeddings", "tied_embeddings", T::flag, none, {"Tied embeddings", "共享词嵌入"},
            {"Input and output embeddings share one matrix", "输入与输出词嵌入共用一个矩阵"}, "job"),
      &Workload::tied_embeddings));
  t.push_back(bind_choice(
      field("rt", "--runtime", "runtime", T::choice, none, {"Runtime", "运行框架"},
            {"auto, pytorch, vllm, llamacpp or tensorrt (auto: llama.cpp for quantized inference)",
             "auto、pytorch、vllm、llamacpp 或 tensorrt（auto：量化推理用 llama.cpp）"},
            "job"),
      &Workload::runtime, &parse_runtime, {"auto", "pytorch", "vllm", "llamacpp", "tensorrt"}));
  t.push_back(
      bind(field("purehalf", "--pure-half", "pure_half_states", T::flag, none,
                 {"Pure 16-bit states", "纯 16 位状态"},
                 {"fp16/bf16 training keeps weights, gradients and optimizer states in 16-bit (~8 B/param)",
                  "fp16/bf16 训练的权重、梯度和优化器状态全为 16 位（约 8 字节/参数）"},
                 "job"),
           &Workload::pure_half_states));
  t.push_back(
      bind(field("cce", "--chunked-ce", "chunked_ce", T::flag, none, {"Chunked cross-entropy", "分块交叉熵"},
                 {"The loss is computed over chunks: no fp32 copy of the full logits",
                  "分块计算损失：不保留完整 logits 的 fp32 副本"},
                 "job"),
           &Workload::chunked_ce));
  t.push_back(bind(field("gfree", "--grads-freed", "grads_freed", T::flag, none,
                         {"Gradients freed each step", "每步释放梯度"},
                         {"Training: the loop frees gradients after each step (zero_grad(set_to_none=True)), "
                          "so they do not share the peak with the activations",
                          "训练：每步之后释放梯度（zero_grad(set_to_none=True)），梯度与激活不同时占用峰值"},
                         "job"),
                   &Workload::grads_freed));
  t.push_back(
      bind(field("gmu", "--gpu-memory-utilization", "gpu_memory_utilization", T::share, {0.05, 1, ""},
                 {"vLLM memory share", "vLLM 显存占比"},
                 {"vLLM: share of the card it reserves up front (0.9)", "vLLM：启动时预留的显存比例（0.9）"},
                 "job"),
           &Workload::gpu_memory_utilization));
  // Serving mode (serve.hpp): on when --users or --rps is above 0, in inference mode.
  t.push_back(bind(
      field("users", "--users", "serve_users", T::number, {0, 1e6, ""}, {"Concurrent users", "并发用户数"},
            {"Serving: users (requests in flight) at once; 0 = from --rps",
             "服务：同时在线的用户（进行中的请求）数；0 表示由 --rps 推算"},
            "serve"),
      &Workload::serve_users));
  t.push_back(
      bind(field("rps", "--rps", "serve_rps", T::number, {0, 1e6, ""}, {"Requests per second", "每秒请求数"},
                 {"Serving: requests arriving per second; 0 = each user asks again when answered",
                  "服务：每秒到达的请求数；0 表示每个用户得到回答后立即再问"},
                 "serve"),
           &Workload::serve_rps));
  t.push_back(bind(field("otok", "--output-tokens", "serve_output_tokens", T::count, {0, 1e7, ""},
                         {"Output tokens", "输出 token 数"},
                         {"Serving: tokens each answer generates (the prompt is --seq)",
                          "服务：每个回答生成的 token 数（提示长度为 --seq）"},
                         "serve"),
                   &Workload::serve_output_tokens));
  t.push_back(bind(field("ttft", "--ttft", "serve_ttft_s", T::number, {0, 3600, "s"},
                         {"Time to first token target (s)", "首 token 时间目标（秒）"},
                         {"Serving: longest acceptable p50 time to first token, seconds; 0 = no target",
                          "服务：可接受的首 token 时间中位数上限，秒；0 表示不设目标"},
                         "serve"),
                   &Workload::serve_ttft_s));
  t.push_back(bind(field("utps", "--user-tps", "serve_user_tps", T::number, {0, 1e5, "tokens/s"},
                         {"Tokens/s per user target", "每用户 token/s 目标"},
                         {"Serving: fewest tokens per second each user must see; 0 = no target",
                          "服务：每个用户至少应得到的 token/s；0 表示不设目标"},
                         "serve"),
                   &Workload::serve_user_tps));
  t.push_back(bind(
      field("sfor", "--serve-for", "serve_hours", T::duration, {0, 24.0 * 365 * 5, "h"},
            {"Stay up for", "在线时长"},
            {"Serving: how long the service stays up (14d, 2w, 36h)", "服务：服务在线多久（14d、2w、36h）"},
            "serve"),
      &Workload::serve_hours));
  t.push_back(
      bind_choice(field("sidle", "--idle-policy", "serve_idle", T::choice, none, {"Idle policy", "空闲策略"},
                        {"Serving: always (on 24 h), night (stopped --off-hours a day) or zero (scaled "
                         "to zero in the --off-hours without traffic)",
                         "服务：always（24 小时在线）、night（每天停机 --off-hours 小时）或 zero（无流量的 "
                         "--off-hours 小时缩容到零）"},
                        "serve"),
                  &Workload::serve_idle, &parse_serve_idle, {"always", "night", "zero"}));
  t.push_back(bind(field("soff", "--off-hours", "serve_idle_hours", T::number, {0, 24, "h"},
                         {"Idle hours a day", "每天空闲小时"},
                         {"Serving: hours a day stopped (night) or without traffic (zero)",
                          "服务：每天停机（night）或无流量（zero）的小时数"},
                         "serve"),
                   &Workload::serve_idle_hours));
  for (InputField& f : t) {
    if (f.name == std::string("checkpointing")) f.off_flag = "--no-checkpointing";
    if (f.name == std::string("cfg")) f.off_flag = "--no-cfg";
    if (f.name == std::string("fused_attention")) f.off_flag = "--no-fused-attention", f.link_alias = "fa";
  }
  for (InputField& f : reference_fields()) t.push_back(std::move(f));
  return t;
}

}  // namespace gw
