/* The Zodiac's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on The Zodiac (patience/games/the_zodiac.py): the same useful moves, in the same order (the
 * placing moves ranked by the openings they leave, TheZodiac.openings), the same safe moves, the same
 * runs of the pack (dealt onto the talon a card at a time, the talon re-dealt once a pass has placed a
 * card: TheZodiac.pack_runs, through the TURNED hooks), the same positions merged, counted the same way;
 * only faster, on plain bytes.  The Zodiac proves nothing lost (it has no blocked()), so a deal is lost
 * here, as in the core's search, only once every line has been searched.  What the rules allow is given
 * by the Python module (the marriages' table of builds), and the line of a won deal is played again
 * through the Python engine, which checks every move; tests/games/test_searches_in_c.py holds the moves,
 * the steps and the verdicts of the two searches together.
 *
 * Two packs: a card's code is met twice, and the two cards of a code are alike in every rule.
 *
 * A position: the pack and the talon (a Pack of _search_tools.h), whether a card was placed in this
 * pass, the Equator's eight places, the Zodiac's twenty-four packets and the eight foundations (four of
 * aces, up, then four of kings, down).  Its key is 128 bits of hash of that, as TheZodiac.solver_key
 * takes it: the packets as a set, and the places as a set, the foundations each in its place, and the
 * pack by the order of its cards (twins taken from two places of it may leave the same pack), the
 * talon's and the rest's apart.
 *
 * Whether a suit can still go out (TheZodiac.goes_out, can_go_out) is a search of its own, often of
 * hundreds of lies of the suit's packets; its verdicts are kept, by the hash of the suit's packets and
 * the tops of its foundations, in a table of the thread's that outlives the search (as the Python module
 * keeps them, in can_go_out's lru_cache), for the searches again, which begin where the first began.
 */
#define PACKS 2
#include "_search_tools.h"
#include <pthread.h>

#define GAME "The Zodiac"
#define MODULE "_the_zodiac_search"
#define PLACES 8                /* the Equator's */
#define PACKETS 24              /* the Zodiac's */
#define KINGS 4                 /* the first of the kings' foundations: the aces' come before */
#define VERDICTS (1 << 16)      /* the verdicts kept: a table of as many, each a suit's lie's */

/* Pile numbers, in the order of TheZodiac.pile_names(): the pack, the talon, the Equator, the Zodiac and
 * the foundations. */
enum { PACK = 0, TALON = 1, EQUATOR1 = 2, ZODIAC1 = 10, FOUNDATION = 34 };

/* The most moves from a position, and steps.  While cards are placed: the talon's card married on four
 * packets at most (the two cards of each code one off it) and put in each of eight spaces, and each place
 * of the Equator's on four; once all are, each of 32 available cards to two foundations at most.  A run
 * of the pack is at most PACK_RUN moves, each followed by five uses at most: the runs fill half of
 * MAX_STEPS at most. */
#define MAX_MOVES 128
#define MAX_STEPS 1024

typedef struct {
    uint8_t marries[53][53];    /* marries[under][card]: card may be married on under (Rule I) */
    uint8_t lying_on[53][53];   /* (table_of's: not asked here) */
} Rules;

/* The pack's order, hashed as two piles: from the bottom of the talon up (``talon[k]``: its first k
 * cards), and from the bottom of the pack up (``hand[k]``: the last k cards); each right as far as
 * ``*_right``, and made right again as far as the position needs (order_settle). */
typedef struct {
    uint64_t talon_a[CARDS + 1], talon_b[CARDS + 1], hand_a[CARDS + 1], hand_b[CARDS + 1];
    int talon_right, hand_right;
} Order;

typedef struct {
    Pack pack;                  /* the talon and the pack */
    Order order;
    int placed;                 /* a card placed in this pass */
    Stack place[PLACES];        /* the Equator */
    Stack packet[PACKETS];      /* the Zodiac */
    int suit[FOUNDATION_PILES], height[FOUNDATION_PILES];  /* the foundations: the suit (-1: none), the cards */
    /* What the lie of the Equator and the Zodiac gives, kept as it changes: */
    int weight[53];             /* of each card, in halves: TheZodiac._openings's weight */
    int wanted[53];             /* of each card, the packets whose top card it is one off (in suit) */
    uint64_t suit_a[SUITS], suit_b[SUITS];  /* the hashes of each suit's packets, as a set */
    uint64_t equator_a, equator_b;          /* the hashes of the Equator's places, as a set */
    Key *verdicts;              /* the thread's (kept_verdicts), or NULL */
} State;

