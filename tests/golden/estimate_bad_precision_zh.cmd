--lang
zh
estimate
--preset
bert-base-finetune
--precision
fp9
