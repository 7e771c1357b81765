/* The Constitution's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on The Constitution (patience/games/the_constitution.py), in both readings of ``sequences``:
 * the same moves, in the same order, the same safe moves and runs of the pack (TheConstitution.pack_runs:
 * deals to the talon, each run ending in a move that leaves a place empty), the same positions merged,
 * counted the same way; only faster, on plain bytes.  The Constitution proves nothing lost (it has no
 * blocked()), so a deal is lost here, as in the core's search, only once every line has been searched.
 * What the rules allow is given by the Python module (the table of Rule IV's sequences, the option), and
 * the line of a won deal is played again through the Python engine, which checks every move;
 * tests/games/test_searches_in_c.py holds the moves, the steps and the verdicts of the two searches
 * together.
 *
 * Two packs: a card's code is met twice, and the two cards of a code are alike in every rule.
 *
 * A position: the pack (as the search began: it is only ever dealt from the top, so what is left of it
 * is its size), the talon, the thirty-two places of the four divisions (the Privy Council's first) and
 * the eight foundations (two to a suit, each from its ace).  Its key is 128 bits of hash of that, the
 * places of each division taken as a set (each place marked with its division) and the foundations of a
 * suit taken as alike (by their heights, the lower first), as TheConstitution.solver_key merges them
 * (INTERCHANGEABLE).  The Sovereign, the Judges, the Bishops and the queens thrown aside never move, and
 * are not in it.
 */
#define PACKS 2
#include "_search_tools.h"

#define GAME "The Constitution"
#define MODULE "_the_constitution_search"
#define COLUMNS 8               /* the places of a division */
#define DIVISIONS 4             /* the Privy Council, the House of Lords, the House of Commons, the People */
#define PEOPLE 3                /* the People's number among them, the lowest */
#define PLACES (DIVISIONS * COLUMNS)
#define KNAVES 11               /* the foundations ascend from the aces to the knaves */
#define PACK_CARDS 48           /* the cards of the play left once the divisions are dealt: the most in the pack */
#define OWN_RUNS                /* the runs of the pack are The Constitution's own (pack_runs below) */

/* Pile numbers, in the order of TheConstitution.pile_names(): the pack, the talon, the Sovereign, the
 * Judges and the Bishops, the queens thrown aside, the eight foundations, then the places of the
 * divisions from the Privy Council down, each from left to right. */
enum { PACK = 0, TALON = 1, FOUNDATION = 12, PLACE1 = 20 };

/* The most moves from a position, and steps.  Eight cards of the Privy Council go up; a card lies on a
 * top card of the division above it only if it is one of the four (two packs) one lower and of the other
 * colour, each heading one move at most (a card heads one run: with ``sequences``, a place's runs have
 * heads of different ranks): four onto each of the 24 top cards above the People.  A vacancy takes one
 * of the eight cards below it.  A run of the pack is one to 48 deals, each followed by as many uses as a
 * position has moves: the runs fill half of MAX_STEPS at most. */
#define MAX_MOVES (COLUMNS + 3 * COLUMNS * 4)
#define MAX_STEPS (2 * PACK_RUN * MAX_MOVES)

typedef struct {
    uint8_t on[53][53];         /* on[under][card]: card may lie on under (Rule IV: one lower, the other colour) */
    uint8_t lying_on[53][53];   /* the cards that may lie on a card: their number, then the cards */
    int sequences;              /* sequences=true: a sequence at the top of a place moves whole */
} Rules;

typedef struct {
    uint8_t pack[PACK_CARDS];   /* the pack as the search began, bottom first */
    int npack;                  /* the cards left in it: the first npack */
    Stack talon;
    Stack place[PLACES];        /* the divisions' places, the Privy Council's first, each left to right */
    Foundations up;
} State;

/* What a step changed, to take it back: the place of the People refilled by its move, if any, and from
 * where (the talon or the pack). */
typedef struct {
    Step step;
    uint8_t refilled;
} Undo;

enum { NOT_REFILLED = 0, FROM_TALON = 1, FROM_PACK = 2 };

/* Each place's number in the key: its division's (the talon's is 0). */
static const int DIVISION_MARKS[PLACES] = {1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2,
                                           3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4};

static Key key_of(const State *s) {
    uint64_t fa = 0, fb = 0;
    set_hash(s->place, DIVISION_MARKS, PLACES, &fa, &fb);
    set_hash(&s->talon, NULL, 1, &fa, &fb);
    return key_from(fa, fb, 0, (uint64_t)s->npack | foundations_word(&s->up) << 8);
}

/* ----------------------------------------------------------------- the divisions */
static inline int division_of(int pile) { return (pile - PLACE1) / COLUMNS; }

/* The vacancy to be filled now (TheConstitution.vacancy, Rule V): the first empty place of the Privy
 * Council, the Lords or the Commons while the division below it holds a card; -1 if none. */
