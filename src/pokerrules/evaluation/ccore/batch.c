/* Batches over buffers of card indices.
 *
 * A row is read with one load per card from each of two tables with a place for every byte:
 * card_key64, whose places past 51 hold a poison above the suit counts, and card_bit, where
 * they hold no bit. A value past 51 (or, in a wider type, past 255, which reads place 255)
 * shows as poison in the row's key sum; a card twice shows as a sum of the cards' bits that
 * differs from their OR (the bits are powers of two, so they add without a carry exactly when
 * they are distinct). So a row is checked without a population count, which a processor
 * without that instruction would make a call. */

#include "core.h"

static const char *plain_format(const Py_buffer *view) {
    const char *fmt = view->format ? view->format : "B";
    if (*fmt == '@' || *fmt == '=') fmt++;
#if PY_LITTLE_ENDIAN
    else if (*fmt == '<') fmt++;
#else
    else if (*fmt == '>' || *fmt == '!') fmt++;
#endif
    if (fmt[0] == '\0' || fmt[1] != '\0' || strchr("bBhHiIlLqQ", fmt[0]) == NULL) return NULL;
    return fmt;
}

static int item_size_of(char code) {
    switch (code) {
    case 'b': case 'B': return 1;
    case 'h': case 'H': return 2;
    case 'i': case 'I': return 4;
    case 'l': case 'L': return (int)sizeof(long);
    default: return 8;
    }
}

/* Results are written with memcpy: a buffer need not be aligned for its type. */
static inline void store(char *out, Py_ssize_t size, Py_ssize_t row, int v) {
    char *at = out + row * size;
    if (size == 2) {
        uint16_t x = (uint16_t)v;
        memcpy(at, &x, 2);
    } else if (size == 4) {
        int32_t x = v;
        memcpy(at, &x, 4);
    } else {
        int64_t x = v;
        memcpy(at, &x, 8);
    }
}

/* the table place of a cell: itself for a byte; 255 (no card) for a wider value past 255 */
#define PLACE_OF(T, v)                                                                       \
    (sizeof(T) == 1 ? (unsigned)(unsigned char)(v)                                           \
                    : ((unsigned long long)(v) > 255 ? 255u : (unsigned)(v)))

/* --- a dense table per row width, for the high scale ----------------------------------------
 *
 * The shared perfect hash holds the rank multisets of five, six and seven cards in 2^17 slots
 * (256 KiB) behind 24,593 displacements (48 KiB); a batch of one width touches every cache
 * line of both. The first high batch of a width builds a table of that width's multisets
 * alone -- 49,205 of seven cards in 2^16 slots (128 KiB) behind 2^14 displacements (32 KiB),
 * and less for six and five -- with the same "hash and displace" scheme: a key's bucket is the
 * top bits of the key times a constant, its slot the key plus the bucket's displacement. Half
 * the lines to read, and, with power-of-two sizes, no division. If no displacement places a
 * bucket (it does not happen with these keys, but the tables are built, not shipped), the
 * width keeps the shared tables. */

#define DENSE_SLOT_BITS(W) ((W) == 7 ? 16 : (W) == 6 ? 15 : 14)
#define DENSE_BUCKET_BITS(W) ((W) == 7 ? 14 : (W) == 6 ? 13 : 11)

static uint16_t dense_displacement5[1 << DENSE_BUCKET_BITS(5)];
static uint16_t dense_displacement6[1 << DENSE_BUCKET_BITS(6)];
static uint16_t dense_displacement7[1 << DENSE_BUCKET_BITS(7)];
static uint16_t dense_strength5[1 << DENSE_SLOT_BITS(5)];
static uint16_t dense_strength6[1 << DENSE_SLOT_BITS(6)];
static uint16_t dense_strength7[1 << DENSE_SLOT_BITS(7)];
static int dense_state[3]; /* per width 5-7: 0 not built, 1 built, -1 the shared tables serve */

#define DENSE_DISPLACEMENT(W)                                                                \
    ((W) == 7 ? dense_displacement7 : (W) == 6 ? dense_displacement6 : dense_displacement5)
#define DENSE_STRENGTH(W)                                                                    \
    ((W) == 7 ? dense_strength7 : (W) == 6 ? dense_strength6 : dense_strength5)

static inline uint32_t dense_bucket(uint32_t key, int bucket_bits) {
    return (uint32_t)(key * 0x9E3779B1u) >> (32 - bucket_bits);
}

/* the high strength of W distinct cards without a flush, by their rank key */
#define DENSE_HIGH(W, key)                                                                   \
    DENSE_STRENGTH(W)                                                                        \
    [((key) + DENSE_DISPLACEMENT(W)[dense_bucket((key), DENSE_BUCKET_BITS(W))]) &            \
     ((1u << DENSE_SLOT_BITS(W)) - 1)]

/* the high strength of W distinct cards: the flush table, or the dense table of the width */
#define dense_high(W, key, bits)                                                             \
    (flush_suit(key) >= 0 ? high_flush[((bits) >> (13 * flush_suit(key))) & 0x1FFF]         \
                          : DENSE_HIGH(W, RANK_KEY(key)))

