/* What every game's search in C needs before it defines its position and moves (see _search.h, which
 * a game's file includes after them): cards of one pack (or of PACKS, which a game of two or four packs
 * defines before it includes this; piquet packs, where it defines PIQUET), hashes and keys, the piles a
 * position is made of (a Stack, a Pack turned onto a talon, a Hand always available, Foundations), a
 * Step, the kinds of move the search sorts by, and (with one pack) the proof that a card can never go up
 * (patience/blocked.py's Blocking, on the same tables).  PACK_RUN and PROGRESS are solve.py's
 * (tests/games/test_searches_in_c.py).
 */
#ifndef PATIENCE_SEARCH_TOOLS_H
#define PATIENCE_SEARCH_TOOLS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef PACKS
#define PACKS 1       /* the packs the game is played with: each card code is met that many times */
#endif
#define SUITS 4
#ifdef PIQUET         /* (a game of piquet packs defines it before it includes this) */
#define FULL 8        /* the cards of a suit: of a piquet pack, the ace and seven to king */
#define FULL_WORDS "8"
#else
#define FULL 13
#define FULL_WORDS "13"
#endif
#define CARDS (FULL * SUITS * PACKS)
#ifndef FOUNDATION_PILES  /* (a game whose foundations are counted otherwise defines it before it includes this) */
#define FOUNDATION_PILES (SUITS * PACKS)  /* the foundations, built in suit: each suit has one for each pack */
#endif
#define PACK_RUN 80   /* solve.PACK_RUN: the most moves of the pack in a run */
#define PROGRESS 4096 /* solve.PROGRESS: positions between two reports */

/* ----------------------------------------------------------------- cards */
/* A card is its code, 1 to 52 (patience.cards): thirteen to a suit, ace first (a piquet pack's the same
 * codes but those of the two to the six).  With more packs the cards of a code are twins, alike in every
 * rule (the engine's cards compare equal). */
static inline int suit_of(int card) { return (card - 1) / 13; }
static inline int rank_of(int card) { return (card - 1) % 13 + 1; }

/* Whether ``card`` (1 to 52) is one of the pack's: with piquet packs, not a two to a six. */
#ifdef PIQUET
static inline int in_pack(int card) { return rank_of(card) == 1 || rank_of(card) >= 7; }
#else
static inline int in_pack(int card) { (void)card; return 1; }
#endif

/* Whether ``n`` bytes at ``cards`` are card codes (1 to 52, of the pack) each met fewer than PACKS times
 * before (counted in ``met``). */
static int cards_ok(const unsigned char *cards, Py_ssize_t n, uint8_t *met) {
    for (Py_ssize_t i = 0; i < n; i++) {
        if (cards[i] < 1 || cards[i] > 52 || !in_pack(cards[i]) || met[cards[i]] >= PACKS)
            return 0;
        met[cards[i]]++;
    }
    return 1;
}

/* A table of 53 × 53 bytes read from ``bytes`` (Build.table(): table[under][card]), and for each card
 * the cards it lets lie on it (``lying_on``: their number, then the cards); 0 with a Python error if it is
 * not one. */
