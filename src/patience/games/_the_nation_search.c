/* The Nation's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on The Nation (patience/games/the_nation.py), in every reading of its options (the re-deals
 * allowed, when the tableau may be taken up, whether a card suitable as it turns up in the deal must be
 * played, which empty columns are vacant spaces): the same useful moves, in the same order, the same safe
 * moves, the same positions merged, counted the same way; only faster, on plain bytes.  The Nation proves
 * nothing lost (it has no blocked()), so a deal is lost here, as in the core's search, only once every
 * line has been searched.  The line of a won deal is played again through the Python engine, which checks
 * every move; tests/games/test_searches_in_c.py holds the moves, the steps and the verdicts of the two
 * searches together.
 *
 * Two packs: a card's code is met twice, and the two cards of a code are alike in every rule.
 *
 * The deal (one card counted to its place in its column) and the re-deal (the tableau taken up and made
 * the pack) are the moves of the pack, and no move is independent of them, so the core searches each as a
 * step of its own, after every other: here they are the game's own "runs" of the pack (pack_runs below),
 * each a run of one move of no cards from no pile to none (only one of the two is ever legal: the deal
 * while the pack lasts, the re-deal once it is out).
 *
 * A position: the pack (bottom first: the next card dealt on top), the eight foundations (four of aces,
 * up, then four of kings, down: each one's suit and cards), the twelve columns (each bottom first, its
 * lowest card, the available one, on top), the counters (the cards counted in the present deal, the column
 * of the card just dealt, the re-deals made), and the move of the pack that led to it (the core's search
 * keeps a position so reached apart: solve._node).  Its key is 128 bits of hash of that, as
 * TheNation.solver_key takes it: the pack by its cards (before any re-deal the key takes its size, which
 * within one search says the same: it is only dealt from), the foundations each in its place by its top
 * card, the columns in their order or, once the last deal is complete, as a set, and the column of the
 * card just dealt only while the deal goes on.
 */
#define PACKS 2
#define OWN_RUNS                /* the deal and the re-deal, each the game's own run of the pack */
#include "_search_tools.h"

#define GAME "The Nation"
#define MODULE "_the_nation_search"
#define COLUMNS 12
#define COUNT 8                 /* each column is counted from one to eight as it is dealt */
#define DEALT_CARDS (COLUMNS * COUNT)  /* the 96 cards left when the foundations are withdrawn */
#define KINGS 4                 /* the first of the kings' foundations: the aces' come before */

/* Pile numbers, in the order of TheNation.pile_names(): the pack, the foundations, the columns. */
enum { PACK = 0, FOUNDATION = 1, COLUMN1 = 9 };

/* The move of the pack that led to a position (solve._node): none, the deal, the re-deal. */
enum { NO_PACK_MOVE = 0, DEALT = 1, REDEALT = 2 };

/* When the tableau may be taken up (the option ``redeal_when``). */
enum { WHEN_BLOCKED = 0, WHEN_STUCK = 1, WHEN_ANY = 2 };

/* The most moves from a position: each of twelve columns' lowest cards to two foundations at most, and
 * into the eleven other columns at most (married on the lowest card of each, or laid in a space). */
#define MAX_MOVES (COLUMNS * 13)
#define MAX_STEPS (2 * MAX_MOVES)

typedef struct {
    int redeals;                /* the re-deals allowed */
    int when;                   /* WHEN_BLOCKED, WHEN_STUCK or WHEN_ANY */
    int must;                   /* play_in_deal=must: a suitable card is played as it turns up */
    int any_space;              /* spaces=any: every empty column of the twelve is a vacant space */
} Rules;

typedef struct {
    Stack pack;                 /* bottom first: the next card dealt on top */
    int suit[FOUNDATION_PILES], height[FOUNDATION_PILES];  /* the foundations: the suit (-1: none), the cards */
    Stack column[COLUMNS];      /* bottom first: the lowest card, the available one, on top */
    Key share[COLUMNS];         /* each column's share of the key (see reshare) */
    int counted;                /* the cards counted in the present deal */
    int just;                   /* the column (from 1) of the card just dealt, 0 for none */
    int redeals;                /* the re-deals made */
    int allowed;                /* the re-deals allowed (the rules', for the key: see last_deal) */
    int last;                   /* the move of the pack that led here */
} State;

