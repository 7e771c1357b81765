/* The Flower-Garden's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on The Flower-Garden (patience/games/the_flower_garden.py): the same useful moves, in the
 * same order, the same safe moves and proofs of a card that can never go up (TheFlowerGarden.blocked),
 * the same positions merged, counted the same way; only faster, on plain bytes.  What the rules allow is
 * given by the Python module (the Garden's table of builds, Blocking's tables, the option), and the line of
 * a won deal is played again through the Python engine, which checks every move;
 * tests/games/test_searches_in_c.py holds the moves, the steps, the proofs and the verdicts of
 * the two searches together.
 *
 * A position: the Bouquet (a Hand of _search_tools.h), the six beds, the foundations, the card the last
 * move laid on a bed (the useful moves leave out moving it again) and the card laid from the Bouquet that
 * waits to be covered (TheFlowerGarden.waiting: the useful moves cover it or go out).  Its key is 128 bits
 * of hash of all but the card moved last, the beds taken as a set and the foundations by suit, as
 * TheFlowerGarden.solver_key does.
 */
#include "_search_tools.h"

#define GAME "The Flower-Garden"
#define MODULE "_the_flower_garden_search"
#define BEDS 6

/* Pile numbers, in the order of TheFlowerGarden.pile_names(). */
enum { FOUNDATION = 0, BED1 = 4, BOUQUET = 10 };

/* The most moves, and steps, from a position. */
#define MAX_MOVES 1024
#define MAX_STEPS MAX_MOVES

typedef struct {
    uint8_t takes[53][53];      /* takes[under][card]: a bed takes card on under (Rule III) */
    uint8_t lying_on[53][53];   /* the cards a bed takes on a card: their number, then the cards */
    Blocking blocking;          /* what proves a card can never go up (the_flower_garden.BLOCKING) */
    int runs;                   /* the option: a sequence moves whole */
} Rules;

typedef struct {
    Hand bouquet;
    Stack bed[BEDS];
    Foundations up;
    int moved;                  /* the card the last move laid on a bed, or 0 */
    int waiting;                /* the card laid from the Bouquet that waits to be covered, or 0 */
} State;

/* What a step changed, to take it back. */
typedef struct {
    Step step;
    uint8_t place, moved, waiting;
} Undo;

static Key key_of(const State *s) {
    uint64_t fa = 0, fb = 0;
    set_hash(s->bed, NULL, BEDS, &fa, &fb);  /* the beds as a set */
    fa += mix((uint64_t)s->waiting * 0x9e3779b97f4a7c15ULL + 77);  /* it decides the useful moves */
    return key_from(fa, fb, s->bouquet.in_hand, foundations_word(&s->up));
}

/* ----------------------------------------------------------------- moves */
/* The moves of the available ``card`` from the pile ``src`` (TheFlowerGarden.generate_legal_moves): to
 * the foundation that takes it, onto each other bed whose uppermost card is one higher, or into each
 * empty bed; then, with ``runs``, each sequence at the top of a bed, the shortest first, onto each other
 * bed that takes its first card or is empty. */
static int card_moves(const Rules *r, const State *s, int src, int card, Step *out) {
    int k = 0, slot;
    if (goes_up(&s->up, card, &slot))
        out[k++] = move_step(src, FOUNDATION + slot, 1, card);
    for (int g = 0; g < BEDS; g++)
        if (BED1 + g != src && (!s->bed[g].n || r->takes[stack_top(&s->bed[g])][card]))
            out[k++] = move_step(src, BED1 + g, 1, card);
    if (src == BOUQUET || !r->runs)
        return k;
    const Stack *from = &s->bed[src - BED1];
    for (int size = 2; size <= from->n && r->takes[from->cards[from->n - size]][from->cards[from->n - size + 1]];
         size++) {
        int head = from->cards[from->n - size];
        for (int g = 0; g < BEDS; g++)
            if (BED1 + g != src && (!s->bed[g].n || r->takes[stack_top(&s->bed[g])][head]))
                out[k++] = move_step(src, BED1 + g, size, head);
    }
    return k;
}

/* The legal moves, in the order of TheFlowerGarden.generate_legal_moves: each card of the Bouquet, in
 * its order, then the uppermost card of each bed (Rule I). */
static int legal_moves(const Rules *r, const State *s, Step *out) {
    int k = 0;
    for (int i = 0; i < s->bouquet.n; i++)
        if (s->bouquet.in_hand >> i & 1)
            k += card_moves(r, s, BOUQUET, s->bouquet.cards[i], out + k);
    for (int b = 0; b < BEDS; b++)
        if (s->bed[b].n)
            k += card_moves(r, s, BED1 + b, stack_top(&s->bed[b]), out + k);
    return k;
}

