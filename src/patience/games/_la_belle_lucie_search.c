/* La Belle Lucie's thoughtful search, in C, and The House in the Wood's and The House on the Hill's.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on the three games of patience/games/la_belle_lucie.py, in every reading of their options
 * (the re-deals allowed, when the tableau may be taken up, the packets of the two-pack games): the same
 * moves, in the same order, the same safe moves, the same positions merged, counted the same way, and in
 * La Belle Lucie the same proofs that a card can never go up (LaBelleLucie.blocked, Blocking of
 * _search_tools.h); only faster, on plain bytes.  What the rules allow is given by the Python module (the
 * marriages' table of builds, the foundations' bases, the options, Blocking's tables, and the order of the
 * cards after each re-deal still allowed: the engine shuffles them with Python's random numbers), and the
 * line of a won deal is played again through the Python engine, which checks every move;
 * tests/games/test_searches_in_c.py holds the moves, the steps and the verdicts of the two searches
 * together.
 *
 * The description says which game it is: the packs (one, or two, whose cards of a code are twins, alike
 * in every rule), the foundations' bases (aces up, or on the Hill four kings down too) and whether the
 * foundations of one base must be of different suits (the Hill).
 *
 * The re-deal is a move of the pack: a step of no cards from no pile (NOWHERE), the last the search tries,
 * as the engine's last legal move.  It takes the packets up in their order, each from its bottom card,
 * and deals them again in threes in the order the description gives for the re-deal and the number of
 * cards (LaBelleLucie.shuffles); taken back, the order is inverted and the packets laid as they were.
 *
 * A position: the packets (bottom first), the foundations (each its suit, its height and its base) and
 * the re-deals made.  Its key is 128 bits of hash of that, as LaBelleLucie.solver_key: the packets each
 * by its place while a re-deal is left (a re-deal takes them up in order), else as a set; the foundations
 * of a base as a set, by the heights of each suit's; the re-deals made; and whether the re-deal led to it.
 */
#define PACKS 2
#define ONE_PACK_PROOFS         /* La Belle Lucie, of one pack, proves cards blocked */
#include "_search_tools.h"

#define GAME "La Belle Lucie"
#define MODULE "_la_belle_lucie_search"
#define OWN_RUNS                /* the re-deal, a move of the pack, is a step alone (pack_runs below) */
#define MAX_PACKETS 36
#define MAX_REDEALS 8           /* the most re-deals still allowed that a description gives the orders for */

/* Pile numbers, in the order of LaBelleLucie.pile_names(): the foundations (four or eight), then the
 * packets, from ``packet1`` of the Rules. */
enum { FOUNDATION = 0 };

/* When the tableau may be taken up (the option redeal_when): no card can be played to a foundation, no
 * card can be played or married, or at any time. */
enum { BLOCKED = 0, STUCK = 1, ANY = 2 };

/* The most moves from a position, and steps: each packet's uppermost card to two foundations at most (a
 * begun one and the first empty one) and in marriage onto four packets at most (the twins one lower and
 * one higher, on the Hill); and the re-deal. */
#define MAX_MOVES 256
#define MAX_STEPS 512

typedef struct {
    uint8_t marries[53][53];    /* marries[under][card]: card may be married onto under (in suit, one off) */
    uint8_t lying_on[53][53];   /* the cards that may be married onto a card: their number, then the cards */
    int packs, npackets, nfound, packet1;
    int king[FOUNDATION_PILES]; /* whether each foundation descends from a king (else ascends from an ace) */
    int distinct;               /* the foundations of a base are of different suits */
    int allowed, when;          /* the re-deals allowed, when the tableau may be taken up */
    int first;                  /* the re-deals made as the search began */
    int nshuffles, width;       /* the re-deals given, and the most cards each may take up */
    uint8_t shuffle[MAX_REDEALS][CARDS][CARDS];  /* after re-deal first + 1 + i of n cards, place j of the
                                                  * deal holds the card taken up at shuffle[i][n - 1][j] */
    int proves;                 /* the game proves cards blocked (La Belle Lucie's blocked()) */
    Blocking blocking;
} Rules;

typedef struct {
    Stack packet[MAX_PACKETS];
    int suit[FOUNDATION_PILES], height[FOUNDATION_PILES];  /* the foundations: the suit (-1: none), the cards */
    uint8_t out[53];            /* the cards of each code on the foundations */
    int redeals;                /* the re-deals made */
    int redealt;                /* the step that led here was the re-deal (solve._node's move of the pack) */
    const Rules *rules;         /* the rules it is played by (for key_of) */
} State;

