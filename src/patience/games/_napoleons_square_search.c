/* Napoleon's Square's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on Napoleon's Square (patience/games/napoleons_square.py), in every reading of its options
 * (the square of packets or of single cards, the Note's remedies, what its re-deal takes up): the same
 * moves, in the same order, the same safe moves and runs of the pack (a card turned, then used:
 * NapoleonsSquare.pack_runs), the same positions merged, counted the same way; only faster, on plain
 * bytes.  Napoleon's Square proves nothing lost (it has no blocked()), so a deal is lost here, as in the
 * core's search, only once every line has been searched.  What the rules allow is given by the Python
 * module (the marriages' table of builds, the options, and the order of the cards after each re-deal the
 * Note may still allow: the engine shuffles them with Python's random numbers), and the line of a won
 * deal is played again through the Python engine, which checks every move;
 * tests/games/test_searches_in_c.py holds the moves, the steps and the verdicts of the two searches
 * together.
 *
 * Two packs: a card's code is met twice, and the two cards of a code are alike in every rule.
 *
 * While the square lies as dealt, the Note's remedies are moves: a king slipped underneath its packet (a
 * move from the packet to itself), and the re-deal, a move of the pack.  With it the deal is a move of
 * the pack too, so where both may be made each is a step alone, as solve._children makes them (not a run);
 * after the deal alone, the moves that could have been made before it are left out (INDEPENDENT).  Both
 * are steps of no cards from no pile (NOWHERE): the deal the first of the legal moves so, the re-deal
 * the second (``card`` 0 and 1: patience.compiled).
 *
 * A position: the twelve packets, the pack (bottom first, the next card to turn last), the card just
 * turned, the talon, the foundations and the re-deals made.  Its key is 128 bits of hash of that, as
 * NapoleonsSquare.solver_key: the packets each by its place while the square lies as dealt, else as a
 * set; the pack by its size (with redeal=pack, by its cards, which a re-deal shuffles); the foundations
 * left out (they hold the cards of the deal that lie nowhere else).
 */
#define PACKS 2
#include "_search_tools.h"

#define GAME "Napoleon's Square"
#define MODULE "_napoleons_square_search"
#define PACKETS 12
#define OWN_RUNS                /* the runs of the pack are Napoleon's Square's own (pack_runs below) */
#define INDEPENDENT             /* after the deal made alone, the moves independent of it are left out */
#define MAX_REDEALS 32          /* the most re-deals in a row a description gives the order of the cards for */

/* Pile numbers, in the order of NapoleonsSquare.pile_names(). */
enum { PACKET1 = 0, FOUNDATION = 12, PACK = 20, TURNED_CARD = 21, TALON = 22 };

/* The deal made alone and the re-deal: steps of no cards from no pile, told apart by ``card``. */
enum { DEAL_ALONE = 0, REDEAL = 1 };

/* The most moves from a position, and steps.  Each packet's top card has a move up and two marriages
 * (onto the twins one higher); the card turned one up, two marriages, the vacancy and the talon; the
 * talon's one fewer; and the slips, one a king: 36 + 5 + 4 + 8.  The runs of the pack are the moves of
 * the card a deal turns, or the deal and the re-deal alone. */
#define MAX_MOVES 64
#define MAX_STEPS 128

typedef struct {
    uint8_t marries[53][53];    /* marries[under][card]: card may be married onto under (in suit, one lower) */
    uint8_t lying_on[53][53];   /* the cards that may be married onto a card: their number, then the cards */
    int redeal, slip;           /* the Note's remedies the option allows */
    int first;                  /* the re-deals made as the search began */
    int nperms, width;          /* the re-deals given, and the cards each shuffles */
    uint8_t perm[MAX_REDEALS][CARDS];  /* after re-deal first + 1 + i, place j holds the card taken up j-th */
} Rules;

typedef struct {
    Stack packet[PACKETS];
    Stack pack;                 /* bottom first: the next card to turn on top */
    int turned;                 /* the card just turned, 0 for none */
    Stack talon;
    Foundations up;
    int redeals;                /* the re-deals made */
    int dealt_alone;            /* the step that led here was the deal alone (solve._children's ``last``) */
    int size;                   /* the cards of a packet as dealt: 4, or 1 with square=single */
    int whole_pack;             /* redeal=pack: a re-deal shuffles the pack too */
} State;

