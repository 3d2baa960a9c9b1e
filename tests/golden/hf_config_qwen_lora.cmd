estimate
--hf-config
tests/data/hf/qwen2.5-7b.json
--mode
lora
--gpu
4090