/* What a step changed, to take it back: after a re-deal, the packets' sizes before it. */
typedef struct {
    Step step;
    uint8_t redealt, sizes[MAX_PACKETS];
} Undo;

/* ----------------------------------------------------------------- the foundations */
/* The card the foundation ``f`` takes next (a begun one's), 0 if it is full or not begun. */
static inline int next_card(const Rules *r, const State *s, int f) {
    int h = s->height[f];
    if (!h || h == FULL)
        return 0;
    return s->suit[f] * 13 + (r->king[f] ? FULL - h : h + 1);
}

/* Whether an empty foundation of the base of ``f`` could begin with ``card`` (Foundation.fault, and
 * LaBelleLucie.foundation_fault on the Hill: no foundation of its base has begun with its suit). */
static inline int begins(const Rules *r, const State *s, int f, int card) {
    if (rank_of(card) != (r->king[f] ? FULL : 1))
        return 0;
    if (r->distinct)
        for (int g = 0; g < r->nfound; g++)
            if (s->height[g] && s->suit[g] == suit_of(card) && r->king[g] == r->king[f])
                return 0;
    return 1;
}

/* Game.foundation_takers (distinct_suits on the Hill): the foundations that take ``card``, in their order:
 * a begun one that takes it next, unless one before it of its base is alike (the same suit and height);
 * the first empty one of each base that it could begin.  Their number, written to ``out``. */
static int takers(const Rules *r, const State *s, int card, int *out) {
    int k = 0, empty[2] = {0, 0};
    for (int f = 0; f < r->nfound; f++) {
        if (s->height[f]) {
            if (next_card(r, s, f) != card)
                continue;
            int alike = 0;
            for (int g = 0; g < f && !alike; g++)
                alike = r->king[g] == r->king[f] && s->height[g] == s->height[f] && s->suit[g] == s->suit[f];
            if (!alike)
                out[k++] = f;
        } else if (!empty[r->king[f]]) {
            empty[r->king[f]] = 1;
            if (begins(r, s, f, card))
                out[k++] = f;
        }
    }
    return k;
}

/* How many foundations would take ``card`` (Game.foundation_fault is None), alike or not. */
static int accepting(const Rules *r, const State *s, int card) {
    int n = 0;
    for (int f = 0; f < r->nfound; f++)
        n += s->height[f] ? next_card(r, s, f) == card : begins(r, s, f, card);
    return n;
}

/* The foundations as the key takes them, those of a base as a set: for each suit and base, the heights of
 * its foundations (two at most), the higher first, four bits each. */
static uint64_t foundations_by_base(const Rules *r, const State *s) {
    uint64_t w = 0;
    for (int suit = 0; suit < SUITS; suit++)
        for (int king = 0; king < 2; king++) {
            int heights[2] = {0, 0};
            for (int f = 0; f < r->nfound; f++)
                if (s->height[f] && s->suit[f] == suit && r->king[f] == king) {
                    if (s->height[f] > heights[0]) {
                        heights[1] = heights[0];
                        heights[0] = s->height[f];
                    } else
                        heights[1] = s->height[f];
                }
            w |= (uint64_t)(heights[0] | heights[1] << 4) << (16 * suit + 8 * king);
        }
    return w;
}

/* The cards on the foundations, as bits (one pack: La Belle Lucie's proofs). */
static uint64_t founded(const Rules *r, const State *s) {
    uint64_t bits = 0;
    for (int f = 0; f < r->nfound; f++)
        for (int i = 1; i <= s->height[f]; i++)
            bits |= 1ULL << (s->suit[f] * 13 + (r->king[f] ? FULL + 1 - i : i));
    return bits;
}

/* ----------------------------------------------------------------- the key */
/* The packets' places for a key while a re-deal is left. */
static const int PLACE_MARKS[MAX_PACKETS] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
                                             19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36};

/* LaBelleLucie.solver_key, and whether the re-deal led here (solve._node: a position the re-deal led to is
 * searched apart from the same position reached otherwise). */
static Key key_of(const State *s) {
    const Rules *r = s->rules;
    uint64_t fa = 0, fb = 0;
    int by_place = s->redeals < r->allowed;
    set_hash(s->packet, by_place ? PLACE_MARKS : NULL, r->npackets, &fa, &fb);
    return key_from(fa, fb, foundations_by_base(r, s), (uint64_t)s->redeals << 2 | (uint64_t)s->redealt << 1
                    | (uint64_t)by_place);
}

