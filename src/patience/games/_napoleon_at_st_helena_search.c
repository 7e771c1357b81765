/* Napoleon at St. Helena's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on Napoleon at St. Helena (patience/games/napoleon_at_st_helena.py), in every reading of its
 * options (``lane_from``: any available card fills a lane, or the talon's only; ``deal_when``: the pack
 * waits for the cards that can be played always, for its first card only, or never): the same moves, in
 * the same order, the same safe moves and runs of the pack (NapoleonAtStHelena.pack_runs: deals onto the
 * talon, each run ending in a use of the card it dealt, or of a column's card that a deal which waited
 * could not have come after), the same positions merged, counted the same way; only faster, on plain
 * bytes.  The game proves nothing lost (it has no blocked()), so a deal is lost here, as in the core's
 * search, only once every line has been searched.  What the rules allow is given by the Python module
 * (the marriages' table of builds, the options), and the line of a won deal is played again through the
 * Python engine, which checks every move; tests/games/test_searches_in_c.py holds the moves, the steps and
 * the verdicts of the two searches together.
 *
 * Two packs: a card's code is met twice, and the two cards of a code are alike in every rule.
 *
 * A position: the pack (as the search began: it is only ever dealt from the top, so what is left of it
 * is its size), the talon, the ten columns and the eight foundations (two to a suit).  Its key is 128 bits
 * of hash of that, the columns taken as a set (as NapoleonAtStHelena.solver_key sorts them: the rules
 * treat them alike) and the foundations of a suit as alike (by their heights, the lower first, as the
 * solver key takes them by their top cards, sorted).
 */
#define PACKS 2
#include "_search_tools.h"

#define GAME "Napoleon at St. Helena"
#define MODULE "_napoleon_at_st_helena_search"
#define COLUMNS 10
#define REMAINDER 64            /* the cards left in the pack once the tableau is dealt */
#define OWN_RUNS                /* the runs of the pack are the game's own (pack_runs below) */

/* Pile numbers, in the order of NapoleonAtStHelena.pile_names(): the ten columns, the eight foundations,
 * the talon and the pack. */
enum { COLUMN1 = 0, FOUNDATION = 10, TALON = 18, PACK = 19 };

/* When the next card of the pack may be turned (the option deal_when): only when no available card can
 * be played, or that for the first card only, or at any time. */
enum { BLOCKED = 0, FIRST = 1, ANY_TIME = 2 };

/* The most moves from a position, and steps.  Each of the eleven available cards (the columns' and the
 * talon's) has a move up, two marriages at most (onto the twins one higher of its suit) and one into each
 * lane: with L lanes, at most (11 - L)(3 + L), 42.  A run of the pack is at most PACK_RUN deals, each
 * followed by the dealt card's uses (four at most) and, where the deal waited, the columns' marriages and
 * moves into the first lane that uncover a card that goes up (thirty at most): the runs fill half of
 * MAX_STEPS at most. */
#define MAX_MOVES 64
#define MAX_STEPS (2 * PACK_RUN * 44)

typedef struct {
    uint8_t marries[53][53];    /* marries[under][card]: card may be married onto under (in suit, one lower) */
    uint8_t lying_on[53][53];   /* the cards that may be married onto a card: their number, then the cards */
    int from_talon;             /* lane_from=talon: only the talon's card fills a lane */
    int deal_when;              /* BLOCKED, FIRST or ANY_TIME */
} Rules;

typedef struct {
    uint8_t pack[REMAINDER];    /* the pack as the search began, bottom first */
    int npack;                  /* the cards left in it: the first npack */
    Stack talon;
    Stack column[COLUMNS];
    Foundations up;
} State;

/* What a step changed, to take it back: the step itself says it all (its deals, then its move). */
typedef struct {
    Step step;
} Undo;

/* The talon's number in the key (the columns' is 0: they are taken as a set). */
static const int TALON_MARK = 1;

static Key key_of(const State *s) {
    uint64_t fa = 0, fb = 0;
    set_hash(s->column, NULL, COLUMNS, &fa, &fb);
    set_hash(&s->talon, &TALON_MARK, 1, &fa, &fb);
    uint64_t w = (uint64_t)s->npack | foundations_word(&s->up) << 7;
    return key_from(fa, fb, 0, w);
}

/* ----------------------------------------------------------------- the tableau */
static inline Stack *pile_of(State *s, int pile) { return pile == TALON ? &s->talon : &s->column[pile - COLUMN1]; }

/* Whether the step's move is to a foundation. */
static inline int to_foundation(const Step *m) { return (unsigned)(m->dst - FOUNDATION) < FOUNDATION_PILES; }

/* NapoleonAtStHelena._deal_waits: whether the next card of a pack of ``size`` cards may be turned only
 * when no available card can be played. */
static inline int deal_waits(const Rules *r, int size) {
    return r->deal_when == BLOCKED || (r->deal_when == FIRST && size == REMAINDER);
}

/* The lanes (the empty columns), in their order, into ``lanes``; their number. */
static inline int lanes_of(const State *s, int *lanes) {
    int n = 0;
    for (int c = 0; c < COLUMNS; c++)
        if (!s->column[c].n)
            lanes[n++] = COLUMN1 + c;
    return n;
}

