/* The Fourteenth's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first, written once in
 * _search.h) on The Fourteenth (patience/games/the_fourteenth.py), in every reading of its options (the
 * exchange of two swaps or of one, how many exchanges, whether only when the square is blocked, whether it
 * must bring a fourteen): the same useful moves (the pairs, those that leave most fourteens in the square
 * first, then the exchanges that leave the square as no exchange before them, those that bring most
 * fourteens first), the same positions merged, counted the same way; only faster, on plain bytes.  The
 * Fourteenth has no safe move and proves nothing lost (no blocked()), and the hand fills the places a pair
 * leaves as part of the pair: there is no move of the pack, and no run of it.  What the rules allow is
 * given by the Python module (the options), and the line of a won deal is played again through the Python
 * engine, which checks every move; tests/games/test_searches_in_c.py holds the moves, the steps and the
 * verdicts of the two searches together.
 *
 * Two packs: a card's code is met up to twice, and the rules look only at a card's value (its rank: knave
 * 11, queen 12, king 13).  A pair names its two places (the first in reading order as its source), and
 * its first card; an exchange of two swaps names the first places of its swaps as its source and their
 * partners as its target (SOURCES: the Step names the second swap's places in ``also``, source then
 * target), and its four cards, the first its first.  An exchange of one swap names what a pair of the same
 * two places would: the step names its kind too (NAMED_KINDS).
 *
 * A position: the twenty-five places of the square (a card each, or none), the hand (as the search began:
 * it is only ever dealt from its top, so what is left of it is its size), the cards withdrawn (their
 * number) and the exchanges made.  Its key is 128 bits of hash of that as TheFourteenth.solver_key takes
 * it: the value in each place (four bits each, place 1 lowest, in ``square``), the cards left in hand and
 * the exchanges made.
 */
#define PACKS 2
#define SOURCES 3               /* an exchange's: the second swap's two places */
#define NAMED_KINDS {"pair", "exchange"}
#include "_search_tools.h"

#define GAME "The Fourteenth"
#define MODULE "_the_fourteenth_search"
#define SIDE 5
#define PLACES (SIDE * SIDE)
#define FOURTEEN 14
#define SWAPS (PLACES * PLACES) /* a swap of places i < j is known by its number PLACES i + j */

/* Pile numbers, in the order of TheFourteenth.pile_names(): the places, the hand, the withdrawn. */
enum { PLACE1 = 0, HAND = 25, WITHDRAWN = 26 };
/* (The core asks of a move whether it goes out, FOUNDATION on: no pair or exchange names the withdrawn.) */
#define FOUNDATION WITHDRAWN

/* The kinds of move, by their places in NAMED_KINDS. */
enum { PAIR = 0, EXCHANGE = 1 };

/* The most moves from a position: the pairs (each place with the eight of its row and column, 100), and,
 * with exchange_when=any, every exchange of two swaps among the twenty-five places (12,650 fours paired
 * off in three ways). */
#define MAX_MOVES 38064
#define MAX_STEPS MAX_MOVES

typedef struct {
    int two_swaps;              /* exchange=two-swaps (else one-swap) */
    int allowed;                /* exchanges: how many a game may make */
    int any_time;               /* exchange_when=any (else only when no fourteen can be made) */
    int must_pair;              /* exchange_must_pair */
} Rules;

typedef struct {
    uint8_t card[PLACES];       /* each place's card (0: none) */
    uint8_t value[PLACES];      /* and its value */
    uint32_t holding[FOURTEEN + 1];  /* for each value, the places that hold it, as bits */
    uint64_t square[2];         /* the values, four bits each: places 1 to 16, then 17 to 25 */
    uint8_t hand[CARDS];        /* the hand as the search began, bottom first: the next card to deal last */
    int nhand;                  /* the cards left in it: the first nhand */
    int withdrawn, exchanges;
} State;

/* What a step changed, to take it back: a pair's two cards and how many cards the hand dealt. */
typedef struct {
    Step step;
    uint8_t pair[2], dealt;
} Undo;

/* The places of each place's row and column (LINE_BITS), and those of them after it in reading order
 * (LATER_BITS), as bits; worked out once. */
static uint32_t line_bits[PLACES], later_bits[PLACES];

