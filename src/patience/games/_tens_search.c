/* Tens' thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on Tens (patience/games/tens.py), in every reading of its options (a fresh ten dealt at
 * ``any`` time or only when ``blocked``, a file's uppermost card turned up ``auto``matically or by a
 * ``move``): the same useful moves, in the same order, the same safe moves, the same positions merged,
 * counted the same way; only faster, on plain bytes.  Tens proves nothing lost (it has no blocked()), so a
 * deal is lost here, as in the core's search, only once every line has been searched.  The line of a won
 * deal is played again through the Python engine, which checks every move; tests/games/test_searches_in_c.py
 * holds the moves, the steps and the verdicts of the two searches together.
 *
 * Two packs: a card's code is met twice, and the two cards of a code are alike in every rule.
 *
 * The deal of a fresh ten is the one move of the pack, and no move is independent of it, so the core
 * searches it as a step of its own, after every other: here it is the game's own "run" of the pack
 * (pack_runs below), a run of one move of no cards, from no pile to none.  Throwing out an ace is a move
 * to the aces (the pile the search counts as out); turning up a file's uppermost card (turn_up=move) a
 * move of no cards from the file to itself.  A complete sequence, king to two, leaves its file for the
 * removed cards as part of the move that completes it (Tens._remove_sequences).
 *
 * A position: the hand (bottom first: the next card dealt on top), the ten files (each bottom first, and
 * how many of its cards lie face down), the aces thrown out and the cards removed (each in the order they
 * went), and whether the deal led to it (the core's search keeps a position so reached apart:
 * solve._node).  Its key is 128 bits of hash of that, as Tens.solver_key takes it: the hand by its count
 * (within one search, its cards are those of the deal less the count dealt), the files in their order
 * while the hand lasts and as a set once it is dealt out (each with its face-down cards), the aces and the
 * removed cards in their order.
 */
#define PACKS 2
#define OWN_RUNS                /* the deal, the game's own run of the pack */
#include "_search_tools.h"

#define GAME "Tens"
#define MODULE "_tens_search"
#define FILES 10
#define SEQUENCE 12             /* a complete sequence, king to two */

/* Pile numbers, in the order of Tens.pile_names(). */
enum { HAND = 0, FILE1 = 1, ACES = 11, REMOVED = 12 };
/* The pile the search counts as out (solve._goes_out: the aces, Tens.OUT). */
#define FOUNDATION ACES

/* The most moves from a position: from each file a run of at most twelve cards, each head onto the four
 * files at most whose foot takes it (a king into nine spaces), its ace thrown out twice, its turn. */
#define MAX_MOVES 1024
#define MAX_STEPS (MAX_MOVES + 1)

typedef struct {
    uint8_t builds[53][53];     /* builds[below][above]: above rests on below (Tens.BUILDS, rule 3) */
    uint8_t lying_on[53][53];   /* (table_of's: the cards that rest on a card) */
    int deal_when_blocked;      /* deal_when=blocked: a fresh ten only when nothing can move */
    int turn_move;              /* turn_up=move: the turn is a move of the player's */
} Rules;

typedef struct {
    uint8_t hand[CARDS];        /* bottom first: the next card dealt on top */
    int nhand;
    Stack file[FILES];          /* bottom first */
    int down[FILES];            /* each file's cards face down */
    Stack aces, removed;        /* in the order they went */
    int by_deal;                /* the step that led here was the deal (solve._node's move of the pack) */
} State;

/* What a step changed, to take it back: whether the deal led to the position before it, the cards in
 * hand before it, each file's face-down cards, and the complete sequences it removed from each file. */
typedef struct {
    Step step;
    uint8_t by_deal, hand;
    uint8_t down[FILES], sequences[FILES];
} Undo;

#define FILE_MARK 0x9e3779b97f4a7c15ULL    /* (times the file's number, from 1, while the hand lasts) */
#define DOWN_MARK 0xbb67ae8584caa73bULL    /* (times its face-down cards, and one) */
#define ACES_MARK 0x3c6ef372fe94f82aULL
#define REMOVED_MARK 0xa54ff53a5f1d36f1ULL

