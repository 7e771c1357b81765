/* The Shah's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on The Shah (patience/games/the_shah.py), in both readings of ``marry_from``: the same moves,
 * in the same order, the same safe moves and runs of the pack (the star dealt, its spaces refilled, then
 * cards dealt onto the talon: TheShah.pack_runs), the same positions merged, counted the same way; only
 * faster, on plain bytes.  The Shah proves nothing lost (it has no blocked()), so a deal is lost here, as
 * in the core's search, only once every line has been searched.  What the rules allow is given by the
 * Python module (the marriages' table of builds, the option), and the line of a won deal is played again
 * through the Python engine, which checks every move; tests/games/test_searches_in_c.py holds the moves,
 * the steps and the verdicts of the two searches together.
 *
 * Two packs: a card's code is met twice, and the two cards of a code are alike in every rule.
 *
 * A position: the pack (as the search began: it is only ever dealt from the top, so what is left of it
 * is its size), how many places of the star are dealt, the talon, the twenty-four places of the star and
 * the eight foundations (two to a suit).  Its key is 128 bits of hash of that, each place by its number,
 * and the foundations of a suit taken as alike (by their heights, the lower first), as TheShah.solver_key
 * merges them by their top cards, sorted.  The kings never move, and are not in it.
 */
#define PACKS 2
#include "_search_tools.h"

#define GAME "The Shah"
#define MODULE "_the_shah_search"
#define RAYS 8
#define PLACES 24               /* three circles of eight, the first next to the aces */
#define THIRD (2 * RAYS)        /* the first place of the third (outer) circle */
#define QUEENS 12               /* the foundations ascend from the aces to the queens */
#define OWN_RUNS                /* the runs of the pack are The Shah's own (pack_runs below) */

/* Pile numbers, in the order of TheShah.pile_names(): the pack, the talon, the Shah, the kings thrown
 * aside, the eight foundations and the places of the star, circle by circle from the inner one. */
enum { PACK = 0, TALON = 1, FOUNDATION = 4, PLACE1 = 12 };

/* The most moves from a position, and steps.  A card of the third circle has a move up, two marriages (onto
 * the twins it may lie on) and one into each lane; the talon's, up, two marriages and a space; an inner
 * circle's, up: with L lanes, at most (8 - L)(3 + L) + 4, 34.  A run of the pack is at most PACK_RUN
 * moves, each followed by as many uses as a position has moves (or, onto the talon, fewer): the runs
 * fill half of MAX_STEPS at most. */
#define MAX_MOVES 64
#define MAX_STEPS (2 * PACK_RUN * MAX_MOVES)

typedef struct {
    uint8_t marries[53][53];    /* marries[under][card]: card may be married onto under (in suit, one lower) */
    uint8_t lying_on[53][53];   /* the cards that may be married onto a card: their number, then the cards */
    int from_talon;             /* marry_from=talon: the talon's card may be married too */
} Rules;

typedef struct {
    uint8_t pack[CARDS];        /* the pack as the search began, bottom first */
    int npack;                  /* the cards left in it: the first npack */
    int dealt;                  /* the places of the star dealt (PLACES once it is complete) */
    Stack talon;
    Stack place[PLACES];
    Foundations up;
} State;

/* What a step changed, to take it back: the places its moves of the pack filled, the cards they dealt
 * onto the talon, and whether the place a card was played from while the star was dealt was filled again. */
typedef struct {
    Step step;
    uint8_t dealt, npack, to_talon, replaced;
    uint32_t filled;
} Undo;

/* Each place's number in the key (the talon's is 0). */
static const int PLACE_MARKS[PLACES] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
                                        13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24};

static Key key_of(const State *s) {
    uint64_t fa = 0, fb = 0;
    set_hash(s->place, PLACE_MARKS, PLACES, &fa, &fb);
    set_hash(&s->talon, NULL, 1, &fa, &fb);
    uint64_t w = (uint64_t)s->npack | (uint64_t)s->dealt << 7 | foundations_word(&s->up) << 12;
    return key_from(fa, fb, 0, w);
}

