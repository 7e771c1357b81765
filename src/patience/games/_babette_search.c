/* Babette's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on Babette (patience/games/babette.py), in every reading of its options (the re-deals allowed,
 * when the garden may be taken up and when a row may be dealt, which cards block a card, which way up each
 * column is taken up): the same moves, in the same order, the same safe moves, the same runs of the pack,
 * the same positions merged, counted the same way; only faster, on plain bytes.  Babette proves nothing
 * lost (it has no blocked()), so a deal is lost here, as in the core's search, only once every line has
 * been searched.  What the rules allow is given by the Python module (the options), and the line of a won
 * deal is played again through the Python engine, which checks every move; tests/games/test_searches_in_c.py
 * holds the moves, the steps and the verdicts of the two searches together.
 *
 * Two packs: a card's code is met twice, and the two cards of a code are alike in every rule.
 *
 * The moves of the pack are the deal of the next row and the re-deal, one of them at a time, and a card of
 * a row dealt before the last is independent of the deal (Babette.independent): so the core searches them
 * as runs (solve._pack_runs), each move of the pack made in turn, while it is the only one, and each run
 * followed by a card it brought (of the row it dealt) going up.  Here they are the game's own runs
 * (pack_runs below), worked out as the core's are.
 *
 * A position: the packs of the deals (each as it was taken up, bottom first: it is only ever dealt from the
 * top, so what is left of it is its size), the rows dealt, the re-deals made, the garden's 104 places
 * (thirteen rows of eight, each place one card or none) and the eight foundations (four of aces, up, then
 * four of kings, down).  Its key is 128 bits of hash of that, as Babette.solver_key takes it: each place by
 * its number, the foundations as a set (each kind holds a suit once, so by the cards each kind holds of each
 * suit), the pack by its size until the first re-deal and by its cards after it, the rows and re-deals.
 *
 * Every deal lays the pack's cards out in the same places: a row of eight at a time, the top card first,
 * until the pack is exhausted, so that the card j (from the bottom) of a pack of n, with r rows dealt, lies
 * at the place 8r + n - 1 - j when it is dealt, and 8r + n is the same at every deal of that pack.  So a
 * deal's share of the garden's hashes is worked out once for each pack, card by card, as sums from its
 * bottom.
 */
#define PACKS 2
#include "_search_tools.h"

#define GAME "Babette"
#define MODULE "_babette_search"
#define OWN_RUNS                /* the runs of the pack: the deal and the re-deal (pack_runs below) */
#define COLUMNS 8
#define ROWS 13                 /* the two packs make thirteen rows of eight */
#define PLACES (ROWS * COLUMNS)
#define KINGS 4                 /* the first of the kings' foundations: the aces' come before */
#define MAX_REDEALS 16          /* the most re-deals a description may allow (Babette.MAX_REDEALS_IN_C) */

/* Pile numbers, in the order of Babette.pile_names(): the pack (the stock), the eight foundations and the
 * places of the garden, row by row, each row left to right. */
enum { STOCK = 0, FOUNDATION = 1, PLACE1 = 9 };

/* The most moves from a position, and steps: each of 104 places to two foundations at most; a run of the
 * pack is at most PACK_RUN moves, each followed by the cards of the row it dealt (eight at most) going up,
 * each to two foundations at most: the runs fill half of MAX_STEPS at most. */
#define MAX_MOVES (2 * PLACES)
#define MAX_STEPS (2 * PACK_RUN * 2 * COLUMNS)

typedef struct {
    int redeals;                /* the re-deals allowed */
    int redeal_blocked;         /* redeal_when=blocked: the garden is taken up only when no card can be played */
    int deal_blocked;           /* deal_when=blocked: a row is dealt only when no card can be played */
    int next_row;               /* blocking=next-row: a card is free where the place below it is empty */
    int reversed;               /* pile_order=reversed: each column comes out from its last row up */
} Rules;

/* The pack of one deal, as it was taken up (or as the search began), and the garden it was taken up from. */
typedef struct {
    uint8_t cards[CARDS];       /* bottom first: the next card to deal last */
    int lays;                   /* 8 × the rows dealt + the cards left, at every deal: card j lands at lays - 1 - j */
    uint64_t garden_a[CARDS + 1], garden_b[CARDS + 1];  /* of its first j cards laid in the garden: their hashes */
    uint64_t pack_a[CARDS + 1], pack_b[CARDS + 1];      /* of its first j cards as the pack: their hashes */
    uint8_t taken[PLACES];      /* the garden it was taken up from (after a re-deal) */
    uint64_t taken_a, taken_b;
    int taken_rows;
} Deal;