static inline int table_of(PyObject *bytes, uint8_t table[53][53], uint8_t lying_on[53][53], const char *game) {
    if (!PyBytes_Check(bytes) || PyBytes_GET_SIZE(bytes) != 53 * 53) {
        PyErr_Format(PyExc_ValueError, "not a description of a %s position: a table of builds is 53 by 53 bytes", game);
        return 0;
    }
    memcpy(table, PyBytes_AS_STRING(bytes), 53 * 53);
    for (int c = 0; c <= 52; c++) {
        int k = 0;
        for (int a = 1; a <= 52; a++)
            if (c && table[c][a])
                lying_on[c][++k] = (uint8_t)a;
        lying_on[c][0] = (uint8_t)k;
    }
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

/* ----------------------------------------------------------------- piles */
/* A pile of cards that leave and arrive at its top (a file, a row), with its hashes card by card. */
typedef struct {
    uint8_t cards[CARDS];
    int n;
    uint64_t ha[CARDS + 1], hb[CARDS + 1];
} Stack;

static inline void stack_clear(Stack *p) {
    p->n = 0;
    p->ha[0] = HA0;
    p->hb[0] = HB0;
}

static inline void stack_push(Stack *p, int card) {
    int n = p->n;
    p->cards[n] = (uint8_t)card;
    p->ha[n + 1] = hash_on_a(p->ha[n], card);
    p->hb[n + 1] = hash_on_b(p->hb[n], card);
    p->n = n + 1;
}

/* Take the top ``n`` cards of ``p`` into ``cards`` (bottom first). */
static inline void stack_take(Stack *p, int n, uint8_t *cards) {
    p->n -= n;
    memcpy(cards, p->cards + p->n, (size_t)n);
}

static inline int stack_top(const Stack *p) { return p->cards[p->n - 1]; }

/* The first of the ``n`` piles at ``piles`` that is empty; -1 if none. */
static inline int first_empty(const Stack *piles, int n) {
    for (int i = 0; i < n; i++)
        if (!piles[i].n)
            return i;
    return -1;
}

/* A pile's bytes (bottom first) pushed onto ``p``, cleared first; 0 if they are not card codes met
 * fewer than PACKS times before (counted in ``met``). */
static int stack_read(Stack *p, PyObject *bytes, uint8_t *met) {
    stack_clear(p);
    if (!PyBytes_Check(bytes) || PyBytes_GET_SIZE(bytes) > CARDS
        || !cards_ok((const unsigned char *)PyBytes_AS_STRING(bytes), PyBytes_GET_SIZE(bytes), met))
        return 0;
    for (Py_ssize_t i = 0; i < PyBytes_GET_SIZE(bytes); i++)
        stack_push(p, (unsigned char)PyBytes_AS_STRING(bytes)[i]);
    return 1;
}

/* A pile's share of the hashes of piles taken as a set: of its hashes ``ha`` and ``hb``, with ``mark`` (a
 * number of its own, hashed, or 0). */
static inline uint64_t share_a(uint64_t ha, uint64_t mark) { return mix(ha ^ 0x452821e638d01377ULL ^ mark); }
static inline uint64_t share_b(uint64_t hb, uint64_t mark) { return mix2(hb + 0xbe5466cf34e90c6cULL + mark); }

/* The hashes of ``n`` piles taken as a set (a sum), each with a number of its own hashed with it
 * (``marks``, or none: its face-down cards, say), into ``*fa`` and ``*fb``. */
static inline void set_hash(const Stack *piles, const int *marks, int n, uint64_t *fa, uint64_t *fb) {
    for (int f = 0; f < n; f++) {
        uint64_t mark = marks ? (uint64_t)marks[f] * 0x9e3779b97f4a7c15ULL : 0;
        *fa += share_a(piles[f].ha[piles[f].n], mark);
        *fb += share_b(piles[f].hb[piles[f].n], mark);
    }
}

/* The ``n`` piles of ``tuple`` (bytes each, bottom first) read into ``piles``; 0 if they are not card codes
 * met fewer than PACKS times before (counted in ``met``). */
static inline int stacks_read(Stack *piles, PyObject *tuple, int n, uint8_t *met) {
    for (int i = 0; i < n; i++)
        if (!stack_read(&piles[i], PyTuple_GET_ITEM(tuple, i), met))
            return 0;
    return 1;
}

/* A pack turned onto a talon (a waste) and taken up again: read from the bottom of the talon up and on
 * from the top of the hand (the stock) down, the cards keep their order whatever is turned or taken up,
 * so it is the pack as the search began less the cards played from it, and how many of them lie on the
 * talon.  With one pack, the places left tell the pack apart; with more, twins taken from two places
 * may leave the same pack, and a game tells it apart by the order of its cards. */
typedef struct {
    uint8_t orig[CARDS];        /* the pack as the search began, bottom of the talon first */
    uint8_t pos[CARDS];         /* the pack now, as places in orig */
    int n, showing;
#if PACKS == 1
    uint64_t mask;              /* the places in orig still in the pack */
#endif
} Pack;

/* The card on top of the talon with ``showing`` cards on it. */
static inline int pack_card(const Pack *p, int showing) { return p->orig[p->pos[showing - 1]]; }

/* Take the card on top of the talon; its place in the pack as the search began in ``*place``. */
static inline int pack_take(Pack *p, uint8_t *place) {
    int at = p->showing - 1;
    *place = p->pos[at];
    memmove(p->pos + at, p->pos + at + 1, (size_t)(p->n - at - 1));
    p->n--;
    p->showing--;
#if PACKS == 1
    p->mask &= ~(1ULL << *place);
#endif
    return p->orig[*place];
}

/* Put the card taken from ``place`` back on top of the talon. */
static inline void pack_put_back(Pack *p, int place) {
    int at = p->showing;
    memmove(p->pos + at + 1, p->pos + at, (size_t)(p->n - at));
    p->pos[at] = (uint8_t)place;
    p->n++;
    p->showing++;
#if PACKS == 1
    p->mask |= 1ULL << place;
#endif
}

/* The pack read from ``n`` bytes at ``cards`` (CARDS at most), ``showing`` of them on the talon; 0 if they
 * are not card codes met fewer than PACKS times before (counted in ``met``), or showing is not 0 to n. */
static inline int pack_read(Pack *p, const char *cards, Py_ssize_t n, int showing, uint8_t *met) {
    if (n > CARDS || showing < 0 || showing > n || !cards_ok((const unsigned char *)cards, n, met))
        return 0;
    memcpy(p->orig, cards, (size_t)n);
    p->n = (int)n;
    p->showing = showing;
#if PACKS == 1
    p->mask = 0;
#endif
    for (int i = 0; i < n; i++) {
        p->pos[i] = (uint8_t)i;
#if PACKS == 1
        p->mask |= 1ULL << i;
#endif
    }
    return 1;
}

/* A hand of cards each available whenever it is wanted, and never given back (the Flower-Garden's
 * Bouquet, the Idiot's Delight's seven over): its cards as the search began, in their order, and which
 * are left. */
typedef struct {
    uint8_t cards[52];
    int n;
    uint64_t in_hand;           /* the places in cards of those left */
    int left;                   /* how many */
} Hand;

/* Take ``card`` from the hand; its place in ``*place``. */
static inline void hand_take(Hand *h, int card, uint8_t *place) {
    int at = 0;
    while (!(h->in_hand >> at & 1) || h->cards[at] != card)
        at++;
    h->in_hand &= ~(1ULL << at);
    h->left--;
    *place = (uint8_t)at;
}

static inline void hand_put_back(Hand *h, int place) {
    h->in_hand |= 1ULL << place;
    h->left++;
}

/* The cards left in the hand, as bits. */
static inline uint64_t hand_cards(const Hand *h) {
    uint64_t bits = 0;
    for (int i = 0; i < h->n; i++)
        if (h->in_hand >> i & 1)
            bits |= 1ULL << h->cards[i];
    return bits;
}

/* The hand read from ``n`` bytes at ``cards`` (52 at most: its places are bits); 0 if they are not card
 * codes met fewer than PACKS times before (counted in ``met``). */
static inline int hand_read(Hand *h, const char *cards, Py_ssize_t n, uint8_t *met) {
    if (n > 52 || !cards_ok((const unsigned char *)cards, n, met))
        return 0;
    memcpy(h->cards, cards, (size_t)n);
    h->n = h->left = (int)n;
    h->in_hand = (1ULL << n) - 1;
    return 1;
}

/* The foundations, built in suit from the cards of value ``base`` (an ace, or a Demon's formation card),
 * up round the corner to the card below it (or, ``down``, down round the corner to the card above it:
 * Fortress's ace, king, queen ... two), PACKS to a suit (FOUNDATION_PILES): how many cards of each suit
 * are up on every foundation of it (all PACKS begun: the cards of which every copy is up), and each
 * foundation's suit; with one pack, which foundation each suit is on, and with two, how many cards each
 * foundation holds. */
typedef struct {
    int base, down;
    int count[SUITS];                   /* the cards of each suit up, every copy of them */
    int slot_suit[FOUNDATION_PILES];    /* each foundation's suit (-1: not begun) */
#if PACKS == 1
    int suit_slot[SUITS];
#else
    int height[FOUNDATION_PILES];       /* each foundation's cards */
#endif
} Foundations;

/* A card's place in its suit's foundation, from 0 (its first card) to FULL - 1; and the card at
 * ``place`` in ``suit``'s.  (Piquet packs' foundations go up from the ace, then seven to king.) */
#ifdef PIQUET
static inline int place_of(const Foundations *f, int card) {
    (void)f;
    return rank_of(card) == 1 ? 0 : rank_of(card) - 6;
}
static inline int card_at(const Foundations *f, int suit, int place) {
    (void)f;
    return suit * 13 + (place ? place + 6 : 1);
}
#else
static inline int place_of(const Foundations *f, int card) {
    return f->down ? (f->base - rank_of(card) + 13) % 13 : (rank_of(card) - f->base + 13) % 13;
}
static inline int card_at(const Foundations *f, int suit, int place) {
    return suit * 13 + (f->down ? f->base - 1 - place + 13 : f->base - 1 + place) % 13 + 1;
}
#endif
/* Whether ``card`` is up (every copy of it). */
static inline int is_up(const Foundations *f, int card) { return place_of(f, card) < f->count[suit_of(card)]; }

#if PACKS > 1
/* The cards of ``suit`` up on every foundation of it: the fewest a foundation of it holds, 0 until PACKS
 * of them are begun. */
static inline int lowest(const Foundations *f, int suit) {
    int begun = 0, low = FULL;
    for (int i = 0; i < FOUNDATION_PILES; i++)
        if (f->slot_suit[i] == suit) {
            begun++;
            if (f->height[i] < low)
                low = f->height[i];
        }
    return begun == PACKS ? low : 0;
}
#endif

/* Whether ``card`` goes up now, and to which foundation: its suit's (with two packs, the first of its
 * suit that takes it: of two alike, the first, as Game.foundation_takers names them), or the first empty
 * one. */
static inline int goes_up(const Foundations *f, int card, int *slot) {
    int suit = suit_of(card);
#if PACKS == 1
    int have = f->count[suit];
    if (place_of(f, card) != have)
        return 0;
    if (have) {
        *slot = f->suit_slot[suit];
        return 1;
    }
#else
    int place = place_of(f, card);
    if (place) {
        for (int i = 0; i < FOUNDATION_PILES; i++)
            if (f->slot_suit[i] == suit && f->height[i] == place) {
                *slot = i;
                return 1;
            }
        return 0;
    }
#endif
    for (int i = 0; i < FOUNDATION_PILES; i++)
        if (f->slot_suit[i] < 0) {
            *slot = i;
            return 1;
        }
    return 0;
}

static inline void found(Foundations *f, int slot, int card) {
    int suit = suit_of(card);
#if PACKS == 1
    if (!f->count[suit]) {
        f->slot_suit[slot] = suit;
        f->suit_slot[suit] = slot;
    }
    f->count[suit]++;
#else
    if (!f->height[slot]++)
        f->slot_suit[slot] = suit;
    f->count[suit] = lowest(f, suit);
#endif
}

/* Take the top card off the foundation ``slot``, and give it. */
static inline int unfound(Foundations *f, int slot) {
    int suit = f->slot_suit[slot];
#if PACKS == 1
    int place = --f->count[suit];
    if (!place) {
        f->slot_suit[slot] = -1;
        f->suit_slot[suit] = -1;
    }
#else
    int place = --f->height[slot];
    if (!place)
        f->slot_suit[slot] = -1;
    f->count[suit] = lowest(f, suit);
#endif
    return card_at(f, suit, place);
}

/* Whether every card of ``cards`` (their number, then the cards) is up. */
static inline int all_of_up(const Foundations *f, const uint8_t *cards) {
    for (int j = 1; j <= cards[0]; j++)
        if (!is_up(f, cards[j]))
            return 0;
    return 1;
}

#if PACKS > 1
/* Whether each twin of ``card`` still in play finds a foundation as ready as the one ``card`` takes
 * (Game.safe_to_found, with several packs): the foundations that take it now are more than its twins not
 * yet up. */
static inline int twins_find_room(const Foundations *f, int card) {
    int suit = suit_of(card), place = place_of(f, card), out = 0, takers = 0;
    for (int i = 0; i < FOUNDATION_PILES; i++)
        if (f->slot_suit[i] < 0)
            takers += !place;
        else if (f->slot_suit[i] == suit) {
            out += f->height[i] > place;
            takers += f->height[i] == place;
        }
    int twins = PACKS - 1 - out;
    return twins <= 0 || takers > twins;
}
#endif

static inline int all_up(const Foundations *f) {
    for (int i = 0; i < SUITS; i++)
        if (f->count[i] != FULL)
            return 0;
    return 1;
}

/* Whether each of ``n`` foundations, counted by their heights, holds ``full`` cards (foundations of
 * their own, not a Foundations of suits). */
static inline int all_at(const int *height, int n, int full) {
    for (int i = 0; i < n; i++)
        if (height[i] != full)
            return 0;
    return 1;
}

/* How many cards of each suit are up, in 16 bits; with more packs, on each foundation of it, in order
 * (foundations of a suit alike, as Game.solver_key takes them by their top cards, sorted): with two, the
 * fewer first, in 32 bits; with three or four, the most first, in 48 or 64. */
static inline uint64_t foundations_word(const Foundations *f) {
    uint64_t w = 0;
#if PACKS == 1
    for (int i = 0; i < SUITS; i++)
        w |= (uint64_t)f->count[i] << 4 * i;
#elif PACKS > 2
    _Static_assert(PACKS <= 4, "a suit's foundations in 16 bits");
    for (int suit = 0; suit < SUITS; suit++) {
        int heights[PACKS] = {0}, n = 0;
        for (int i = 0; i < FOUNDATION_PILES; i++)
            if (f->slot_suit[i] == suit) {
                int at = n++;
                for (; at > 0 && heights[at - 1] < f->height[i]; at--)
                    heights[at] = heights[at - 1];
                heights[at] = f->height[i];
            }
        for (int j = 0; j < PACKS; j++)
            w |= (uint64_t)heights[j] << (16 * suit + 4 * j);
    }
#else
    int most[SUITS] = {0};
    for (int i = 0; i < FOUNDATION_PILES; i++)
        if (f->slot_suit[i] >= 0 && f->height[i] > most[f->slot_suit[i]])
            most[f->slot_suit[i]] = f->height[i];
    for (int i = 0; i < SUITS; i++)
        w |= (uint64_t)(f->count[i] | most[i] << 4) << 8 * i;
#endif
    return w;
}

/* The cards of each suit up (every copy of them), as bits. */
static inline uint64_t foundations_cards(const Foundations *f) {
    uint64_t up = 0;
    for (int suit = 0; suit < SUITS; suit++)
        for (int place = 0; place < f->count[suit]; place++)
            up |= 1ULL << card_at(f, suit, place);
    return up;
}

/* The foundations read from a tuple of FOUNDATION_PILES (suit, cards), in their order, from ``base``, up
 * (or ``down``): (-1, 0) for one not begun; their cards counted in ``met``.  0 with a Python error if it is
 * not one. */
static inline int foundations_read(Foundations *f, PyObject *tuple, int base, int down, uint8_t *met, const char *game) {
    f->base = base;
    f->down = down;
    for (int i = 0; i < SUITS; i++)
        f->count[i] = 0;
    for (int i = 0; i < FOUNDATION_PILES; i++) {
        f->slot_suit[i] = -1;
#if PACKS == 1
        f->suit_slot[i] = -1;
#else
        f->height[i] = 0;
#endif
    }
    if (!PyTuple_Check(tuple) || PyTuple_GET_SIZE(tuple) != FOUNDATION_PILES || base < 1 || base > 13
        || (FULL != 13 && (base != 1 || down))) {
        PyErr_Format(PyExc_ValueError, "not a description of a %s position: %s foundations", game,
                     PACKS == 1 ? "four" : PACKS == 2 ? "eight" : PACKS == 4 ? "sixteen" : "more");
        return 0;
    }
    int begun[SUITS] = {0};
    for (int i = 0; i < FOUNDATION_PILES; i++) {
        int suit, count;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(tuple, i), "ii;a foundation is (suit, cards)", &suit, &count))
            return 0;
        if (count < 0 || count > FULL || (count && (suit < 0 || suit >= SUITS || begun[suit] == PACKS))) {
            PyErr_Format(PyExc_ValueError, "not a description of a %s position: a foundation is (its suit, 0 "
                         "to 3, and 1 to " FULL_WORDS " cards), a suit at most %s, or (-1, 0)", game,
                         PACKS == 1 ? "once" : PACKS == 2 ? "twice" : PACKS == 4 ? "four times" : "PACKS times");
            return 0;
        }
        if (!count)
            continue;
        begun[suit]++;
        f->slot_suit[i] = suit;
#if PACKS == 1
        f->suit_slot[suit] = i;
        f->count[suit] = count;
#else
        f->height[i] = count;
#endif
        for (int place = 0; place < count; place++)
            met[card_at(f, suit, place)]++;
    }
