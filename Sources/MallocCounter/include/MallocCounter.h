#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

/// Counts the allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc) the calling
/// thread makes between `malloc_counter_start()` and `malloc_counter_stop()`, which returns
/// the count. Linking this target into a program replaces those functions with ones that count
/// and then call glibc's own: for tests only (TodosFeatureTests links it).
void malloc_counter_start(void);
long malloc_counter_stop(void);
/// The count so far, counting on.
long malloc_counter_read(void);

#endif
