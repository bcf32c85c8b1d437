// Replaces malloc, calloc, realloc and free for the whole process (the executable's
// definitions come first in ELF symbol lookup, so expat, Foundation and the Swift runtime
// call these) and forwards to glibc's own entry points. Counting is off until
// CAllocationCounter_start, so start-up allocations are not counted.
//
// posix_memalign, aligned_alloc and memalign are not replaced: they go straight to glibc,
// whose free accepts their blocks. The Swift runtime uses them only for over-aligned types.
#include "CAllocationCounter.h"

#include <stdatomic.h>
#include <stddef.h>

#if defined(__linux__) && defined(__GLIBC__)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);

static atomic_int CAllocationCounter_enabled;
static atomic_uint_fast64_t CAllocationCounter_allocations;
static atomic_uint_fast64_t CAllocationCounter_reallocations;
static atomic_uint_fast64_t CAllocationCounter_frees;

static inline void CAllocationCounter_count(atomic_uint_fast64_t *counter) {
    if (atomic_load_explicit(&CAllocationCounter_enabled, memory_order_relaxed)) {
        atomic_fetch_add_explicit(counter, 1, memory_order_relaxed);
    }
}

void *malloc(size_t size) {
    CAllocationCounter_count(&CAllocationCounter_allocations);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    CAllocationCounter_count(&CAllocationCounter_allocations);
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    CAllocationCounter_count(pointer ? &CAllocationCounter_reallocations : &CAllocationCounter_allocations);
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    if (pointer) CAllocationCounter_count(&CAllocationCounter_frees);
    __libc_free(pointer);
}

void CAllocationCounter_start(void) {
    atomic_store(&CAllocationCounter_allocations, 0);
    atomic_store(&CAllocationCounter_reallocations, 0);
    atomic_store(&CAllocationCounter_frees, 0);
    atomic_store(&CAllocationCounter_enabled, 1);
}

CAllocationCounter_Counts CAllocationCounter_stop(void) {
    atomic_store(&CAllocationCounter_enabled, 0);
    CAllocationCounter_Counts counts = {
        atomic_load(&CAllocationCounter_allocations),
        atomic_load(&CAllocationCounter_reallocations),
        atomic_load(&CAllocationCounter_frees),
    };
    return counts;
}

int CAllocationCounter_isSupported(void) { return 1; }

#else

// Elsewhere nothing is replaced and nothing is counted.
void CAllocationCounter_start(void) {}
CAllocationCounter_Counts CAllocationCounter_stop(void) {
    CAllocationCounter_Counts counts = {0, 0, 0};
    return counts;
}
int CAllocationCounter_isSupported(void) { return 0; }

#endif
