// Deliberately unformatted: scripts/check-format.sh must refuse it (tests/format/run.sh).
int   main( ){return 0 ;}