/* What a step changed, to take it back. */
typedef struct {
    Step step;
    uint8_t showing, place, placed;
} Undo;

#define EQUATOR_MARK 0x9e3779b97f4a7c15ULL  /* (the packets' mark is 0) */
#define TALON_MARK 0x3c6ef372fe94f82aULL
#define HAND_MARK 0xdaa66d2c7ddf743fULL

static Key key_of(const State *s) {
    const Order *o = &s->order;
    int talon = s->pack.showing, hand = s->pack.n - talon;
    uint64_t fa = s->equator_a + share_a(o->talon_a[talon], TALON_MARK) + share_a(o->hand_a[hand], HAND_MARK);
    uint64_t fb = s->equator_b + share_b(o->talon_b[talon], TALON_MARK) + share_b(o->hand_b[hand], HAND_MARK);
    for (int suit = 0; suit < SUITS; suit++) {
        fa += s->suit_a[suit];
        fb += s->suit_b[suit];
    }
    uint64_t w = 0;
    for (int f = 0; f < FOUNDATION_PILES; f++)
        w |= (uint64_t)((s->suit[f] + 1) << 4 | s->height[f]) << 7 * f;
    w |= (uint64_t)s->placed << 56 | (uint64_t)talon << 57;
    return key_from(fa, fb, 0, w);
}

/* ----------------------------------------------------------------- the pack's order */
/* The hashes of the pack's order made right as far as the talon and the rest of the pack reach. */
static void order_settle(State *s) {
    Order *o = &s->order;
    const Pack *p = &s->pack;
    for (; o->talon_right < p->showing; o->talon_right++) {
        int k = o->talon_right, card = pack_card(p, k + 1);
        o->talon_a[k + 1] = hash_on_a(o->talon_a[k], card);
        o->talon_b[k + 1] = hash_on_b(o->talon_b[k], card);
    }
    for (; o->hand_right < p->n - p->showing; o->hand_right++) {
        int k = o->hand_right, card = p->orig[p->pos[p->n - 1 - k]];
        o->hand_a[k + 1] = hash_on_a(o->hand_a[k], card);
        o->hand_b[k + 1] = hash_on_b(o->hand_b[k], card);
    }
}

/* A card taken from (or put back into) the pack at ``at``, ``after`` cards lying after it: the hashes of
 * the cards before it and of those after it stay right. */
static inline void order_changed(Order *o, int at, int after) {
    if (o->talon_right > at)
        o->talon_right = at;
    if (o->hand_right > after)
        o->hand_right = after;
}

/* ----------------------------------------------------------------- the lie */
/* A packet's share of what the lie gives (the wanted cards one off its top card, its suit's hashes),
 * given (``sign`` 1) or taken back (-1). */
static void packet_share(State *s, int t, int sign) {
    const Stack *p = &s->packet[t];
    if (!p->n)
        return;
    int top = stack_top(p), suit = suit_of(p->cards[0]);
    if (rank_of(top) > 1)
        s->wanted[top - 1] += sign;
    if (rank_of(top) < FULL)
        s->wanted[top + 1] += sign;
    uint64_t a = share_a(p->ha[p->n], 0), b = share_b(p->hb[p->n], 0);
    s->suit_a[suit] += sign > 0 ? a : -a;
    s->suit_b[suit] += sign > 0 ? b : -b;
}

/* A place's share of the Equator's hashes, given or taken back. */
static void place_share(State *s, int e, int sign) {
    const Stack *p = &s->place[e];
    if (!p->n)
        return;
    uint64_t a = share_a(p->ha[p->n], EQUATOR_MARK), b = share_b(p->hb[p->n], EQUATOR_MARK);
    s->equator_a += sign > 0 ? a : -a;
    s->equator_b += sign > 0 ? b : -b;
}