/* LaBelleLucie.is_won: every packet played out. */
static inline int is_won(const State *s) {
    for (int p = 0; p < s->rules->npackets; p++)
        if (s->packet[p].n)
            return 0;
    return 1;
}

/* ----------------------------------------------------------------- moves */
/* The legal moves but the re-deal (or, ``useful``, LaBelleLucie.useful_moves's), in the order of
 * LaBelleLucie.generate_legal_moves: each packet's uppermost card (Rule I) to the foundations that take
 * it, then onto the packets whose uppermost card it marries, in their order; useful, once no re-deal is
 * left, not the marriages of a card alone in its packet.  Each move's kind in ``kind``, if given: to a
 * foundation, emptying a packet, or between. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int k = 0, names[FOUNDATION_PILES];
    int last = s->redeals >= r->allowed;
    for (int p = 0; p < r->npackets; p++) {
        const Stack *source = &s->packet[p];
        if (!source->n)
            continue;
        int card = stack_top(source), n = takers(r, s, card, names);
        for (int i = 0; i < n; i++)
            out[k++] = move_step(r->packet1 + p, FOUNDATION + names[i], 1, card);
        if (useful && last && source->n == 1)
            continue;
        for (int q = 0; q < r->npackets; q++)
            if (s->packet[q].n && r->marries[stack_top(&s->packet[q])][card])
                out[k++] = move_step(r->packet1 + p, r->packet1 + q, 1, card);
    }
    if (kind)
        for (int i = 0; i < k; i++)
            kind[i] = out[i].dst < r->packet1 ? OUT : s->packet[out[i].src - r->packet1].n == 1 ? EMPTYING : BETWEEN;
    return k;
}

/* Whether every copy of each card that may be married onto ``card`` is on the foundations. */
static inline int children_out(const Rules *r, const State *s, int card) {
    for (int j = 1; j <= r->lying_on[card][0]; j++)
        if (s->out[r->lying_on[card][j]] < r->packs)
            return 0;
    return 1;
}

/* LaBelleLucie.safe_move: the first move to a foundation (on the Hill, to a begun one) of a card that no
 * card left in the tableau could marry, each twin of which still in play finds a foundation as ready
 * (Game.safe_to_found); none with redeal_when=any while a re-deal is left.  -1 if none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    if (r->when == ANY && s->redeals < r->allowed)
        return -1;
    for (int i = 0; i < n; i++) {
        const Step *m = &moves[i];
        if (m->dst >= r->packet1 || (r->distinct && !s->height[m->dst - FOUNDATION]) || !children_out(r, s, m->card))
            continue;
        int twins = r->packs - 1 - s->out[m->card];
        if (twins <= 0 || accepting(r, s, m->card) > twins)
            return i;
    }
    return -1;
}

/* The re-deal as a step alone (LaBelleLucie.generate_legal_moves's last move), where the paragraph on
 * re-dealing allows it: a card left in the tableau, a re-deal left, and (redeal_when) no card can be
 * played to a foundation, or none played or married.  Its number: 1 or 0. */
static int pack_runs(const Rules *r, State *s, Step *runs, int room) {
    (void)room;
    if (s->redeals >= r->allowed || is_won(s))
        return 0;
    if (r->when != ANY) {
        Step moves[MAX_MOVES];
        uint8_t kind[MAX_MOVES];
        int n = moves_of(r, s, 0, moves, kind), played = 0;
        for (int i = 0; i < n; i++)
            played |= kind[i] == OUT;
        if (r->when == BLOCKED ? played : n > 0)
            return 0;
    }
    runs[0] = move_step(NOWHERE, NOWHERE, 0, 0);
    return 1;
}

/* ----------------------------------------------------------------- play */
/* LaBelleLucie._redeal, or (``back``) the re-deal taken back: the packets taken up in their order, each
 * from its bottom card, and dealt again in threes (the last packet the one or two cards left over) in the
 * order of the re-deal's shuffle; taken back, laid again in the sizes ``sizes`` they had. */