/* ----------------------------------------------------------------- the star */
static inline const Stack *pile_of(const State *s, int pile) {
    return pile == TALON ? &s->talon : &s->place[pile - PLACE1];
}

/* The place of a ray's available card (Rule I): its outermost card; -1 if the ray is empty. */
static inline int outermost(const State *s, int ray) {
    for (int at = THIRD + ray; at >= 0; at -= RAYS)
        if (s->place[at].n)
            return at;
    return -1;
}

/* The first empty place, the inner circles first (the next to refill once the star is complete); -1 if
 * none. */
static inline int first_space(const State *s) { return first_empty(s->place, PLACES); }

static inline int is_third(int pile) { return pile >= PLACE1 + THIRD; }

/* The marriages of ``card`` from the pile ``src`` onto the available cards of the third circle, in the
 * order of the rays (TheShah._card_moves, through _marriages). */
static int marriages(const Rules *r, const State *s, int src, int card, Step *out) {
    int k = 0;
    for (int ray = 0; ray < RAYS; ray++) {
        const Stack *onto = &s->place[THIRD + ray];
        if (PLACE1 + THIRD + ray != src && onto->n && r->marries[stack_top(onto)][card])
            out[k++] = move_step(src, PLACE1 + THIRD + ray, 1, card);
    }
    return k;
}

/* ----------------------------------------------------------------- moves */
/* The legal moves but those of the pack (all of them useful: ``useful`` changes nothing), in the order of
 * TheShah.generate_legal_moves: for each available card (the outermost of each ray, then the top of the
 * talon) its foundation; once the star is complete, its marriages (from the third circle, or the talon
 * with marry_from=talon, onto the third circle), the first space (from the talon) and the lanes (from the
 * third circle).  Each move's kind in ``kind``, if given: to a foundation, emptying a pile, or between. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int k = 0, slot, star = s->dealt >= PLACES, space = -1, lanes[RAYS], nlanes = 0, sources[RAYS + 1], n = 0;
    (void)useful;
    for (int ray = 0; ray < RAYS; ray++) {
        int at = outermost(s, ray);
        if (at >= 0)
            sources[n++] = PLACE1 + at;
        else if (star)
            lanes[nlanes++] = ray;  /* a lane: its inner place takes a card of the third circle */
    }
    if (s->talon.n)
        sources[n++] = TALON;
    if (star)
        space = first_space(s);
    for (int i = 0; i < n; i++) {
        int src = sources[i], card = stack_top(pile_of(s, src));
        if (goes_up(&s->up, card, &slot))
            out[k++] = move_step(src, FOUNDATION + slot, 1, card);
        if (!star)
            continue;  /* while the star is dealt, cards are only played to the foundations */
        if (is_third(src) || (src == TALON && r->from_talon))
            k += marriages(r, s, src, card, out + k);
        if (src == TALON && space >= 0)
            out[k++] = move_step(TALON, PLACE1 + space, 1, card);
        if (is_third(src))
            for (int j = 0; j < nlanes; j++)
                out[k++] = move_step(src, PLACE1 + lanes[j], 1, card);
    }
    if (kind)
        for (int i = 0; i < k; i++)
            kind[i] = out[i].dst < PLACE1 ? OUT : pile_of(s, out[i].src)->n == 1 ? EMPTYING : BETWEEN;
    return k;
}

/* TheShah.safe_move: once the pack is exhausted, the first move up of a card whose cards one lower in its
 * suit (of both packs) are up already; -1 if none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    if (s->npack || s->dealt < PLACES)
        return -1;
    return first_safe(moves, n, &s->up, r->lying_on, FOUNDATION, -1);
}

/* ----------------------------------------------------------------- play */
/* The next card of the pack to its place (the one move of the pack there is): while the star is dealt,
 * the next place of it; once it is complete, the first space (a refill), or else the talon. */
static inline void from_pack(State *s, Undo *u) {
    int card = s->pack[--s->npack], at = s->dealt < PLACES ? s->dealt++ : first_space(s);
    if (at >= 0) {
        stack_push(&s->place[at], card);
        u->filled |= 1u << at;
    } else {
        stack_push(&s->talon, card);
        u->to_talon++;
    }
}

