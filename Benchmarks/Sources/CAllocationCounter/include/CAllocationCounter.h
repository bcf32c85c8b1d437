#ifndef CALLOCATION_COUNTER_H
#define CALLOCATION_COUNTER_H

#include <stdint.h>

/// Counts of calls to the allocator since the last reset, from every thread.
typedef struct {
    /// malloc, calloc, and realloc with a null pointer.
    uint64_t allocations;
    /// realloc of an existing block.
    uint64_t reallocations;
    /// free of a non-null pointer.
    uint64_t frees;
} CAllocationCounter_Counts;

/// Zeroes the counts and starts counting.
void CAllocationCounter_start(void);
/// Stops counting and returns the counts since `CAllocationCounter_start`.
CAllocationCounter_Counts CAllocationCounter_stop(void);
/// 1 where the allocator is replaced (Linux with glibc), 0 where nothing is counted.
int CAllocationCounter_isSupported(void);

#endif
