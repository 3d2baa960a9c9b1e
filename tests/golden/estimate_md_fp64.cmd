estimate
--preset
md-gromacs-fp64
--gpu
a100-40gb-pcie
--gpu
3090
