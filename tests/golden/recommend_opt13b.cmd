recommend
--preset
opt-13b-fp16
--top
5
