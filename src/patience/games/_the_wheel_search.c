/* The Wheel's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on The Wheel (patience/games/the_wheel.py), in both readings of ``deal``: the same useful moves
 * (every combination, those that uncover the most cards first, then the deal), the same positions merged,
 * counted the same way; only faster, on plain bytes.  The Wheel has no safe move and proves nothing lost
 * (no blocked()): a deal is lost here, as in the core's search, only once every line has been searched.
 * The deal is its only move of the pack, and no move is independent of it, so the core searches it as a
 * step of its own, last: here it is the game's own "run" of the pack (pack_runs below), a run of one move.
 * What the rules allow is given by the Python module (the option), and the line of a won deal is played
 * again through the Python engine, which checks every move; tests/games/test_searches_in_c.py holds the
 * moves, the steps and the verdicts of the two searches together.
 *
 * Two packs: a card's code is met up to twice, and the rules look only at a card's value (a court card is
 * a crown, whichever it is).  A combination takes a card from each of four places of the cushion at once
 * (SOURCES): its Step names the first of its three minor cards' places in ``src``, the other two and the
 * crown's in ``also``, in the order of the Move's source.
 *
 * A position: the pack (as the search began: it is only ever dealt from the top, so what is left of it is
 * its size), the twelve places of the cushion (each bottom first), the packets of the circle (it fills from
 * its first place; what they hold never plays again), the deals made, and whether the last move was the
 * deal (the core's search keeps a position so reached apart from the same position reached otherwise:
 * solve._node).  Its key is 128 bits of hash of that, each place of the cushion by its cards' values (a
 * court card as 11) and its number, as TheWheel.solver_key lists them; the cross of aces never moves.
 */
#define PACKS 2
#define SOURCES 4               /* a combination's four places: three minor cards and the crown */
#define OWN_RUNS                /* the deal, given as the game's own run of the pack (pack_runs below) */
#include "_search_tools.h"

#define GAME "The Wheel"
#define MODULE "_the_wheel_search"
#define PLACES 12               /* the cushion's */
#define CIRCLE 24               /* the circle's places: a packet each */
#define PACKET 4                /* three minor cards and a crown */
#define SUM 18                  /* the pips of a combination's three cards */
#define CROWN 11                /* a court card's value here (a knave, a queen or a king alike) */
#define HIGHEST 16              /* the most cards a place of the cushion may hold here (play leaves 8 at most) */

/* Pile numbers, in the order of TheWheel.pile_names(): the pack, the cross, the cushion, the circle. */
enum { PACK = 0, CUSHION1 = 9, CIRCLE1 = 21 };
/* (The core asks of a run of the pack whether it ends in a move out, FOUNDATION on: the deal never does.) */
#define FOUNDATION CIRCLE1

/* The most moves from a position: three of the nine minor cards on top of the cushion, each crowned by
 * each of the three court cards on top (84 x 3, the most for any split of twelve); and the deal. */
#define MAX_MOVES 256
#define MAX_STEPS MAX_MOVES

typedef struct {
    int blocked;                /* deal=blocked: the deal only when no combination can be made */
} Rules;

/* A place of the cushion: its cards, bottom first, and their values, four bits each, the bottom card's
 * lowest (its part of the key). */
typedef struct {
    uint8_t cards[HIGHEST];
    int n;
    uint64_t values;
} Place;

typedef struct {
    uint8_t pack[CARDS];        /* the pack as the search began, bottom first */
    int npack;                  /* the cards left in it: the first npack */
    Place place[PLACES];
    int packets, deals;
    int by_deal;                /* whether the last move was the deal */
} State;

/* What a step changed, to take it back: the cards a combination took up (in the order of its places), the
 * places then refilled from the pack (as bits), or the places a deal covered; and by_deal before it. */
typedef struct {
    Step step;
    uint8_t taken[PACKET];
    uint16_t refilled;
    uint8_t covered, by_deal;
} Undo;

/* A card's value as the rules see it: its pips, a court card CROWN. */
static inline int value_of(int card) {
    int rank = rank_of(card);
    return rank > 10 ? CROWN : rank;
}

static inline int top_of(const Place *p) { return p->cards[p->n - 1]; }

static inline void place_push(Place *p, int card) {
    p->values |= (uint64_t)value_of(card) << 4 * p->n;
    p->cards[p->n++] = (uint8_t)card;
}

