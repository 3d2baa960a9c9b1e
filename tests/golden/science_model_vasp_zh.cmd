estimate
--model
VASP
--gpu
a100-80gb-sxm4
--lang
zh
