models
通义 7b