#define MOST_KEYS 49205 /* the rank multisets of seven cards, each rank at most four times */

/* the rank keys of every multiset of ``left`` more cards from ranks ``rank``.. */
static void rank_keys(int rank, int left, uint32_t key, uint32_t *keys, int *count) {
    if (rank == 13) {
        if (left == 0) keys[(*count)++] = key;
        return;
    }
    for (int c = 0; c <= 4 && c <= left; c++)
        rank_keys(rank + 1, left - c, key + (uint32_t)c * pow5[rank], keys, count);
}

static void build_dense(int width) {
    static uint32_t keys[MOST_KEYS], by_bucket[MOST_KEYS];
    static int start[(1 << 14) + 1], order[1 << 14];
    static uint8_t taken[1 << 16];
    const int slot_bits = DENSE_SLOT_BITS(width), bucket_bits = DENSE_BUCKET_BITS(width);
    const uint32_t slots = 1u << slot_bits, mask = slots - 1;
    const int buckets = 1 << bucket_bits;
    uint16_t *displacement = DENSE_DISPLACEMENT(width), *strength = DENSE_STRENGTH(width);
    int count = 0;
    rank_keys(0, width, 0, keys, &count);
    /* the keys bucket by bucket */
    memset(start, 0, sizeof start);
    for (int i = 0; i < count; i++) start[dense_bucket(keys[i], bucket_bits) + 1]++;
    for (int b = 0; b < buckets; b++) start[b + 1] += start[b];
    for (int i = 0; i < count; i++) {
        int b = (int)dense_bucket(keys[i], bucket_bits);
        by_bucket[start[b]++] = keys[i];
    }
    for (int b = buckets; b > 0; b--) start[b] = start[b - 1];
    start[0] = 0;
    /* the buckets largest first */
    int placed = 0, largest = 0;
    for (int b = 0; b < buckets; b++)
        if (start[b + 1] - start[b] > largest) largest = start[b + 1] - start[b];
    for (int size = largest; size > 0; size--)
        for (int b = 0; b < buckets; b++)
            if (start[b + 1] - start[b] == size) order[placed++] = b;
    memset(taken, 0, slots);
    memset(displacement, 0, sizeof(uint16_t) * (size_t)buckets);
    for (int o = 0; o < placed; o++) {
        const int b = order[o], first = start[b], last = start[b + 1];
        uint32_t d = 0;
        for (; d < slots; d++) {
            int free = 1;
            for (int i = first; i < last && free; i++) {
                uint32_t at = (by_bucket[i] + d) & mask;
                free = !taken[at];
                for (int j = first; j < i && free; j++) free = ((by_bucket[j] + d) & mask) != at;
            }
            if (free) break;
        }
        if (d == slots) { /* no displacement places this bucket */
            dense_state[width - 5] = -1;
            return;
        }
        displacement[b] = (uint16_t)d;
        for (int i = first; i < last; i++) {
            uint32_t at = (by_bucket[i] + d) & mask;
            taken[at] = 1;
            strength[at] = slot_strength[S_HIGH][slot_of(by_bucket[i])];
        }
    }
    dense_state[width - 5] = 1;
}

/* Every row of W indices of type T on scale S (both constants here): read, checked (see the
 * top of this file), evaluated, stored; the first bad row is returned (nothing after it is
 * written). */
#define ROWS_OF(T, W, S)                                                                     \
    do {                                                                                     \
        const char *cells = (const char *)src->buf;                                          \
        char *out = (char *)dst->buf;                                                        \
        const Py_ssize_t size = dst->itemsize;                                               \
        for (Py_ssize_t row = 0; row < rows; row++) {                                        \
            const char *cell = cells + row * (Py_ssize_t)((W) * sizeof(T));                  \
            uint64_t key = 0, bits = 0, sum = 0;                                             \
            int idx[7];                                                                      \
            for (int j = 0; j < (W); j++) {                                                  \
                T value;                                                                     \
                memcpy(&value, cell + j * sizeof(T), sizeof(T));                             \
                unsigned place = PLACE_OF(T, value);                                         \
                idx[j] = (int)place;                                                         \
                uint64_t bit = card_bit[place];                                              \
                key += card_key64[place];                                                    \
                bits |= bit;                                                                 \
                sum += bit;                                                                  \
            }                                                                                \
            if ((key >> CARD_POISON_AT) | (sum ^ bits)) return row;                          \
            store(out, size, row,                                                            \
                  (S) == S_HIGH && dense ? dense_high(W, key, bits)                          \
                  : (S) == S_HIGH        ? high_packed(key, bits)                            \
                  : (S) == S_A5 ? slot_strength[S_A5][slot_of(RANK_KEY(key))]                \
                                : eval_d27(idx, (W)));                                       \
        }                                                                                    \
        return -1;                                                                           \
    } while (0)

