recommend
--preset
bert-base-finetune
--disk
2000TB
