diagnose
tests/data/nvidia-smi/a100-80gb-ecc-errors-q.txt
