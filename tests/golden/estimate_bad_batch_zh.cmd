--lang
zh
estimate
--preset
bert-base-finetune
--batch
-4
