// AddressSanitizer defaults of every fuzz target (ASAN_OPTIONS in the environment still overrides them).
//
// quarantine_size_mb=16 (ASan's default is 256): freed blocks wait in the quarantine before reuse, so a
// use-after-free is caught while the block is still there. One input of a parser target allocates well
// under 1 MB (fuzz_link: ~190 allocations, ~40 KB per input; print_stats=1), so 16 MB still holds every
// block freed during the input being run, and many inputs before it. A 256 MB quarantine makes every
// allocation land on cold, often not yet mapped memory: page faults and TLB flushes were a third to half
// of fuzz_link's time (perf, 2026-12-05), and 16 MB halves its time per input.
extern "C" const char* __asan_default_options() {
  return "quarantine_size_mb=16";
}
