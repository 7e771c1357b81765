/* Light and Shade's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on Light and Shade (patience/games/light_and_shade.py), in both readings of
 * ``talon_to_auxiliaries``: the same useful moves, in the same order, the same safe moves and runs of the
 * pack (LightAndShade.pack_runs: deals to the talon, each run ending in a use of the card dealt last), the
 * same positions merged, counted the same way; only faster, on plain bytes.  Light and Shade proves
 * nothing lost (it has no blocked()), so a deal is lost here, as in the core's search, only once every
 * line has been searched.  What the rules allow is given by the Python module (the foundations' and the
 * Auxiliaries' tables of builds, the option), and the line of a won deal is played again through the
 * Python engine, which checks every move; tests/games/test_searches_in_c.py holds the moves, the steps and
 * the verdicts of the two searches together.
 *
 * Two packs: a card's code is met twice, and the two cards of a code are alike in every rule.  Once the
 * aces are laid no rule names a suit: the foundations and the Auxiliaries go by a card's value and
 * colour, its shade (LightAndShade's _SHADE).
 *
 * A position: the pack (as the search began: it is only ever dealt from the top, so what is left of it
 * is its size), the talon, the four Auxiliaries (each a descending sequence), the four Rivals (a card or
 * none) and the eight foundations (each its cards, from its ace).  Its key is 128 bits of hash of that as
 * LightAndShade.solver_key takes it: every pile by its cards' shades, the Auxiliaries taken as a set and
 * the Rivals as another, the foundations by the colour of each one's ace and its height, sorted, and the
 * pack by its size.
 */
#define PACKS 2
#define OWN_RUNS                /* the runs of the pack are dealt one at a time, once (pack_runs below) */
#include "_search_tools.h"

#define GAME "Light and Shade"
#define MODULE "_light_and_shade_search"
#define ROW 4                   /* the Auxiliaries, and the Rivals */
#define PACK_CARDS (CARDS - FOUNDATION_PILES - 2 * ROW)  /* the most in the pack: those left once the rows are dealt */

/* Pile numbers, in the order of LightAndShade.pile_names(): the pack, the talon, the eight foundations, the
 * Auxiliaries and the Rivals. */
enum { PACK = 0, TALON = 1, FOUNDATION = 2, AUXILIARY1 = FOUNDATION + FOUNDATION_PILES, RIVAL1 = AUXILIARY1 + ROW,
       PILES = RIVAL1 + ROW };

/* The most moves from a position, and steps.  Each Auxiliary's last card goes to four foundations at most
 * (those of one colour of ace, at one height), each Rival onto four Auxiliaries, the talon's card onto four
 * and into four Rivals: 40.  A run of the pack is one to 80 deals, each followed by five uses at most (the
 * Auxiliaries unlike each other that take the card, and the first vacancy of the Rivals): the runs fill
 * half of MAX_STEPS at most. */
#define MAX_MOVES 64
#define MAX_STEPS 1024

typedef struct {
    uint8_t ascends[53][53];    /* ascends[top][card]: a foundation topped by top takes card (Rule I) */
    uint8_t descends[53][53];   /* descends[last][card]: an Auxiliary whose last card is last takes card (Rule II) */
    uint8_t lying_on[53][53];   /* (table_of's, unused) */
    int talon_to_auxiliaries;   /* the option: the talon's card may go straight onto an Auxiliary */
} Rules;

/* A foundation: its cards, from its ace. */
typedef struct {
    uint8_t cards[FULL];
    int n;
} Ascent;

typedef struct {
    uint8_t pack[PACK_CARDS];   /* the pack as the search began, bottom first */
    int npack;                  /* the cards left in it: the first npack */
    Stack talon;
    Stack auxiliary[ROW];
    Stack rival[ROW];           /* a card, or none */
    Ascent up[FOUNDATION_PILES];
} State;

/* What a step changed, to take it back: the step says it all. */
typedef struct {
    Step step;
} Undo;

