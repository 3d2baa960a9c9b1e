recommend
--preset
dft-fp64
--top
5
