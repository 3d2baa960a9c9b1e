diagnose
tests/data/nvidia-smi/empty.txt