static inline int place_pop(Place *p) {
    p->n--;
    p->values &= ~(0xfULL << 4 * p->n);
    return p->cards[p->n];
}

static Key key_of(const State *s) {
    uint64_t fa = 0, fb = 0;
    for (int i = 0; i < PLACES; i++) {  /* each place in its order: they are not alike in the key */
        uint64_t mark = (uint64_t)(i + 1) * 0x9e3779b97f4a7c15ULL;
        fa += mix(s->place[i].values ^ mark);
        fb += mix2(s->place[i].values + mark);
    }
    return key_from(fa, fb, (uint64_t)s->npack,
                    (uint64_t)s->packets | (uint64_t)s->deals << 8 | (uint64_t)s->by_deal << 16);
}

/* ----------------------------------------------------------------- moves */
/* The combinations, as TheWheel.generate_legal_moves makes them: each three minor cards on top of the
 * cushion (in the order of their places) of three values making eighteen, crowned by each court card on
 * top of it in turn, to the circle's next place; none once the circle is full, or with no crown.  Their
 * number, written to ``out``; or, ``out`` NULL, whether there is one. */
static int combinations(const State *s, Step *out) {
    uint8_t minor[PLACES], crown[PLACES], value[PLACES];
    int nminor = 0, ncrown = 0, k = 0;
    if (s->packets == CIRCLE)
        return 0;
    for (int i = 0; i < PLACES; i++)
        if (s->place[i].n) {
            int v = value_of(top_of(&s->place[i]));
            if (v == CROWN)
                crown[ncrown++] = (uint8_t)i;
            else {
                value[nminor] = (uint8_t)v;
                minor[nminor++] = (uint8_t)i;
            }
        }
    if (!ncrown)
        return 0;
    for (int a = 0; a < nminor; a++)
        for (int b = a + 1; b < nminor; b++)
            for (int c = b + 1; c < nminor; c++) {
                int va = value[a], vb = value[b], vc = value[c];
                if (va + vb + vc != SUM || va == vb || vb == vc || va == vc)
                    continue;
                if (!out)
                    return 1;
                for (int j = 0; j < ncrown; j++) {
                    Step m = move_step(CUSHION1 + minor[a], CIRCLE1 + s->packets, PACKET,
                                       top_of(&s->place[minor[a]]));
                    m.also[0] = (uint8_t)(CUSHION1 + minor[b]);
                    m.also[1] = (uint8_t)(CUSHION1 + minor[c]);
                    m.also[2] = (uint8_t)(CUSHION1 + crown[j]);
                    out[k++] = m;
                }
            }
    return k;
}

/* The cards a combination uncovers: those under the top card of each of its places. */
static inline int uncovered(const State *s, const Step *m) {
    int under = s->place[m->src - CUSHION1].n - 1;
    for (int i = 0; i < SOURCES - 1; i++)
        under += s->place[m->also[i] - CUSHION1].n - 1;
    return under;
}

/* The legal moves but the deal (or, ``useful``, TheWheel.useful_moves's: the same, those that uncover the
 * most cards first, of those alike in the engine's order), in the engine's order.  Each move's kind in
 * ``kind``, if given: every combination goes out, to the circle. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int n = combinations(s, out);
    (void)r;
    if (useful) {  /* (a stable sort, as Python's: there are seldom more than a few) */
        int under[MAX_MOVES];
        for (int i = 0; i < n; i++) {
            Step m = out[i];
            int u = uncovered(s, &m), j = i;
            for (; j > 0 && under[j - 1] < u; j--) {
                out[j] = out[j - 1];
                under[j] = under[j - 1];
            }
            out[j] = m;
            under[j] = u;
        }
    }
    if (kind)
        memset(kind, OUT, (size_t)n);
    return n;
}

/* The Wheel has no safe move (Game.safe_move). */
static inline int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    (void)r; (void)s; (void)moves; (void)n;
    return -1;
}

/* The deal, where it is legal (while the pack lasts; with deal=blocked, only when no combination can be
 * made), tried after every combination as the core tries a move of the pack: the one "run" of the pack,
 * a step of the deal alone (Game.pack_runs has none to give: no move is independent of the deal). */
static int pack_runs(const Rules *r, const State *s, Step *runs, int room) {
    if (!s->npack || room < 1 || (r->blocked && combinations(s, NULL)))
        return 0;
    runs[0] = move_step(PACK, NOWHERE, 0, 0);
    return 1;
}

