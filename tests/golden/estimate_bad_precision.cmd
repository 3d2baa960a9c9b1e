estimate
--preset
bert-base-finetune
--precision
fp12
