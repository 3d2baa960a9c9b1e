estimate
--preset
bert-base-finetune
--reference-gpu
GTX 1080
--reference-hours
72h
--gpu
t4
--gpu
3090
--gpu
a100-40gb-pcie