/* ----------------------------------------------------------------- shades */
/* Whether ``card`` is red (patience.cards: spades, hearts, diamonds, clubs). */
static inline int is_red(int card) { return (unsigned)(suit_of(card) - 1) < 2; }

/* A card by its value and colour alone (LightAndShade's _SHADE), from 2 to 27. */
static inline int shade(int card) { return 2 * rank_of(card) + is_red(card); }

/* Lay ``card`` on ``p``, its hashes taken of the shades (stack_push's, by shade). */
static inline void lay(Stack *p, int card) {
    int n = p->n;
    p->cards[n] = (uint8_t)card;
    p->ha[n + 1] = hash_on_a(p->ha[n], shade(card));
    p->hb[n + 1] = hash_on_b(p->hb[n], shade(card));
    p->n = n + 1;
}

/* Whether two piles hold the same shades (LightAndShade._shade of each). */
static inline int same_shades(const Stack *a, const Stack *b) {
    if (a->n != b->n)
        return 0;
    for (int i = a->n - 1; i >= 0; i--)
        if (shade(a->cards[i]) != shade(b->cards[i]))
            return 0;
    return 1;
}

/* ----------------------------------------------------------------- the key */
/* Each row's mark in the key, and the talon's. */
static const int AUXILIARY_MARKS[ROW] = {1, 1, 1, 1}, RIVAL_MARKS[ROW] = {2, 2, 2, 2}, TALON_MARK[1] = {3};

/* The foundations as LightAndShade.solver_key takes them: each by the colour of its ace and its height,
 * sorted, five bits each. */
static inline uint64_t ascents_word(const State *s) {
    int sorted[FOUNDATION_PILES];
    for (int f = 0; f < FOUNDATION_PILES; f++) {
        int v = is_red(s->up[f].cards[0]) << 4 | s->up[f].n, at = f;
        for (; at > 0 && sorted[at - 1] > v; at--)
            sorted[at] = sorted[at - 1];
        sorted[at] = v;
    }
    uint64_t w = 0;
    for (int f = 0; f < FOUNDATION_PILES; f++)
        w |= (uint64_t)sorted[f] << 5 * f;
    return w;
}

/* LightAndShade.solver_key. */
static Key key_of(const State *s) {
    uint64_t fa = 0, fb = 0;
    set_hash(s->auxiliary, AUXILIARY_MARKS, ROW, &fa, &fb);
    set_hash(s->rival, RIVAL_MARKS, ROW, &fa, &fb);
    set_hash(&s->talon, TALON_MARK, 1, &fa, &fb);
    return key_from(fa, fb, 0, ascents_word(s) | (uint64_t)s->npack << 5 * FOUNDATION_PILES);
}

/* ----------------------------------------------------------------- moves */
static inline const Stack *pile_of(const State *s, int pile) {
    return pile == TALON ? &s->talon : pile < RIVAL1 ? &s->auxiliary[pile - AUXILIARY1] : &s->rival[pile - RIVAL1];
}

/* The piles alike, as LightAndShade._distinct tells moves apart: each pile's number is that of the first
 * pile of its kind with the same shades (the foundations by their aces' colour and height). */
static void alike(const State *s, uint8_t *like) {
    like[TALON] = TALON;
    for (int f = 0; f < FOUNDATION_PILES; f++) {
        const Ascent *a = &s->up[f];
        int g = 0;
        while (s->up[g].n != a->n || is_red(s->up[g].cards[0]) != is_red(a->cards[0]))
            g++;
        like[FOUNDATION + f] = (uint8_t)(FOUNDATION + g);
    }
    for (int i = 0; i < ROW; i++) {
        int a = 0, v = 0;
        while (!same_shades(&s->auxiliary[a], &s->auxiliary[i]))
            a++;
        while (!same_shades(&s->rival[v], &s->rival[i]))
            v++;
        like[AUXILIARY1 + i] = (uint8_t)(AUXILIARY1 + a);
        like[RIVAL1 + i] = (uint8_t)(RIVAL1 + v);
    }
}

