--lang
zh
recommend
--list-presets
