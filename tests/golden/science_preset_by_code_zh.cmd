--lang
zh
estimate
--preset
VASP
--gpu
a100-40gb-pcie