#if PACKS > 1
    for (int suit = 0; suit < SUITS; suit++)
        f->count[suit] = lowest(f, suit);
#endif
    return 1;
}

/* ----------------------------------------------------------------- places of one card */
/* A tableau of places that each hold one card or none (The Labyrinth's, Babette's garden), hashed as a sum,
 * place by place, of each card's hash at its place's number. */
static inline uint64_t place_hash_a(int at, int card) { return mix((uint64_t)(at * 53 + card) * 0x9e3779b97f4a7c15ULL); }
static inline uint64_t place_hash_b(int at, int card) { return mix2((uint64_t)(at * 53 + card) ^ 0x3c6ef372fe94f82aULL); }

/* Lay ``card`` (0: none) at the place ``at`` of ``places``, keeping their hashes ``*ha`` and ``*hb``. */
static inline void lay_at(uint8_t *places, uint64_t *ha, uint64_t *hb, int at, int card) {
    int was = places[at];
    if (was) {
        *ha -= place_hash_a(at, was);
        *hb -= place_hash_b(at, was);
    }
    if (card) {
        *ha += place_hash_a(at, card);
        *hb += place_hash_b(at, card);
    }
    places[at] = (uint8_t)card;
}

/* ----------------------------------------------------------------- moves */
/* The moves of the pack: none, a turn, the talon taken up again (a re-deal, a pick-up). */
enum { TURN = 1, TAKE_UP = 2 };