/* the loop with the row width and the scale known to the compiler, so it unrolls the cards */
#define ROWS_OF_WIDTH(T, W)                                                                  \
    do {                                                                                     \
        if (scale == S_HIGH) ROWS_OF(T, W, S_HIGH);                                          \
        if (scale == S_A5) ROWS_OF(T, W, S_A5);                                              \
        ROWS_OF(T, W, S_D27);                                                                \
    } while (0)

#define DEFINE_ROWS(NAME, T)                                                                 \
    static Py_ssize_t NAME(const Py_buffer *src, const Py_buffer *dst, Py_ssize_t rows,      \
                           int width, int scale, int dense) {                                \
        if (width == 7) ROWS_OF_WIDTH(T, 7);                                                 \
        if (width == 6) ROWS_OF_WIDTH(T, 6);                                                 \
        ROWS_OF_WIDTH(T, 5);                                                                 \
    }

DEFINE_ROWS(rows_b, signed char)
DEFINE_ROWS(rows_B, unsigned char)
DEFINE_ROWS(rows_h, short)
DEFINE_ROWS(rows_H, unsigned short)
DEFINE_ROWS(rows_i, int)
DEFINE_ROWS(rows_I, unsigned int)
DEFINE_ROWS(rows_l, long)
DEFINE_ROWS(rows_L, unsigned long)
DEFINE_ROWS(rows_q, long long)
DEFINE_ROWS(rows_Q, unsigned long long)

/* batch(cards, width, out, scale) -> -1 when every row was evaluated, else the first row that
 * is not ``width`` distinct card indices 0-51 (nothing after it is written). ``cards`` and
 * ``out`` are any C-contiguous buffers of integers; ``out`` has a place per row. */
PyObject *core_batch(PyObject *module, PyObject *args) {
    PyObject *src_obj, *dst_obj;
    int width, scale;
    if (!PyArg_ParseTuple(args, "OiOi:batch", &src_obj, &width, &dst_obj, &scale)) return NULL;
    if (width < 5 || width > 7 || scale < 0 || scale >= SCALES) {
        PyErr_SetString(PyExc_ValueError, "width must be 5-7 and scale 0-2");
        return NULL;
    }
    if (!loaded) {
        PyErr_SetString(PyExc_RuntimeError, "pokerrules core: tables not loaded");
        return NULL;
    }
    Py_buffer src, dst;
    if (PyObject_GetBuffer(src_obj, &src, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) return NULL;
    if (PyObject_GetBuffer(dst_obj, &dst, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) <
        0) {
        PyBuffer_Release(&src);
        return NULL;
    }
    const char *sfmt = plain_format(&src), *dfmt = plain_format(&dst);
    PyObject *result = NULL;
    if (sfmt == NULL || dfmt == NULL || src.itemsize != item_size_of(*sfmt) ||
        dst.itemsize != item_size_of(*dfmt) || dst.itemsize < 2) {
        PyErr_SetString(PyExc_TypeError,
                        "batch buffers must hold native integers (results of 2 bytes or more)");
        goto done;
    }
    Py_ssize_t items = src.len / src.itemsize, rows = items / width;
    if (items % width != 0 || dst.len / dst.itemsize != rows) {
        PyErr_SetString(PyExc_ValueError, "the buffers' sizes do not match");
        goto done;
    }
    if (scale == S_HIGH && dense_state[width - 5] == 0) build_dense(width); /* with the GIL */
    const int dense = scale == S_HIGH && dense_state[width - 5] == 1;
    Py_ssize_t bad;
    Py_BEGIN_ALLOW_THREADS
    switch (*sfmt) {
    case 'b': bad = rows_b(&src, &dst, rows, width, scale, dense); break;
    case 'B': bad = rows_B(&src, &dst, rows, width, scale, dense); break;
    case 'h': bad = rows_h(&src, &dst, rows, width, scale, dense); break;
    case 'H': bad = rows_H(&src, &dst, rows, width, scale, dense); break;
    case 'i': bad = rows_i(&src, &dst, rows, width, scale, dense); break;
    case 'I': bad = rows_I(&src, &dst, rows, width, scale, dense); break;
    case 'l': bad = rows_l(&src, &dst, rows, width, scale, dense); break;
    case 'L': bad = rows_L(&src, &dst, rows, width, scale, dense); break;
    case 'q': bad = rows_q(&src, &dst, rows, width, scale, dense); break;
    default: bad = rows_Q(&src, &dst, rows, width, scale, dense); break;
    }
    Py_END_ALLOW_THREADS
    result = PyLong_FromSsize_t(bad);
done:
    PyBuffer_Release(&src);
    PyBuffer_Release(&dst);
    return result;
}

/* dense_states() -> per row width 5-7: 1 if its dense table is in use, 0 if not built yet, -1
 * if the shared tables serve it */
PyObject *core_dense_states(PyObject *module, PyObject *unused) {
    return Py_BuildValue("(iii)", dense_state[0], dense_state[1], dense_state[2]);
}
