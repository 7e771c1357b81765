/* The Fifteen's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on The Fifteen (patience/games/the_fifteen.py), in every reading of its options
 * (``exception``: unopened, stuck or none; ``distinct_suits``): the same useful moves, in the same order,
 * the same safe moves, the same positions merged, counted the same way; only faster, on plain bytes.  The
 * Fifteen has no pack and proves nothing lost (it has no blocked()), so a deal is lost here, as in the
 * core's search, only once every line has been searched.  What the rules allow is given by the Python
 * module (the marriages' table of builds, the options), and the line of a won deal is played again
 * through the Python engine, which checks every move; tests/games/test_searches_in_c.py holds the moves,
 * the steps and the verdicts of the two searches together.
 *
 * Two packs: a card's code is met twice, and the two cards of a code are alike in every rule.
 *
 * A position: the fifteen columns (each from its first-row card down to its available one) and the eight
 * foundations (four of aces, up, then four of kings, down), each by its suit and its height.  Its key is
 * 128 bits of hash of that, as TheFifteen.solver_key takes it (INTERCHANGEABLE): the columns as a set, and
 * the foundations as a set, apart.
 *
 * The exception to Rule I withdraws an ace and a king (or either alone) from the sixth row, the cards below
 * closing up: a move from two columns to two foundations (each the first empty one of its kind), whose Step
 * names the ace's column (or the lone card's) in ``src`` and its foundation in ``dst``, and in ``also`` the
 * king's column and foundation (SOURCES: the four places its Move names).
 */
#define PACKS 2
#define SOURCES 3               /* a withdrawal's two columns and two foundations */
#include "_search_tools.h"

#define GAME "The Fifteen"
#define MODULE "_the_fifteen_search"
#define COLUMNS 15
#define SIXTH_ROW 6             /* the row the exception withdraws from (counted from 1) */
#define KINGS 4                 /* the first of the kings' foundations: the aces' come before */

/* Pile numbers, in the order of TheFifteen.pile_names(): the eight foundations, then the columns. */
enum { FOUNDATION = 0, COLUMN1 = 8 };

/* The most moves from a position, and steps.  Each of fifteen available cards goes to two foundations at
 * most (one of each kind: of foundations alike only the first is named), is married on four cards at
 * most (the two of each code one off it) and moved to fourteen lanes at most (with n lanes, 15 - n
 * cards); the withdrawals pair the aces and the kings of the sixth row, 7 × 8 at most.  No runs of a pack. */
#define MAX_MOVES (COLUMNS * (2 + 4) + 7 * 8 + 7 * 8)
#define MAX_STEPS MAX_MOVES

/* The exception's readings (the option ``exception``). */
enum { NO_EXCEPTION = 0, UNOPENED = 1, STUCK = 2 };

typedef struct {
    uint8_t marries[53][53];    /* marries[under][card]: card may be married on under (one off, in suit) */
    uint8_t lying_on[53][53];   /* the cards that may be married on a card: their number, then the cards */
    int exception;              /* NO_EXCEPTION, UNOPENED or STUCK */
    int distinct_suits;         /* the four aces, and the four kings, of different suits */
} Rules;

typedef struct {
    Stack column[COLUMNS];
    int suit[FOUNDATION_PILES], height[FOUNDATION_PILES];  /* the foundations: the suit (-1: none), the cards */
    uint8_t out[53];            /* the copies of each card on the foundations */
    uint64_t piles_a, piles_b;  /* the hashes of the columns as a set and the foundations as a set, kept as they change */
    uint64_t column_a[COLUMNS][CARDS + 1], column_b[COLUMNS][CARDS + 1];  /* each column's share of them, by its height */
} State;

/* What a step changed, to take it back: the foundations a withdrawal laid its cards on. */
typedef struct {
    Step step;
    uint8_t withdrawn, to[2];
} Undo;

#define FOUNDATION_MARK 0x9e3779b97f4a7c15ULL  /* (the columns' mark is 0) */

static Key key_of(const State *s) { return key_from(s->piles_a, s->piles_b, 0, 0); }

