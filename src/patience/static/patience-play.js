/* The Play panel of a chapter: the book's engine, run in the reader's browser by Pyodide.
 *
 * This script knows no rule of any game.  When the reader opens the panel it starts the engine in a
 * Web Worker (patience-play-worker.js: Pyodide and the project's wheel, both served by the book
 * itself, under _static/pyodide/ and _static/play/), then sends every request to
 * patience.web.handle there (JSON in, JSON out) and draws what comes back: the engine's SVG, its
 * legal moves, its words for a refusal, the position text, the result.  The page stays responsive
 * while the engine works (a hint lets the solver think for a second): the panel says "thinking…".
 *
 * A link opens the panel on a deal: #play-seed-8 (or on the plate: #play-plate).
 */
(function () {
  "use strict";

  const script = document.currentScript;
  const STATIC = new URL(".", script ? script.src : document.baseURI);
  const THINKING_MS = 150; // a request answered sooner shows no "thinking…"
  let engine = null; // the promise of the engine's ask function, made once per page

  function startEngine(wheel) {
    if (engine === null) {
      const worker = new Worker(new URL("patience-play-worker.js", STATIC));
      const waiting = new Map();
      let next = 0;
      const ask = (message) => new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve: resolve, reject: reject });
        worker.postMessage(Object.assign({ id: id }, message));
      });
      worker.onmessage = (event) => {
        const { id, answer, error } = event.data;
        const pending = waiting.get(id);
        waiting.delete(id);
        if (error === undefined) pending.resolve(answer);
        else pending.reject(new Error(error));
      };
      worker.onerror = (event) => {
        event.preventDefault();
        for (const pending of waiting.values()) pending.reject(new Error(event.message || "the engine stopped"));
        waiting.clear();
      };
      const start = { indexURL: new URL("pyodide/", STATIC).href, wheelURL: new URL("play/" + wheel, STATIC).href };
      engine = ask({ start: start }).then(() => ask);
      engine.catch(() => { worker.terminate(); engine = null; });
    }
    return engine;
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "text") node.textContent = value;
      else node.setAttribute(key, value);
    }
    for (const child of children) node.append(child);
    return node;
  }

  function wantedFromHash() {
    // #play (the section's own anchor, in the page's contents) only scrolls: the engine is loaded
    // when the reader asks for it, by the button or by a link to a deal.
    const m = /^#play-(?:seed-(\d+)|(plate))$/.exec(window.location.hash);
    if (!m) return null;
    return m[2] ? { plate: true } : { seed: parseInt(m[1], 10) };
  }

  class Panel {
    constructor(root) {
      this.root = root;
      root.patiencePlay = this; // for the browser tests and the bench
      this.games = JSON.parse(root.dataset.games);
      this.wheel = root.dataset.wheel;
      this.state = null;
      this.ask = null; // the engine's, once it has started
      this.last = Promise.resolve(null); // the answer to the last request sent
      this.waiting = 0; // requests not yet answered
      this.openButton = root.querySelector(".play-open");
      this.loading = root.querySelector(".play-loading");
      this.openButton.addEventListener("click", () => this.open({}));
    }

    async open(wanted) {
      const started = performance.now();
      if (!this.ask) {
        this.openButton.disabled = true;
        this.loading.textContent = "Starting the engine (Python in your browser: a few seconds the first time)…";
        let ask;
        try {
          ask = await startEngine(this.wheel);
        } catch (error) {
          this.openButton.disabled = false;
          this.loading.textContent = "The engine could not start: " + error.message;
          return;
        }
        if (!this.ask) { // (a link and the button may both have asked for it)
          this.ask = ask;
          this.build();
          this.root.querySelector(".play-start").hidden = true;
        }
      }
      if (wanted.seed) this.seed.value = String(wanted.seed);
      await this.deal(Boolean(wanted.plate));
      if (!this.root.dataset.startMs) {
        this.root.dataset.startMs = String(Math.round(performance.now() - started));
      }
    }

    build() {
      const bar = el("div", { class: "play-bar" });
      this.choice = el("select", { class: "play-game", "aria-label": "game" });
      for (const game of this.games) this.choice.append(el("option", { value: game.spec, text: game.name }));
      if (this.games.length > 1) bar.append(this.choice);
      this.seed = el("input", { class: "play-seed", type: "number", min: "1", value: "1", "aria-label": "deal number" });
      const deal = el("button", { type: "button", class: "play-deal", text: "Deal" });
      deal.addEventListener("click", () => this.deal(false));
      this.seed.addEventListener("keydown", (e) => { if (e.key === "Enter") this.deal(false); });
      bar.append(el("label", { text: "Deal number " }, this.seed), deal);
      this.plateButton = el("button", { type: "button", class: "play-plate", text: "The plate" });
      this.plateButton.addEventListener("click", () => this.deal(true));
      bar.append(this.plateButton);
      this.link = el("a", { class: "play-link", href: "#play-seed-1", text: "link to this deal" });
      bar.append(this.link);
      this.choice.addEventListener("change", () => this.deal(false));

      this.status = el("p", { class: "play-status" });
      this.board = el("div", { class: "play-board" });
      this.board.addEventListener("click", (e) => this.clicked(e));
      this.message = el("p", { class: "play-message", role: "status", "aria-live": "polite" });

      const actions = el("div", { class: "play-actions" });
      this.buttons = {};
      for (const [name, label] of [["undo", "Undo"], ["redo", "Redo"], ["hint", "Hint"], ["copy", "Copy position"]]) {
        const b = el("button", { type: "button", class: "play-" + name, text: label });
        b.addEventListener("click", () => this[name]());
        actions.append(b);
        this.buttons[name] = b;
      }
      this.thinking = el("span", { class: "play-thinking", role: "status", text: "thinking…" });
      this.thinking.hidden = true;
      actions.append(this.thinking);
      this.typed = el("input", { class: "play-input", type: "text", placeholder: "type a move: 6♣ → 7♦, 6C to 7D, A♥ → foundation",
        "aria-label": "move", autocomplete: "off", spellcheck: "false" });
      const form = el("form", { class: "play-type" }, this.typed, el("button", { type: "submit", class: "play-submit", text: "Play" }));
      form.addEventListener("submit", (e) => { e.preventDefault(); this.typedMove(); });

      this.moves = el("ol", { class: "play-moves" });
      this.moves.addEventListener("click", (e) => {
        const b = e.target.closest("button[data-index]");
        if (b) this.send({ op: "pick", index: parseInt(b.dataset.index, 10) });
      });
      this.history = el("ol", { class: "play-history" });
      const lists = el("div", { class: "play-lists" },
        el("div", {}, el("p", { class: "play-heading", text: "Legal moves" }), this.moves),
        el("div", {}, el("p", { class: "play-heading", text: "Moves played" }), this.history));
      this.position = el("pre", { class: "play-position" });
      const details = el("details", { class: "play-details" }, el("summary", { text: "Position text" }), this.position);
      this.table = el("div", { class: "play-table" }, bar, this.status, this.board, this.message, actions, form, lists, details);
      this.root.append(this.table);
    }

    deal(plate) {
      const spec = this.choice.value || this.games[0].spec;
      const seed = Math.max(1, parseInt(this.seed.value, 10) || 1);
      this.seed.value = String(seed);
      return this.send(plate ? { op: "open", spec: spec, plate: true } : { op: "open", spec: spec, seed: seed });
    }

    /* Send a request to the engine; the promise of its answer (the state drawn, or null).  Answers
     * come in the order of the requests, so awaiting this.last waits for every one sent. */
    send(request, thinkAtOnce = false) {
      this.waiting += 1;
      const shown = window.setTimeout(() => { this.thinking.hidden = false; }, thinkAtOnce ? 0 : THINKING_MS);
      const answer = this.ask({ request: JSON.stringify(request) }).then((text) => {
        const state = JSON.parse(text);
        if (state.svg === undefined) this.message.textContent = state.message; // a refusal before any game is open
        else this.draw(state);
        return state;
      }, (error) => {
        this.message.textContent = "The engine failed: " + error.message;
        this.message.className = "play-message play-refused";
        return null;
      }).finally(() => {
        window.clearTimeout(shown);
        this.waiting -= 1;
        if (!this.waiting) this.thinking.hidden = true;
      });
      this.last = answer;
      return answer;
    }

    /* The URLs the engine's worker fetched (the tests check that none is from another site). */
    engineResources() {
      return this.ask ? this.ask({ resources: true }) : Promise.resolve([]);
    }

    draw(state) {
      this.state = state;
      const game = this.games.find((g) => g.spec === state.spec.split("(")[0]);
      if (game) this.choice.value = game.spec;
      this.plateButton.hidden = !(game && game.plate);
      const anchor = state.plate ? "#play-plate" : "#play-seed-" + state.seed;
      this.link.href = anchor;
      this.link.textContent = "link to " + (state.plate ? "the plate" : "deal " + state.seed);
      this.board.innerHTML = state.svg;
      for (const chosen of state.chosen) {
        for (const pile of this.board.querySelectorAll("[data-pile]")) {
          if (pile.dataset.pile !== chosen.pile) continue;
          for (const card of pile.querySelectorAll("[data-card]")) {
            if (card.dataset.card === chosen.card) card.classList.add("play-chosen");
          }
        }
      }
      const score = state.score === null ? "" : ", score " + state.score;
      const out = state.out ? ", " + state.out + " of " + state.cards + " cards out" : "";
      const result = state.over ? "Result: " + state.result : state.result;
      this.status.textContent = state.title + " (" + state.where + "): " + result + score + out +
        ", " + state.history.length + " move" + (state.history.length === 1 ? "" : "s");
      this.status.classList.toggle("play-over", state.over);
      this.message.textContent = state.message;
      this.message.className = "play-message" + (state.ok ? "" : " play-refused");
      this.buttons.undo.disabled = !state.can_undo;
      this.buttons.redo.disabled = !state.can_redo;
      this.buttons.hint.disabled = state.over;
      this.moves.replaceChildren(...state.moves.map((move, i) => {
        const b = el("button", { type: "button", "data-index": String(i), text: move.label });
        if (state.hint && move.name === state.hint) b.classList.add("play-hinted");
        return el("li", {}, b);
      }));
      this.history.replaceChildren(...state.history.map((name) => el("li", { text: name })));
      this.position.textContent = state.position;
    }

    clicked(event) {
      const pile = event.target.closest("[data-pile]");
      if (!pile || !this.state) return;
      const card = event.target.closest("[data-card]");
      this.send({ op: "click", pile: pile.dataset.pile, card: card ? card.dataset.card : null });
    }

    async typedMove() {
      const text = this.typed.value.trim();
      if (!text) return;
      const state = await this.send({ op: "play", move: text });
      if (state && state.ok && this.typed.value.trim() === text) this.typed.value = "";
    }

    undo() { this.send({ op: "undo" }); }
    redo() { this.send({ op: "redo" }); }

    hint() {
      this.buttons.hint.disabled = true;
      return this.send({ op: "hint" }, true); // the solver thinks for a second at most
    }

    async copy() {
      const text = this.position.textContent;
      try {
        await navigator.clipboard.writeText(text);
        this.message.textContent = "The position text is copied: Game.from_position(text) loads it.";
      } catch (error) {
        const range = document.createRange();
        range.selectNodeContents(this.position);
        this.position.parentElement.open = true;
        window.getSelection().removeAllRanges();
        window.getSelection().addRange(range);
        this.message.textContent = "The position text is selected: copy it with Ctrl+C.";
      }
    }
  }

  function start() {
    const panels = Array.from(document.querySelectorAll(".patience-play")).map((root) => new Panel(root));
    const follow = () => {
      const wanted = wantedFromHash();
      if (wanted && panels.length) {
        panels[0].root.scrollIntoView({ block: "start" });
        panels[0].open(wanted);
      }
    };
    window.addEventListener("hashchange", follow);
    follow();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
