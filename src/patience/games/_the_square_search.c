/* The Square's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on The Square (patience/games/the_square.py), in every reading of its options (when a space
 * is filled, where the talon's top card may go): the same moves, in the same order, the same runs of the
 * pack (a card turned, then used: Game.pack_runs, as TheSquare.independent lets the core make them), the
 * same positions merged, counted the same way; only faster, on plain bytes.  The Square has no safe move
 * and proves nothing lost (it has no blocked()), so a deal is lost here, as in the core's search, only
 * once every line has been searched.  What the rules allow is given by the Python module (the marriages'
 * table of builds, the options), and the line of a won deal is played again through the Python engine,
 * which checks every move; tests/games/test_searches_in_c.py holds the moves, the steps and the verdicts
 * of the two searches together.
 *
 * Two packs: a card's code is met twice, and the two cards of a code are alike in every rule.  A
 * foundation holds both cards of its suit's codes (ace up to king, the second king down to the second
 * ace): four foundations of 26 cards, not one a pack for each suit.
 *
 * A position: the sixteen packets (each bottom first), the four foundations (each its suit and its
 * cards), the pack (bottom first: the next card to turn on top), the card just turned and the talon.
 * Its key is 128 bits of hash of that, as TheSquare.solver_key takes it: the packets as a set, the
 * foundations as a set (so by the cards of each suit up: the corners differ only in the order the aces
 * took them), the card turned, the talon, and the pack by its size (it only ever gives up its top card).
 */
#define PACKS 2
/* The foundations: one a suit, of both packs, not one a pack for each suit as _search_tools.h counts them
 * unless told (the core's goes_out takes the FOUNDATION_PILES piles from FOUNDATION for those cards go
 * out to). */
#define FOUNDATION_PILES 4
#include "_search_tools.h"

#define FOUNDATION_FULL 26      /* a foundation's cards: ace to king, king to ace */

#define GAME "The Square"
#define MODULE "_the_square_search"
#define PACKETS 16
#define OWN_RUNS                /* the runs of the pack: a card turned, then used (pack_runs below) */

/* Pile numbers, in the order of TheSquare.pile_names(). */
enum { PACKET1 = 0, FOUNDATION = 16, PACK = 20, TURNED_CARD = 21, TALON = 22 };

/* The most moves from a position, and steps.  A packet's top card has a move up, a marriage onto each
 * packet whose top card is one above or below it in suit (four at most: two codes, twice each), and the
 * reversals of its sequence (two to thirteen cards) onto each of them: 1 + 4 + 12 × 4.  The card turned
 * has a move up, four marriages, the space and the talon; the talon's one fewer.  A run of the pack is a
 * card turned and one of its moves. */
#define MAX_MOVES (PACKETS * (1 + 4 + 12 * 4) + 7 + 6)
#define MAX_STEPS (2 * MAX_MOVES)

typedef struct {
    uint8_t marries[53][53];    /* marries[under][card]: card may be married onto under (in suit, one up or down) */
    uint8_t lying_on[53][53];   /* the cards that may be married onto a card (table_of's; no safe move needs them) */
    int at_once;                /* spaces=at-once: a space is filled before any other move */
    int talon_in_use;           /* from_talon=any: the talon's top card may go up and marry too */
} Rules;

typedef struct {
    Stack packet[PACKETS];
    int suit[FOUNDATION_PILES]; /* each foundation's suit (-1: its ace not yet come) */
    int height[FOUNDATION_PILES];   /* and its cards */
    Stack pack;                 /* bottom first: the next card to turn on top */
    int turned;                 /* the card just turned, 0 for none */
    Stack talon;
} State;

/* What a step changed, to take it back: the step says it all. */
typedef struct {
    Step step;
} Undo;

/* ----------------------------------------------------------------- foundations */
/* The value a foundation of ``height`` cards takes next (NEXT_VALUE: up to the king, a second king, down
 * to the ace), 0 once it is complete. */
static inline int next_value(int height) {
    return height < 13 ? height + 1 : height < FOUNDATION_FULL ? FOUNDATION_FULL - height : 0;
}

