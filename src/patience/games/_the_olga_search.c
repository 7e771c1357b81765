/* The Olga's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on The Olga (patience/games/the_olga.py), in every reading of ``runs`` and ``ace_on_seven``:
 * the same useful moves, in the same order, the same safe moves and runs of the pack (TheOlga.pack_runs:
 * deals to the talon, each run ending in a use of the card dealt last), the same positions merged,
 * counted the same way; only faster, on plain bytes.  The Olga proves nothing lost (it has no
 * blocked()), so a deal is lost here, as in the core's search, only once every line has been searched.
 * What the rules allow is given by the Python module (the flower-bed's table of builds, the options), and
 * the line of a won deal is played again through the Python engine, which checks every move;
 * tests/games/test_searches_in_c.py holds the moves, the steps and the verdicts of the two searches
 * together.
 *
 * Four piquet packs: a card's code (the ace, seven to king) is met four times, and the four cards of a
 * code are alike in every rule.
 *
 * A position: the pack (as the search began: it is only ever dealt from the top, so what is left of it
 * is its size), the talon, the seven columns of the flower-bed and the sixteen foundations.  A column is
 * its cards from the top row down and the number of its places that hold cards: each above the foot
 * holds the one card dealt to it, face down if it is in the second, fourth or sixth row (it is turned up
 * as soon as it is uncovered, Rule II, and no place below an uncovered one is ever filled again), and the
 * foot holds the rest.  Its key is 128 bits of hash of that, the columns taken as a set (each marked
 * with the number of its places) and the foundations of a suit taken as alike (by their heights, the
 * highest first), as TheOlga.solver_key merges them.
 */
#define PACKS 4
#define PIQUET
#include "_search_tools.h"

#define GAME "The Olga"
#define MODULE "_the_olga_search"
#define ROWS 7
#define COLUMNS 7
#define PACK_CARDS (CARDS - ROWS * COLUMNS)  /* the cards left once the flower-bed is dealt: the most in the pack */
#define OWN_RUNS                /* the runs of the pack are dealt one at a time, once (pack_runs below) */

/* Pile numbers, in the order of TheOlga.pile_names(): the pack, the talon, the sixteen foundations, then
 * the places of the flower-bed row by row, each row from left to right. */
enum { PACK = 0, TALON = 1, FOUNDATION = 2, PLACE1 = FOUNDATION + FOUNDATION_PILES };

/* The most moves from a position, and steps.  A sequence of the flower-bed is at most eight cards (king
 * to ace), each heading a move to a foundation and to each other column: at most 8 × 7 moves from each
 * column, 7 from the talon.  A run of the pack is one to 79 deals, each followed by 7 uses at most: the
 * runs fill half of MAX_STEPS at most. */
#define MAX_MOVES (COLUMNS * 8 * COLUMNS + COLUMNS)
#define MAX_STEPS 2048

typedef struct {
    uint8_t takes[53][53];      /* takes[under][card]: the flower-bed's build (Rule III), the ace on a seven too */
    uint8_t lying_on[53][53];   /* the cards that build lets lie on a card: their number, then the cards */
    int runs;                   /* runs=true: a sequence at the foot of a column moves whole */
    int ace_on_seven;           /* ace_on_seven=true: an ace may be placed on a seven */
} Rules;

typedef struct {
    uint8_t pack[PACK_CARDS];   /* the pack as the search began, bottom first */
    int npack;                  /* the cards left in it: the first npack */
    Stack talon;
    Stack column[COLUMNS];      /* each column's cards, from the top row down */
    int places[COLUMNS];        /* each column's places that hold cards, the top ones */
    Foundations up;
} State;

/* What a step changed, to take it back: the places of the two columns it touched that held cards. */
typedef struct {
    Step step;
    uint8_t from_places, to_places;
} Undo;

/* The talon's mark in the key, which no column's number of places is. */
static const int TALON_MARK[1] = {ROWS + 1};

