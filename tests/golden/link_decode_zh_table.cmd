--lang
zh
link
decode
#v=1&preset=bert-base-finetune&budget=300&deadline=48h
--format
table
