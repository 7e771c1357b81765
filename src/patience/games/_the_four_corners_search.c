/* The Four Corners' thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on The Four Corners (patience/games/the_four_corners.py), in every reading of its options
 * (the re-deals allowed and when, where a foundation card goes, which cards may be played during the deal,
 * how the packets are taken up): the same moves, in the same order, the same safe moves, the same positions
 * merged, counted the same way; only faster, on plain bytes.  The deal of a card and the re-deal are moves
 * of the pack, each a step alone (The Four Corners has no runs of the pack: no move is independent of
 * them), tried after the others: steps of no cards from no pile (NOWHERE), only one of which is legal at a
 * time (the deal while the pack lasts, the re-deal after).  The Four Corners proves nothing lost (it has no
 * blocked()), so a deal is lost here, as in the core's search, only once every line has been searched.
 * What the rules allow is given by the Python module (the options), and the line of a won deal is played
 * again through the Python engine, which checks every move; tests/games/test_searches_in_c.py holds the
 * moves, the steps and the verdicts of the two searches together.
 *
 * Two packs: a card's code is met twice, and the two cards of a code are alike in every rule.
 *
 * A position: the pack (bottom first, the next card to deal on top), the twelve packets in the order of the
 * deal, the eight foundation spaces (each its first card, an ace or a king, and its cards), the place in the
 * deal of the packet to take the next card and of the packet the card just dealt lies on, and the re-deals
 * made.  Its key is 128 bits of hash of that, as TheFourCorners.solver_key takes it: until the deal is over
 * and no re-deal is left, every pile by its place and the counters; then the packets as a set and the
 * foundations as a set (each suit has one foundation of each kind at most, so by the cards each kind holds
 * of each suit), the counters left out; and, as the core's search tells apart a position reached by a move
 * of the pack from the same position reached otherwise (solve._node), the move of the pack that led to it,
 * if one did.
 */
#define PACKS 2
#include "_search_tools.h"

#define GAME "The Four Corners"
#define MODULE "_the_four_corners_search"
#define OWN_RUNS                /* the moves of the pack are steps alone (pack_runs below) */
#define PACKETS 12

/* Pile numbers, in the order of TheFourCorners.pile_names(): the pack, the packets in the order of the
 * deal (DEAL_ORDER: corner 1, side 1 to 4, corner 2, corner 3, side 5 to 8, corner 4), the foundations. */
enum { PACK = 0, PACKET1 = 1, FOUNDATION = 13 };

/* The foundation space adjoining each packet of the deal order (-1: a corner). */
static const int ADJOINING[PACKETS] = {-1, 0, 1, 2, 3, -1, -1, 4, 5, 6, 7, -1};

/* When the packets may be taken up (the option ``redeal_when``). */
enum { BLOCKED = 0, STUCK = 1, ANY = 2 };

/* The move of the pack that led to a position. */
enum { NONE = 0, DEALT = 1, REDEALT = 2 };

/* The most moves from a position, and steps.  Each packet's top card goes to eight foundations at most, and
 * marries the twins one above and one below it (four packets at most); a sequence of c cards reverses onto
 * them in c - 1 ways: 12 * 8 + 12 * 4 + 104 * 4 moves at most.  The moves of the pack add one step. */
#define MAX_MOVES 640
#define MAX_STEPS 1280

typedef struct {
    int redeals;                /* the re-deals allowed */
    int redeal_when;            /* BLOCKED, STUCK or ANY */
    int in_turn;                /* places=in-turn: the spaces are filled in order */
    int as_dealt;               /* play_in_deal=as-dealt: during the deal only the card just dealt plays */
    int left_last;              /* take_up=left-last: the first packet taken up is dealt last */
    int reversed;               /* pile_order=reversed: each packet comes out its top card first */
} Rules;

typedef struct {
    Stack pack;                 /* bottom first: the next card to deal on top */
    Stack packet[PACKETS];      /* in the order of the deal */
    int base[FOUNDATION_PILES]; /* each space's first card, an ace or a king (0: empty) */
    int height[FOUNDATION_PILES];
    int deal_to, just_dealt;    /* places in the deal order, 1 to 12 (just_dealt 0: none) */
    int redeals, allowed;       /* the re-deals made, and allowed (the rules': a key needs them) */
    int last;                   /* NONE, DEALT or REDEALT */
} State;

