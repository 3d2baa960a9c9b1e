--lang
zh
cost
--offer
autodl-cn-rtx-3090-x1
--hours
10
--bogus
