estimate
--model
qwen2.5-7