/* What a step changed, to take it back. */
typedef struct {
    Step step;
    uint8_t deal_to, just_dealt, last;
    uint8_t sizes[PACKETS];     /* the packets' cards, as a re-deal took them up */
} Undo;

/* TheFourCorners._settled: the deal is over and no re-deal is left. */
static inline int settled(const State *s) { return !s->pack.n && s->redeals >= s->allowed; }

static inline int is_king(int card) { return rank_of(card) == FULL; }

#define PACK_MARK 13            /* the pack's mark among the packets', 1 to 12 */

/* TheFourCorners.solver_key, with the move of the pack that led here (solve._node): once settled, the
 * packets as a set and each foundation by its suit and kind (the counters left out); until then every pile
 * by its place, the foundations by their first cards and heights, and the counters. */
static Key key_of(const State *s) {
    uint64_t fa = 0, fb = 0, w = 0;
    if (settled(s)) {
        set_hash(s->packet, NULL, PACKETS, &fa, &fb);
        for (int f = 0; f < FOUNDATION_PILES; f++)
            if (s->height[f])
                w |= (uint64_t)s->height[f] << 4 * (2 * suit_of(s->base[f]) + is_king(s->base[f]));
        return key_from(fa, fb, (uint64_t)s->last << 16 | 1ULL << 18, w);
    }
    static const int marks[PACKETS] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    static const int pack_mark[1] = {PACK_MARK};
    set_hash(s->packet, marks, PACKETS, &fa, &fb);
    set_hash(&s->pack, pack_mark, 1, &fa, &fb);
    for (int f = 0; f < FOUNDATION_PILES; f++)
        if (s->height[f])
            w |= (uint64_t)((2 * suit_of(s->base[f]) + is_king(s->base[f])) << 4 | s->height[f]) << 7 * f;
    w |= (uint64_t)s->deal_to << 56 | (uint64_t)s->just_dealt << 60;
    return key_from(fa, fb, (uint64_t)s->redeals | (uint64_t)s->last << 16, w);
}

/* ----------------------------------------------------------------- foundations */
/* The card the foundation ``f`` waits for (Rule II: in suit, up from an ace, down from a king), 0 for
 * none (empty, or complete). */
static inline int next_card(const State *s, int f) {
    int h = s->height[f];
    if (!h || h == FULL)
        return 0;
    return is_king(s->base[f]) ? s->base[f] - h : s->base[f] + h;
}

/* TheFourCorners.is_foundation_card: an ace or a king that no foundation begins with. */
static int is_foundation_card(const State *s, int card) {
    if (rank_of(card) != 1 && !is_king(card))
        return 0;
    for (int f = 0; f < FOUNDATION_PILES; f++)
        if (s->height[f] && s->base[f] == card)
            return 0;
    return 1;
}

/* The space a foundation card takes first (in turn, the only one): the first empty; -1 if none. */
static inline int first_space(const State *s) {
    for (int f = 0; f < FOUNDATION_PILES; f++)
        if (!s->height[f])
            return f;
    return -1;
}

/* Whether the foundation ``f`` takes ``card`` (a foundation card if ``starts``) now. */
static inline int takes(const Rules *r, const State *s, int f, int card, int starts, int first) {
    return s->height[f] ? next_card(s, f) == card : starts && (!r->in_turn || f == first);
}

/* How many copies of ``card`` lie on the foundations (safe_move's count). */
static int copies_up(const State *s, int card) {
    int k = 0, value = rank_of(card);
    for (int f = 0; f < FOUNDATION_PILES; f++)
        if (s->height[f] && suit_of(s->base[f]) == suit_of(card))
            k += is_king(s->base[f]) ? value > FULL - s->height[f] : value <= s->height[f];
    return k;
}

/* ----------------------------------------------------------------- moves */
/* Marriages: in suit, one up or one down. */
static inline int marries(int under, int card) {
    return suit_of(under) == suit_of(card) && (under - card == 1 || card - under == 1);
}

/* sequence_at_top: how many cards at the top of a packet form a sequence in suit, ascending or
 * descending to the top card. */
