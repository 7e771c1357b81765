/* The Blockade's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on The Blockade (patience/games/the_blockade.py), in every reading of its options (a row dealt
 * only when nothing can be played or married, or at any time the vacancies are filled; vacancies refilled
 * when the player chooses, or at once): the same moves, in the same order, the same safe moves, the same
 * positions merged, counted the same way; only faster, on plain bytes.  The Blockade proves nothing lost
 * (it has no blocked()), so a deal is lost here, as in the core's search, only once every line has been
 * searched.  The line of a won deal is played again through the Python engine, which checks every move;
 * tests/games/test_searches_in_c.py holds the moves, the steps and the verdicts of the two searches together.
 *
 * Two packs: a card's code is met twice, and the two cards of a code are alike in every rule.
 *
 * The deal (one card of the row being dealt) and the refill (every vacancy filled from the pack) are the
 * moves of the pack, and no move is independent of them, so the core searches each as a step of its own,
 * after every other: here they are the game's own "runs" of the pack (pack_runs below), each a run of one
 * move of no cards, from no pile to none (the two are never legal together: a position says which it is).
 *
 * A position: the pack (as the search began: it is only ever dealt from, so what is left of it is its
 * size), the rows begun and whether the last is being dealt, the tableau's 108 places (nine rows of
 * twelve), the eight foundations, and the move of the pack that led to it (the core's search keeps a
 * position so reached apart: solve._node).  A place holds the card dealt there and the cards married on
 * it, each the next lower of its suit, so it is its first card and how many lie there.  Its key is 128 bits
 * of hash of that, as TheBlockade.solver_key takes it: each place by its number, and the foundations as a
 * set (each suit's two heights, the lower first, as the key takes them by their top cards, sorted).
 */
#define PACKS 2
#define OWN_RUNS                /* the deal and the refill, each the game's own run of the pack */
#include "_search_tools.h"

#define GAME "The Blockade"
#define MODULE "_the_blockade_search"
#define COLUMNS 12
#define ROWS 9                  /* 104 cards fill eight rows of twelve and eight places of a ninth */
#define PLACES (ROWS * COLUMNS)

/* Pile numbers, in the order of TheBlockade.pile_names(): the eight foundations, the places of the rows,
 * row by row, each row left to right, and the pack. */
enum { FOUNDATION = 0, PLACE1 = 8, PACK = PLACE1 + PLACES };

/* The move of the pack that led to a position (solve._node): none, a deal, a refill. */
enum { NO_PACK_MOVE = 0, DEALT = 1, REFILLED = 2 };

/* The most moves from a position, and steps: each of twelve available cards up, or married onto the two
 * cards one higher of its suit; then the deal or the refill. */
#define MAX_MOVES 64
#define MAX_STEPS 128

typedef struct {
    int any_time;               /* deal_when=any: a row may be dealt whenever the vacancies are filled */
    int at_once;                /* refill=at-once: no card is played or married while a vacancy waits */
} Rules;

typedef struct {
    uint8_t pack[CARDS];        /* the pack as the search began, bottom first: the next card to deal last */
    int npack;                  /* the cards left in it: the first npack */
    int rows, dealing;          /* the rows begun; 1 while the last of them is being dealt */
    uint8_t first[PLACES];      /* each place's card dealt there (0: none) ... */
    uint8_t count[PLACES];      /* ... and how many cards lie there, it and those married on it */
    uint64_t tableau_a, tableau_b;  /* the tableau's hashes: a sum, place by place */
    Foundations up;
    int last;                   /* NO_PACK_MOVE, DEALT or REFILLED */
} State;

/* What a step changed, to take it back. */
typedef struct {
    Step step;
    uint8_t last;
    uint8_t refill;             /* the move of the pack was the refill (else the deal) */
    uint8_t began, dealing;     /* the deal: whether it began a row; the dealing before it */
    uint8_t place;              /* the place the deal laid its card in */
    uint64_t filled[2];         /* the refill: the places it filled, as bits */
} Undo;

