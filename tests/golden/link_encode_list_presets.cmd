link
encode
--list-presets
