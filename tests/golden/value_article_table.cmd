value
--gpu
RTX 3090
--gpu
A100 40GB PCIe
--gpu
T4
--price
1.5
--price
4.8
--price
0.7
--utilization
0.85
--utilization
0.92
--utilization
0.78