static Key key_of(const State *s) {
    uint64_t fa = 0, fb = 0;
    set_hash(s->column, s->places, COLUMNS, &fa, &fb);
    set_hash(&s->talon, TALON_MARK, 1, &fa, &fb);
    return key_from(fa, fb, (uint64_t)s->npack, foundations_word(&s->up));
}

/* ----------------------------------------------------------------- the columns */
static inline int column_of(int pile) { return (pile - PLACE1) % COLUMNS; }

/* The pile number of the place at the foot of column ``c`` (TheOlga.foot): its lowest place that holds
 * cards, or the top place of an empty column. */
static inline int foot_of(const State *s, int c) {
    int row = s->places[c] ? s->places[c] : 1;
    return PLACE1 + (row - 1) * COLUMNS + c;
}

/* The cards on the foot of column ``c``: the card dealt to it and those placed on it. */
static inline int foot_cards(const State *s, int c) { return s->column[c].n - s->places[c] + 1; }

/* Whether ``card`` may be placed on ``under`` (TheOlga._builds: Rule III, and the ace by ace_on_seven). */
static inline int builds(const Rules *r, int under, int card) {
    return r->takes[under][card] && (rank_of(card) != 1 || r->ace_on_seven);
}

/* How many cards at the foot of column ``c`` may leave it together, the most (TheOlga.runs_at): with
 * ``runs``, the sequence at its top; else one. */
static inline int longest_run(const Rules *r, const State *s, int c) {
    const Stack *p = &s->column[c];
    int n = 1, most = foot_cards(s, c);
    if (r->runs)
        while (n < most && builds(r, p->cards[p->n - n - 1], p->cards[p->n - n]))
            n++;
    return n;
}

/* ----------------------------------------------------------------- moves */
/* The moves of ``card`` on top of the talon (TheOlga._talon_moves), each after ``packs`` deals: to the
 * foundation that takes it (Rule I), then to the foot of each column whose card takes it (Rule III).
 * Their number, written to ``out``. */
static int talon_moves(const Rules *r, const State *s, int card, int packs, Step *out) {
    int k = 0, slot;
    if (goes_up(&s->up, card, &slot))
        out[k++] = move_step(TALON, FOUNDATION + slot, 1, card);
    if (rank_of(card) != 1 || r->ace_on_seven)
        for (int g = 0; g < COLUMNS; g++)
            if (s->column[g].n && r->takes[stack_top(&s->column[g])][card])
                out[k++] = move_step(TALON, foot_of(s, g), 1, card);
    for (int i = 0; i < k; i++)
        out[i].packs = (uint8_t)packs;
    return k;
}

