link
decode
--help