/* Take back the moves of the pack that a step made (from_pack's): the cards they laid in the places of
 * the star and on the talon back into the pack. */
static inline void back_to_pack(State *s, const Undo *u) {
    s->talon.n -= u->to_talon;
    for (uint32_t filled = u->filled; filled; filled &= filled - 1)
        s->place[__builtin_ctz(filled)].n--;
    s->dealt = u->dealt;
    s->npack = u->npack;
}

static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    u->dealt = (uint8_t)s->dealt;
    u->npack = (uint8_t)s->npack;
    u->to_talon = u->replaced = 0;
    u->filled = 0;
    int i = 0;
    for (; i < m->packs && (s->dealt < PLACES || first_space(s) >= 0); i++)
        from_pack(s, u);
    for (; i < m->packs; i++, u->to_talon++)  /* no space left: the rest of the run onto the talon */
        stack_push(&s->talon, s->pack[--s->npack]);
    uint8_t card;
    Stack *from = m->src == TALON ? &s->talon : &s->place[m->src - PLACE1];
    stack_take(from, 1, &card);
    if (m->dst < PLACE1)
        found(&s->up, m->dst - FOUNDATION, card);
    else
        stack_push(&s->place[m->dst - PLACE1], card);
    if (s->dealt < PLACES && m->src != TALON && s->npack) {  /* "filling the spaces at once" */
        stack_push(from, s->pack[--s->npack]);
        u->replaced = 1;
    }
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    uint8_t card;
    (void)r;
    Stack *from = m->src == TALON ? &s->talon : &s->place[m->src - PLACE1];
    if (u->replaced)
        from->n--;
    if (m->dst < PLACE1)
        card = (uint8_t)unfound(&s->up, m->dst - FOUNDATION);
    else
        stack_take(&s->place[m->dst - PLACE1], 1, &card);
    stack_push(from, card);
    back_to_pack(s, u);
}

/* Every foundation up to its queen: all 96 cards but the kings. */
static inline int is_won(const State *s) {
    for (int suit = 0; suit < SUITS; suit++)
        if (s->up.count[suit] != QUEENS)
            return 0;
    return 1;
}

/* ----------------------------------------------------------------- runs of the pack */
/* The steps of ``kinds`` (OUT, EMPTYING or BETWEEN) among ``n`` moves, after ``packs`` moves of the pack,
 * appended to ``out`` at ``*k``. */
static inline void runs_of_kind(const Step *moves, const uint8_t *kind, int n, int want, int packs, Step *out,
                                int *k) {
    for (int i = 0; i < n; i++)
        if (kind[i] == want) {
            out[*k] = moves[i];
            out[(*k)++].packs = (uint8_t)packs;
        }
}

/* The runs that go on from ``made`` moves of the pack with deals onto the talon, from a complete star
 * without a space (TheShah._deal_runs): a deal then only lays the pack's next card on the talon, so each
 * run of 1, 2 ... deals ends in a move of the card it dealt (up, or married with marry_from=talon) or in a
 * move that empties a place of the third circle (up, or married onto another), the same after every deal;
 * the moves of a run in solve._by_priority's order, as the talon lies after it.  Their number. */
static int deal_runs(const Rules *r, const State *s, int made, Step *out) {
    /* The moves that empty a place (each the third circle's: the star is complete), up first. */
    Step emptying[MAX_MOVES], talon[MAX_MOVES];
    uint8_t kind[MAX_MOVES], talon_kind[MAX_MOVES];
    int nempty = 0, k = 0, slot;
    for (int ray = 0; ray < RAYS; ray++) {
        const Stack *p = &s->place[THIRD + ray];
        int src = PLACE1 + THIRD + ray, first = nempty;
        if (p->n != 1)
            continue;
        if (goes_up(&s->up, p->cards[0], &slot))
            emptying[nempty++] = move_step(src, FOUNDATION + slot, 1, p->cards[0]);
        nempty += marriages(r, s, src, p->cards[0], emptying + nempty);
        for (int i = first; i < nempty; i++)
            kind[i] = emptying[i].dst < PLACE1 ? OUT : EMPTYING;
    }
    int deals = s->npack < PACK_RUN - made ? s->npack : PACK_RUN - made;
    for (int dealt = 1; dealt <= deals; dealt++) {
        int card = s->pack[s->npack - dealt], n = 0;
        if (goes_up(&s->up, card, &slot))
            talon[n++] = move_step(TALON, FOUNDATION + slot, 1, card);
        int up = n;
        if (r->from_talon)
            n += marriages(r, s, TALON, card, talon + n);
        for (int i = 0; i < n; i++)
            talon_kind[i] = i < up ? OUT : s->talon.n + dealt == 1 ? EMPTYING : BETWEEN;
        for (int want = OUT; want < KINDS; want++) {
            runs_of_kind(emptying, kind, nempty, want, made + dealt, out, &k);
            runs_of_kind(talon, talon_kind, n, want, made + dealt, out, &k);
        }
    }
    return k;
}

