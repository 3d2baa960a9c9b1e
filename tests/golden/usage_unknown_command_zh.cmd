--lang
zh
recomend
--preset
bert-base-finetune
