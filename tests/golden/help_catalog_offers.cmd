catalog
offers
--help
