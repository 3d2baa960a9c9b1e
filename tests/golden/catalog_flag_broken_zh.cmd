--lang
zh
--catalog
tests/golden/data/broken-catalog.json
recommend
--preset
bert-base-finetune
