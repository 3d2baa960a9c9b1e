estimate
--list-presets
