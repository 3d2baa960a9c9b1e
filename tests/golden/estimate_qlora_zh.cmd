--lang
zh
estimate
--preset
qlora-7b
--gpu
4090
