/* Canfield's (Klondike's) thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on Canfield (patience/games/canfield.py): the same moves, in the same order, the same safe
 * moves, runs of the stock and proofs of a card that can never go up (Canfield.blocked), the same
 * positions merged, counted the same way; only faster, on plain bytes.  What the rules allow is given by
 * the Python module (the rows' table of builds, Blocking's tables, the options), and the line of a won
 * deal is played again through the Python engine, which checks every move;
 * tests/games/test_searches_in_c.py holds the moves, the steps, the proofs and the verdicts of the two
 * searches together.
 *
 * A position: the pack (the waste and the stock, as a Pack of _search_tools.h), the re-deals made, the
 * seven rows (their cards and how many lie face down) and the foundations.  Its key is 128 bits of hash of that, the rows taken as a set and the foundations by
 * suit, as Canfield.solver_key does (the score is the foundations').
 */
#include "_search_tools.h"

#define GAME "Canfield"
#define MODULE "_canfield_search"
#define COLUMNS 7

/* Pile numbers, in the order of Canfield.pile_names(). */
enum { STOCK = 0, WASTE = 1, FOUNDATION = 2, COLUMN1 = 6 };

typedef struct {
    uint8_t takes[53][53];      /* takes[under][card]: a row takes card on under (rule 5) */
    uint8_t lying_on[53][53];   /* the cards a row takes on a card: their number, then the cards */
    Blocking blocking;          /* what proves a card can never go up (Canfield.BLOCKING) */
    int draw, redeals, partial; /* the options */
} Rules;

typedef struct {
    Pack pack;                  /* the stock and the waste */
    int redealt;                /* the re-deals made */
    Stack row[COLUMNS];
    int down[COLUMNS];          /* each row's face-down cards */
    Foundations up;
} State;

/* What a step changed, to take it back. */
typedef struct {
    Step step;
    uint8_t showing, place, down;
    int redealt;
} Undo;

static Key key_of(const State *s) {
    uint64_t fa = 0, fb = 0;
    set_hash(s->row, s->down, COLUMNS, &fa, &fb);  /* the rows as a set */
    uint64_t w = (uint64_t)s->pack.showing | foundations_word(&s->up) << 6 | (uint64_t)s->redealt << 32;
    return key_from(fa, fb, s->pack.mask, w);
}

/* ----------------------------------------------------------------- moves */
/* The moves of ``card`` showing on the waste (Canfield._waste_moves): to its foundation, then to each
 * row that takes it, or (a king) each space. */
static int talon_moves(const Rules *r, const State *s, int card, Step *out) {
    int k = 0, slot;
    if (goes_up(&s->up, card, &slot))
        out[k++] = move_step(WASTE, FOUNDATION + slot, 1, card);
    for (int g = 0; g < COLUMNS; g++)
        if (s->row[g].n ? r->takes[stack_top(&s->row[g])][card] : rank_of(card) == 13)
            out[k++] = move_step(WASTE, COLUMN1 + g, 1, card);
    return k;
}

/* The kind of a move of ``n`` cards from the row ``f`` to another row. */
static inline uint8_t row_kind(const State *s, int f, int n) {
    int left = s->row[f].n - n;
    return left == 0 ? EMPTYING : left <= s->down[f] ? TURNING : BETWEEN;
}

/* The legal moves but those of the pack, in the order of Canfield.generate_legal_moves (all of them
 * useful: ``useful`` changes nothing); each move's kind in ``kind``, if given. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int k = 0, slot;
    (void)useful;
    if (s->pack.showing) {
        k += talon_moves(r, s, pack_card(&s->pack, s->pack.showing), out);
        if (kind)
            for (int i = 0; i < k; i++)
                kind[i] = out[i].dst < COLUMN1 ? OUT : s->pack.showing == 1 ? EMPTYING : BETWEEN;
    }
    for (int f = 0; f < COLUMNS; f++) {
        int size = s->row[f].n, down = s->down[f], last = size - 1;
        const uint8_t *pile = s->row[f].cards;
        if (down > last)
            continue;
        /* Rule 6: the face-up cards of a row move all together (any run of them, with ``partial``); the
         * card at the bottom of the row goes to its foundation alone. */
        for (int i = down; i <= (r->partial ? last : down); i++) {
            int head = pile[i];
            if (i == last && goes_up(&s->up, head, &slot)) {
                if (kind) kind[k] = OUT;
                out[k++] = move_step(COLUMN1 + f, FOUNDATION + slot, 1, head);
            }
            for (int g = 0; g < COLUMNS; g++) {
                int n = s->row[g].n;
                /* Rule 7: a king that heads its row already fills no space by moving. */
                int ok = rank_of(head) == 13 ? i && !n : n && g != f && r->takes[stack_top(&s->row[g])][head];
                if (ok) {
                    if (kind) kind[k] = row_kind(s, f, size - i);
                    out[k++] = move_step(COLUMN1 + f, COLUMN1 + g, size - i, head);
                }
            }
        }
        if (!r->partial && down != last && goes_up(&s->up, pile[last], &slot)) {
            if (kind) kind[k] = OUT;
            out[k++] = move_step(COLUMN1 + f, FOUNDATION + slot, 1, pile[last]);
        }
    }
    return k;
}

/* Canfield.safe_move: the first move to a foundation from a row (or, turning one card at a time through
 * a single pass, from the waste) of a card on which no card that a row takes is left in play; -1 if
 * none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    return first_safe(moves, n, &s->up, r->lying_on, FOUNDATION, r->draw == 1 && !r->redeals ? -1 : WASTE);
}

/* The move of the pack there is (rule 8) after a run that re-dealt ``redealt`` times and left
 * ``showing`` cards on the waste: a turn, a re-deal, or none. */