/* The legal moves but the deal, in the order of TheOlga.generate_legal_moves (with ``useful``, those of
 * TheOlga.useful_moves: of the moves to a space, only those to the first): the talon's top card, then
 * each column's available card (with ``runs``, then each longer sequence at its foot), each to the
 * foundation that takes it and to the foot of each other column that takes it, or to a space (but not
 * the whole of a column from its top row).  Each move's kind in ``kind``, if given: to a foundation,
 * emptying a place, or between. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int k = 0, slot, first_space = first_empty(s->column, COLUMNS);
    if (s->talon.n) {
        k = talon_moves(r, s, stack_top(&s->talon), 0, out);
        if (kind)
            for (int i = 0; i < k; i++)
                kind[i] = out[i].dst < PLACE1 ? OUT : s->talon.n == 1 ? EMPTYING : BETWEEN;
    }
    for (int c = 0; c < COLUMNS; c++) {
        const Stack *from = &s->column[c];
        if (!from->n)
            continue;
        int on_foot = foot_cards(s, c), whole = s->places[c] == 1, source = foot_of(s, c);
        int longest = longest_run(r, s, c);
        for (int n = 1; n <= longest; n++) {
            int head = from->cards[from->n - n], start = k;
            if (n == 1 && goes_up(&s->up, head, &slot)) {
                if (kind) kind[k] = OUT;
                out[k++] = move_step(source, FOUNDATION + slot, 1, head);
            }
            int placeable = rank_of(head) != 1 || r->ace_on_seven;
            for (int g = 0; g < COLUMNS; g++) {
                if (g == c)
                    continue;
                if (!s->column[g].n) {
                    if (!(whole && n == on_foot) && (!useful || g == first_space))
                        out[k++] = move_step(source, foot_of(s, g), n, head);
                } else if (placeable && r->takes[stack_top(&s->column[g])][head])
                    out[k++] = move_step(source, foot_of(s, g), n, head);
            }
            if (kind)
                for (int i = start; i < k; i++)
                    if (out[i].dst >= PLACE1)
                        kind[i] = n == on_foot ? EMPTYING : BETWEEN;
        }
    }
    return k;
}

/* TheOlga.safe_move: the first card played up, from the flower-bed or the talon, when every card that
 * could be placed on it (Rule III, the aces on the sevens too) is up, every copy of it, and each twin
 * of it still in play finds a foundation as ready (Game.safe_to_found).  -1 if none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    for (int i = 0; i < n; i++) {
        const Step *m = &moves[i];
        if (m->dst < PLACE1 && all_of_up(&s->up, r->lying_on[m->card]) && twins_find_room(&s->up, m->card))
            return i;
    }
    return -1;
}

/* ----------------------------------------------------------------- play */
static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    for (int i = 0; i < m->packs; i++)  /* the deals: each the pack's next card onto the talon */
        stack_push(&s->talon, s->pack[--s->npack]);
    uint8_t cards[CARDS];
    if (m->src == TALON)
        stack_take(&s->talon, 1, cards);
    else {
        int c = column_of(m->src);
        u->from_places = (uint8_t)s->places[c];
        stack_take(&s->column[c], m->n, cards);
        if (s->column[c].n < s->places[c])  /* the foot emptied: the card above it is the foot, face up */
            s->places[c]--;
    }
    if (m->dst < PLACE1)
        found(&s->up, m->dst - FOUNDATION, cards[0]);
    else {
        int g = column_of(m->dst);
        u->to_places = (uint8_t)s->places[g];
        if (!s->places[g])
            s->places[g] = 1;
        for (int i = 0; i < m->n; i++)
            stack_push(&s->column[g], cards[i]);
    }
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    uint8_t cards[CARDS];
    (void)r;
    if (m->dst < PLACE1)
        cards[0] = (uint8_t)unfound(&s->up, m->dst - FOUNDATION);
    else {
        int g = column_of(m->dst);
        stack_take(&s->column[g], m->n, cards);
        s->places[g] = u->to_places;
    }
    if (m->src == TALON)
        stack_push(&s->talon, cards[0]);
    else {
        int c = column_of(m->src);
        for (int i = 0; i < m->n; i++)
            stack_push(&s->column[c], cards[i]);
        s->places[c] = u->from_places;
    }
    s->talon.n -= m->packs;
    s->npack += m->packs;
}

static inline int is_won(const State *s) { return all_up(&s->up); }

/* ----------------------------------------------------------------- runs of the pack */
/* The runs of the pack from here (TheOlga.pack_runs, through solve.runs_turning), in the order the search
 * tries them: dealing changes only the pack and the talon, so after each of 1, 2 ... deals the card dealt
 * lies on the talon with the moves the columns and foundations, as they lie, give it (out first, as they
 * come).  Their number, written to ``runs`` (room for ``room``). */
static int pack_runs(const Rules *r, State *s, Step *runs, int room) {
    int deals = s->npack < PACK_RUN ? s->npack : PACK_RUN, k = 0;
    for (int dealt = 1; dealt <= deals && k + COLUMNS + 1 <= room; dealt++)
        k += talon_moves(r, s, s->pack[s->npack - dealt], dealt, runs + k);
    return k;
}

