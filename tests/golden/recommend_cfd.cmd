recommend
--preset
cfd-openfoam
--top
3