/* A legal move's rank among the useful moves (TheFlowerGarden.useful_moves), lower first, or -1 if it is
 * left out; ``seen`` holds the (source, card) of the moves into an empty bed ranked so far. */
static int useful_rank(const State *s, const Step *m, uint16_t *seen, int *nseen) {
    int slot;
    if (m->dst < BED1)
        return 0;
    if (s->waiting && !(s->bed[m->dst - BED1].n && stack_top(&s->bed[m->dst - BED1]) == s->waiting))
        return -1;  /* a card laid from the Bouquet is covered next, or serves nothing */
    if (m->card == s->moved)  /* the card moved last moved again: it could have gone there at once */
        return -1;
    const Stack *to = &s->bed[m->dst - BED1];
    if (!to->n) {
        if (m->src != BOUQUET && s->bed[m->src - BED1].n == m->n)
            return -1;  /* a whole bed into an empty bed: only its name changes */
        uint16_t id = (uint16_t)(m->src << 8 | m->card);
        for (int i = 0; i < *nseen; i++)
            if (seen[i] == id)
                return -1;  /* into a second empty bed, when it could go into the first */
        seen[(*nseen)++] = id;
        return 7;
    }
    if (m->src == BOUQUET) {
        /* a card from the hand first where a card of the Garden can then follow it */
        for (int b = 0; b < BEDS; b++)
            if (s->bed[b].n && rank_of(stack_top(&s->bed[b])) == rank_of(m->card) - 1)
                return 3;
        return 6;
    }
    const Stack *from = &s->bed[m->src - BED1];
    if (from->n <= m->n)
        return 2;
    int under = from->cards[from->n - m->n - 1];
    if (goes_up(&s->up, under, &slot))
        return 1;
    return rank_of(under) == rank_of(m->card) + 1 ? 5 : 2;  /* from one card in sequence to another: a side-step */
}

/* The legal moves (or, ``useful``, TheFlowerGarden.useful_moves's, in their order); each move's kind in
 * ``kind``, if given: to a foundation, emptying a pile (the Bouquet's last card, a bed's), or between. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    Step legal[MAX_MOVES];
    int n = legal_moves(r, s, legal), k = 0;
    if (!useful)
        memcpy(out, legal, sizeof(Step) * (size_t)n), k = n;
    else {
        int8_t rank[MAX_MOVES];
        uint16_t seen[MAX_MOVES];
        int nseen = 0;
        for (int i = 0; i < n; i++)
            rank[i] = (int8_t)useful_rank(s, &legal[i], seen, &nseen);
        for (int want = 0; want <= 7; want++)
            for (int i = 0; i < n; i++)
                if (rank[i] == want)
                    out[k++] = legal[i];
    }
    if (kind)
        for (int i = 0; i < k; i++) {
            int left = out[i].src == BOUQUET ? s->bouquet.left - 1 : s->bed[out[i].src - BED1].n - out[i].n;
            kind[i] = out[i].dst < BED1 ? OUT : left ? BETWEEN : EMPTYING;
        }
    return k;
}

/* TheFlowerGarden.safe_move: the first move to a foundation of a card every card one lower of which is
 * out already (an ace always); -1 if none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    return first_safe(moves, n, &s->up, r->lying_on, FOUNDATION, -1);
}

/* ----------------------------------------------------------------- play */
static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    u->moved = (uint8_t)s->moved;
    u->waiting = (uint8_t)s->waiting;
    uint8_t cards[52];
    if (m->src == BOUQUET) {
        hand_take(&s->bouquet, m->card, &u->place);
        cards[0] = m->card;
    } else
        stack_take(&s->bed[m->src - BED1], m->n, cards);
    if (m->dst < BED1) {
        found(&s->up, m->dst - FOUNDATION, cards[0]);
        s->moved = 0;
        if (cards[0] == s->waiting)
            s->waiting = 0;
    } else {
        for (int i = 0; i < m->n; i++)
            stack_push(&s->bed[m->dst - BED1], cards[i]);
        s->moved = m->card;
        s->waiting = m->src == BOUQUET ? m->card : 0;
    }
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    uint8_t cards[52];
    (void)r;
    if (m->dst < BED1)
        cards[0] = (uint8_t)unfound(&s->up, m->dst - FOUNDATION);
    else
        stack_take(&s->bed[m->dst - BED1], m->n, cards);
    if (m->src == BOUQUET)
        hand_put_back(&s->bouquet, u->place);
    else
        for (int i = 0; i < m->n; i++)
            stack_push(&s->bed[m->src - BED1], cards[i]);
    s->moved = u->moved;
    s->waiting = u->waiting;
}

