diagnose
tests/data/nvidia-smi/rtx3090-downclocked-q.txt
--hours
48
--price
1.6
