estimate
--preset
bert-large-train
--gpu
3090
