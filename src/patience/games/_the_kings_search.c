/* The Kings' thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on The Kings (patience/games/the_kings.py), in every reading of its options (Rule III kept
 * during the deal or always, a card played at once or not, sequences either way or kept in their
 * direction, a lane a row or a whole line): the same useful moves, in the same order, the same safe moves,
 * the same positions merged, counted the same way; only faster, on plain bytes.  The Kings proves nothing
 * lost (it has no blocked()), so a deal is lost here, as in the core's search, only once every line has
 * been searched.  The line of a won deal is played again through the Python engine, which checks every
 * move; tests/games/test_searches_in_c.py holds the moves, the steps and the verdicts of the two searches
 * together.
 *
 * Two packs: a card's code is met twice, and the two cards of a code are alike in every rule.
 *
 * The deal (one card of the pack to the next place) is the move of the pack, and no move is independent of
 * it, so the core searches it as a step of its own, after every other: here it is the game's own "run" of
 * the pack (pack_runs below), a run of one move of no cards, from no pile to none.  A card played to a
 * foundation during the deal takes the pack's next card into its place (Rule III's "replacing it").
 *
 * A position: the pack (as the search began: it is only ever dealt from the top, so what is left of it is
 * its size), the eight foundations (their heights: they take the next card up whatever its suit, so only
 * their heights tell them apart), the eight rows (each from its inner end to its outside card) and whether
 * the deal led to it (the core's search keeps a position so reached apart: solve._node).  Its key is 128
 * bits of hash of that, as TheKings.solver_key takes it: during the deal, the rows in their order, the
 * pack by its size and the two foundations of each line as a set; once the pack is exhausted, with Rule
 * III kept always, the lines as a set, each its two rows as a set and its foundations' heights as a set;
 * with Rule III ended and a lane a row, the rows as a set and the foundations' heights as a set; with it
 * ended and a lane a whole line, the lines as a set (each its two rows as a set) and the heights as a set.
 */
#define PACKS 2
#define OWN_RUNS                /* the deal, the game's own run of the pack */
#include "_search_tools.h"

#define GAME "The Kings"
#define MODULE "_the_kings_search"
#define LINES 4                 /* the horizontal lines: a row on either side of two foundations */
#define ROWS (2 * LINES)        /* the left group's rows, top to bottom, then the right group's */
#define KING 13

/* Pile numbers, in the order of TheKings.pile_names(): the pack, the foundations, the rows. */
enum { PACK = 0, FOUNDATION = 1, ROW1 = 9 };

/* The most moves from a position: each row's outside card to eight foundations and onto seven rows;
 * and the deal. */
#define MAX_MOVES 128
#define MAX_STEPS 256

/* How the key takes the tableau once the pack is exhausted (TheKings.solver_key). */
enum { LINES_WITH_FOUNDATIONS = 0, ROWS_ALIKE = 1, LINES_ALIKE = 2 };

typedef struct {
    int always;                 /* same_line=always: Rule III holds after the deal too */
    int at_once;                /* play_at_once: a card that can be played is, before the next is dealt */
    int keep;                   /* direction=keep: a sequence goes on in its direction */
    int by_line;                /* lane=line: a row is a lane only once its whole line is emptied */
} Rules;

typedef struct {
    uint8_t pack[CARDS];        /* the pack as the search began, bottom first: the next card to deal last */
    int npack;                  /* the cards left in it: the first npack */
    int height[FOUNDATION_PILES];  /* the foundations' cards */
    Stack row[ROWS];            /* from the inner end (by the aces) to the outside card */
    int dealt;                  /* 1 if the deal led here */
    int keyed;                  /* how the key takes the tableau after the deal */
} State;

/* What a step changed, to take it back: whether the deal led to the position before it, and the row the
 * pack's card went to (the deal's place, or the place of a card played during the deal), or -1. */
