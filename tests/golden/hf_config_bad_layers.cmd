estimate
--hf-config
tests/data/hf/bad-layers.json
--mode
lora