typedef struct {
    Deal deal[MAX_REDEALS + 1]; /* the pack of each deal, by the re-deals made before it */
    int npack;                  /* the cards left in the pack of this deal: its first npack */
    int rows, redeals;          /* the rows dealt in this deal, the re-deals made */
    uint8_t place[PLACES];      /* the garden, a card or 0 */
    uint64_t garden_a, garden_b;        /* the garden's hashes: a sum, place by place */
    int suit[FOUNDATION_PILES], height[FOUNDATION_PILES];  /* the foundations: the suit (-1: none), the cards */
} State;

/* What a step changed, to take it back: the step says it all (see take_back). */
typedef struct {
    Step step;
} Undo;

static Key key_of(const State *s) {
    uint64_t w = 0;
    for (int f = 0; f < FOUNDATION_PILES; f++)
        if (s->height[f])
            w |= (uint64_t)s->height[f] << 4 * (SUITS * (f >= KINGS) + s->suit[f]);
    w |= (uint64_t)s->rows << 32 | (uint64_t)s->redeals << 36 | (uint64_t)s->npack << 44;
    uint64_t fa = s->garden_a, fb = s->garden_b, mask = 0;
    if (s->redeals) {
        const Deal *d = &s->deal[s->redeals];
        mask = d->pack_a[s->npack];
        fb += d->pack_b[s->npack];
    }
    return key_from(fa, fb, mask, w);
}

/* ----------------------------------------------------------------- the deals */
/* The pack of the deal ``d`` made from its cards: the sums of their hashes, as a pack (each card by its
 * place in it) and as laid out in the garden, from the bottom. */
static void deal_sums(Deal *d, int n) {
    d->garden_a[0] = d->garden_b[0] = d->pack_a[0] = d->pack_b[0] = 0;
    for (int j = 0; j < n; j++) {
        int card = d->cards[j];
        d->garden_a[j + 1] = d->garden_a[j] + place_hash_a(d->lays - 1 - j, card);
        d->garden_b[j + 1] = d->garden_b[j] + place_hash_b(d->lays - 1 - j, card);
        d->pack_a[j + 1] = d->pack_a[j] + place_hash_a(PLACES + j, card);
        d->pack_b[j + 1] = d->pack_b[j] + place_hash_b(PLACES + j, card);
    }
}

/* Babette._deal_row: the next row of the garden, left to right, the top card of the pack first. */
static void deal(State *s) {
    const Deal *d = &s->deal[s->redeals];
    int n = s->npack, count = n < COLUMNS ? n : COLUMNS, at = COLUMNS * s->rows++;
    s->garden_a += d->garden_a[n] - d->garden_a[n - count];
    s->garden_b += d->garden_b[n] - d->garden_b[n - count];
    for (int c = 0; c < count; c++)
        s->place[at + c] = d->cards[n - 1 - c];
    s->npack = n - count;
}

/* The deal taken back: the last row back onto the pack. */
static void undeal(State *s) {
    const Deal *d = &s->deal[s->redeals];
    int n = s->npack, at = COLUMNS * --s->rows, back = d->lays - at;
    s->npack = back;
    s->garden_a -= d->garden_a[back] - d->garden_a[n];
    s->garden_b -= d->garden_b[back] - d->garden_b[n];
    memset(s->place + at, 0, (size_t)(back - n));
}

/* Babette._redeal: the garden taken up column by column (Babette.take_up: the last column's cards dealt
 * first, each column from its first row down, or with pile_order=reversed from its last row up), and the
 * first row of the new deal dealt. */
static void redeal(const Rules *r, State *s) {
    Deal *d = &s->deal[++s->redeals];
    memcpy(d->taken, s->place, PLACES);
    d->taken_a = s->garden_a;
    d->taken_b = s->garden_b;
    d->taken_rows = s->rows;
    int n = 0;
    for (int c = 0; c < COLUMNS; c++)  /* (bottom first: the first column's last card dealt first) */
        for (int row = 0; row < s->rows; row++) {
            int card = s->place[COLUMNS * (r->reversed ? row : s->rows - 1 - row) + c];
            if (card)
                d->cards[n++] = (uint8_t)card;
        }
    d->lays = n;
    deal_sums(d, n);
    memset(s->place, 0, PLACES);
    s->garden_a = s->garden_b = 0;
    s->rows = 0;
    s->npack = n;
    deal(s);
}

/* The re-deal taken back: the garden as it was taken up, the pack exhausted. */
static void unredeal(State *s) {
    undeal(s);
    const Deal *d = &s->deal[s->redeals--];
    memcpy(s->place, d->taken, PLACES);
    s->garden_a = d->taken_a;
    s->garden_b = d->taken_b;
    s->rows = d->taken_rows;
    s->npack = 0;
}

