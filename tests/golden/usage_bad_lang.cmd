--lang
fr
catalog
gpus
