diagnose
tests/data/nvidia-smi/a100-healthy-table.txt
