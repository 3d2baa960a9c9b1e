--lang
zh
catalog
offers
--format
md