/* ``card`` put on (``sign`` 1) or taken from (-1) the pile ``pile`` of the Equator or the Zodiac. */
static void lie_change(State *s, int pile, int card, int sign) {
    if (pile < ZODIAC1) {
        int e = pile - EQUATOR1;
        place_share(s, e, -1);
        if (sign > 0)
            stack_push(&s->place[e], card);
        else
            s->place[e].n--;
        place_share(s, e, 1);
        s->weight[card] -= sign;
    } else {
        int t = pile - ZODIAC1;
        packet_share(s, t, -1);
        if (sign > 0)
            stack_push(&s->packet[t], card);
        else
            s->packet[t].n--;
        packet_share(s, t, 1);
        s->weight[card] -= 2 * sign;
    }
}

/* ----------------------------------------------------------------- going out */
static pthread_key_t verdicts_key;
static pthread_once_t verdicts_once = PTHREAD_ONCE_INIT;

static void make_verdicts_key(void) { pthread_key_create(&verdicts_key, free); }

/* The verdicts kept by this thread (given back when it ends), VERDICTS of them: each the key of a suit's
 * lie with the verdict in its last bit, or 0.  NULL without memory: then none are kept. */
static Key *kept_verdicts(void) {
    pthread_once(&verdicts_once, make_verdicts_key);
    Key *kept = pthread_getspecific(verdicts_key);
    if (!kept && (kept = calloc(VERDICTS, sizeof(Key))) && pthread_setspecific(verdicts_key, kept)) {
        free(kept);
        kept = NULL;
    }
    return kept;
}

typedef unsigned __int128 SuitLie;  /* the tops of the foundations (4 bits each), the heights (5 bits each) */
#define HEIGHT(i) ((SuitLie)1 << (8 + 5 * (i)))  /* a card more in packet i, in a SuitLie */

/* One suit's cards as can_go_out sees them: its packets (their values, bottom first, how many are left,
 * and the value on top, 0 for none), the free cards of each value, and the lies seen. */
typedef struct {
    uint8_t value[PACKETS][2 * FULL + 1];
    int height[PACKETS], top[PACKETS], n, left, spare[FULL + 1];
    SuitLie *seen, first[64];
    size_t room, used;
} GoingOut;

/* Whether the lie ``k`` was seen before; added if not. */
static int seen_before(GoingOut *g, SuitLie k) {
    if (4 * (g->used + 1) > 3 * g->room) {
        SuitLie *more = calloc(2 * g->room, sizeof(SuitLie));
        if (more) {  /* (without memory, lies are searched again: the same verdict, later) */
            for (size_t i = 0; i < g->room; i++)
                if (g->seen[i]) {
                    size_t j = mix((uint64_t)g->seen[i] ^ (uint64_t)(g->seen[i] >> 64));
                    while (more[j & (2 * g->room - 1)])
                        j++;
                    more[j & (2 * g->room - 1)] = g->seen[i];
                }
            if (g->seen != g->first)
                free(g->seen);
            g->seen = more;
            g->room *= 2;
        } else if (g->used + 1 >= g->room)
            return 0;
    }
    size_t j = mix((uint64_t)k ^ (uint64_t)(k >> 64));
    for (; g->seen[j & (g->room - 1)]; j++)
        if (g->seen[j & (g->room - 1)] == k)
            return 1;
    g->seen[j & (g->room - 1)] = k;
    g->used++;
    return 0;
}

static inline void lift(GoingOut *g, int i, int by) {
    int h = g->height[i] += by;
    g->top[i] = h ? g->value[i][h - 1] : 0;
    g->left += by;
}

/* _goes_out: whether the suit goes out from the lie ``k``, the ace's foundation up to ``up`` and the
 * king's down to ``down``: the next card of either from the top of a packet (each that has it), or else a
 * free one.  (Once the packets are out, the free cards are the rest of the suit: it goes out.) */