static void redeal(const Rules *r, State *s, int back, uint8_t *sizes) {
    uint8_t taken[CARDS], dealt[CARDS];
    int n = 0;
    for (int p = 0; p < r->npackets; p++) {
        if (!back)
            sizes[p] = (uint8_t)s->packet[p].n;
        memcpy((back ? dealt : taken) + n, s->packet[p].cards, (size_t)s->packet[p].n);
        n += s->packet[p].n;
    }
    const uint8_t *order = r->shuffle[(back ? s->redeals - 1 : s->redeals) - r->first][n - 1];
    for (int j = 0; j < n; j++)
        if (back)
            taken[order[j]] = dealt[j];
        else
            dealt[j] = taken[order[j]];
    const uint8_t *cards = back ? taken : dealt;
    for (int p = 0, at = 0; p < r->npackets; p++) {
        int size = back ? sizes[p] : n - at < 3 ? n - at : 3;
        stack_clear(&s->packet[p]);
        for (int i = 0; i < size; i++)
            stack_push(&s->packet[p], cards[at + i]);
        at += size;
    }
    s->redeals += back ? -1 : 1;
}

/* ``card`` put on the foundation ``f``, or (``sign`` -1) taken from it. */
static inline void found_on(State *s, int f, int card, int sign) {
    if (sign > 0 && !s->height[f]++)
        s->suit[f] = suit_of(card);
    if (sign < 0 && !--s->height[f])
        s->suit[f] = -1;
    s->out[card] = (uint8_t)(s->out[card] + sign);
}

/* The card on top of the foundation ``f``. */
static inline int foundation_top(const Rules *r, const State *s, int f) {
    return s->suit[f] * 13 + (r->king[f] ? FULL + 1 - s->height[f] : s->height[f]);
}

static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    u->step = *m;
    u->redealt = (uint8_t)s->redealt;
    s->redealt = m->src == NOWHERE;
    if (m->src == NOWHERE) {
        redeal(r, s, 0, u->sizes);
        return;
    }
    uint8_t card;
    stack_take(&s->packet[m->src - r->packet1], 1, &card);
    if (m->dst < r->packet1)
        found_on(s, m->dst - FOUNDATION, card, 1);
    else
        stack_push(&s->packet[m->dst - r->packet1], card);
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    s->redealt = u->redealt;
    if (m->src == NOWHERE) {
        redeal(r, s, 1, (uint8_t *)u->sizes);
        return;
    }
    uint8_t card;
    if (m->dst < r->packet1) {
        card = (uint8_t)foundation_top(r, s, m->dst - FOUNDATION);
        found_on(s, m->dst - FOUNDATION, card, -1);
    } else
        stack_take(&s->packet[m->dst - r->packet1], 1, &card);
    stack_push(&s->packet[m->src - r->packet1], card);
}

#define PROVES
/* LaBelleLucie.blocked: once no re-deal is left, a card that can never go up, its packets giving up their
 * uppermost cards only, one by one, to a foundation or in marriage, an emptied packet never filled
 * (Blocking, on La Belle Lucie's tables); the two-pack games prove nothing. */
static inline int dead_end(const Rules *r, const State *s) {
    if (!r->proves || s->redeals < r->allowed)
        return 0;
    Lay lays[MAX_PACKETS];
    for (int p = 0; p < r->npackets; p++)
        lay_from(&lays[p], &s->packet[p], s->packet[p].n, 0, 0);
    return stuck(&r->blocking, lays, r->npackets, 0, founded(r, s)) != 0;
}

/* ----------------------------------------------------------------- Python */
/* The position and the rules from LaBelleLucie.description(): (packets, foundations, bases, redeals,
 * allowed, when, shuffles, marriages, packs, distinct, blocking); the packets as bytes of card codes,
 * bottom first, in their order, the foundations as (suit or -1, cards) in their order, bases the rank each
 * begins with (bytes: 1, an ace, ascending; 13, a king, descending), the re-deals made and allowed,
 * when the tableau may be taken up (0 blocked, 1 stuck, 2 any), the shuffles of the re-deals still
 * allowed (each a tuple of orders, the n-th of n bytes: after the re-deal of n cards, place j holds the
 * card taken up at that number), marriages the table of builds of a marriage, 53 by 53 bytes, the packs
 * (1 or 2), whether the foundations of a base are of different suits, and Blocking's tables (of one pack)
 * or None. */