/* Tens.solver_key, with solve._node's move of the pack. */
static Key key_of(const State *s) {
    uint64_t fa = share_a(s->aces.ha[s->aces.n], ACES_MARK), fb = share_b(s->aces.hb[s->aces.n], ACES_MARK);
    fa += share_a(s->removed.ha[s->removed.n], REMOVED_MARK);
    fb += share_b(s->removed.hb[s->removed.n], REMOVED_MARK);
    for (int f = 0; f < FILES; f++) {
        uint64_t mark = DOWN_MARK * (uint64_t)(s->down[f] + 1) + (s->nhand ? FILE_MARK * (uint64_t)(f + 1) : 0);
        fa += share_a(s->file[f].ha[s->file[f].n], mark);
        fb += share_b(s->file[f].hb[s->file[f].n], mark);
    }
    return key_from(fa, fb, (uint64_t)s->nhand, (uint64_t)s->by_deal);
}

/* ----------------------------------------------------------------- moves */
/* The legal moves but the deal (or, ``useful``, Tens.useful_moves's: once the packs are dealt out, none
 * into a second, third ... empty file), in the order of Tens.generate_legal_moves: for each file, its
 * turn (turn_up=move, a file of face-down cards only), or its ace thrown out (once for each face card
 * like it), or each unbroken run at its foot, shortest first, onto the files whose face card takes its
 * head (rule 3) or, a king heading a part of the file, into each empty file (rule 7).  Each move's kind in
 * ``kind``, if given: out (an ace); from a file, emptying it, turning a card of it up (leaving only
 * face-down cards), or between; a turn, between. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int k = 0, spaces[FILES], nspaces = 0;
    for (int g = 0; g < FILES; g++)
        if (!s->file[g].n)
            spaces[nspaces++] = g;
    if (useful && !s->nhand && nspaces > 1)
        nspaces = 1;
    for (int f = 0; f < FILES; f++) {
        const Stack *pile = &s->file[f];
        int size = pile->n, down = s->down[f];
        const uint8_t *cards = pile->cards;
        if (down >= size) {
            if (r->turn_move && size) {
                if (kind) kind[k] = BETWEEN;
                out[k++] = move_step(FILE1 + f, FILE1 + f, 0, 0);
            }
            continue;
        }
        int top = cards[size - 1];
        if (rank_of(top) == 1) {  /* rule 2 */
            for (int i = down; i < size; i++)
                if (cards[i] == top) {
                    if (kind) kind[k] = OUT;
                    out[k++] = move_step(FILE1 + f, ACES, 1, top);
                }
            continue;
        }
        for (int depth = 1;; depth++) {  /* rule 6 */
            int head = cards[size - depth], left = size - depth;
            uint8_t what = !left ? EMPTYING : left <= down ? TURNING : BETWEEN;
            if (rank_of(head) == 13) {
                for (int i = 0; i < nspaces && depth < size; i++) {
                    if (kind) kind[k] = what;
                    out[k++] = move_step(FILE1 + f, FILE1 + spaces[i], depth, head);
                }
            } else
                for (int g = 0; g < FILES; g++) {
                    const Stack *onto = &s->file[g];
                    if (g != f && onto->n > s->down[g] && r->builds[stack_top(onto)][head]) {
                        if (kind) kind[k] = what;
                        out[k++] = move_step(FILE1 + f, FILE1 + g, depth, head);
                    }
                }
            if (depth == size - down || !r->builds[cards[size - depth - 1]][head])
                break;
        }
    }
    return k;
}

/* Tens.safe_move: an ace thrown out or a file's card turned up, once no fresh ten can come between (a
 * deal only when nothing can move, or the packs dealt out); -1 if none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    if (!r->deal_when_blocked && s->nhand)
        return -1;
    for (int i = 0; i < n; i++)
        if (moves[i].dst == ACES || moves[i].dst == moves[i].src)
            return i;
    return -1;
}

/* The deal, tried after every other move as the core tries it (rule 5: while the hand lasts, and with
 * deal_when=blocked only when nothing else can move); a "run" of one move of no cards (Game.pack_runs has
 * none to give: no move is independent of it). */
