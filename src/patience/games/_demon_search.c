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
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define FILES 4
#define SUITS 4
#define FULL 13
#define MAXPACK 52
#define MAXFILE 52
#define MAXHEAP 52
#define PACK_RUN 80
#define PROGRESS 4096

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

/* A step: a move, after a run of the pack when ``run``: ``turns`` turns, a pick-up if ``picked``, and
 * ``after`` more turns, leaving ``showing`` cards on the talon. */
typedef struct {
    uint8_t src, dst, n, run, turns, picked, after, showing;
} Step;

/* What a step changed, to take it back. */
typedef struct {
    Step step;
    uint8_t showing, used, filled, place;
} Undo;

/* ----------------------------------------------------------------- cards */
static inline int suit_of(int card) { return (card - 1) / 13; }
static inline int rank_of(int card) { return (card - 1) % 13 + 1; }
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
static inline uint64_t mix(uint64_t x) {
    x ^= x >> 30; x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27; x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}
static inline uint64_t mix2(uint64_t x) {
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
}
#define HA0 0x243f6a8885a308d3ULL
#define HB0 0x13198a2e03707344ULL

static inline void push_card(State *s, int f, int card) {
    int n = s->nfile[f];
    s->file[f][n] = (uint8_t)card;
    s->ha[f][n + 1] = mix(s->ha[f][n] + (uint64_t)card * 0x9e3779b97f4a7c15ULL);
    s->hb[f][n + 1] = mix2(s->hb[f][n] ^ ((uint64_t)card << 17 | (uint64_t)card));
    s->nfile[f] = n + 1;
}

typedef struct { uint64_t a, b; } Key;

static Key key_of(const State *s) {
    uint64_t fa = 0, fb = 0;
    for (int f = 0; f < FILES; f++) {  /* a sum: the files as a set */
        fa += mix(s->ha[f][s->nfile[f]] ^ 0x452821e638d01377ULL);
        fb += mix2(s->hb[f][s->nfile[f]] + 0xbe5466cf34e90c6cULL);
    }
    uint64_t w = (uint64_t)s->showing | (uint64_t)(s->used != 0) << 6 | (uint64_t)s->nheap << 7;
    for (int i = 0; i < SUITS; i++)
        w |= (uint64_t)s->count[i] << (13 + 4 * i);
    Key k;
    k.a = mix(mix(s->mask ^ 0xc0ac29b7c97c50ddULL) + w) + fa;
    k.b = mix2(mix2(w ^ 0x3f84d5b5b5470917ULL) + s->mask) + fb;
    k.a = mix(k.a) | 1;  /* never 0: 0 marks an empty place in the table */
    k.b = mix2(k.b ^ 0x9216d5d98979fb1bULL);
    return k;
}

/* The positions seen: open addressing on 128-bit keys, doubled at three quarters full. */
typedef struct {
    Key *slots;
    size_t mask, used;
} Seen;

static int seen_init(Seen *t, size_t size) {
    t->slots = calloc(size, sizeof(Key));
    t->mask = size - 1;
    t->used = 0;
    return t->slots != NULL;
}

static int seen_grow(Seen *t) {
    size_t size = (t->mask + 1) * 2;
    Key *slots = calloc(size, sizeof(Key));
    if (!slots)
        return 0;
    for (size_t i = 0; i <= t->mask; i++) {
        Key k = t->slots[i];
        if (!k.a)
            continue;
        size_t j = k.b & (size - 1);
        while (slots[j].a)
            j = (j + 1) & (size - 1);
        slots[j] = k;
    }
    free(t->slots);
    t->slots = slots;
    t->mask = size - 1;
    return 1;
}

/* Add ``k``: 1 if it was new, 0 if seen before, -1 out of memory. */
static int seen_add(Seen *t, Key k) {
    if (4 * (t->used + 1) > 3 * (t->mask + 1) && !seen_grow(t))
        return -1;
    size_t j = k.b & t->mask;
    while (t->slots[j].a) {
        if (t->slots[j].a == k.a && t->slots[j].b == k.b)
            return 0;
        j = (j + 1) & t->mask;
    }
    t->slots[j] = k;
    t->used++;
    return 1;
}

/* ----------------------------------------------------------------- moves */
static inline int talon_card(const State *s) { return s->orig[s->pos[s->showing - 1]]; }

