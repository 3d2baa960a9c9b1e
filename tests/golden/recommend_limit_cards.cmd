recommend
--preset
bert-base-finetune
--cards
1,1.5
