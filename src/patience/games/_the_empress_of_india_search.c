/* The Empress of India's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on The Empress of India (patience/games/the_empress_of_india.py), in both readings of
 * ``deal_when`` and with any cap on the dearer pairings (TheEmpressOfIndia.LATER): the same useful moves, in
 * the same order (the plays; the pairings dear by at most PROMPT, the cheapest first; the deal; the LATER
 * cheapest of the other pairings), the same positions merged, counted the same way; only faster, on plain
 * bytes.  The Empress has no safe move, no runs of the pack (its deal is a move like any other) and proves
 * nothing lost (no blocked()): a deal is lost here, as in the core's search, only once every line it is
 * offered has been searched (and, as the search is not offered every pairing, that proves nothing).  What
 * the rules allow is given by the Python module (the options), and the line of a won deal is played again
 * through the Python engine, which checks every move; tests/games/test_searches_in_c.py holds the moves,
 * the steps and the verdicts of the two searches together.
 *
 * Four packs: a card's code is met up to four times, and the cards of a code are alike in every rule.  Of
 * them only the cards of the foundations' sequences play: an Admiral (a black suit) ascends from the ace to
 * the king without the queen, a General (a red suit) descends from the king to the ace without the knave,
 * twelve cards each; the black queens and the red knaves never move, and are not in a position.
 *
 * A position: the pack (as the search began: it is only ever dealt from the top, so what is left of it is
 * its size), the red and the black packets of the talon, the twenty-four places of the Army and the
 * twenty-four of the Navy (each empty, a card, or a pair: the card beneath first) and the sixteen
 * foundations, each by its height.  Its key is 128 bits of hash of that, the places of each side taken as
 * a set (a sum of their hashes), as TheEmpressOfIndia.solver_key sorts them, and the foundations each by
 * its number, as the solver key lists them.
 */
#define PACKS 4
#include "_search_tools.h"

#define GAME "The Empress of India"
#define MODULE "_the_empress_of_india_search"
#define SIDE 24                 /* the places of the Army, and of the Navy */
#define PLACES (2 * SIDE)
#define FOUNDATIONS 16          /* eight Admirals (black), eight Generals (red), each of its suit */
#define SEQUENCE 12             /* the cards a foundation is built with, its first too */
#define PROMPT 2                /* how dear a pairing tried before the deal may be (useful_moves) */
#define NOT_WANTED 99           /* the distance of a card no foundation will take */
#define NO_REFILL 50            /* what a side's refill counts for when none is left */

/* Pile numbers, in the order of TheEmpressOfIndia.pile_names(): the pack, the red and the black packet of
 * the talon, the sixteen foundations, the Army's places and the Navy's. */
enum { PACK = 0, TALON = 1, FOUNDATION = 3, PLACE1 = FOUNDATION + FOUNDATIONS };

/* The sides, by the colour of their cards, and the packet of the talon of each colour: 0 red (the Army),
 * 1 black (the Navy). */
enum { RED = 0, BLACK = 1 };

/* The most moves from a position (legal: the deal; each loose red card with each loose black card played
 * and paired both ways; each pair played), and steps: the useful moves, some of those. */
#define MAX_MOVES (1 + 3 * SIDE * SIDE + PLACES)
#define MAX_STEPS MAX_MOVES

/* ----------------------------------------------------------------- cards */
static inline int colour_of(int card) {
    int suit = suit_of(card);
    return suit == 1 || suit == 2 ? RED : BLACK;  /* spades, hearts, diamonds, clubs */
}

/* A card's place in its suit's sequence (0 to 11: an Admiral's ace first, a General's king first), -1 for
 * the cards left out (a black queen, a red knave); and the card at ``place`` in ``suit``'s. */
static inline int sequence_place(int card) {
    int rank = rank_of(card);
    if (colour_of(card) == BLACK)
        return rank <= 11 ? rank - 1 : rank == 13 ? 11 : -1;
    return rank == 13 ? 0 : rank == 12 ? 1 : rank <= 10 ? 12 - rank : -1;
}
static inline int sequence_card(int suit, int place) {
    int rank = suit == 1 || suit == 2 ? (place == 0 ? 13 : place == 1 ? 12 : 12 - place)
                                      : (place == 11 ? 13 : place + 1);
    return suit * 13 + rank;
}

/* ----------------------------------------------------------------- positions */
typedef struct {
    int blocked;                /* deal_when=blocked: the deal only when no pair can be played */
    int later;                  /* the most of the dearer pairings offered (LATER), -1 for all */
} Rules;