/* What a step changed, to take it back: the move of the pack that led to the position before it, the
 * counters before it, the shares of the key of the columns a card left and went to (or was dealt to), and
 * the columns' sizes as the re-deal took them up. */
typedef struct {
    Step step;
    uint8_t last, just, counted;
    Key shares[2];
    uint8_t taken_up[COLUMNS];
} Undo;

#define PACK_MARK 0xdaa66d2c7ddf743fULL
#define COLUMN_MARK 0x9e3779b97f4a7c15ULL  /* (times the column's number, from 1) */

/* TheNation.last_deal: the pack dealt out, and no re-deal left. */
static inline int last_deal(const State *s) { return !s->pack.n && s->redeals >= s->allowed; }

/* The top card of the foundation ``f``, 0 if it is empty. */
static inline int foundation_top(const State *s, int f) {
    int h = s->height[f];
    return h ? s->suit[f] * 13 + (f < KINGS ? h : FULL + 1 - h) : 0;
}

/* Work out column ``c``'s share of the key again, once its cards have changed: by its place, or, once the
 * last deal is complete, as one of a set (and every column's again when a step begins or ends the last
 * deal: reshare_all). */
static inline void reshare(State *s, int c) {
    const Stack *p = &s->column[c];
    uint64_t mark = last_deal(s) ? 0 : COLUMN_MARK * (uint64_t)(c + 1);
    s->share[c].a = share_a(p->ha[p->n], mark);
    s->share[c].b = share_b(p->hb[p->n], mark);
}

static inline void reshare_all(State *s) {
    for (int c = 0; c < COLUMNS; c++)
        reshare(s, c);
}

/* Lay ``card`` at the foot of column ``c``; and take the lowest card of column ``c``. */
static inline void lay(State *s, int c, int card) {
    stack_push(&s->column[c], card);
    reshare(s, c);
}

static inline int lift(State *s, int c) {
    int card = s->column[c].cards[--s->column[c].n];
    reshare(s, c);
    return card;
}

/* TheNation.solver_key, with solve._node's move of the pack. */
static Key key_of(const State *s) {
    uint64_t fa = share_a(s->pack.ha[s->pack.n], PACK_MARK), fb = share_b(s->pack.hb[s->pack.n], PACK_MARK);
    for (int c = 0; c < COLUMNS; c++) {
        fa += s->share[c].a;
        fb += s->share[c].b;
    }
    uint64_t tops = 0;
    for (int f = 0; f < FOUNDATION_PILES; f++)
        tops |= (uint64_t)foundation_top(s, f) << 6 * f;
    uint64_t w = (uint64_t)s->counted | (uint64_t)(s->pack.n ? s->just : 0) << 7 | (uint64_t)s->last << 11
                 | (uint64_t)(uint32_t)s->redeals << 13;
    return key_from(fa, fb, tops, w);
}

/* ----------------------------------------------------------------- moves */
/* TheNation._takers: the foundations that take ``card`` now, in their order (a begun one, in suit, the
 * aces' ascending, the kings' descending), written to ``out``; their number. */
static inline int takers(const State *s, int card, int *out) {
    int k = 0, suit = suit_of(card), value = rank_of(card);
    for (int f = 0; f < FOUNDATION_PILES; f++) {
        int h = s->height[f];
        if (h && h < FULL && s->suit[f] == suit && value == (f < KINGS ? h + 1 : FULL - h))
            out[k++] = f;
    }
    return k;
}

/* The columns that are vacant spaces (TheNation.vacant_spaces): the empty ones the present deal reached
 * (with spaces=any, of the twelve), as flags. */
static inline void vacant(const Rules *r, const State *s, uint8_t *space) {
    int reach = r->any_space ? COLUMNS : (s->counted + COUNT - 1) / COUNT;
    for (int c = 0; c < COLUMNS; c++)
        space[c] = c < reach && !s->column[c].n;
}

