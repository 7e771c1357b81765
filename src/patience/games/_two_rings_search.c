/* Two Rings' thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on Two Rings (patience/games/two_rings.py), in every reading of its options (the re-deals
 * allowed, how the talon is taken up, whether its top card plays, whether it refills a vacancy): the same
 * moves, in the same order, the same safe moves, the same positions merged, counted the same way; only
 * faster, on plain bytes.  Two Rings proves nothing lost (it has no blocked()), so a deal is lost here, as
 * in the core's search, only once every line has been searched.  What the rules allow is given by the
 * Python module (the options, and with take_up=shuffled the order of the cards after each re-deal left:
 * the engine shuffles them with Python's random numbers), and the line of a won deal is played again
 * through the Python engine, which checks every move; tests/games/test_searches_in_c.py holds the moves,
 * the steps and the verdicts of the two searches together.
 *
 * Two packs: a card's code is met twice, and the two cards of a code are alike in every rule.
 *
 * The deal and the re-deal are the moves of the pack, and no move is independent of them, so the core
 * searches each as a step of its own, after every other: here they are the game's own "runs" of the pack
 * (pack_runs below), each a run of one move of no cards (the deal from the pack to no pile, the re-deal
 * from the talon to the pack).
 *
 * A position: the pack (bottom first: the next card to deal on top), the bracelet's eight places (a card
 * or none), the talon (bottom first), the sixteen foundations (the ring of sevens, then of sixes, each
 * bottom first), the re-deals made, and the move of the pack that led to it (the core's search keeps a
 * position so reached apart from the same position reached otherwise: solve._node).  Its key is 128 bits
 * of hash of that, as TwoRings.solver_key takes it: the foundations as a set of their top cards, the
 * bracelet place by place, the talon, and the pack by its size until the first re-deal, by its cards
 * after it.
 */
#define PACKS 2
#define OWN_RUNS                /* the deal and the re-deal, each the game's own run of the pack */
#include "_search_tools.h"

#define GAME "Two Rings"
#define MODULE "_two_rings_search"
#define RING 8                  /* the foundations of a ring */
#define RINGS (2 * RING)        /* the sevens', ascending, then the sixes', descending */
#define PLACES 8                /* the bracelet's */
#define PLAY (CARDS - RINGS)   /* the cards outside the rings' sevens and sixes: 88 */
#define ORDERS (PLAY * (PLAY + 1) / 2)          /* a shuffle's orders, one for each size of talon */
#define MAX_SHUFFLES 64         /* the most re-deals left that a description may give the shuffles of */

/* Pile numbers, in the order of TwoRings.pile_names(): the rings, the pack, the bracelet, the talon.  (The
 * core's goes_out counts FOUNDATION_PILES, eight, from FOUNDATION: it asks only of the runs of the pack,
 * here the deal and the re-deal, which go to no foundation.) */
enum { FOUNDATION = 0, PACK = 16, BRACELET1 = 17, TALON = 25 };

/* The ways the talon becomes the pack again (the option take_up), in the order of TAKE_UPS. */
enum { TURNED_OVER = 0, TOP_FIRST = 1, SHUFFLED = 2 };

/* The move of the pack that led to a position (solve._node): none, the deal, the re-deal. */
enum { NO_PACK_MOVE = 0, DEALT = 1, REDEALT = 2 };

/* The most moves from a position: each of the bracelet's cards and the talon's up, and the talon's into a
 * vacancy; and the deal or the re-deal. */
#define MAX_MOVES 16
#define MAX_STEPS 32

typedef struct {
    int redeals;                /* the re-deals the option allows */
    int take_up;                /* TURNED_OVER, TOP_FIRST or SHUFFLED */
    int play_talon;             /* the talon's top card may be played */
    int from_talon;             /* fill_from=pack-or-talon: it may also refill a vacancy */
    int first;                  /* the re-deals made as the search began */
    int nshuffles;              /* the re-deals given a shuffle (SHUFFLED) */
    /* After re-deal first + 1 + i, of a talon of n cards, the k-th card dealt is the talon's (bottom
     * first) shuffle[i][n (n - 1) / 2 + k]-th: pointers into the description's bytes, which outlive the
     * search. */
    const uint8_t *shuffle[MAX_SHUFFLES];
} Rules;