/* LightAndShade._distinct: of ``n`` moves (and their kinds, if given), those that lead to a position none
 * before them leads to (the same shade moved between piles alike, by ``like``).  Their number. */
static int distinct(const uint8_t *like, Step *moves, uint8_t *kind, int n) {
    int kept = 0;
    for (int i = 0; i < n; i++) {
        const Step *m = &moves[i];
        int j = 0;
        while (j < kept && (shade(moves[j].card) != shade(m->card) || like[moves[j].src] != like[m->src]
                            || like[moves[j].dst] != like[m->dst]))
            j++;
        if (j < kept)
            continue;
        if (kind)
            kind[kept] = kind[i];
        moves[kept++] = *m;
    }
    return kept;
}

/* The moves of ``card`` on top of the talon (LightAndShade._talon_moves): onto the Auxiliaries whose last
 * card takes it (unless talon_to_auxiliaries is off), then into each vacancy of the Rivals (Rule III).
 * Their number, written to ``out``. */
static int talon_moves(const Rules *r, const State *s, int card, Step *out) {
    int k = 0;
    if (r->talon_to_auxiliaries)
        for (int a = 0; a < ROW; a++)
            if (s->auxiliary[a].n && r->descends[stack_top(&s->auxiliary[a])][card])
                out[k++] = move_step(TALON, AUXILIARY1 + a, 1, card);
    for (int v = 0; v < ROW; v++)
        if (!s->rival[v].n)
            out[k++] = move_step(TALON, RIVAL1 + v, 1, card);
    return k;
}

/* The legal moves but the deal, in the order of LightAndShade.generate_legal_moves (with ``useful``, those
 * of LightAndShade.useful_moves): each Auxiliary's last card to the foundations that take it (of two
 * holding the same cards, the first: LightAndShade._founding), each Rival onto the Auxiliaries whose last
 * card takes it or into their vacancies, and the talon's card (talon_moves).  Each move's kind in
 * ``kind``, if given: to a foundation, emptying a pile, or between. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    uint8_t kinds[MAX_MOVES];
    int k = 0;
    for (int a = 0; a < ROW; a++) {
        const Stack *from = &s->auxiliary[a];
        if (!from->n)
            continue;
        int card = stack_top(from), takers[FOUNDATION_PILES], n = 0;
        for (int f = 0; f < FOUNDATION_PILES; f++) {
            const Ascent *onto = &s->up[f];
            if (!r->ascends[onto->cards[onto->n - 1]][card])
                continue;
            int i = 0;
            while (i < n && (s->up[takers[i]].n != onto->n
                             || memcmp(s->up[takers[i]].cards, onto->cards, (size_t)onto->n)))
                i++;
            if (i == n) {
                takers[n++] = f;
                kinds[k] = OUT;
                out[k++] = move_step(AUXILIARY1 + a, FOUNDATION + f, 1, card);
            }
        }
    }
    for (int v = 0; v < ROW; v++) {
        const Stack *from = &s->rival[v];
        if (!from->n)
            continue;
        int card = stack_top(from);
        for (int a = 0; a < ROW; a++)
            if (!s->auxiliary[a].n || r->descends[stack_top(&s->auxiliary[a])][card]) {
                kinds[k] = from->n == 1 ? EMPTYING : BETWEEN;
                out[k++] = move_step(RIVAL1 + v, AUXILIARY1 + a, 1, card);
            }
    }
    if (s->talon.n) {
        int n = talon_moves(r, s, stack_top(&s->talon), out + k);
        for (int i = 0; i < n; i++)
            kinds[k++] = s->talon.n == 1 ? EMPTYING : BETWEEN;
    }
    if (useful && k > 1) {
        uint8_t like[PILES];
        alike(s, like);
        k = distinct(like, out, kinds, k);
    }
    if (kind)
        memcpy(kind, kinds, (size_t)k);
    return k;
}

/* LightAndShade.safe_move: the first card played up when the four foundations that could take it (of its
 * aces' colour) all stand at the card below it or higher.  -1 if none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    (void)r;
    for (int i = 0; i < n; i++) {
        const Step *m = &moves[i];
        if ((unsigned)(m->dst - FOUNDATION) >= FOUNDATION_PILES)
            continue;
        int lower = rank_of(m->card) - 1, red = is_red(m->card) == (lower % 2 == 0), reached = 0;
        for (int f = 0; f < FOUNDATION_PILES; f++)
            reached += is_red(s->up[f].cards[0]) == red && s->up[f].n >= lower;
        if (reached >= 2 * PACKS)
            return i;
    }
    return -1;
}

/* ----------------------------------------------------------------- play */
static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    for (int i = 0; i < m->packs; i++)  /* the deals: each the pack's next card onto the talon */
        lay(&s->talon, s->pack[--s->npack]);
    Stack *from = (Stack *)pile_of(s, m->src);
    int card = from->cards[--from->n];
    if (m->dst < AUXILIARY1) {
        Ascent *onto = &s->up[m->dst - FOUNDATION];
        onto->cards[onto->n++] = (uint8_t)card;
    } else
        lay((Stack *)pile_of(s, m->dst), card);
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    (void)r;
    int card;
    if (m->dst < AUXILIARY1) {
        Ascent *onto = &s->up[m->dst - FOUNDATION];
        card = onto->cards[--onto->n];
    } else {
        Stack *to = (Stack *)pile_of(s, m->dst);
        card = to->cards[--to->n];
    }
    lay((Stack *)pile_of(s, m->src), card);
    s->talon.n -= m->packs;
    s->npack += m->packs;
}