static inline int pack_move(const Rules *r, const State *s, int showing, int redealt) {
    if (s->pack.n > showing)
        return TURN;
    return showing && s->redealt + redealt < r->redeals ? TAKE_UP : 0;
}

#define TURNED(r) ((r)->draw)

/* The most moves, and steps, from a position. */
#define MAX_MOVES 512
#define MAX_STEPS 2048

/* ----------------------------------------------------------------- play */
static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    u->showing = (uint8_t)s->pack.showing;
    u->redealt = s->redealt;
    if (m->packs) {
        s->pack.showing = m->showing;
        s->redealt += m->taken_up;
    }
    uint8_t cards[52];
    int n = m->n;
    if (m->src == WASTE)
        cards[0] = (uint8_t)pack_take(&s->pack, &u->place);
    else {
        int f = m->src - COLUMN1;
        stack_take(&s->row[f], n, cards);
        u->down = (uint8_t)s->down[f];
        if (s->down[f] >= s->row[f].n)  /* rule 4: the card uncovered is turned face up */
            s->down[f] = s->row[f].n ? s->row[f].n - 1 : 0;
    }
    if (m->dst < COLUMN1)
        found(&s->up, m->dst - FOUNDATION, cards[0]);
    else
        for (int i = 0; i < n; i++)
            stack_push(&s->row[m->dst - COLUMN1], cards[i]);
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    int n = m->n;
    uint8_t cards[52];
    (void)r;
    if (m->dst < COLUMN1)
        cards[0] = (uint8_t)unfound(&s->up, m->dst - FOUNDATION);
    else
        stack_take(&s->row[m->dst - COLUMN1], n, cards);
    if (m->src == WASTE)
        pack_put_back(&s->pack, u->place);
    else {
        int f = m->src - COLUMN1;
        for (int i = 0; i < n; i++)
            stack_push(&s->row[f], cards[i]);
        s->down[f] = u->down;
    }
    s->pack.showing = u->showing;
    s->redealt = u->redealt;
}

static inline int is_won(const State *s) { return all_up(&s->up); }

#define PROVES
/* Canfield.blocked: the rows give up their face-up cards all together (unless ``partial``), the waste
 * its top card, and once the last pass has begun (rule 8) a card turned onto the waste stays under the
 * cards turned after it; before it, the whole pack comes to hand. */
static int dead_end(const Rules *r, const State *s) {
    Lay lays[COLUMNS + 1];
    for (int f = 0; f < COLUMNS; f++)
        lay_from(&lays[f], &s->row[f], s->down[f], r->partial, 1);
    const Pack *pack = &s->pack;
    uint64_t hand = 0;
    int nlays = COLUMNS;
    if (s->redealt < r->redeals) {
        for (int i = 0; i < pack->n; i++)
            hand |= 1ULL << pack->orig[pack->pos[i]];
    } else {
        Lay *waste = &lays[nlays++];
        waste->n = waste->alone = pack->showing;
        waste->any_head = waste->space = 0;
        waste->fills = 1;
        for (int i = 0; i < pack->n; i++)
            if (i < pack->showing)
                waste->cards[i] = pack->orig[pack->pos[i]];
            else
                waste->coming[i - pack->showing] = pack->orig[pack->pos[i]];
        waste->ncoming = pack->n - pack->showing;
        waste->batch = r->draw;
    }
    return stuck(&r->blocking, lays, nlays, hand, foundations_cards(&s->up)) != 0;
}

/* ----------------------------------------------------------------- Python */
/* The position and the rules from Canfield.description(): (pack, showing, redealt, rows, foundations,
 * takes, blocking, draw, redeals, partial); the pack as bytes of card codes from the bottom of the waste
 * up and on from the top of the stock down, each row as (bytes, bottom first, and its face-down cards),
 * the foundations as four (suit or -1, cards) in their order, takes the rows' table of builds, 53 by 53
 * bytes, blocking Blocking.tables(). */
static int read_description(PyObject *d, Rules *r, State *s) {
    const char *pack;
    Py_ssize_t npack;
    PyObject *rows, *foundations, *takes, *blocking;
    int showing;
    memset(s, 0, sizeof(*s));
    if (!PyArg_ParseTuple(d, "y#iiO!OOO!iip;a description of a Canfield position", &pack, &npack, &showing,
                          &s->redealt, &PyTuple_Type, &rows, &foundations, &takes, &PyTuple_Type, &blocking,
                          &r->draw, &r->redeals, &r->partial))
        return 0;
    if (s->redealt < 0 || r->draw < 1 || r->draw > 52 || r->redeals < 0 || PyTuple_GET_SIZE(rows) != COLUMNS) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Canfield position");
        return 0;
    }
    uint8_t met[53] = {0};
    if (!table_of(takes, r->takes, r->lying_on, GAME) || !blocking_of(blocking, &r->blocking, GAME)
        || !foundations_read(&s->up, foundations, 1, 0, met, GAME))
        return 0;
    int ok = pack_read(&s->pack, pack, npack, showing, met);
    for (int f = 0; f < COLUMNS && ok; f++) {
        PyObject *cards;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(rows, f), "Oi;a row is (bytes, face down)", &cards, &s->down[f]))
            return 0;
        ok = stack_read(&s->row[f], cards, met) && s->down[f] >= 0 && s->down[f] <= s->row[f].n;
    }
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Canfield position: the piles are bytes of "
                        "different card codes, 1 to 52, none on a foundation, 0 to all of the pack on the "
                        "waste, and a row's face-down cards at most its cards");
        return 0;
    }
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__canfield_search(void) { return search_module(); }