/* A place of the Army or the Navy: empty, a card, or a pair (the card beneath first). */
typedef struct {
    uint8_t cards[2];
    uint8_t n;
} Place;

typedef struct {
    uint8_t pack[CARDS];        /* the pack as the search began, bottom first */
    int npack;                  /* the cards left in it: the first npack */
    Stack talon[2];             /* by colour */
    Place place[PLACES];        /* the Army's, then the Navy's */
    int suit[FOUNDATIONS], height[FOUNDATIONS];
    int8_t wanted[53];          /* the first foundation that takes each card now (TheEmpressOfIndia.wanted), -1 */
    uint8_t distance[53];       /* how many cards a foundation still wants before each (_distances), or 99 */
    uint8_t of_suit[SUITS][FOUNDATIONS + 1];  /* each suit's foundations: their number, then they, in order */
    uint64_t ha[PLACES], hb[PLACES];          /* each place's part of the key */
    uint64_t fa, fb;            /* the places' hashes, each side's as a set: the sums of their parts */
} State;

/* What a step changed, to take it back: the places it emptied (as they were), in the order they were
 * refilled, and how each was refilled (FROM_TALON, or how many cards were turned from the pack); the
 * foundations its cards went to. */
#define FROM_TALON 255
typedef struct {
    Step step;
    uint8_t emptied, at[2], refill[2];
    Place was[2];
    int8_t to[2];
} Undo;

static inline int side_of(int at) { return at >= SIDE ? BLACK : RED; }

/* A place's part of the key: the hash of its cards, bottom first, and of its side. */
static inline void place_hash(int at, const Place *p, uint64_t *a, uint64_t *b) {
    uint64_t ha = HA0, hb = HB0, mark = (uint64_t)(side_of(at) + 1) * 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < p->n; i++) {
        ha = hash_on_a(ha, p->cards[i]);
        hb = hash_on_b(hb, p->cards[i]);
    }
    *a = mix(ha ^ 0x452821e638d01377ULL ^ mark);
    *b = mix2(hb + 0xbe5466cf34e90c6cULL + mark);
}

/* Lay ``n`` cards, ``c0`` beneath ``c1``, in the place ``at``, instead of what it held (the key kept). */
static inline void lay(State *s, int at, int n, int c0, int c1) {
    Place *p = &s->place[at];
    s->fa -= s->ha[at];
    s->fb -= s->hb[at];
    p->n = (uint8_t)n;
    p->cards[0] = (uint8_t)c0;
    p->cards[1] = (uint8_t)c1;
    place_hash(at, p, &s->ha[at], &s->hb[at]);
    s->fa += s->ha[at];
    s->fb += s->hb[at];
}

/* Each packet's number in the key (the sides' are 1 and 2). */
static const int TALON_MARKS[2] = {3, 4};

static Key key_of(const State *s) {
    uint64_t fa = s->fa, fb = s->fb, w = 0;
    set_hash(s->talon, TALON_MARKS, 2, &fa, &fb);
    for (int f = 0; f < FOUNDATIONS; f++)
        w |= (uint64_t)s->height[f] << 4 * f;
    return key_from(fa, fb, (uint64_t)s->npack, w);
}

/* ----------------------------------------------------------------- the foundations */
/* What the foundations of ``suit`` take now, and how far each of its cards is from them: the first
 * foundation that wants each card (TheEmpressOfIndia.wanted), and how many cards the nearest foundation
 * below a card still wants before it (TheEmpressOfIndia._distances; 99 if none is below it). */
static void foundations_of(State *s, int suit) {
    int reached[SEQUENCE] = {0};
    for (int card = suit * 13 + 1; card <= suit * 13 + 13; card++) {
        s->wanted[card] = -1;
        s->distance[card] = NOT_WANTED;
    }
    for (int i = s->of_suit[suit][0]; i >= 1; i--) {
        int f = s->of_suit[suit][i];
        reached[s->height[f] - 1] = 1;
        if (s->height[f] < SEQUENCE)
            s->wanted[sequence_card(suit, s->height[f])] = (int8_t)f;
    }
    for (int place = 0, last = -1; place < SEQUENCE; place++) {
        if (last >= 0)
            s->distance[sequence_card(suit, place)] = (uint8_t)(place - last - 1);
        if (reached[place])
            last = place;
    }
}