/* Every foundation up to its king. */
static inline int is_won(const State *s) {
    for (int f = 0; f < FOUNDATION_PILES; f++)
        if (s->up[f].n != FULL)
            return 0;
    return 1;
}

/* ----------------------------------------------------------------- runs of the pack */
/* The runs of the pack from here (LightAndShade.pack_runs, through solve.runs_turning), in the order the
 * search tries them: dealing changes only the pack and the talon, so after each of 1, 2 ... deals (80 at
 * most) the card dealt lies on the talon with the moves the Auxiliaries and the Rivals, as they lie, give
 * it (talon_moves, less those onto piles alike: LightAndShade._distinct).  Their number, written to
 * ``runs`` (room for ``room``). */
static int pack_runs(const Rules *r, State *s, Step *runs, int room) {
    int deals = s->npack < PACK_RUN ? s->npack : PACK_RUN, k = 0;
    uint8_t like[PILES];
    alike(s, like);
    for (int dealt = 1; dealt <= deals && k + 2 * ROW <= room; dealt++) {
        int n = distinct(like, runs + k, NULL, talon_moves(r, s, s->pack[s->npack - dealt], runs + k));
        for (int i = 0; i < n; i++)
            runs[k + i].packs = (uint8_t)dealt;
        k += n;
    }
    return k;
}

/* ----------------------------------------------------------------- Python */
/* ``p``'s hashes taken again of its cards' shades (read as card codes by stack_read). */
static void shaded(Stack *p) {
    int held = p->n;
    p->n = 0;
    for (int i = 0; i < held; i++)
        lay(p, p->cards[i]);
}

/* ``n`` piles of ``tuple`` read into ``piles``, hashed by shade; 0 if they are not card codes met fewer
 * than PACKS times before (counted in ``met``). */
static int row_read(Stack *piles, PyObject *tuple, int n, uint8_t *met) {
    if (!stacks_read(piles, tuple, n, met))
        return 0;
    for (int i = 0; i < n; i++)
        shaded(&piles[i]);
    return 1;
}

#define NOT_CARDS "not a description of a Light and Shade position: the piles are bytes of card codes, 1 to 52, " \
                  "each twice at most, 88 at most in the pack"

