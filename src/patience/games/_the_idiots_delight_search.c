/* The Idiot's Delight's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on The Idiot's Delight (patience/games/the_idiots_delight.py): the same moves, in the same
 * order, the same safe moves and proofs of a card that can never go up (TheIdiotsDelight.blocked), the
 * same positions merged, counted the same way; only faster, on plain bytes.  What the rules allow is given
 * by the Python module (the files' table of builds, Blocking's tables, the options), and the line of a won
 * deal is played again through the Python engine, which checks every move;
 * tests/games/test_searches_in_c.py holds the moves, the steps, the proofs and the verdicts of
 * the two searches together.
 *
 * A position: the seven over (a Hand of _search_tools.h), the nine files and the foundations.  Its key is
 * 128 bits of hash of that, the files taken as a set and the foundations by suit, as
 * TheIdiotsDelight.solver_key does.
 */
#include "_search_tools.h"

#define GAME "The Idiot's Delight"
#define MODULE "_the_idiots_delight_search"
#define FILES 9

/* Pile numbers, in the order of TheIdiotsDelight.pile_names(). */
enum { FILE1 = 0, RESERVE = 9, FOUNDATION = 10 };
/* What may go into a vacant top space as a stack (the option ``stack``). */
enum { STACK_RUN = 0, STACK_WHOLE = 1, STACK_ANY = 2 };

/* The most moves, and steps, from a position. */
#define MAX_MOVES 1024
#define MAX_STEPS MAX_MOVES

typedef struct {
    uint8_t fits[53][53];       /* fits[under][card]: card may lie on under in the files (rule 4) */
    uint8_t lying_on[53][53];   /* the cards that may lie on a card: their number, then the cards */
    Blocking blocking;          /* what proves a card can never go up (the_idiots_delight._BLOCKING) */
    int any_single;             /* spaces=any: a single card may go into a vacant top space */
    int stack;                  /* STACK_RUN, STACK_WHOLE or STACK_ANY */
    int reserve_up;             /* reserve_to_foundations */
} Rules;

typedef struct {
    Hand reserve;               /* the seven over */
    Stack file[FILES];
    Foundations up;
} State;

/* What a step changed, to take it back. */
typedef struct {
    Step step;
    uint8_t place;
} Undo;

static Key key_of(const State *s) {
    uint64_t fa = 0, fb = 0;
    set_hash(s->file, NULL, FILES, &fa, &fb);  /* the files as a set */
    return key_from(fa, fb, s->reserve.in_hand, foundations_word(&s->up));
}

/* ----------------------------------------------------------------- moves */
/* The moves of ``card`` from ``src`` onto the files whose foot takes it (rule 4), in their order, with the
 * first vacant top space (``space``, or -1) in its place among them if a single card may go there
 * (``to_space``). */
static int onto_files(const Rules *r, const State *s, int src, int card, int space, int to_space, Step *out) {
    int k = 0;
    for (int g = 0; g < FILES; g++) {
        if (to_space && space < g) {
            out[k++] = move_step(src, FILE1 + space, 1, card);
            to_space = 0;
        }
        if (s->file[g].n && r->fits[stack_top(&s->file[g])][card] && FILE1 + g != src)
            out[k++] = move_step(src, FILE1 + g, 1, card);
    }
    if (to_space)
        out[k++] = move_step(src, FILE1 + space, 1, card);
    return k;
}

/* The legal moves, in the order of TheIdiotsDelight.generate_legal_moves: from the foot of each file, to
 * the foundation that takes it, onto the files (and a space), then the stacks into the space; then each
 * of the seven over, to its foundation and onto the files (and a space).  Each move's kind in ``kind``, if
 * given: to a foundation, emptying a pile, or between. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int k = 0, slot, space = first_empty(s->file, FILES);
    (void)useful;
    for (int f = 0; f < FILES; f++) {
        const Stack *pile = &s->file[f];
        int size = pile->n;
        if (!size)
            continue;
        int card = stack_top(pile);
        if (goes_up(&s->up, card, &slot))
            out[k++] = move_step(FILE1 + f, FOUNDATION + slot, 1, card);
        k += onto_files(r, s, FILE1 + f, card, space, r->any_single && space >= 0 && size > 1, out + k);
        if (space < 0)
            continue;
        /* Rule 5: a stack of two or more goes only into a vacant top space, and never a whole file. */
        int run = 1;
        while (run < size && r->fits[pile->cards[size - run - 1]][pile->cards[size - run]])
            run++;
        int lo = 2, hi = r->stack == STACK_ANY ? size - 1 : run < size - 1 ? run : size - 1;
        if (r->stack == STACK_WHOLE)
            lo = hi = run < size ? run : 0;
        for (int depth = lo < 2 ? 2 : lo; depth <= hi; depth++)
            out[k++] = move_step(FILE1 + f, FILE1 + space, depth, pile->cards[size - depth]);
    }
    /* Rule 6: the seven over, to the foundations (unless reserve_to_foundations=false) and the files. */
    for (int i = 0; i < s->reserve.n; i++) {
        if (!(s->reserve.in_hand >> i & 1))
            continue;
        int card = s->reserve.cards[i];
        if (r->reserve_up && goes_up(&s->up, card, &slot))
            out[k++] = move_step(RESERVE, FOUNDATION + slot, 1, card);
        k += onto_files(r, s, RESERVE, card, space, r->any_single && space >= 0, out + k);
    }
    if (kind)
        for (int i = 0; i < k; i++) {
            int left = out[i].src == RESERVE ? s->reserve.left - 1 : s->file[out[i].src - FILE1].n - out[i].n;
            kind[i] = out[i].dst >= FOUNDATION ? OUT : left ? BETWEEN : EMPTYING;
        }
    return k;
}

