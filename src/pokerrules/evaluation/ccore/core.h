/* The compiled evaluation core of pokerrules: what its C files share.
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
 *
 * The files, by concept:
 *   tables.c   the tables and the card objects, and loading them (setup)
 *   scales.c   evaluation of several cards on a scale, and the value objects of strengths
 *   entry.c    the entry points: reading Python input, the fast path, the fallback
 *   batch.c    batches over buffers of card indices
 *   equity.c   share counts over every or sampled runouts
 *   badugi.c   badugi hands
 *   module.c   the module and its functions
 */

#ifndef POKERRULES_CORE_H
#define POKERRULES_CORE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* names shared between the files stay inside the extension */
#if defined(__GNUC__) || defined(__clang__)
#define CORE_INTERNAL __attribute__((visibility("hidden")))
#else
#define CORE_INTERNAL
#endif

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

#define MAX_HOLE 10
#define MAX_BOARD 10
#define BADUGI_MOST 8 /* more badugi cards than this go to the pure path */

/* the kinds of entry point (module constants of the same names) */
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
    K_BADUGI,
    KINDS
};

/* --- tables (tables.c) ------------------------------------------------------------------ */

CORE_INTERNAL extern uint16_t displacement[HASH_BUCKETS];
CORE_INTERNAL extern uint16_t slot_strength[SCALES][HASH_SLOTS];
CORE_INTERNAL extern uint16_t high_flush[FLUSH_MASKS], d27_flush[FLUSH_MASKS];
CORE_INTERNAL extern uint8_t a5_qualifies[A5_COUNT + 1];
CORE_INTERNAL extern uint8_t suit_state[1 << 16];
CORE_INTERNAL extern uint32_t pow5[13];
/* Per card index: the rank digit (base 5) in bits 0-30 plus one in its suit's 4-bit count at
 * bit 32 + 4 * suit, so that a hand's sum carries its rank key and suit counts; and one bit
 * per card, suit by suit (13 * suit + rank), whose OR proves the cards distinct and holds
 * each suit's rank mask. Both are 256 long, for batches (batch.c): every place past 51 has
 * no bit and a key of one at bit CARD_POISON_AT, past the suit counts, so a row's key sum
 * tells whether it read such a place. */
#define CARD_POISON_AT 52
CORE_INTERNAL extern uint64_t card_key64[256], card_bit[256];
#define RANK_KEY(k) ((uint32_t)((k) & 0x7FFFFFFFu))

CORE_INTERNAL extern int loaded;
CORE_INTERNAL extern PyObject *loader; /* called once, before the first evaluation */

/* Cards by identity: a direct-mapped table from object address to index. setup() picks the
 * shift that gives the 52 interned cards 52 different places, so a look-up is one load and
 * one comparison; any other object (a copy, the joker, an int) is not in its place. */
#define CARD_MAP 4096
CORE_INTERNAL extern PyObject *card_key[CARD_MAP];
CORE_INTERNAL extern int8_t card_val[CARD_MAP];
CORE_INTERNAL extern int card_shift;

/* Short deck, per scale (standard order, then three of a kind over a straight): the best
 * strength per perfect-hash slot of the rank multiset and per flush mask, loaded on first use
 * by short_loader(index), and the scale's values by strength. */
CORE_INTERNAL extern uint16_t short_slot[2][HASH_SLOTS], short_flush[2][FLUSH_MASKS];
CORE_INTERNAL extern int short_loaded[2];
CORE_INTERNAL extern PyObject *short_values[2], *short_scale[2], *short_loader;

/* Per scale: the shared list of HandValue objects (None until made) and their factory. */
CORE_INTERNAL extern PyObject *value_list[SCALES];
CORE_INTERNAL extern PyObject *value_maker[SCALES];
CORE_INTERNAL extern PyObject *scale_object[SCALES];

#if defined(__GNUC__) || defined(__clang__)
#define POPCOUNT64(x) __builtin_popcountll(x)
#else
static inline int POPCOUNT64(uint64_t x) {
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}
#endif

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

static inline uint32_t slot_of(uint32_t key) {
    return (key + displacement[key % HASH_BUCKETS]) & HASH_MASK;
}

/* --- evaluation over card indices (distinct, 0-51, trusted) ----------------------------- */

/* the flush suit of a sum of card keys, or -1: a suit count of five or more (counts are at
 * most seven) -- adding three to every 4-bit count sets the count's top bit exactly then */
static inline int flush_suit(uint64_t key) {
    uint32_t flush = ((uint32_t)(key >> 32) + 0x3333u) & 0x8888u;
    if (!flush) return -1;
    return flush & 0x8u ? 0 : flush & 0x80u ? 1 : flush & 0x800u ? 2 : 3;
}

/* the high strength of a sum of distinct cards' keys and the OR of their bits */
static inline int high_packed(uint64_t key, uint64_t bits) {
    int suit = flush_suit(key);
    if (suit >= 0) return high_flush[(bits >> (13 * suit)) & 0x1FFF];
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

/* scales.c */
CORE_INTERNAL int eval_d27(const int *idx, int n);
CORE_INTERNAL int omaha_best(int scale, const int *hole, int nh, const int *board, int nb,
                             int eight);
CORE_INTERNAL PyObject *value_of(int scale, int strength);

static inline int eval_scale(int scale, const int *idx, int n) {
    switch (scale) {
    case S_HIGH: return eval_high(idx, n);
    case S_A5: return eval_a5(idx, n);
    default: return eval_d27(idx, n);
    }
}

/* --- the module's functions, by file ---------------------------------------------------- */

/* tables.c */
CORE_INTERNAL PyObject *core_setup(PyObject *module, PyObject *args);
CORE_INTERNAL PyObject *core_set_loader(PyObject *module, PyObject *f);
CORE_INTERNAL PyObject *core_set_short(PyObject *module, PyObject *args);
CORE_INTERNAL PyObject *core_setup_short(PyObject *module, PyObject *args);
CORE_INTERNAL PyObject *core_is_loaded(PyObject *module, PyObject *unused);
/* entry.c */
CORE_INTERNAL extern PyTypeObject EntryType;
CORE_INTERNAL PyObject *core_make_entry(PyObject *module, PyObject *args);
/* batch.c */
CORE_INTERNAL PyObject *core_batch(PyObject *module, PyObject *args);
CORE_INTERNAL PyObject *core_dense_states(PyObject *module, PyObject *unused);
/* equity.c */
CORE_INTERNAL PyObject *core_showdowns(PyObject *module, PyObject *args);
/* badugi.c */
CORE_INTERNAL PyObject *core_set_badugi(PyObject *module, PyObject *f);
CORE_INTERNAL PyObject *core_setup_badugi(PyObject *module, PyObject *args);
CORE_INTERNAL int badugi_ready(void); /* 1, 0 (not loaded), -1 (an error is set) */
CORE_INTERNAL PyObject *badugi_value(const int *idx, int n);

#endif