static void lines_work_out(void) {
    for (int i = 0; i < PLACES; i++)
        for (int j = 0; j < PLACES; j++)
            if (i != j && (i / SIDE == j / SIDE || i % SIDE == j % SIDE)) {
                line_bits[i] |= 1u << j;
                if (j > i)
                    later_bits[i] |= 1u << j;
            }
}

/* The places of ``bits`` (the build targets no processor's own count of bits: __builtin_popcount would be a
 * call). */
static inline int count_of(uint32_t bits) {
    bits -= bits >> 1 & 0x55555555u;
    bits = (bits & 0x33333333u) + (bits >> 2 & 0x33333333u);
    return (int)(((bits + (bits >> 4)) & 0x0f0f0f0fu) * 0x01010101u >> 24);
}

static inline int value_of(int card) { return card ? rank_of(card) : 0; }

/* Lay ``card`` (0: none) in place ``p``. */
static inline void place_set(State *s, int p, int card) {
    int old = s->value[p], v = value_of(card), word = p >= 16, shift = 4 * (p - 16 * word);
    s->holding[old] &= ~(1u << p);
    s->holding[v] |= 1u << p;
    s->square[word] = (s->square[word] & ~(0xfULL << shift)) | (uint64_t)v << shift;
    s->card[p] = (uint8_t)card;
    s->value[p] = (uint8_t)v;
}

/* TheFourteenth.solver_key: the values of the square, the cards left in hand, the exchanges made. */
static Key key_of(const State *s) {
    return key_from(0, 0, s->square[0], s->square[1] | (uint64_t)s->nhand << 36 | (uint64_t)s->exchanges << 44);
}

/* ----------------------------------------------------------------- moves */
/* _through: how many pairs of places in one line make fourteen in ``values`` with one of the ``n``
 * different ``places``; ``holding`` right at least for every place but these. */
static int through(const uint8_t *values, const int *places, int n, const uint32_t *holding) {
    uint32_t among = 0;
    for (int a = 0; a < n; a++)
        among |= 1u << places[a];
    int count = 0;
    for (int a = 0; a < n; a++) {
        int p = places[a], v = values[p];
        if (!v)
            continue;
        int wanted = FOURTEEN - v;
        count += count_of(line_bits[p] & holding[wanted] & ~among);
        for (int b = a + 1; b < n; b++)
            count += values[places[b]] == wanted && (line_bits[p] >> places[b] & 1);
    }
    return count;
}

/* The fourteens of the square: the pairs of places in one line that make fourteen (_count). */
static int fourteens_of(const State *s) {
    int count = 0;
    for (int i = 0; i < PLACES; i++)
        if (s->value[i])
            count += count_of(later_bits[i] & s->holding[FOURTEEN - s->value[i]]);
    return count;
}

/* For each swap of two cards of the square, the places whose cards would then make fourteen with a card
 * it moved (TheFourteenth._exchange_moves's ``fourteens``). */
static void swap_fourteens(const State *s, uint32_t *fourteens) {
    for (int i = 0; i < PLACES; i++)
        for (int j = i + 1; j < PLACES; j++) {
            int va = s->value[i], vb = s->value[j];
            if (!va || !vb)
                continue;
            uint32_t found = (line_bits[i] & s->holding[FOURTEEN - vb]) | (line_bits[j] & s->holding[FOURTEEN - va]);
            if (line_bits[i] >> j & 1) {
                found &= ~(1u << i | 1u << j);
                if (va + vb == FOURTEEN)
                    found |= 1u << i | 1u << j;
            }
            fourteens[PLACES * i + j] = found;
        }
}

/* _swaps_meet: whether, once the swaps of i, j and of k, m are made, a card one moved makes fourteen with a
 * card the other moved, in one line. */
static inline int swaps_meet(const State *s, int i, int j, int k, int m) {
    int vi = s->value[i], vj = s->value[j], vk = s->value[k], vm = s->value[m];
    return (vj + vm == FOURTEEN && (line_bits[i] >> k & 1)) || (vj + vk == FOURTEEN && (line_bits[i] >> m & 1))
           || (vi + vm == FOURTEEN && (line_bits[j] >> k & 1)) || (vi + vk == FOURTEEN && (line_bits[j] >> m & 1));
}

static inline Step pair_step(const State *s, int i, int j) {
    return move_step(PLACE1 + i, PLACE1 + j, 2, s->card[i]);
}

