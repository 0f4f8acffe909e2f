/* Evaluation of several cards on a scale, and the value objects of strengths. */

#include "core.h"

static int eval_d27_five(const int *idx) {
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
int eval_d27(const int *idx, int n) {
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

/* the best hand of two hole cards and three board cards (the eight-or-better low: the best
 * qualifying one, or 0) */
int omaha_best(int scale, const int *hole, int nh, const int *board, int nb, int eight) {
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

/* the shared HandValue of a strength on a scale (made by the scale's factory on first use) */
PyObject *value_of(int scale, int strength) {
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