typedef struct {
    Step step;
    uint8_t dealt;
    int8_t filled;
} Undo;

static inline int line_of_row(int r) { return r % LINES; }
static inline int line_of_foundation(int f) { return f / 2; }
static inline int other_side(int r) { return (r + LINES) % ROWS; }

/* ----------------------------------------------------------------- the key */
#define ROW_MARK 0x9e3779b97f4a7c15ULL  /* (times the row's number, from 1: the rows in their order) */
#define LINE_MARK 0x7c159e3779b97f4aULL

/* The heights of ``n`` foundations from ``height`` in order, lowest first, four bits each. */
static uint64_t sorted_heights(const int *height, int n) {
    int h[FOUNDATION_PILES];
    for (int i = 0; i < n; i++) {
        int at = i;
        for (; at > 0 && h[at - 1] > height[i]; at--)
            h[at] = h[at - 1];
        h[at] = height[i];
    }
    uint64_t w = 0;
    for (int i = 0; i < n; i++)
        w |= (uint64_t)h[i] << 4 * i;
    return w;
}

/* TheKings.solver_key, with solve._node's move of the pack. */
static Key key_of(const State *s) {
    uint64_t fa = 0, fb = 0, w = 0;
    if (s->npack) {
        for (int r = 0; r < ROWS; r++) {
            const Stack *p = &s->row[r];
            fa += share_a(p->ha[p->n], ROW_MARK * (uint64_t)(r + 1));
            fb += share_b(p->hb[p->n], ROW_MARK * (uint64_t)(r + 1));
        }
        for (int line = 0; line < LINES; line++)
            w |= sorted_heights(s->height + 2 * line, 2) << 8 * line;
    } else if (s->keyed == ROWS_ALIKE) {
        set_hash(s->row, NULL, ROWS, &fa, &fb);
        w = sorted_heights(s->height, FOUNDATION_PILES);
    } else {
        for (int line = 0; line < LINES; line++) {  /* each line a pile of its own: its rows as a set */
            const Stack *left = &s->row[line], *right = &s->row[line + LINES];
            uint64_t mark = s->keyed == LINES_WITH_FOUNDATIONS ? sorted_heights(s->height + 2 * line, 2) + 1 : 0;
            uint64_t a = share_a(left->ha[left->n], 0) + share_a(right->ha[right->n], 0);
            uint64_t b = share_b(left->hb[left->n], 0) + share_b(right->hb[right->n], 0);
            fa += share_a(mix(a + mark * LINE_MARK), LINE_MARK);
            fb += share_b(mix2(b ^ mark * LINE_MARK), LINE_MARK);
        }
        if (s->keyed == LINES_ALIKE)
            w = sorted_heights(s->height, FOUNDATION_PILES);
    }
    w |= (uint64_t)s->npack << 32 | (uint64_t)s->dealt << 40;
    return key_from(fa, fb, 0, w);
}

/* ----------------------------------------------------------------- moves */
/* Whether Rule III holds: during the deal, or always with same_line=always (TheKings.same_line_holds). */
static inline int same_line_holds(const Rules *r, const State *s) { return s->npack > 0 || r->always; }

