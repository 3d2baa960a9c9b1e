diagnose
tests/data/nvidia-smi/a100x8-table.txt
