--lang
zh
estimate
--list-models
qwen 7b