/* The legal moves but the deal (or, ``useful``, TheKings.useful_moves's: a card to one foundation of each
 * height it could go to, on its line while Rule III holds, and, once the rows are alike, into the first
 * lane only), in the order of TheKings.generate_legal_moves: each row's outside card, the left group's
 * rows first, to the foundations that take it (Rule I), those on its own line first and, once Rule III has
 * ceased, the others after them; then, once the pack is exhausted, onto each outside card it follows up or
 * down (Rule I, and with direction=keep in the sequence's direction) and into each lane.  Each move's kind
 * in ``kind``, if given: to a foundation, emptying its row, or between. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int dealing = s->npack > 0, same_line = same_line_holds(r, s), rows_alike = !same_line && !r->by_line;
    int k = 0;
    for (int src = 0; src < ROWS; src++) {
        const Stack *row = &s->row[src];
        if (!row->n)
            continue;
        int card = stack_top(row), value = rank_of(card), line = line_of_row(src);
        for (int mine = 1; mine >= same_line; mine--)
            for (int f = 0; f < FOUNDATION_PILES; f++)
                if (s->height[f] + 1 == value && (line_of_foundation(f) == line) == mine) {
                    out[k] = move_step(ROW1 + src, FOUNDATION + f, 1, card);
                    if (kind)
                        kind[k] = OUT;
                    k++;
                    if (useful)  /* the others it could go to are as high: alike */
                        goto founded;
                }
    founded:
        if (dealing)
            continue;  /* sequences are formed only when the pack is exhausted */
        int lane_taken = 0;
        for (int dst = 0; dst < ROWS; dst++) {
            const Stack *target = &s->row[dst];
            if (dst == src)
                continue;
            if (!target->n) {
                if (r->by_line && s->row[other_side(dst)].n)
                    continue;
                if (useful && rows_alike && lane_taken++)
                    continue;
            } else {
                int under = rank_of(stack_top(target)), step = value - under;
                if (step != 1 && step != -1)
                    continue;
                if (r->keep && target->n >= 2) {
                    int before = under - rank_of(target->cards[target->n - 2]);
                    if ((before == 1 || before == -1) && step != before)
                        continue;
                }
            }
            out[k] = move_step(ROW1 + src, ROW1 + dst, 1, card);
            if (kind)
                kind[k] = row->n == 1 ? EMPTYING : BETWEEN;
            k++;
        }
    }
    return k;
}

/* TheKings.safe_move: once Rule III has ceased, a card played to a foundation when every card one lower
 * and one higher than it is out (a king when the eight queens are); -1 if none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    if (same_line_holds(r, s))
        return -1;
    int lowest = KING;
    for (int f = 0; f < FOUNDATION_PILES; f++)
        if (s->height[f] < lowest)
            lowest = s->height[f];
    for (int i = 0; i < n; i++) {
        const Step *m = &moves[i];
        int value = rank_of(m->card);
        if (m->dst >= FOUNDATION && m->dst < ROW1 && lowest >= value - 1 && (value == KING || lowest >= value + 1))
            return i;
    }
    return -1;
}

/* The deal, a step alone, where the rules allow it: while the pack holds cards, and with play_at_once
 * only when no card can be played to a foundation.  Their number (0 or 1). */
static int pack_runs(const Rules *r, State *s, Step *runs, int room) {
    (void)room;
    if (!s->npack)
        return 0;
    if (r->at_once) {
        Step moves[MAX_MOVES];
        if (moves_of(r, s, 0, moves, NULL))  /* (during the deal, each is to a foundation) */
            return 0;
    }
    runs[0] = move_step(NOWHERE, NOWHERE, 0, 0);
    return 1;
}

/* ----------------------------------------------------------------- play */
/* TheKings.next_place: the row of the first place of the deal not yet filled (a row of n cards is first
 * unfilled at column n + 1 on its side, the 2n + side-th column of the deal, on its line). */
static int next_place(const State *s) {
    int best = -1, first = 0;
    for (int r = 0; r < ROWS; r++) {
        int place = (2 * s->row[r].n + r / LINES) * LINES + line_of_row(r);
        if (best < 0 || place < first) {
            best = r;
            first = place;
        }
    }
    return best;
}

/* TheKings.apply: the deal lays the pack's next card in the next place; a card played to a foundation
 * during the deal is replaced at once by the pack's next card. */
