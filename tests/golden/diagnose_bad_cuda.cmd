diagnose
tests/data/nvidia-smi/a100-healthy-q.txt
--cuda
twelve
