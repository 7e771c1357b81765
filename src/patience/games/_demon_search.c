/* Demon's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first) on Demon
 * (patience/games/demon.py): the same moves, in the same order, the same safe moves and runs of the
 * pack, the same positions merged, counted the same way; only faster, on plain bytes.  What the rules
 * allow is given by the Python module (the files' table of builds among it), and the line of a won deal
 * is played again through the Python engine, which checks every move; tests/games/test_searches_in_c.py
 * holds the moves, the steps and the verdicts of the two searches together.
 *
 * A position: the pack (the talon and the hand, as a Pack of _search_tools.h), whether a card of the
 * pack was used in this pass, the rubbish heap (as the search began, less its top cards), the four files
 * and the formations.  Its key is 128 bits of hash of that, the files taken as a set and the formations
 * by suit, as Demon.solver_key does.
 */
#include "_search_tools.h"

#define GAME "Demon"
#define MODULE "_demon_search"
#define FILES 4

/* Pile numbers, in the order of Demon.pile_names(). */
enum { HAND = 0, TALON = 1, HEAP = 2, FOUNDATION = 3, FILE1 = 7 };
/* What the heap's card may do (Demon's ``heap`` option), and a vacancy once it is out (``empty_heap``). */
enum { HEAP_FOUNDATIONS = 0, HEAP_FILES = 1, HEAP_VACANCIES = 2 };
enum { EMPTY_HAND = 0, EMPTY_ANY = 1, EMPTY_NONE = 2 };

typedef struct {
    uint8_t fits[53][53];       /* fits[under][card]: card may lie on under in the files (rule 2) */
    uint8_t lying_on[53][53];   /* the cards that may lie on a card, and (index 0 ... ) their number */
    int part;                   /* files=part: any part of a file moves */
    int heap_mode, empty_heap;
} Rules;

typedef struct {
    Pack pack;                  /* the hand and the talon */
    int used;                   /* whether a card of the pack was used in this pass */
    uint8_t heap[52];
    int nheap;
    Stack file[FILES];
    Foundations up;             /* the formations, from the formation cards' value */
} State;

/* What a step changed, to take it back. */
typedef struct {
    Step step;
    uint8_t showing, used, filled, place;
} Undo;

static Key key_of(const State *s) {
    uint64_t fa = 0, fb = 0;
    set_hash(s->file, NULL, FILES, &fa, &fb);  /* the files as a set */
    uint64_t w = (uint64_t)s->pack.showing | (uint64_t)(s->used != 0) << 6 | (uint64_t)s->nheap << 7
                 | foundations_word(&s->up) << 13;
    return key_from(fa, fb, s->pack.mask, w);
}

/* ----------------------------------------------------------------- moves */
/* The moves of ``card`` on top of the talon (Demon._moves_of). */
static int talon_moves(const Rules *r, const State *s, int card, Step *out) {
    int k = 0, slot;
    if (goes_up(&s->up, card, &slot))
        out[k++] = move_step(TALON, FOUNDATION + slot, 1, card);
    int fills = s->nheap == 0 && r->empty_heap != EMPTY_NONE;
    for (int g = 0; g < FILES; g++)
        if (s->file[g].n ? r->fits[stack_top(&s->file[g])][card] : fills)
            out[k++] = move_step(TALON, FILE1 + g, 1, card);
    return k;
}

/* The legal moves but those of the pack, in the order of Demon.generate_legal_moves (or, ``useful``,
 * of Demon.useful_moves); each move's kind in ``kind``, if given: up to a formation, turning up the
 * heap's next card, emptying a pile, or between piles. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int k = 0, slot;
    if (s->pack.showing) {
        k += talon_moves(r, s, pack_card(&s->pack, s->pack.showing), out);
        if (kind)
            for (int i = 0; i < k; i++)
                kind[i] = out[i].dst < FILE1 ? OUT : s->pack.showing == 1 ? EMPTYING : BETWEEN;
    }
    if (s->nheap && r->heap_mode != HEAP_VACANCIES) {
        int card = s->heap[s->nheap - 1];
        if (goes_up(&s->up, card, &slot)) {
            if (kind) kind[k] = OUT;
            out[k++] = move_step(HEAP, FOUNDATION + slot, 1, card);
        }
        if (r->heap_mode == HEAP_FILES)
            for (int g = 0; g < FILES; g++)
                if (s->file[g].n && r->fits[stack_top(&s->file[g])][card]) {
                    if (kind) kind[k] = s->nheap == 1 ? EMPTYING : TURNING;
                    out[k++] = move_step(HEAP, FILE1 + g, 1, card);
                }
    }
    int file_fills = s->nheap == 0 && r->empty_heap == EMPTY_ANY;
    for (int f = 0; f < FILES; f++) {
        int size = s->file[f].n;
        if (!size)
            continue;
        const uint8_t *pile = s->file[f].cards;
        if (goes_up(&s->up, pile[size - 1], &slot)) {
            if (kind) kind[k] = OUT;
            out[k++] = move_step(FILE1 + f, FOUNDATION + slot, 1, pile[size - 1]);
        }
        int length = 1;
        while (length < size && r->fits[pile[size - length - 1]][pile[size - length]])
            length++;
        int lo = 1, hi = length;
        if (!r->part) {
            if (length != size)
                continue;
            lo = size;
        }
        for (int depth = lo; depth <= hi; depth++) {
            int head = pile[size - depth];
            int twins = useful && depth < length && !goes_up(&s->up, pile[size - depth - 1], &slot);
            for (int g = 0; g < FILES; g++) {
                int n = s->file[g].n;
                int ok = n ? g != f && r->fits[stack_top(&s->file[g])][head] && !twins : file_fills && depth < size;
                if (ok) {
                    if (kind) kind[k] = depth == size ? EMPTYING : BETWEEN;
                    out[k++] = move_step(FILE1 + f, FILE1 + g, depth, head);
                }
            }
        }
    }
    return k;
}

/* Demon.safe_move: the first move up from a file or the heap of a card on which no card that could
 * lie on it in the files is left in play; -1 if none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    return first_safe(moves, n, &s->up, r->lying_on, FOUNDATION, TALON);
}

/* The move of the pack after a run that left ``showing`` cards on the talon and picked it up or not
 * (rules 6 and 7): a turn, a pick-up (only if a card of the pack was used in the pass), or none. */
