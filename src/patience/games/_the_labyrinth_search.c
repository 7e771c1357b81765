/* The Labyrinth's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on The Labyrinth (patience/games/the_labyrinth.py), in every reading of its options (what
 * frees a card, when vacancies are refilled, when a row may be dealt; how the foundations are begun
 * changes only the deal): the same moves, in the same order, the same safe moves, the same positions
 * merged, counted the same way; only faster, on plain bytes.  The deal of a row and the refilling of a
 * vacancy are moves of the pack, each a step alone (The Labyrinth has no runs of the pack: no move is
 * independent of them), tried after the others.  The Labyrinth proves nothing lost (it has no blocked()),
 * so a deal is lost here, as in the core's search, only once every line has been searched.  What the
 * rules allow is given by the Python module (the options), and the line of a won deal is played again
 * through the Python engine, which checks every move; tests/games/test_searches_in_c.py holds the moves,
 * the steps and the verdicts of the two searches together.
 *
 * Two packs: a card's code is met twice, and the two cards of a code are alike in every rule.
 *
 * A position: the pack (as the search began: it is only ever dealt from the top, so what is left of it
 * is its size), the rows dealt, the grace taken or not and the card it set aside, the tableau's 110 places
 * (eleven rows of ten, each place one card or none) and the eight foundations (four of aces, up, then four
 * of kings, down).  Its key is 128 bits of hash of that, as TheLabyrinth.solver_key takes it: each place
 * by its number, the foundations as a set (each kind holds a suit once, so by the cards each kind holds of
 * each suit); and, as the core's search tells apart a position reached by a move of the pack from the same
 * position reached otherwise (solve._node), the move of the pack that led to it, if one did.
 */
#define PACKS 2
#include "_search_tools.h"

#define GAME "The Labyrinth"
#define MODULE "_the_labyrinth_search"
#define OWN_RUNS                /* the moves of the pack are steps alone (pack_runs below) */
#define COLUMNS 10
#define ROWS 11                 /* 104 cards make ten rows of ten and four cards of an eleventh */
#define PLACES (ROWS * COLUMNS)
#define KINGS 4                 /* the first of the kings' foundations: the aces' come before */

/* Pile numbers, in the order of TheLabyrinth.pile_names(): the eight foundations, the pack, the grace
 * and the places of the tableau, row by row, each row left to right. */
enum { FOUNDATION = 0, PACK = 8, GRACE = 9, PLACE1 = 10 };

/* When the vacancies of the row being dealt are refilled (the option ``refill``). */
enum { OPTIONAL = 0, BEFORE_DEAL = 1, BEFORE_PLAY = 2 };

/* The most moves from a position, and steps: each of 110 places, and the card the grace set aside, to
 * two foundations at most (or, once, the grace of each card); then the refills of ten vacancies and the
 * deal. */
#define MAX_MOVES 256
#define MAX_STEPS 512

typedef struct {
    int next_row;               /* blocking=next-row: a card is free where the place above or below it is empty */
    int refill;                 /* OPTIONAL, BEFORE_DEAL or BEFORE_PLAY */
    int deal_blocked;           /* deal_when=blocked: a row is dealt only when no card can be played */
} Rules;

typedef struct {
    uint8_t pack[CARDS];        /* the pack as the search began, bottom first: the next card to deal last */
    int npack;                  /* the cards left in it: the first npack */
    int rows, graces;           /* the rows dealt; 1 once the grace is taken */
    int grace;                  /* the card the grace set aside, 0 for none */
    uint8_t place[PLACES];      /* the tableau, a card or 0 */
    uint64_t tableau_a, tableau_b;  /* the tableau's hashes: a sum, place by place */
    int suit[FOUNDATION_PILES], height[FOUNDATION_PILES];  /* the foundations: the suit (-1: none), the cards */
    int last;                   /* the move of the pack that led here: 0 none, 1 the deal, 2 + a place refilled */
} State;

/* What a step changed, to take it back. */
typedef struct {
    Step step;
    uint8_t last, dealt;        /* dealt: the cards a deal laid out */
} Undo;

/* ----------------------------------------------------------------- the tableau */
/* Lay ``card`` (0: none) at the place ``at``, keeping the tableau's hashes. */
static inline void set_place(State *s, int at, int card) { lay_at(s->place, &s->tableau_a, &s->tableau_b, at, card); }

static Key key_of(const State *s) {
    uint64_t w = 0;
    for (int f = 0; f < FOUNDATION_PILES; f++)
        if (s->height[f])
            w |= (uint64_t)s->height[f] << 4 * (SUITS * (f >= KINGS) + s->suit[f]);
    w |= (uint64_t)s->grace << 32 | (uint64_t)s->npack << 38 | (uint64_t)s->rows << 45
         | (uint64_t)s->graces << 49 | (uint64_t)s->last << 50;
    return key_from(s->tableau_a, s->tableau_b, 0, w);
}

/* TheLabyrinth._free: the available places (Rule II), as flags: the first and the last card of each
 * column (with blocking=next-row, each card with an empty place, or none, above or below it). */