/* ----------------------------------------------------------------- Python */
/* Column ``c`` read from its places' (bytes, face down) in ``places`` (TheOlga's PLACES, row by row): 0
 * if it is not one a game can reach. */
static int column_read(State *s, PyObject *places, int c, uint8_t *met) {
    Stack *column = &s->column[c];
    stack_clear(column);
    s->places[c] = 0;
    int held[ROWS], down[ROWS];
    for (int row = 0; row < ROWS; row++) {
        PyObject *cards, *place = PyTuple_GET_ITEM(places, row * COLUMNS + c);
        Py_ssize_t n;
        if (!PyTuple_Check(place) || PyTuple_GET_SIZE(place) != 2)
            return 0;
        cards = PyTuple_GET_ITEM(place, 0);
        down[row] = (int)PyLong_AsLong(PyTuple_GET_ITEM(place, 1));
        if (!PyBytes_Check(cards) || PyErr_Occurred())
            return 0;
        n = PyBytes_GET_SIZE(cards);
        if (n > CARDS - column->n || !cards_ok((const unsigned char *)PyBytes_AS_STRING(cards), n, met))
            return 0;
        for (Py_ssize_t i = 0; i < n; i++)
            stack_push(column, (unsigned char)PyBytes_AS_STRING(cards)[i]);
        held[row] = (int)n;
    }
    while (s->places[c] < ROWS && held[s->places[c]])
        s->places[c]++;
    for (int row = 0; row < ROWS; row++) {
        int covered = row < s->places[c] - 1;
        if ((row >= s->places[c] && held[row]) || (covered && held[row] != 1)
            || down[row] != (covered && row % 2 == 1))
            return 0;
    }
    return 1;
}

/* The position and the rules from TheOlga.description(): (pack, talon, places, foundations, takes, runs,
 * ace_on_seven); the pack and the talon as bytes of card codes, bottom first, the places of the
 * flower-bed in the order of TheOlga's PLACES, each as (bytes, bottom first, and its face-down cards),
 * the foundations as sixteen (suit, cards) in their order, takes the flower-bed's table of builds, 53 by
 * 53 bytes. */
static int read_description(PyObject *d, Rules *r, State *s) {
    const char *pack;
    Py_ssize_t npack;
    PyObject *talon, *places, *foundations, *takes;
    memset(s, 0, sizeof(*s));
    if (!PyArg_ParseTuple(d, "y#OO!OOpp;a description of an Olga position", &pack, &npack, &talon, &PyTuple_Type,
                          &places, &foundations, &takes, &r->runs, &r->ace_on_seven))
        return 0;
    if (PyTuple_GET_SIZE(places) != ROWS * COLUMNS) {
        PyErr_SetString(PyExc_ValueError, "not a description of an Olga position: forty-nine places");
        return 0;
    }
    uint8_t met[53] = {0};
    if (!table_of(takes, r->takes, r->lying_on, GAME) || !foundations_read(&s->up, foundations, 1, 0, met, GAME))
        return 0;
    if (npack > PACK_CARDS || !cards_ok((const unsigned char *)pack, npack, met) || !stack_read(&s->talon, talon, met)
        || s->talon.n > PACK_CARDS) {
        PyErr_SetString(PyExc_ValueError, "not a description of an Olga position: the pack and the talon are "
                        "bytes of card codes of piquet packs (ace, seven to king), each four times at most "
                        "with the foundations' cards, 79 at most in each");
        return 0;
    }
    for (int c = 0; c < COLUMNS; c++)
        if (!column_read(s, places, c, met)) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "not a description of an Olga position: a place is (bytes "
                                "of card codes of piquet packs, each four times at most in all, and its "
                                "face-down cards); a column's places that hold cards are its top ones, each "
                                "covered one its one card, face down in rows 2, 4 and 6 only, and only while "
                                "covered");
            return 0;
        }
    memcpy(s->pack, pack, (size_t)npack);
    s->npack = (int)npack;
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__the_olga_search(void) { return search_module(); }
