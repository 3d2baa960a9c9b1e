--lang
zh
recommend
--model
llama3-8
--budget
100