static int sequence_at_top(const Stack *p) {
    int n = p->n;
    if (n < 2)
        return n;
    const uint8_t *c = p->cards;
    int step = c[n - 1] - c[n - 2];
    if ((step != 1 && step != -1) || suit_of(c[n - 1]) != suit_of(c[n - 2]))
        return 1;
    int i = n - 2;
    while (i && c[i] - c[i - 1] == step && suit_of(c[i]) == suit_of(c[i - 1]))
        i--;
    return n - i;
}

/* The legal moves but those of the pack (or, ``useful``, TheFourCorners.useful_moves's), in the order of
 * TheFourCorners.generate_legal_moves: each packet's top card, in the order of the deal, to the foundations
 * that take it (during the deal, a card not a foundation card only as the rules of the deal allow: on a
 * side packet, to the foundation adjoining it; with play_in_deal=as-dealt, only the card just dealt); after
 * the deal, onto the packets whose top card it marries, and, reversed with the sequence under it, onto the
 * same, two cards first, then three ...  Useful, once settled: a card's moves to the spaces but the first
 * left out (they are alike).  Each move's kind in ``kind``, if given: to a foundation, emptying its packet,
 * or between. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int k = 0, dealing = s->pack.n > 0, first = first_space(s);
    int fell = dealing && s->just_dealt ? s->just_dealt - 1 : -1;
    int alike = useful && settled(s);
    for (int p = 0; p < PACKETS; p++) {
        const Stack *from = &s->packet[p];
        if (!from->n)
            continue;
        int card = stack_top(from), starts = is_foundation_card(s, card);
        for (int f = 0; f < FOUNDATION_PILES; f++) {
            if (!takes(r, s, f, card, starts, first) || (alike && !s->height[f] && f != first))
                continue;
            if (dealing && !starts && ((r->as_dealt && p != fell) || (ADJOINING[p] >= 0 && ADJOINING[p] != f)))
                continue;
            out[k++] = move_step(PACKET1 + p, FOUNDATION + f, 1, card);
        }
        if (dealing)
            continue;
        int onto[PACKETS], n = 0;
        for (int q = 0; q < PACKETS; q++)
            if (q != p && s->packet[q].n && marries(stack_top(&s->packet[q]), card))
                onto[n++] = q;
        for (int count = 1, run = n ? sequence_at_top(from) : 0; count <= run; count++)
            for (int i = 0; i < n; i++)
                out[k++] = move_step(PACKET1 + p, PACKET1 + onto[i], count, card);
    }
    if (kind)
        for (int i = 0; i < k; i++)
            kind[i] = out[i].dst >= FOUNDATION ? OUT : out[i].n == s->packet[out[i].src - PACKET1].n ? EMPTYING : BETWEEN;
    return k;
}

/* TheFourCorners.safe_move: after the deal (and, with redeal_when=any, once no re-deal is left), the first
 * move to a foundation already begun of a card whose cards one above and one below in its suit (both
 * copies) are up; -1 if none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    if (s->pack.n || (r->redeal_when == ANY && s->redeals < r->redeals))
        return -1;
    for (int i = 0; i < n; i++) {
        const Step *m = &moves[i];
        if (m->dst < FOUNDATION || !s->height[m->dst - FOUNDATION])
            continue;
        int value = rank_of(m->card);
        if ((value == 1 || copies_up(s, m->card - 1) >= PACKS) && (value == FULL || copies_up(s, m->card + 1) >= PACKS))
            return i;
    }
    return -1;
}

/* Whether some card can be played to a foundation after the deal (or, ``married``, played or married). */
static int can_play(const Rules *r, const State *s, int married) {
    int first = first_space(s);
    for (int p = 0; p < PACKETS; p++) {
        if (!s->packet[p].n)
            continue;
        int card = stack_top(&s->packet[p]), starts = is_foundation_card(s, card);
        for (int f = 0; f < FOUNDATION_PILES; f++)
            if (takes(r, s, f, card, starts, first))
                return 1;
        for (int q = 0; married && q < PACKETS; q++)
            if (q != p && s->packet[q].n && marries(stack_top(&s->packet[q]), card))
                return 1;
    }
    return 0;
}

