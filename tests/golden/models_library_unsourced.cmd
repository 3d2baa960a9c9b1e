models
--library
tests/data/models-unsourced.json