/* The lowest card of each column (Rule III: the available one), 0 for an empty column. */
static inline void lowest_cards(const State *s, int *low) {
    for (int c = 0; c < COLUMNS; c++)
        low[c] = s->column[c].n ? stack_top(&s->column[c]) : 0;
}

/* Whether ``card`` may be married on ``under`` (a card, or 0 for none): in suit, one higher or one lower. */
static inline int marries(int under, int card) {
    int value = rank_of(card);
    return under && ((under == card - 1 && value != 1) || (under == card + 1 && value != FULL));
}

/* The legal moves but those of the pack (or, ``useful``, TheNation.useful_moves's: once the last deal is
 * complete, of the moves of a card into a vacant space only the first, and none of a card alone in its
 * column), in the order of TheNation.generate_legal_moves: while the pack lasts, the card just dealt to
 * the foundations that take it; after the deal, each column's lowest card, from the left, to the
 * foundations that take it, then married on the lowest card of another column or laid in a vacant space,
 * in the order of the columns.  Each move's kind in ``kind``, if given: to a foundation, emptying its
 * column, or between. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int k = 0, names[FOUNDATION_PILES];
    if (s->pack.n) {
        if (s->just && s->column[s->just - 1].n) {
            int card = stack_top(&s->column[s->just - 1]), n = takers(s, card, names);
            for (int i = 0; i < n; i++) {
                if (kind)
                    kind[k] = OUT;
                out[k++] = move_step(COLUMN1 + s->just - 1, FOUNDATION + names[i], 1, card);
            }
        }
        return k;
    }
    uint8_t space[COLUMNS];
    int low[COLUMNS], alike = useful && last_deal(s);
    unsigned spaces = 0, lying_at[53] = {0};  /* (bits of the columns: the spaces, where each card lies lowest) */
    vacant(r, s, space);
    lowest_cards(s, low);
    for (int c = 0; c < COLUMNS; c++) {
        spaces |= (unsigned)space[c] << c;
        lying_at[low[c]] |= 1u << c;
    }
    for (int c = 0; c < COLUMNS; c++) {
        const Stack *from = &s->column[c];
        if (!from->n)
            continue;
        int card = low[c], value = rank_of(card), n = takers(s, card, names);
        for (int i = 0; i < n; i++) {
            if (kind)
                kind[k] = OUT;
            out[k++] = move_step(COLUMN1 + c, FOUNDATION + names[i], 1, card);
        }
        /* (once the columns are alike, a card alone in its column changes nothing laid in a space, and in
         * one space what it would in another) */
        unsigned into = !alike ? spaces : from->n == 1 ? 0 : spaces & -spaces;
        into |= (value != 1 ? lying_at[card - 1] : 0) | (value != FULL ? lying_at[card + 1] : 0);
        for (; into; into &= into - 1) {
            if (kind)
                kind[k] = from->n == 1 ? EMPTYING : BETWEEN;
            out[k++] = move_step(COLUMN1 + c, COLUMN1 + __builtin_ctz(into), 1, card);
        }
    }
    return k;
}

/* Whether a card of the rank and suit of ``card`` lies on a foundation (TheNation.safe_move's founded):
 * between the foundation's first card and its top. */
static int founded(const State *s, int card) {
    int value = rank_of(card);
    for (int f = 0; f < FOUNDATION_PILES; f++)
        if (s->height[f] && s->suit[f] == suit_of(card)
            && (f < KINGS ? value <= s->height[f] : value > FULL - s->height[f]))
            return 1;
    return 0;
}

/* TheNation.safe_move: once the last deal is complete, the first card played to a foundation whose twin
 * is on a foundation already; -1 if none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    (void)r;
    if (!last_deal(s))
        return -1;
    for (int i = 0; i < n; i++)
        if ((unsigned)(moves[i].dst - FOUNDATION) < FOUNDATION_PILES && founded(s, moves[i].card))
            return i;
    return -1;
}

/* Whether a card can be played to a foundation now, after the deal (or, ``or_moved``, played, married
 * or laid in a vacant space): what TheNation.generate_legal_moves asks before the tableau is taken up. */