typedef struct {
    Stack pack;                 /* bottom first: the next card to deal on top */
    int bracelet[PLACES];       /* each place's card, 0 for a vacancy */
    Stack talon;                /* bottom first */
    uint8_t ring[RINGS][FULL];  /* the foundations, each bottom first */
    int height[RINGS];          /* each foundation's cards */
    uint64_t tops_a, tops_b;    /* the hashes of the foundations' top cards, as a set */
    int redeals;                /* the re-deals made */
    int last;                   /* the move of the pack that led here */
} State;

/* What a step changed, to take it back: the move of the pack that led to the position before it, and
 * where a deal laid its card (a place of the bracelet, or PLACES: the talon). */
typedef struct {
    Step step;
    uint8_t last, place;
} Undo;

#define TALON_MARK 0x3c6ef372fe94f82aULL
#define PACK_MARK 0xdaa66d2c7ddf743fULL

/* A foundation's top card's share of the hashes of the tops, as a set. */
static inline uint64_t top_a(int card) { return mix((uint64_t)card * 0x9e3779b97f4a7c15ULL ^ 0xa4093822299f31d0ULL); }
static inline uint64_t top_b(int card) { return mix2((uint64_t)card * 0x082efa98ec4e6c89ULL + 0x13198a2e03707344ULL); }

static inline int top_of(const State *s, int f) { return s->ring[f][s->height[f] - 1]; }

/* TwoRings.solver_key, with solve._node's move of the pack. */
static Key key_of(const State *s) {
    uint64_t fa = s->tops_a + share_a(s->talon.ha[s->talon.n], TALON_MARK);
    uint64_t fb = s->tops_b + share_b(s->talon.hb[s->talon.n], TALON_MARK);
    if (s->redeals) {
        fa += share_a(s->pack.ha[s->pack.n], PACK_MARK);
        fb += share_b(s->pack.hb[s->pack.n], PACK_MARK);
    }
    uint64_t bracelet = 0;
    for (int p = 0; p < PLACES; p++)
        bracelet |= (uint64_t)s->bracelet[p] << 6 * p;
    return key_from(fa, fb, bracelet, (uint64_t)s->pack.n | (uint64_t)s->redeals << 8 | (uint64_t)s->last << 40);
}

/* ----------------------------------------------------------------- moves */
/* The foundation ``card`` goes to (the Rule: in suit, the sevens' up and the sixes' down), as
 * TwoRings.generate_legal_moves finds it: the first of its ring whose top card takes it; -1 if none. */
static int taker(const State *s, int card) {
    for (int f = 0; f < RINGS; f++) {
        int top = top_of(s, f), up = f < RING;
        if (suit_of(top) == suit_of(card) && (up ? rank_of(top) < FULL && top + 1 == card
                                                 : rank_of(top) > 1 && top - 1 == card))
            return f;
    }
    return -1;
}

