/* Demon's thoughtful search, in C.
 *
 * The same search as the core's depth-first search (patience/solve.py, _depth_first) on Demon
 * (patience/games/demon.py): the same moves, in the same order, the same safe moves and runs of the
 * pack, the same positions merged, counted the same way; only faster, on plain bytes.  What the rules
 * allow is given by the Python module (the files' table of builds among it), and the line of a won deal
 * is played again through the Python engine, which checks every move; tests/games/test_demon_search.py
 * holds the moves, the steps and the verdicts of the two searches together.
 *
 * A position: the pack (the talon and the hand: read from the bottom of the talon up and on from the
 * top of the hand down, the cards keep their order whatever is turned or picked up, so it is the pack
 * as the search began less the cards used, and how many of them lie on the talon), whether a card of
 * the pack was used in this pass, the rubbish heap (as the search began, less its top cards), the four
 * files and how many cards of each suit are on the formations.  Its key is 128 bits of hash of that,
 * the files taken as a set and the formations by suit, as Demon.solver_key does.  Two positions that
 * differ share a key with a chance of about 2^-128 a pair: across a search of a hundred million
 * positions, about one in 10^22.
 */
#include "_search_tools.h"

#define GAME "Demon"
#define MODULE "_demon_search"
#define FILES 4
#define MAXPACK 52
#define MAXFILE 52
#define MAXHEAP 52

/* Pile numbers, in the order of Demon.pile_names(). */
enum { HAND = 0, TALON = 1, HEAP = 2, FOUNDATION = 3, FILE1 = 7 };
/* What the heap's card may do (Demon's ``heap`` option), and a vacancy once it is out (``empty_heap``). */
enum { HEAP_FOUNDATIONS = 0, HEAP_FILES = 1, HEAP_VACANCIES = 2 };
enum { EMPTY_HAND = 0, EMPTY_ANY = 1, EMPTY_NONE = 2 };

typedef struct {
    uint8_t fits[53][53];       /* fits[under][card]: card may lie on under in the files (rule 2) */
    uint8_t lying_on[53][53];   /* the cards that may lie on a card, and (index 0 ... ) their number */
    int base;                   /* the formation cards' value, 1 to 13 */
    int part;                   /* files=part: any part of a file moves */
    int heap_mode, empty_heap;
} Rules;

typedef struct {
    uint8_t orig[MAXPACK];      /* the pack as the search began, bottom of the talon first */
    int norig;
    uint8_t pos[MAXPACK];       /* the pack now, as places in orig */
    int npack, showing, used;
    uint64_t mask;              /* the places in orig still in the pack */
    uint8_t heap[MAXHEAP];
    int nheap;
    uint8_t file[FILES][MAXFILE];
    int nfile[FILES];
    uint64_t ha[FILES][MAXFILE + 1], hb[FILES][MAXFILE + 1];  /* each file's hash, card by card */
    int count[SUITS];           /* the cards of each suit on the formations */
    int slot_suit[SUITS];       /* each formation's suit (-1: not begun) */
    int suit_slot[SUITS];
} State;

/* A step: a move, after a run of ``packs`` moves of the pack (turns, and a pick-up if ``picked``)
 * leaving ``showing`` cards on the talon. */
typedef struct {
    uint8_t packs, src, dst, n, picked, showing;
} Step;

/* What a step changed, to take it back. */
typedef struct {
    Step step;
    uint8_t showing, used, filled, place;
} Undo;

/* ----------------------------------------------------------------- cards */
/* A card's place in its formation, from 0 (the formation card) to 12. */
static inline int place_of(const Rules *r, int card) { return (rank_of(card) - r->base + 13) % 13; }
static inline int is_out(const Rules *r, const State *s, int card) {
    return place_of(r, card) < s->count[suit_of(card)];
}
/* Whether ``card`` goes up now (rules 4 and 8), and to which formation. */
static inline int wanted(const Rules *r, const State *s, int card, int *slot) {
    int suit = suit_of(card), have = s->count[suit];
    if (have >= FULL || place_of(r, card) != have)
        return 0;
    if (have) {
        *slot = s->suit_slot[suit];
        return 1;
    }
    for (int i = 0; i < SUITS; i++)
        if (s->slot_suit[i] < 0) {
            *slot = i;
            return 1;
        }
    return 0;
}