/* A pile's share of the position's hashes (two of them, ``a`` and ``b``), given (``sign`` 1) or taken back (-1). */
static inline void share(State *s, int sign, uint64_t a, uint64_t b) {
    s->piles_a += sign > 0 ? a : -a;
    s->piles_b += sign > 0 ? b : -b;
}

static inline void column_share(State *s, int i, int sign) {
    int n = s->column[i].n;
    share(s, sign, s->column_a[i][n], s->column_b[i][n]);
}

/* The column ``i``'s shares made right from the height ``from`` up. */
static inline void column_shares_from(State *s, int i, int from) {
    const Stack *p = &s->column[i];
    for (int n = from; n <= p->n; n++) {
        s->column_a[i][n] = share_a(p->ha[n], 0);
        s->column_b[i][n] = share_b(p->hb[n], 0);
    }
}

/* A begun foundation's share: its cards are its first card and its height (a king's first card tells
 * the kings' foundations from the aces'). */
static inline void foundation_share(State *s, int f, int sign) {
    if (!s->height[f])
        return;
    int cards = (s->suit[f] * 13 + (f < KINGS ? 1 : FULL)) << 4 | s->height[f];
    share(s, sign, share_a(hash_on_a(HA0, cards), FOUNDATION_MARK), share_b(hash_on_b(HB0, cards), FOUNDATION_MARK));
}

/* ----------------------------------------------------------------- the foundations */
static inline int is_king_foundation(int f) { return f >= KINGS; }

/* The value the foundation ``f`` takes next, holding ``height`` cards: up from the ace, or down from the
 * king; 0 when it is full. */
static inline int next_value(int f, int height) {
    if (height == FULL)
        return 0;
    return is_king_foundation(f) ? FULL - height : height + 1;
}

/* The card on top of the foundation ``f`` (begun). */
static inline int foundation_top(const State *s, int f) {
    int h = s->height[f];
    return s->suit[f] * 13 + (is_king_foundation(f) ? FULL + 1 - h : h);
}

/* The suits each kind of foundation has begun with, a bit each (``begun[0]`` the aces', ``[1]`` the kings'). */
static inline void suits_begun(const State *s, int begun[2]) {
    begun[0] = begun[1] = 0;
    for (int f = 0; f < FOUNDATION_PILES; f++)
        if (s->height[f])
            begun[is_king_foundation(f)] |= 1 << s->suit[f];
}

/* Whether the foundation ``f`` takes ``card`` (TheFifteen.foundation_fault is None): a begun one the next
 * card of its suit, an empty one an ace (or a king), with ``distinct_suits`` of a suit none of its kind
 * has begun with (``begun``). */
static inline int takes(const Rules *r, const State *s, int f, int card, const int begun[2]) {
    int h = s->height[f];
    if (h)
        return s->suit[f] == suit_of(card) && rank_of(card) == next_value(f, h);
    return rank_of(card) == next_value(f, 0) && !(r->distinct_suits && begun[is_king_foundation(f)] >> suit_of(card) & 1);
}

/* The foundations that take ``card`` now, in their order (Game.foundation_takers): each begun one that
 * takes it but one alike a foundation named before it (of its kind, its suit and its height), and the
 * first empty one of each kind (``begun``: the suits each kind has begun with).  Their number, written to ``out``. */
static int takers(const Rules *r, const State *s, int card, const int begun[2], int *out) {
    int k = 0, empty_met[2] = {0, 0};
    for (int f = 0; f < FOUNDATION_PILES; f++) {
        int king = is_king_foundation(f);
        if (!s->height[f]) {
            if (empty_met[king])
                continue;
            empty_met[king] = 1;
        }
        if (!takes(r, s, f, card, begun))
            continue;
        int alike = 0;
        for (int i = 0; i < k && !alike; i++)
            alike = is_king_foundation(out[i]) == king && s->height[out[i]] == s->height[f] && s->suit[out[i]] == s->suit[f];
        if (!alike)
            out[k++] = f;
    }
    return k;
}

/* ``card`` laid on the foundation ``f``; and the top card taken off it again, given. */
static inline void lay_up(State *s, int f, int card) {
    foundation_share(s, f, -1);
    if (!s->height[f]++)
        s->suit[f] = suit_of(card);
    s->out[card]++;
    foundation_share(s, f, 1);
}