#ifndef SOURCES
#define SOURCES 1     /* the most piles a move names (The Wheel's combinations: four) */
#endif

/* A step of the search: a move from pile ``src`` to pile ``dst`` (by their numbers, in the order of the
 * game's pile_names()) of ``n`` cards, the first of them (the lowest placed) ``card``, after a run of
 * ``packs`` moves of the pack (``taken_up`` of them taking the talon up again) that leaves ``showing``
 * cards on the talon.  A move that names several piles (a game that defines SOURCES, the most, before it
 * includes this: The Wheel's combination takes cards from four places, The Fourteenth's exchange trades
 * two with two) names the others in ``also``, NOWHERE after the last: the other piles of its source, in
 * the order its Move names them after ``src``, then the other piles of its target after ``dst``.  A game
 * whose moves of two kinds may name the same piles and cards (The Fourteenth's pair, and its exchange of
 * the same two cards) defines NAMED_KINDS, the kinds' names in braces, and each step names its move's
 * ``kind``, by its place among them. */
typedef struct {
    uint8_t packs, taken_up, showing, src, dst, n, card;
#if SOURCES > 1
    uint8_t also[SOURCES - 1];
#endif
#ifdef NAMED_KINDS
    uint8_t kind;
#endif
} Step;

/* The pile number of a move from, or to, no pile (The Empress of India's deal, which lays the pack's next
 * card on the packet of its colour). */