/* ----------------------------------------------------------------- hashes */
static inline void push_card(State *s, int f, int card) {
    int n = s->nfile[f];
    s->file[f][n] = (uint8_t)card;
    s->ha[f][n + 1] = hash_on_a(s->ha[f][n], card);
    s->hb[f][n + 1] = hash_on_b(s->hb[f][n], card);
    s->nfile[f] = n + 1;
}

static Key key_of(const State *s) {
    uint64_t fa = 0, fb = 0;
    for (int f = 0; f < FILES; f++) {  /* a sum: the files as a set */
        fa += mix(s->ha[f][s->nfile[f]] ^ 0x452821e638d01377ULL);
        fb += mix2(s->hb[f][s->nfile[f]] + 0xbe5466cf34e90c6cULL);
    }
    uint64_t w = (uint64_t)s->showing | (uint64_t)(s->used != 0) << 6 | (uint64_t)s->nheap << 7;
    for (int i = 0; i < SUITS; i++)
        w |= (uint64_t)s->count[i] << (13 + 4 * i);
    return key_from(fa, fb, s->mask, w);
}

/* ----------------------------------------------------------------- moves */
static inline int talon_card(const State *s) { return s->orig[s->pos[s->showing - 1]]; }

static inline Step move_step(int src, int dst, int n) {
    Step m = {0, (uint8_t)src, (uint8_t)dst, (uint8_t)n, 0, 0};
    return m;
}

/* The moves of ``card`` on top of the talon (Demon._moves_of). */
static int talon_moves(const Rules *r, const State *s, int card, Step *out) {
    int k = 0, slot;
    if (wanted(r, s, card, &slot))
        out[k++] = move_step(TALON, FOUNDATION + slot, 1);
    int fills = s->nheap == 0 && r->empty_heap != EMPTY_NONE;
    for (int g = 0; g < FILES; g++) {
        int n = s->nfile[g];
        if (n ? r->fits[s->file[g][n - 1]][card] : fills)
            out[k++] = move_step(TALON, FILE1 + g, 1);
    }
    return k;
}

/* The legal moves but those of the pack, in the order of Demon.generate_legal_moves (or, ``useful``,
 * of Demon.useful_moves); each move's kind in ``kind``, if given: up to a formation, turning up the
 * heap's next card, emptying a pile, or between piles. */
static int moves_of(const Rules *r, const State *s, int useful, Step *out, uint8_t *kind) {
    int k = 0, slot;
    if (s->showing) {
        int first = k;
        k += talon_moves(r, s, talon_card(s), out + k);
        if (kind)
            for (int i = first; i < k; i++)
                kind[i] = out[i].dst < FILE1 ? OUT : s->showing == 1 ? EMPTYING : BETWEEN;
    }
    if (s->nheap && r->heap_mode != HEAP_VACANCIES) {
        int card = s->heap[s->nheap - 1];
        if (wanted(r, s, card, &slot)) {
            if (kind) kind[k] = OUT;
            out[k++] = move_step(HEAP, FOUNDATION + slot, 1);
        }
        if (r->heap_mode == HEAP_FILES)
            for (int g = 0; g < FILES; g++) {
                int n = s->nfile[g];
                if (n && r->fits[s->file[g][n - 1]][card]) {
                    if (kind) kind[k] = s->nheap == 1 ? EMPTYING : TURNING;
                    out[k++] = move_step(HEAP, FILE1 + g, 1);
                }
            }
    }
    int file_fills = s->nheap == 0 && r->empty_heap == EMPTY_ANY;
    for (int f = 0; f < FILES; f++) {
        int size = s->nfile[f];
        if (!size)
            continue;
        const uint8_t *pile = s->file[f];
        if (wanted(r, s, pile[size - 1], &slot)) {
            if (kind) kind[k] = OUT;
            out[k++] = move_step(FILE1 + f, FOUNDATION + slot, 1);
        }
        int length = 1;
        while (length < size && r->fits[pile[size - length - 1]][pile[size - length]])
            length++;
        int lo = 1, hi = length;
        if (!r->part) {
            if (length != size)
                continue;
            lo = size;
        }
        for (int depth = lo; depth <= hi; depth++) {
            int head = pile[size - depth];
            int twins = useful && depth < length && !wanted(r, s, pile[size - depth - 1], &slot);
            for (int g = 0; g < FILES; g++) {
                int n = s->nfile[g];
                int ok = n ? g != f && r->fits[s->file[g][n - 1]][head] && !twins : file_fills && depth < size;
                if (ok) {
                    if (kind) kind[k] = depth == size ? EMPTYING : BETWEEN;
                    out[k++] = move_step(FILE1 + f, FILE1 + g, depth);
                }
            }
        }
    }
    return k;
}