static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    u->dealt = (uint8_t)s->dealt;
    u->filled = -1;
    s->dealt = 0;
    if (m->src == NOWHERE) {
        int place = next_place(s);
        stack_push(&s->row[place], s->pack[--s->npack]);
        u->filled = (int8_t)place;
        s->dealt = 1;
        return;
    }
    int src = m->src - ROW1;
    s->row[src].n--;
    if (m->dst >= ROW1)
        stack_push(&s->row[m->dst - ROW1], m->card);
    else {
        s->height[m->dst - FOUNDATION]++;
        if (s->npack) {
            stack_push(&s->row[src], s->pack[--s->npack]);
            u->filled = (int8_t)src;
        }
    }
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    (void)r;
    const Step *m = &u->step;
    s->dealt = u->dealt;
    if (u->filled >= 0) {
        s->row[u->filled].n--;
        s->npack++;
    }
    if (m->src == NOWHERE)
        return;
    if (m->dst >= ROW1)
        s->row[m->dst - ROW1].n--;
    else
        s->height[m->dst - FOUNDATION]--;
    stack_push(&s->row[m->src - ROW1], m->card);
}

/* TheKings.is_won: the pack dealt and every row cleared. */
static inline int is_won(const State *s) {
    if (s->npack)
        return 0;
    for (int r = 0; r < ROWS; r++)
        if (s->row[r].n)
            return 0;
    return 1;
}

/* ----------------------------------------------------------------- Python */
/* The position and the rules from TheKings.description(): (pack, rows, foundations, always, at_once, keep,
 * by_line); the pack as bytes of card codes, bottom first (the next card to deal last), the eight rows as
 * bytes (each from its inner end out), the eight foundations as bytes (each from its ace up, whatever the
 * suits), and the options: same_line=always, play_at_once, direction=keep and lane=line. */
static int read_description(PyObject *d, Rules *r, State *s) {
    const char *pack;
    Py_ssize_t npack;
    PyObject *rows, *foundations;
    memset(s, 0, sizeof(*s));
    if (!PyArg_ParseTuple(d, "y#O!O!pppp;a description of a Kings position", &pack, &npack, &PyTuple_Type, &rows,
                          &PyTuple_Type, &foundations, &r->always, &r->at_once, &r->keep, &r->by_line))
        return 0;
    if (PyTuple_GET_SIZE(rows) != ROWS || PyTuple_GET_SIZE(foundations) != FOUNDATION_PILES) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Kings position: eight rows and eight foundations");
        return 0;
    }
    uint8_t met[53] = {0};
    for (int f = 0; f < FOUNDATION_PILES; f++) {
        PyObject *cards = PyTuple_GET_ITEM(foundations, f);
        int ok = PyBytes_Check(cards) && PyBytes_GET_SIZE(cards) <= KING;
        for (Py_ssize_t i = 0; ok && i < PyBytes_GET_SIZE(cards); i++) {
            int card = (unsigned char)PyBytes_AS_STRING(cards)[i];
            ok = card >= 1 && card <= 52 && rank_of(card) == i + 1;
        }
        if (!ok) {
            PyErr_SetString(PyExc_ValueError, "not a description of a Kings position: a foundation ascends from an "
                            "ace by one, whatever the suit, to a king at most");
            return 0;
        }
        s->height[f] = (int)PyBytes_GET_SIZE(cards);
    }
    int ok = 1;
    for (int f = 0; ok && f < FOUNDATION_PILES; f++)
        ok = cards_ok((const unsigned char *)PyBytes_AS_STRING(PyTuple_GET_ITEM(foundations, f)), s->height[f], met);
    ok = ok && npack <= CARDS && cards_ok((const unsigned char *)pack, npack, met)
         && stacks_read(s->row, rows, ROWS, met);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Kings position: the piles are bytes of card codes, "
                        "1 to 52, each twice at most with the foundations' cards");
        return 0;
    }
    memcpy(s->pack, pack, (size_t)npack);
    s->npack = (int)npack;
    s->keyed = r->always ? LINES_WITH_FOUNDATIONS : r->by_line ? LINES_ALIKE : ROWS_ALIKE;
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__the_kings_search(void) { return search_module(); }
