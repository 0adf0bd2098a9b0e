// jemalloc reads its options from a `malloc_conf` symbol in the program. Thread caches
// off makes `stats.allocated` and the per-size-class counters exact at any moment
// (with caches on they lag by whatever the threads hold), at the price of a slower
// allocator for every row alike.
#if defined(__linux__)
const char *malloc_conf = "tcache:false";
#endif
