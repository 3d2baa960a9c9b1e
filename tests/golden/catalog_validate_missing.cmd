catalog
validate
/nonexistent/catalog.json