static inline int take_down(State *s, int f) {
    int card = foundation_top(s, f);
    foundation_share(s, f, -1);
    if (!--s->height[f])
        s->suit[f] = -1;
    s->out[card]--;
    foundation_share(s, f, 1);
    return card;
}

/* The first empty foundation of the kind ``card`` begins (TheFifteen._withdrawal's target), or the first
 * of its kind. */
static inline int first_empty_of_kind(const State *s, int card) {
    int from = rank_of(card) == FULL ? KINGS : 0;
    for (int f = from; f < from + KINGS; f++)
        if (!s->height[f])
            return f;
    return from;
}

/* ----------------------------------------------------------------- the columns */
/* ``card`` laid at the foot of the column ``i``; and the card at its foot taken off, given. */
static inline void column_push(State *s, int i, int card) {
    column_share(s, i, -1);
    stack_push(&s->column[i], card);
    column_shares_from(s, i, s->column[i].n);
    column_share(s, i, 1);
}

static inline int column_pop(State *s, int i) {
    uint8_t card;
    column_share(s, i, -1);
    stack_take(&s->column[i], 1, &card);
    column_share(s, i, 1);
    return card;
}

/* ----------------------------------------------------------------- the exception */
/* A card taken out of ``p`` at ``at`` (from 0), the cards below closing up; and put back. */
static void take_out_at(Stack *p, int at) {
    uint8_t below[CARDS];
    int n = p->n - at - 1;
    memcpy(below, p->cards + at + 1, (size_t)n);
    p->n = at;
    for (int i = 0; i < n; i++)
        stack_push(p, below[i]);
}

static void put_in_at(Stack *p, int at, int card) {
    uint8_t below[CARDS];
    int n = p->n - at;
    memcpy(below, p->cards + at, (size_t)n);
    p->n = at;
    stack_push(p, card);
    for (int i = 0; i < n; i++)
        stack_push(p, below[i]);
}

/* Whether the step ``m`` is a withdrawal: of two cards, or of one that is not its column's available card
 * (the exception is open only while no ace or king is available). */
static inline int is_withdrawal(const State *s, const Step *m) {
    const Stack *from = &s->column[m->src - COLUMN1];
    return m->n == 2 || stack_top(from) != m->card;
}

/* The withdrawals (TheFifteen._withdrawals): each ace of the sixth row (a card below it) with each king of
 * it, the aces' columns first; or each ace alone, where the row holds no king, or each king alone, where
 * it holds no ace.  Each to the first empty foundation of its kind.  Their number, written to ``out``. */
static int withdrawals(const State *s, Step *out) {
    int aces[COLUMNS], kings[COLUMNS], na = 0, nk = 0, k = 0;
    for (int i = 0; i < COLUMNS; i++)
        if (s->column[i].n > SIXTH_ROW) {
            int value = rank_of(s->column[i].cards[SIXTH_ROW - 1]);
            if (value == 1)
                aces[na++] = i;
            else if (value == FULL)
                kings[nk++] = i;
        }
    for (int a = 0; a < (na ? na : 1); a++)
        for (int b = 0; b < (nk ? nk : 1); b++) {
            int first = na ? aces[a] : nk ? kings[b] : -1;
            if (first < 0)
                continue;
            int card = s->column[first].cards[SIXTH_ROW - 1];
            Step m = move_step(COLUMN1 + first, FOUNDATION + first_empty_of_kind(s, card), 1, card);
            if (na && nk) {
                m.n = 2;
                m.also[0] = (uint8_t)(COLUMN1 + kings[b]);
                m.also[1] = (uint8_t)(FOUNDATION + first_empty_of_kind(s, s->column[kings[b]].cards[SIXTH_ROW - 1]));
            }
            out[k++] = m;
        }
    return k;
}

