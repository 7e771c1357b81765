/* Canfield's (Klondike's) thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on Canfield (patience/games/canfield.py): the same moves, in the same order, the same safe
 * moves, runs of the stock and proofs of a card that can never go up (Canfield.blocked), the same
 * positions merged, counted the same way; only faster, on plain bytes.  What the rules allow is given by
 * the Python module (the rows' table of builds, Blocking's tables, the options), and the line of a won
 * deal is played again through the Python engine, which checks every move;
 * tests/games/test_canfield_search.py holds the moves, the steps, the proofs and the verdicts of the two
 * searches together.
 *
 * A position: the pack (the waste and the stock: read from the bottom of the waste up and on from the
 * top of the stock down, the cards keep their order whatever is turned or re-dealt, so it is the pack as
 * the search began less the cards played from it, and how many of them lie on the waste), the re-deals
 * made, the seven rows (their cards and how many lie face down) and how many cards of each suit are on
 * the foundations.  Its key is 128 bits of hash of that, the rows taken as a set and the foundations by
 * suit, as Canfield.solver_key does (the score is the foundations').
 */
#include "_search_tools.h"

#define GAME "Canfield"
#define MODULE "_canfield_search"
#define COLUMNS 7
#define MAXPACK 52
#define MAXROW 52

/* Pile numbers, in the order of Canfield.pile_names(). */
enum { STOCK = 0, WASTE = 1, FOUNDATION = 2, COLUMN1 = 6 };

typedef struct {
    uint8_t takes[53][53];      /* takes[under][card]: a row takes card on under (rule 5) */
    uint8_t lying_on[53][53];   /* the cards a row takes on a card: their number, then the cards */
    Blocking blocking;          /* what proves a card can never go up (Canfield.BLOCKING) */
    int draw, redeals, partial; /* the options */
} Rules;

typedef struct {
    uint8_t orig[MAXPACK];      /* the pack as the search began, bottom of the waste first */
    uint8_t pos[MAXPACK];       /* the pack now, as places in orig */
    int npack, showing, redealt;
    uint64_t mask;              /* the places in orig still in the pack */
    uint8_t row[COLUMNS][MAXROW];
    int nrow[COLUMNS], down[COLUMNS];
    uint64_t ha[COLUMNS][MAXROW + 1], hb[COLUMNS][MAXROW + 1];  /* each row's hash, card by card */
    int count[SUITS];           /* the cards of each suit on the foundations */
    int slot_suit[SUITS];       /* each foundation's suit (-1: not begun) */
    int suit_slot[SUITS];
} State;

/* A step: a move, after a run of ``packs`` moves of the pack (turns, and ``redealt`` re-deals)
 * leaving ``showing`` cards on the waste. */
typedef struct {
    uint8_t packs, src, dst, n, redealt, showing;
} Step;

/* What a step changed, to take it back. */
typedef struct {
    Step step;
    uint8_t showing, place, down;
    int redealt;
} Undo;

/* ----------------------------------------------------------------- cards */
/* Whether ``card`` goes up now (rule 3), and to which foundation: its suit's, or the first empty. */
static inline int wanted(const State *s, int card, int *slot) {
    int suit = suit_of(card), have = s->count[suit];
    if (rank_of(card) != have + 1)
        return 0;
    if (have) {
        *slot = s->suit_slot[suit];
        return 1;
    }
    for (int i = 0; i < SUITS; i++)
        if (s->slot_suit[i] < 0) {
            *slot = i;
            return 1;
        }
    return 0;
}

static inline int founded(const State *s, int card) { return rank_of(card) <= s->count[suit_of(card)]; }

static inline void push_card(State *s, int f, int card) {
    int n = s->nrow[f];
    s->row[f][n] = (uint8_t)card;
    s->ha[f][n + 1] = hash_on_a(s->ha[f][n], card);
    s->hb[f][n + 1] = hash_on_b(s->hb[f][n], card);
    s->nrow[f] = n + 1;
}

