--lang
en
guide
value
