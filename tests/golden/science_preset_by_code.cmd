recommend
--preset
AMBER
--top
3