/* The last move of the pack taken back: a re-deal leaves one row dealt, a deal two at least. */
static inline void take_back_pack(State *s) {
    if (s->rows == 1)
        unredeal(s);
    else
        undeal(s);
}

/* ----------------------------------------------------------------- moves */
/* Babette._available_places: the available places (Rule III), in reading order, in ``out``: the lowest
 * card of each column (with blocking=next-row, each card with an empty place, or none, below it).  Their
 * number. */
static int available(const Rules *r, const State *s, int *out) {
    int k = 0;
    if (r->next_row) {
        for (int i = 0; i < COLUMNS * s->rows; i++)
            if (s->place[i] && (i + COLUMNS >= PLACES || !s->place[i + COLUMNS]))
                out[k++] = i;
        return k;
    }
    for (int c = 0; c < COLUMNS; c++)
        for (int i = COLUMNS * (s->rows - 1) + c; i >= 0; i -= COLUMNS)
            if (s->place[i]) {
                int at = k++;
                for (; at > 0 && out[at - 1] > i; at--)
                    out[at] = out[at - 1];
                out[at] = i;
                break;
            }
    return k;
}

/* The moves of the card at the place ``at`` to the foundations that take it, in their order, written to
 * ``out``: their number, after ``packs`` moves of the pack. */
static int moves_up(const State *s, int at, int packs, Step *out) {
    int names[FOUNDATION_PILES], card = s->place[at];
    int n = aces_and_kings_takers(s->suit, s->height, card, names);
    for (int j = 0; j < n; j++) {
        out[j] = move_step(PLACE1 + at, FOUNDATION + names[j], 1, card);
        out[j].packs = (uint8_t)packs;
    }
    return n;
}

/* The legal moves but those of the pack, in the order of Babette.generate_legal_moves (every legal move is
 * useful): each available card, in reading order, to each foundation that takes it.  Each move's kind in
 * ``kind``, if given: all go up. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    (void)useful;
    int free_[PLACES], n = available(r, s, free_), k = 0;
    for (int i = 0; i < n; i++)
        k += moves_up(s, free_[i], 0, out + k);
    if (kind)
        memset(kind, OUT, (size_t)k);
    return k;
}

static inline int is_won(const State *s) { return all_at(s->height, FOUNDATION_PILES, FULL); }

/* Whether an available card can be played (Babette.playable, which the rules ask of the pack's moves under
 * deal_when=blocked and redeal_when=blocked). */
static int playable(const Rules *r, const State *s) {
    int free_[PLACES], names[FOUNDATION_PILES], n = available(r, s, free_);
    for (int i = 0; i < n; i++)
        if (aces_and_kings_takers(s->suit, s->height, s->place[free_[i]], names))
            return 1;
    return 0;
}

/* The move of the pack the rules allow (Babette.generate_legal_moves): the deal while the pack lasts (with
 * deal_when=blocked, when no card can be played), then the re-deal while one is left and the game is not
 * won (with redeal_when=blocked, when no card can be played); TURN for the deal, TAKE_UP for the re-deal,
 * or 0. */
static int pack_move(const Rules *r, const State *s) {
    if (s->npack)
        return r->deal_blocked && playable(r, s) ? 0 : TURN;
    if (s->redeals < r->redeals && !is_won(s) && !(r->redeal_blocked && playable(r, s)))
        return TAKE_UP;
    return 0;
}

/* Babette.safe_move: a card played to the only foundation it can ever go to (its twin is on the other),
 * from the rows dealt, once no re-deal is left, and (with deal_when=blocked) the pack exhausted; -1 if
 * none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    if (s->redeals < r->redeals || (r->deal_blocked && s->npack))
        return -1;
    for (int i = 0; i < n; i++)
        if ((moves[i].src - PLACE1) / COLUMNS < s->rows && aces_and_kings_founded(s->suit, s->height, moves[i].card))
            return i;
    return -1;
}

/* The runs of the pack from here (solve._pack_runs, through Babette.pack_steps), in the order the search
 * tries them: the move of the pack made, while it is the only one (PACK_RUN at most), and after each the
 * cards of the row it dealt going up (the others are independent of a deal, and a re-deal deals one row), in
 * reading order.  Their number. */
