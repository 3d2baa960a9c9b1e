estimate
--model
GROMACS
--gpu
rtx-4090
--gpu
a100-80gb-sxm4
