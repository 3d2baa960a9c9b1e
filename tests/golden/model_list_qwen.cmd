recommend
--list-models
qwen
