/* The compiled evaluation core: the hot path of pokerrules.evaluation in plain C.
 *
 * Optional. Every entry point is an object that, for the common well-formed input (a tuple or
 * list of five to seven distinct standard cards, say), looks the value up in the same tables
 * as the pure-Python path; for anything else -- the joker, more cards, wrong types, repeated
 * cards, keyword arguments -- it calls the pure-Python function it stands in for, which
 * evaluates the rare hand or raises the library's own error. So both paths give identical
 * results and identical errors by construction, and no input reaches C code that does not
 * check it.
 *
 * Cards are read by identity: the 52 Card objects are interned, and setup() hands them over
 * in index order (index = 4 * (rank - 2) + suit). The tables come from _core.bin (see
 * _build.py): the perfect-hash displacements of the rank multisets and, per slot, the
 * multiset's high, ace-to-five and deuce-to-seven strengths, then the flush tables.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define HASH_BUCKETS 24593
#define HASH_SLOTS (1 << 17)
#define HASH_MASK (HASH_SLOTS - 1)
#define FLUSH_MASKS 8192
#define HIGH_COUNT 7463 /* strengths 1..7463; 7463 is five aces (the joker) */
#define A5_COUNT 6175
#define D27_COUNT 7462
#define CORE_SIZE                                                                              \
    (2 * (HASH_BUCKETS + 3 * HASH_SLOTS + 2 * FLUSH_MASKS) + 6 * (HIGH_COUNT + A5_COUNT + D27_COUNT))

enum { S_HIGH, S_A5, S_D27, SCALES };

static uint16_t displacement[HASH_BUCKETS];
static uint16_t slot_strength[SCALES][HASH_SLOTS];
static uint16_t high_flush[FLUSH_MASKS], d27_flush[FLUSH_MASKS];
static uint8_t a5_qualifies[A5_COUNT + 1];
static uint8_t suit_state[1 << 16];
static uint32_t pow5[13];
/* Per card index: the rank digit (base 5) in bits 0-30 plus one in its suit's 4-bit count at
 * bit 32 + 4 * suit, so that a hand's sum carries its rank key and suit counts; and one bit
 * per card, suit by suit (13 * suit + rank), whose OR proves the cards distinct and holds
 * each suit's rank mask. */
static uint64_t card_key64[52], card_bit[52];
#define RANK_KEY(k) ((uint32_t)((k) & 0x7FFFFFFFu))
#define SUIT_STATE(k) suit_state[((k) >> 32) & 0xFFFF]

#if defined(__GNUC__) || defined(__clang__)
#define POPCOUNT64(x) __builtin_popcountll(x)
#else
static int POPCOUNT64(uint64_t x) {
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}
#endif
static int loaded = 0;
static PyObject *loader = NULL; /* called once, before the first evaluation */

/* Cards by identity: a direct-mapped table from object address to index. setup() picks the
 * shift that gives the 52 interned cards 52 different places, so a look-up is one load and
 * one comparison; any other object (a copy, the joker, an int) is not in its place. */
#define CARD_MAP 4096
static PyObject *card_key[CARD_MAP];
static int8_t card_val[CARD_MAP];
static PyObject *cards_by_index[52];
static int card_shift = 4;

static inline size_t card_hash(PyObject *p) {
    return (size_t)((uintptr_t)p >> card_shift) & (CARD_MAP - 1);
}

static inline int card_index(PyObject *p) {
    /* open addressing: where no shift separates every card, a clash moves on to the next slot */
    for (size_t h = card_hash(p);; h = (h + 1) & (CARD_MAP - 1)) {
        if (card_key[h] == p) return card_val[h];
        if (card_key[h] == NULL) return -1;
    }
}

/* Short deck, per scale (standard order, then three of a kind over a straight): the best
 * strength per perfect-hash slot of the rank multiset and per flush mask, loaded on first use
 * by short_loader(index), and the scale's values by strength. */
static uint16_t short_slot[2][HASH_SLOTS], short_flush[2][FLUSH_MASKS];
static int short_loaded[2];
static PyObject *short_values[2], *short_scale[2], *short_loader;

/* Per scale: the shared list of HandValue objects (None until made) and their factory. */
static PyObject *value_list[SCALES];
static PyObject *value_maker[SCALES];
static PyObject *scale_object[SCALES];

static inline uint32_t slot_of(uint32_t key) {
    return (key + displacement[key % HASH_BUCKETS]) & HASH_MASK;
}

/* --- the evaluation core over card indices (distinct, 0-51, trusted) ---------------------- */

/* the high strength of a sum of distinct cards' keys and the OR of their bits */
static inline int high_packed(uint64_t key, uint64_t bits) {
    /* a suit count of five or more (counts are at most seven): adding three to every 4-bit
     * count sets the count's top bit exactly then */
    uint32_t flush = ((uint32_t)(key >> 32) + 0x3333u) & 0x8888u;
    if (flush) {
        int suit = flush & 0x8u ? 0 : flush & 0x80u ? 1 : flush & 0x800u ? 2 : 3;
        return high_flush[(bits >> (13 * suit)) & 0x1FFF];
    }
    return slot_strength[S_HIGH][slot_of(RANK_KEY(key))];
}