static Key key_of(const State *s) {
    uint64_t fa = 0, fb = 0;
    for (int f = 0; f < COLUMNS; f++) {  /* a sum: the rows as a set */
        uint64_t down = (uint64_t)s->down[f] * 0x9e3779b97f4a7c15ULL;
        fa += mix(s->ha[f][s->nrow[f]] ^ 0x452821e638d01377ULL ^ down);
        fb += mix2(s->hb[f][s->nrow[f]] + 0xbe5466cf34e90c6cULL + down);
    }
    uint64_t w = (uint64_t)s->showing | (uint64_t)s->redealt << 32;
    for (int i = 0; i < SUITS; i++)
        w |= (uint64_t)s->count[i] << (6 + 4 * i);
    return key_from(fa, fb, s->mask, w);
}

/* ----------------------------------------------------------------- moves */
static inline int waste_card(const State *s, int showing) { return s->orig[s->pos[showing - 1]]; }

static inline Step move_step(int src, int dst, int n) {
    Step m = {0, (uint8_t)src, (uint8_t)dst, (uint8_t)n, 0, 0};
    return m;
}

/* The moves of ``card`` showing on the waste (Canfield._waste_moves): to its foundation, then to each
 * row that takes it, or (a king) each space. */
static int waste_moves(const Rules *r, const State *s, int card, Step *out) {
    int k = 0, slot;
    if (wanted(s, card, &slot))
        out[k++] = move_step(WASTE, FOUNDATION + slot, 1);
    for (int g = 0; g < COLUMNS; g++) {
        int n = s->nrow[g];
        if (n ? r->takes[s->row[g][n - 1]][card] : rank_of(card) == 13)
            out[k++] = move_step(WASTE, COLUMN1 + g, 1);
    }
    return k;
}

/* The kind of a move of ``n`` cards from the row ``f`` to another row. */
static inline uint8_t row_kind(const State *s, int f, int n) {
    int left = s->nrow[f] - n;
    return left == 0 ? EMPTYING : left <= s->down[f] ? TURNING : BETWEEN;
}

/* The legal moves but those of the pack, in the order of Canfield.generate_legal_moves (all of them
 * useful: ``useful`` changes nothing); each move's kind in ``kind``, if given. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int k = 0, slot;
    (void)useful;
    if (s->showing) {
        int first = k;
        k += waste_moves(r, s, waste_card(s, s->showing), out + k);
        if (kind)
            for (int i = first; i < k; i++)
                kind[i] = out[i].dst < COLUMN1 ? OUT : s->showing == 1 ? EMPTYING : BETWEEN;
    }
    for (int f = 0; f < COLUMNS; f++) {
        int size = s->nrow[f], down = s->down[f], last = size - 1;
        const uint8_t *pile = s->row[f];
        if (down > last)
            continue;
        /* Rule 6: the face-up cards of a row move all together (any run of them, with ``partial``); the
         * card at the bottom of the row goes to its foundation alone. */
        for (int i = down; i <= (r->partial ? last : down); i++) {
            int head = pile[i];
            if (i == last && wanted(s, head, &slot)) {
                if (kind) kind[k] = OUT;
                out[k++] = move_step(COLUMN1 + f, FOUNDATION + slot, 1);
            }
            for (int g = 0; g < COLUMNS; g++) {
                int n = s->nrow[g];
                /* Rule 7: a king that heads its row already fills no space by moving. */
                int ok = rank_of(head) == 13 ? i && !n : n && g != f && r->takes[s->row[g][n - 1]][head];
                if (ok) {
                    if (kind) kind[k] = row_kind(s, f, size - i);
                    out[k++] = move_step(COLUMN1 + f, COLUMN1 + g, size - i);
                }
            }
        }
        if (!r->partial && down != last && wanted(s, pile[last], &slot)) {
            if (kind) kind[k] = OUT;
            out[k++] = move_step(COLUMN1 + f, FOUNDATION + slot, 1);
        }
    }
    return k;
}

/* The move of the pack there is (rule 8): 1 a turn, 2 a re-deal, 0 none; after a run that re-dealt
 * ``redealt`` times and left ``showing`` of the pack's ``size`` cards on the waste. */
