/* La Nivernaise's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on La Nivernaise (patience/games/la_nivernaise.py), in every reading of its options (Rule
 * II's cards examined ``under`` the uppermost or ``count``ed with it, the last vacancy kept or not): the
 * same useful moves, in the same order, the same safe moves, the same positions merged, counted the same
 * way; only faster, on plain bytes.  La Nivernaise proves nothing lost (it has no blocked()), so a deal is
 * lost here, as in the core's search, only once every line has been searched.  The line of a won deal is
 * played again through the Python engine, which checks every move; tests/games/test_searches_in_c.py holds
 * the moves, the steps and the verdicts of the two searches together.
 *
 * Two packs: a card's code is met twice, and the two cards of a code are alike in every rule.
 *
 * The deal (a round of four cards on each packet of the Line) and the re-deal (the Line taken up from the
 * left and dealt again) are the moves of the pack, and no move is independent of them, so the core
 * searches each as a step of its own, after every other: here they are the game's own "runs" of the pack
 * (pack_runs below), each a run of one move of no cards (the deal from the pack to no pile, the re-deal
 * from no pile to the pack).  Filling a vacancy of the Flanks from the pack is a move of its own, of no
 * cards (from the pack to the place).
 *
 * A position: the pack (bottom first: the next card dealt on top), the Flanks' eight places (a card or
 * none), the eight foundations (four of aces, up, then four of kings, down: each one's suit and cards),
 * the Line's six packets (each bottom first), the re-deals made, and the move of the pack that led to it
 * (the core's search keeps a position so reached apart: solve._node).  Which cards of a packet lie face
 * down follows from its cards and the vacancies of the Flanks (Rule II), and is not kept.  Its key is 128
 * bits of hash of that, as LaNivernaise.solver_key takes it: the pack and the packets in their order, the
 * Flanks' cards as a set, and the foundations as a set (each suit's ascending and descending heights).
 */
#define PACKS 2
#define OWN_RUNS                /* the deal and the re-deal, each the game's own run of the pack */
#include "_search_tools.h"

#define GAME "La Nivernaise"
#define MODULE "_la_nivernaise_search"
#define FLANKS 8
#define PACKETS 6               /* the Line's */
#define PACKET 4                /* the cards dealt together onto a packet */
#define KINGS 4                 /* the first of the kings' foundations: the aces' come before */

/* Pile numbers, in the order of LaNivernaise.pile_names(): the pack, the Flanks, the foundations, the
 * Line. */
enum { PACK = 0, FLANK1 = 1, FOUNDATION = 9, LINE1 = 17 };

/* The move of the pack that led to a position (solve._node): none, the deal, the re-deal. */
enum { NO_PACK_MOVE = 0, DEALT = 1, REDEALT = 2 };

/* The most moves from a position: each of eight Flanks' cards and six packets' to two foundations at
 * most, each packet's into eight vacancies, eight exchanges, eight fillings from the pack. */
#define MAX_MOVES 128
#define MAX_STEPS 256

typedef struct {
    int under;                  /* Rule II: examine=under (else count) */
    int keep_vacancy;           /* the last vacancy of the Flanks may not be filled */
} Rules;

typedef struct {
    Stack pack;                 /* bottom first: the next card dealt on top */
    int flank[FLANKS];          /* each place's card, 0 for a vacancy */
    int suit[FOUNDATION_PILES], height[FOUNDATION_PILES];  /* the foundations: the suit (-1: none), the cards */
    Stack packet[PACKETS];      /* the Line, bottom first */
    int redeals;                /* the re-deals made */
    int last;                   /* the move of the pack that led here */
} State;

/* What a step changed, to take it back: the move of the pack that led to the position before it, the
 * pack's cards before the step dealt any (onto a packet played off, or a round), and the packets' cards
 * as the re-deal took them up. */
typedef struct {
    Step step;
    uint8_t last, pack;
    uint8_t taken_up[PACKETS];
} Undo;

#define PACK_MARK 0xdaa66d2c7ddf743fULL
#define FLANK_MARK 0x3c6ef372fe94f82aULL
#define PACKET_MARK 0x9e3779b97f4a7c15ULL  /* (times the packet's number, from 1) */

