/* Fortress's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on Fortress (patience/games/fortress.py): the same useful moves, in the same order, the same
 * safe moves, the same positions merged, counted the same way; only faster, on plain bytes.  Fortress proves
 * nothing lost (it has no blocked()), so a deal is lost here, as in the core's search, only once every line
 * has been searched.  What the rules allow is given by the Python module (the option), and the line of a
 * won deal is played again through the Python engine, which checks every move;
 * tests/games/test_searches_in_c.py holds the moves, the steps and the verdicts of the two searches
 * together.
 *
 * A position: the ten rows, each from its inner end to its outside card, and the foundations.  Its key is
 * 128 bits of hash of that, the ten rows taken as a set and the foundations by suit, as Fortress.solver_key
 * does.
 */
#include "_search_tools.h"

#define GAME "Fortress"
#define MODULE "_fortress_search"
#define ROWS 10

/* Pile numbers, in the order of Fortress.pile_names(). */
enum { FOUNDATION = 0, ROW1 = 4 };

/* The most moves, and steps, from a position: each outside card to a foundation and to every other row. */
#define MAX_MOVES (ROWS * ROWS)
#define MAX_STEPS MAX_MOVES

typedef struct {
    int down;                   /* foundations=descending: ace, king, queen ... two */
} Rules;

typedef struct {
    Stack row[ROWS];
    Foundations up;
} State;

/* What a step changed, to take it back. */
typedef struct {
    Step step;
} Undo;

static Key key_of(const State *s) {
    uint64_t fa = 0, fb = 0;
    set_hash(s->row, NULL, ROWS, &fa, &fb);  /* the ten rows as a set */
    return key_from(fa, fb, 0, foundations_word(&s->up));
}

/* ----------------------------------------------------------------- moves */
/* The legal moves (or, ``useful``, Fortress.useful_moves's: into the first lane only), in the order of
 * Fortress.generate_legal_moves: the outside card of each row (Rule I), in the order of the rows, to the
 * foundation that takes it, then onto each other row, in their order, whose outside card it marries (in
 * suit, one lower or one higher) or which is a lane.  Each move's kind in ``kind``, if given: to a
 * foundation, emptying a row, or between. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int k = 0, slot, lane = first_empty(s->row, ROWS);
    (void)r;
    for (int f = 0; f < ROWS; f++) {
        if (!s->row[f].n)
            continue;
        int card = stack_top(&s->row[f]), value = rank_of(card);
        if (goes_up(&s->up, card, &slot))
            out[k++] = move_step(ROW1 + f, FOUNDATION + slot, 1, card);
        for (int g = 0; g < ROWS; g++) {
            if (g == f)
                continue;
            if (!s->row[g].n) {
                if (!useful || g == lane)
                    out[k++] = move_step(ROW1 + f, ROW1 + g, 1, card);
                continue;
            }
            int under = stack_top(&s->row[g]);
            if ((value != 1 && under == card - 1) || (value != 13 && under == card + 1))
                out[k++] = move_step(ROW1 + f, ROW1 + g, 1, card);
        }
    }
    if (kind)
        for (int i = 0; i < k; i++)
            kind[i] = out[i].dst < ROW1 ? OUT : s->row[out[i].src - ROW1].n == 1 ? EMPTYING : BETWEEN;
    return k;
}

/* Fortress.safe_move: the first move to a foundation of a card whose partners in marriage (in suit, one
 * lower and one higher) are out, but the one that follows it on the foundation; never an ace to a
 * descending foundation.  -1 if none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    for (int i = 0; i < n; i++) {
        const Step *m = &moves[i];
        if (m->dst >= ROW1)
            continue;
        int card = m->card, value = rank_of(card);
        if (value == 1 && r->down)
            continue;
        int next = !r->down ? (value != 13 ? card + 1 : 0) : (value > 2 ? card - 1 : 0);
        if ((value == 1 || card - 1 == next || is_up(&s->up, card - 1))
            && (value == 13 || card + 1 == next || is_up(&s->up, card + 1)))
            return i;
    }
    return -1;
}

/* ----------------------------------------------------------------- play */
static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    uint8_t card;
    stack_take(&s->row[m->src - ROW1], 1, &card);
    if (m->dst < ROW1)
        found(&s->up, m->dst - FOUNDATION, card);
    else
        stack_push(&s->row[m->dst - ROW1], card);
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    uint8_t card;
    (void)r;
    if (m->dst < ROW1)
        card = (uint8_t)unfound(&s->up, m->dst - FOUNDATION);
    else
        stack_take(&s->row[m->dst - ROW1], 1, &card);
    stack_push(&s->row[m->src - ROW1], card);
}

static inline int is_won(const State *s) { return all_up(&s->up); }

/* ----------------------------------------------------------------- Python */
/* The position and the rules from Fortress.description(): (rows, foundations, descending); each row as
 * bytes of card codes from its inner end to its outside card, the foundations as four (suit or -1, cards)
 * in their order. */
static int read_description(PyObject *d, Rules *r, State *s) {
    PyObject *rows, *foundations;
    memset(s, 0, sizeof(*s));
    if (!PyArg_ParseTuple(d, "O!Op;a description of a Fortress position", &PyTuple_Type, &rows, &foundations,
                          &r->down))
        return 0;
    if (PyTuple_GET_SIZE(rows) != ROWS) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Fortress position: ten rows");
        return 0;
    }
    uint8_t met[53] = {0};
    if (!foundations_read(&s->up, foundations, 1, r->down, met, GAME))
        return 0;
    if (!stacks_read(s->row, rows, ROWS, met)) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Fortress position: the rows are bytes of "
                        "different card codes, 1 to 52, none on a foundation");
        return 0;
    }
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__fortress_search(void) { return search_module(); }