static inline int pack_move(const Rules *r, const State *s, int size, int showing, int redealt) {
    if (size > showing)
        return 1;
    return showing && s->redealt + redealt < r->redeals ? 2 : 0;
}

/* Canfield.safe_move: the first move to a foundation from a row (or, turning one card at a time through
 * a single pass, from the waste) of a card on which no card that a row takes is left in play; -1 if
 * none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    int from_waste = r->draw == 1 && !r->redeals;
    for (int i = 0; i < n; i++) {
        const Step *m = &moves[i];
        if (m->dst >= COLUMN1 || (m->src == WASTE && !from_waste))
            continue;
        int card = m->src == WASTE ? waste_card(s, s->showing) : s->row[m->src - COLUMN1][s->nrow[m->src - COLUMN1] - 1];
        const uint8_t *on = r->lying_on[card];
        int all = 1;
        for (int j = 1; j <= on[0] && all; j++)
            all = founded(s, on[j]);
        if (all)
            return i;
    }
    return -1;
}

/* The steps the search tries from a position, in its order (solve._children with Canfield.pack_runs):
 * the safe move alone, if there is one; else the moves, out first, then those that turn a card up,
 * empty a row, and the others; then each run of the pack that ends in a use of the card it brings (with
 * ``pack_first``, those that end in a card going up straight after the other moves up).  The number of
 * steps, written to ``out`` (room for MAX_STEPS). */
#define MAX_STEPS 2048
static int children(const Rules *r, State *s, int pack_first, Step *out) {
    Step moves[512];
    uint8_t kind[512];
    int n = moves_of(r, s, 1, moves, kind);
    int safe = safe_move(r, s, moves, n);
    if (safe >= 0) {
        out[0] = moves[safe];
        return 1;
    }
    int k = 0, outs = 0;
    for (int want = OUT; want < KINDS; want++)
        for (int i = 0; i < n; i++)
            if (kind[i] == want)
                out[k++] = moves[i];
    for (int i = 0; i < n; i++)
        outs += kind[i] == OUT;
    int size = s->npack, showing = s->showing, redealt = 0, made = 0;
    int move = pack_move(r, s, size, showing, 0);
    if (!move)
        return k;
    /* The runs: a count of cards on the waste, the card on top the one it reaches. */
    Step runs[MAX_STEPS / 2];
    int nruns = 0;
    for (;;) {
        if (move == 1)
            showing = showing + r->draw > size ? size : showing + r->draw;
        else {
            showing = 0;
            redealt++;
        }
        made++;
        if (showing) {
            Step uses[COLUMNS + 1];
            int u = waste_moves(r, s, waste_card(s, showing), uses);
            for (int i = 0; i < u && nruns < MAX_STEPS / 2; i++) {
                Step step = uses[i];
                step.packs = (uint8_t)made;
                step.redealt = (uint8_t)redealt;
                step.showing = (uint8_t)showing;
                runs[nruns++] = step;
            }
        }
        move = pack_move(r, s, size, showing, redealt);
        if (!move || made == PACK_RUN)
            break;
    }
    if (!pack_first) {
        memcpy(out + k, runs, sizeof(Step) * nruns);
        return k + nruns;
    }
    Step rest[MAX_STEPS];
    int nrest = k - outs;
    memcpy(rest, out + outs, sizeof(Step) * nrest);
    k = outs;
    for (int i = 0; i < nruns; i++)
        if (runs[i].dst < COLUMN1)
            out[k++] = runs[i];
    memcpy(out + k, rest, sizeof(Step) * nrest);
    k += nrest;
    for (int i = 0; i < nruns; i++)
        if (runs[i].dst >= COLUMN1)
            out[k++] = runs[i];
    return k;
}

