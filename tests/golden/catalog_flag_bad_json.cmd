--catalog
tests/golden/data/truncated-catalog.json
estimate
--preset
qlora-7b
