estimate
--preset
bert-base-finetune
--hidden
1000
