recommend
--preset
gpt2-355m-train
--cards
16
--providers
autodl