/* What a step changed, to take it back. */
typedef struct {
    Step step;
    uint8_t dealt_alone, place; /* place: where a king slipped underneath lay */
} Undo;

/* ----------------------------------------------------------------- the square */
/* NapoleonsSquare.square_as_dealt: no card played, married or turned. */
static int as_dealt(const State *s) {
    if (s->turned || s->talon.n)
        return 0;
    for (int p = 0; p < PACKETS; p++)
        if (s->packet[p].n != s->size)
            return 0;
    for (int f = 0; f < FOUNDATION_PILES; f++)
        if (s->up.slot_suit[f] >= 0)
            return 0;
    return 1;
}

/* Whether the king at ``i`` of the packet ``cards`` blocks a smaller card of its suit beneath it. */
static inline int blocks(const uint8_t *cards, int i) {
    for (int j = 0; j < i; j++)
        if (suit_of(cards[j]) == suit_of(cards[i]) && rank_of(cards[j]) != 13)
            return 1;
    return 0;
}

/* blocking_kings (NapoleonsSquare's): the suits in which two kings block two smaller cards of their suit,
 * as bits; the square lies as dealt, so a packet holds four cards at most. */
static int note_suits(const State *s) {
    int kings[SUITS] = {0}, suits = 0;
    uint64_t blocked[SUITS] = {0};
    for (int p = 0; p < PACKETS; p++) {
        const uint8_t *cards = s->packet[p].cards;
        for (int i = 0; i < s->packet[p].n; i++) {
            int suit = suit_of(cards[i]), under = 0;
            if (rank_of(cards[i]) != 13)
                continue;
            for (int j = 0; j < i; j++)
                if (suit_of(cards[j]) == suit && rank_of(cards[j]) != 13) {
                    blocked[suit] |= 1ULL << (4 * p + j);
                    under = 1;
                }
            kings[suit] += under;
        }
    }
    for (int suit = 0; suit < SUITS; suit++)
        if (kings[suit] >= 2 && __builtin_popcountll(blocked[suit]) >= 2)
            suits |= 1 << suit;
    return suits;
}

/* Whether the re-deal may be made (NapoleonsSquare._remedies; the description gives the shuffle of every
 * re-deal the Note may allow). */
static inline int may_redeal(const Rules *r, const State *s) {
    return r->redeal && s->redeals - r->first < r->nperms && as_dealt(s) && note_suits(s);
}

/* The packets' order for a key while the square lies as dealt (the talon's 13, the pack's 14). */
static const int PLACE_MARKS[PACKETS] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
static const int TALON_MARK[1] = {13}, PACK_MARK[1] = {14};

static Key key_of(const State *s) {
    uint64_t fa = 0, fb = 0;
    int dealt = as_dealt(s);
    set_hash(s->packet, dealt ? PLACE_MARKS : NULL, PACKETS, &fa, &fb);
    set_hash(&s->talon, TALON_MARK, 1, &fa, &fb);
    if (s->whole_pack)
        set_hash(&s->pack, PACK_MARK, 1, &fa, &fb);
    uint64_t w = (uint64_t)s->pack.n | (uint64_t)s->turned << 7 | (uint64_t)dealt << 13 | (uint64_t)s->redeals << 14;
    return key_from(fa, fb, 0, w);
}

/* ----------------------------------------------------------------- moves */
/* The moves of ``card`` from the card turned or the talon (``src``), in the order of _card_moves: to its
 * foundation, in marriage onto the packets and into the first vacancy (Rule II), in the packets' order,
 * and, just turned, to the talon. */
static int card_moves(const Rules *r, const State *s, int src, int card, Step *out) {
    int k = 0, slot, vacancy = first_empty(s->packet, PACKETS);
    if (goes_up(&s->up, card, &slot))
        out[k++] = move_step(src, FOUNDATION + slot, 1, card);
    for (int p = 0; p < PACKETS; p++) {
        const Stack *onto = &s->packet[p];
        if (p == vacancy)
            out[k++] = move_step(src, PACKET1 + p, 1, card);
        else if (onto->n && r->marries[stack_top(onto)][card])
            out[k++] = move_step(src, PACKET1 + p, 1, card);
    }
    if (src == TURNED_CARD)
        out[k++] = move_step(TURNED_CARD, TALON, 1, card);
    return k;
}