static inline int eval_high(const int *idx, int n) {
    uint64_t key = 0, bits = 0;
    for (int i = 0; i < n; i++) {
        key += card_key64[idx[i]];
        bits |= card_bit[idx[i]];
    }
    return high_packed(key, bits);
}

static inline int eval_a5(const int *idx, int n) {
    uint32_t key = 0;
    for (int i = 0; i < n; i++) key += pow5[idx[i] >> 2];
    return slot_strength[S_A5][slot_of(key)];
}

static inline int eval_d27_five(const int *idx) {
    uint32_t key = 0;
    unsigned mask = 0, suits = 0;
    for (int i = 0; i < 5; i++) {
        key += pow5[idx[i] >> 2];
        mask |= 1u << (idx[i] >> 2);
        suits |= 1u << (idx[i] & 3);
    }
    if ((suits & (suits - 1)) == 0) return d27_flush[mask];
    return slot_strength[S_D27][slot_of(key)];
}

/* the best five of n (5-7) cards on deuce-to-seven: leave out one card (six) or two (seven) */
static int eval_d27(const int *idx, int n) {
    if (n == 5) return eval_d27_five(idx);
    int best = 0, five[5];
    for (int a = 0; a < n; a++)
        for (int b = (n == 6 ? a : a + 1); b < n; b++) {
            int k = 0;
            for (int i = 0; i < n; i++)
                if (i != a && i != b) five[k++] = idx[i];
            int v = eval_d27_five(five);
            if (v > best) best = v;
            if (n == 6) break;
        }
    return best;
}

static inline int eval_scale(int scale, const int *idx, int n) {
    switch (scale) {
    case S_HIGH: return eval_high(idx, n);
    case S_A5: return eval_a5(idx, n);
    default: return eval_d27(idx, n);
    }
}

/* --- reading Python input --------------------------------------------------------------- */

/* The card indices of a tuple or list of lo..hi distinct known cards, or -1 (let the
 * pure-Python path decide). ``seen`` gets one bit per card. */
static int read_cards(PyObject *seq, int *idx, int lo, int hi, uint64_t *seen) {
    Py_ssize_t n;
    PyObject **items;
    if (PyTuple_CheckExact(seq)) {
        n = PyTuple_GET_SIZE(seq);
        items = &PyTuple_GET_ITEM(seq, 0);
    } else if (PyList_CheckExact(seq)) {
        n = PyList_GET_SIZE(seq);
        items = ((PyListObject *)seq)->ob_item;
    } else {
        return -1;
    }
    if (n < lo || n > hi) return -1;
    uint64_t bits = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        int c = card_index(items[i]);
        if (c < 0) return -1;
        uint64_t bit = (uint64_t)1 << c;
        if (bits & bit) return -1;
        bits |= bit;
        idx[i] = c;
    }
    *seen = bits;
    return (int)n;
}

/* The card indices of a tuple or list of lo..hi distinct integers 0-51, or -1. */
static int read_codes(PyObject *seq, int *idx, int lo, int hi) {
    Py_ssize_t n;
    PyObject **items;
    if (PyTuple_CheckExact(seq)) {
        n = PyTuple_GET_SIZE(seq);
        items = &PyTuple_GET_ITEM(seq, 0);
    } else if (PyList_CheckExact(seq)) {
        n = PyList_GET_SIZE(seq);
        items = ((PyListObject *)seq)->ob_item;
    } else {
        return -1;
    }
    if (n < lo || n > hi) return -1;
    uint64_t bits = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = items[i];
        if (!PyLong_CheckExact(item)) return -1;
        int overflow = 0;
        long c = PyLong_AsLongAndOverflow(item, &overflow);
        if (overflow || c < 0 || c > 51) return -1;
        uint64_t bit = (uint64_t)1 << c;
        if (bits & bit) return -1;
        bits |= bit;
        idx[i] = (int)c;
    }
    return (int)n;
}

static PyObject *value_of(int scale, int strength) {
    PyObject *list = value_list[scale];
    if (strength <= 0 || strength >= PyList_GET_SIZE(list)) {
        PyErr_SetString(PyExc_SystemError, "pokerrules core: strength out of range");
        return NULL;
    }
    PyObject *v = PyList_GET_ITEM(list, strength);
    if (v != Py_None) {
        Py_INCREF(v);
        return v;
    }
    return PyObject_CallFunction(value_maker[scale], "i", strength);
}

/* --- entry points --------------------------------------------------------------------------- */

enum {
    K_HIGH,
    K_A5,
    K_EIGHT,
    K_D27,
    K_OMAHA,
    K_OMAHA_EIGHT,
    K_HIGH_OF,
    K_LOW_OF,
    K_HIGH_TOTAL,
    K_SHORT,
    KINDS
};

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *dict;
    PyObject *fallback;
    int kind;
} Entry;

#define MAX_HOLE 10
#define MAX_BOARD 10