static inline int pack_move(const Rules *r, const State *s, int showing, int picked) {
    (void)r;
    if (s->pack.n > showing)
        return TURN;
    return showing && s->used && !picked ? TAKE_UP : 0;
}

#define TURNED(r) 3  /* rule 6: the hand is turned over three cards at a time */

/* The most moves, and steps, from a position. */
#define MAX_MOVES 1024
#define MAX_STEPS 4096

/* ----------------------------------------------------------------- play */
static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    u->showing = (uint8_t)s->pack.showing;
    u->used = (uint8_t)s->used;
    u->filled = 0;
    if (m->packs) {
        s->pack.showing = m->showing;
        if (m->taken_up)
            s->used = 0;
    }
    uint8_t cards[52];
    int n = m->n;
    if (m->src == TALON) {
        cards[0] = (uint8_t)pack_take(&s->pack, &u->place);
        s->used = 1;
    } else if (m->src == HEAP)
        cards[0] = s->heap[--s->nheap];
    else
        stack_take(&s->file[m->src - FILE1], n, cards);
    if (m->dst < FILE1)
        found(&s->up, m->dst - FOUNDATION, cards[0]);
    else
        for (int i = 0; i < n; i++)
            stack_push(&s->file[m->dst - FILE1], cards[i]);
    if (m->src >= FILE1 && !s->file[m->src - FILE1].n && s->nheap) {  /* rule 3: filled from the heap */
        stack_push(&s->file[m->src - FILE1], s->heap[--s->nheap]);
        u->filled = 1;
    }
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    int n = m->n;
    uint8_t cards[52];
    (void)r;
    if (u->filled)
        stack_take(&s->file[m->src - FILE1], 1, &s->heap[s->nheap++]);
    if (m->dst < FILE1)
        cards[0] = (uint8_t)unfound(&s->up, m->dst - FOUNDATION);
    else
        stack_take(&s->file[m->dst - FILE1], n, cards);
    if (m->src == TALON)
        pack_put_back(&s->pack, u->place);
    else if (m->src == HEAP)
        s->heap[s->nheap++] = cards[0];
    else
        for (int i = 0; i < n; i++)
            stack_push(&s->file[m->src - FILE1], cards[i]);
    s->pack.showing = u->showing;
    s->used = u->used;
}

static inline int is_won(const State *s) { return all_up(&s->up); }

/* ----------------------------------------------------------------- Python */
/* The position and the rules from Demon.description(): (pack, showing, used, heap, files, formations,
 * base, fits, part, heap_mode, empty_heap); pack, heap and each file as bytes of card codes, bottom
 * first (the pack from the bottom of the talon up and on from the top of the hand down), formations as
 * four (suit or -1, cards) in their order, from the formation cards' value ``base``, fits the files'
 * table of builds, 53 by 53 bytes. */
static int read_description(PyObject *d, Rules *r, State *s) {
    const char *pack, *heap;
    Py_ssize_t npack, nheap;
    PyObject *files, *formations, *fits;
    int showing, used, base;
    if (!PyArg_ParseTuple(d, "y#iiy#O!OiOiii;a description of a Demon position", &pack, &npack, &showing,
                          &used, &heap, &nheap, &PyTuple_Type, &files, &formations, &base, &fits, &r->part,
                          &r->heap_mode, &r->empty_heap))
        return 0;
    if (PyTuple_GET_SIZE(files) != FILES) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Demon position: four files");
        return 0;
    }
    memset(s, 0, sizeof(*s));
    uint8_t met[53] = {0};
    if (!table_of(fits, r->fits, r->lying_on, GAME) || !foundations_read(&s->up, formations, base, 0, met, GAME))
        return 0;
    if (!pack_read(&s->pack, pack, npack, showing, met) || !cards_ok((const unsigned char *)heap, nheap, met)
        || !stacks_read(s->file, files, FILES, met)) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Demon position: the piles are bytes of "
                        "different card codes, 1 to 52, none on a formation, and 0 to all of the pack on the talon");
        return 0;
    }
    s->used = used != 0;
    memcpy(s->heap, heap, (size_t)nheap);
    s->nheap = (int)nheap;
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__demon_search(void) { return search_module(); }