/* The move of the pack: 1 a turn, 2 a pick-up, 0 none (rules 6 and 7). */
static inline int pack_move(const State *s) {
    if (s->npack > s->showing)
        return 1;
    return s->showing && s->used ? 2 : 0;
}

/* Demon.safe_move: the first move up from a file or the heap of a card on which no card that could
 * lie on it in the files is left in play; -1 if none. */
static int safe_move(const Rules *r, const State *s, const Step *moves, int n) {
    for (int i = 0; i < n; i++) {
        const Step *m = &moves[i];
        if (m->dst >= FILE1 || m->src == TALON)
            continue;
        int card = m->src == HEAP ? s->heap[s->nheap - 1] : s->file[m->src - FILE1][s->nfile[m->src - FILE1] - 1];
        const uint8_t *on = r->lying_on[card];
        int all = 1;
        for (int j = 1; j <= on[0] && all; j++)
            all = is_out(r, s, on[j]);
        if (all)
            return i;
    }
    return -1;
}

/* The steps the search tries from a position, in its order (solve._children with Demon.pack_runs):
 * the safe move alone, if there is one; else the useful moves, out first, then those that turn a card
 * up, empty a pile, and the others; then each run of the pack that ends in a use of the card it brings
 * (with ``pack_first``, those that end in a card going up straight after the other moves up).  The
 * number of steps, written to ``out`` (room for MAX_STEPS). */
#define MAX_STEPS 4096
static int children(const Rules *r, State *s, int pack_first, Step *out) {
    Step moves[1024];
    uint8_t kind[1024];
    int n = moves_of(r, s, 1, moves, kind);
    int safe = safe_move(r, s, moves, n);
    if (safe >= 0) {
        out[0] = moves[safe];
        return 1;
    }
    int k = 0, outs = 0;
    for (int want = OUT; want < KINDS; want++)
        for (int i = 0; i < n; i++)
            if (kind[i] == want)
                out[k++] = moves[i];
    for (int i = 0; i < n; i++)
        outs += kind[i] == OUT;
    int first = pack_move(s);
    if (!first)
        return k;
    /* The runs: a count of cards on the talon, the card on top the one it reaches. */
    Step runs[MAX_STEPS / 2];
    int nruns = 0;
    int size = s->npack, showing = s->showing, picked = 0, made = 0;
    int used = s->used != 0, move = first;
    int saved = s->showing;
    for (;;) {
        if (move == 1) {
            showing = showing + 3 > size ? size : showing + 3;
        } else {
            showing = 0;
            picked = 1;
        }
        made++;
        if (showing) {
            Step uses[FILES + 1];
            s->showing = showing;
            int u = talon_moves(r, s, talon_card(s), uses);
            s->showing = saved;
            for (int i = 0; i < u && nruns < MAX_STEPS / 2; i++) {
                Step step = uses[i];
                step.packs = (uint8_t)made;
                step.picked = (uint8_t)picked;
                step.showing = (uint8_t)showing;
                runs[nruns++] = step;
            }
        }
        if (size - showing)
            move = 1;
        else if (showing && used && !picked)
            move = 2;
        else
            break;
        if (made == PACK_RUN)
            break;
    }
    if (!pack_first) {
        memcpy(out + k, runs, sizeof(Step) * nruns);
        return k + nruns;
    }
    Step rest[MAX_STEPS];
    int nrest = k - outs;
    memcpy(rest, out + outs, sizeof(Step) * nrest);
    k = outs;
    for (int i = 0; i < nruns; i++)
        if (runs[i].dst < FILE1)
            out[k++] = runs[i];
    memcpy(out + k, rest, sizeof(Step) * nrest);
    k += nrest;
    for (int i = 0; i < nruns; i++)
        if (runs[i].dst >= FILE1)
            out[k++] = runs[i];
    return k;
}

