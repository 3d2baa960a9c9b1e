diagnose
tests/data/nvidia-smi/a100-healthy.csv
--format
json