/* The legal moves but those of the pack, in the order of TwoRings.generate_legal_moves (every legal move
 * is useful): the bracelet's cards, place by place, and the talon's top card (play_talon) to the
 * foundation that takes each; then, with fill_from=pack-or-talon, the talon's top card into the first
 * vacancy.  Each move's kind in ``kind``, if given: to a foundation, emptying the talon, or between. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int k = 0, vacancy = -1;
    (void)useful;
    for (int p = 0; p < PLACES; p++) {
        int card = s->bracelet[p], f = card ? taker(s, card) : -1;
        if (f >= 0) {
            if (kind)
                kind[k] = OUT;
            out[k++] = move_step(BRACELET1 + p, FOUNDATION + f, 1, card);
        }
        if (!card && vacancy < 0)
            vacancy = p;
    }
    if (!r->play_talon || !s->talon.n)
        return k;
    int card = stack_top(&s->talon), f = taker(s, card);
    if (f >= 0) {
        if (kind)
            kind[k] = OUT;
        out[k++] = move_step(TALON, FOUNDATION + f, 1, card);
    }
    if (r->from_talon && vacancy >= 0) {
        if (kind)
            kind[k] = s->talon.n == 1 ? EMPTYING : BETWEEN;
        out[k++] = move_step(TALON, BRACELET1 + vacancy, 1, card);
    }
    return k;
}

/* TwoRings.safe_move: once no re-deal is left and no card is moved into a vacancy, the first move up of
 * the talon's top card (or, the pack dealt out, of any card) whose foundation's twin in its ring (of the
 * same suit) has reached the card before it or gone past; -1 if none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    if (r->from_talon || s->redeals < r->redeals)
        return -1;
    for (int i = 0; i < n; i++) {
        const Step *m = &moves[i];
        if (m->dst >= FOUNDATION + RINGS || (m->src != TALON && s->pack.n))
            continue;
        int up = m->dst - FOUNDATION < RING, first = up ? 0 : RING, before = rank_of(m->card) + (up ? -1 : 1);
        int reached = 0;
        for (int f = first; f < first + RING; f++) {
            int value = rank_of(top_of(s, f));
            reached += suit_of(s->ring[f][0]) == suit_of(m->card) && (up ? value >= before : value <= before);
        }
        if (reached >= PACKS)
            return i;
    }
    return -1;
}

/* The moves of the pack, tried after every other as the core tries them: the deal while the pack lasts,
 * then the re-deal while the talon holds cards and the option allows one (TwoRings.generate_legal_moves);
 * each a "run" of one move of no cards (Game.pack_runs has none to give: no move is independent of them). */
static int pack_runs(const Rules *r, const State *s, Step *runs, int room) {
    if (room < 1)
        return 0;
    if (s->pack.n)
        runs[0] = move_step(PACK, NOWHERE, 0, 0);
    else if (s->talon.n && s->redeals < r->redeals)
        runs[0] = move_step(TALON, PACK, 0, 0);
    else
        return 0;
    return 1;
}

/* ----------------------------------------------------------------- play */
static void lay_up(State *s, int f, int card) {
    if (s->height[f]) {
        s->tops_a -= top_a(top_of(s, f));
        s->tops_b -= top_b(top_of(s, f));
    }
    s->ring[f][s->height[f]++] = (uint8_t)card;
    s->tops_a += top_a(card);
    s->tops_b += top_b(card);
}

static int take_down(State *s, int f) {
    int card = top_of(s, f);
    s->tops_a -= top_a(card);
    s->tops_b -= top_b(card);
    if (--s->height[f]) {
        s->tops_a += top_a(top_of(s, f));
        s->tops_b += top_b(top_of(s, f));
    }
    return card;
}

/* The k-th card dealt after the re-deal that takes up ``talon`` (TwoRings.take_up): the bottom card first
 * (turned over), the top card first, or as the re-deal's shuffle orders them. */
static inline int dealt_after_redeal(const Rules *r, const State *s, const uint8_t *talon, int n, int k) {
    if (r->take_up == TURNED_OVER)
        return talon[k];
    if (r->take_up == TOP_FIRST)
        return talon[n - 1 - k];
    return talon[r->shuffle[s->redeals - r->first - 1][n * (n - 1) / 2 + k]];
}

/* TwoRings.apply: the deal lays the pack's top card in the first vacancy of the bracelet, else on the
 * talon; the re-deal takes the talon up as the pack; any other move takes a card from the bracelet or the
 * talon to a foundation, or the talon's into a vacancy. */