static int vacancy(const State *s) {
    for (int d = 0; d < PEOPLE; d++) {
        int empty = first_empty(&s->place[d * COLUMNS], COLUMNS);
        if (empty >= 0)
            for (int i = (d + 1) * COLUMNS; i < (d + 2) * COLUMNS; i++)
                if (s->place[i].n)
                    return d * COLUMNS + empty;
    }
    return -1;
}

/* How many cards at the top of ``p`` may be taken together, the most (TheConstitution._runs): with
 * ``sequences``, the sequence at its top (Rule IV); else one. */
static inline int longest_run(const Rules *r, const Stack *p) {
    int n = 1;
    if (r->sequences)
        while (n < p->n && r->on[p->cards[p->n - n - 1]][p->cards[p->n - n]])
            n++;
    return n;
}

/* ----------------------------------------------------------------- moves */
/* The legal moves but the deal (all of them useful: ``useful`` changes nothing), in the order of
 * TheConstitution.generate_legal_moves: while a vacancy waits, the top card of each place of the division
 * below it, into it (Rule V); else each card of the Privy Council to the foundation that takes it (Rules I
 * and VI), then, division by division down, each card (with ``sequences``, each sequence at the top of a
 * place, the longest first) onto each top card of the division above it that it may lie on (Rules II and
 * IV).  Each move's kind in ``kind``, if given: to a foundation, emptying a place, or between. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int k = 0, slot, waiting = vacancy(s);
    (void)useful;
    if (waiting >= 0) {
        int below = (waiting / COLUMNS + 1) * COLUMNS;
        for (int i = below; i < below + COLUMNS; i++)
            if (s->place[i].n)
                out[k++] = move_step(PLACE1 + i, PLACE1 + waiting, 1, stack_top(&s->place[i]));
    } else {
        for (int i = 0; i < COLUMNS; i++)
            if (s->place[i].n && goes_up(&s->up, stack_top(&s->place[i]), &slot))
                out[k++] = move_step(PLACE1 + i, FOUNDATION + slot, 1, stack_top(&s->place[i]));
        for (int i = COLUMNS; i < PLACES; i++) {
            const Stack *from = &s->place[i];
            if (!from->n)
                continue;
            int above = (i / COLUMNS - 1) * COLUMNS;
            for (int n = longest_run(r, from); n >= 1; n--) {
                int head = from->cards[from->n - n];
                for (int j = above; j < above + COLUMNS; j++)
                    if (s->place[j].n && r->on[stack_top(&s->place[j])][head])
                        out[k++] = move_step(PLACE1 + i, PLACE1 + j, n, head);
            }
        }
    }
    if (kind)
        for (int i = 0; i < k; i++)
            kind[i] = out[i].dst < PLACE1 ? OUT : s->place[out[i].src - PLACE1].n == out[i].n ? EMPTYING : BETWEEN;
    return k;
}

/* TheConstitution.safe_move: the first card of the Privy Council played up from a place where it lies on
 * another card, when the cards that may lie on it (one lower, of the other colour, of both packs) are up
 * already, and its twin is up too or the other foundation of its suit is as ready (Game.safe_to_found):
 * every foundation of its suit holds the card below it.  -1 if none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    for (int i = 0; i < n; i++) {
        const Step *m = &moves[i];
        int card = m->card;
        if (m->dst < PLACE1 && s->place[m->src - PLACE1].n > 1 && s->up.count[suit_of(card)] >= place_of(&s->up, card)
            && all_of_up(&s->up, r->lying_on[card]))
            return i;
    }
    return -1;
}

/* ----------------------------------------------------------------- play */
/* The top card of the talon, or (none there) of the pack, into the emptied place ``at`` of the People
 * (TheConstitution._refill); how it was refilled. */
static inline int refill(State *s, int at) {
    if (s->talon.n) {
        uint8_t card;
        stack_take(&s->talon, 1, &card);
        stack_push(&s->place[at], card);
        return FROM_TALON;
    }
    if (s->npack) {
        stack_push(&s->place[at], s->pack[--s->npack]);
        return FROM_PACK;
    }
    return NOT_REFILLED;
}

static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    for (int i = 0; i < m->packs; i++)  /* the deals: each the pack's next card onto the talon */
        stack_push(&s->talon, s->pack[--s->npack]);
    uint8_t cards[CARDS];
    Stack *from = &s->place[m->src - PLACE1];
    stack_take(from, m->n, cards);
    if (m->dst < PLACE1)
        found(&s->up, m->dst - FOUNDATION, cards[0]);
    else
        for (int i = 0; i < m->n; i++)
            stack_push(&s->place[m->dst - PLACE1], cards[i]);
    u->refilled = (uint8_t)(!from->n && division_of(m->src) == PEOPLE ? refill(s, m->src - PLACE1) : NOT_REFILLED);
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    uint8_t cards[CARDS];
    (void)r;
    Stack *from = &s->place[m->src - PLACE1];
    if (u->refilled) {
        stack_take(from, 1, cards);
        if (u->refilled == FROM_TALON)
            stack_push(&s->talon, cards[0]);
        else
            s->npack++;
    }
    if (m->dst < PLACE1)
        cards[0] = (uint8_t)unfound(&s->up, m->dst - FOUNDATION);
    else
        stack_take(&s->place[m->dst - PLACE1], m->n, cards);
    for (int i = 0; i < m->n; i++)
        stack_push(from, cards[i]);
    s->talon.n -= m->packs;
    s->npack += m->packs;
}