/* ----------------------------------------------------------------- the tableau */
/* A place's hash: its number, the card dealt there and how many are married down from it (a line). */
static inline uint64_t line_hash_a(int at, int first, int n) {
    return mix((uint64_t)((at * 53 + first) * 16 + n) * 0x9e3779b97f4a7c15ULL);
}
static inline uint64_t line_hash_b(int at, int first, int n) {
    return mix2((uint64_t)((at * 53 + first) * 16 + n) ^ 0x3c6ef372fe94f82aULL);
}

/* Make the place ``at`` hold ``n`` cards from ``first`` down (none: n 0), keeping the tableau's hashes. */
static inline void set_place(State *s, int at, int first, int n) {
    if (s->count[at]) {
        s->tableau_a -= line_hash_a(at, s->first[at], s->count[at]);
        s->tableau_b -= line_hash_b(at, s->first[at], s->count[at]);
    }
    if (n) {
        s->tableau_a += line_hash_a(at, first, n);
        s->tableau_b += line_hash_b(at, first, n);
    }
    s->first[at] = (uint8_t)(n ? first : 0);
    s->count[at] = (uint8_t)n;
}

/* Whether the step's move is to a foundation. */
static inline int to_foundation(const Step *m) { return (unsigned)(m->dst - FOUNDATION) < FOUNDATION_PILES; }

/* The uppermost card of a place that holds one: the last married, one lower of its suit than the one under. */
static inline int top_of(const State *s, int at) { return s->first[at] - (s->count[at] - 1); }

static Key key_of(const State *s) {
    uint64_t w = (uint64_t)s->npack | (uint64_t)s->rows << 7 | (uint64_t)s->dealing << 11 | (uint64_t)s->last << 12
                 | foundations_word(&s->up) << 14;
    return key_from(s->tableau_a, s->tableau_b, 0, w);
}

/* TheBlockade.available (Rule I): each column's place whose card has no others below it, in the order of
 * the columns, into ``tops``; their number. */
static int available(const State *s, int *tops) {
    int k = 0;
    for (int c = 0; c < COLUMNS; c++)
        for (int at = (ROWS - 1) * COLUMNS + c; at >= 0; at -= COLUMNS)
            if (s->count[at]) {
                tops[k++] = at;
                break;
            }
    return k;
}

/* The rows dealt whole: those begun, but the one being dealt. */
static inline int rows_dealt(const State *s) { return s->rows - s->dealing > 0 ? s->rows - s->dealing : 0; }

/* Whether the rows dealt have a vacancy (TheBlockade.vacancies). */
static int has_vacancy(const State *s) {
    for (int at = 0; at < rows_dealt(s) * COLUMNS; at++)
        if (!s->count[at])
            return 1;
    return 0;
}

/* Whether a row is being dealt, and the pack has a card for it (TheBlockade.is_dealing). */
static inline int is_dealing(const State *s) { return s->dealing && s->npack; }

/* ----------------------------------------------------------------- moves */
/* The legal moves but those of the pack, in the order of TheBlockade.generate_legal_moves (every legal
 * move is useful): while a row is dealt, the aces of that row, up; else (unless a vacancy waits to be
 * refilled at once) each available card, column by column, up to the foundation that takes it, then
 * married onto each available card one higher of its suit.  Whether one of them plays a card, or marries a
 * card it leaves a vacancy by, in ``*movable`` (what decides, under deal_when=stuck, whether a row may be
 * dealt).  Their number. */
static int card_moves(const Rules *r, const State *s, Step *out, int *movable) {
    int tops[COLUMNS], n = available(s, tops), k = 0, slot;
    *movable = 0;
    if (is_dealing(s)) {
        for (int i = 0; i < n; i++) {
            int at = tops[i], card = top_of(s, at);
            if (rank_of(card) == 1 && at / COLUMNS == s->rows - 1 && goes_up(&s->up, card, &slot))
                out[k++] = move_step(PLACE1 + at, FOUNDATION + slot, 1, card);
        }
        return k;
    }
    if (r->at_once && s->npack && has_vacancy(s))
        return 0;
    for (int i = 0; i < n; i++) {
        int at = tops[i], card = top_of(s, at);
        if (goes_up(&s->up, card, &slot)) {
            out[k++] = move_step(PLACE1 + at, FOUNDATION + slot, 1, card);
            *movable = 1;
        }
        if (rank_of(card) == FULL)
            continue;
        for (int j = 0; j < n; j++)
            if (top_of(s, tops[j]) == card + 1) {
                out[k++] = move_step(PLACE1 + at, PLACE1 + tops[j], 1, card);
                *movable |= s->count[at] == 1;
            }
    }
    return k;
}