static int goes_out_from(GoingOut *g, SuitLie k, int up, int down) {
    if (!g->left || seen_before(g, k))
        return !g->left;
    for (int king = 0; king < 2; king++) {
        int value = king ? down - 1 : up + 1, tops = 0;
        SuitLie next = king ? k - ((SuitLie)1 << 4) : k + 1;
        if (value < 1 || value > FULL)
            continue;
        for (int i = 0; i < g->n; i++)
            if (g->top[i] == value) {
                tops = 1;
                lift(g, i, -1);
                int found = goes_out_from(g, next - HEIGHT(i), up + !king, down - king);
                lift(g, i, 1);
                if (found)
                    return 1;
            }
        if (!tops && g->spare[value] > 0) {
            g->spare[value]--;
            int found = goes_out_from(g, next, up + !king, down - king);
            g->spare[value]++;
            if (found)
                return 1;
        }
    }
    return 0;
}

/* TheZodiac.goes_out: whether ``suit`` can still go out to its two foundations, their tops ``up`` (0: the
 * ace's empty) and ``down`` (14: the king's empty), with its packets as they lie but the packet ``t`` (or
 * -1), which holds ``card`` more (``more``) or its top card less (``!more``); every card of the suit
 * elsewhere free.  Kept in ``verdicts`` by the hash of the packets and the foundations' tops. */
static int suit_goes_out(const State *s, int suit, int t, int more, int card, int up, int down) {
    uint64_t sa = s->suit_a[suit], sb = s->suit_b[suit];
    const Stack *p = t >= 0 ? &s->packet[t] : NULL;
    if (p) {
        sa -= share_a(p->ha[p->n], 0);
        sb -= share_b(p->hb[p->n], 0);
        if (more) {
            sa += share_a(hash_on_a(p->ha[p->n], card), 0);
            sb += share_b(hash_on_b(p->hb[p->n], card), 0);
        } else if (p->n > 1) {
            sa += share_a(p->ha[p->n - 1], 0);
            sb += share_b(p->hb[p->n - 1], 0);
        }
    }
    Key k = key_from(sa, sb, 0, (uint64_t)up | (uint64_t)down << 4);
    Key *kept = s->verdicts ? &s->verdicts[(k.a >> 1) & (VERDICTS - 1)] : NULL;
    if (kept && kept->a == k.a && (kept->b | 1) == (k.b | 1))
        return (int)(kept->b & 1);
    GoingOut g;
    SuitLie lie = (SuitLie)up | (SuitLie)down << 4;
    g.n = g.left = 0;
    for (int v = 1; v <= FULL; v++)
        g.spare[v] = 2 - (v <= up) - (v >= down);
    for (int i = 0; i < PACKETS; i++) {
        const Stack *q = &s->packet[i];
        int n = q->n - (i == t && !more);
        if (n <= 0 || suit_of(q->cards[0]) != suit)
            continue;
        for (int j = 0; j < n; j++)
            g.spare[g.value[g.n][j] = (uint8_t)rank_of(q->cards[j])]--;
        if (i == t && more)
            g.spare[g.value[g.n][n++] = (uint8_t)rank_of(card)]--;
        g.height[g.n] = 0;
        lift(&g, g.n, n);
        lie += (SuitLie)n * HEIGHT(g.n++);
    }
    g.seen = g.first;
    g.room = sizeof(g.first) / sizeof(g.first[0]);
    g.used = 0;
    memset(g.first, 0, sizeof(g.first));
    int found = up == FULL && down == 1 ? 1 : goes_out_from(&g, lie, up, down);
    if (g.seen != g.first)
        free(g.seen);
    if (kept) {
        kept->a = k.a;
        kept->b = (k.b & ~1ULL) | (uint64_t)found;
    }
    return found;
}

/* The tops of ``suit``'s two foundations, as suit_goes_out takes them. */
static void tops_of(const State *s, int suit, int *up, int *down) {
    *up = 0;
    *down = FULL + 1;
    for (int f = 0; f < FOUNDATION_PILES; f++)
        if (s->suit[f] == suit && s->height[f]) {
            if (f < KINGS)
                *up = s->height[f];
            else
                *down = FULL + 1 - s->height[f];
        }
}

