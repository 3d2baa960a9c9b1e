diagnose
/nonexistent/smi.txt
