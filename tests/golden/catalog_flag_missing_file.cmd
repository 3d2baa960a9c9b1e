--catalog
tests/golden/no-such-catalog.json
catalog
gpus