/* Whether a card can be played, or married from a place it holds alone (TheBlockade.movable). */
static inline int can_move(const Rules *r, const State *s) {
    Step moves[MAX_MOVES];
    int movable;
    card_moves(r, s, moves, &movable);
    return movable;
}

/* The moves (legal and useful alike), each one's kind in ``kind``, if given: up, emptying its place (a
 * card married from a place it held alone), or between. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    (void)useful;
    int movable, k = card_moves(r, s, out, &movable);
    if (kind)
        for (int i = 0; i < k; i++)
            kind[i] = to_foundation(&out[i]) ? OUT : s->count[out[i].src - PLACE1] == 1 ? EMPTYING : BETWEEN;
    return k;
}

/* TheBlockade.safe_move: the first card played up that no card can ever need (both cards one lower of its
 * suit are up, and its twin, if in play, finds a foundation as ready: Game.safe_to_found), when its going
 * changes neither where the pack's cards go nor when a row may be dealt: the pack is exhausted, or
 * (deal_when=any) the card lies on the card it was married to.  -1 if none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    for (int i = 0; i < n; i++) {
        const Step *m = &moves[i];
        if (!to_foundation(m) || (s->npack && !(r->any_time && s->count[m->src - PLACE1] > 1)))
            continue;
        if ((rank_of(m->card) == 1 || is_up(&s->up, m->card - 1)) && twins_find_room(&s->up, m->card))
            return i;
    }
    return -1;
}

/* The move of the pack, a step alone, where the rules allow one (TheBlockade.generate_legal_moves's DEAL
 * and REFILL): the deal of the row being dealt, or of a new row once the vacancies are filled (under
 * deal_when=stuck, only when no card can be played or married from a place it holds alone); else the
 * refill of the vacancies.  Their number (0 or 1). */
static int pack_runs(const Rules *r, State *s, Step *runs, int room) {
    (void)room;
    if (!s->npack)
        return 0;
    int vacancy = has_vacancy(s), deal = is_dealing(s) || (!vacancy && (r->any_time || !can_move(r, s)));
    if (deal && !s->dealing && s->rows == ROWS)  /* (never: 104 cards end in the ninth row) */
        deal = 0;
    if (!deal && !(vacancy && !is_dealing(s)))
        return 0;
    runs[0] = move_step(NOWHERE, NOWHERE, 0, 0);
    return 1;
}

/* ----------------------------------------------------------------- play */
/* TheBlockade._deal_one: the pack's next card into the first empty place of the row being dealt, a new
 * row begun if none is; its deal ends when the row is complete or the pack exhausted. */
static void deal_one(State *s, Undo *u) {
    u->began = !s->dealing;
    u->dealing = (uint8_t)s->dealing;
    if (!s->dealing) {
        s->rows++;
        s->dealing = 1;
    }
    int row = (s->rows - 1) * COLUMNS, at = row;
    while (s->count[at])
        at++;
    set_place(s, at, s->pack[--s->npack], 1);
    u->place = (uint8_t)at;
    int full = 1;
    for (int c = 0; c < COLUMNS; c++)
        full &= s->count[row + c] > 0;
    if (!s->npack || full)
        s->dealing = 0;
}

/* TheBlockade._refill: the vacancies filled from the pack, the higher rows first, each row from left to
 * right, until they are filled or the pack is exhausted. */
static void refill(State *s, Undo *u) {
    u->filled[0] = u->filled[1] = 0;
    for (int at = 0, end = rows_dealt(s) * COLUMNS; at < end && s->npack; at++)
        if (!s->count[at]) {
            set_place(s, at, s->pack[--s->npack], 1);
            u->filled[at / 64] |= 1ULL << at % 64;
        }
}