static inline int is_won(const State *s) { return all_at(s->height, FOUNDATION_PILES, FULL); }

/* The moves of the pack, each a step alone (generate_legal_moves): while the pack lasts, the deal, unless a
 * foundation card waits on a packet to be played; after it, the re-deal, while one is left and the game is
 * not won, when the rules allow it (redeal_when: no card can be played, or none played nor married, or at
 * any time).  Their number. */
static int pack_runs(const Rules *r, State *s, Step *runs, int room) {
    (void)room;
    if (s->pack.n) {
        for (int p = 0; p < PACKETS; p++)
            if (s->packet[p].n && is_foundation_card(s, stack_top(&s->packet[p])))
                return 0;
    } else if (s->redeals >= r->redeals || is_won(s)
               || (r->redeal_when != ANY && can_play(r, s, r->redeal_when == STUCK)))
        return 0;
    runs[0] = move_step(NOWHERE, NOWHERE, 0, 0);
    return 1;
}

/* ----------------------------------------------------------------- play */
/* TheFourCorners._take_up: the packets taken up in order (take_up_order), each from its bottom card (or,
 * pile_order=reversed, its top card), into the pack, the first taken up to be dealt first; the packets'
 * sizes kept in ``sizes``. */
static void take_up(const Rules *r, State *s, uint8_t *sizes) {
    uint8_t taken[CARDS];
    int n = 0;
    for (int i = 0; i < PACKETS; i++) {
        Stack *q = &s->packet[r->left_last ? PACKETS - 1 - i : i];
        sizes[i] = (uint8_t)q->n;
        for (int j = 0; j < q->n; j++)
            taken[n++] = q->cards[r->reversed ? q->n - 1 - j : j];
        stack_clear(q);
    }
    stack_clear(&s->pack);
    while (n)
        stack_push(&s->pack, taken[--n]);
}

/* The re-deal taken back: the packets laid again, as take_up took them up. */
static void lay_down(const Rules *r, State *s, const uint8_t *sizes) {
    const uint8_t *pack = s->pack.cards;
    int at = s->pack.n;         /* the pack's cards taken up before the next packet's: pack[at - 1] next */
    for (int i = 0; i < PACKETS; i++) {
        Stack *q = &s->packet[r->left_last ? PACKETS - 1 - i : i];
        int size = sizes[i];
        stack_clear(q);
        for (int j = 0; j < size; j++)
            stack_push(q, pack[at - 1 - (r->reversed ? size - 1 - j : j)]);
        at -= size;
    }
    stack_clear(&s->pack);
}

static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    u->step = *m;
    u->deal_to = (uint8_t)s->deal_to;
    u->just_dealt = (uint8_t)s->just_dealt;
    u->last = (uint8_t)s->last;
    if (m->src == NOWHERE) {
        if (s->pack.n) {        /* the deal: the top card of the pack on the packet whose turn it is */
            uint8_t card;
            stack_take(&s->pack, 1, &card);
            stack_push(&s->packet[s->deal_to - 1], card);
            s->just_dealt = s->deal_to;
            s->deal_to = s->deal_to % PACKETS + 1;
            s->last = DEALT;
        } else {
            take_up(r, s, u->sizes);
            s->deal_to = 1;
            s->just_dealt = 0;
            s->redeals++;
            s->last = REDEALT;
        }
        return;
    }
    s->last = NONE;
    Stack *from = &s->packet[m->src - PACKET1];
    /* A card withdrawn as it is dealt: "the next card in the pack is placed in its stead". */
    if (s->just_dealt && s->pack.n && m->src - PACKET1 == s->just_dealt - 1) {
        s->deal_to = s->just_dealt;
        s->just_dealt = 0;
    }
    if (m->dst >= FOUNDATION) {
        int f = m->dst - FOUNDATION;
        from->n--;
        if (!s->height[f]++)
            s->base[f] = m->card;
        return;
    }
    /* One card moved, or a sequence reversed: its cards go over one by one, the top first. */
    Stack *onto = &s->packet[m->dst - PACKET1];
    for (int i = 0; i < m->n; i++)
        stack_push(onto, from->cards[--from->n]);
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    if (m->src == NOWHERE) {
        if (s->last == DEALT)
            stack_push(&s->pack, s->packet[u->deal_to - 1].cards[--s->packet[u->deal_to - 1].n]);
        else {
            lay_down(r, s, u->sizes);
            s->redeals--;
        }
    } else if (m->dst >= FOUNDATION) {
        int f = m->dst - FOUNDATION;
        if (!--s->height[f])
            s->base[f] = 0;
        stack_push(&s->packet[m->src - PACKET1], m->card);
    } else {
        Stack *from = &s->packet[m->src - PACKET1], *onto = &s->packet[m->dst - PACKET1];
        for (int i = 0; i < m->n; i++)
            stack_push(from, onto->cards[--onto->n]);
    }
    s->deal_to = u->deal_to;
    s->just_dealt = u->just_dealt;
    s->last = u->last;
}