/* The exchange of the swaps of i, j and (unless k < 0) of k, m. */
static inline Step exchange_step(const State *s, int i, int j, int k, int m) {
    Step step = move_step(PLACE1 + i, PLACE1 + j, k < 0 ? 2 : 4, s->card[i]);
    if (k >= 0) {
        step.also[0] = (uint8_t)(PLACE1 + k);
        step.also[1] = (uint8_t)(PLACE1 + m);
    }
    step.kind = EXCHANGE;
    return step;
}

/* TheFourteenth.generate_legal_moves: the fourteens of the square, in reading order; then, if an exchange
 * is left and (with exchange_when=blocked) no fourteen can be made, the exchanges (_exchange_moves): each
 * swap of two cards, or each four cards in reading order paired off in the three ways, where the exchange
 * must bring a fourteen only those that do.  Their number, written to ``out``. */
static int legal_moves(const Rules *r, const State *s, Step *out) {
    int n = 0;
    for (int i = 0; i < PLACES; i++)
        if (s->value[i])
            for (uint32_t later = later_bits[i] & s->holding[FOURTEEN - s->value[i]]; later; later &= later - 1)
                out[n++] = pair_step(s, i, __builtin_ctz(later));
    if ((n && !r->any_time) || s->exchanges >= r->allowed)
        return n;
    int occupied[PLACES], k = 0;
    for (int i = 0; i < PLACES; i++)
        if (s->value[i])
            occupied[k++] = i;
    uint32_t fourteens[SWAPS];
    if (r->must_pair)
        swap_fourteens(s, fourteens);
    if (!r->two_swaps) {
        for (int a = 0; a < k; a++)
            for (int b = a + 1; b < k; b++)
                if (!r->must_pair || fourteens[PLACES * occupied[a] + occupied[b]])
                    out[n++] = exchange_step(s, occupied[a], occupied[b], -1, -1);
        return n;
    }
    for (int a = 0; a < k; a++)
        for (int b = a + 1; b < k; b++)
            for (int c = b + 1; c < k; c++)
                for (int d = c + 1; d < k; d++) {
                    const int four[4] = {occupied[a], occupied[b], occupied[c], occupied[d]};
                    static const int ways[3][4] = {{0, 1, 2, 3}, {0, 2, 1, 3}, {0, 3, 1, 2}};
                    for (int w = 0; w < 3; w++) {
                        int i = four[ways[w][0]], j = four[ways[w][1]], kk = four[ways[w][2]], m = four[ways[w][3]];
                        if (r->must_pair) {
                            uint32_t one = fourteens[PLACES * i + j], two = fourteens[PLACES * kk + m];
                            if (!(one & ~(1u << kk | 1u << m)) && !(two & ~(1u << i | 1u << j))
                                && !swaps_meet(s, i, j, kk, m))
                                continue;
                        }
                        out[n++] = exchange_step(s, i, j, kk, m);
                    }
                }
    return n;
}

/* The places a step's move changes: a pair's two, an exchange's two or four (source, target, ...). */
static inline int places_of(const Step *m, int *places) {
    places[0] = m->src - PLACE1;
    places[1] = m->dst - PLACE1;
    if (m->n < 4)
        return 2;
    places[2] = m->also[0] - PLACE1;
    places[3] = m->also[1] - PLACE1;
    return 4;
}

/* ``moves`` (``n`` of them, ``after`` the fourteens each leaves) in the order of the most fourteens first,
 * of those alike in their order (Python's sort of (-after, index)); ``spare`` room for ``n`` moves. */
static void most_first(Step *moves, const int *after, int n, Step *spare) {
    int counts[PLACES * PLACES + 1] = {0};
    int most = 0;
    for (int i = 0; i < n; i++) {
        counts[after[i]]++;
        if (after[i] > most)
            most = after[i];
    }
    int at = 0;
    for (int f = most; f >= 0; f--) {
        int here = counts[f];
        counts[f] = at;
        at += here;
    }
    for (int i = 0; i < n; i++)
        spare[counts[after[i]]++] = moves[i];
    memcpy(moves, spare, sizeof(Step) * (size_t)n);
}

/* A square's values after an exchange, as a key of the exchanges' table: ``square`` with the places of each
 * swap traded. */