/* TheIdiotsDelight.safe_move: the first move to a foundation of a card on which no card that could be
 * built on it is left in play; -1 if none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    return first_safe(moves, n, &s->up, r->lying_on, FOUNDATION, -1);
}

/* ----------------------------------------------------------------- play */
static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    uint8_t cards[52];
    if (m->src == RESERVE) {
        hand_take(&s->reserve, m->card, &u->place);
        cards[0] = m->card;
    } else
        stack_take(&s->file[m->src - FILE1], m->n, cards);
    if (m->dst >= FOUNDATION)
        found(&s->up, m->dst - FOUNDATION, cards[0]);
    else
        for (int i = 0; i < m->n; i++)
            stack_push(&s->file[m->dst - FILE1], cards[i]);
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    uint8_t cards[52];
    (void)r;
    if (m->dst >= FOUNDATION)
        cards[0] = (uint8_t)unfound(&s->up, m->dst - FOUNDATION);
    else
        stack_take(&s->file[m->dst - FILE1], m->n, cards);
    if (m->src == RESERVE)
        hand_put_back(&s->reserve, u->place);
    else
        for (int i = 0; i < m->n; i++)
            stack_push(&s->file[m->src - FILE1], cards[i]);
}

static inline int is_won(const State *s) { return all_up(&s->up); }

#define PROVES
/* TheIdiotsDelight.blocked: a file gives up its foot card to a foundation, onto a card one higher of the
 * other colour or into a vacant top space, once a file can be emptied; the seven over are at hand all
 * the time. */
static int dead_end(const Rules *r, const State *s) {
    Lay lays[FILES];
    for (int f = 0; f < FILES; f++)
        lay_from(&lays[f], &s->file[f], s->file[f].n, 0, 1);
    return stuck(&r->blocking, lays, FILES, hand_cards(&s->reserve), foundations_cards(&s->up)) != 0;
}

/* ----------------------------------------------------------------- Python */
/* The position and the rules from TheIdiotsDelight.description(): (reserve, files, foundations, fits,
 * blocking, any_single, stack, reserve_up); the seven over and each file as bytes of card codes (a file
 * from its top line down to its foot), the foundations as four (suit or -1, cards) in their order, fits
 * the files' table of builds, 53 by 53 bytes, blocking Blocking.tables(), stack 0 (run), 1 (whole) or 2
 * (any). */
static int read_description(PyObject *d, Rules *r, State *s) {
    const char *reserve;
    Py_ssize_t nreserve;
    PyObject *files, *foundations, *fits, *blocking;
    memset(s, 0, sizeof(*s));
    if (!PyArg_ParseTuple(d, "y#O!OOO!pip;a description of an Idiot's Delight position", &reserve, &nreserve,
                          &PyTuple_Type, &files, &foundations, &fits, &PyTuple_Type, &blocking, &r->any_single,
                          &r->stack, &r->reserve_up))
        return 0;
    if (PyTuple_GET_SIZE(files) != FILES || r->stack < STACK_RUN || r->stack > STACK_ANY) {
        PyErr_SetString(PyExc_ValueError, "not a description of an Idiot's Delight position");
        return 0;
    }
    uint8_t met[53] = {0};
    if (!table_of(fits, r->fits, r->lying_on, GAME) || !blocking_of(blocking, &r->blocking, GAME)
        || !foundations_read(&s->up, foundations, 1, 0, met, GAME))
        return 0;
    if (!hand_read(&s->reserve, reserve, nreserve, met) || !stacks_read(s->file, files, FILES, met)) {
        PyErr_SetString(PyExc_ValueError, "not a description of an Idiot's Delight position: the piles are "
                        "bytes of different card codes, 1 to 52, none on a foundation");
        return 0;
    }
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__the_idiots_delight_search(void) { return search_module(); }
