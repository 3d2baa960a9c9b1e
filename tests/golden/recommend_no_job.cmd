recommend
--budget
300
