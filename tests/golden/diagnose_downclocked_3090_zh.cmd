--lang
zh
diagnose
tests/data/nvidia-smi/rtx3090-downclocked-q.txt
