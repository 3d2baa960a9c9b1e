diagnose
tests/data/nvidia-smi/rtx3090-noheader.csv
--csv-columns
name,driver_version,pstate,utilization.gpu,clocks.sm,clocks.max.sm
--format
csv
