recommend
--preset
resnet50-train
--budget
5
--deadline
24h
