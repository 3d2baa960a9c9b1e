estimate
--model
gpt2-xl
--gpu
4090
