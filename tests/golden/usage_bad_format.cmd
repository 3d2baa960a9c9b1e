catalog
gpus
--format
xml