/* LaNivernaise.solver_key, with solve._node's move of the pack. */
static Key key_of(const State *s) {
    uint64_t fa = share_a(s->pack.ha[s->pack.n], PACK_MARK), fb = share_b(s->pack.hb[s->pack.n], PACK_MARK);
    for (int p = 0; p < PACKETS; p++) {
        uint64_t mark = PACKET_MARK * (uint64_t)(p + 1);
        fa += share_a(s->packet[p].ha[s->packet[p].n], mark);
        fb += share_b(s->packet[p].hb[s->packet[p].n], mark);
    }
    for (int f = 0; f < FLANKS; f++)
        if (s->flank[f]) {  /* a place of one card, as a pile's hash; the places as a set */
            fa += share_a(hash_on_a(HA0, s->flank[f]), FLANK_MARK);
            fb += share_b(hash_on_b(HB0, s->flank[f]), FLANK_MARK);
        }
    uint64_t w = 0;  /* the foundations as a set: each suit's ascending and descending heights */
    for (int f = 0; f < FOUNDATION_PILES; f++)
        if (s->height[f])
            w |= (uint64_t)s->height[f] << (8 * s->suit[f] + 4 * (f >= KINGS));
    w |= (uint64_t)s->redeals << 32 | (uint64_t)s->last << 34;
    return key_from(fa, fb, (uint64_t)s->pack.n, w);
}

/* ----------------------------------------------------------------- Rule II */
/* LaNivernaise.examined: the cards of each packet that may be seen, with ``vacancies`` in the Flanks. */
static inline int examined(const Rules *r, int vacancies) {
    return r->under ? vacancies + 1 : vacancies > 1 ? vacancies : 1;
}

/* ----------------------------------------------------------------- moves */
/* The top card of the foundation ``f`` (begun). */
static inline int foundation_top(const State *s, int f) {
    return s->suit[f] * 13 + (f < KINGS ? s->height[f] : FULL + 1 - s->height[f]);
}

/* The legal moves but those of the pack (or, ``useful``, LaNivernaise.useful_moves's: into the first
 * vacancy of the Flanks only), in the order of LaNivernaise.generate_legal_moves: the Flanks' cards to the
 * foundations that take them, each packet's uppermost card to the foundations and into the vacancies of the
 * Flanks (unless the last is kept), each foundation's top card to the foundation of the other kind begun in
 * its suit that takes it (the exchange), and the pack's card into the vacancies.  Each move's kind in
 * ``kind``, if given: to a foundation; from a packet into a vacancy, turning a card of it up (Rule II,
 * seen as the move begins), emptying it, or between; the filling from the pack, between. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int k = 0, takers[FOUNDATION_PILES], vacant[FLANKS], nvacant = 0;
    for (int f = 0; f < FLANKS; f++)
        if (!s->flank[f])
            vacant[nvacant++] = f;
    int may_fill = nvacant && !(r->keep_vacancy && nvacant == 1), into = useful && nvacant ? 1 : nvacant;
    int seen = examined(r, nvacant);
    for (int f = 0; f < FLANKS; f++) {
        int card = s->flank[f], n = card ? aces_and_kings_takers(s->suit, s->height, card, takers) : 0;
        for (int i = 0; i < n; i++) {
            if (kind)
                kind[k] = OUT;
            out[k++] = move_step(FLANK1 + f, FOUNDATION + takers[i], 1, card);
        }
    }
    for (int p = 0; p < PACKETS; p++) {
        const Stack *packet = &s->packet[p];
        if (!packet->n)
            continue;
        int card = stack_top(packet), n = aces_and_kings_takers(s->suit, s->height, card, takers);
        for (int i = 0; i < n; i++) {
            if (kind)
                kind[k] = OUT;
            out[k++] = move_step(LINE1 + p, FOUNDATION + takers[i], 1, card);
        }
        if (!may_fill)
            continue;
        int left = packet->n - 1, down = packet->n > seen ? packet->n - seen : 0;
        for (int v = 0; v < into; v++) {
            if (kind)
                kind[k] = !left ? EMPTYING : left <= down ? TURNING : BETWEEN;
            out[k++] = move_step(LINE1 + p, FLANK1 + vacant[v], 1, card);
        }
    }
    for (int f = 0; f < FOUNDATION_PILES; f++) {
        if (s->height[f] < 2)
            continue;
        int card = foundation_top(s, f), n = aces_and_kings_takers(s->suit, s->height, card, takers);
        for (int i = 0; i < n; i++) {
            int to = takers[i];
            if ((to >= KINGS) != (f >= KINGS) && s->height[to] && s->suit[to] == s->suit[f]) {
                if (kind)
                    kind[k] = OUT;
                out[k++] = move_step(FOUNDATION + f, FOUNDATION + to, 1, card);
            }
        }
    }
    if (s->pack.n && may_fill)
        for (int v = 0; v < into; v++) {
            if (kind)
                kind[k] = BETWEEN;
            out[k++] = move_step(PACK, FLANK1 + vacant[v], 0, 0);
        }
    return k;
}

/* LaNivernaise.safe_move: the first move to a foundation from the Flanks, or, once the Line has been
 * re-dealt, from a packet that keeps a card under it (or when the pack is dealt out); -1 if none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    (void)r;
    for (int i = 0; i < n; i++) {
        const Step *m = &moves[i];
        if ((unsigned)(m->dst - FOUNDATION) >= FOUNDATION_PILES || (m->src >= FOUNDATION && m->src < LINE1))
            continue;
        if (m->src < FOUNDATION || (s->redeals >= 1 && (!s->pack.n || s->packet[m->src - LINE1].n > 1)))
            return i;
    }
    return -1;
}

/* The moves of the pack, tried after every other as the core tries them: the deal while the pack lasts,
 * then the re-deal while none is made and the Line holds cards (LaNivernaise.generate_legal_moves); each a
 * "run" of one move of no cards (Game.pack_runs has none to give: no move is independent of them). */