/* The runs of the pack from here (TheShah.pack_runs), in the order the search tries them: from a complete
 * star without a space, deal_runs; else (the star being dealt, or its spaces refilled) each move of the
 * pack is made, and each of the moves then followed, in solve._by_priority's order, up to the first deal
 * onto the talon of a complete star, where deal_runs go on.  Their number. */
static int pack_runs(const Rules *r, State *s, Step *runs, int room) {
    (void)room;  /* (MAX_STEPS / 2 holds PACK_RUN moves of the pack, each followed by MAX_MOVES uses) */
    if (!s->npack)
        return 0;
    if (s->dealt >= PLACES && first_space(s) < 0)
        return deal_runs(r, s, 0, runs);
    Undo u = {.dealt = (uint8_t)s->dealt, .npack = (uint8_t)s->npack};
    int made = 0, k = 0;
    for (;;) {
        from_pack(s, &u);
        made++;
        Step uses[MAX_MOVES];
        uint8_t kind[MAX_MOVES];
        int n = moves_of(r, s, 1, uses, kind);
        for (int want = OUT; want < KINDS; want++)
            runs_of_kind(uses, kind, n, want, made, runs, &k);
        if (!s->npack || made == PACK_RUN)
            break;
        if (s->dealt >= PLACES && first_space(s) < 0) {
            k += deal_runs(r, s, made, runs + k);
            break;
        }
    }
    back_to_pack(s, &u);
    return k;
}

/* ----------------------------------------------------------------- Python */
/* The position and the rules from TheShah.description(): (pack, dealt, talon, places, foundations,
 * marriages, from_talon); the pack, the talon and each place as bytes of card codes, bottom first (the
 * places in the order of TheShah's PLACES), the foundations as eight (suit or -1, cards) in their order,
 * marriages the table of builds of a marriage, 53 by 53 bytes. */
static int read_description(PyObject *d, Rules *r, State *s) {
    const char *pack;
    Py_ssize_t npack;
    PyObject *talon, *places, *foundations, *marries;
    memset(s, 0, sizeof(*s));
    if (!PyArg_ParseTuple(d, "y#iOO!OOp;a description of a Shah position", &pack, &npack, &s->dealt, &talon,
                          &PyTuple_Type, &places, &foundations, &marries, &r->from_talon))
        return 0;
    if (PyTuple_GET_SIZE(places) != PLACES || s->dealt < 0 || s->dealt > PLACES) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Shah position: twenty-four places, 0 to 24 "
                        "of them dealt");
        return 0;
    }
    uint8_t met[53] = {0};
    if (!table_of(marries, r->marries, r->lying_on, GAME) || !foundations_read(&s->up, foundations, 1, 0, met, GAME))
        return 0;
    if (npack > CARDS || !cards_ok((const unsigned char *)pack, npack, met)
        || !stack_read(&s->talon, talon, met) || !stacks_read(s->place, places, PLACES, met)
        || met[13] || met[26] || met[39] || met[52]) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Shah position: the piles are bytes of card "
                        "codes, 1 to 52 but the kings, each twice at most with the foundations' cards");
        return 0;
    }
    memcpy(s->pack, pack, (size_t)npack);
    s->npack = (int)npack;
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__the_shah_search(void) { return search_module(); }
