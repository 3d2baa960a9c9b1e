diagnose
tests/data/nvidia-smi/rtx4090-pcie-x4-q.txt
--format
md
