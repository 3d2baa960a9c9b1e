--currency
EUR
recommend
--preset
bert-base-finetune
