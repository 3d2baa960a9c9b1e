recommend
--preset
gpt2-355m-train
--providers
kaggle
--deadline
7d