static void free_places(const Rules *r, const State *s, uint8_t *free_) {
    memset(free_, 0, PLACES);
    if (r->next_row) {
        for (int i = 0; i < PLACES; i++)
            free_[i] = s->place[i] && (i < COLUMNS || !s->place[i - COLUMNS] || i >= PLACES - COLUMNS
                                       || !s->place[i + COLUMNS]);
        return;
    }
    for (int c = 0; c < COLUMNS; c++) {
        int first = -1, last = -1;
        for (int i = c; i < PLACES; i += COLUMNS)
            if (s->place[i]) {
                if (first < 0)
                    first = i;
                last = i;
            }
        if (first >= 0)
            free_[first] = free_[last] = 1;
    }
}

/* The vacancies of the row being dealt, while the pack can fill them (Rule III), as the places'
 * numbers in ``out``: their number. */
static int dealing(const State *s, int *out) {
    int k = 0;
    if (!s->npack || s->rows < 1 || s->rows > ROWS)
        return 0;
    for (int i = (s->rows - 1) * COLUMNS; i < s->rows * COLUMNS; i++)
        if (!s->place[i])
            out[k++] = i;
    return k;
}

/* ----------------------------------------------------------------- moves */
/* The legal moves but those of the pack, in the order of TheLabyrinth.generate_legal_moves (every legal
 * move is useful): each available card that Rule IV does not hold back, in reading order, then the card
 * the grace set aside, to each foundation that takes it; or, once the pack is exhausted and no card can be
 * played, the grace of each card of the tableau.  Each move's kind in ``kind``, if given: to a foundation,
 * or (the grace) emptying its place. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    (void)useful;
    uint8_t free_[PLACES];
    int vacancies[COLUMNS], names[FOUNDATION_PILES], k = 0;
    free_places(r, s, free_);
    int held = dealing(s, vacancies) && r->refill == BEFORE_PLAY ? s->rows : 0;
    for (int i = 0; i <= PLACES; i++) {
        int card = i < PLACES ? (free_[i] && i / COLUMNS + 1 != held ? s->place[i] : 0) : s->grace;
        int n = card ? aces_and_kings_takers(s->suit, s->height, card, names) : 0;
        for (int j = 0; j < n; j++)
            out[k++] = move_step(i < PLACES ? PLACE1 + i : GRACE, FOUNDATION + names[j], 1, card);
    }
    if (!k && !s->npack && !s->graces)
        for (int i = 0; i < PLACES; i++)
            if (s->place[i])
                out[k++] = move_step(PLACE1 + i, GRACE, 1, s->place[i]);
    if (kind)
        for (int i = 0; i < k; i++)
            kind[i] = out[i].dst == GRACE ? EMPTYING : OUT;
    return k;
}

/* TheLabyrinth.safe_move: a card played to the only foundation it can ever go to (its twin is on the
 * other), not from the row being dealt while the pack lasts, once the grace is taken and the pack
 * exhausted, or (blocking=column) the last card its foundation takes; -1 if none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    int graced = s->graces > 0 && !s->npack;
    if (!graced && r->next_row)
        return -1;
    for (int i = 0; i < n; i++) {
        const Step *m = &moves[i];
        if (m->dst >= FOUNDATION_PILES)
            continue;
        if (s->npack && m->src >= PLACE1 && (m->src - PLACE1) / COLUMNS + 1 == s->rows)
            continue;
        if ((graced || s->height[m->dst - FOUNDATION] == FULL - 1)
            && aces_and_kings_founded(s->suit, s->height, m->card))
            return i;
    }
    return -1;
}

/* The moves of the pack, each a step alone, in the engine's order: the refilling of each vacancy of the
 * row being dealt, then the deal of the next row, where the rules allow it (the vacancies refilled first
 * unless refill=optional; with deal_when=blocked, only when no card can be played).  Their number. */
static int pack_runs(const Rules *r, State *s, Step *runs, int room) {
    (void)room;
    int vacancies[COLUMNS], n = dealing(s, vacancies), k = 0;
    for (int i = 0; i < n; i++)
        runs[k++] = move_step(PACK, PLACE1 + vacancies[i], 0, 0);
    if (s->npack && s->rows < ROWS && !(n && r->refill != OPTIONAL)) {
        Step moves[MAX_MOVES];
        if (r->deal_blocked && moves_of(r, s, 1, moves, NULL))  /* (with the pack left, each is to a foundation) */
            return k;
        runs[k++] = move_step(PACK, NOWHERE, 0, 0);
    }
    return k;
}

