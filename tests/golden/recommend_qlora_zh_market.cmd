--lang
zh
recommend
--preset
qlora-7b