/* ----------------------------------------------------------------- moves */
/* The moves of ``card`` from the pile ``src`` (the talon, or a place of the Equator) while cards are
 * placed, in the order of TheZodiac.generate_legal_moves: married on each packet of the Zodiac whose top
 * card takes it (Rule I), then, from the talon, put in each space of the Equator; or (``useful``:
 * TheZodiac._useful) only the marriages after which its suit can still go out, and only the first space
 * (``*space``: one is offered already). */
static int placing_moves(const Rules *r, const State *s, int src, int card, int useful, int *space, Step *out) {
    int k = 0;
    for (int t = 0; t < PACKETS; t++) {
        const Stack *p = &s->packet[t];
        if (p->n && r->marries[stack_top(p)][card]
            && (!useful || suit_goes_out(s, suit_of(card), t, 1, card, 0, FULL + 1)))
            out[k++] = move_step(src, ZODIAC1 + t, 1, card);
    }
    if (src == TALON)
        for (int e = 0; e < PLACES; e++)
            if (!s->place[e].n && !*space) {
                out[k++] = move_step(TALON, EQUATOR1 + e, 1, card);
                *space = useful;
            }
    return k;
}

/* TheZodiac.openings, in halves: after the placing move ``m``, how many cards still to be placed could be
 * married on a top card of the Zodiac (each of the Equator's counting half), and two for each space of the
 * Equator up to three; ``base`` the first, as the Zodiac lies. */
static int openings(const State *s, int base, int spaces, const Step *m) {
    int card = m->card, total = base, from_equator = m->src < ZODIAC1 && m->src >= EQUATOR1;
    int room = spaces + from_equator - (m->dst < ZODIAC1), rooms = 4 * (room < 3 ? room : 3);
    if (m->dst < ZODIAC1)
        return total - (s->wanted[card] > 0) + rooms;
    /* The top card married on no longer wants its neighbours; the card married wants its own. */
    int old = stack_top(&s->packet[m->dst - ZODIAC1]);
    for (int d = -1; d <= 1; d += 2) {
        int lost = old + d, gained = card + d, lost_value = rank_of(old) + d, gained_value = rank_of(card) + d;
        if (lost_value >= 1 && lost_value <= FULL && s->wanted[lost] == 1)
            total -= s->weight[lost];
        if (gained_value >= 1 && gained_value <= FULL && !s->wanted[gained])
            total += s->weight[gained];
    }
    if (s->wanted[card] > 1)  /* (the card placed no longer waits for a place) */
        total -= from_equator ? 1 : 2;
    return total + rooms;
}

/* The ``n`` placing moves ranked as TheZodiac._useful ranks them: the most openings first, in their order
 * where alike. */
static void rank(const State *s, Step *moves, int n) {
    int base = 0, spaces = 0, score[MAX_MOVES];
    for (int c = 1; c <= 52; c++)
        if (s->wanted[c])
            base += s->weight[c];
    for (int e = 0; e < PLACES; e++)
        spaces += !s->place[e].n;
    for (int i = 0; i < n; i++) {
        Step m = moves[i];
        int v = openings(s, base, spaces, &m), j = i;
        for (; j > 0 && score[j - 1] < v; j--) {
            moves[j] = moves[j - 1];
            score[j] = score[j - 1];
        }
        moves[j] = m;
        score[j] = v;
    }
}

/* Whether ``card``'s suit can still go out after it is played from ``src`` to the foundation ``f``. */
static int goes_out_after(const State *s, int src, int f, int card) {
    int suit = suit_of(card), up, down;
    tops_of(s, suit, &up, &down);
    if (f < KINGS)
        up = s->height[f] + 1;
    else
        down = FULL - s->height[f];
    return suit_goes_out(s, suit, src >= ZODIAC1 ? src - ZODIAC1 : -1, 0, 0, up, down);
}