/* ----------------------------------------------------------------- play */
static void apply(const Rules *r, State *s, const Step *m, Undo *u) {
    (void)r;
    u->step = *m;
    u->showing = (uint8_t)s->showing;
    u->used = (uint8_t)s->used;
    u->filled = 0;
    if (m->packs) {
        s->showing = m->showing;
        if (m->picked)
            s->used = 0;
    }
    uint8_t cards[MAXFILE];
    int n = m->n;
    if (m->src == TALON) {
        int at = s->showing - 1, place = s->pos[at];
        cards[0] = s->orig[place];
        u->place = (uint8_t)place;
        memmove(s->pos + at, s->pos + at + 1, (size_t)(s->npack - at - 1));
        s->npack--;
        s->showing--;
        s->mask &= ~(1ULL << place);
        s->used = 1;
    } else if (m->src == HEAP) {
        cards[0] = s->heap[--s->nheap];
    } else {
        int f = m->src - FILE1;
        s->nfile[f] -= n;
        memcpy(cards, s->file[f] + s->nfile[f], (size_t)n);
    }
    if (m->dst < FILE1) {
        int slot = m->dst - FOUNDATION, suit = suit_of(cards[0]);
        if (!s->count[suit]) {
            s->slot_suit[slot] = suit;
            s->suit_slot[suit] = slot;
        }
        s->count[suit]++;
    } else {
        for (int i = 0; i < n; i++)
            push_card(s, m->dst - FILE1, cards[i]);
    }
    if (m->src >= FILE1 && !s->nfile[m->src - FILE1] && s->nheap) {  /* rule 3: filled from the heap */
        push_card(s, m->src - FILE1, s->heap[--s->nheap]);
        u->filled = 1;
    }
}

static void take_back(const Rules *r, State *s, const Undo *u) {
    const Step *m = &u->step;
    int n = m->n;
    uint8_t cards[MAXFILE];
    if (u->filled) {
        int f = m->src - FILE1;
        s->heap[s->nheap++] = s->file[f][--s->nfile[f]];
    }
    if (m->dst < FILE1) {
        int slot = m->dst - FOUNDATION, suit = s->slot_suit[slot];
        int place = --s->count[suit];
        cards[0] = (uint8_t)(suit * 13 + (r->base - 1 + place) % 13 + 1);
        if (!place) {
            s->slot_suit[slot] = -1;
            s->suit_slot[suit] = -1;
        }
    } else {
        int g = m->dst - FILE1;
        s->nfile[g] -= n;
        memcpy(cards, s->file[g] + s->nfile[g], (size_t)n);
    }
    if (m->src == TALON) {
        int at = s->showing;
        memmove(s->pos + at + 1, s->pos + at, (size_t)(s->npack - at));
        s->pos[at] = u->place;
        s->npack++;
        s->mask |= 1ULL << u->place;
    } else if (m->src == HEAP) {
        s->heap[s->nheap++] = cards[0];
    } else {
        for (int i = 0; i < n; i++)
            push_card(s, m->src - FILE1, cards[i]);
    }
    s->showing = u->showing;
    s->used = u->used;
}

static inline int is_won(const State *s) {
    for (int i = 0; i < SUITS; i++)
        if (s->count[i] != FULL)
            return 0;
    return 1;
}

static inline int dead_end(const Rules *r, const State *s) {  /* Demon proves nothing lost */
    (void)r; (void)s;
    return 0;
}

