guide
billing
--format
md
