/* What every game's search in C needs before it defines its position and moves (see _search.h, which
 * a game's file includes after them): cards of one pack, hashes, the kinds of move the search sorts by,
 * and the proof that a card can never go up (patience/blocked.py's Blocking, on the same tables).
 */
#ifndef PATIENCE_SEARCH_TOOLS_H
#define PATIENCE_SEARCH_TOOLS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SUITS 4
#define FULL 13
#define PACK_RUN 80   /* solve.PACK_RUN: the most moves of the pack in a run */
#define PROGRESS 4096 /* solve.PROGRESS: positions between two reports */

/* ----------------------------------------------------------------- cards */
/* A card is its code, 1 to 52 (patience.cards): thirteen to a suit, ace first. */
static inline int suit_of(int card) { return (card - 1) / 13; }
static inline int rank_of(int card) { return (card - 1) % 13 + 1; }

/* Whether ``n`` bytes at ``cards`` are card codes (1 to 52) not met before (marked in ``met``). */
static int cards_ok(const unsigned char *cards, Py_ssize_t n, uint8_t *met) {
    for (Py_ssize_t i = 0; i < n; i++) {
        if (cards[i] < 1 || cards[i] > 52 || met[cards[i]])
            return 0;
        met[cards[i]] = 1;
    }
    return 1;
}

/* A table of 53 × 53 bytes read from ``bytes`` (Build.table(): table[under][card]); 0 with a Python
 * error if it is not one. */
static int table_of(PyObject *bytes, uint8_t table[53][53], const char *game) {
    if (!PyBytes_Check(bytes) || PyBytes_GET_SIZE(bytes) != 53 * 53) {
        PyErr_Format(PyExc_ValueError, "not a description of a %s position: a table of builds is 53 by 53 bytes", game);
        return 0;
    }
    memcpy(table, PyBytes_AS_STRING(bytes), 53 * 53);
    return 1;
}

/* ----------------------------------------------------------------- hashes */
static inline uint64_t mix(uint64_t x) {
    x ^= x >> 30; x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27; x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}
static inline uint64_t mix2(uint64_t x) {
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
}

/* A pile's two hashes, card by card from the bottom: ``a`` and ``b`` of the pile below ``card``, and
 * (here) the pile's with ``card`` on it. */
#define HA0 0x243f6a8885a308d3ULL
#define HB0 0x13198a2e03707344ULL
static inline uint64_t hash_on_a(uint64_t a, int card) { return mix(a + (uint64_t)card * 0x9e3779b97f4a7c15ULL); }
static inline uint64_t hash_on_b(uint64_t b, int card) { return mix2(b ^ ((uint64_t)card << 17 | (uint64_t)card)); }

/* A position's key: 128 bits of hash.  Two positions that differ share a key with a chance of about
 * 2^-128 a pair: across a search of a hundred million positions, about one in 10^22. */
typedef struct { uint64_t a, b; } Key;

/* The key of a position made of ``fa``, ``fb`` (its piles taken as a set: a sum of their hashes),
 * ``mask`` (the cards left of the pack) and ``w`` (the rest, packed in 64 bits). */
static inline Key key_from(uint64_t fa, uint64_t fb, uint64_t mask, uint64_t w) {
    Key k;
    k.a = mix(mix(mask ^ 0xc0ac29b7c97c50ddULL) + w) + fa;
    k.b = mix2(mix2(w ^ 0x3f84d5b5b5470917ULL) + mask) + fb;
    k.a = mix(k.a) | 1;  /* never 0: 0 marks an empty place in the table */
    k.b = mix2(k.b ^ 0x9216d5d98979fb1bULL);
    return k;
}

/* ----------------------------------------------------------------- moves */
/* The kinds of move, in the order the search tries them (solve._by_priority). */
enum { OUT = 0, TURNING = 1, EMPTYING = 2, BETWEEN = 3, KINDS = 4 };

/* ----------------------------------------------------------------- blocked cards */
/* Blocking's tables (patience/blocked.py): for each card, the cards one of which must be up before it
 * (as bits: a card's bit is 1 << its code), the cards it may go onto (bit 0: a space), and the cards
 * that may go up after it. */
typedef struct {
    uint64_t needs[53], places[53];
    uint8_t following[53][53];  /* following[card][0]: how many; then the cards */
} Blocking;

#define SPACE 1ULL
#define MAXSTACKS 128  /* at most the piles and one for each card carried off */

/* A pile as the proof sees it (blocked.Lay): its cards, bottom first; how many leave one by one;
 * whether any card of its run may head a move; whether it is a space once empty; whether its cards
 * may fill a space; and the cards still to come onto it, ``batch`` at a time, in order. */
typedef struct {
    uint8_t cards[52];
    int n, alone, any_head, space, fills;
    uint8_t coming[52];
    int ncoming, batch;
} Lay;