#define NOWHERE 255

static inline Step move_step(int src, int dst, int n, int card) {
    Step m = {0, 0, 0, (uint8_t)src, (uint8_t)dst, (uint8_t)n, (uint8_t)card};
#if SOURCES > 1
    memset(m.also, NOWHERE, sizeof(m.also));
#endif
    return m;
}

/* The first of ``moves`` to the foundations (the FOUNDATION_PILES piles from ``foundation``) of a card on
 * which no card in ``lying_on`` (by card: their number, then the cards) is left out of ``up``, leaving
 * out those from the pile ``never_from`` (or -1: none): the safe move of a game whose foundations a card
 * can only wait on (Game.safe_move); -1 if none. */
static inline int first_safe(const Step *moves, int n, const Foundations *up, const uint8_t lying_on[53][53],
                      int foundation, int never_from) {
    for (int i = 0; i < n; i++) {
        const Step *m = &moves[i];
        if ((unsigned)(m->dst - foundation) < FOUNDATION_PILES && m->src != never_from
            && all_of_up(up, lying_on[m->card]))
            return i;
    }
    return -1;
}

/* The foundations that take ``card`` now, of eight built in suit, four from aces up and then four from
 * kings down (The Zodiac's, The Labyrinth's), each given by its suit (-1: not begun) and its cards, in
 * their order (Game.foundation_takers): a begun one the next card of its suit, the first empty one of each
 * kind an ace (or a king) of a suit none of its kind has begun with.  Their number, written to ``out``. */