/* NapoleonAtStHelena._card_moves for one card, ``card``, available on the pile ``src`` (the talon's may be
 * the card a deal would bring): to the foundation that takes it, onto the card one higher of its suit at
 * the foot of each other column, and, if ``fills``, into each of the ``nlanes`` lanes.  Their number. */
static int card_moves(const Rules *r, const State *s, int src, int card, int fills, const int *lanes, int nlanes,
                      Step *out) {
    int k = 0, slot;
    if (goes_up(&s->up, card, &slot))
        out[k++] = move_step(src, FOUNDATION + slot, 1, card);
    for (int c = 0; c < COLUMNS; c++) {
        const Stack *onto = &s->column[c];
        if (COLUMN1 + c != src && onto->n && r->marries[stack_top(onto)][card])
            out[k++] = move_step(src, COLUMN1 + c, 1, card);
    }
    if (fills)
        for (int i = 0; i < nlanes; i++)
            out[k++] = move_step(src, lanes[i], 1, card);
    return k;
}

/* Whether a column's lowest card (Rule I) may go to a lane: with lane_from=any, if it is not already alone
 * in the uppermost row (NapoleonAtStHelena._tableau). */
static inline int column_fills(const Rules *r, const Stack *column) { return !r->from_talon && column->n > 1; }

/* The moves' kinds (solve._by_priority): to a foundation, emptying the pile it leaves (the talon's with
 * ``talon`` cards on it), or between. */
static inline int kind_of(const State *s, const Step *m, int talon) {
    if (to_foundation(m))
        return OUT;
    return (m->src == TALON ? talon : s->column[m->src - COLUMN1].n) == 1 ? EMPTYING : BETWEEN;
}

/* Whether an available card can be played to a foundation (NapoleonAtStHelena.playable): of the columns'
 * alone, or (``talon_too``) of the talon's too. */
static int playable(const State *s, int talon_too) {
    int slot;
    for (int c = 0; c < COLUMNS; c++)
        if (s->column[c].n && goes_up(&s->up, stack_top(&s->column[c]), &slot))
            return 1;
    return talon_too && s->talon.n && goes_up(&s->up, stack_top(&s->talon), &slot);
}

/* Whether the pack may be turned now (NapoleonAtStHelena.generate_legal_moves's DEAL). */
static inline int may_deal(const Rules *r, const State *s) {
    return s->npack && !(deal_waits(r, s->npack) && playable(s, 1));
}

/* ----------------------------------------------------------------- moves */
/* The legal moves but the deal (or, ``useful``, NapoleonAtStHelena.useful_moves's: into the first lane
 * only), in the order of NapoleonAtStHelena.generate_legal_moves: the lowest card of each column, then the
 * talon's, each up, married, into the lanes.  Each move's kind in ``kind``, if given. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int lanes[COLUMNS], nlanes = lanes_of(s, lanes), k = 0;
    if (useful && nlanes > 1)
        nlanes = 1;
    for (int c = 0; c < COLUMNS; c++) {
        const Stack *column = &s->column[c];
        if (column->n)
            k += card_moves(r, s, COLUMN1 + c, stack_top(column), column_fills(r, column), lanes, nlanes, out + k);
    }
    if (s->talon.n)
        k += card_moves(r, s, TALON, stack_top(&s->talon), 1, lanes, nlanes, out + k);
    if (kind)
        for (int i = 0; i < k; i++)
            kind[i] = (uint8_t)kind_of(s, &out[i], s->talon.n);
    return k;
}

/* NapoleonAtStHelena.safe_move (Game.safe_going_up): the first move up of a card whose cards one lower in
 * its suit (of both packs) are up already; -1 if none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    return first_safe(moves, n, &s->up, r->lying_on, FOUNDATION, -1);
}

/* ----------------------------------------------------------------- play */
static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    for (int i = 0; i < m->packs; i++)
        stack_push(&s->talon, s->pack[--s->npack]);
    uint8_t card;
    stack_take(pile_of(s, m->src), 1, &card);
    if (to_foundation(m))
        found(&s->up, m->dst - FOUNDATION, card);
    else
        stack_push(pile_of(s, m->dst), card);
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    uint8_t card;
    (void)r;
    if (to_foundation(m))
        card = (uint8_t)unfound(&s->up, m->dst - FOUNDATION);
    else
        stack_take(pile_of(s, m->dst), 1, &card);
    stack_push(pile_of(s, m->src), card);
    s->talon.n -= m->packs;
    s->npack += m->packs;
}

/* Every foundation up to its king. */
static inline int is_won(const State *s) { return all_up(&s->up); }

/* ----------------------------------------------------------------- runs of the pack */
/* Whether a move between the columns (or up) could have been made before a deal that waited for the
 * cards that can be played (NapoleonAtStHelena._before_deal, waited): not up, and uncovering no card that
 * goes up. */
