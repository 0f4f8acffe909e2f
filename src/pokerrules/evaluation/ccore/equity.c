/* Share counts over every or sampled runouts of the missing board cards. */

#include "core.h"

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
PyObject *core_showdowns(PyObject *module, PyObject *args) {
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
