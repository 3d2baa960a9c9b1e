--lang=zh
cost
--offer
autodl-cn-rtx-3090-x1