static inline int is_won(const State *s) { return all_up(&s->up); }

#define PROVES
/* TheFlowerGarden.blocked: a bed gives up its uppermost card only, to a foundation, onto a card one
 * higher or into a cleared packet; every card of the Bouquet comes whenever it is wanted.  With ``runs``
 * the uppermost sequence of a bed leaves headed by any of its cards, and in a sequence below it only the
 * first card waits for a place, the cards on it taken as free. */
static int dead_end(const Rules *r, const State *s) {
    Lay lays[BEDS];
    uint64_t hand = hand_cards(&s->bouquet);
    for (int b = 0; b < BEDS; b++) {
        const Stack *bed = &s->bed[b];
        Lay *lay = &lays[b];
        lay_from(lay, bed, bed->n, 0, 1);
        if (!r->runs)
            continue;
        /* The bed's sequences (each card one lower than the card beneath it), bottom first. */
        uint8_t starts[52];
        int nstarts = 0;
        for (int i = 0; i < bed->n; i++)
            if (!i || !r->takes[bed->cards[i - 1]][bed->cards[i]])
                starts[nstarts++] = (uint8_t)i;
        if (nstarts <= 1) {
            /* One sequence: it may go whole once its first card has a place, the others following it. */
            lay->n = bed->n ? 1 : 0;
            lay->cards[0] = bed->cards[0];
            lay->alone = 1;
            for (int i = 1; i < bed->n; i++)
                hand |= 1ULL << bed->cards[i];
            continue;
        }
        /* The uppermost sequence moves whole or in part, headed by any of its cards; below it, each
         * sequence but its first card is taken as free. */
        int top = starts[nstarts - 1], n = 0;
        for (int j = 0, i = 0; i < top; i++)
            if (j < nstarts - 1 && starts[j] == i) {
                lay->cards[n++] = bed->cards[i];
                j++;
            } else
                hand |= 1ULL << bed->cards[i];
        lay->alone = n;
        for (int i = top; i < bed->n; i++)
            lay->cards[n++] = bed->cards[i];
        lay->n = n;
        lay->any_head = 1;
    }
    return stuck(&r->blocking, lays, BEDS, hand, foundations_cards(&s->up)) != 0;
}

/* ----------------------------------------------------------------- Python */
/* The position and the rules from TheFlowerGarden.description(): (bouquet, beds, foundations, moved,
 * takes, blocking, runs, waiting); the Bouquet and each bed as bytes of card codes (a bed bottom first), the
 * foundations as four (suit or -1, cards) in their order, moved the code of the card the last move laid on
 * a bed (0: none), takes the Garden's table of builds, 53 by 53 bytes, blocking Blocking.tables(), waiting
 * the code of the card laid from the Bouquet that waits to be covered (0: none). */
static int read_description(PyObject *d, Rules *r, State *s) {
    const char *bouquet;
    Py_ssize_t nbouquet;
    PyObject *beds, *foundations, *takes, *blocking;
    memset(s, 0, sizeof(*s));
    if (!PyArg_ParseTuple(d, "y#O!OiOO!pi;a description of a Flower-Garden position", &bouquet, &nbouquet,
                          &PyTuple_Type, &beds, &foundations, &s->moved, &takes, &PyTuple_Type, &blocking, &r->runs,
                          &s->waiting))
        return 0;
    if (PyTuple_GET_SIZE(beds) != BEDS || s->moved < 0 || s->moved > 52 || s->waiting < 0 || s->waiting > 52) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Flower-Garden position");
        return 0;
    }
    uint8_t met[53] = {0};
    if (!table_of(takes, r->takes, r->lying_on, GAME) || !blocking_of(blocking, &r->blocking, GAME)
        || !foundations_read(&s->up, foundations, 1, 0, met, GAME))
        return 0;
    if (!hand_read(&s->bouquet, bouquet, nbouquet, met) || !stacks_read(s->bed, beds, BEDS, met)) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Flower-Garden position: the piles are bytes "
                        "of different card codes, 1 to 52, none on a foundation");
        return 0;
    }
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__the_flower_garden_search(void) { return search_module(); }