/* The legal moves but those of the pack (or, ``useful``, TheZodiac.useful_moves's), in the order of
 * TheZodiac.generate_legal_moves: while cards are placed, the talon's card married on the Zodiac and put in
 * the Equator's spaces, and the Equator's cards married on the Zodiac (useful: ranked, TheZodiac.openings);
 * once every card is placed, the available cards (the Equator's, then the Zodiac's top cards) to the
 * foundations that take them (useful: those after which their suit can still go out).  Each move's kind in
 * ``kind``, if given: to a foundation, emptying a pile, or between. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int k = 0;
    if (s->pack.n) {
        int space = 0;
        if (s->pack.showing)
            k += placing_moves(r, s, TALON, pack_card(&s->pack, s->pack.showing), useful, &space, out);
        for (int e = 0; e < PLACES; e++)
            if (s->place[e].n)
                k += placing_moves(r, s, EQUATOR1 + e, stack_top(&s->place[e]), useful, &space, out + k);
        if (useful && k > 1)
            rank(s, out, k);
    } else
        for (int src = EQUATOR1; src < FOUNDATION; src++) {
            const Stack *p = src < ZODIAC1 ? &s->place[src - EQUATOR1] : &s->packet[src - ZODIAC1];
            int names[FOUNDATION_PILES], card = p->n ? stack_top(p) : 0;
            int n = card ? aces_and_kings_takers(s->suit, s->height, card, names) : 0;
            for (int i = 0; i < n; i++)
                if (!useful || goes_out_after(s, src, names[i], card))
                    out[k++] = move_step(src, FOUNDATION + names[i], 1, card);
        }
    if (kind)
        for (int i = 0; i < k; i++) {
            int src = out[i].src;
            int left = src == TALON ? s->pack.showing - 1
                     : src < ZODIAC1 ? s->place[src - EQUATOR1].n - 1 : s->packet[src - ZODIAC1].n - 1;
            kind[i] = out[i].dst >= FOUNDATION ? OUT : left ? BETWEEN : EMPTYING;
        }
    return k;
}

/* TheZodiac.safe_move: once every card is placed, the first of the useful moves (each to a foundation,
 * after which the suit can still go out); -1 if none, or while cards are placed. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    (void)r;
    if (s->pack.n)
        return -1;
    for (int i = 0; i < n; i++)
        if (moves[i].dst >= FOUNDATION)
            return i;
    return -1;
}

/* The useful moves of ``card`` on top of the talon (TheZodiac.pack_runs's uses), ranked. */
static int talon_moves(const Rules *r, const State *s, int card, Step *out) {
    int space = 0, k = placing_moves(r, s, TALON, card, 1, &space, out);
    if (k > 1)
        rank(s, out, k);
    return k;
}

/* The move of the pack after a run that re-dealt ``taken_up`` times and left ``showing`` cards on the
 * talon: a deal while the pack lasts, then a re-deal if a card was placed in the pass and the run has not
 * re-dealt already (a run places none), or none. */
static inline int pack_move(const Rules *r, const State *s, int showing, int taken_up) {
    (void)r;
    if (s->pack.n > showing)
        return TURN;
    return s->pack.n && s->placed && !taken_up ? TAKE_UP : 0;
}

#define TURNED(r) 1

/* ----------------------------------------------------------------- play */
/* Take the top card of the pile ``pile`` (the talon: its place in the pack in ``*place``). */
static int take_from(State *s, int pile, uint8_t *place) {
    if (pile == TALON) {
        int at = s->pack.showing - 1, card = pack_take(&s->pack, place);
        order_changed(&s->order, at, s->pack.n - at);
        return card;
    }
    if (pile >= FOUNDATION) {
        int f = pile - FOUNDATION, h = s->height[f]--, card = s->suit[f] * 13 + (f < KINGS ? h : FULL + 1 - h);
        if (!s->height[f])
            s->suit[f] = -1;
        return card;
    }
    int card = stack_top(pile < ZODIAC1 ? &s->place[pile - EQUATOR1] : &s->packet[pile - ZODIAC1]);
    lie_change(s, pile, card, -1);
    return card;
}

static void put_on(State *s, int pile, int card, int place) {
    if (pile == TALON) {
        int at = s->pack.showing;
        pack_put_back(&s->pack, place);
        order_changed(&s->order, at, s->pack.n - at - 1);
    } else if (pile >= FOUNDATION) {
        int f = pile - FOUNDATION;
        if (!s->height[f]++)
            s->suit[f] = suit_of(card);
    } else
        lie_change(s, pile, card, 1);
}

