cost
--offer
aliyun-cn-hangzhou-t4-x1
--hours
10
--student