/* ----------------------------------------------------------------- play */
static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    u->last = (uint8_t)s->last;
    s->last = 0;
    if (m->src == PACK) {
        if (m->dst == NOWHERE) {  /* the deal: the next row, the top card first */
            int row = s->rows++, dealt = s->npack < COLUMNS ? s->npack : COLUMNS;
            for (int c = 0; c < dealt; c++)
                set_place(s, row * COLUMNS + c, s->pack[--s->npack]);
            u->dealt = (uint8_t)dealt;
            s->last = 1;
        } else {
            set_place(s, m->dst - PLACE1, s->pack[--s->npack]);
            s->last = 2 + m->dst - PLACE1;
        }
        return;
    }
    if (m->src == GRACE)
        s->grace = 0;
    else
        set_place(s, m->src - PLACE1, 0);
    if (m->dst == GRACE) {
        s->grace = m->card;
        s->graces++;
    } else {
        int f = m->dst - FOUNDATION;
        if (!s->height[f]++)
            s->suit[f] = suit_of(m->card);
    }
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    (void)r;
    const Step *m = &u->step;
    s->last = u->last;
    if (m->src == PACK) {
        if (m->dst == NOWHERE) {
            int row = --s->rows;
            for (int c = u->dealt - 1; c >= 0; c--) {
                s->pack[s->npack++] = s->place[row * COLUMNS + c];
                set_place(s, row * COLUMNS + c, 0);
            }
        } else {
            s->pack[s->npack++] = s->place[m->dst - PLACE1];
            set_place(s, m->dst - PLACE1, 0);
        }
        return;
    }
    if (m->dst == GRACE) {
        s->grace = 0;
        s->graces--;
    } else {
        int f = m->dst - FOUNDATION;
        if (!--s->height[f])
            s->suit[f] = -1;
    }
    if (m->src == GRACE)
        s->grace = m->card;
    else
        set_place(s, m->src - PLACE1, m->card);
}

static inline int is_won(const State *s) { return all_at(s->height, FOUNDATION_PILES, FULL); }

/* ----------------------------------------------------------------- Python */
/* The position and the rules from TheLabyrinth.description(): (pack, rows, graces, grace, tableau,
 * foundations, next_row, refill, deal_blocked); the pack as bytes of card codes, bottom first (the next
 * card to deal last), the rows dealt, the graces taken (0 or 1), the card the grace set aside (bytes: none
 * or one), the tableau's places as bytes (none or one card each), row by row, the foundations as eight
 * (suit or -1, cards) in their order (the aces', then the kings'), and the options: blocking=next-row,
 * refill (0 optional, 1 before-deal, 2 before-play) and deal_when=blocked. */
static int read_description(PyObject *d, Rules *r, State *s) {
    const char *pack, *grace;
    Py_ssize_t npack, ngrace;
    PyObject *tableau, *foundations;
    memset(s, 0, sizeof(*s));
    if (!PyArg_ParseTuple(d, "y#iiy#O!Opip;a description of a Labyrinth position", &pack, &npack, &s->rows,
                          &s->graces, &grace, &ngrace, &PyTuple_Type, &tableau, &foundations, &r->next_row,
                          &r->refill, &r->deal_blocked))
        return 0;
    if (PyTuple_GET_SIZE(tableau) != PLACES || s->rows < 0 || s->rows > ROWS) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Labyrinth position: 110 places, eleven rows of "
                        "ten, 0 to 11 of them dealt");
        return 0;
    }
    if (s->graces < 0 || s->graces > 1 || ngrace > s->graces || r->refill < OPTIONAL || r->refill > BEFORE_PLAY) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Labyrinth position: one grace at most, setting "
                        "one card aside, and refill 0 to 2");
        return 0;
    }
    if (!PyTuple_Check(foundations) || PyTuple_GET_SIZE(foundations) != FOUNDATION_PILES) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Labyrinth position: eight foundations");
        return 0;
    }
    uint8_t met[53] = {0};
    if (!aces_and_kings_read(foundations, s->suit, s->height, met, "not a description of a Labyrinth position: "))
        return 0;
    int ok = npack <= CARDS && cards_ok((const unsigned char *)pack, npack, met)
             && cards_ok((const unsigned char *)grace, ngrace, met);
    for (int i = 0; ok && i < PLACES; i++) {
        PyObject *at = PyTuple_GET_ITEM(tableau, i);
        ok = PyBytes_Check(at) && PyBytes_GET_SIZE(at) <= 1
             && cards_ok((const unsigned char *)PyBytes_AS_STRING(at), PyBytes_GET_SIZE(at), met);
        if (ok && PyBytes_GET_SIZE(at)) {
            if (i >= s->rows * COLUMNS) {
                PyErr_SetString(PyExc_ValueError, "not a description of a Labyrinth position: a card lies below "
                                "the rows dealt");
                return 0;
            }
            set_place(s, i, (unsigned char)PyBytes_AS_STRING(at)[0]);
        }
    }
    for (int c = 1; ok && c <= 52; c++)
        ok = met[c] <= PACKS;
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Labyrinth position: the piles are bytes of card "
                        "codes, 1 to 52, each twice at most with the foundations' cards, a place holding one card "
                        "at most");
        return 0;
    }
    memcpy(s->pack, pack, (size_t)npack);
    s->npack = (int)npack;
    s->grace = ngrace ? (unsigned char)grace[0] : 0;
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__the_labyrinth_search(void) { return search_module(); }
