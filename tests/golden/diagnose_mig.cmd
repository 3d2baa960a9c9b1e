diagnose
tests/data/nvidia-smi/a100-mig-table.txt
