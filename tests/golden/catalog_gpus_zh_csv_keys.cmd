--lang
zh
catalog
gpus
--format
csv
