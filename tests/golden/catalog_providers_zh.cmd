--lang
zh
catalog
providers