/* Every foundation built from its ace to the knave. */
static inline int is_won(const State *s) {
    for (int suit = 0; suit < SUITS; suit++)
        if (s->up.count[suit] != KNAVES)
            return 0;
    return 1;
}

/* ----------------------------------------------------------------- runs of the pack */
/* The runs of the pack from here (TheConstitution.pack_runs), in the order the search tries them: a deal
 * only lays the pack's next card on the talon, and no card leaves the talon but to fill a vacancy in the
 * People, so the divisions and the foundations lie after every deal as they lie now, with the same moves
 * but the deal.  What a run brings is used by the moves that leave a place empty (those not independent
 * of a deal), out first (solve._by_priority), the same after each of 1, 2 ... deals.  None while the deal
 * is not a move (a vacancy waits, or the pack is out).  Their number. */
static int pack_runs(const Rules *r, State *s, Step *runs, int room) {
    (void)room;  /* (MAX_STEPS / 2 holds PACK_RUN deals, each followed by MAX_MOVES uses) */
    if (!s->npack || vacancy(s) >= 0)
        return 0;
    Step moves[MAX_MOVES], uses[MAX_MOVES];
    uint8_t kind[MAX_MOVES];
    int n = moves_of(r, s, 1, moves, kind), nuses = 0, k = 0;
    for (int want = OUT; want < KINDS; want++)
        for (int i = 0; i < n; i++)
            if (kind[i] == want && s->place[moves[i].src - PLACE1].n == moves[i].n)
                uses[nuses++] = moves[i];
    int deals = s->npack < PACK_RUN ? s->npack : PACK_RUN;
    for (int dealt = 1; dealt <= deals; dealt++)
        for (int i = 0; i < nuses; i++) {
            runs[k] = uses[i];
            runs[k++].packs = (uint8_t)dealt;
        }
    return k;
}

/* ----------------------------------------------------------------- Python */
/* Whether a queen or a king is among the cards ``met`` (by code): none is in play. */
static int court_met(const uint8_t *met) {
    for (int suit = 0; suit < SUITS; suit++)
        if (met[suit * 13 + 12] || met[suit * 13 + 13])
            return 1;
    return 0;
}

/* The position and the rules from TheConstitution.description(): (pack, talon, places, foundations,
 * sequence, sequences); the pack, the talon and each place as bytes of card codes, bottom first (the
 * places in the order of TheConstitution's PLACES), the foundations as eight (suit, cards) in their
 * order, sequence the table of builds of Rule IV, 53 by 53 bytes. */
static int read_description(PyObject *d, Rules *r, State *s) {
    const char *pack;
    Py_ssize_t npack;
    PyObject *talon, *places, *foundations, *sequence;
    memset(s, 0, sizeof(*s));
    if (!PyArg_ParseTuple(d, "y#OO!OOp;a description of a Constitution position", &pack, &npack, &talon,
                          &PyTuple_Type, &places, &foundations, &sequence, &r->sequences))
        return 0;
    if (PyTuple_GET_SIZE(places) != PLACES) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Constitution position: thirty-two places");
        return 0;
    }
    uint8_t met[53] = {0};
    if (!table_of(sequence, r->on, r->lying_on, GAME) || !foundations_read(&s->up, foundations, 1, 0, met, GAME))
        return 0;
    for (int i = 0; i < FOUNDATION_PILES; i++)
        if (s->up.slot_suit[i] < 0 || s->up.height[i] > KNAVES) {
            PyErr_SetString(PyExc_ValueError, "not a description of a Constitution position: each foundation "
                            "holds its ace and up to the knave, 1 to 11 cards");
            return 0;
        }
    if (npack > PACK_CARDS || !cards_ok((const unsigned char *)pack, npack, met) || !stack_read(&s->talon, talon, met)
        || !stacks_read(s->place, places, PLACES, met) || court_met(met)) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Constitution position: the piles are bytes "
                        "of card codes of the play (two to knave), each twice at most with the foundations' "
                        "cards, 48 at most in the pack");
        return 0;
    }
    memcpy(s->pack, pack, (size_t)npack);
    s->npack = (int)npack;
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__the_constitution_search(void) { return search_module(); }