static inline int aces_and_kings_takers(const int *suits, const int *height, int card, int *out) {
    int k = 0, suit = suit_of(card), value = rank_of(card), begun[2] = {0, 0}, empty[2] = {0, 0};
    for (int f = 0; f < 2 * SUITS; f++)
        if (height[f])
            begun[f >= SUITS] |= 1 << suits[f];
    for (int f = 0; f < 2 * SUITS; f++) {
        int king = f >= SUITS, h = height[f];
        if (h) {
            if (suits[f] == suit && h < FULL && value == (king ? FULL - h : h + 1))
                out[k++] = f;
        } else if (!empty[king]) {
            empty[king] = 1;
            if (value == (king ? FULL : 1) && !(begun[king] >> suit & 1))
                out[k++] = f;
        }
    }
    return k;
}

/* Read the eight foundations of ``foundations`` (a tuple: the four aces', then the four kings', as
 * aces_and_kings_takers counts them), each (its suit, its cards) or (-1, 0), into ``suits`` and ``height``,
 * counting their cards in ``met``; 0 with a Python error (``refused`` its first words) if they are not:
 * a suit at most once among the aces' and once among the kings'. */
static inline int aces_and_kings_read(PyObject *foundations, int *suits, int *height, uint8_t *met, const char *refused) {
    int begun[2] = {0, 0};
    for (int f = 0; f < 2 * SUITS; f++) {
        int king = f >= SUITS;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(foundations, f), "ii;a foundation is (suit, cards)", &suits[f],
                              &height[f]))
            return 0;
        int suit = suits[f], h = height[f];
        if (h < 0 || h > FULL || (h && (suit < 0 || suit >= SUITS || begun[king] >> suit & 1))) {
            PyErr_Format(PyExc_ValueError, "%sa foundation is (its suit, 0 to 3, and 1 to 13 cards), a suit at most "
                         "once among the aces' and the kings', or (-1, 0)", refused);
            return 0;
        }
        if (!h) {
            suits[f] = -1;
            continue;
        }
        begun[king] |= 1 << suit;
        for (int i = 1; i <= h; i++)
            met[suit * 13 + (king ? FULL + 1 - i : i)]++;
    }
    return 1;
}

