recommend
--preset
opt-13b-fp16
--providers
autodl
--why-dropped