/* The eight foundations from ``tuple`` (bytes each, from the ace), their cards counted in ``met``: 0 with a
 * Python error if one is not an ace and the cards Rule I (``ascends``) builds on it, or its cards are
 * not card codes met fewer than PACKS times before. */
static int foundations_of(const Rules *r, State *s, PyObject *tuple, uint8_t *met) {
    for (int f = 0; f < FOUNDATION_PILES; f++) {
        PyObject *cards = PyTuple_GET_ITEM(tuple, f);
        if (!PyBytes_Check(cards) || !cards_ok((const unsigned char *)PyBytes_AS_STRING(cards),
                                               PyBytes_GET_SIZE(cards), met)) {
            PyErr_SetString(PyExc_ValueError, NOT_CARDS);
            return 0;
        }
        Ascent *a = &s->up[f];
        a->n = (int)PyBytes_GET_SIZE(cards);
        int built = a->n >= 1 && a->n <= FULL;
        if (built) {
            memcpy(a->cards, PyBytes_AS_STRING(cards), (size_t)a->n);
            built = rank_of(a->cards[0]) == 1;
        }
        for (int i = 1; built && i < a->n; i++)
            built = r->ascends[a->cards[i - 1]][a->cards[i]];
        if (!built) {
            PyErr_SetString(PyExc_ValueError, "not a description of a Light and Shade position: a foundation is "
                            "an ace and the cards built on it by Rule I, 1 to 13 cards");
            return 0;
        }
    }
    return 1;
}

/* The position and the rules from LightAndShade.description(): (pack, talon, auxiliaries, rivals,
 * foundations, ascends, descends, talon_to_auxiliaries); the pack and the talon as bytes of card codes,
 * bottom first, the Auxiliaries, the Rivals and the foundations as tuples of them, ascends and descends
 * the foundations' and the Auxiliaries' tables of builds, 53 by 53 bytes each. */
static int read_description(PyObject *d, Rules *r, State *s) {
    const char *pack;
    Py_ssize_t npack;
    PyObject *talon, *auxiliaries, *rivals, *foundations, *ascends, *descends;
    memset(s, 0, sizeof(*s));
    if (!PyArg_ParseTuple(d, "y#OO!O!O!OOp;a description of a Light and Shade position", &pack, &npack, &talon,
                          &PyTuple_Type, &auxiliaries, &PyTuple_Type, &rivals, &PyTuple_Type, &foundations, &ascends,
                          &descends, &r->talon_to_auxiliaries))
        return 0;
    if (PyTuple_GET_SIZE(auxiliaries) != ROW || PyTuple_GET_SIZE(rivals) != ROW
        || PyTuple_GET_SIZE(foundations) != FOUNDATION_PILES) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Light and Shade position: four Auxiliaries, "
                        "four Rivals and eight foundations");
        return 0;
    }
    uint8_t met[53] = {0};
    if (!table_of(ascends, r->ascends, r->lying_on, GAME) || !table_of(descends, r->descends, r->lying_on, GAME)
        || !foundations_of(r, s, foundations, met))
        return 0;
    if (npack > PACK_CARDS || !cards_ok((const unsigned char *)pack, npack, met) || !stack_read(&s->talon, talon, met)
        || !row_read(s->auxiliary, auxiliaries, ROW, met) || !row_read(s->rival, rivals, ROW, met)) {
        PyErr_SetString(PyExc_ValueError, NOT_CARDS);
        return 0;
    }
    shaded(&s->talon);
    for (int v = 0; v < ROW; v++)
        if (s->rival[v].n > 1) {
            PyErr_SetString(PyExc_ValueError, "not a description of a Light and Shade position: a Rival holds "
                            "one card at most");
            return 0;
        }
    memcpy(s->pack, pack, (size_t)npack);
    s->npack = (int)npack;
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__light_and_shade_search(void) { return search_module(); }