static int pack_runs(const Rules *r, const State *s, Step *runs, int room) {
    if (room < 1 || !s->nhand)
        return 0;
    if (r->deal_when_blocked) {
        Step moves[MAX_MOVES];
        if (moves_of(r, s, 0, moves, NULL))
            return 0;
    }
    runs[0] = move_step(NOWHERE, NOWHERE, 0, 0);
    return 1;
}

/* ----------------------------------------------------------------- play */
/* Tens._lifted: the face-down cards of file ``f`` once ``stays`` of its cards stay, the card uncovered
 * turned face up (rule 4) unless the turn is a move. */
static inline void lifted(const Rules *r, State *s, int f, int stays) {
    if (s->down[f] >= stays)
        s->down[f] = stays && !r->turn_move ? stays - 1 : stays;
}

/* Tens.complete_sequence: whether the twelve cards at the foot of file ``f`` are face up and run from
 * king to two. */
static int complete_sequence(const Rules *r, const State *s, int f) {
    const Stack *pile = &s->file[f];
    int n = pile->n;
    if (n - s->down[f] < SEQUENCE || rank_of(pile->cards[n - SEQUENCE]) != 13)
        return 0;
    for (int i = n - SEQUENCE + 1; i < n; i++)
        if (!r->builds[pile->cards[i - 1]][pile->cards[i]])
            return 0;
    return 1;
}

/* Tens.apply: the deal lays a card of the hand on each file from the first, its top card first; a turn
 * turns a file's uppermost card up; any other move lifts cards from the foot of a file (turning the card
 * they uncover up, with turn_up=auto) onto another or the aces.  Then every complete sequence at the foot
 * of a file is removed (rule 8, Tens._remove_sequences). */
static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    u->step = *m;
    u->by_deal = (uint8_t)s->by_deal;
    u->hand = (uint8_t)s->nhand;
    for (int f = 0; f < FILES; f++)
        u->down[f] = (uint8_t)s->down[f];
    s->by_deal = 0;
    if (m->src == NOWHERE) {
        for (int f = 0; f < FILES && s->nhand; f++)
            stack_push(&s->file[f], s->hand[--s->nhand]);
        s->by_deal = 1;
    } else if (!m->n) {
        int f = m->src - FILE1;
        if (s->file[f].n && s->down[f] == s->file[f].n)
            s->down[f]--;
    } else {
        int f = m->src - FILE1;
        uint8_t cards[CARDS];
        stack_take(&s->file[f], m->n, cards);
        lifted(r, s, f, s->file[f].n);
        Stack *onto = m->dst == ACES ? &s->aces : &s->file[m->dst - FILE1];
        for (int i = 0; i < m->n; i++)
            stack_push(onto, cards[i]);
    }
    for (int f = 0; f < FILES; f++) {
        u->sequences[f] = 0;
        while (complete_sequence(r, s, f)) {
            Stack *pile = &s->file[f];
            for (int i = pile->n - SEQUENCE; i < pile->n; i++)
                stack_push(&s->removed, pile->cards[i]);
            pile->n -= SEQUENCE;
            lifted(r, s, f, pile->n);
            u->sequences[f]++;
        }
    }
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    (void)r;
    for (int f = FILES - 1; f >= 0; f--)
        for (int k = 0; k < u->sequences[f]; k++) {
            uint8_t cards[SEQUENCE];
            stack_take(&s->removed, SEQUENCE, cards);
            for (int i = 0; i < SEQUENCE; i++)
                stack_push(&s->file[f], cards[i]);
        }
    if (m->src == NOWHERE) {
        int dealt = u->hand < FILES ? u->hand : FILES;
        for (int f = dealt - 1; f >= 0; f--)
            stack_take(&s->file[f], 1, &s->hand[s->nhand++]);
    } else if (m->n) {
        uint8_t cards[CARDS];
        stack_take(m->dst == ACES ? &s->aces : &s->file[m->dst - FILE1], m->n, cards);
        for (int i = 0; i < m->n; i++)
            stack_push(&s->file[m->src - FILE1], cards[i]);
    }
    for (int f = 0; f < FILES; f++)
        s->down[f] = u->down[f];
    s->by_deal = u->by_deal;
}