/* The card of ``suit`` at ``place`` (from 0) on its foundation. */
static inline int card_placed(int suit, int place) { return 13 * suit + next_value(place); }

/* Whether a foundation takes ``card`` now, and which (Rule II; the ``wants`` of
 * TheSquare.generate_legal_moves): its suit's, if begun, and the card is the next it takes; else, for an
 * ace, the first empty corner. */
static int wanted(const State *s, int card, int *corner) {
    int suit = suit_of(card), empty = -1;
    for (int f = 0; f < FOUNDATION_PILES; f++) {
        if (s->height[f] && s->suit[f] == suit) {
            *corner = f;
            return next_value(s->height[f]) == rank_of(card);
        }
        if (!s->height[f] && empty < 0)
            empty = f;
    }
    *corner = empty;
    return empty >= 0 && rank_of(card) == 1;
}

/* TheSquare.waiting_ace: whether ``card``, turned, is the first ace of its suit, which goes to its
 * corner before anything else is done. */
static inline int first_ace(const State *s, int card) {
    if (rank_of(card) != 1)
        return 0;
    for (int f = 0; f < FOUNDATION_PILES; f++)
        if (s->height[f] && s->suit[f] == suit_of(card))
            return 0;
    return 1;
}

/* ----------------------------------------------------------------- key */
static const int TALON_MARK[1] = {1};

static Key key_of(const State *s) {
    uint64_t fa = 0, fb = 0, w = 0;
    set_hash(s->packet, NULL, PACKETS, &fa, &fb);
    set_hash(&s->talon, TALON_MARK, 1, &fa, &fb);
    for (int f = 0; f < FOUNDATION_PILES; f++)
        if (s->height[f])
            w |= (uint64_t)s->height[f] << 5 * s->suit[f];
    w |= (uint64_t)s->pack.n << 20 | (uint64_t)s->turned << 27;
    return key_from(fa, fb, 0, w);
}

/* ----------------------------------------------------------------- moves */
/* TheSquare.generate_legal_moves's ``blocked``: with spaces=at-once, a space is open and a card can still
 * come to it (the card turned, the talon or the pack), so only a card from the pack or the talon moves,
 * into the space. */
static inline int space_waits(const Rules *r, const State *s, int space) {
    return space >= 0 && r->at_once && (s->turned || s->pack.n || s->talon.n);
}

/* The moves of ``card``, the card turned or the talon's top card (``src``), in the order of
 * generate_legal_moves: the first ace of a suit turned to its corner, alone; else, where the card is in
 * use, to its foundation; in the packets' order, in marriage onto them (where it is in use) and into the
 * first space; and, turned, to the talon once no space waits for it. */
static int card_moves(const Rules *r, const State *s, int src, int card, Step *out) {
    int k = 0, corner, space = first_empty(s->packet, PACKETS);
    if (src == TURNED_CARD && first_ace(s, card)) {
        if (wanted(s, card, &corner))
            out[k++] = move_step(src, FOUNDATION + corner, 1, card);
        return k;
    }
    int in_use = !space_waits(r, s, space) && (src == TURNED_CARD || r->talon_in_use);
    if (in_use && wanted(s, card, &corner))
        out[k++] = move_step(src, FOUNDATION + corner, 1, card);
    for (int p = 0; p < PACKETS; p++) {
        const Stack *onto = &s->packet[p];
        if (p == space || (in_use && onto->n && r->marries[stack_top(onto)][card]))
            out[k++] = move_step(src, PACKET1 + p, 1, card);
    }
    if (src == TURNED_CARD && space < 0)
        out[k++] = move_step(TURNED_CARD, TALON, 1, card);
    return k;
}

/* The cards at the top of ``p`` that form a sequence in suit, ascending or descending to its top card
 * (sequence_length): the run a reversal carries over. */
