recommend
--preset
gpt2-355m-train
--deadline
40h
--spot
deny
