--currency
USD
--lang
en
recommend
--preset
qlora-7b