static int pack_runs(const Rules *r, const State *s, Step *runs, int room) {
    (void)r;
    if (room < 1)
        return 0;
    if (s->pack.n) {
        runs[0] = move_step(PACK, NOWHERE, 0, 0);
        return 1;
    }
    if (s->redeals >= 1)
        return 0;
    for (int p = 0; p < PACKETS; p++)
        if (s->packet[p].n) {
            runs[0] = move_step(NOWHERE, PACK, 0, 0);
            return 1;
        }
    return 0;
}

/* ----------------------------------------------------------------- play */
/* LaNivernaise._deal_onto: four cards of the pack (or what is left of it) dealt together onto each of the
 * packets ``first`` to ``end`` - 1 in turn, the pack's top card lowest. */
static void deal_onto(State *s, int first, int end) {
    Stack *pack = &s->pack;
    for (int p = first; p < end && pack->n; p++)
        for (int i = 0; i < PACKET && pack->n; i++)
            stack_push(&s->packet[p], pack->cards[--pack->n]);
}

/* The cards dealt onto the packets ``first`` to ``end`` - 1 from a pack of ``before`` cards put back. */
static void undeal(State *s, int first, int end, int before) {
    int dealt[PACKETS] = {0}, left = before;
    for (int p = first; p < end && left; p++) {
        dealt[p] = left < PACKET ? left : PACKET;
        left -= dealt[p];
    }
    for (int p = end - 1; p >= first; p--) {
        Stack *packet = &s->packet[p];
        for (int i = 0; i < dealt[p]; i++)  /* (the cards dealt together, the uppermost back first) */
            stack_push(&s->pack, packet->cards[packet->n - 1 - i]);
        packet->n -= dealt[p];
    }
}

/* The card taken off the pile ``pile`` (a place of the Flanks, a foundation, a packet); and a card put on
 * one. */
static int take_from(State *s, int pile) {
    if (pile < FOUNDATION) {
        int card = s->flank[pile - FLANK1];
        s->flank[pile - FLANK1] = 0;
        return card;
    }
    if (pile < LINE1) {
        int f = pile - FOUNDATION, card = foundation_top(s, f);
        if (!--s->height[f])
            s->suit[f] = -1;
        return card;
    }
    return s->packet[pile - LINE1].cards[--s->packet[pile - LINE1].n];
}

static void put_on(State *s, int pile, int card) {
    if (pile < FOUNDATION)
        s->flank[pile - FLANK1] = card;
    else if (pile < LINE1) {
        int f = pile - FOUNDATION;
        if (!s->height[f]++)
            s->suit[f] = suit_of(card);
    } else
        stack_push(&s->packet[pile - LINE1], card);
}

/* LaNivernaise.apply: the deal lays a round on the Line; the re-deal takes the packets up from the left,
 * each bottom card first, and deals a round of them; the filling lays the pack's card in a vacancy; any
 * other move takes a card from the Flanks, a packet or a foundation, a packet played off replaced at once
 * by four cards of the pack. */
