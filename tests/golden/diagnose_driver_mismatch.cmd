diagnose
tests/data/nvidia-smi/v100x2-driver470-table.txt
--cuda
12.1
