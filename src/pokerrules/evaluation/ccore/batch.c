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

/* Every row of W indices of type T on scale S (both constants here): read, checked by the
 * population count, evaluated, stored; the first bad row is returned (nothing after it is
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
                  (S) == S_HIGH ? high_packed(key, bits)                                     \
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
                           int width, int scale) {                                           \
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
    Py_ssize_t bad;
    Py_BEGIN_ALLOW_THREADS
    switch (*sfmt) {
    case 'b': bad = rows_b(&src, &dst, rows, width, scale); break;
    case 'B': bad = rows_B(&src, &dst, rows, width, scale); break;
    case 'h': bad = rows_h(&src, &dst, rows, width, scale); break;
    case 'H': bad = rows_H(&src, &dst, rows, width, scale); break;
    case 'i': bad = rows_i(&src, &dst, rows, width, scale); break;
    case 'I': bad = rows_I(&src, &dst, rows, width, scale); break;
    case 'l': bad = rows_l(&src, &dst, rows, width, scale); break;
    case 'L': bad = rows_L(&src, &dst, rows, width, scale); break;
    case 'q': bad = rows_q(&src, &dst, rows, width, scale); break;
    default: bad = rows_Q(&src, &dst, rows, width, scale); break;
    }
    Py_END_ALLOW_THREADS
    result = PyLong_FromSsize_t(bad);
done:
    PyBuffer_Release(&src);
    PyBuffer_Release(&dst);
    return result;
}