/* Play ``card`` to the foundation that wants it; which that is. */
static inline int go_up(State *s, int card) {
    int f = s->wanted[card];
    s->height[f]++;
    foundations_of(s, suit_of(card));
    return f;
}

static inline void come_down(State *s, int f) {
    s->height[f]--;
    foundations_of(s, s->suit[f]);
}

/* ----------------------------------------------------------------- moves */
/* A play of the red card ``red`` from the place ``at`` and the black card from ``to`` (``at`` itself for a
 * pair), as TheEmpressOfIndia._play writes it; a pairing of the card at ``at`` onto ``under`` at ``to``,
 * named, as its move is, by the card beneath.  So a step from the Army to the Navy is a play if it names a
 * red card, a pairing if it names a black one. */
static inline Step play(int at, int to, int red) { return move_step(PLACE1 + at, PLACE1 + to, 2, red); }
static inline Step pairing(int at, int to, int under) { return move_step(PLACE1 + at, PLACE1 + to, 2, under); }
static inline int is_play(const Step *m) {
    return m->src == m->dst || (m->src < PLACE1 + SIDE && colour_of(m->card) == RED);
}

/* The places of the loose cards of each side, and of the pairs, in the order of the places
 * (TheEmpressOfIndia.places); with ``firsts``, only the first place to hold each card, or each pair. */
typedef struct {
    uint8_t loose[2][SIDE], pairs[PLACES];
    int nloose[2], npairs;
} Places;

static void places_of(const State *s, int firsts, Places *w) {
    uint64_t met[2] = {0, 0};
    w->nloose[RED] = w->nloose[BLACK] = w->npairs = 0;
    for (int at = 0; at < PLACES; at++) {
        const Place *p = &s->place[at];
        int side = side_of(at);
        if (p->n == 1) {
            if (firsts && (met[side] >> p->cards[0] & 1))
                continue;
            met[side] |= 1ULL << p->cards[0];
            w->loose[side][w->nloose[side]++] = (uint8_t)at;
        } else if (p->n == 2) {
            int seen = 0;
            for (int i = 0; firsts && i < w->npairs && !seen; i++) {
                const Place *q = &s->place[w->pairs[i]];
                seen = q->cards[0] == p->cards[0] && q->cards[1] == p->cards[1];
            }
            if (!seen)
                w->pairs[w->npairs++] = (uint8_t)at;
        }
    }
}

/* The plays of ``w`` (TheEmpressOfIndia._plays): each loose red card the foundations want with each loose
 * black card they want, then each pair whose two cards they want.  Their number, written to ``out``. */
static int plays_of(const State *s, const Places *w, Step *out) {
    uint8_t blacks[SIDE];
    int nblacks = 0, k = 0;
    for (int i = 0; i < w->nloose[BLACK]; i++)
        if (s->wanted[s->place[w->loose[BLACK][i]].cards[0]] >= 0)
            blacks[nblacks++] = w->loose[BLACK][i];
    for (int i = 0; i < w->nloose[RED]; i++) {
        int at = w->loose[RED][i];
        if (s->wanted[s->place[at].cards[0]] >= 0)
            for (int j = 0; j < nblacks; j++)
                out[k++] = play(at, blacks[j], s->place[at].cards[0]);
    }
    for (int i = 0; i < w->npairs; i++) {
        const Place *p = &s->place[w->pairs[i]];
        if (s->wanted[p->cards[0]] >= 0 && s->wanted[p->cards[1]] >= 0)
            out[k++] = play(w->pairs[i], w->pairs[i], colour_of(p->cards[0]) == RED ? p->cards[0] : p->cards[1]);
    }
    return k;
}

/* The card a vacancy of ``colour`` would take now (Rule II): its packet's top card, else the next of its
 * colour in the pack; 0 if none. */
static inline int next_refill(const State *s, int colour) {
    if (s->talon[colour].n)
        return stack_top(&s->talon[colour]);
    for (int i = s->npack - 1; i >= 0; i--)
        if (colour_of(s->pack[i]) == colour)
            return s->pack[i];
    return 0;
}

/* The pairings of ``w``'s loose cards (each side's onto the other's), in the order
 * TheEmpressOfIndia.useful_moves makes them, the cheapest first (of those alike, the first made): what a
 * pairing costs is four times how far the card that would refill its place is from the foundations, less
 * how near the nearer of its two cards is, plus how much later the other is wanted.  Their number, written
 * to ``out``; how many cost PROMPT at most (those tried before the deal) in ``*soon``. */
