recommend
--preset
yolo-detect-train
--top
5