static int can_play(const Rules *r, const State *s, int or_moved) {
    int names[FOUNDATION_PILES], low[COLUMNS], lying = 0;
    uint8_t space[COLUMNS];
    lowest_cards(s, low);
    for (int c = 0; c < COLUMNS; c++)
        if (low[c] && takers(s, low[c], names))
            return 1;
    if (!or_moved)
        return 0;
    vacant(r, s, space);
    for (int c = 0; c < COLUMNS; c++)
        lying += low[c] != 0;
    for (int t = 0; t < COLUMNS; t++) {
        if (space[t] && lying)
            return 1;
        for (int c = 0; c < COLUMNS; c++)
            if (c != t && low[c] && marries(low[t], low[c]))
                return 1;
    }
    return 0;
}

static inline int is_won(const State *s) { return all_at(s->height, FOUNDATION_PILES, FULL); }

/* The moves of the pack, tried after every other as the core tries them (TheNation.generate_legal_moves):
 * the deal while the pack lasts (with play_in_deal=must, not while the card just dealt can be played),
 * then the re-deal while one is left and the game is not won, when the option ``redeal_when`` allows it;
 * each a "run" of one move of no cards (Game.pack_runs has none to give: no move is independent of them). */
static int pack_runs(const Rules *r, const State *s, Step *runs, int room) {
    int names[FOUNDATION_PILES];
    if (room < 1)
        return 0;
    if (s->pack.n) {
        if (r->must && s->just && s->column[s->just - 1].n && takers(s, stack_top(&s->column[s->just - 1]), names))
            return 0;
    } else if (is_won(s) || s->redeals >= r->redeals || (r->when != WHEN_ANY && can_play(r, s, r->when == WHEN_STUCK)))
        return 0;
    runs[0] = move_step(NOWHERE, NOWHERE, 0, 0);
    return 1;
}

/* ----------------------------------------------------------------- play */
/* TheNation.apply: the deal counts the pack's top card to the foot of its column (TheNation._deal_one);
 * the re-deal takes the tableau up, the columns from the right, each from its first card, and makes it
 * the pack, the first to deal on top (TheNation._take_up); any other move takes a column's lowest card
 * to a foundation or to another column. */
static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    u->last = (uint8_t)s->last;
    u->just = (uint8_t)s->just;
    u->counted = (uint8_t)s->counted;
    int alike = last_deal(s);
    if (m->src == NOWHERE && s->pack.n) {
        int c = s->counted / COUNT;
        u->shares[0] = s->share[c];
        lay(s, c, s->pack.cards[--s->pack.n]);
        s->counted++;
        s->just = c + 1;
        s->last = DEALT;
    } else if (m->src == NOWHERE) {
        for (int c = 0; c < COLUMNS; c++) {  /* (the first column's lowest card at the bottom of the pack) */
            Stack *column = &s->column[c];
            u->taken_up[c] = (uint8_t)column->n;
            while (column->n)
                stack_push(&s->pack, column->cards[--column->n]);
        }
        s->counted = 0;
        s->just = 0;
        s->redeals++;
        s->last = REDEALT;
        reshare_all(s);
    } else {
        int c = m->src - COLUMN1;
        u->shares[0] = s->share[c];
        int card = lift(s, c);
        if (m->dst < COLUMN1) {
            int f = m->dst - FOUNDATION;
            if (!s->height[f]++)
                s->suit[f] = suit_of(card);
        } else {
            u->shares[1] = s->share[m->dst - COLUMN1];
            lay(s, m->dst - COLUMN1, card);
        }
        if (s->just == c + 1)
            s->just = 0;
        s->last = NO_PACK_MOVE;
    }
    if (last_deal(s) != alike)
        reshare_all(s);
}

/* The step taken back: the columns it changed given their shares of the key as they were (and every
 * column's worked out again where it began or ended the last deal, or was the re-deal). */
