#ifndef LARGE_PAGES_H
#define LARGE_PAGES_H

// The program's `malloc`, `calloc` and `realloc` are the C library's, with one addition: memory
// of 2 MiB or more is advised to be backed by the processor's large pages (2 MiB on x86-64
// Linux) when first written. Linux gives large pages to a program only where it asks (its
// usual setting), and the first write of every 4 KiB page costs a fault: over a million rows
// the faults of the tables, row lists and sort buffers were a tenth of a question's time.
// Only the `browse` executable and the tests link this target: a program built on the
// libraries keeps its own allocator.

#include <stddef.h>

/// Advises the whole large pages inside the `size` bytes at `memory`, which nothing should have
/// written yet; the pages at the ends, shared with other allocations, keep the system's choice.
/// Does nothing where the system has no such advice.
void large_pages_advise(void *memory, size_t size);

#endif
