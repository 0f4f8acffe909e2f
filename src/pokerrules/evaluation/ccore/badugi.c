/* Badugi hands: of the cards with no rank and no suit twice, the most, and of those the
 * lowest (aces low). The strengths of the rank sets and their values come from the pure path
 * (pokerrules.evaluation.badugi), loaded on first use. */

#include "core.h"

#define RANK_SETS 8192 /* a bit per rank, ace low: bit 0 the ace, bit 1 the deuce, ... */

static uint16_t badugi_strength[RANK_SETS];
static int badugi_loaded = 0;
static PyObject *badugi_values = NULL, *badugi_loader = NULL;

PyObject *core_set_badugi(PyObject *module, PyObject *f) {
    if (!PyCallable_Check(f)) {
        PyErr_SetString(PyExc_TypeError, "the badugi loader must be callable");
        return NULL;
    }
    Py_INCREF(f);
    Py_XSETREF(badugi_loader, f);
    Py_RETURN_NONE;
}

/* setup_badugi(strengths: bytes, 2 per rank set, little-endian; values: tuple by strength) */
PyObject *core_setup_badugi(PyObject *module, PyObject *args) {
    Py_buffer table;
    PyObject *values;
    if (!PyArg_ParseTuple(args, "y*O!:setup_badugi", &table, &PyTuple_Type, &values))
        return NULL;
    PyObject *result = NULL;
    if (table.len != 2 * RANK_SETS) goto malformed;
    const unsigned char *p = table.buf;
    uint16_t strengths[RANK_SETS];
    for (int i = 0; i < RANK_SETS; i++) {
        strengths[i] = (uint16_t)(p[2 * i] | p[2 * i + 1] << 8);
        /* every set of one to four ranks has a value; no other set is asked for */
        int size = POPCOUNT64((uint64_t)i);
        int has = strengths[i] != 0;
        if (has != (size >= 1 && size <= 4) || strengths[i] >= PyTuple_GET_SIZE(values))
            goto malformed;
    }
    memcpy(badugi_strength, strengths, sizeof strengths);
    Py_INCREF(values);
    Py_XSETREF(badugi_values, values);
    badugi_loaded = 1;
    result = Py_None;
    Py_INCREF(result);
    goto done;
malformed:
    PyErr_SetString(PyExc_ValueError, "pokerrules core: malformed badugi tables");
done:
    PyBuffer_Release(&table);
    return result;
}

int badugi_ready(void) {
    if (badugi_loaded) return 1;
    if (badugi_loader == NULL) return 0;
    PyObject *done = PyObject_CallNoArgs(badugi_loader);
    if (done == NULL) return -1;
    Py_DECREF(done);
    return badugi_loaded;
}

/* The value of n (1..BADUGI_MOST) distinct cards: the strongest rank set among the subsets
 * with no rank and no suit twice (a subset of such a set is one too, and a larger set is
 * always stronger, so the strongest of all of them is the hand). */
PyObject *badugi_value(const int *idx, int n) {
    unsigned rank_bit[BADUGI_MOST], suit_bit[BADUGI_MOST];
    for (int i = 0; i < n; i++) {
        int rank = idx[i] >> 2; /* 0 is the deuce, 12 the ace */
        rank_bit[i] = 1u << (rank == 12 ? 0 : rank + 1);
        suit_bit[i] = 1u << (idx[i] & 3);
    }
    int best = 0;
    for (unsigned subset = 1; subset < (1u << n); subset++) {
        unsigned ranks = 0, suits = 0;
        int size = 0, clash = 0;
        for (int i = 0; i < n && !clash; i++) {
            if (!(subset >> i & 1)) continue;
            clash = (ranks & rank_bit[i]) || (suits & suit_bit[i]);
            ranks |= rank_bit[i];
            suits |= suit_bit[i];
            size++;
        }
        if (clash || size > 4) continue;
        if (badugi_strength[ranks] > best) best = badugi_strength[ranks];
    }
    if (best <= 0 || best >= PyTuple_GET_SIZE(badugi_values)) {
        PyErr_SetString(PyExc_SystemError, "pokerrules core: badugi strength out of range");
        return NULL;
    }
    PyObject *value = PyTuple_GET_ITEM(badugi_values, best);
    Py_INCREF(value);
    return value;
}