/* The legal moves but those of the pack (all of them useful: ``useful`` changes nothing), in the order of
 * NapoleonsSquare.generate_legal_moves: each packet's top card up and in marriage onto the packets (Rule
 * I); the card turned's and the talon's (card_moves); while the square lies as dealt, each king that
 * blocks two smaller cards of its suit with another slipped underneath (once for two alike in a packet).
 * Each move's kind in ``kind``, if given: to a foundation, emptying a pile, or between. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int k = 0, slot;
    (void)useful;
    for (int p = 0; p < PACKETS; p++) {
        if (!s->packet[p].n)
            continue;
        int card = stack_top(&s->packet[p]);
        if (goes_up(&s->up, card, &slot))
            out[k++] = move_step(PACKET1 + p, FOUNDATION + slot, 1, card);
        for (int q = 0; q < PACKETS; q++)
            if (s->packet[q].n && r->marries[stack_top(&s->packet[q])][card])
                out[k++] = move_step(PACKET1 + p, PACKET1 + q, 1, card);
    }
    if (s->turned)
        k += card_moves(r, s, TURNED_CARD, s->turned, out + k);
    if (s->talon.n)
        k += card_moves(r, s, TALON, stack_top(&s->talon), out + k);
    int suits = r->slip && as_dealt(s) ? note_suits(s) : 0;
    for (int p = 0; suits && p < PACKETS; p++) {
        const uint8_t *cards = s->packet[p].cards;
        for (int i = 1; i < s->packet[p].n; i++) {
            int king = cards[i], again = 0, blocking = 0;
            if (rank_of(king) != 13 || !(suits >> suit_of(king) & 1))
                continue;
            for (int j = 1; j < i; j++)
                again |= cards[j] == king;
            for (int j = i; j < s->packet[p].n; j++)
                blocking |= cards[j] == king && blocks(cards, j);
            if (!again && blocking)
                out[k++] = move_step(PACKET1 + p, PACKET1 + p, 1, king);
        }
    }
    if (kind)
        for (int i = 0; i < k; i++) {
            int src = out[i].src, size = src == TURNED_CARD ? 1 : src == TALON ? s->talon.n : s->packet[src].n;
            kind[i] = (unsigned)(out[i].dst - FOUNDATION) < FOUNDATION_PILES ? OUT : size == 1 ? EMPTYING : BETWEEN;
        }
    return k;
}

/* NapoleonsSquare.safe_move: once play has begun, the first move up of a card whose cards one lower in
 * its suit (of both packs) are up already; -1 if none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    return as_dealt(s) ? -1 : first_safe(moves, n, &s->up, r->lying_on, FOUNDATION, -1);
}

/* NapoleonsSquare.independent: after the deal made alone, a move not of the card it turned could have
 * been made before it. */
static inline int independent(const Rules *r, const State *s, const Step *m) {
    (void)r;
    return s->dealt_alone && m->src != TURNED_CARD;
}

/* The runs of the pack from here (NapoleonsSquare.pack_runs), in the order the search tries them: where
 * the deal is the one move of the pack, the deal and each move of the card it turns (card_moves); where
 * the re-deal may be made too, the deal alone and the re-deal (solve._children).  Their number. */
static int pack_runs(const Rules *r, State *s, Step *runs, int room) {
    (void)room;
    if (s->turned || !s->pack.n)
        return 0;
    if (may_redeal(r, s)) {
        runs[0] = move_step(NOWHERE, NOWHERE, 0, DEAL_ALONE);
        runs[1] = move_step(NOWHERE, NOWHERE, 0, REDEAL);
        return 2;
    }
    int n = card_moves(r, s, TURNED_CARD, stack_top(&s->pack), runs);
    for (int i = 0; i < n; i++)
        runs[i].packs = 1;
    return n;
}

