#include "LargePages.h"

#include <stdint.h>

#if defined(__linux__) && defined(__GLIBC__)
#include <sys/mman.h>

enum { large_page = 2 << 20 };

void large_pages_advise(void *memory, size_t size) {
    if (memory == NULL || size < large_page) return;
    const uintptr_t mask = (uintptr_t)large_page - 1;
    const uintptr_t start = ((uintptr_t)memory + mask) & ~mask;
    const uintptr_t end = ((uintptr_t)memory + size) & ~mask;
    // Only advice: where large pages are off, or none is free, small ones are used.
    if (end > start) (void)madvise((void *)start, end - start, MADV_HUGEPAGE);
}

// glibc's own entry points, which it exports so that a program can wrap its allocator (they
// are also what tools such as Valgrind replace).
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *memory, size_t size);

void *malloc(size_t size) {
    void *memory = __libc_malloc(size);
    large_pages_advise(memory, size);
    return memory;
}

void *calloc(size_t count, size_t size) {
    void *memory = __libc_calloc(count, size);
    // The product cannot overflow once the allocation succeeded.
    if (memory != NULL) large_pages_advise(memory, count * size);
    return memory;
}

void *realloc(void *memory, size_t size) {
    void *moved = __libc_realloc(memory, size);
    large_pages_advise(moved, size);
    return moved;
}

#else

void large_pages_advise(void *memory, size_t size) {
    (void)memory;
    (void)size;
}

#endif