/* Whether a card of the rank and suit of ``card`` lies on one of eight foundations given as to
 * aces_and_kings_takers (Game.founded): with two packs, whether its twin is up, so that the card can only
 * ever go to the other foundation of its suit. */
static inline int aces_and_kings_founded(const int *suits, const int *height, int card) {
    int value = rank_of(card);
    for (int f = 0; f < 2 * SUITS; f++)
        if (height[f] && suits[f] == suit_of(card) && (f < SUITS ? value <= height[f] : value > FULL - height[f]))
            return 1;
    return 0;
}

/* The kinds of move, in the order the search tries them (solve._by_priority). */
enum { OUT = 0, TURNING = 1, EMPTYING = 2, BETWEEN = 3, KINDS = 4 };

/* ----------------------------------------------------------------- blocked cards */
/* (The proof takes cards as bits of their codes: one pack.  A file of several games, of one pack and of
 * more, that proves cards blocked in its games of one pack defines ONE_PACK_PROOFS: La Belle Lucie's.) */
#if PACKS == 1 || defined(ONE_PACK_PROOFS)
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
    uint8_t cards[CARDS];
    int n, alone, any_head, space, fills;
    uint8_t coming[CARDS];
    int ncoming, batch;
} Lay;

/* A pile that cards leave from the top only, as the proof sees it: ``alone`` of its cards (from the
 * bottom) leave one by one, the rest in a run on them, headed by any card of it if ``any_head``; a space
 * when empty if ``space``; its cards may fill a space. */
static inline void lay_from(Lay *lay, const Stack *pile, int alone, int any_head, int space) {
    lay->n = pile->n;
    memcpy(lay->cards, pile->cards, (size_t)pile->n);
    lay->alone = alone;
    lay->any_head = any_head;
    lay->space = space;
    lay->fills = 1;
    lay->ncoming = 0;
}

/* Blocking's tables from Python: (needs, places), each 53 numbers of bits. */
static inline int blocking_of(PyObject *tables, Blocking *b, const char *game) {
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
static inline int stuck(const Blocking *b, Lay *lays, int nlays, uint64_t hand, uint64_t founded) {
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

#endif
