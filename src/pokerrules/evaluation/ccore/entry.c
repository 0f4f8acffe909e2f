/* The entry points: reading Python input, the fast path, the fallback. */

#include "core.h"

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *dict;
    PyObject *fallback;
    int kind;
} Entry;

/* --- reading Python input --------------------------------------------------------------- */

enum { BY_IDENTITY, BY_CODE };

/* The card index of one item: a known card object (BY_IDENTITY) or an exact int 0-51
 * (BY_CODE); -1 for anything else. */
static inline int index_of(PyObject *item, int how) {
    if (how == BY_IDENTITY) return card_index(item);
    if (!PyLong_CheckExact(item)) return -1;
    int overflow = 0;
    long c = PyLong_AsLongAndOverflow(item, &overflow);
    return overflow || c < 0 || c > 51 ? -1 : (int)c;
}

/* The card indices of a tuple or list of lo..hi distinct cards read ``how``, or -1 (let the
 * pure-Python path decide). ``seen`` gets one bit per card. */
static inline int read_indices(PyObject *seq, int *idx, int lo, int hi, uint64_t *seen,
                               int how) {
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
        int c = index_of(items[i], how);
        if (c < 0) return -1;
        uint64_t bit = (uint64_t)1 << c;
        if (bits & bit) return -1;
        bits |= bit;
        idx[i] = c;
    }
    *seen = bits;
    return (int)n;
}

static int read_cards(PyObject *seq, int *idx, int lo, int hi, uint64_t *seen) {
    return read_indices(seq, idx, lo, hi, seen, BY_IDENTITY);
}

static int read_codes(PyObject *seq, int *idx, int lo, int hi) {
    uint64_t seen;
    return read_indices(seq, idx, lo, hi, &seen, BY_CODE);
}

/* --- the fast path ----------------------------------------------------------------------- */

/* The index of ``scale`` among ``count`` scale objects, or -1. */
static int scale_index(PyObject *scale, PyObject *const *scales, int count) {
    for (int s = 0; s < count; s++)
        if (scales[s] == scale) return s;
    return -1;
}

static PyObject *short_deck(PyObject *const *args, Py_ssize_t nargs) {
    int idx[7], n, v, sc = 0;
    uint64_t seen;
    if (nargs == 2) {
        if ((sc = scale_index(args[1], short_scale, 2)) < 0) return NULL;
    } else if (nargs != 1) {
        return NULL;
    }
    if ((n = read_cards(args[0], idx, 5, 7, &seen)) < 0) return NULL;
    uint64_t key = 0, bits = 0;
    for (int i = 0; i < n; i++) {
        if (idx[i] < 16) return NULL; /* below six: the pure path says so */
        key += card_key64[idx[i]];
        bits |= card_bit[idx[i]];
    }
    if (!short_loaded[sc]) {
        if (short_loader == NULL) return NULL;
        PyObject *done = PyObject_CallFunction(short_loader, "i", sc);
        if (done == NULL) return NULL;
        Py_DECREF(done);
        if (!short_loaded[sc]) return NULL;
    }
    int suit = flush_suit(key);
    if (suit >= 0)
        v = short_flush[sc][(bits >> (13 * suit)) & 0x1FFF];
    else
        v = short_slot[sc][slot_of(RANK_KEY(key))];
    if (v <= 0 || v >= PyTuple_GET_SIZE(short_values[sc])) return NULL;
    PyObject *value = PyTuple_GET_ITEM(short_values[sc], v);
    Py_INCREF(value);
    return value;
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
            if ((scale = scale_index(args[2], scale_object, SCALES)) < 0) return NULL;
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
    case K_SHORT:
        return short_deck(args, nargs);
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
    case K_BADUGI:
        if (nargs != 1 || badugi_ready() <= 0) return NULL; /* not loaded, or its error */
        if ((n = read_cards(args[0], idx, 1, BADUGI_MOST, &seen)) < 0) return NULL;
        return badugi_value(idx, n);
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

/* --- the entry type ---------------------------------------------------------------------- */

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

PyTypeObject EntryType = {
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

PyObject *core_make_entry(PyObject *module, PyObject *args) {
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