static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    u->step = *m;
    u->last = (uint8_t)s->last;
    if (m->src == PACK) {
        int card = stack_top(&s->pack), p = 0;
        s->pack.n--;
        while (p < PLACES && s->bracelet[p])
            p++;
        if (p < PLACES)
            s->bracelet[p] = card;
        else
            stack_push(&s->talon, card);
        u->place = (uint8_t)p;
        s->last = DEALT;
        return;
    }
    s->last = NO_PACK_MOVE;
    if (m->dst == PACK) {
        int n = s->talon.n;
        s->redeals++;
        stack_clear(&s->pack);
        for (int k = n - 1; k >= 0; k--)  /* (bottom first: the first dealt last) */
            stack_push(&s->pack, dealt_after_redeal(r, s, s->talon.cards, n, k));
        stack_clear(&s->talon);
        s->last = REDEALT;
        return;
    }
    int card;
    if (m->src == TALON)
        card = s->talon.cards[--s->talon.n];
    else {
        card = s->bracelet[m->src - BRACELET1];
        s->bracelet[m->src - BRACELET1] = 0;
    }
    if (m->dst < FOUNDATION + RINGS)
        lay_up(s, m->dst - FOUNDATION, card);
    else
        s->bracelet[m->dst - BRACELET1] = card;
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    s->last = u->last;
    if (m->src == PACK) {
        int card;
        if (u->place < PLACES) {
            card = s->bracelet[u->place];
            s->bracelet[u->place] = 0;
        } else
            card = s->talon.cards[--s->talon.n];
        stack_push(&s->pack, card);
        return;
    }
    if (m->dst == PACK) {  /* the talon laid again as the re-deal took it up (the pack was out) */
        int n = s->pack.n;
        uint8_t talon[CARDS];
        for (int k = 0; k < n; k++) {
            int dealt = s->pack.cards[n - 1 - k];
            if (r->take_up == TURNED_OVER)
                talon[k] = (uint8_t)dealt;
            else if (r->take_up == TOP_FIRST)
                talon[n - 1 - k] = (uint8_t)dealt;
            else
                talon[r->shuffle[s->redeals - r->first - 1][n * (n - 1) / 2 + k]] = (uint8_t)dealt;
        }
        stack_clear(&s->talon);
        for (int k = 0; k < n; k++)
            stack_push(&s->talon, talon[k]);
        stack_clear(&s->pack);
        s->redeals--;
        return;
    }
    int card;
    if (m->dst < FOUNDATION + RINGS)
        card = take_down(s, m->dst - FOUNDATION);
    else {
        card = s->bracelet[m->dst - BRACELET1];
        s->bracelet[m->dst - BRACELET1] = 0;
    }
    if (m->src == TALON)
        stack_push(&s->talon, card);
    else
        s->bracelet[m->src - BRACELET1] = card;
}

/* TwoRings.is_won: the sevens up to the kings, the sixes down to the aces. */
static inline int is_won(const State *s) {
    for (int f = 0; f < RINGS; f++)
        if (s->height[f] != (f < RING ? 7 : 6))
            return 0;
    return 1;
}

/* ----------------------------------------------------------------- Python */
#define REFUSED "not a description of a Two Rings position: "

/* The position and the rules from TwoRings.description(): (pack, bracelet, talon, foundations, redeals,
 * allowed, take_up, play_talon, from_talon, shuffles); the pack as bytes of card codes, bottom first (the
 * next card to deal last), the bracelet as eight places, each bytes of a card or none, the talon as bytes,
 * bottom first, the foundations as sixteen bytes, each bottom first (the sevens', then the sixes'), the
 * re-deals made and allowed, take_up 0 (turned), 1 (top-first) or 2 (shuffled), whether the talon's top
 * card plays and whether it may refill a vacancy, and (shuffled) the shuffle of each re-deal left
 * (TwoRings.shuffles). */