static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    u->last = (uint8_t)s->last;
    s->last = NO_PACK_MOVE;
    if (m->src == NOWHERE) {
        u->refill = !is_dealing(s) && has_vacancy(s);
        if (u->refill)
            refill(s, u);
        else
            deal_one(s, u);
        s->last = u->refill ? REFILLED : DEALT;
        return;
    }
    int at = m->src - PLACE1;
    set_place(s, at, s->first[at], s->count[at] - 1);
    if (to_foundation(m))
        found(&s->up, m->dst - FOUNDATION, m->card);
    else {
        int onto = m->dst - PLACE1;
        set_place(s, onto, s->first[onto], s->count[onto] + 1);
    }
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    (void)r;
    const Step *m = &u->step;
    s->last = u->last;
    if (m->src == NOWHERE) {
        if (u->refill) {
            for (int at = PLACES - 1; at >= 0; at--)
                if (u->filled[at / 64] >> at % 64 & 1) {
                    s->pack[s->npack++] = s->first[at];
                    set_place(s, at, 0, 0);
                }
        } else {
            s->pack[s->npack++] = s->first[u->place];
            set_place(s, u->place, 0, 0);
            s->dealing = u->dealing;
            s->rows -= u->began;
        }
        return;
    }
    if (to_foundation(m))
        unfound(&s->up, m->dst - FOUNDATION);
    else {
        int onto = m->dst - PLACE1;
        set_place(s, onto, s->first[onto], s->count[onto] - 1);
    }
    int at = m->src - PLACE1;
    set_place(s, at, s->count[at] ? s->first[at] : m->card, s->count[at] + 1);
}

/* Every foundation up to its king. */
static inline int is_won(const State *s) { return all_up(&s->up); }

/* ----------------------------------------------------------------- Python */
/* The position and the rules from TheBlockade.description(): (pack, rows, dealing, places, foundations,
 * any_time, at_once); the pack as bytes of card codes, bottom first (the next card to deal last), the rows
 * begun, 1 while the last is being dealt (else 0), the 108 places row by row, each as bytes (its card,
 * then those married on it), the foundations as eight (suit or -1, cards) in their order, and the options:
 * deal_when=any, refill=at-once. */
static int read_description(PyObject *d, Rules *r, State *s) {
    const char *pack;
    Py_ssize_t npack;
    PyObject *places, *foundations;
    memset(s, 0, sizeof(*s));
    if (!PyArg_ParseTuple(d, "y#iiO!Opp;a description of a Blockade position", &pack, &npack, &s->rows, &s->dealing,
                          &PyTuple_Type, &places, &foundations, &r->any_time, &r->at_once))
        return 0;
    if (PyTuple_GET_SIZE(places) != PLACES || s->rows < 0 || s->rows > ROWS || s->dealing < 0 || s->dealing > 1) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Blockade position: 108 places, nine rows of "
                        "twelve, 0 to 9 of them begun, the last being dealt (1) or not (0)");
        return 0;
    }
    uint8_t met[53] = {0};
    if (!foundations_read(&s->up, foundations, 1, 0, met, GAME))
        return 0;
    int ok = npack <= CARDS && cards_ok((const unsigned char *)pack, npack, met);
    for (int at = 0; ok && at < PLACES; at++) {
        PyObject *place = PyTuple_GET_ITEM(places, at);
        ok = PyBytes_Check(place) && PyBytes_GET_SIZE(place) <= FULL
             && cards_ok((const unsigned char *)PyBytes_AS_STRING(place), PyBytes_GET_SIZE(place), met);
        if (!ok)
            break;
        const unsigned char *cards = (const unsigned char *)PyBytes_AS_STRING(place);
        int n = (int)PyBytes_GET_SIZE(place);
        for (int i = 1; i < n; i++)
            if (cards[i] != cards[0] - i || rank_of(cards[0]) <= i) {
                PyErr_SetString(PyExc_ValueError, "not a description of a Blockade position: a place holds a card "
                                "with a descending line of its suit married on it");
                return 0;
            }
        if (n)
            set_place(s, at, cards[0], n);
    }
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Blockade position: the piles are bytes of card "
                        "codes, 1 to 52, each twice at most with the foundations' cards");
        return 0;
    }
    memcpy(s->pack, pack, (size_t)npack);
    s->npack = (int)npack;
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__the_blockade_search(void) { return search_module(); }
