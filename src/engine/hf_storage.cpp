// The storage half of config.json import: torch_dtype and quantization_config's bit width, over every
// quantization format whose bit width a config states (bitsandbytes, GPTQ/AWQ, FP8, MXFP4,
// compressed-tensors).
#include "engine/hf_reader.hpp"

namespace gw::hfc {

namespace {

// llm-compressor's "compressed-tensors" (Kimi K2 Thinking's INT4): the weights' num_bits of its first config
// group, the one that holds the linear layers.
std::optional<double> compressed_tensors_bits(const json& q) {
  if (!q.contains("quant_method") || q.at("quant_method") != "compressed-tensors") return std::nullopt;
  if (!q.contains("config_groups") || !q.at("config_groups").is_object()) return std::nullopt;
  for (const auto& [name, group] : q.at("config_groups").items()) {
    if (!group.is_object() || !group.contains("weights") || !group.at("weights").is_object()) continue;
    const json& bits = group.at("weights").value("num_bits", json());
    if (bits.is_number_integer() && bits.get<long long>() >= 1 && bits.get<long long>() <= 16)
      return static_cast<double>(bits.get<long long>());
    return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

void read_storage(Reader& r) {
  for (const char* key : {"torch_dtype", "dtype"})
    if (std::optional<std::string> d = r.text(key)) {
      r.out.dtype = *d;
      break;
    }
  if (!r.has("quantization_config")) return;
  const json& q = r.obj.at("quantization_config");
  const std::string base = "quantization_config";
  if (!q.is_object()) {
    r.problem(base, "must be an object");
    return;
  }
  Reader qr{q, r.path(base) + ".", r.out, {}};
  if (qr.boolean("load_in_4bit").value_or(false)) {
    r.out.weight_bits = 4;
  } else if (qr.boolean("load_in_8bit").value_or(false)) {
    r.out.weight_bits = 8;
  } else if (const auto bits = qr.integer({"bits", "w_bit"}, "weight bits", 1, 16, false)) {
    r.out.weight_bits = static_cast<double>(*bits);
  } else if (qr.text("quant_method").value_or("") == "fp8") {
    r.out.weight_bits = 8;
  } else if (const auto group = compressed_tensors_bits(q)) {
    r.out.weight_bits = *group;
  } else if (qr.text("quant_method").value_or("") == "mxfp4") {
    // OCP Microscaling (MX) v1.0: blocks of 32 FP4 (E2M1) values sharing one 8-bit (E8M0) scale.
    r.out.weight_bits = 4.25;
    r.out.notes.push_back(
        {"MXFP4 weights: 4 bits each plus an 8-bit scale per 32, 4.25 bits. The checkpoint keeps the "
         "layers its quantization_config lists in modules_to_not_convert (gpt-oss: attention and router) "
         "in 16 bits; gpuwise counts them at 4.25 too, and the embeddings and output head at 16.",
         "MXFP4 权重：每个 4 位，每 32 个共用一个 8 位缩放，合 4.25 位。检查点把 quantization_config 的 "
         "modules_to_not_convert 所列的层（gpt-oss：注意力和路由）保留为 16 位；gpuwise 也按 4.25 "
         "位计这些层，嵌入层和输出层按 16 位计。"});
  } else if (!qr.has("bits") && !qr.has("w_bit")) {
    r.out.problems.push_back({r.path(base),
                              "has no bit width gpuwise reads (bits, w_bit, load_in_4bit, "
                              "load_in_8bit, quant_method fp8 or mxfp4, compressed-tensors num_bits)"});
  }
}

}  // namespace gw::hfc
