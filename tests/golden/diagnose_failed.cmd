diagnose
tests/data/nvidia-smi/smi-failed.txt