static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    u->last = (uint8_t)s->last;
    u->pack = (uint8_t)s->pack.n;
    s->last = NO_PACK_MOVE;
    if (m->src == PACK && m->dst == NOWHERE) {
        deal_onto(s, 0, PACKETS);
        s->last = DEALT;
    } else if (m->src == NOWHERE) {
        for (int p = PACKETS - 1; p >= 0; p--) {  /* (the first dealt on top: the first packet's bottom card) */
            Stack *packet = &s->packet[p];
            u->taken_up[p] = (uint8_t)packet->n;
            while (packet->n)
                stack_push(&s->pack, packet->cards[--packet->n]);
        }
        s->redeals++;
        u->pack = (uint8_t)s->pack.n;
        deal_onto(s, 0, PACKETS);
        s->last = REDEALT;
    } else if (m->src == PACK)
        s->flank[m->dst - FLANK1] = s->pack.cards[--s->pack.n];
    else {
        put_on(s, m->dst, take_from(s, m->src));
        if (m->src >= LINE1 && !s->packet[m->src - LINE1].n)
            deal_onto(s, m->src - LINE1, m->src - LINE1 + 1);
    }
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    (void)r;
    s->last = u->last;
    if (m->src == PACK && m->dst == NOWHERE)
        undeal(s, 0, PACKETS, u->pack);
    else if (m->src == NOWHERE) {
        undeal(s, 0, PACKETS, u->pack);
        for (int p = 0; p < PACKETS; p++)
            for (int i = 0; i < u->taken_up[p]; i++)
                stack_push(&s->packet[p], s->pack.cards[--s->pack.n]);
        s->redeals--;
    } else if (m->src == PACK) {
        stack_push(&s->pack, s->flank[m->dst - FLANK1]);
        s->flank[m->dst - FLANK1] = 0;
    } else {
        if (m->src >= LINE1 && u->pack != s->pack.n)
            undeal(s, m->src - LINE1, m->src - LINE1 + 1, u->pack);
        put_on(s, m->src, take_from(s, m->dst));
    }
}

/* LaNivernaise.is_won: nothing left in the pack, the Flanks or the Line. */
static inline int is_won(const State *s) {
    if (s->pack.n)
        return 0;
    for (int f = 0; f < FLANKS; f++)
        if (s->flank[f])
            return 0;
    for (int p = 0; p < PACKETS; p++)
        if (s->packet[p].n)
            return 0;
    return 1;
}

/* ----------------------------------------------------------------- Python */
#define REFUSED "not a description of a La Nivernaise position: "

/* The position and the rules from LaNivernaise.description(): (pack, flanks, foundations, line, redeals,
 * under, keep_vacancy); the pack as bytes of card codes, bottom first (the next card dealt last), the
 * Flanks as eight places, each bytes of a card or none, the foundations as eight (suit or -1, cards) in
 * their order (the aces', then the kings'), the Line as six packets of bytes, each bottom first, the
 * re-deals made (0 or 1), and the options: Rule II's cards examined under the uppermost (else counted
 * with it), and the last vacancy kept. */
static int read_description(PyObject *d, Rules *r, State *s) {
    PyObject *pack, *flanks, *foundations, *line;
    memset(s, 0, sizeof(*s));
    memset(r, 0, sizeof(*r));
    if (!PyArg_ParseTuple(d, "OO!O!O!ipp;a description of a La Nivernaise position", &pack, &PyTuple_Type, &flanks,
                          &PyTuple_Type, &foundations, &PyTuple_Type, &line, &s->redeals, &r->under,
                          &r->keep_vacancy))
        return 0;
    if (PyTuple_GET_SIZE(flanks) != FLANKS) {
        PyErr_SetString(PyExc_ValueError, REFUSED "eight places of the Flanks");
        return 0;
    }
    if (PyTuple_GET_SIZE(foundations) != FOUNDATION_PILES) {
        PyErr_SetString(PyExc_ValueError, REFUSED "eight foundations");
        return 0;
    }
    if (PyTuple_GET_SIZE(line) != PACKETS) {
        PyErr_SetString(PyExc_ValueError, REFUSED "six packets of the Line");
        return 0;
    }
    if (s->redeals < 0 || s->redeals > 1) {
        PyErr_SetString(PyExc_ValueError, REFUSED "0 or 1 re-deal made");
        return 0;
    }
    uint8_t met[53] = {0};
    if (!aces_and_kings_read(foundations, s->suit, s->height, met, REFUSED))
        return 0;
    int ok = stack_read(&s->pack, pack, met) && stacks_read(s->packet, line, PACKETS, met);
    for (int f = 0; ok && f < FLANKS; f++) {
        PyObject *place = PyTuple_GET_ITEM(flanks, f);
        ok = PyBytes_Check(place) && PyBytes_GET_SIZE(place) <= 1
             && cards_ok((const unsigned char *)PyBytes_AS_STRING(place), PyBytes_GET_SIZE(place), met);
        if (ok && PyBytes_GET_SIZE(place))
            s->flank[f] = (unsigned char)PyBytes_AS_STRING(place)[0];
    }
    for (int c = 1; ok && c <= 52; c++)
        ok = met[c] <= PACKS;
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, REFUSED "the piles are bytes of card codes, 1 to 52, each twice at most "
                        "with the foundations' cards, a place of the Flanks one card at most");
        return 0;
    }
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__la_nivernaise_search(void) { return search_module(); }
