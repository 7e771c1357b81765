/* The core's depth-first search (patience/solve.py, _depth_first), in C, and the module that gives it to
 * Python, for a game's file to include once it has defined, after _search_tools.h:
 *
 *   GAME, MODULE             the game's name and the module's ("Demon", "_demon_search");
 *   Rules, State             what the rules allow, read once, and a position (its pack, if it has one,
 *                            in ``pack``; its foundations in ``up``, the FOUNDATION_PILES piles from
 *                            FOUNDATION);
 *   Undo                     what a step (a Step of _search_tools.h) changed, its field ``step`` the step;
 *   MAX_MOVES, MAX_STEPS     the most moves, and steps, from one position;
 *   read_description(d, r, s)          the game's description() read, 0 with a Python error if it is
 *                                      not one;
 *   moves_of(r, s, useful, out, kind)  the legal (or useful) moves but those of the pack, in the engine's
 *                                      order, each one's kind (OUT ... BETWEEN) in ``kind`` if given;
 *   safe_move(r, s, moves, n)          the safe move among them (Game.safe_move), -1 if none;
 *   apply(r, s, step, undo), take_back(r, s, undo), key_of(s), is_won(s);
 *
 * a game that proves positions lost (Game.blocked()), PROVES and
 *
 *   dead_end(r, s)                     whether the game proves the position lost; a game without PROVES
 *                                      proves nothing lost: a position is lost only once every line from it
 *                                      is;
 *
 * and a game with a pack, turned onto a talon and taken up again:
 *
 *   TURNED(r)                          the cards a turn brings;
 *   pack_move(r, s, showing, taken_up) the move of the pack (TURN, TAKE_UP or 0) after a run that
 *                                      left ``showing`` cards on the talon and took it up ``taken_up``
 *                                      times;
 *   talon_moves(r, s, card, out)       the moves of ``card`` on top of the talon, in the engine's order
 *                                      (MAX_USES at most);
 *
 * or a game whose runs of the pack are its own (The Shah's, dealt into a star and its spaces, then onto a
 * talon), OWN_RUNS and
 *
 *   pack_runs(r, s, runs, room)        its runs (Game.pack_runs), in the order the search tries them, each a
 *                                      Step with the run's moves of the pack in ``packs``, written to
 *                                      ``runs`` (room for ``room``); their number.  ``s`` may be changed
 *                                      meanwhile, but is left as it was.
 *
 * A game whose runs may make a move of the pack alone (Napoleon's Square's deal, where the Note's re-deal may
 * be made too: solve._children then tries each alone) defines INDEPENDENT and
 *
 *   independent(r, s, m)               whether the move ``m`` could have been made before the move of the pack
 *                                      made alone that led to ``s`` (Game.independent): the search leaves it
 *                                      out, once it has looked for the safe move (solve._children).
 *
 * Then the module's init calls search_module().
 */
#ifndef PATIENCE_SEARCH_H
#define PATIENCE_SEARCH_H

#ifndef PROVES
static inline int dead_end(const Rules *r, const State *s) {
    (void)r; (void)s;
    return 0;
}
#endif

/* ----------------------------------------------------------------- positions seen */
/* Open addressing on 128-bit keys, doubled at three quarters full. */
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

/* ----------------------------------------------------------------- steps */
#define MAX_USES 16

/* Whether the step's move is to a foundation. */
static inline int goes_out(const Step *m) { return (unsigned)(m->dst - FOUNDATION) < FOUNDATION_PILES; }

#ifdef TURNED
/* The runs of the pack (Game.pack_runs, through solve.runs_turning): a count of cards on the talon, the
 * card on top the one it reaches; each run that ends in a use of that card, written to ``runs`` (room for
 * ``room``).  Their number. */
