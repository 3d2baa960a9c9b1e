recommend
--preset
sd15-finetune
--top
5