/* ----------------------------------------------------------------- moves */
/* The legal moves (or, ``useful``, TheFifteen.useful_moves's), in the order of
 * TheFifteen.generate_legal_moves: each available card (the lowest of each column, in their order) to the
 * foundations that take it, married on each other available card one off it in suit, and (unless it lies
 * alone in its column, a lane already) to each lane, or (useful) to the first; then, while no foundation is
 * begun and no ace or king is available (and, ``stuck``, no card can move), the exception's withdrawals.
 * Each move's kind in ``kind``, if given: to a foundation, emptying a column, or between (a withdrawal of
 * two cards: its target is no foundation of the engine's). */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int k = 0, lanes[COLUMNS], nlanes = 0, opened = 0, free_ends = 0, begun[2];
    suits_begun(s, begun);
    for (int i = 0; i < COLUMNS; i++)
        if (!s->column[i].n)
            lanes[nlanes++] = i;
    if (useful && nlanes > 1)
        nlanes = 1;
    for (int i = 0; i < COLUMNS; i++) {
        const Stack *from = &s->column[i];
        if (!from->n)
            continue;
        int card = stack_top(from), found_in[FOUNDATION_PILES], n = takers(r, s, card, begun, found_in);
        free_ends |= rank_of(card) == 1 || rank_of(card) == FULL;
        for (int j = 0; j < n; j++)
            out[k++] = move_step(COLUMN1 + i, FOUNDATION + found_in[j], 1, card);
        for (int j = 0; j < COLUMNS; j++)
            if (s->column[j].n && r->marries[stack_top(&s->column[j])][card])
                out[k++] = move_step(COLUMN1 + i, COLUMN1 + j, 1, card);
        if (from->n > 1)
            for (int j = 0; j < nlanes; j++)
                out[k++] = move_step(COLUMN1 + i, COLUMN1 + lanes[j], 1, card);
    }
    for (int f = 0; f < FOUNDATION_PILES; f++)
        opened |= s->height[f] > 0;
    if (r->exception != NO_EXCEPTION && !opened && !free_ends && (r->exception != STUCK || !k))
        k += withdrawals(s, out + k);
    if (kind)
        for (int i = 0; i < k; i++)
            kind[i] = out[i].n == 2 ? BETWEEN : out[i].dst < COLUMN1 ? OUT
                    : s->column[out[i].src - COLUMN1].n == 1 ? EMPTYING : BETWEEN;
    return k;
}

/* TheFifteen.safe_move: the first card played from a column to a foundation already begun, when every card
 * that could be married on it (both copies of the cards one off it in its suit) is out, and its twin is
 * out too or more foundations than one take it (Game.safe_to_found).  (A withdrawal is made only while
 * no foundation is begun.)  -1 if none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    for (int i = 0; i < n; i++) {
        const Step *m = &moves[i];
        int card = m->card;
        if (m->dst >= COLUMN1 || !s->height[m->dst - FOUNDATION])
            continue;
        int marriers_out = 1;
        for (int j = 1; j <= r->lying_on[card][0] && marriers_out; j++)
            marriers_out = s->out[r->lying_on[card][j]] >= PACKS;
        if (!marriers_out)
            continue;
        if (s->out[card] < PACKS - 1) {
            int begun[2], room = 0;
            suits_begun(s, begun);
            for (int f = 0; f < FOUNDATION_PILES; f++)
                room += takes(r, s, f, card, begun);
            if (room <= PACKS - 1 - s->out[card])
                continue;
        }
        return i;
    }
    return -1;
}

/* ----------------------------------------------------------------- play */
static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    u->withdrawn = (uint8_t)is_withdrawal(s, m);
    if (u->withdrawn) {
        /* (TheFifteen._withdraw: out of the sixth row, the cards below closing up) */
        for (int i = 0; i < m->n; i++) {
            int from = (i ? m->also[0] : m->src) - COLUMN1, card = s->column[from].cards[SIXTH_ROW - 1];
            int f = first_empty_of_kind(s, card);
            column_share(s, from, -1);
            take_out_at(&s->column[from], SIXTH_ROW - 1);
            column_shares_from(s, from, SIXTH_ROW - 1);
            column_share(s, from, 1);
            lay_up(s, f, card);
            u->to[i] = (uint8_t)f;
        }
        return;
    }
    int card = column_pop(s, m->src - COLUMN1);
    if (m->dst < COLUMN1)
        lay_up(s, m->dst - FOUNDATION, card);
    else
        column_push(s, m->dst - COLUMN1, card);
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    (void)r;
    if (u->withdrawn) {
        for (int i = m->n - 1; i >= 0; i--) {
            int from = (i ? m->also[0] : m->src) - COLUMN1;
            column_share(s, from, -1);
            put_in_at(&s->column[from], SIXTH_ROW - 1, take_down(s, u->to[i]));
            column_shares_from(s, from, SIXTH_ROW - 1);
            column_share(s, from, 1);
        }
        return;
    }
    int card = m->dst < COLUMN1 ? take_down(s, m->dst - FOUNDATION) : column_pop(s, m->dst - COLUMN1);
    column_push(s, m->src - COLUMN1, card);
}