static int pack_runs(const Rules *r, const State *s, Step *runs, int room) {
    int showing = s->pack.showing, taken_up = 0, made = 0, nruns = 0;
    for (int move = pack_move(r, s, showing, 0); move && made < PACK_RUN; move = pack_move(r, s, showing, taken_up)) {
        if (move == TURN)
            showing = showing + TURNED(r) > s->pack.n ? s->pack.n : showing + TURNED(r);
        else {
            showing = 0;
            taken_up++;
        }
        made++;
        if (showing) {
            Step uses[MAX_USES];
            int u = talon_moves(r, s, pack_card(&s->pack, showing), uses);
            for (int i = 0; i < u && nruns < room; i++) {
                Step step = uses[i];
                step.packs = (uint8_t)made;
                step.taken_up = (uint8_t)taken_up;
                step.showing = (uint8_t)showing;
                runs[nruns++] = step;
            }
        }
    }
    return nruns;
}
#elif !defined(OWN_RUNS)
/* A game without a pack has no runs of it. */
static inline int pack_runs(const Rules *r, const State *s, Step *runs, int room) {
    (void)r; (void)s; (void)runs; (void)room;
    return 0;
}
#endif

/* The steps the search tries from a position, in its order (solve._children): the safe move alone, if
 * there is one; else the useful moves (with INDEPENDENT, but those independent of a move of the pack made
 * alone just before), out first, then those that turn a card up, empty a pile, and the others; then each
 * run of the pack that ends in a use of the card it brings (with ``pack_first``, those that end in a card
 * going out straight after the other moves out).  The number of steps, written to ``out`` (room for
 * MAX_STEPS). */
static int children(const Rules *r, State *s, int pack_first, Step *out) {
    Step moves[MAX_MOVES];
    uint8_t kind[MAX_MOVES];
    int n = moves_of(r, s, 1, moves, kind);
    int safe = safe_move(r, s, moves, n);
    if (safe >= 0) {
        out[0] = moves[safe];
        return 1;
    }
#ifdef INDEPENDENT
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (!independent(r, s, &moves[i])) {
            moves[kept] = moves[i];
            kind[kept++] = kind[i];
        }
    n = kept;
#endif
    int k = 0, outs = 0;
    for (int want = OUT; want < KINDS; want++)
        for (int i = 0; i < n; i++)
            if (kind[i] == want)
                out[k++] = moves[i];
    for (int i = 0; i < n; i++)
        outs += kind[i] == OUT;
    Step runs[MAX_STEPS / 2];
    int nruns = pack_runs(r, s, runs, MAX_STEPS / 2);
    if (!pack_first) {
        memcpy(out + k, runs, sizeof(Step) * nruns);
        return k + nruns;
    }
    Step rest[MAX_STEPS];
    int nrest = k - outs;
    memcpy(rest, out + outs, sizeof(Step) * nrest);
    k = outs;
    for (int i = 0; i < nruns; i++)
        if (goes_out(&runs[i]))
            out[k++] = runs[i];
    memcpy(out + k, rest, sizeof(Step) * nrest);
    k += nrest;
    for (int i = 0; i < nruns; i++)
        if (!goes_out(&runs[i]))
            out[k++] = runs[i];
    return k;
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
    Key *keys; size_t keys_room;        /* the key of the position each step leads to */
    Frame *frames; size_t nframes, frames_room;
    Undo *line; size_t nline, line_room;
    Seen seen;
} Search;

static void search_free(Search *z) {
    free(z->steps);
    free(z->keys);
    free(z->frames);
    free(z->line);
    free(z->seen.slots);
}

/* Open a frame of the children of the position, each with the key of the position it leads to, its place
 * in the table of positions seen asked of memory now, for all of them at once: a look-up then seldom waits
 * for memory (half the steps of a search lead to positions seen before, so the next step's is soon
 * wanted).  0 out of memory. */