static inline void swapped_square(const State *s, const int *places, int n, uint64_t *square) {
    square[0] = s->square[0];
    square[1] = s->square[1];
    for (int a = 0; a + 1 < n; a += 2) {
        int p = places[a], q = places[a + 1];
        int wp = p >= 16, sp = 4 * (p - 16 * wp), wq = q >= 16, sq = 4 * (q - 16 * wq);
        square[wp] = (square[wp] & ~(0xfULL << sp)) | (uint64_t)s->value[q] << sp;
        square[wq] = (square[wq] & ~(0xfULL << sq)) | (uint64_t)s->value[p] << sq;
    }
}

/* TheFourteenth.useful_moves's exchanges, of the ``n`` at ``moves``: those that leave the square's values
 * as no exchange before them does, the most fourteens after them first.  Their number, written over
 * ``moves``; -1 out of memory. */
static int useful_exchanges(const State *s, Step *moves, int n, int fourteens) {
    size_t size = 64;
    while (size < 2 * (size_t)n)
        size *= 2;
    uint64_t *table = calloc(size, 2 * sizeof(uint64_t));
    int *after = malloc(sizeof(int) * (size_t)n);
    Step *spare = malloc(sizeof(Step) * (size_t)n);
    if (!table || !after || !spare) {
        free(table);
        free(after);
        free(spare);
        return -1;
    }
    int kept = 0;
    for (int e = 0; e < n; e++) {
        int places[4], np = places_of(&moves[e], places);
        uint64_t square[2];
        swapped_square(s, places, np, square);
        size_t at = mix(square[0] ^ mix2(square[1])) & (size - 1);
        /* (an empty slot is 0, 0: an exchange leaves four cards at least in the square) */
        while ((table[2 * at] || table[2 * at + 1]) && (table[2 * at] != square[0] || table[2 * at + 1] != square[1]))
            at = (at + 1) & (size - 1);
        if (table[2 * at] == square[0] && table[2 * at + 1] == square[1])
            continue;
        table[2 * at] = square[0];
        table[2 * at + 1] = square[1];
        uint8_t values[PLACES];
        memcpy(values, s->value, PLACES);
        for (int a = 0; a + 1 < np; a += 2) {
            values[places[a]] = s->value[places[a + 1]];
            values[places[a + 1]] = s->value[places[a]];
        }
        after[kept] = fourteens - through(s->value, places, np, s->holding) + through(values, places, np, s->holding);
        moves[kept++] = moves[e];
    }
    most_first(moves, after, kept, spare);
    free(table);
    free(after);
    free(spare);
    return kept;
}

/* The legal moves (or, ``useful``, TheFourteenth.useful_moves's: the pairs, those that leave most
 * fourteens in the square once the hand has refilled their places first, then the exchanges that leave
 * the square as none before them, most fourteens first), in the engine's order.  Each move's kind in
 * ``kind``, if given: every move is between the piles (none goes out, none empties a pile of its cards).
 * Out of memory, only the legal ones. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int n = legal_moves(r, s, out);
    if (useful && n) {
        int pairs = 0;
        while (pairs < n && out[pairs].kind == PAIR)
            pairs++;
        int fourteens = fourteens_of(s);
        if (pairs > 1) {
            int after[128];
            Step spare[128];
            /* the values the hand deals into the two places a pair leaves, in reading order */
            int first = s->nhand ? value_of(s->hand[s->nhand - 1]) : 0;
            int second = s->nhand > 1 ? value_of(s->hand[s->nhand - 2]) : 0;
            for (int e = 0; e < pairs; e++) {
                int places[2] = {out[e].src - PLACE1, out[e].dst - PLACE1};
                uint8_t values[PLACES];
                memcpy(values, s->value, PLACES);
                values[places[0]] = (uint8_t)first;
                values[places[1]] = (uint8_t)second;
                after[e] = fourteens - through(s->value, places, 2, s->holding)
                           + through(values, places, 2, s->holding);
            }
            most_first(out, after, pairs, spare);
        }
        if (n > pairs) {
            int kept = useful_exchanges(s, out + pairs, n - pairs, fourteens);
            if (kept >= 0)
                n = pairs + kept;
        }
    }
    if (kind)
        memset(kind, BETWEEN, (size_t)n);
    return n;
}