/* Every column empty: every card is out. */
static inline int is_won(const State *s) {
    for (int i = 0; i < COLUMNS; i++)
        if (s->column[i].n)
            return 0;
    return 1;
}

/* ----------------------------------------------------------------- Python */
/* The position and the rules from TheFifteen.description(): (columns, foundations, marriages, exception,
 * distinct_suits); the columns as bytes of card codes, each from its first-row card down, in their order,
 * the foundations as eight (suit or -1, cards) in their order (the aces', then the kings'), marriages the
 * table of builds of a marriage, 53 by 53 bytes, and the exception's reading ("unopened", "stuck" or
 * "none"). */
static int read_description(PyObject *d, Rules *r, State *s) {
    PyObject *columns, *foundations, *marries;
    const char *exception;
    memset(s, 0, sizeof(*s));
    if (!PyArg_ParseTuple(d, "O!OOsp;a description of a Fifteen position", &PyTuple_Type, &columns, &foundations,
                          &marries, &exception, &r->distinct_suits))
        return 0;
    r->exception = !strcmp(exception, "none") ? NO_EXCEPTION : !strcmp(exception, "unopened") ? UNOPENED
                 : !strcmp(exception, "stuck") ? STUCK : -1;
    if (r->exception < 0) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Fifteen position: the exception is "
                        "'unopened', 'stuck' or 'none'");
        return 0;
    }
    if (PyTuple_GET_SIZE(columns) != COLUMNS) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Fifteen position: fifteen columns");
        return 0;
    }
    if (!PyTuple_Check(foundations) || PyTuple_GET_SIZE(foundations) != FOUNDATION_PILES) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Fifteen position: eight foundations");
        return 0;
    }
    uint8_t met[53] = {0};
    int begun[2] = {0, 0};
    for (int f = 0; f < FOUNDATION_PILES; f++) {
        int king = is_king_foundation(f);
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(foundations, f), "ii;a foundation is (suit, cards)", &s->suit[f],
                              &s->height[f]))
            return 0;
        int suit = s->suit[f], h = s->height[f];
        if (h < 0 || h > FULL || (h && (suit < 0 || suit >= SUITS
                                        || (r->distinct_suits && begun[king] >> suit & 1)))) {
            PyErr_SetString(PyExc_ValueError, "not a description of a Fifteen position: a foundation is (its "
                            "suit, 0 to 3, and 1 to 13 cards), with distinct_suits a suit at most once among "
                            "the aces' and the kings', or (-1, 0)");
            return 0;
        }
        if (!h) {
            s->suit[f] = -1;
            continue;
        }
        begun[king] |= 1 << suit;
        for (int i = 1; i <= h; i++)
            met[suit * 13 + (king ? FULL + 1 - i : i)]++;
    }
    memcpy(s->out, met, sizeof(met));
    for (int f = 0; f < FOUNDATION_PILES; f++)
        foundation_share(s, f, 1);
    if (!table_of(marries, r->marries, r->lying_on, GAME))
        return 0;
    int ok = stacks_read(s->column, columns, COLUMNS, met);
    for (int c = 1; ok && c <= 52; c++)
        ok = met[c] <= PACKS;
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Fifteen position: the columns are bytes of "
                        "card codes, 1 to 52, each twice at most with the foundations' cards");
        return 0;
    }
    for (int i = 0; i < COLUMNS; i++) {
        column_shares_from(s, i, 0);
        column_share(s, i, 1);
    }
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__the_fifteen_search(void) { return search_module(); }
