/* The tables and the card objects, and loading them (setup). */

#include "core.h"

uint16_t displacement[HASH_BUCKETS];
uint16_t slot_strength[SCALES][HASH_SLOTS];
uint16_t high_flush[FLUSH_MASKS], d27_flush[FLUSH_MASKS];
uint8_t a5_qualifies[A5_COUNT + 1];
uint8_t suit_state[1 << 16];
uint32_t pow5[13];
uint64_t card_key64[256], card_bit[256];
int loaded = 0;
PyObject *loader = NULL;

PyObject *card_key[CARD_MAP];
int8_t card_val[CARD_MAP];
int card_shift = 4;
static PyObject *cards_by_index[52];

uint16_t short_slot[2][HASH_SLOTS], short_flush[2][FLUSH_MASKS];
int short_loaded[2];
PyObject *short_values[2], *short_scale[2], *short_loader;

PyObject *value_list[SCALES];
PyObject *value_maker[SCALES];
PyObject *scale_object[SCALES];

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

/* Give the 52 interned cards places in the identity map. */
static void place_cards(PyObject *cards) {
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
        if (!clash) return;
    }
    /* no shift gives every card its own slot: probe past clashes */
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

/* setup(core: bytes, cards: tuple of 52, values: (list, list, list), makers: (f, f, f),
 *       scales: (high, a5, d27)) */
PyObject *core_setup(PyObject *module, PyObject *args) {
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

    place_cards(cards);
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
    for (int c = 52; c < 256; c++) {
        card_key64[c] = (uint64_t)1 << CARD_POISON_AT;
        card_bit[c] = 0;
    }
    for (int c = 0; c < 52; c++) {
        card_key64[c] = pow5[c >> 2] | (uint64_t)1 << (32 + 4 * (c & 3));
        card_bit[c] = (uint64_t)1 << (13 * (c & 3) + (c >> 2));
    }
    build_suit_states();
    loaded = 1;
    Py_RETURN_NONE;
}

PyObject *core_set_loader(PyObject *module, PyObject *f) {
    if (!PyCallable_Check(f)) {
        PyErr_SetString(PyExc_TypeError, "the loader must be callable");
        return NULL;
    }
    Py_INCREF(f);
    Py_XSETREF(loader, f);
    Py_RETURN_NONE;
}

/* set_short(loader, (short-deck scale, trips-over-straight scale)) */
PyObject *core_set_short(PyObject *module, PyObject *args) {
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
PyObject *core_setup_short(PyObject *module, PyObject *args) {
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

PyObject *core_is_loaded(PyObject *module, PyObject *unused) { return PyBool_FromLong(loaded); }