/* ----------------------------------------------------------------- play */
static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    u->showing = (uint8_t)s->showing;
    u->redealt = s->redealt;
    if (m->packs) {
        s->showing = m->showing;
        s->redealt += m->redealt;
    }
    uint8_t cards[MAXROW];
    int n = m->n;
    if (m->src == WASTE) {
        int at = s->showing - 1, place = s->pos[at];
        cards[0] = s->orig[place];
        u->place = (uint8_t)place;
        memmove(s->pos + at, s->pos + at + 1, (size_t)(s->npack - at - 1));
        s->npack--;
        s->showing--;
        s->mask &= ~(1ULL << place);
    } else {
        int f = m->src - COLUMN1;
        s->nrow[f] -= n;
        memcpy(cards, s->row[f] + s->nrow[f], (size_t)n);
        u->down = (uint8_t)s->down[f];
        if (s->down[f] >= s->nrow[f])  /* rule 4: the card uncovered is turned face up */
            s->down[f] = s->nrow[f] ? s->nrow[f] - 1 : 0;
    }
    if (m->dst < COLUMN1) {
        int slot = m->dst - FOUNDATION, suit = suit_of(cards[0]);
        if (!s->count[suit]) {
            s->slot_suit[slot] = suit;
            s->suit_slot[suit] = slot;
        }
        s->count[suit]++;
    } else {
        for (int i = 0; i < n; i++)
            push_card(s, m->dst - COLUMN1, cards[i]);
    }
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    int n = m->n;
    uint8_t cards[MAXROW];
    (void)r;
    if (m->dst < COLUMN1) {
        int slot = m->dst - FOUNDATION, suit = s->slot_suit[slot];
        int place = --s->count[suit];
        cards[0] = (uint8_t)(suit * 13 + place + 1);
        if (!place) {
            s->slot_suit[slot] = -1;
            s->suit_slot[suit] = -1;
        }
    } else {
        int g = m->dst - COLUMN1;
        s->nrow[g] -= n;
        memcpy(cards, s->row[g] + s->nrow[g], (size_t)n);
    }
    if (m->src == WASTE) {
        int at = s->showing;
        memmove(s->pos + at + 1, s->pos + at, (size_t)(s->npack - at));
        s->pos[at] = u->place;
        s->npack++;
        s->mask |= 1ULL << u->place;
    } else {
        int f = m->src - COLUMN1;
        for (int i = 0; i < n; i++)
            push_card(s, f, cards[i]);
        s->down[f] = u->down;
    }
    s->showing = u->showing;
    s->redealt = u->redealt;
}

static inline int is_won(const State *s) {
    for (int i = 0; i < SUITS; i++)
        if (s->count[i] != FULL)
            return 0;
    return 1;
}

/* Canfield.blocked: the rows give up their face-up cards all together (unless ``partial``), the waste
 * its top card, and once the last pass has begun (rule 8) a card turned onto the waste stays under the
 * cards turned after it; before it, the whole pack comes to hand. */
static int dead_end(const Rules *r, const State *s) {
    Lay lays[COLUMNS + 1];
    for (int f = 0; f < COLUMNS; f++) {
        Lay *lay = &lays[f];
        lay->n = s->nrow[f];
        memcpy(lay->cards, s->row[f], (size_t)lay->n);
        lay->alone = s->down[f];
        lay->any_head = r->partial;
        lay->space = lay->fills = 1;
        lay->ncoming = 0;
    }
    uint64_t hand = 0, up = 0;
    int nlays = COLUMNS;
    if (s->redealt < r->redeals) {
        for (int i = 0; i < s->npack; i++)
            hand |= 1ULL << s->orig[s->pos[i]];
    } else {
        Lay *waste = &lays[nlays++];
        waste->n = waste->alone = s->showing;
        for (int i = 0; i < s->npack; i++)
            if (i < s->showing)
                waste->cards[i] = s->orig[s->pos[i]];
            else
                waste->coming[i - s->showing] = s->orig[s->pos[i]];
        waste->ncoming = s->npack - s->showing;
        waste->batch = r->draw;
        waste->any_head = waste->space = 0;
        waste->fills = 1;
    }
    for (int suit = 0; suit < SUITS; suit++)
        for (int rank = 1; rank <= s->count[suit]; rank++)
            up |= 1ULL << (suit * 13 + rank);
    return stuck(&r->blocking, lays, nlays, hand, up) != 0;
}

