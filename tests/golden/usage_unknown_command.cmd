recomend
--preset
bert-base-finetune