static int sequence_length(const Stack *p) {
    int up = p->n ? 1 : 0, down = up;
    while (up < p->n && p->cards[p->n - up - 1] + 1 == p->cards[p->n - up]
           && suit_of(p->cards[p->n - up - 1]) == suit_of(p->cards[p->n - up]))
        up++;
    while (down < p->n && p->cards[p->n - down - 1] == p->cards[p->n - down] + 1
           && suit_of(p->cards[p->n - down - 1]) == suit_of(p->cards[p->n - down]))
        down++;
    return up > down ? up : down;
}

/* The legal moves but the deal (all of them useful: ``useful`` changes nothing), in the order of
 * TheSquare.generate_legal_moves: the card turned, if it is the first ace of its suit, to its corner
 * alone; else, unless a space waits, each packet's top card up, in marriage onto the packets, and the
 * reversals of its sequence (two cards or more, if the card under its top marries it) onto the same
 * packets; then the card turned's and the talon's (card_moves).  Each move's kind in ``kind``, if given:
 * to a foundation, emptying a pile, or between. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int k = 0, corner;
    (void)useful;
    if (s->turned && first_ace(s, s->turned))
        k = card_moves(r, s, TURNED_CARD, s->turned, out);
    else {
        int waits = space_waits(r, s, first_empty(s->packet, PACKETS));
        for (int p = 0; p < PACKETS && !waits; p++) {
            const Stack *from = &s->packet[p];
            if (!from->n)
                continue;
            int card = stack_top(from), spouses[PACKETS], n = 0;
            if (wanted(s, card, &corner))
                out[k++] = move_step(PACKET1 + p, FOUNDATION + corner, 1, card);
            for (int q = 0; q < PACKETS; q++)
                if (s->packet[q].n && r->marries[stack_top(&s->packet[q])][card])
                    spouses[n++] = q;
            for (int i = 0; i < n; i++)
                out[k++] = move_step(PACKET1 + p, PACKET1 + spouses[i], 1, card);
            if (!n || from->n < 2 || !r->marries[from->cards[from->n - 2]][card])
                continue;
            int length = sequence_length(from);
            for (int count = 2; count <= length; count++)
                for (int i = 0; i < n; i++)
                    out[k++] = move_step(PACKET1 + p, PACKET1 + spouses[i], count, card);
        }
        if (s->turned)
            k += card_moves(r, s, TURNED_CARD, s->turned, out + k);
        if (s->talon.n)
            k += card_moves(r, s, TALON, stack_top(&s->talon), out + k);
    }
    if (kind)
        for (int i = 0; i < k; i++) {
            int src = out[i].src, size = src == TURNED_CARD ? 1 : src == TALON ? s->talon.n : s->packet[src].n;
            kind[i] = out[i].dst >= FOUNDATION && out[i].dst < PACK ? OUT : size == out[i].n ? EMPTYING : BETWEEN;
        }
    return k;
}

/* The Square has no safe move (Game.safe_move). */
static inline int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    (void)r; (void)s; (void)moves; (void)n;
    return -1;
}

/* ----------------------------------------------------------------- play */
static inline Stack *pile_of(State *s, int pile) { return pile == TALON ? &s->talon : &s->packet[pile - PACKET1]; }

/* Carry ``n`` cards from the top of ``from`` onto ``onto``, one by one (a reversal: its top card first). */
static inline void carry(Stack *from, Stack *onto, int n) {
    uint8_t cards[13];
    stack_take(from, n, cards);
    for (int i = n - 1; i >= 0; i--)
        stack_push(onto, cards[i]);
}

/* TheSquare.apply: the card turned (a run's deal), then the step's move. */
static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    if (m->packs) {
        s->turned = stack_top(&s->pack);
        s->pack.n--;
    }
    if (m->dst >= FOUNDATION && m->dst < PACK) {
        int f = m->dst - FOUNDATION;
        if (m->src == TURNED_CARD)
            s->turned = 0;
        else
            pile_of(s, m->src)->n--;
        if (!s->height[f]++)
            s->suit[f] = suit_of(m->card);
    } else if (m->src == TURNED_CARD) {
        stack_push(pile_of(s, m->dst), s->turned);
        s->turned = 0;
    } else
        carry(pile_of(s, m->src), pile_of(s, m->dst), m->n);
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    (void)r;
    if (m->dst >= FOUNDATION && m->dst < PACK) {
        int f = m->dst - FOUNDATION;
        if (!--s->height[f])
            s->suit[f] = -1;
        if (m->src == TURNED_CARD)
            s->turned = m->card;
        else
            stack_push(pile_of(s, m->src), m->card);
    } else if (m->src == TURNED_CARD) {
        pile_of(s, m->dst)->n--;
        s->turned = m->card;
    } else
        carry(pile_of(s, m->dst), pile_of(s, m->src), m->n);
    if (m->packs) {
        stack_push(&s->pack, s->turned);
        s->turned = 0;
    }
}

