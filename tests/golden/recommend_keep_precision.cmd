recommend
--preset
opt-13b-fp16
--keep-precision
--top
5