static int omaha_best(int scale, const int *hole, int nh, const int *board, int nb, int eight) {
    int best = 0, five[5];
    for (int a = 0; a < nh; a++)
        for (int b = a + 1; b < nh; b++)
            for (int x = 0; x < nb; x++)
                for (int y = x + 1; y < nb; y++)
                    for (int z = y + 1; z < nb; z++) {
                        five[0] = hole[a];
                        five[1] = hole[b];
                        five[2] = board[x];
                        five[3] = board[y];
                        five[4] = board[z];
                        int v = eval_scale(scale, five, 5);
                        if (eight && !a5_qualifies[v]) continue;
                        if (v > best) best = v;
                    }
    return best;
}

/* The value, or NULL with no exception set: the pure-Python path takes the call. */
static PyObject *fast_path(Entry *self, PyObject *const *args, Py_ssize_t nargs) {
    int idx[MAX_HOLE + MAX_BOARD], n, v;
    uint64_t seen, seen2;
    switch (self->kind) {
    case K_HIGH:
    case K_A5:
    case K_EIGHT:
    case K_D27:
        if (nargs != 1 || (n = read_cards(args[0], idx, 5, 7, &seen)) < 0) return NULL;
        if (self->kind == K_HIGH) return value_of(S_HIGH, eval_high(idx, n));
        if (self->kind == K_D27) return value_of(S_D27, eval_d27(idx, n));
        v = eval_a5(idx, n);
        if (self->kind == K_EIGHT && !a5_qualifies[v]) Py_RETURN_NONE;
        return value_of(S_A5, v);
    case K_OMAHA:
    case K_OMAHA_EIGHT: {
        int scale = S_HIGH;
        if (nargs == 3 && self->kind == K_OMAHA) {
            for (scale = 0; scale < SCALES && scale_object[scale] != args[2]; scale++) {
            }
            if (scale == SCALES) return NULL;
        } else if (nargs != 2) {
            return NULL;
        }
        int nh = read_cards(args[0], idx, 2, MAX_HOLE, &seen);
        if (nh < 0) return NULL;
        int nb = read_cards(args[1], idx + nh, 3, MAX_BOARD, &seen2);
        if (nb < 0 || (seen & seen2)) return NULL;
        if (self->kind == K_OMAHA)
            return value_of(scale, omaha_best(scale, idx, nh, idx + nh, nb, 0));
        v = omaha_best(S_A5, idx, nh, idx + nh, nb, 1);
        if (!v) Py_RETURN_NONE;
        return value_of(S_A5, v);
    }
    case K_HIGH_OF:
    case K_LOW_OF:
        if (nargs != 1 || (n = read_codes(args[0], idx, 5, 7)) < 0) return NULL;
        return PyLong_FromLong(self->kind == K_HIGH_OF ? eval_high(idx, n) : eval_a5(idx, n));
    case K_SHORT: {
        int sc = 0;
        if (nargs == 2) {
            for (sc = 0; sc < 2 && short_scale[sc] != args[1]; sc++) {
            }
            if (sc == 2) return NULL;
        } else if (nargs != 1) {
            return NULL;
        }
        if ((n = read_cards(args[0], idx, 5, 7, &seen)) < 0) return NULL;
        uint64_t key = 0;
        for (int i = 0; i < n; i++) {
            if (idx[i] < 16) return NULL; /* below six: the pure path says so */
            key += card_key64[idx[i]];
        }
        if (!short_loaded[sc]) {
            if (short_loader == NULL) return NULL;
            PyObject *done = PyObject_CallFunction(short_loader, "i", sc);
            if (done == NULL) return NULL;
            Py_DECREF(done);
            if (!short_loaded[sc]) return NULL;
        }
        uint64_t bits = 0;
        for (int i = 0; i < n; i++) bits |= card_bit[idx[i]];
        uint32_t flush = ((uint32_t)(key >> 32) + 0x3333u) & 0x8888u;
        if (flush) {
            int suit = flush & 0x8u ? 0 : flush & 0x80u ? 1 : flush & 0x800u ? 2 : 3;
            v = short_flush[sc][(bits >> (13 * suit)) & 0x1FFF];
        } else {
            v = short_slot[sc][slot_of(RANK_KEY(key))];
        }
        if (v <= 0 || v >= PyTuple_GET_SIZE(short_values[sc])) return NULL;
        PyObject *value = PyTuple_GET_ITEM(short_values[sc], v);
        Py_INCREF(value);
        return value;
    }
    case K_HIGH_TOTAL: {
        /* the sum of card keys: the rank key in bits 0-30, suit counts in bits 31-46; the
         * low 64 bits (two's complement) decide a hand without a flush exactly as the pure
         * path does; flushes and misses go to the pure path */
        if (nargs != 1 || !PyLong_CheckExact(args[0])) return NULL;
        unsigned long long low = PyLong_AsUnsignedLongLongMask(args[0]);
        if (low == (unsigned long long)-1 && PyErr_Occurred()) {
            PyErr_Clear();
            return NULL;
        }
        if (suit_state[(low >> 31) & 0xFFFF] != 0) return NULL;
        v = slot_strength[S_HIGH][slot_of((uint32_t)(low & 0x7FFFFFFFu))];
        if (!v) return NULL;
        return PyLong_FromLong(v);
    }
    }
    return NULL;
}

