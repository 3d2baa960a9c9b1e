recommend
--preset
md-gromacs-fp64
--top
5