static int read_description(PyObject *d, Rules *r, State *s) {
    PyObject *pack, *talon, *bracelet, *foundations, *shuffles;
    memset(s, 0, sizeof(*s));
    memset(r, 0, sizeof(*r));
    if (!PyArg_ParseTuple(d, "OO!OO!iiippO!;a description of a Two Rings position", &pack, &PyTuple_Type,
                          &bracelet, &talon, &PyTuple_Type, &foundations, &s->redeals, &r->redeals,
                          &r->take_up, &r->play_talon, &r->from_talon, &PyTuple_Type, &shuffles))
        return 0;
    if (PyTuple_GET_SIZE(bracelet) != PLACES) {
        PyErr_SetString(PyExc_ValueError, REFUSED "eight places of the bracelet");
        return 0;
    }
    if (PyTuple_GET_SIZE(foundations) != RINGS) {
        PyErr_SetString(PyExc_ValueError, REFUSED "sixteen foundations");
        return 0;
    }
    if (r->redeals < 0 || s->redeals < 0 || s->redeals > r->redeals || r->redeals > 0xffff
        || r->take_up < TURNED_OVER || r->take_up > SHUFFLED) {
        PyErr_SetString(PyExc_ValueError, REFUSED "0 to the re-deals allowed made, and a take-up 0 to 2");
        return 0;
    }
    r->first = s->redeals;
    uint8_t met[53] = {0};
    int ok = stack_read(&s->pack, pack, met) && stack_read(&s->talon, talon, met);
    for (int p = 0; ok && p < PLACES; p++) {
        PyObject *place = PyTuple_GET_ITEM(bracelet, p);
        ok = PyBytes_Check(place) && PyBytes_GET_SIZE(place) <= 1
             && cards_ok((const unsigned char *)PyBytes_AS_STRING(place), PyBytes_GET_SIZE(place), met);
        if (ok && PyBytes_GET_SIZE(place))
            s->bracelet[p] = (unsigned char)PyBytes_AS_STRING(place)[0];
    }
    for (int f = 0; ok && f < RINGS; f++) {
        PyObject *cards = PyTuple_GET_ITEM(foundations, f);
        Py_ssize_t n = PyBytes_Check(cards) ? PyBytes_GET_SIZE(cards) : 0;
        ok = n >= 1 && n <= FULL && cards_ok((const unsigned char *)PyBytes_AS_STRING(cards), n, met);
        for (Py_ssize_t i = 0; ok && i < n; i++)
            lay_up(s, f, (unsigned char)PyBytes_AS_STRING(cards)[i]);
    }
    if (!ok || s->pack.n + s->talon.n > PLAY) {
        PyErr_SetString(PyExc_ValueError, REFUSED "the piles are bytes of card codes, 1 to 52, each twice at most, "
                        "a place of the bracelet one card at most, a foundation 1 to 13 cards, the pack and the "
                        "talon 88 at most");
        return 0;
    }
    if (r->take_up == SHUFFLED) {
        r->nshuffles = (int)PyTuple_GET_SIZE(shuffles);
        ok = r->nshuffles == r->redeals - r->first && r->nshuffles <= MAX_SHUFFLES;
        for (int i = 0; ok && i < r->nshuffles; i++) {
            PyObject *orders = PyTuple_GET_ITEM(shuffles, i);
            ok = PyBytes_Check(orders) && PyBytes_GET_SIZE(orders) == ORDERS;
            for (int n = 1; ok && n <= PLAY; n++) {  /* each order of n cards takes each of them once */
                const uint8_t *order = (const uint8_t *)PyBytes_AS_STRING(orders) + n * (n - 1) / 2;
                uint8_t taken[PLAY] = {0};
                for (int k = 0; ok && k < n; k++)
                    ok = order[k] < n && !taken[order[k]]++;
            }
            if (ok)
                r->shuffle[i] = (const uint8_t *)PyBytes_AS_STRING(orders);
        }
        if (!ok) {
            PyErr_Format(PyExc_ValueError, REFUSED "a shuffle for each re-deal left (at most %d), each an order of "
                         "every size of talon, 1 to 88 cards", MAX_SHUFFLES);
            return 0;
        }
    }
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__two_rings_search(void) { return search_module(); }