/* ----------------------------------------------------------------- Python */
/* The position and the rules from Demon.description(): (pack, showing, used, heap, files, formations,
 * base, fits, part, heap_mode, empty_heap); pack, heap and each file as bytes of card codes, bottom
 * first (the pack from the bottom of the talon up and on from the top of the hand down), formations as
 * four (suit or -1, cards) in their order, fits the files' table of builds, 53 × 53 bytes. */
static int read_description(PyObject *d, Rules *r, State *s) {
    const char *pack, *heap, *fits;
    Py_ssize_t npack, nheap, nfits;
    PyObject *files, *formations;
    int showing, used;
    if (!PyArg_ParseTuple(d, "y#iiy#O!O!iy#iii;a description of a Demon position", &pack, &npack, &showing,
                          &used, &heap, &nheap, &PyTuple_Type, &files, &PyTuple_Type, &formations, &r->base,
                          &fits, &nfits, &r->part, &r->heap_mode, &r->empty_heap))
        return 0;
    if (npack > MAXPACK || nheap > MAXHEAP || nfits != 53 * 53 || showing < 0 || showing > npack
        || PyTuple_GET_SIZE(files) != FILES || PyTuple_GET_SIZE(formations) != SUITS || r->base < 1 || r->base > 13) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Demon position");
        return 0;
    }
    uint8_t met[53] = {0};
    int ok = cards_ok((const unsigned char *)pack, npack, met) && cards_ok((const unsigned char *)heap, nheap, met);
    for (int f = 0; f < FILES && ok; f++) {
        PyObject *file = PyTuple_GET_ITEM(files, f);
        ok = PyBytes_Check(file) && PyBytes_GET_SIZE(file) <= MAXFILE
             && cards_ok((const unsigned char *)PyBytes_AS_STRING(file), PyBytes_GET_SIZE(file), met);
    }
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "not a description of a Demon position: the piles are bytes of "
                        "different card codes, 1 to 52");
        return 0;
    }
    memset(s, 0, sizeof(*s));
    memcpy(r->fits, fits, 53 * 53);
    for (int c = 1; c <= 52; c++) {
        int k = 0;
        for (int a = 1; a <= 52; a++)
            if (r->fits[c][a])
                r->lying_on[c][++k] = (uint8_t)a;
        r->lying_on[c][0] = (uint8_t)k;
    }
    memcpy(s->orig, pack, (size_t)npack);
    s->norig = s->npack = (int)npack;
    for (int i = 0; i < npack; i++) {
        s->pos[i] = (uint8_t)i;
        s->mask |= 1ULL << i;
    }
    s->showing = showing;
    s->used = used != 0;
    memcpy(s->heap, heap, (size_t)nheap);
    s->nheap = (int)nheap;
    for (int f = 0; f < FILES; f++) {
        PyObject *file = PyTuple_GET_ITEM(files, f);
        s->ha[f][0] = HA0;
        s->hb[f][0] = HB0;
        const unsigned char *cards = (const unsigned char *)PyBytes_AS_STRING(file);
        for (Py_ssize_t i = 0; i < PyBytes_GET_SIZE(file); i++)
            push_card(s, f, cards[i]);
    }
    for (int i = 0; i < SUITS; i++)
        s->suit_slot[i] = -1;
    for (int i = 0; i < SUITS; i++) {
        int suit, count;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(formations, i), "ii;a formation is (suit, cards)", &suit, &count))
            return 0;
        if (count < 0 || count > FULL || (count && (suit < 0 || suit >= SUITS || s->count[suit]))) {
            PyErr_SetString(PyExc_ValueError, "not a description of a Demon position: a formation is (its suit, "
                            "0 to 3, and 1 to 13 cards), a suit at most once, or (-1, 0)");
            return 0;
        }
        s->slot_suit[i] = count ? suit : -1;
        if (count) {
            s->count[suit] = count;
            s->suit_slot[suit] = i;
        }
    }
    return 1;
}

#include "_search.h"

PyMODINIT_FUNC PyInit__demon_search(void) { return search_module(); }
