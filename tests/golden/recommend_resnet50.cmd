recommend
--preset
resnet50-train
--top
5
