lab
--people
8
--cards
100
