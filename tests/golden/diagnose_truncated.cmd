diagnose
tests/data/nvidia-smi/a100-truncated-q.txt