static inline int before_waited_deal(const State *s, const Step *m) {
    int slot;
    if (to_foundation(m))
        return 0;
    const Stack *from = &s->column[m->src - COLUMN1];
    return from->n < 2 || !goes_up(&s->up, from->cards[from->n - 2], &slot);
}

/* The runs of the pack from here (NapoleonAtStHelena.pack_runs), in the order the search tries them: deal
 * after deal, while the pack holds a card and need not wait for the ones that can be played, each deal
 * followed by each use, in solve._by_priority's order as the talon lies after it (solve.runs_using): the
 * columns' moves that a deal which waited could not have come after (where it waited), then the moves of
 * the card dealt, up, married, into the first lane.  No move is made: a deal changes only the pack and the
 * talon.  Their number. */
static int pack_runs(const Rules *r, State *s, Step *runs, int room) {
    (void)room;  /* (MAX_STEPS / 2 holds PACK_RUN deals, each followed by 44 uses) */
    if (!may_deal(r, s))
        return 0;
    int lanes[COLUMNS], nlanes = lanes_of(s, lanes) ? 1 : 0, slot, k = 0;
    int waits_for_columns = playable(s, 0);
    Step waited[MAX_MOVES];
    uint8_t waited_kind[MAX_MOVES];
    int nwaited = -1;  /* the columns' moves that are uses after a deal that waited: not yet worked out */
    for (int made = 1, left = s->npack - 1;; made++, left--) {
        int card = s->pack[left];
        if (deal_waits(r, left + 1) && nwaited < 0) {
            Step moves[MAX_MOVES];
            int n = 0;
            nwaited = 0;
            for (int c = 0; c < COLUMNS; c++) {
                const Stack *column = &s->column[c];
                if (column->n)
                    n += card_moves(r, s, COLUMN1 + c, stack_top(column), column_fills(r, column), lanes, nlanes,
                                    moves + n);
            }
            for (int i = 0; i < n; i++)
                if (!before_waited_deal(s, &moves[i])) {
                    waited_kind[nwaited] = (uint8_t)kind_of(s, &moves[i], 0);
                    waited[nwaited++] = moves[i];
                }
        }
        Step uses[MAX_MOVES];
        uint8_t kind[MAX_MOVES];
        int n = 0;
        if (deal_waits(r, left + 1))
            for (; n < nwaited; n++) {
                uses[n] = waited[n];
                kind[n] = waited_kind[n];
            }
        int first = n;
        n += card_moves(r, s, TALON, card, 1, lanes, nlanes, uses + n);
        for (int i = first; i < n; i++)
            kind[i] = (uint8_t)kind_of(s, &uses[i], s->talon.n + made);
        for (int want = OUT; want < KINDS; want++)
            for (int i = 0; i < n; i++)
                if (kind[i] == want) {
                    runs[k] = uses[i];
                    runs[k++].packs = (uint8_t)made;
                }
        if (!left || made == PACK_RUN || (deal_waits(r, left) && (waits_for_columns || goes_up(&s->up, card, &slot))))
            return k;
    }
}

/* ----------------------------------------------------------------- Python */
/* The position and the rules from NapoleonAtStHelena.description(): (pack, talon, columns, foundations,
 * marriages, from_talon, deal_when); the pack, the talon and each column as bytes of card codes, bottom
 * first (the pack's next card last), the foundations as eight (suit or -1, cards) in their order,
 * marriages the table of builds of a marriage, 53 by 53 bytes, from_talon whether only the talon's card
 * fills a lane, deal_when 0 (blocked), 1 (first) or 2 (any). */
static int read_description(PyObject *d, Rules *r, State *s) {
    const char *pack;
    Py_ssize_t npack;
    PyObject *talon, *columns, *foundations, *marries;
    memset(s, 0, sizeof(*s));
    if (!PyArg_ParseTuple(d, "y#OO!OOpi;a description of a Napoleon at St. Helena position", &pack, &npack, &talon,
                          &PyTuple_Type, &columns, &foundations, &marries, &r->from_talon, &r->deal_when))
        return 0;
    if (PyTuple_GET_SIZE(columns) != COLUMNS) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Napoleon at St. Helena position: ten columns");
        return 0;
    }
    if (r->deal_when < BLOCKED || r->deal_when > ANY_TIME) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Napoleon at St. Helena position: the pack is "
                        "dealt when blocked (0), first blocked (1) or at any time (2)");
        return 0;
    }
    uint8_t met[53] = {0};
    if (!table_of(marries, r->marries, r->lying_on, GAME) || !foundations_read(&s->up, foundations, 1, 0, met, GAME))
        return 0;
    if (npack > REMAINDER) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Napoleon at St. Helena position: 64 cards at most "
                        "in the pack");
        return 0;
    }
    if (!cards_ok((const unsigned char *)pack, npack, met) || !stack_read(&s->talon, talon, met)
        || !stacks_read(s->column, columns, COLUMNS, met)) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Napoleon at St. Helena position: the piles are "
                        "bytes of card codes, 1 to 52, each twice at most with the foundations' cards");
        return 0;
    }
    memcpy(s->pack, pack, (size_t)npack);
    s->npack = (int)npack;
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__napoleon_at_st_helena_search(void) { return search_module(); }