/* ----------------------------------------------------------------- play */
/* ``n`` cards pushed onto ``p``, cleared first. */
static void stack_set(Stack *p, const uint8_t *cards, int n) {
    stack_clear(p);
    for (int i = 0; i < n; i++)
        stack_push(p, cards[i]);
}

/* The Note's re-deal (NapoleonsSquare._redeal), or (``back``) the re-deal taken back: the square taken
 * up, packet by packet, each from its bottom card (and with redeal=pack the pack, from its next card),
 * and dealt again in the order of the next re-deal's shuffle. */
static void redeal(const Rules *r, State *s, int back) {
    uint8_t taken[CARDS], dealt[CARDS];
    int size = s->size, square = PACKETS * size, width = r->width;
    const uint8_t *perm = r->perm[(back ? s->redeals - 1 : s->redeals) - r->first];
    uint8_t *from = back ? dealt : taken, *to = back ? taken : dealt;
    for (int p = 0; p < PACKETS; p++)
        memcpy(from + p * size, s->packet[p].cards, (size_t)size);
    for (int j = square; j < width; j++)
        from[j] = s->pack.cards[width - 1 - j];
    for (int j = 0; j < width; j++)
        if (back)
            to[perm[j]] = from[j];
        else
            to[j] = from[perm[j]];
    for (int p = 0; p < PACKETS; p++)
        stack_set(&s->packet[p], to + p * size, size);
    if (width > square) {
        uint8_t pack[CARDS];
        for (int j = square; j < width; j++)
            pack[width - 1 - j] = to[j];
        stack_set(&s->pack, pack, width - square);
    }
    s->redeals += back ? -1 : 1;
}

/* NapoleonsSquare._slip: the uppermost of the kings ``king`` of packet ``p`` that blocks a smaller card of
 * its suit slipped underneath; where it lay. */
static int slip(State *s, int p, int king) {
    uint8_t cards[CARDS];
    int n = s->packet[p].n, at = n - 1;
    while (s->packet[p].cards[at] != king || !blocks(s->packet[p].cards, at))
        at--;
    cards[0] = (uint8_t)king;
    memcpy(cards + 1, s->packet[p].cards, (size_t)at);
    memcpy(cards + at + 1, s->packet[p].cards + at + 1, (size_t)(n - at - 1));
    stack_set(&s->packet[p], cards, n);
    return at;
}

static void slip_back(State *s, int p, int at) {
    uint8_t cards[CARDS];
    int n = s->packet[p].n;
    memcpy(cards, s->packet[p].cards + 1, (size_t)at);
    cards[at] = s->packet[p].cards[0];
    memcpy(cards + at + 1, s->packet[p].cards + at + 1, (size_t)(n - at - 1));
    stack_set(&s->packet[p], cards, n);
}

static inline Stack *pile_of(State *s, int pile) { return pile == TALON ? &s->talon : &s->packet[pile - PACKET1]; }

static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    u->step = *m;
    u->dealt_alone = (uint8_t)s->dealt_alone;
    s->dealt_alone = 0;
    if (m->src == NOWHERE) {
        if (m->card == REDEAL)
            redeal(r, s, 0);
        else {
            s->turned = stack_top(&s->pack);
            s->pack.n--;
            s->dealt_alone = 1;
        }
        return;
    }
    if (m->packs) {
        s->turned = stack_top(&s->pack);
        s->pack.n--;
    }
    if (m->src == m->dst) {
        u->place = (uint8_t)slip(s, m->src - PACKET1, m->card);
        return;
    }
    uint8_t card;
    if (m->src == TURNED_CARD) {
        card = (uint8_t)s->turned;
        s->turned = 0;
    } else
        stack_take(pile_of(s, m->src), 1, &card);
    if ((unsigned)(m->dst - FOUNDATION) < FOUNDATION_PILES)
        found(&s->up, m->dst - FOUNDATION, card);
    else
        stack_push(pile_of(s, m->dst), card);
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    s->dealt_alone = u->dealt_alone;
    if (m->src == NOWHERE) {
        if (m->card == REDEAL)
            redeal(r, s, 1);
        else {
            stack_push(&s->pack, s->turned);
            s->turned = 0;
        }
        return;
    }
    if (m->src == m->dst)
        slip_back(s, m->src - PACKET1, u->place);
    else {
        uint8_t card;
        if ((unsigned)(m->dst - FOUNDATION) < FOUNDATION_PILES)
            card = (uint8_t)unfound(&s->up, m->dst - FOUNDATION);
        else
            stack_take(pile_of(s, m->dst), 1, &card);
        if (m->src == TURNED_CARD)
            s->turned = card;
        else
            stack_push(pile_of(s, m->src), card);
    }
    if (m->packs) {
        stack_push(&s->pack, s->turned);
        s->turned = 0;
    }
}