static PyObject *entry_vectorcall(PyObject *callable, PyObject *const *args, size_t nargsf,
                                  PyObject *kwnames) {
    Entry *self = (Entry *)callable;
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    if (!loaded && loader != NULL) {
        PyObject *done = PyObject_CallNoArgs(loader);
        if (done == NULL) return NULL;
        Py_DECREF(done);
    }
    if (loaded && kwnames == NULL) {
        PyObject *out = fast_path(self, args, nargs);
        if (out != NULL || PyErr_Occurred()) return out;
    } else if (loaded && (self->kind == K_SHORT || self->kind == K_OMAHA) &&
               PyTuple_GET_SIZE(kwnames) == 1 && nargs >= 1 && nargs <= 2 &&
               PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "scale") == 0) {
        /* f(cards, scale=...) or f(hole, board, scale=...): the keyword is the last argument */
        PyObject *out = fast_path(self, args, nargs + 1);
        if (out != NULL || PyErr_Occurred()) return out;
    }
    return PyObject_Vectorcall(self->fallback, args, nargsf, kwnames);
}

static int entry_traverse(Entry *self, visitproc visit, void *arg) {
    Py_VISIT(self->dict);
    Py_VISIT(self->fallback);
    return 0;
}

static int entry_clear(Entry *self) {
    Py_CLEAR(self->dict);
    Py_CLEAR(self->fallback);
    return 0;
}