static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    u->showing = (uint8_t)s->pack.showing;
    u->placed = (uint8_t)s->placed;
    if (m->packs) {
        s->pack.showing = m->showing;
        if (m->taken_up)
            s->placed = 0;
    }
    put_on(s, m->dst, take_from(s, m->src, &u->place), 0);
    if (s->pack.n)
        s->placed = 1;
    order_settle(s);
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    uint8_t none;
    (void)r;
    put_on(s, u->step.src, take_from(s, u->step.dst, &none), u->place);
    s->pack.showing = u->showing;
    s->placed = u->placed;
    /* (The order's hashes are made right again by the next step: the search asks a position's key only
     * after a step, or of a position read.) */
}

static inline int is_won(const State *s) { return all_at(s->height, FOUNDATION_PILES, FULL); }

/* ----------------------------------------------------------------- Python */
/* The position and the rules from TheZodiac.description(): (pack, showing, placed, equator, zodiac,
 * foundations, marriages); the pack as bytes of card codes from the bottom of the talon up and on from the
 * top of the pack down, ``showing`` of them on the talon, the Equator's places and the Zodiac's packets as
 * bytes, bottom first, in their order, the foundations as eight (suit or -1, cards) in their order (the
 * aces', then the kings'), marriages the table of builds of Rule I, 53 by 53 bytes. */
static int read_description(PyObject *d, Rules *r, State *s) {
    const char *pack;
    Py_ssize_t npack;
    PyObject *equator, *zodiac, *foundations, *marries;
    int showing;
    memset(s, 0, sizeof(*s));
    if (!PyArg_ParseTuple(d, "y#ipO!O!OO;a description of a Zodiac position", &pack, &npack, &showing, &s->placed,
                          &PyTuple_Type, &equator, &PyTuple_Type, &zodiac, &foundations, &marries))
        return 0;
    if (PyTuple_GET_SIZE(equator) != PLACES || PyTuple_GET_SIZE(zodiac) != PACKETS) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Zodiac position: eight places of the Equator "
                        "and twenty-four packets of the Zodiac");
        return 0;
    }
    if (!PyTuple_Check(foundations) || PyTuple_GET_SIZE(foundations) != FOUNDATION_PILES) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Zodiac position: eight foundations");
        return 0;
    }
    uint8_t met[53] = {0};
    if (!aces_and_kings_read(foundations, s->suit, s->height, met, "not a description of a Zodiac position: "))
        return 0;
    if (!table_of(marries, r->marries, r->lying_on, GAME))
        return 0;
    int ok = pack_read(&s->pack, pack, npack, showing, met) && stacks_read(s->place, equator, PLACES, met)
             && stacks_read(s->packet, zodiac, PACKETS, met);
    for (int c = 1; ok && c <= 52; c++)
        ok = met[c] <= PACKS;
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Zodiac position: the piles are bytes of card "
                        "codes, 1 to 52, each twice at most with the foundations' cards, and 0 to all of the pack "
                        "on the talon");
        return 0;
    }
    for (int e = 0; e < PLACES; e++)
        if (s->place[e].n > 1) {
            PyErr_SetString(PyExc_ValueError, "not a description of a Zodiac position: a place of the Equator "
                            "holds one card at most");
            return 0;
        }
    for (int c = 1; c <= 52; c++)
        s->weight[c] = 4;
    for (int e = 0; e < PLACES; e++) {
        place_share(s, e, 1);
        for (int i = 0; i < s->place[e].n; i++)
            s->weight[s->place[e].cards[i]] -= 1;
    }
    for (int t = 0; t < PACKETS; t++) {
        packet_share(s, t, 1);
        for (int i = 0; i < s->packet[t].n; i++)
            s->weight[s->packet[t].cards[i]] -= 2;
    }
    Order *o = &s->order;
    o->talon_a[0] = o->hand_a[0] = HA0;
    o->talon_b[0] = o->hand_b[0] = HB0;
    order_settle(s);
    s->verdicts = kept_verdicts();
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__the_zodiac_search(void) { return search_module(); }