static inline int is_won(const State *s) { return all_up(&s->up); }

/* ----------------------------------------------------------------- Python */
/* The position and the rules from NapoleonsSquare.description(): (packets, foundations, pack, turned,
 * talon, redeals, shuffles, marriages, size, redeal, slip, whole_pack); the packets, the pack, the card
 * turned and the talon as bytes of card codes, bottom first, the foundations as eight (suit or -1, cards)
 * in their order, the shuffles the order of the cards after each re-deal the Note may still allow (bytes:
 * place j holds the card taken up at that number), marriages the table of builds of a marriage, 53 by 53
 * bytes, size the cards of a packet as dealt, and whether the options allow a re-deal, a slip, and a
 * re-deal of the whole pack. */
static int read_description(PyObject *d, Rules *r, State *s) {
    PyObject *packets, *foundations, *pack, *turned, *talon, *shuffles, *marries;
    memset(s, 0, sizeof(*s));
    if (!PyArg_ParseTuple(d, "O!OOOOiO!Oippp;a description of a Napoleon's Square position", &PyTuple_Type,
                          &packets, &foundations, &pack, &turned, &talon, &s->redeals, &PyTuple_Type, &shuffles,
                          &marries, &s->size, &r->redeal, &r->slip, &s->whole_pack))
        return 0;
    if (PyTuple_GET_SIZE(packets) != PACKETS || (s->size != 1 && s->size != 4) || s->redeals < 0) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Napoleon's Square position: twelve packets, "
                        "of 1 or 4 cards as dealt, and the re-deals made");
        return 0;
    }
    uint8_t met[53] = {0};
    if (!table_of(marries, r->marries, r->lying_on, GAME) || !foundations_read(&s->up, foundations, 1, 0, met, GAME))
        return 0;
    Stack card;
    int ok = stacks_read(s->packet, packets, PACKETS, met) && stack_read(&s->pack, pack, met)
             && stack_read(&card, turned, met) && card.n <= 1 && stack_read(&s->talon, talon, met);
    for (int c = 1; ok && c <= 52; c++)
        ok = met[c] == PACKS;
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Napoleon's Square position: the piles are bytes "
                        "of card codes, 1 to 52, each twice with the foundations' cards, and one card turned at most");
        return 0;
    }
    s->turned = card.n ? card.cards[0] : 0;
    r->first = s->redeals;
    r->nperms = (int)PyTuple_GET_SIZE(shuffles);
    r->width = PACKETS * s->size + (s->whole_pack ? CARDS - PACKETS * s->size : 0);
    ok = r->nperms <= MAX_REDEALS;
    for (int i = 0; ok && i < r->nperms; i++) {
        PyObject *order = PyTuple_GET_ITEM(shuffles, i);
        uint8_t seen[CARDS] = {0};
        ok = PyBytes_Check(order) && PyBytes_GET_SIZE(order) == r->width;
        for (int j = 0; ok && j < r->width; j++) {
            int at = (unsigned char)PyBytes_AS_STRING(order)[j];
            ok = at < r->width && !seen[at]++;
            r->perm[i][j] = (uint8_t)at;
        }
    }
    if (!ok) {
        PyErr_Format(PyExc_ValueError, "not a description of a Napoleon's Square position: at most %d shuffles, "
                     "each an order of the %d cards a re-deal takes up", MAX_REDEALS, r->width);
        return 0;
    }
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__napoleons_square_search(void) { return search_module(); }
