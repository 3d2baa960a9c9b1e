value
--gpu
A100
--price
1
--utilization
0.5
