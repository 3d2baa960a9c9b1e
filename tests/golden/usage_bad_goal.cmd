recommend
--preset
bert-base-finetune
--goal
quickest
