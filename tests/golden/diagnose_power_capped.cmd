diagnose
tests/data/nvidia-smi/rtx3090-power-capped-q.txt