static inline Step move_step(int src, int dst, int n) {
    Step m = {(uint8_t)src, (uint8_t)dst, (uint8_t)n, 0, 0, 0, 0, 0};
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

/* The kinds of move, in the order the search tries them (solve._by_priority). */
enum { OUT = 0, TURNING = 1, EMPTYING = 2, BETWEEN = 3, KINDS = 4 };

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
    int size = s->npack, showing = s->showing, picked = 0, turns = 0, after = 0, made = 0;
    int used = s->used != 0, move = first;
    int saved = s->showing;
    for (;;) {
        if (move == 1) {
            showing = showing + 3 > size ? size : showing + 3;
            if (picked) after++; else turns++;
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
                step.run = 1;
                step.turns = (uint8_t)turns;
                step.picked = (uint8_t)picked;
                step.after = (uint8_t)after;
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
static void apply(State *s, const Step *m, Undo *u) {
    u->step = *m;
    u->showing = (uint8_t)s->showing;
    u->used = (uint8_t)s->used;
    u->filled = 0;
    if (m->run) {
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

static void undo(const Rules *r, State *s, const Undo *u) {
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

/* ----------------------------------------------------------------- search */
enum { WON = 0, LOST = 1, UNKNOWN = 2, FAILED = -1, NO_MEMORY = -2 };

typedef struct { int start, end, next; } Frame;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static inline uint64_t next_random(uint64_t *state) {  /* xorshift64* */
    uint64_t x = *state;
    x ^= x >> 12; x ^= x << 25; x ^= x >> 27;
    *state = x;
    return x * 0x2545f4914f6cdd1dULL;
}

/* Grow ``*array`` (of ``*room`` items of ``size`` bytes) to hold ``need``; 0 out of memory. */
static int reserve(void **array, size_t *room, size_t need, size_t size) {
    if (need <= *room)
        return 1;
    size_t more = *room ? *room : 1024;
    while (more < need)
        more *= 2;
    void *grown = realloc(*array, more * size);
    if (!grown)
        return 0;
    *array = grown;
    *room = more;
    return 1;
}

typedef struct {
    Step *steps; size_t nsteps, steps_room;
    Frame *frames; size_t nframes, frames_room;
    Undo *line; size_t nline, line_room;
    Seen seen;
} Search;

static void search_free(Search *z) {
    free(z->steps);
    free(z->frames);
    free(z->line);
    free(z->seen.slots);
}

/* Open a frame of the children of the position; 0 out of memory. */
static int open_frame(Search *z, const Rules *r, State *s, int pack_first, uint64_t *order) {
    if (!reserve((void **)&z->steps, &z->steps_room, z->nsteps + MAX_STEPS, sizeof(Step))
        || !reserve((void **)&z->frames, &z->frames_room, z->nframes + 1, sizeof(Frame)))
        return 0;
    Step *at = z->steps + z->nsteps;
    int n = children(r, s, pack_first, at);
    if (*order && n > 1)
        for (int i = n - 1; i > 0; i--) {
            int j = (int)(next_random(order) % (uint64_t)(i + 1));
            Step t = at[i]; at[i] = at[j]; at[j] = t;
        }
    Frame *f = &z->frames[z->nframes++];
    f->start = (int)z->nsteps;
    f->next = (int)z->nsteps;
    f->end = (int)z->nsteps + n;
    z->nsteps += (size_t)n;
    return 1;
}

/* The search of solve._depth_first: WON (the line in z->line), LOST, UNKNOWN, or FAILED with a Python
 * error set.  ``seconds`` < 0: no limit.  Other threads run Python meanwhile: the search takes Python's
 * lock only to look for a signal (Ctrl-C) and to report its progress, every PROGRESS positions. */
static int depth_first(Search *z, const Rules *r, State *s, long nodes, double seconds, PyObject *progress,
                       long counted, double elapsed, uint64_t order, int pack_first, long *count_out) {
    long count = 0;
    int outcome = LOST;
    *count_out = 0;
    if (is_won(s))
        return WON;
    PyThreadState *unlocked = PyEval_SaveThread();
    double started = now(), deadline = seconds >= 0 ? started + seconds : 0;
    if (!seen_init(&z->seen, 1 << 16) || seen_add(&z->seen, key_of(s)) < 0 || !open_frame(z, r, s, pack_first, &order))
        outcome = NO_MEMORY;
    while (outcome == LOST && z->nframes) {
        Frame *f = &z->frames[z->nframes - 1];
        if (f->next == f->end) {
            z->nsteps = (size_t)f->start;
            z->nframes--;
            if (z->nline)
                undo(r, s, &z->line[--z->nline]);
            continue;
        }
        Step step = z->steps[f->next++];
        if (count >= nodes || (seconds >= 0 && count % 64 == 0 && now() > deadline)) {
            outcome = UNKNOWN;
            break;
        }
        count++;
        if ((counted + count) % PROGRESS == 0) {
            PyEval_RestoreThread(unlocked);
            int stop = PyErr_CheckSignals() < 0;
            if (!stop && progress != Py_None) {
                PyObject *said = PyObject_CallFunction(progress, "ld", counted + count, elapsed + now() - started);
                stop = !said;
                Py_XDECREF(said);
            }
            unlocked = PyEval_SaveThread();
            if (stop) {
                outcome = FAILED;
                break;
            }
        }
        if (!reserve((void **)&z->line, &z->line_room, z->nline + 1, sizeof(Undo))) {
            outcome = NO_MEMORY;
            break;
        }
        Undo *u = &z->line[z->nline];
        apply(s, &step, u);
        int fresh = seen_add(&z->seen, key_of(s));
        if (fresh <= 0) {
            undo(r, s, u);
            if (fresh < 0)
                outcome = NO_MEMORY;
            continue;
        }
        z->nline++;
        if (is_won(s))
            outcome = WON;
        else if (!open_frame(z, r, s, pack_first, &order))
            outcome = NO_MEMORY;
    }
    PyEval_RestoreThread(unlocked);
    *count_out = count;
    if (outcome == NO_MEMORY) {
        PyErr_NoMemory();
        outcome = FAILED;
    }
    return outcome;
}

/* ----------------------------------------------------------------- Python */
/* Whether ``n`` bytes at ``cards`` are card codes (1 to 52) not met before (marked in ``met``). */
static int cards_ok(const unsigned char *cards, Py_ssize_t n, uint8_t *met) {
    for (Py_ssize_t i = 0; i < n; i++) {
        if (cards[i] < 1 || cards[i] > 52 || met[cards[i]])
            return 0;
        met[cards[i]] = 1;
    }
    return 1;
}

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

/* A position and its rules, read from a description; NULL (a Python error set) if it is not one. */
typedef struct {
    Rules rules;
    State state;
} Position;

static Position *position_of(PyObject *description) {
    if (!PyTuple_Check(description)) {
        PyErr_SetString(PyExc_TypeError, "a description of a Demon position is a tuple (Demon.description())");
        return NULL;
    }
    Position *p = malloc(sizeof(Position));
    if (!p)
        PyErr_NoMemory();
    else if (!read_description(description, &p->rules, &p->state)) {
        free(p);
        p = NULL;
    }
    return p;
}

/* The steps as a list of (turns, picked_up, turns_after, source, target, cards). */
static PyObject *step_list(const Step *steps, Py_ssize_t n) {
    PyObject *list = PyList_New(n);
    for (Py_ssize_t i = 0; list && i < n; i++) {
        const Step *m = &steps[i];
        PyObject *item = Py_BuildValue("(iiiiii)", m->turns, m->picked, m->after, m->src, m->dst, m->n);
        if (!item) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, i, item);
    }
    return list;
}

PyDoc_STRVAR(search_doc,
"search(description, nodes, seconds, progress, counted, elapsed, order, pack_first)\n--\n\n"
"Demon's depth-first search from a position (see Demon.description): (outcome, steps, positions).\n"
"Each step is (turns, picked_up, turns_after, source, target, cards): the moves of the pack, then a\n"
"move from pile number source to pile number target (Demon.pile_names()).  seconds: None for no\n"
"limit; progress: None or called with (positions, seconds); order: 0, or a seed by which the steps\n"
"from every position are shuffled.");

static PyObject *py_search(PyObject *self, PyObject *args) {
    PyObject *description, *seconds, *progress;
    long nodes, counted;
    double elapsed;
    unsigned long long order;
    int pack_first;
    (void)self;
    if (!PyArg_ParseTuple(args, "OlOOldKp", &description, &nodes, &seconds, &progress, &counted, &elapsed, &order,
                          &pack_first))
        return NULL;
    double limit = -1;
    if (seconds != Py_None) {
        limit = PyFloat_AsDouble(seconds);
        if (limit == -1 && PyErr_Occurred())
            return NULL;
        if (limit < 0)
            limit = 0;
    }
    Position *p = position_of(description);
    if (!p)
        return NULL;
    Search z;
    memset(&z, 0, sizeof(z));
    PyObject *result = NULL;
    long count;
    int outcome = depth_first(&z, &p->rules, &p->state, nodes, limit, progress, counted, elapsed, order, pack_first,
                              &count);
    Step *line = outcome == FAILED ? NULL : malloc(sizeof(Step) * (z.nline + 1));
    if (outcome != FAILED && !line)
        PyErr_NoMemory();
    if (line) {
        size_t n = outcome == WON ? z.nline : 0;
        for (size_t i = 0; i < n; i++)
            line[i] = z.line[i].step;
        static const char *names[] = {"won", "lost", "unknown"};
        result = Py_BuildValue("(sNl)", names[outcome], step_list(line, (Py_ssize_t)n), count);
        free(line);
    }
    search_free(&z);
    free(p);
    return result;
}

/* The moves (``which`` 0: with the flag, the useful ones) or the steps of the search (1: with the flag,
 * pack first) from the position given in ``args``, as a list of steps. */
static PyObject *listed(PyObject *args, int which) {
    PyObject *description;
    int flag;
    if (!PyArg_ParseTuple(args, "Op", &description, &flag))
        return NULL;
    Position *p = position_of(description);
    Step *steps = p ? malloc(sizeof(Step) * MAX_STEPS) : NULL;
    PyObject *result = NULL;
    if (p && !steps)
        PyErr_NoMemory();
    if (steps)
        result = step_list(steps, which ? children(&p->rules, &p->state, flag, steps)
                                        : moves_of(&p->rules, &p->state, flag, steps, NULL));
    free(p);
    free(steps);
    return result;
}

PyDoc_STRVAR(moves_doc,
"moves(description, useful)\n--\n\n"
"The legal moves of the position but those of the pack (or, useful, Demon.useful_moves's), in the\n"
"engine's order, as steps without moves of the pack: (0, 0, 0, source, target, cards).");

static PyObject *py_moves(PyObject *self, PyObject *args) {
    (void)self;
    return listed(args, 0);
}

PyDoc_STRVAR(children_doc,
"children(description, pack_first)\n--\n\n"
"The steps the search tries from the position, in its order, as search gives its line's.");

static PyObject *py_children(PyObject *self, PyObject *args) {
    (void)self;
    return listed(args, 1);
}

PyDoc_STRVAR(key_doc,
"key(description)\n--\n\n"
"The position's key in the search, as a number of 128 bits.");

static PyObject *py_key(PyObject *self, PyObject *args) {
    PyObject *description;
    (void)self;
    if (!PyArg_ParseTuple(args, "O", &description))
        return NULL;
    Position *p = position_of(description);
    if (!p)
        return NULL;
    Key k = key_of(&p->state);
    free(p);
    char digits[33];
    snprintf(digits, sizeof(digits), "%016llx%016llx", (unsigned long long)k.a, (unsigned long long)k.b);
    return PyLong_FromString(digits, NULL, 16);
}

static PyMethodDef methods[] = {
    {"search", py_search, METH_VARARGS, search_doc},
    {"moves", py_moves, METH_VARARGS, moves_doc},
    {"children", py_children, METH_VARARGS, children_doc},
    {"key", py_key, METH_VARARGS, key_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_demon_search",
    "Demon's thoughtful search, in C (see patience.games.demon).", -1, methods, NULL, NULL, NULL, NULL,
};

#ifndef COMPILED_FROM
#define COMPILED_FROM ""
#endif

PyMODINIT_FUNC PyInit__demon_search(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddStringConstant(m, "COMPILED_FROM", COMPILED_FROM) < 0)
        Py_CLEAR(m);
    return m;
}