/* ----------------------------------------------------------------- play */
/* TheWheel.apply: the deal lays a card from the pack on each place of the cushion in turn, while it lasts;
 * a combination takes up the top card of each of its places to the circle's next place, and during the
 * first deal each place so emptied is refilled from the pack at once (Rule I). */
static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    u->by_deal = (uint8_t)s->by_deal;
    if (m->src == PACK) {
        int k = 0;
        for (; k < PLACES && s->npack; k++)
            place_push(&s->place[k], s->pack[--s->npack]);
        u->covered = (uint8_t)k;
        s->deals++;
        s->by_deal = 1;
        return;
    }
    const uint8_t from[PACKET] = {m->src, m->also[0], m->also[1], m->also[2]};
    for (int i = 0; i < PACKET; i++)
        u->taken[i] = (uint8_t)place_pop(&s->place[from[i] - CUSHION1]);
    s->packets++;
    s->by_deal = 0;
    u->refilled = 0;
    if (s->deals == 1)
        for (int k = 0; k < PLACES && s->npack; k++)
            if (!s->place[k].n) {
                place_push(&s->place[k], s->pack[--s->npack]);
                u->refilled |= (uint16_t)(1u << k);
            }
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    (void)r;
    s->by_deal = u->by_deal;
    if (m->src == PACK) {
        for (int k = u->covered - 1; k >= 0; k--) {
            place_pop(&s->place[k]);
            s->npack++;
        }
        s->deals--;
        return;
    }
    for (int k = 0; k < PLACES; k++)
        if (u->refilled >> k & 1) {
            place_pop(&s->place[k]);
            s->npack++;
        }
    const uint8_t from[PACKET] = {m->src, m->also[0], m->also[1], m->also[2]};
    for (int i = 0; i < PACKET; i++)
        place_push(&s->place[from[i] - CUSHION1], u->taken[i]);
    s->packets--;
}

/* Twenty-four crowned packets round the circle. */
static inline int is_won(const State *s) { return s->packets == CIRCLE; }

/* ----------------------------------------------------------------- Python */
#define REFUSED "not a description of a Wheel position: "

/* The position and the rules from TheWheel.description(): (pack, cushion, packets, deals, blocked); the
 * pack as bytes of card codes, bottom first, the cushion as twelve places, each bytes of card codes bottom
 * first, the circle's packets, the deals made, and whether deal is "blocked". */
static int read_description(PyObject *d, Rules *r, State *s) {
    const char *pack;
    Py_ssize_t npack;
    PyObject *cushion;
    memset(s, 0, sizeof(*s));
    if (!PyArg_ParseTuple(d, "y#O!iip;a description of a Wheel position", &pack, &npack, &PyTuple_Type, &cushion,
                          &s->packets, &s->deals, &r->blocked))
        return 0;
    if (PyTuple_GET_SIZE(cushion) != PLACES) {
        PyErr_SetString(PyExc_ValueError, REFUSED "twelve places of the cushion");
        return 0;
    }
    if (s->packets < 0 || s->packets > CIRCLE || s->deals < 1 || s->deals > 255) {
        PyErr_SetString(PyExc_ValueError, REFUSED "0 to 24 packets in the circle, 1 to 255 deals made");
        return 0;
    }
    uint8_t met[53] = {0};
    int ok = npack <= CARDS && cards_ok((const unsigned char *)pack, npack, met);
    for (int i = 0; ok && i < PLACES; i++) {
        PyObject *cards = PyTuple_GET_ITEM(cushion, i);
        ok = PyBytes_Check(cards) && PyBytes_GET_SIZE(cards) <= HIGHEST
             && cards_ok((const unsigned char *)PyBytes_AS_STRING(cards), PyBytes_GET_SIZE(cards), met);
        for (Py_ssize_t j = 0; ok && j < PyBytes_GET_SIZE(cards); j++)
            place_push(&s->place[i], (unsigned char)PyBytes_AS_STRING(cards)[j]);
    }
    for (int suit = 0; ok && suit < SUITS; suit++)
        ok = !met[13 * suit + 1];
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, REFUSED "the pack and the places are bytes of card codes, each twice at "
                        "most, none an ace, sixteen at most to a place");
        return 0;
    }
    memcpy(s->pack, pack, (size_t)npack);
    s->npack = (int)npack;
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__the_wheel_search(void) { return search_module(); }