static inline int is_won(const State *s) { return all_at(s->height, FOUNDATION_PILES, FOUNDATION_FULL); }

/* The runs of the pack (Game.pack_runs, through TheSquare.independent): where the card turned has gone
 * and the pack holds one, the deal, then each move of the card it turns (card_moves, out first: the
 * order solve.runs_using gives them).  Their number. */
static int pack_runs(const Rules *r, State *s, Step *runs, int room) {
    (void)room;
    if (s->turned || !s->pack.n)
        return 0;
    int card = stack_top(&s->pack);
    s->turned = card;
    s->pack.n--;
    int n = card_moves(r, s, TURNED_CARD, card, runs);
    s->pack.n++;
    s->turned = 0;
    for (int i = 0; i < n; i++)
        runs[i].packs = 1;
    return n;
}

/* ----------------------------------------------------------------- Python */
/* The position and the rules from TheSquare.description(): (packets, foundations, pack, turned, talon,
 * marriages, at_once, talon_in_use); the packets, the pack, the card turned and the talon as bytes of
 * card codes, bottom first, the foundations as four (suit or -1, cards) in their order, marriages the
 * table of builds of a marriage, 53 by 53 bytes, and whether a space is filled at once (spaces=at-once)
 * and the talon's top card is in use (from_talon=any). */
static int read_description(PyObject *d, Rules *r, State *s) {
    PyObject *packets, *foundations, *pack, *turned, *talon, *marries;
    memset(s, 0, sizeof(*s));
    if (!PyArg_ParseTuple(d, "O!O!OOOOpp;a description of a Square position", &PyTuple_Type, &packets,
                          &PyTuple_Type, &foundations, &pack, &turned, &talon, &marries, &r->at_once,
                          &r->talon_in_use))
        return 0;
    if (PyTuple_GET_SIZE(packets) != PACKETS || PyTuple_GET_SIZE(foundations) != FOUNDATION_PILES) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Square position: sixteen packets and four "
                        "foundations");
        return 0;
    }
    if (!table_of(marries, r->marries, r->lying_on, GAME))
        return 0;
    uint8_t met[53] = {0};
    int begun = 0;
    for (int f = 0; f < FOUNDATION_PILES; f++) {
        int suit, height;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(foundations, f), "ii;a foundation is (suit, cards)", &suit, &height))
            return 0;
        if (height < 0 || height > FOUNDATION_FULL || (height && (suit < 0 || suit >= SUITS || begun >> suit & 1))) {
            PyErr_SetString(PyExc_ValueError, "not a description of a Square position: a foundation is (its suit, "
                            "0 to 3, and 1 to 26 cards), a suit at most once, or (-1, 0)");
            return 0;
        }
        s->suit[f] = height ? suit : -1;
        s->height[f] = height;
        begun |= height ? 1 << suit : 0;
        for (int place = 0; place < height; place++)
            met[card_placed(suit, place)]++;
    }
    Stack card;
    int ok = stacks_read(s->packet, packets, PACKETS, met) && stack_read(&s->pack, pack, met)
             && stack_read(&card, turned, met) && card.n <= 1 && stack_read(&s->talon, talon, met);
    for (int c = 1; ok && c <= 52; c++)
        ok = met[c] == PACKS;
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Square position: the piles are bytes of card "
                        "codes, 1 to 52, each twice with the foundations' cards, and one card turned at most");
        return 0;
    }
    s->turned = card.n ? card.cards[0] : 0;
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__the_square_search(void) { return search_module(); }
