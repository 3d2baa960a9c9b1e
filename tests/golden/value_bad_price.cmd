value
--gpu
3090
--price
-1
--utilization
0.5