static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    (void)r;
    int alike = last_deal(s), redealt = m->src == NOWHERE && s->last == REDEALT;
    if (m->src == NOWHERE && !redealt) {
        int c = u->counted / COUNT;
        stack_push(&s->pack, s->column[c].cards[--s->column[c].n]);
        s->share[c] = u->shares[0];
    } else if (redealt) {
        for (int c = COLUMNS - 1; c >= 0; c--)
            for (int i = 0; i < u->taken_up[c]; i++)
                stack_push(&s->column[c], s->pack.cards[--s->pack.n]);
        s->redeals--;
    } else {
        int card;
        if (m->dst < COLUMN1) {
            int f = m->dst - FOUNDATION;
            card = foundation_top(s, f);
            if (!--s->height[f])
                s->suit[f] = -1;
        } else {
            Stack *to = &s->column[m->dst - COLUMN1];
            card = to->cards[--to->n];
            s->share[m->dst - COLUMN1] = u->shares[1];
        }
        stack_push(&s->column[m->src - COLUMN1], card);
        s->share[m->src - COLUMN1] = u->shares[0];
    }
    s->last = u->last;
    s->just = u->just;
    s->counted = u->counted;
    if (redealt || last_deal(s) != alike)
        reshare_all(s);
}

/* ----------------------------------------------------------------- Python */
#define REFUSED "not a description of a position of The Nation: "

/* The position and the rules from TheNation.description(): (pack, foundations, columns, counted,
 * just_dealt, redeals, redeals_allowed, redeal_when, must, any_space); the pack as bytes of card codes,
 * bottom first (the next card dealt last), the foundations as eight (suit or -1, cards) in their order (the
 * aces', then the kings'), the columns as twelve bytes, each bottom first, the counters, and the options:
 * the re-deals allowed, when the tableau may be taken up (0 blocked, 1 stuck, 2 any), whether a card
 * suitable in the deal must be played, and whether every empty column is a vacant space. */
static int read_description(PyObject *d, Rules *r, State *s) {
    PyObject *pack, *foundations, *columns;
    memset(s, 0, sizeof(*s));
    memset(r, 0, sizeof(*r));
    if (!PyArg_ParseTuple(d, "OO!O!iiiiipp;a description of a position of The Nation", &pack, &PyTuple_Type,
                          &foundations, &PyTuple_Type, &columns, &s->counted, &s->just, &s->redeals, &r->redeals,
                          &r->when, &r->must, &r->any_space))
        return 0;
    if (PyTuple_GET_SIZE(foundations) != FOUNDATION_PILES) {
        PyErr_SetString(PyExc_ValueError, REFUSED "eight foundations");
        return 0;
    }
    if (PyTuple_GET_SIZE(columns) != COLUMNS) {
        PyErr_SetString(PyExc_ValueError, REFUSED "twelve columns");
        return 0;
    }
    if (r->redeals < 0 || s->redeals < 0 || s->redeals > r->redeals || r->when < WHEN_BLOCKED || r->when > WHEN_ANY) {
        PyErr_SetString(PyExc_ValueError, REFUSED "0 to the re-deals allowed made, and a re-deal when 0 to 2");
        return 0;
    }
    uint8_t met[53] = {0};
    if (!aces_and_kings_read(foundations, s->suit, s->height, met, REFUSED))
        return 0;
    int ok = stack_read(&s->pack, pack, met) && stacks_read(s->column, columns, COLUMNS, met);
    for (int c = 1; ok && c <= 52; c++)
        ok = met[c] <= PACKS;
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, REFUSED "the pack and the columns are bytes of card codes, 1 to 52, each "
                        "twice at most with the foundations' cards");
        return 0;
    }
    if (s->counted < 0 || s->counted + s->pack.n > DEALT_CARDS || s->just < 0 || s->just > COLUMNS) {
        PyErr_SetString(PyExc_ValueError, REFUSED "0 to 96 cards counted, less the cards left in the pack, and the "
                        "card just dealt in column 0 to 12");
        return 0;
    }
    s->allowed = r->redeals;
    reshare_all(s);
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__the_nation_search(void) { return search_module(); }