/* The Fourteenth has no safe move (Game.safe_move). */
static inline int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    (void)r; (void)s; (void)moves; (void)n;
    return -1;
}

/* ----------------------------------------------------------------- play */
/* TheFourteenth.apply: a pair is withdrawn, and its places filled from the hand in reading order, while it
 * lasts (_withdraw); an exchange trades the places of each of its swaps (_exchange). */
static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    int places[4], n = places_of(m, places);
    if (m->kind == EXCHANGE) {
        for (int a = 0; a + 1 < n; a += 2) {
            int p = places[a], q = places[a + 1], card = s->card[p];
            place_set(s, p, s->card[q]);
            place_set(s, q, card);
        }
        s->exchanges++;
        return;
    }
    u->pair[0] = s->card[places[0]];
    u->pair[1] = s->card[places[1]];
    u->dealt = 0;
    for (int a = 0; a < 2; a++)
        if (s->nhand) {
            place_set(s, places[a], s->hand[--s->nhand]);
            u->dealt++;
        } else
            place_set(s, places[a], 0);
    s->withdrawn += 2;
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    (void)r;
    const Step *m = &u->step;
    int places[4], n = places_of(m, places);
    if (m->kind == EXCHANGE) {
        for (int a = n - 2; a >= 0; a -= 2) {
            int p = places[a], q = places[a + 1], card = s->card[p];
            place_set(s, p, s->card[q]);
            place_set(s, q, card);
        }
        s->exchanges--;
        return;
    }
    s->nhand += u->dealt;
    place_set(s, places[0], u->pair[0]);
    place_set(s, places[1], u->pair[1]);
    s->withdrawn -= 2;
}

/* The whole of the two packs paired off. */
static inline int is_won(const State *s) { return s->withdrawn == CARDS; }

/* ----------------------------------------------------------------- Python */
#define REFUSED "not a description of a Fourteenth position: "

/* The position and the rules from TheFourteenth.description(): (hand, square, withdrawn, exchanges,
 * two_swaps, allowed, any_time, must_pair); the hand as bytes of card codes, bottom first, the square as
 * twenty-five bytes (a card's code, or 0 for an empty place), the cards withdrawn, the exchanges made, and
 * the options: whether the exchange is of two swaps, the exchanges allowed, whether it may be made at any
 * time, whether it must bring a fourteen. */
static int read_description(PyObject *d, Rules *r, State *s) {
    const char *hand, *square;
    Py_ssize_t nhand, nsquare;
    memset(s, 0, sizeof(*s));
    if (!PyArg_ParseTuple(d, "y#y#iipipp;a description of a Fourteenth position", &hand, &nhand, &square, &nsquare,
                          &s->withdrawn, &s->exchanges, &r->two_swaps, &r->allowed, &r->any_time, &r->must_pair))
        return 0;
    if (nsquare != PLACES) {
        PyErr_SetString(PyExc_ValueError, REFUSED "twenty-five places of the square");
        return 0;
    }
    if (r->allowed < 0 || r->allowed > 0xffff || s->exchanges < 0 || s->exchanges > r->allowed) {
        PyErr_SetString(PyExc_ValueError, REFUSED "0 to 65,535 exchanges allowed, and 0 to those made");
        return 0;
    }
    uint8_t met[53] = {0};
    int ok = nhand <= CARDS - PLACES && cards_ok((const unsigned char *)hand, nhand, met), laid = 0;
    for (int p = 0; ok && p < PLACES; p++)
        if (square[p]) {
            ok = cards_ok((const unsigned char *)square + p, 1, met);
            laid++;
        }
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, REFUSED "the hand and the square are bytes of card codes, each twice at "
                        "most (0 for an empty place)");
        return 0;
    }
    if (s->withdrawn < 0 || s->withdrawn % 2 || nhand + laid + s->withdrawn != CARDS) {
        PyErr_SetString(PyExc_ValueError, REFUSED "the hand, the square and the cards withdrawn (an even number) "
                        "make two packs");
        return 0;
    }
    for (int p = 0; p < PLACES; p++)
        place_set(s, p, (unsigned char)square[p]);
    memcpy(s->hand, hand, (size_t)nhand);
    s->nhand = (int)nhand;
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__the_fourteenth_search(void) {
    lines_work_out();
    return search_module();
}