/* ----------------------------------------------------------------- Python */
/* The position and the rules from TheFourCorners.description(): (pack, packets, foundations, deal_to,
 * just_dealt, redeals, allowed, redeal_when, in_turn, as_dealt, left_last, reversed); the pack as bytes of
 * card codes, bottom first (the next card to deal last), the packets as bytes, bottom first, in the order
 * of the deal, the foundations as eight (first card, cards) in their order ((0, 0) for an empty space),
 * the counters, and the options: the re-deals allowed, redeal_when (0 blocked, 1 stuck, 2 any), and
 * whether places=in-turn, play_in_deal=as-dealt, take_up=left-last and pile_order=reversed. */
static int read_description(PyObject *d, Rules *r, State *s) {
    PyObject *pack, *packets, *foundations;
    memset(s, 0, sizeof(*s));
    if (!PyArg_ParseTuple(d, "OO!O!iiiiipppp;a description of a Four Corners position", &pack,
                          &PyTuple_Type, &packets, &PyTuple_Type, &foundations, &s->deal_to, &s->just_dealt,
                          &s->redeals, &r->redeals, &r->redeal_when, &r->in_turn, &r->as_dealt, &r->left_last,
                          &r->reversed))
        return 0;
    if (PyTuple_GET_SIZE(packets) != PACKETS) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Four Corners position: twelve packets");
        return 0;
    }
    if (PyTuple_GET_SIZE(foundations) != FOUNDATION_PILES) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Four Corners position: eight foundations");
        return 0;
    }
    if (s->deal_to < 1 || s->deal_to > PACKETS || s->just_dealt < 0 || s->just_dealt > PACKETS || s->redeals < 0
        || s->redeals > r->redeals || r->redeal_when < BLOCKED || r->redeal_when > ANY) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Four Corners position: deal_to 1 to 12, "
                        "just_dealt 0 to 12, the re-deals made no more than those allowed, and redeal_when 0 to 2");
        return 0;
    }
    uint8_t met[53] = {0};
    for (int f = 0; f < FOUNDATION_PILES; f++) {
        int base, h, twice = 0;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(foundations, f), "ii;a foundation is (its first card, cards)", &base,
                              &h))
            return 0;
        for (int g = 0; g < f; g++)
            twice |= h && s->height[g] && s->base[g] == base;
        if (h < 0 || h > FULL || (h && (base < 1 || base > 52 || (rank_of(base) != 1 && !is_king(base)) || twice))
            || (!h && base)) {
            PyErr_SetString(PyExc_ValueError, "not a description of a Four Corners position: a foundation is (its "
                            "first card, an ace or a king, and 1 to 13 cards), no two begun with one card, or (0, 0)");
            return 0;
        }
        s->base[f] = base;
        s->height[f] = h;
        for (int i = 0; i < h; i++)
            met[is_king(base) ? base - i : base + i]++;
    }
    int ok = stack_read(&s->pack, pack, met);
    ok = ok && stacks_read(s->packet, packets, PACKETS, met);
    for (int c = 1; ok && c <= 52; c++)
        ok = met[c] <= PACKS;
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Four Corners position: the piles are bytes of "
                        "card codes, 1 to 52, each twice at most with the foundations' cards");
        return 0;
    }
    s->allowed = r->redeals;
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__the_four_corners_search(void) { return search_module(); }
