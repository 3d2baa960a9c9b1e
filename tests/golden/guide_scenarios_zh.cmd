--lang
zh
guide
scenarios
