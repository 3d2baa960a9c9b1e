diagnose
tests/data/nvidia-smi/rtxa6000-thermal-q.txt