#define CHEAPEST (-NOT_WANTED)                  /* the least a pairing may cost, and the most */
#define DEAREST (4 * NOT_WANTED + NOT_WANTED)
static int pairings(const State *s, const Places *w, Step *out, int *soon) {
    int16_t cost[MAX_MOVES];
    int before[DEAREST - CHEAPEST + 2];  /* a counting sort, stable as Python's: how many cost less */
    int incoming[2], n = 0, least = DEAREST, most = CHEAPEST;
    for (int colour = RED; colour <= BLACK; colour++) {
        int card = next_refill(s, colour);
        incoming[colour] = card ? s->distance[card] : NO_REFILL;
    }
    for (int side = RED; side <= BLACK; side++)
        for (int i = 0; i < w->nloose[side]; i++) {
            int a = s->distance[s->place[w->loose[side][i]].cards[0]];
            for (int j = 0; j < w->nloose[1 - side]; j++, n++) {
                int b = s->distance[s->place[w->loose[1 - side][j]].cards[0]];
                int near = a <= b ? a : b, late = a <= b ? b : a, c = 4 * incoming[side] - near + (late - near);
                cost[n] = (int16_t)c;
                least = c < least ? c : least;
                most = c > most ? c : most;
            }
        }
    *soon = 0;
    if (!n)
        return 0;
    memset(before + least - CHEAPEST, 0, sizeof(int) * (size_t)(most - least + 2));
    for (int k = 0; k < n; k++)
        before[cost[k] - CHEAPEST + 1]++;
    for (int c = least - CHEAPEST + 1; c <= most - CHEAPEST + 1; c++)
        before[c] += before[c - 1];
    *soon = PROMPT < least ? 0 : PROMPT >= most ? n : before[PROMPT - CHEAPEST + 1];
    n = 0;
    for (int side = RED; side <= BLACK; side++)
        for (int i = 0; i < w->nloose[side]; i++)
            for (int j = 0; j < w->nloose[1 - side]; j++, n++) {
                int to = w->loose[1 - side][j];
                out[before[cost[n] - CHEAPEST]++] = pairing(w->loose[side][i], to, s->place[to].cards[0]);
            }
    return n;
}

/* The legal moves (or, ``useful``, TheEmpressOfIndia.useful_moves's), in the engine's order.  Legal, as
 * generate_legal_moves makes them: the deal (where deal_when allows it), the plays, each loose red card
 * paired onto each loose black card, then each black onto each red.  Useful: of cards (and pairs) alike
 * in the places of a side only the first; the plays, the pairings of PROMPT at most, the deal, and the
 * ``later`` cheapest of the other pairings.  Each move's kind in ``kind``, if given: a pair played empties
 * its place; every other move is between (solve._by_priority: none goes to a foundation, for a play's
 * target is the black card's place, and the deal has none). */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    Places w;
    places_of(s, useful, &w);
    int k = plays_of(s, &w, out + 1);  /* (one on: the deal, if it is legal, comes first) */
    int deal = s->npack && (!r->blocked || !k);
    if (!useful) {
        if (deal)
            out[0] = move_step(NOWHERE, NOWHERE, 0, 0);
        else
            memmove(out, out + 1, sizeof(Step) * (size_t)k);
        k += deal;
        for (int side = RED; side <= BLACK; side++)
            for (int i = 0; i < w.nloose[side]; i++)
                for (int j = 0; j < w.nloose[1 - side]; j++) {
                    int at = w.loose[side][i], to = w.loose[1 - side][j];
                    out[k++] = pairing(at, to, s->place[to].cards[0]);
                }
    } else {  /* the plays, the pairings of PROMPT at most, the deal, the cheapest ``later`` of the others */
        int soon, n;
        memmove(out, out + 1, sizeof(Step) * (size_t)k);
        n = pairings(s, &w, out + k, &soon);
        int dearer = r->later >= 0 && n - soon > r->later ? r->later : n - soon;
        k += soon;
        if (deal) {
            memmove(out + k + 1, out + k, sizeof(Step) * (size_t)dearer);
            out[k++] = move_step(NOWHERE, NOWHERE, 0, 0);
        }
        k += dearer;
    }
    if (kind)
        for (int i = 0; i < k; i++)
            kind[i] = out[i].src == out[i].dst && out[i].src != NOWHERE ? EMPTYING : BETWEEN;
    return k;
}

/* The Empress has no safe move (TheEmpressOfIndia.safe_move: which pair to play, and when, changes which
 * cards refill the places). */
static inline int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    (void)r; (void)s; (void)moves; (void)n;
    return -1;
}