static void entry_dealloc(Entry *self) {
    PyObject_GC_UnTrack(self);
    entry_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *entry_reduce(Entry *self, PyObject *unused) {
    /* pickled by name, like a function */
    return PyObject_GetAttrString((PyObject *)self, "__qualname__");
}

/* Looked up on a class, an entry stays itself (as a staticmethod would): a module-level
 * function that happens to be stored on a class is not bound. Being a descriptor also makes
 * inspect.isroutine() true, so documentation tools treat an entry as the function it wraps. */
static PyObject *entry_descr_get(PyObject *self, PyObject *obj, PyObject *type) {
    Py_INCREF(self);
    return self;
}

static PyObject *entry_get_kind(Entry *self, void *closure) { return PyLong_FromLong(self->kind); }

static PyMethodDef entry_methods[] = {
    {"__reduce__", (PyCFunction)entry_reduce, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef entry_getset[] = {
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict, NULL, NULL},
    {"kind", (getter)entry_get_kind, NULL, "which evaluation this entry point runs", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject EntryType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "pokerrules.evaluation._native.Entry",
    .tp_basicsize = sizeof(Entry),
    .tp_dealloc = (destructor)entry_dealloc,
    .tp_vectorcall_offset = offsetof(Entry, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_getattro = PyObject_GenericGetAttr,
    .tp_setattro = PyObject_GenericSetAttr,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "A compiled evaluator that hands any input it does not take to its pure-Python "
              "twin.",
    .tp_traverse = (traverseproc)entry_traverse,
    .tp_clear = (inquiry)entry_clear,
    .tp_methods = entry_methods,
    .tp_getset = entry_getset,
    .tp_dictoffset = offsetof(Entry, dict),
    .tp_descr_get = entry_descr_get,
};

static PyObject *make_entry(PyObject *module, PyObject *args) {
    int kind;
    PyObject *fallback;
    if (!PyArg_ParseTuple(args, "iO:entry", &kind, &fallback)) return NULL;
    if (kind < 0 || kind >= KINDS) {
        PyErr_SetString(PyExc_ValueError, "unknown entry kind");
        return NULL;
    }
    if (!PyCallable_Check(fallback)) {
        PyErr_SetString(PyExc_TypeError, "the fallback must be callable");
        return NULL;
    }
    Entry *self = PyObject_GC_New(Entry, &EntryType);
    if (self == NULL) return NULL;
    self->vectorcall = entry_vectorcall;
    self->dict = NULL;
    self->kind = kind;
    Py_INCREF(fallback);
    self->fallback = fallback;
    PyObject_GC_Track(self);
    return (PyObject *)self;
}

/* --- setup ------------------------------------------------------------------------------- */

static void build_suit_states(void) {
    memset(suit_state, 6, sizeof suit_state); /* "some other number of cards" */
    for (int c0 = 0; c0 < 8; c0++)
        for (int c1 = 0; c1 < 8; c1++)
            for (int c2 = 0; c2 < 8; c2++)
                for (int c3 = 0; c3 < 8; c3++) {
                    int counts[4] = {c0, c1, c2, c3}, cards = c0 + c1 + c2 + c3;
                    if (cards > 7) continue;
                    int packed = c0 | c1 << 4 | c2 << 8 | c3 << 12;
                    if (cards <= 6) suit_state[packed + 0x5555] = 5;
                    if (cards >= 5) {
                        int state = 0;
                        for (int s = 3; s >= 0; s--)
                            if (counts[s] >= 5) state = 1 + s;
                        suit_state[packed] = (uint8_t)state;
                    }
                }
}

static uint16_t le16(const unsigned char *p) { return (uint16_t)(p[0] | p[1] << 8); }

static void read16(uint16_t *dst, const unsigned char **src, size_t count) {
    for (size_t i = 0; i < count; i++) dst[i] = le16(*src + 2 * i);
    *src += 2 * count;
}

/* setup(core: bytes, cards: tuple of 52, values: (list, list, list), makers: (f, f, f),
 *       scales: (high, a5, d27)) */
static PyObject *setup(PyObject *module, PyObject *args) {
    Py_buffer core;
    PyObject *cards, *values, *makers, *scales;
    if (!PyArg_ParseTuple(args, "y*O!O!O!O!:setup", &core, &PyTuple_Type, &cards, &PyTuple_Type,
                          &values, &PyTuple_Type, &makers, &PyTuple_Type, &scales))
        return NULL;
    if (core.len != CORE_SIZE || PyTuple_GET_SIZE(cards) != 52 ||
        PyTuple_GET_SIZE(values) != SCALES || PyTuple_GET_SIZE(makers) != SCALES ||
        PyTuple_GET_SIZE(scales) != SCALES) {
        PyBuffer_Release(&core);
        PyErr_SetString(PyExc_ValueError, "pokerrules core: malformed tables");
        return NULL;
    }
    static const int sizes[SCALES] = {HIGH_COUNT, A5_COUNT, D27_COUNT};
    for (int s = 0; s < SCALES; s++) {
        PyObject *list = PyTuple_GET_ITEM(values, s);
        if (!PyList_CheckExact(list) || PyList_GET_SIZE(list) != sizes[s] + 1) {
            PyBuffer_Release(&core);
            PyErr_SetString(PyExc_ValueError, "pokerrules core: malformed value lists");
            return NULL;
        }
    }
    const unsigned char *p = core.buf;
    read16(displacement, &p, HASH_BUCKETS);
    for (int s = 0; s < SCALES; s++) read16(slot_strength[s], &p, HASH_SLOTS);
    read16(high_flush, &p, FLUSH_MASKS);
    read16(d27_flush, &p, FLUSH_MASKS);
    p += 6 * HIGH_COUNT; /* the high classes: read by the Python value factory */
    a5_qualifies[0] = 0;
    for (int i = 0; i < A5_COUNT; i++) {
        const unsigned char *cls = p + 6 * i;
        int top = cls[1] == 14 ? 1 : cls[1];
        a5_qualifies[i + 1] = cls[0] == 0 && top <= 8;
    }
    PyBuffer_Release(&core);

    for (card_shift = 0; card_shift < 24; card_shift++) {
        memset(card_key, 0, sizeof card_key);
        int clash = 0;
        for (int i = 0; i < 52 && !clash; i++) {
            PyObject *c = PyTuple_GET_ITEM(cards, i);
            size_t h = card_hash(c);
            clash = card_key[h] != NULL;
            card_key[h] = c;
            card_val[h] = (int8_t)i;
        }
        if (!clash) break;
    }
    if (card_shift == 24) { /* no shift gives every card its own slot: probe past clashes */
        card_shift = 4;
        memset(card_key, 0, sizeof card_key);
        for (int i = 0; i < 52; i++) {
            PyObject *c = PyTuple_GET_ITEM(cards, i);
            size_t h = card_hash(c);
            while (card_key[h] != NULL) h = (h + 1) & (CARD_MAP - 1);
            card_key[h] = c;
            card_val[h] = (int8_t)i;
        }
    }
    for (int i = 0; i < 52; i++) {
        PyObject *c = PyTuple_GET_ITEM(cards, i);
        Py_INCREF(c);
        Py_XSETREF(cards_by_index[i], c);
    }
    for (int s = 0; s < SCALES; s++) {
        PyObject *list = PyTuple_GET_ITEM(values, s), *maker = PyTuple_GET_ITEM(makers, s);
        PyObject *scale = PyTuple_GET_ITEM(scales, s);
        Py_INCREF(list);
        Py_XSETREF(value_list[s], list);
        Py_INCREF(maker);
        Py_XSETREF(value_maker[s], maker);
        Py_INCREF(scale);
        Py_XSETREF(scale_object[s], scale);
    }
    uint32_t power = 1;
    for (int r = 0; r < 13; r++, power *= 5) pow5[r] = power;
    for (int c = 0; c < 52; c++) {
        card_key64[c] = pow5[c >> 2] | (uint64_t)1 << (32 + 4 * (c & 3));
        card_bit[c] = (uint64_t)1 << (13 * (c & 3) + (c >> 2));
    }
    build_suit_states();
    loaded = 1;
    Py_RETURN_NONE;
}

static PyObject *set_loader(PyObject *module, PyObject *f) {
    if (!PyCallable_Check(f)) {
        PyErr_SetString(PyExc_TypeError, "the loader must be callable");
        return NULL;
    }
    Py_INCREF(f);
    Py_XSETREF(loader, f);
    Py_RETURN_NONE;
}

/* set_short(loader, (short-deck scale, trips-over-straight scale)) */
static PyObject *set_short(PyObject *module, PyObject *args) {
    PyObject *f, *scales;
    if (!PyArg_ParseTuple(args, "OO!:set_short", &f, &PyTuple_Type, &scales)) return NULL;
    if (!PyCallable_Check(f) || PyTuple_GET_SIZE(scales) != 2) {
        PyErr_SetString(PyExc_TypeError, "set_short takes a loader and two scales");
        return NULL;
    }
    Py_INCREF(f);
    Py_XSETREF(short_loader, f);
    for (int i = 0; i < 2; i++) {
        PyObject *scale = PyTuple_GET_ITEM(scales, i);
        Py_INCREF(scale);
        Py_XSETREF(short_scale[i], scale);
    }
    Py_RETURN_NONE;
}

/* setup_short(index, slots: bytes, flush: bytes, values: tuple) */
static PyObject *setup_short(PyObject *module, PyObject *args) {
    int index;
    Py_buffer slots, flush;
    PyObject *values;
    if (!PyArg_ParseTuple(args, "iy*y*O!:setup_short", &index, &slots, &flush, &PyTuple_Type,
                          &values))
        return NULL;
    PyObject *result = NULL;
    if (index < 0 || index > 1 || slots.len != 2 * HASH_SLOTS || flush.len != 2 * FLUSH_MASKS ||
        PyTuple_GET_SIZE(values) < 2) {
        PyErr_SetString(PyExc_ValueError, "pokerrules core: malformed short-deck tables");
        goto done;
    }
    const unsigned char *p = slots.buf;
    read16(short_slot[index], &p, HASH_SLOTS);
    p = flush.buf;
    read16(short_flush[index], &p, FLUSH_MASKS);
    Py_INCREF(values);
    Py_XSETREF(short_values[index], values);
    short_loaded[index] = 1;
    result = Py_None;
    Py_INCREF(result);
done:
    PyBuffer_Release(&slots);
    PyBuffer_Release(&flush);
    return result;
}

static PyObject *is_loaded(PyObject *module, PyObject *unused) { return PyBool_FromLong(loaded); }

/* --- batches over buffers -------------------------------------------------------------- */

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

static inline void store(Py_buffer *dst, Py_ssize_t row, int v) {
    switch (dst->itemsize) {
    case 2: ((uint16_t *)dst->buf)[row] = (uint16_t)v; break;
    case 4: ((int32_t *)dst->buf)[row] = v; break;
    default: ((int64_t *)dst->buf)[row] = v; break;
    }
}

/* Every row of ``width`` indices of type T: checked (0-51, distinct), evaluated, stored; the
 * first bad row stops the loop. */
#define BATCH_ROWS_OF(T, W)                                                                  \
    do {                                                                                     \
        const T *cells = (const T *)src.buf;                                                 \
        const int width = (W);                                                               \
        for (Py_ssize_t row = 0; row < rows; row++) {                                        \
            const T *cell = cells + row * width;                                             \
            uint64_t key = 0, bits = 0;                                                      \
            int idx[7], out_of_range = 0;                                                    \
            for (int j = 0; j < width; j++) {                                                \
                unsigned long long c = (unsigned long long)cell[j];                          \
                out_of_range |= c > 51;                                                      \
                c = c > 51 ? 0 : c;                                                          \
                idx[j] = (int)c;                                                             \
                key += card_key64[c];                                                        \
                bits |= card_bit[c];                                                         \
            }                                                                                \
            if (out_of_range || POPCOUNT64(bits) != width) {                                 \
                bad = row;                                                                   \
                break;                                                                       \
            }                                                                                \
            store(&dst, row,                                                                 \
                  scale == S_HIGH  ? high_packed(key, bits)                                  \
                  : scale == S_A5 ? slot_strength[S_A5][slot_of(RANK_KEY(key))]              \
                                  : eval_d27(idx, width));                                   \
        }                                                                                    \
    } while (0)

/* the loop with the row width known to the compiler, so it unrolls the cards */
#define BATCH_ROWS(T)                                                                        \
    do {                                                                                     \
        if (width == 7)                                                                      \
            BATCH_ROWS_OF(T, 7);                                                             \
        else if (width == 6)                                                                 \
            BATCH_ROWS_OF(T, 6);                                                             \
        else                                                                                 \
            BATCH_ROWS_OF(T, 5);                                                             \
    } while (0)

/* batch(cards, width, out, scale) -> -1 when every row was evaluated, else the first row that
 * is not ``width`` distinct card indices 0-51 (nothing after it is written). ``cards`` and
 * ``out`` are any C-contiguous buffers of integers; ``out`` has a place per row. */
static PyObject *batch(PyObject *module, PyObject *args) {
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
    Py_ssize_t bad = -1;
    Py_BEGIN_ALLOW_THREADS
    switch (*sfmt) {
    case 'b': BATCH_ROWS(signed char); break;
    case 'B': BATCH_ROWS(unsigned char); break;
    case 'h': BATCH_ROWS(short); break;
    case 'H': BATCH_ROWS(unsigned short); break;
    case 'i': BATCH_ROWS(int); break;
    case 'I': BATCH_ROWS(unsigned int); break;
    case 'l': BATCH_ROWS(long); break;
    case 'L': BATCH_ROWS(unsigned long); break;
    case 'q': BATCH_ROWS(long long); break;
    default: BATCH_ROWS(unsigned long long); break;
    }
    Py_END_ALLOW_THREADS
    result = PyLong_FromSsize_t(bad);
done:
    PyBuffer_Release(&src);
    PyBuffer_Release(&dst);
    return result;
}

/* --- equity over known hands ------------------------------------------------------------- */

#define MAX_PLAYERS 23

typedef struct {
    int players, hole, omaha, hi_lo, side, codes;
    int hands[MAX_PLAYERS][MAX_HOLE];
    /* per player, the hole cards' part of a hold'em hand: rank key, suit masks and counts */
    uint32_t hole_key[MAX_PLAYERS];
    unsigned hole_mask[MAX_PLAYERS][4], hole_count[MAX_PLAYERS][4];
    int board[5], nboard;
    long long *counts; /* players x codes */
} Showdown;

static void showdown_prepare(Showdown *s) {
    for (int p = 0; p < s->players; p++) {
        s->hole_key[p] = 0;
        for (int t = 0; t < 4; t++) s->hole_mask[p][t] = s->hole_count[p][t] = 0;
        for (int i = 0; i < s->hole; i++) {
            int c = s->hands[p][i];
            s->hole_key[p] += pow5[c >> 2];
            s->hole_mask[p][c & 3] |= 1u << (c >> 2);
            s->hole_count[p][c & 3]++;
        }
    }
}

static void showdown_add(Showdown *s, const int *board) {
    int high[MAX_PLAYERS], low[MAX_PLAYERS], best = 0, best_low = 0, winners = 0, low_winners = 0;
    uint32_t key = 0;
    unsigned mask[4] = {0, 0, 0, 0}, count[4] = {0, 0, 0, 0};
    int flush_suit = -1;
    if (!s->omaha) {
        for (int i = 0; i < 5; i++) {
            key += pow5[board[i] >> 2];
            mask[board[i] & 3] |= 1u << (board[i] >> 2);
            count[board[i] & 3]++;
        }
        for (int t = 0; t < 4; t++)
            if (count[t] + (unsigned)s->hole >= 5) flush_suit = t;
    }
    for (int p = 0; p < s->players; p++) {
        if (s->omaha) {
            high[p] = omaha_best(S_HIGH, s->hands[p], s->hole, board, 5, 0);
            low[p] = s->hi_lo ? omaha_best(S_A5, s->hands[p], s->hole, board, 5, 1) : 0;
        } else {
            uint32_t slot = slot_of(key + s->hole_key[p]);
            if (flush_suit >= 0 && count[flush_suit] + s->hole_count[p][flush_suit] >= 5)
                high[p] = high_flush[mask[flush_suit] | s->hole_mask[p][flush_suit]];
            else
                high[p] = slot_strength[S_HIGH][slot];
            if (s->hi_lo) {
                int v = slot_strength[S_A5][slot];
                low[p] = a5_qualifies[v] ? v : 0;
            }
        }
        if (high[p] > best) best = high[p], winners = 0;
        if (high[p] == best) winners++;
        if (s->hi_lo) {
            if (low[p] > best_low) best_low = low[p], low_winners = 0;
            if (low[p] == best_low) low_winners++;
        }
    }
    for (int p = 0; p < s->players; p++) {
        int code = high[p] == best ? winners : 0;
        if (s->hi_lo) {
            if (!best_low)
                code = s->side * s->side + code;
            else
                code = code * s->side + (low[p] == best_low ? low_winners : 0);
        }
        s->counts[p * s->codes + code]++;
    }
}

/* xoshiro256** seeded by splitmix64: a small, fast, well-tested generator */
typedef struct { uint64_t s[4]; } Rng;

static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t rng_next(Rng *r) {
    uint64_t *s = r->s, out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return out;
}

/* uniform in 0..n-1 (Lemire's method, unbiased) */
static inline uint32_t rng_below(Rng *r, uint32_t n) {
    uint64_t m = (rng_next(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (rng_next(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

static int read_bytes_cards(PyObject *obj, int *out, int most, const char *what) {
    if (!PyBytes_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be bytes of card indices", what);
        return -1;
    }
    Py_ssize_t n = PyBytes_GET_SIZE(obj);
    if (n > most) {
        PyErr_Format(PyExc_ValueError, "%s holds too many cards", what);
        return -1;
    }
    const unsigned char *b = (const unsigned char *)PyBytes_AS_STRING(obj);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (b[i] > 51) {
            PyErr_Format(PyExc_ValueError, "%s holds a card index above 51", what);
            return -1;
        }
        out[i] = b[i];
    }
    return (int)n;
}

/* showdowns(hands, hole, board, deck, omaha, hi_lo, samples, seed) -> list of counts per
 * player (players x codes, flattened). ``samples`` 0 enumerates every runout of the missing
 * board cards from ``deck``; otherwise that many runouts are drawn with the seeded generator.
 * The caller (pokerrules.equity) has checked that the cards are distinct. */
static PyObject *showdowns(PyObject *module, PyObject *args) {
    PyObject *hands_obj, *board_obj, *deck_obj;
    int hole, omaha, hi_lo;
    long long samples;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OiOOppLK:showdowns", &hands_obj, &hole, &board_obj, &deck_obj,
                          &omaha, &hi_lo, &samples, &seed))
        return NULL;
    if (!loaded) {
        PyErr_SetString(PyExc_RuntimeError, "pokerrules core: tables not loaded");
        return NULL;
    }
    Showdown s;
    int all[MAX_PLAYERS * MAX_HOLE], deck[52];
    if (hole < 1 || hole > MAX_HOLE || (omaha && hole < 2) || (!omaha && hole > 2) ||
        samples < 0) {
        PyErr_SetString(PyExc_ValueError, "showdowns: bad hole-card count or samples");
        return NULL;
    }
    int total = read_bytes_cards(hands_obj, all, MAX_PLAYERS * MAX_HOLE, "hands");
    if (total < 0) return NULL;
    s.nboard = read_bytes_cards(board_obj, s.board, 5, "board");
    if (s.nboard < 0) return NULL;
    int ndeck = read_bytes_cards(deck_obj, deck, 52, "deck");
    if (ndeck < 0) return NULL;
    int runout = 5 - s.nboard;
    if (total % hole != 0 || total / hole < 1 || total / hole > MAX_PLAYERS || ndeck < runout) {
        PyErr_SetString(PyExc_ValueError, "showdowns: malformed hands or deck");
        return NULL;
    }
    s.players = total / hole;
    s.hole = hole;
    s.omaha = omaha;
    s.hi_lo = hi_lo;
    s.side = s.players + 1;
    s.codes = hi_lo ? s.side * s.side + s.side : s.side;
    for (int p = 0; p < s.players; p++)
        for (int i = 0; i < hole; i++) s.hands[p][i] = all[p * hole + i];
    showdown_prepare(&s);
    s.counts = PyMem_Calloc((size_t)s.players * s.codes, sizeof(long long));
    if (s.counts == NULL) return PyErr_NoMemory();

    Py_BEGIN_ALLOW_THREADS
    int board[5];
    for (int i = 0; i < s.nboard; i++) board[i] = s.board[i];
    if (samples == 0) {
        int pick[5];
        for (int i = 0; i < runout; i++) pick[i] = i;
        for (;;) {
            for (int i = 0; i < runout; i++) board[s.nboard + i] = deck[pick[i]];
            showdown_add(&s, board);
            int i = runout - 1;
            while (i >= 0 && pick[i] == ndeck - runout + i) i--;
            if (i < 0) break;
            pick[i]++;
            for (int j = i + 1; j < runout; j++) pick[j] = pick[j - 1] + 1;
        }
    } else {
        Rng rng;
        uint64_t x = seed;
        for (int i = 0; i < 4; i++) rng.s[i] = splitmix(&x);
        int work[52];
        memcpy(work, deck, sizeof(int) * ndeck);
        for (long long k = 0; k < samples; k++) {
            /* a partial Fisher-Yates shuffle: the first ``runout`` places are the draw */
            for (int i = 0; i < runout; i++) {
                int j = i + (int)rng_below(&rng, (uint32_t)(ndeck - i));
                int t = work[i];
                work[i] = work[j];
                work[j] = t;
                board[s.nboard + i] = work[i];
            }
            showdown_add(&s, board);
        }
    }
    Py_END_ALLOW_THREADS

    PyObject *out = PyList_New((Py_ssize_t)s.players * s.codes);
    if (out != NULL) {
        for (Py_ssize_t i = 0; i < (Py_ssize_t)s.players * s.codes; i++) {
            PyObject *v = PyLong_FromLongLong(s.counts[i]);
            if (v == NULL) {
                Py_CLEAR(out);
                break;
            }
            PyList_SET_ITEM(out, i, v);
        }
    }
    PyMem_Free(s.counts);
    return out;
}

/* --- module ------------------------------------------------------------------------------ */

static PyMethodDef methods[] = {
    {"setup", setup, METH_VARARGS, "Load the tables and the card objects."},
    {"entry", make_entry, METH_VARARGS, "A compiled entry point of a kind, with its fallback."},
    {"set_loader", set_loader, METH_O, "Set the function that loads the tables on first use."},
    {"loaded", is_loaded, METH_NOARGS, "Whether the tables are loaded."},
    {"set_short", set_short, METH_VARARGS, "Set the short-deck loader and scales."},
    {"setup_short", setup_short, METH_VARARGS, "Load one short-deck scale's tables."},
    {"batch", batch, METH_VARARGS, "Evaluate rows of card indices from one buffer into another."},
    {"showdowns", showdowns, METH_VARARGS, "Share counts over every or sampled runouts."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_native", "The compiled evaluation core of pokerrules.", -1, methods,
};

PyMODINIT_FUNC PyInit__native(void) {
    if (PyType_Ready(&EntryType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (m == NULL) return NULL;
    const char *names[KINDS] = {"HIGH",         "A5",      "EIGHT",  "D27",       "OMAHA",
                                "OMAHA_EIGHT", "HIGH_OF", "LOW_OF", "HIGH_TOTAL", "SHORT"};
    for (int k = 0; k < KINDS; k++)
        if (PyModule_AddIntConstant(m, names[k], k) < 0) {
            Py_DECREF(m);
            return NULL;
        }
    if (PyModule_AddIntConstant(m, "CORE_SIZE", CORE_SIZE) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