/* Tens.is_won: no cards left in the hand or the files (rule 9). */
static inline int is_won(const State *s) {
    if (s->nhand)
        return 0;
    for (int f = 0; f < FILES; f++)
        if (s->file[f].n)
            return 0;
    return 1;
}

/* ----------------------------------------------------------------- Python */
#define REFUSED "not a description of a Tens position: "

/* Whether ``above`` may rest on ``below`` as Tens builds at most: one lower, of the other colour, never
 * an ace (so that a run is twelve cards at most, and a head has four places at most). */
static inline int builds_down_in_alternate_colours(int below, int above) {
    int red_below = suit_of(below) == 1 || suit_of(below) == 2, red_above = suit_of(above) == 1 || suit_of(above) == 2;
    return rank_of(above) != 1 && rank_of(above) == rank_of(below) - 1 && red_below != red_above;
}

/* The position and the rules from Tens.description(): (hand, files, aces, removed, builds, blocked,
 * turn); the hand as bytes of card codes, bottom first (the next card dealt last), the files as ten
 * (bytes of card codes, bottom first, and how many of them lie face down), the aces thrown out and the
 * cards removed as bytes of card codes in the order they went, builds Tens.BUILDS (53 by 53 bytes), and
 * the options: a fresh ten dealt only when nothing can move (deal_when=blocked), the turn a move of the
 * player's (turn_up=move). */
static int read_description(PyObject *d, Rules *r, State *s) {
    PyObject *hand, *files, *aces, *removed, *builds;
    memset(s, 0, sizeof(*s));
    memset(r, 0, sizeof(*r));
    if (!PyArg_ParseTuple(d, "O!O!O!O!Opp;a description of a Tens position", &PyBytes_Type, &hand, &PyTuple_Type,
                          &files, &PyBytes_Type, &aces, &PyBytes_Type, &removed, &builds, &r->deal_when_blocked,
                          &r->turn_move))
        return 0;
    if (!table_of(builds, r->builds, r->lying_on, GAME))
        return 0;
    for (int below = 0; below <= 52; below++)
        for (int above = 0; above <= 52; above++)
            if (r->builds[below][above] && (!below || !above || !builds_down_in_alternate_colours(below, above))) {
                PyErr_SetString(PyExc_ValueError, REFUSED "a card is built on one one higher, of the other colour, "
                                "never on an ace nor with one");
                return 0;
            }
    if (PyTuple_GET_SIZE(files) != FILES) {
        PyErr_SetString(PyExc_ValueError, REFUSED "ten files");
        return 0;
    }
    uint8_t met[53] = {0};
    Py_ssize_t nhand = PyBytes_GET_SIZE(hand);
    int ok = nhand <= CARDS && cards_ok((const unsigned char *)PyBytes_AS_STRING(hand), nhand, met)
             && stack_read(&s->aces, aces, met) && stack_read(&s->removed, removed, met);
    for (int f = 0; ok && f < FILES; f++) {
        PyObject *file;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(files, f), "Oi;a file is (its cards, how many lie face down)", &file,
                              &s->down[f]))
            return 0;
        ok = stack_read(&s->file[f], file, met);
        if (ok && (s->down[f] < 0 || s->down[f] > s->file[f].n)) {
            PyErr_SetString(PyExc_ValueError, REFUSED "a file's face-down cards 0 to all of its cards");
            return 0;
        }
    }
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, REFUSED "the piles are bytes of card codes, 1 to 52, each twice at most");
        return 0;
    }
    memcpy(s->hand, PyBytes_AS_STRING(hand), (size_t)nhand);
    s->nhand = (int)nhand;
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__tens_search(void) { return search_module(); }