/* ----------------------------------------------------------------- play */
/* Rule II: the vacancy ``at`` takes the top card of its colour's packet, or else the next card of its
 * colour from the pack, the cards of the other colour turned up before it going to their packet; how,
 * in ``*refill`` (FROM_TALON, or the cards turned from the pack). */
static void refill(State *s, int at, uint8_t *refill) {
    int colour = side_of(at);
    if (s->talon[colour].n) {
        uint8_t card;
        stack_take(&s->talon[colour], 1, &card);
        lay(s, at, 1, card, 0);
        *refill = FROM_TALON;
        return;
    }
    int turned = 0;
    while (s->npack) {
        int card = s->pack[--s->npack];
        turned++;
        if (colour_of(card) == colour) {
            lay(s, at, 1, card, 0);
            break;
        }
        stack_push(&s->talon[1 - colour], card);
    }
    *refill = (uint8_t)turned;
}

/* Take back refill's: the card in ``at`` back to its packet, or the cards turned back into the pack. */
static void unrefill(State *s, int at, int refill) {
    int colour = side_of(at);
    if (refill == FROM_TALON) {
        stack_push(&s->talon[colour], s->place[at].cards[0]);
        return;
    }
    int other = refill - s->place[at].n;  /* the cards of the other colour turned */
    s->talon[1 - colour].n -= other;
    s->npack += refill;
}

/* Empty the place ``at`` (what it held kept in ``u``). */
static inline void empty(State *s, int at, Undo *u) {
    u->at[u->emptied] = (uint8_t)at;
    u->was[u->emptied++] = s->place[at];
    lay(s, at, 0, 0, 0);
}

static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    u->emptied = 0;
    if (m->src == NOWHERE) {  /* the deal: the pack's next card to the packet of its colour */
        int card = s->pack[--s->npack];
        stack_push(&s->talon[colour_of(card)], card);
        return;
    }
    int at = m->src - PLACE1, to = m->dst - PLACE1;
    if (!is_play(m)) {  /* a pairing: the card at ``at`` laid on the one at ``to`` */
        const Place *p = &s->place[to];
        lay(s, to, 2, p->cards[0], s->place[at].cards[0]);
        empty(s, at, u);
    } else {
        const Place *p = &s->place[at], *q = &s->place[to];
        int other = at == to ? (p->cards[0] == m->card ? p->cards[1] : p->cards[0]) : q->cards[0];
        u->to[0] = (int8_t)go_up(s, m->card);
        u->to[1] = (int8_t)go_up(s, other);
        empty(s, at, u);
        if (to != at)
            empty(s, to, u);
    }
    for (int i = 0; i < u->emptied; i++)
        refill(s, u->at[i], &u->refill[i]);
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    (void)r;
    if (m->src == NOWHERE) {
        uint8_t card;
        stack_take(&s->talon[colour_of(s->pack[s->npack])], 1, &card);
        s->npack++;
        return;
    }
    for (int i = u->emptied - 1; i >= 0; i--) {
        unrefill(s, u->at[i], u->refill[i]);
        lay(s, u->at[i], u->was[i].n, u->was[i].cards[0], u->was[i].cards[1]);
    }
    if (is_play(m)) {
        come_down(s, u->to[1]);
        come_down(s, u->to[0]);
    } else {
        const Place *p = &s->place[m->dst - PLACE1];
        lay(s, m->dst - PLACE1, 1, p->cards[0], 0);
    }
}

/* Every Admiral built to its king and every General to its ace. */
static inline int is_won(const State *s) { return all_at(s->height, FOUNDATIONS, SEQUENCE); }

/* ----------------------------------------------------------------- Python */
#define REFUSED "not a description of an Empress of India position: "

/* The places of a side (a tuple of SIDE bytes, each a place's cards bottom first) read into ``s`` from
 * ``first``; their cards counted in ``met``.  0 (a Python error set) if they are not: each empty, a card
 * of the side's colour or a pair of a red and a black card. */