/* Blocking's tables from Python: (needs, places), each 53 numbers of bits. */
static int blocking_of(PyObject *tables, Blocking *b, const char *game) {
    PyObject *needs, *places;
    if (!PyArg_ParseTuple(tables, "O!O!;Blocking's tables are (needs, places)", &PyTuple_Type, &needs,
                          &PyTuple_Type, &places))
        return 0;
    if (PyTuple_GET_SIZE(needs) != 53 || PyTuple_GET_SIZE(places) != 53) {
        PyErr_Format(PyExc_ValueError, "not a description of a %s position: Blocking's tables hold 53 numbers", game);
        return 0;
    }
    for (int c = 0; c < 53; c++) {
        b->needs[c] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(needs, c));
        b->places[c] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(places, c));
        if (PyErr_Occurred())
            return 0;
        b->following[c][0] = 0;
    }
    for (int card = 0; card < 53; card++)
        for (int first = 1; first < 53; first++)
            if (b->needs[card] >> first & 1)
                b->following[first][++b->following[first][0]] = (uint8_t)card;
    return 1;
}

/* blocked._stuck, step for step: the card the generous game leaves stuck on top of a pile, or 0 if
 * none.  ``lays`` are the piles cards leave from the top only,
 * ``hand`` the cards that come whenever they are wanted, ``founded`` those on the foundations, as bits. */
static int stuck(const Blocking *b, Lay *lays, int nlays, uint64_t hand, uint64_t founded) {
    Lay stacks[MAXSTACKS];
    int coming[MAXSTACKS], ncoming = 0, next_batch[MAXSTACKS];
    uint64_t up = founded, gone = founded, free_ = hand, open_ = hand;
    int nstacks = nlays, spaces = 0;
    uint8_t rising[53 * 53 + 53];
    int nrising = 0;
    for (int k = 0; k < nlays; k++) {
        stacks[k] = lays[k];
        stacks[k].alone += lays[k].ncoming;
        if (lays[k].ncoming) {
            next_batch[ncoming] = 0;
            coming[ncoming++] = k;
        }
        if (lays[k].space && !lays[k].n)
            spaces = 1;
        if (lays[k].n)
            open_ |= 1ULL << lays[k].cards[lays[k].n - 1];
    }
    for (int c = 1; c < 53; c++)
        if (hand >> c & 1)
            rising[nrising++] = (uint8_t)c;
    int first_coming = 0;
    for (;;) {
        while (nrising) {
            int card = rising[--nrising];
            if ((free_ >> card & 1) && !(up >> card & 1) && (!b->needs[card] || (b->needs[card] & up))) {
                up |= 1ULL << card;
                for (int i = 1; i <= b->following[card][0]; i++)
                    rising[nrising++] = b->following[card][i];
            }
        }
        int moved = 0, n = nstacks;
        for (int k = 0; k < n; k++) {
            Lay *s = &stacks[k];
            while (s->n) {
                int top = s->cards[s->n - 1];
                uint64_t room = (open_ & ~gone) | (spaces && s->fills ? SPACE : 0);
                if (!b->needs[top] || (b->needs[top] & up)) {
                    up |= 1ULL << top;
                    s->n--;
                    for (int i = 1; i <= b->following[top][0]; i++)
                        rising[nrising++] = b->following[top][i];
                } else if ((s->n <= s->alone + 1 || s->any_head) && (b->places[top] & room)) {
                    free_ |= 1ULL << top;
                    s->n--;
                } else {
                    /* A card heading a run carries it off, the cards on it still in order. */
                    int lowest = s->space ? 0 : 1, head = -1;
                    if (s->any_head) {
                        for (int h = s->alone > lowest ? s->alone : lowest; h < s->n - 1; h++)
                            if (b->places[s->cards[h]] & room) {
                                head = h;
                                break;
                            }
                    } else if (lowest <= s->alone && s->alone < s->n - 1 && (b->places[s->cards[s->alone]] & room))
                        head = s->alone;
                    if (head < 0)
                        break;
                    if (nstacks == MAXSTACKS)
                        return 0;  /* (never: but no proof rather than a wrong one) */
                    Lay *run = &stacks[nstacks++];
                    run->n = s->n - head;
                    memcpy(run->cards, s->cards + head, (size_t)run->n);
                    run->alone = -1;
                    run->any_head = s->any_head;
                    run->space = 0;
                    run->fills = s->fills;
                    run->ncoming = 0;
                    s->n = head;
                }
                moved = 1;
                if (s->n)
                    open_ |= 1ULL << s->cards[s->n - 1];
                else if (s->space)
                    spaces = 1;
            }
        }
        if (!moved && !nrising) {
            if (first_coming == ncoming)
                break;
            /* The next batches come until the top card of one can leave. */
            int k = coming[first_coming];
            Lay *s = &stacks[k];
            const Lay *from = &lays[k];
            uint64_t room = (open_ & ~gone) | (spaces && s->fills ? SPACE : 0);
            int at = next_batch[first_coming];
            while (at < from->ncoming) {
                int end = at + from->batch < from->ncoming ? at + from->batch : from->ncoming;
                memcpy(s->cards + s->n, from->coming + at, (size_t)(end - at));
                s->n += end - at;
                at = end;
                int top = s->cards[s->n - 1];
                if (!b->needs[top] || (b->needs[top] & up) || (b->places[top] & room)) {
                    open_ |= 1ULL << top;
                    break;
                }
            }
            next_batch[first_coming] = at;
            if (at == from->ncoming)
                first_coming++;
        }
    }
    for (int k = 0; k < nstacks; k++)
        if (stacks[k].n)
            return stacks[k].cards[stacks[k].n - 1];
    return 0;
}

#endif