static int read_description(PyObject *d, Rules *r, State *s) {
    PyObject *packets, *foundations, *shuffles, *marries, *blocking;
    const char *bases;
    Py_ssize_t nbases;
    memset(s, 0, sizeof(*s));
    s->rules = r;
    if (!PyArg_ParseTuple(d, "O!O!y#iiiO!OipO;a description of a La Belle Lucie position", &PyTuple_Type, &packets,
                          &PyTuple_Type, &foundations, &bases, &nbases, &s->redeals, &r->allowed, &r->when,
                          &PyTuple_Type, &shuffles, &marries, &r->packs, &r->distinct, &blocking))
        return 0;
    r->npackets = (int)PyTuple_GET_SIZE(packets);
    r->nfound = (int)PyTuple_GET_SIZE(foundations);
    r->packet1 = r->nfound;
    if ((r->packs != 1 && r->packs != 2) || r->nfound != SUITS * r->packs || nbases != r->nfound
        || r->npackets < 1 || r->npackets > MAX_PACKETS) {
        PyErr_SetString(PyExc_ValueError, "not a description of a La Belle Lucie position: one or two packs, "
                        "four foundations a pack, a base for each, and 1 to 36 packets");
        return 0;
    }
    if (s->redeals < 0 || s->redeals > r->allowed || r->when < BLOCKED || r->when > ANY) {
        PyErr_SetString(PyExc_ValueError, "not a description of a La Belle Lucie position: no more re-deals made "
                        "than allowed, and a re-deal when blocked (0), stuck (1) or at any time (2)");
        return 0;
    }
    uint8_t met[53] = {0};
    int begun[2] = {0, 0};
    for (int f = 0; f < r->nfound; f++) {
        int base = (unsigned char)bases[f], king = r->king[f] = base == FULL;
        if (base != 1 && base != FULL) {
            PyErr_SetString(PyExc_ValueError, "not a description of a La Belle Lucie position: a foundation begins "
                            "with an ace (1) or a king (13)");
            return 0;
        }
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(foundations, f), "ii;a foundation is (suit, cards)", &s->suit[f],
                              &s->height[f]))
            return 0;
        int suit = s->suit[f], h = s->height[f];
        if (h < 0 || h > FULL || (h && (suit < 0 || suit >= SUITS || (r->distinct && begun[king] >> suit & 1)))) {
            PyErr_SetString(PyExc_ValueError, "not a description of a La Belle Lucie position: a foundation is (its "
                            "suit, 0 to 3, and 1 to 13 cards), of a suit no other of its base has where they differ, "
                            "or (-1, 0)");
            return 0;
        }
        if (!h) {
            s->suit[f] = -1;
            continue;
        }
        begun[king] |= 1 << suit;
        for (int i = 1; i <= h; i++) {
            int card = suit * 13 + (king ? FULL + 1 - i : i);
            met[card]++;
            s->out[card]++;
        }
    }
    int ok = stacks_read(s->packet, packets, r->npackets, met), left = 0;
    for (int c = 1; ok && c <= 52; c++)
        ok = met[c] == r->packs;
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "not a description of a La Belle Lucie position: the packets are bytes of "
                        "card codes, 1 to 52, each once a pack with the foundations' cards");
        return 0;
    }
    for (int p = 0; p < r->npackets; p++)
        left += s->packet[p].n;
    if (!table_of(marries, r->marries, r->lying_on, GAME))
        return 0;
    r->proves = blocking != Py_None;
    if (r->proves && (r->packs != 1 || !blocking_of(blocking, &r->blocking, GAME))) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "not a description of a La Belle Lucie position: Blocking's tables "
                            "for one pack only");
        return 0;
    }
    r->first = s->redeals;
    r->nshuffles = (int)PyTuple_GET_SIZE(shuffles);
    r->width = left;
    ok = r->nshuffles == r->allowed - r->first && r->nshuffles <= MAX_REDEALS;
    for (int i = 0; ok && i < r->nshuffles; i++) {
        PyObject *orders = PyTuple_GET_ITEM(shuffles, i);
        ok = PyTuple_Check(orders) && PyTuple_GET_SIZE(orders) == left;
        for (int n = 1; ok && n <= left; n++) {
            PyObject *order = PyTuple_GET_ITEM(orders, n - 1);
            uint8_t seen[CARDS] = {0};
            ok = PyBytes_Check(order) && PyBytes_GET_SIZE(order) == n;
            for (int j = 0; ok && j < n; j++) {
                int at = (unsigned char)PyBytes_AS_STRING(order)[j];
                ok = at < n && !seen[at]++;
                r->shuffle[i][n - 1][j] = (uint8_t)at;
            }
        }
    }
    if (!ok) {
        PyErr_Format(PyExc_ValueError, "not a description of a La Belle Lucie position: the shuffles of the re-deals "
                     "still allowed (%d at most), each an order of 1, 2 ... to the %d cards in the packets", MAX_REDEALS,
                     left);
        return 0;
    }
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__la_belle_lucie_search(void) { return search_module(); }
