#pragma once
// A Hugging Face config.json read into a model shape: the config styles of Llama, Llama 4, Mistral/Mixtral,
// Qwen 1.0, Qwen2/3 and their MoE, Gemma 1-3, Phi-3/4, DeepSeek-MoE, DeepSeek-V2/V3, EXAONE 3.x, GLM/ChatGLM,
// InternLM2, Baichuan, BERT, DistilBERT, RoBERTa, DeBERTa-v2/v3, T5/mT5, Whisper, BART and ViT/DeiT/DINOv2; a
// VLM's language model from its text_config (InternVL's llm_config). A key it needs and cannot find, or a
// value of the wrong type or out of range, is a Problem naming the key and its JSON path
// ("text_config.num_hidden_layers"); nothing is guessed.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "text.hpp"
#include "workload.hpp"

namespace gw {

struct HfConfigRead {
  // The shape as workload JSON keys (the same keys a library model's block uses), params included:
  // apply it with workload_delta_from_json(workload_json, base). Empty when problems is not.
  std::string workload_json;
  std::optional<Workload> shape;  // that JSON over an empty Workload
  std::string model_type;         // as the config names it ("qwen2", "deepseek_v3")
  double params = 0;              // computed from the shape (shape_params_total)
  double params_active = 0;       // MoE: per token
  double max_context_tokens = 0;  // max_position_embeddings (or the family's key), 0 = not given
  std::string dtype;              // torch_dtype (or dtype) as written: "bfloat16"
  double weight_bits = 0;         // quantization_config's bit width; 0 = not quantized
  std::vector<Text> notes;        // family defaults used and parts not counted, said once each
  std::vector<Problem> problems;
};

// A config.json is a few KB (a classifier's label maps make it tens of KB); more is refused unread.
inline constexpr std::size_t kMaxHfConfigBytes = 1u << 20;
inline constexpr int kMaxHfConfigDepth = 32;  // configs nest 2-3 levels; deeper input is refused unread

HfConfigRead read_hf_config(std::string_view json_text);

// A config import sets fields beyond the model's shape (a quantized checkpoint's weight_bits and its
// PyTorch runtime). When a library model is picked afterwards, those fields go back to the values they
// had before the import (`before_import`), unless the model's own workload JSON sets them or they were
// changed since: the import's runtime must not stick to a model that never asked for it. `import_json` is
// HfConfigRead::workload_json.
Workload restore_import_extras(const Workload& picked, const Workload& before_import,
                               std::string_view import_json, std::string_view model_json);

}  // namespace gw