static int open_frame(Search *z, const Rules *r, State *s, int pack_first, uint64_t *order) {
    if (!reserve((void **)&z->steps, &z->steps_room, z->nsteps + MAX_STEPS, sizeof(Step))
        || !reserve((void **)&z->keys, &z->keys_room, z->nsteps + MAX_STEPS, sizeof(Key))
        || !reserve((void **)&z->frames, &z->frames_room, z->nframes + 1, sizeof(Frame)))
        return 0;
    Step *at = z->steps + z->nsteps;
    int n = children(r, s, pack_first, at);
    if (*order && n > 1)
        for (int i = n - 1; i > 0; i--) {
            int j = (int)(next_random(order) % (uint64_t)(i + 1));
            Step t = at[i]; at[i] = at[j]; at[j] = t;
        }
    for (int i = 0; i < n; i++) {
        Undo u;
        apply(r, s, &at[i], &u);
        Key k = key_of(s);
        take_back(r, s, &u);
        z->keys[z->nsteps + (size_t)i] = k;
        __builtin_prefetch(&z->seen.slots[k.b & z->seen.mask]);
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
    if (dead_end(r, s))
        return LOST;
    PyThreadState *unlocked = PyEval_SaveThread();
    double started = now(), deadline = seconds >= 0 ? started + seconds : 0;
    /* The table of positions seen, first made with room for the search's budget (at least 2^8 places, at most
     * 2^16, doubled as it fills): a search again of a few hundred positions asks little of memory. */
    size_t room = 1 << 8;
    while (room < (1 << 16) && (long)(room / 4 * 3) < nodes + 2)
        room *= 2;
    if (!seen_init(&z->seen, room) || seen_add(&z->seen, key_of(s)) < 0 || !open_frame(z, r, s, pack_first, &order))
        outcome = NO_MEMORY;
    while (outcome == LOST && z->nframes) {
        Frame *f = &z->frames[z->nframes - 1];
        if (f->next == f->end) {
            z->nsteps = (size_t)f->start;
            z->nframes--;
            if (z->nline)
                take_back(r, s, &z->line[--z->nline]);
            continue;
        }
        Key key = z->keys[f->next];
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
        apply(r, s, &step, u);
        int fresh = seen_add(&z->seen, key);
        if (fresh <= 0) {
            take_back(r, s, u);
            if (fresh < 0)
                outcome = NO_MEMORY;
            continue;
        }
        if (is_won(s)) {
            z->nline++;
            outcome = WON;
        } else if (dead_end(r, s))
            take_back(r, s, u);
        else if (z->nline++, !open_frame(z, r, s, pack_first, &order))
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
/* A position and its rules, read from a description; NULL (a Python error set) if it is not one. */
typedef struct {
    Rules rules;
    State state;
} Position;

static Position *position_of(PyObject *description) {
    if (!PyTuple_Check(description)) {
        PyErr_SetString(PyExc_TypeError, "a description of a " GAME " position is a tuple (" GAME ".description())");
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

/* The steps as a list of (packs, source, target, cards, card), each followed by the other piles it names,
 * if any, and (with NAMED_KINDS) its kind. */
static PyObject *step_list(const Step *steps, Py_ssize_t n) {
    PyObject *list = PyList_New(n);
    for (Py_ssize_t i = 0; list && i < n; i++) {
        const Step *m = &steps[i];
        PyObject *item = Py_BuildValue("(iiiii)", m->packs, m->src, m->dst, m->n, m->card);
#if SOURCES > 1
        for (int j = 0; item && j < SOURCES - 1 && m->also[j] != NOWHERE; j++) {
            PyObject *more = Py_BuildValue("(i)", m->also[j]);
            Py_SETREF(item, more ? PySequence_Concat(item, more) : NULL);
            Py_XDECREF(more);
        }
#endif
#ifdef NAMED_KINDS
        if (item) {
            PyObject *kind = Py_BuildValue("(i)", m->kind);
            Py_SETREF(item, kind ? PySequence_Concat(item, kind) : NULL);
            Py_XDECREF(kind);
        }
#endif
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
"The core's depth-first search from a position (see " GAME ".description()): (outcome, steps, positions).\n"
"Each step is (packs, source, target, cards, card): that many moves of the pack (each the only one\n"
"there is), then a move from pile number source to pile number target (" GAME ".pile_names()) of\n"
"that many cards, the first of them card (its code); a move that names several piles names the\n"
"others after the card (its source's, then its target's), and with NAMED_KINDS its kind last, by its\n"
"place in the module's NAMED_KINDS.  seconds:\n"
"None for no limit; progress: None or called with (positions, seconds); order: 0, or a seed by which\n"
"the steps from every position are shuffled.");

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

/* What ``which`` asks of the position given in ``args`` (a description and a flag): its moves (0: with
 * the flag, the useful ones), the steps of the search (1: with the flag, pack first), as a list of
 * steps; or (2) whether the game proves it lost. */
static PyObject *asked(PyObject *args, int which) {
    PyObject *description;
    int flag = 0;
    if (!PyArg_ParseTuple(args, which == 2 ? "O" : "Op", &description, &flag))
        return NULL;
    Position *p = position_of(description);
    Step *steps = p ? malloc(sizeof(Step) * MAX_STEPS) : NULL;
    PyObject *result = NULL;
    if (p && !steps)
        PyErr_NoMemory();
    if (steps && which == 2)
        result = PyBool_FromLong(dead_end(&p->rules, &p->state));
    else if (steps)
        result = step_list(steps, which ? children(&p->rules, &p->state, flag, steps)
                                        : moves_of(&p->rules, &p->state, flag, steps, NULL));
    free(p);
    free(steps);
    return result;
}

PyDoc_STRVAR(moves_doc,
"moves(description, useful)\n--\n\n"
"The legal moves of the position but those of the pack (or, useful, " GAME ".useful_moves's), in the\n"
"engine's order, as steps without moves of the pack: (0, source, target, cards, card).");

static PyObject *py_moves(PyObject *self, PyObject *args) {
    (void)self;
    return asked(args, 0);
}

PyDoc_STRVAR(children_doc,
"children(description, pack_first)\n--\n\n"
"The steps the search tries from the position, in its order, as search gives its line's.");

static PyObject *py_children(PyObject *self, PyObject *args) {
    (void)self;
    return asked(args, 1);
}

PyDoc_STRVAR(blocked_doc,
"blocked(description)\n--\n\n"
"Whether the search ends its line at the position as lost (" GAME ".blocked() is not None).");

static PyObject *py_blocked(PyObject *self, PyObject *args) {
    (void)self;
    return asked(args, 2);
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
    {"blocked", py_blocked, METH_VARARGS, blocked_doc},
    {"key", py_key, METH_VARARGS, key_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, MODULE, GAME "'s thoughtful search, in C.", -1, methods, NULL, NULL, NULL, NULL,
};

#ifndef COMPILED_FROM
#define COMPILED_FROM ""
#endif

/* The module, marked with the hash of the text it was built from (see patience.compiled), and with
 * NAMED_KINDS, the names of the kinds its steps name. */
static PyObject *search_module(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddStringConstant(m, "COMPILED_FROM", COMPILED_FROM) < 0)
        Py_CLEAR(m);
#ifdef NAMED_KINDS
    static const char *kinds[] = NAMED_KINDS;
    PyObject *names = m ? PyTuple_New(sizeof(kinds) / sizeof(kinds[0])) : NULL;
    for (Py_ssize_t i = 0; names && i < PyTuple_GET_SIZE(names); i++) {
        PyObject *name = PyUnicode_FromString(kinds[i]);
        if (!name)
            Py_CLEAR(names);
        else
            PyTuple_SET_ITEM(names, i, name);
    }
    if (m && (!names || PyModule_AddObject(m, "NAMED_KINDS", names) < 0)) {
        Py_XDECREF(names);
        Py_CLEAR(m);
    }
#endif
    return m;
}

#endif