/* ----------------------------------------------------------------- Python */
/* The position and the rules from Canfield.description(): (pack, showing, redealt, rows, foundations,
 * takes, blocking, draw, redeals, partial); the pack as bytes of card codes from the bottom of the waste
 * up and on from the top of the stock down, each row as (bytes, bottom first, and its face-down cards),
 * the foundations as four (suit or -1, cards) in their order, takes the rows' table of builds, 53 × 53
 * bytes, blocking Blocking.tables(). */
static int read_description(PyObject *d, Rules *r, State *s) {
    const char *pack;
    Py_ssize_t npack;
    PyObject *rows, *foundations, *takes, *blocking;
    int showing, redealt;
    if (!PyArg_ParseTuple(d, "y#iiO!O!OOiip;a description of a Canfield position", &pack, &npack, &showing,
                          &redealt, &PyTuple_Type, &rows, &PyTuple_Type, &foundations, &takes, &blocking,
                          &r->draw, &r->redeals, &r->partial))
        return 0;
    if (npack > MAXPACK || showing < 0 || showing > npack || redealt < 0 || r->draw < 1 || r->draw > 52
        || r->redeals < 0 || PyTuple_GET_SIZE(rows) != COLUMNS || PyTuple_GET_SIZE(foundations) != SUITS) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Canfield position");
        return 0;
    }
    if (!table_of(takes, r->takes, GAME) || !PyTuple_Check(blocking) || !blocking_of(blocking, &r->blocking, GAME))
        return 0;
    memset(s, 0, sizeof(*s));
    uint8_t met[53] = {0};
    for (int i = 0; i < SUITS; i++)
        s->slot_suit[i] = s->suit_slot[i] = -1;
    for (int i = 0; i < SUITS; i++) {
        int suit, count;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(foundations, i), "ii;a foundation is (suit, cards)", &suit, &count))
            return 0;
        if (count < 0 || count > FULL || (count && (suit < 0 || suit >= SUITS || s->count[suit]))) {
            PyErr_SetString(PyExc_ValueError, "not a description of a Canfield position: a foundation is (its "
                            "suit, 0 to 3, and 1 to 13 cards), a suit at most once, or (-1, 0)");
            return 0;
        }
        if (count) {
            s->slot_suit[i] = suit;
            s->suit_slot[suit] = i;
            s->count[suit] = count;
            for (int rank = 1; rank <= count; rank++)
                met[suit * 13 + rank] = 1;
        }
    }
    int ok = cards_ok((const unsigned char *)pack, npack, met);
    for (int f = 0; f < COLUMNS && ok; f++) {
        PyObject *row = PyTuple_GET_ITEM(rows, f), *cards;
        int down;
        if (!PyArg_ParseTuple(row, "O!i;a row is (bytes, face down)", &PyBytes_Type, &cards, &down))
            return 0;
        Py_ssize_t n = PyBytes_GET_SIZE(cards);
        ok = n <= MAXROW && down >= 0 && down <= n && cards_ok((const unsigned char *)PyBytes_AS_STRING(cards), n, met);
        s->ha[f][0] = HA0;
        s->hb[f][0] = HB0;
        for (Py_ssize_t i = 0; ok && i < n; i++)
            push_card(s, f, (unsigned char)PyBytes_AS_STRING(cards)[i]);
        s->down[f] = down;
    }
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Canfield position: the piles are bytes of "
                        "different card codes, 1 to 52, none on a foundation, a row's face-down cards at most "
                        "its cards");
        return 0;
    }
    memcpy(s->orig, pack, (size_t)npack);
    s->npack = (int)npack;
    for (int i = 0; i < npack; i++) {
        s->pos[i] = (uint8_t)i;
        s->mask |= 1ULL << i;
    }
    s->showing = showing;
    s->redealt = redealt;
    for (int c = 1; c <= 52; c++) {
        int k = 0;
        for (int a = 1; a <= 52; a++)
            if (r->takes[c][a])
                r->lying_on[c][++k] = (uint8_t)a;
        r->lying_on[c][0] = (uint8_t)k;
    }
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__canfield_search(void) { return search_module(); }
