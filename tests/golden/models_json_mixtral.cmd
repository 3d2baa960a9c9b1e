models
mixtral
--format
json
