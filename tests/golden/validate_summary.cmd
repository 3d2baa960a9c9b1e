validate
--summary
