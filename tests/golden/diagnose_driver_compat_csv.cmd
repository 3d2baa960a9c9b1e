diagnose
tests/data/nvidia-smi/v100x2-driver470-table.txt
--cuda
cu118
--format
csv
