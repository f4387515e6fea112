#ifndef CSV_STOPS_H
#define CSV_STOPS_H

// Where a CSV scanner must stop in 64 bytes, as two words of bits: one bit a byte. The scanner
// then finds each field's end by counting zero bits instead of comparing its bytes again.
// Swift's SIMD types compare 16 bytes at once but cannot gather the comparison into bits in one
// instruction (SSE2's `pmovmskb`); C's intrinsics can. Being `static inline`, the function is
// compiled into its Swift caller's loop.

#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// The stops of 64 bytes: bit i stands for byte i.
typedef struct {
    /// Quotes and line ends (LF, CR): where a quoted field's bytes may end.
    uint64_t quoted;
    /// Delimiters, quotes and line ends: where an unquoted field's bytes may end.
    uint64_t unquoted;
} csv_stops;

/// The stops of the 64 bytes at `bytes`, which must all be readable (no alignment needed).
static inline __attribute__((always_inline)) csv_stops
csv_stops_64(const uint8_t *bytes, uint8_t delimiter, uint8_t quote) {
    uint64_t quoted = 0;
    uint64_t unquoted = 0;
#if defined(__SSE2__)
    const __m128i delimiters = _mm_set1_epi8((char)delimiter);
    const __m128i quotes = _mm_set1_epi8((char)quote);
    const __m128i lineFeeds = _mm_set1_epi8('\n');
    const __m128i returns = _mm_set1_epi8('\r');
    for (int block = 0; block < 4; block++) {
        const __m128i chunk = _mm_loadu_si128((const __m128i *)(const void *)(bytes + 16 * block));
        const __m128i ends = _mm_or_si128(
            _mm_cmpeq_epi8(chunk, quotes),
            _mm_or_si128(_mm_cmpeq_epi8(chunk, lineFeeds), _mm_cmpeq_epi8(chunk, returns)));
        const __m128i all = _mm_or_si128(ends, _mm_cmpeq_epi8(chunk, delimiters));
        quoted |= (uint64_t)(uint16_t)_mm_movemask_epi8(ends) << (16 * block);
        unquoted |= (uint64_t)(uint16_t)_mm_movemask_epi8(all) << (16 * block);
    }
#else
    for (int index = 0; index < 64; index++) {
        const uint8_t byte = bytes[index];
        const uint64_t bit = (uint64_t)1 << index;
        if (byte == quote || byte == '\n' || byte == '\r') {
            quoted |= bit;
            unquoted |= bit;
        } else if (byte == delimiter) {
            unquoted |= bit;
        }
    }
#endif
    csv_stops stops = {quoted, unquoted};
    return stops;
}

/// The marks of 64 bytes, each kind apart: bit i stands for byte i.
typedef struct {
    uint64_t delimiters;
    uint64_t quotes;
    /// LF and CR.
    uint64_t lineEnds;
} csv_marks;

/// The delimiters, quotes and line ends of the 64 bytes at `bytes`, which must all be readable
/// (no alignment needed): what a reader that tells quoted bytes from the others by the parity
/// of the quotes before them needs.
static inline __attribute__((always_inline)) csv_marks
csv_marks_64(const uint8_t *bytes, uint8_t delimiter, uint8_t quote) {
    uint64_t delimiters = 0;
    uint64_t quotes = 0;
    uint64_t lineEnds = 0;
#if defined(__SSE2__)
    const __m128i delimiterBytes = _mm_set1_epi8((char)delimiter);
    const __m128i quoteBytes = _mm_set1_epi8((char)quote);
    const __m128i lineFeeds = _mm_set1_epi8('\n');
    const __m128i returns = _mm_set1_epi8('\r');
    for (int block = 0; block < 4; block++) {
        const __m128i chunk = _mm_loadu_si128((const __m128i *)(const void *)(bytes + 16 * block));
        const __m128i ends = _mm_or_si128(_mm_cmpeq_epi8(chunk, lineFeeds), _mm_cmpeq_epi8(chunk, returns));
        delimiters |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, delimiterBytes)) << (16 * block);
        quotes |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, quoteBytes)) << (16 * block);
        lineEnds |= (uint64_t)(uint16_t)_mm_movemask_epi8(ends) << (16 * block);
    }
#else
    for (int index = 0; index < 64; index++) {
        const uint8_t byte = bytes[index];
        const uint64_t bit = (uint64_t)1 << index;
        if (byte == '\n' || byte == '\r') {
            lineEnds |= bit;
        } else if (byte == quote) {
            quotes |= bit;
        } else if (byte == delimiter) {
            delimiters |= bit;
        }
    }
#endif
    csv_marks marks = {delimiters, quotes, lineEnds};
    return marks;
}

/// The bytes of the 64 at `bytes` that are not ASCII (high bit set), which must all be
/// readable (no alignment needed): bit i stands for byte i. A field whose bits are all clear is
/// ASCII, as wide as it is long and valid UTF-8, without reading its bytes again.
static inline __attribute__((always_inline)) uint64_t csv_non_ascii_64(const uint8_t *bytes) {
    uint64_t high = 0;
#if defined(__SSE2__)
    for (int block = 0; block < 4; block++) {
        const __m128i chunk = _mm_loadu_si128((const __m128i *)(const void *)(bytes + 16 * block));
        high |= (uint64_t)(uint16_t)_mm_movemask_epi8(chunk) << (16 * block);
    }
#else
    for (int index = 0; index < 64; index++) {
        high |= (uint64_t)(bytes[index] >> 7) << index;
    }
#endif
    return high;
}

/// Asks for the two cache lines from `bytes` to be read into the caches ahead of their use (a
/// record read out of file order); it never faults. Swift has no prefetch of its own.
static inline __attribute__((always_inline)) void csv_prefetch(const uint8_t *bytes) {
    __builtin_prefetch(bytes, 0, 3);
    __builtin_prefetch(bytes + 64, 0, 3);
}

#endif