static int side_read(State *s, PyObject *tuple, int first, uint8_t *met) {
    if (!PyTuple_Check(tuple) || PyTuple_GET_SIZE(tuple) != SIDE) {
        PyErr_SetString(PyExc_ValueError, REFUSED "twenty-four places of the Army, and of the Navy");
        return 0;
    }
    for (int i = 0; i < SIDE; i++) {
        PyObject *cards = PyTuple_GET_ITEM(tuple, i);
        const unsigned char *c = PyBytes_Check(cards) ? (const unsigned char *)PyBytes_AS_STRING(cards) : NULL;
        Py_ssize_t n = c ? PyBytes_GET_SIZE(cards) : -1;
        if (n < 0 || n > 2 || !cards_ok(c, n, met)
            || (n == 1 && colour_of(c[0]) != side_of(first + i))
            || (n == 2 && colour_of(c[0]) == colour_of(c[1]))) {
            PyErr_SetString(PyExc_ValueError, REFUSED "a place is bytes of card codes: none, a card of its "
                            "side's colour, or a red and a black card");
            return 0;
        }
        Place *p = &s->place[first + i];
        p->n = (uint8_t)n;
        for (Py_ssize_t j = 0; j < n; j++)
            p->cards[j] = c[j];
    }
    return 1;
}

/* The position and the rules from TheEmpressOfIndia.description(): (pack, red talon, black talon, army,
 * navy, foundations, blocked, later); the pack and the packets as bytes of card codes, bottom first, the
 * Army and the Navy as twenty-four places each, bytes of their cards bottom first, the foundations as
 * sixteen (suit, cards) in their order, blocked whether deal_when is "blocked", later LATER (-1: None). */
static int read_description(PyObject *d, Rules *r, State *s) {
    const char *pack, *talons[2];
    Py_ssize_t npack, ntalons[2];
    PyObject *army, *navy, *foundations;
    memset(s, 0, sizeof(*s));
    if (!PyArg_ParseTuple(d, "y#y#y#OOO!pi;a description of an Empress of India position", &pack, &npack,
                          &talons[RED], &ntalons[RED], &talons[BLACK], &ntalons[BLACK], &army, &navy,
                          &PyTuple_Type, &foundations, &r->blocked, &r->later))
        return 0;
    if (PyTuple_GET_SIZE(foundations) != FOUNDATIONS) {
        PyErr_SetString(PyExc_ValueError, REFUSED "sixteen foundations");
        return 0;
    }
    uint8_t met[53] = {0};
    for (int f = 0; f < FOUNDATIONS; f++) {
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(foundations, f), "ii;a foundation is (suit, cards)", &s->suit[f],
                              &s->height[f]))
            return 0;
        if (s->suit[f] < 0 || s->suit[f] >= SUITS || s->height[f] < 1 || s->height[f] > SEQUENCE) {
            PyErr_SetString(PyExc_ValueError, REFUSED "a foundation is (its suit, 0 to 3, and 1 to 12 cards)");
            return 0;
        }
        for (int place = 0; place < s->height[f]; place++)
            met[sequence_card(s->suit[f], place)]++;
    }
    for (int card = 1; card <= 52; card++)
        if (met[card] > PACKS) {
            PyErr_SetString(PyExc_ValueError, REFUSED "a card is on the foundations four times at most");
            return 0;
        }
    if (!side_read(s, army, 0, met) || !side_read(s, navy, SIDE, met))
        return 0;
    int ok = npack <= CARDS && cards_ok((const unsigned char *)pack, npack, met);
    for (int colour = RED; ok && colour <= BLACK; colour++) {
        const unsigned char *cards = (const unsigned char *)talons[colour];
        ok = ntalons[colour] <= CARDS && cards_ok(cards, ntalons[colour], met);
        stack_clear(&s->talon[colour]);
        for (Py_ssize_t i = 0; ok && i < ntalons[colour]; i++) {
            ok = colour_of(cards[i]) == colour;
            stack_push(&s->talon[colour], cards[i]);
        }
    }
    for (int card = 1; ok && card <= 52; card++)
        ok = !met[card] || sequence_place(card) >= 0;
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, REFUSED "the pack and the packets are bytes of card codes, each "
                        "four times at most with the rest, a packet's of its colour, none a black queen or "
                        "a red knave");
        return 0;
    }
    memcpy(s->pack, pack, (size_t)npack);
    s->npack = (int)npack;
    for (int f = 0; f < FOUNDATIONS; f++)
        s->of_suit[s->suit[f]][++s->of_suit[s->suit[f]][0]] = (uint8_t)f;
    for (int suit = 0; suit < SUITS; suit++)
        foundations_of(s, suit);
    for (int at = 0; at < PLACES; at++) {
        place_hash(at, &s->place[at], &s->ha[at], &s->hb[at]);
        s->fa += s->ha[at];
        s->fb += s->hb[at];
    }
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__the_empress_of_india_search(void) { return search_module(); }
