--lang
zh
recommend
--preset
bert-base-finetune
--budget
abc
