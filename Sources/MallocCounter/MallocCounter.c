// Allocation counting for tests: the allocation functions are defined here, in the test
// executable, so every library's calls come here (the dynamic linker finds the executable's
// definition first); each counts, when the calling thread counts, and calls glibc's own.
#include <errno.h>
#include <stddef.h>
#include "MallocCounter.h"

#if defined(__linux__) && defined(__GLIBC__)
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

/// -1 while the thread does not count.
static __thread long counted = -1;

static inline void count(void) {
  if (counted >= 0) counted += 1;
}

void *malloc(size_t size) {
  count();
  return __libc_malloc(size);
}

void *calloc(size_t n, size_t size) {
  count();
  return __libc_calloc(n, size);
}

void *realloc(void *pointer, size_t size) {
  count();
  return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

int posix_memalign(void **out, size_t alignment, size_t size) {
  count();
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *out = pointer;
  return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
  count();
  return __libc_memalign(alignment, size);
}

void malloc_counter_start(void) { counted = 0; }

long malloc_counter_stop(void) {
  long result = counted;
  counted = -1;
  return result;
}
long malloc_counter_read(void) { return counted; }
#else
long malloc_counter_read(void) { return -1; }
void malloc_counter_start(void) {}
long malloc_counter_stop(void) { return -1; }
#endif
