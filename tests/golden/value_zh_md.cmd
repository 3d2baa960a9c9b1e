--lang
zh
value
--gpu
RTX 3090
--gpu
T4
--price
1.5
--price
0.7
--utilization
0.85
--utilization
0.78
--format
md
