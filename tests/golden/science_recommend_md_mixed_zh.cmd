--lang
zh
recommend
--preset
md-mixed-100k
--top
5