static int pack_runs(const Rules *r, State *s, Step *runs, int room) {
    (void)room;  /* (MAX_STEPS / 2 holds PACK_RUN moves of the pack, each followed by 2 × 8 uses) */
    int made = 0, k = 0;
    for (int move = pack_move(r, s); move && made < PACK_RUN; move = pack_move(r, s)) {
        if (move == TURN)
            deal(s);
        else
            redeal(r, s);
        made++;
        for (int at = COLUMNS * (s->rows - 1); at < COLUMNS * s->rows; at++)
            if (s->place[at])
                k += moves_up(s, at, made, runs + k);
    }
    while (made--)
        take_back_pack(s);
    return k;
}

/* ----------------------------------------------------------------- play */
static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    u->step = *m;
    for (int i = 0; i < m->packs; i++)
        if (s->npack)
            deal(s);
        else
            redeal(r, s);
    lay_at(s->place, &s->garden_a, &s->garden_b, m->src - PLACE1, 0);
    int f = m->dst - FOUNDATION;
    if (!s->height[f]++)
        s->suit[f] = suit_of(m->card);
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    (void)r;
    const Step *m = &u->step;
    int f = m->dst - FOUNDATION;
    if (!--s->height[f])
        s->suit[f] = -1;
    lay_at(s->place, &s->garden_a, &s->garden_b, m->src - PLACE1, m->card);
    for (int i = 0; i < m->packs; i++)
        take_back_pack(s);
}

/* ----------------------------------------------------------------- Python */
static int refused(const char *why) {
    PyErr_Format(PyExc_ValueError, "not a description of a Babette position: %s", why);
    return 0;
}

/* The position and the rules from Babette.description(): (pack, garden, foundations, rows, redeals,
 * allowed, redeal_blocked, deal_blocked, next_row, reversed); the pack as bytes of card codes, bottom first
 * (the next card to deal last), the garden's places as bytes (none or one card each), row by row, the
 * foundations as eight (suit or -1, cards) in their order (the aces', then the kings'), the rows dealt, the
 * re-deals made and allowed, and the options: redeal_when=blocked, deal_when=blocked, blocking=next-row and
 * pile_order=reversed. */
static int read_description(PyObject *d, Rules *r, State *s) {
    const char *pack;
    Py_ssize_t npack;
    PyObject *garden, *foundations;
    if (!PyArg_ParseTuple(d, "y#O!O!iiipppp;a description of a Babette position", &pack, &npack, &PyTuple_Type,
                          &garden, &PyTuple_Type, &foundations, &s->rows, &s->redeals, &r->redeals,
                          &r->redeal_blocked, &r->deal_blocked, &r->next_row, &r->reversed))
        return 0;
    if (PyTuple_GET_SIZE(garden) != PLACES || s->rows < 1 || s->rows > ROWS)
        return refused("104 places, thirteen rows of eight, 1 to 13 of them dealt");
    if (r->redeals < 0 || r->redeals > MAX_REDEALS || s->redeals < 0 || s->redeals > r->redeals)
        return refused("0 to 16 re-deals allowed, and no more made");
    if (PyTuple_GET_SIZE(foundations) != FOUNDATION_PILES)
        return refused("eight foundations");
    if (npack > COLUMNS * (ROWS - s->rows))
        return refused("no more cards in the pack than the rows to come hold");
    uint8_t met[53] = {0};
    if (!aces_and_kings_read(foundations, s->suit, s->height, met, "not a description of a Babette position: "))
        return 0;
    int ok = cards_ok((const unsigned char *)pack, npack, met);
    memset(s->place, 0, PLACES);
    s->garden_a = s->garden_b = 0;
    for (int i = 0; ok && i < PLACES; i++) {
        PyObject *at = PyTuple_GET_ITEM(garden, i);
        ok = PyBytes_Check(at) && PyBytes_GET_SIZE(at) <= 1
             && cards_ok((const unsigned char *)PyBytes_AS_STRING(at), PyBytes_GET_SIZE(at), met);
        if (ok && PyBytes_GET_SIZE(at)) {
            if (i >= COLUMNS * s->rows)
                return refused("a card lies below the rows dealt");
            lay_at(s->place, &s->garden_a, &s->garden_b, i, (unsigned char)PyBytes_AS_STRING(at)[0]);
        }
    }
    for (int c = 1; ok && c <= 52; c++)
        ok = met[c] <= PACKS;
    if (!ok)
        return refused("the piles are bytes of card codes, 1 to 52, each twice at most with the foundations' "
                       "cards, a place holding one card at most");
    Deal *first = &s->deal[s->redeals];
    memcpy(first->cards, pack, (size_t)npack);
    first->lays = COLUMNS * s->rows + (int)npack;
    deal_sums(first, (int)npack);
    s->npack = (int)npack;
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__babette_search(void) { return search_module(); }
