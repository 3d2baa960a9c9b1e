diagnose
tests/data/nvidia-smi/garbage.txt
