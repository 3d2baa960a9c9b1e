--lang
zh
catalog
validate
data/catalog.json
