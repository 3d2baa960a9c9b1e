--lang
zh
guide
--list
