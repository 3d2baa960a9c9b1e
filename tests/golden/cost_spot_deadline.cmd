cost
--offer
aws-us-east-1-t4-x1
--hours
30
--spot
--deadline
36h
