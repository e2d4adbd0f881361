// numpl's page: the board, play (values, pencil marks, undo/redo, check), learn (hint,
// step, explain, rate) and export, all through the JSON API of the same server.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const SEED_SAMPLE =
    ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.";

  // The game: givens, the player's values and pencil marks (a Set per cell), the
  // solution when known, and the history for undo/redo.
  const game = {
    n: 0, br: 0, bc: 0,
    box: "",
    givens: [], values: [], marks: [],
    // A position loaded with pencil marks: its position line (what the API is sent for
    // explain, rate and pictures) and its marks (where explanations start); else null.
    origin: null, startMarks: null,
    solution: null,
    selected: 0,
    pencil: false,
    undo: [], redo: [],
    wrong: new Set(),
    view: null, // a step shown on the board: {roles, houses, marks, cands, step}
  };
  let explainer = null; // {moves, index, boards}

  // Symbols: 1-9, then A-Z for 10-35, as numpl writes them.
  const sym = (v) => (v <= 9 ? String(v) : String.fromCharCode(55 + v));
  const valueOf = (key) => {
    const k = key.toUpperCase();
    if (k.length !== 1) return 0;
    if (k >= "1" && k <= "9") return k.charCodeAt(0) - 48;
    if (k >= "A" && k <= "Z") return k.charCodeAt(0) - 55;
    return 0;
  };
  const lineOf = (arr) => arr.map((v) => (v ? sym(v) : ".")).join("");
  const rowOf = (i) => Math.floor(i / game.n);
  const colOf = (i) => i % game.n;
  const boxOf = (i) => Math.floor(rowOf(i) / game.br) * game.br + Math.floor(colOf(i) / game.bc);
  const peers = (i) => {
    const out = [];
    for (let j = 0; j < game.n * game.n; j++) {
      if (j !== i && (rowOf(j) === rowOf(i) || colOf(j) === colOf(i) || boxOf(j) === boxOf(i))) out.push(j);
    }
    return out;
  };
  const candidatesOf = (values, i) => {
    const c = new Set();
    if (values[i]) return c;
    for (let v = 1; v <= game.n; v++) c.add(v);
    for (const p of peers(i)) c.delete(values[p]);
    return c;
  };

  function say(text, kind) {
    const m = $("message");
    m.textContent = text;
    m.className = "message" + (kind ? " " + kind : "");
  }

  async function api(path, body, binary) {
    const res = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) {
      let msg = res.status + " " + res.statusText;
      try {
        const j = await res.json();
        if (j.error) msg = j.error;
      } catch (_) { /* not JSON */ }
      throw new Error(msg);
    }
    return binary ? res.blob() : res.json();
  }

  function busy(on) {
    document.body.classList.toggle("busy", on);
  }

  async function guarded(fn) {
    busy(true);
    try {
      await fn();
    } catch (e) {
      say(e.message, "error");
    } finally {
      busy(false);
    }
  }

  // ---------------------------------------------------------------- loading a puzzle

  // A record's puzzle: N*N symbols, or a position line of N*N*N (each cell's N places
  // hold the value while it is a candidate, `.` when not). A position line has no givens:
  // every cell is open, with its marks (a cell with one mark too).
  function start(rec) {
    const [br, bc] = rec.box.split("x").map(Number);
    const n = rec.size;
    game.n = n; game.br = br; game.bc = bc; game.box = rec.box;
    if (rec.puzzle.length === n * n * n) {
      game.givens = new Array(n * n).fill(0);
      game.startMarks = game.givens.map((_, i) => {
        const m = new Set();
        for (let v = 1; v <= n; v++) if (rec.puzzle[i * n + v - 1] !== ".") m.add(v);
        return m;
      });
      game.origin = rec.puzzle;
    } else {
      game.givens = Array.from(rec.puzzle, (ch) => (ch === "." ? 0 : valueOf(ch)));
      game.startMarks = null;
      game.origin = null;
    }
    game.values = game.givens.slice();
    game.marks = game.startMarks ? game.startMarks.map((m) => new Set(m)) : game.givens.map(() => new Set());
    game.solution = rec.solution && rec.status === "solved"
      ? Array.from(rec.solution, (ch) => valueOf(ch)) : null;
    game.undo = []; game.redo = [];
    game.wrong = new Set();
    game.view = null;
    game.selected = game.givens.findIndex((v) => v === 0);
    if (game.selected < 0) game.selected = 0;
    explainer = null;
    $("explainer").hidden = true;
    $("rating").hidden = true;
    build();
    render();
    $("board").focus();
  }

  async function load(text, box) {
    await guarded(async () => {
      const body = { puzzle: text };
      if (box) body.box = box;
      const rec = await api("/api/solve", body);
      if (rec.size > 25) throw new Error("the page plays grids up to 25x25");
      start(rec);
      const note = rec.status === "solved" ? "" : " (" + rec.status + ": no single solution to check against)";
      const what = game.origin ? " position with pencil marks" : " puzzle";
      say("Loaded a " + rec.size + "x" + rec.size + what + note + ".");
    });
  }

  async function generate() {
    await guarded(async () => {
      const body = {
        size: Number($("genSize").value),
        symmetry: $("genSym").value,
      };
      if ($("genLevel").value) body.level = $("genLevel").value;
      const seed = $("genSeed").value.trim();
      if (seed) {
        if (!/^\d+$/.test(seed)) throw new Error("the seed is a whole number");
        body.seed = Number(seed);
      }
      say("Generating...");
      const [rec] = await api("/api/generate", body);
      if (rec.error) throw new Error(rec.error);
      start(rec);
      $("puzzleText").value = rec.puzzle;
      say("Generated a " + rec.size + "x" + rec.size + " puzzle: level " + rec.level +
        ", score " + rec.score + ", " + rec.givens + " givens, seed " + rec.seed + ".");
    });
  }

  // ---------------------------------------------------------------- the board

  function build() {
    const board = $("board");
    board.textContent = "";
    board.style.setProperty("--n", game.n);
    board.style.setProperty("--br", game.br);
    board.style.setProperty("--bc", game.bc);
    board.dataset.size = game.n;
    for (let i = 0; i < game.n * game.n; i++) {
      const cell = document.createElement("div");
      cell.className = "cell";
      cell.setAttribute("role", "gridcell");
      cell.dataset.cell = "r" + (rowOf(i) + 1) + "c" + (colOf(i) + 1);
      if (rowOf(i) % game.br === 0) cell.classList.add("bt");
      if (colOf(i) % game.bc === 0) cell.classList.add("bl");
      if (rowOf(i) === game.n - 1) cell.classList.add("bb");
      if (colOf(i) === game.n - 1) cell.classList.add("br");
      cell.addEventListener("click", () => {
        game.selected = i;
        render();
        board.focus();
      });
      board.appendChild(cell);
    }
    const pad = $("pad");
    pad.textContent = "";
    // At most 9 to a row, rows of equal length (16: 2 x 8, 25: 3 x 9).
    pad.style.setProperty("--pc", Math.ceil(game.n / Math.ceil(game.n / 9)));
    for (let v = 1; v <= game.n; v++) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = sym(v);
      b.addEventListener("click", () => enter(v));
      pad.appendChild(b);
    }
  }

  function render() {
    const cells = $("board").children;
    const view = game.view;
    for (let i = 0; i < cells.length; i++) {
      const el = cells[i];
      el.textContent = "";
      el.classList.remove("given", "value", "selected", "wrong", "peer", "same");
      for (const c of Array.from(el.classList)) {
        if (c.startsWith("r-") || c.startsWith("h-")) el.classList.remove(c);
      }
      const v = game.values[i];
      const sel = game.selected;
      if (i === sel) el.classList.add("selected");
      else if (rowOf(i) === rowOf(sel) || colOf(i) === colOf(sel) || boxOf(i) === boxOf(sel)) el.classList.add("peer");
      if (v && v === game.values[sel] && i !== sel) el.classList.add("same");
      if (view) {
        const role = view.roles.get(i);
        if (role) el.classList.add("r-" + role);
        const house = view.houses.get(i);
        if (house) el.classList.add("h-" + house);
      }
      if (v) {
        el.classList.add(game.givens[i] ? "given" : "value");
        if (game.wrong.has(i)) el.classList.add("wrong");
        const s = document.createElement("span");
        s.className = "v";
        s.textContent = sym(v);
        el.appendChild(s);
        el.setAttribute("aria-label", el.dataset.cell + " " + sym(v));
        continue;
      }
      el.setAttribute("aria-label", el.dataset.cell + " empty");
      const shown = view && view.cands.has(i) ? view.cands.get(i) : game.marks[i];
      if (shown.size) {
        const m = document.createElement("div");
        m.className = "marks";
        const roles = view ? view.marks.get(i) : null;
        for (let w = 1; w <= game.n; w++) {
          const k = document.createElement("span");
          k.className = "k";
          if (shown.has(w)) {
            k.textContent = sym(w);
            k.dataset.candidate = w;
            const r = roles && roles.get(w);
            if (r) k.classList.add("m-" + r);
          }
          m.appendChild(k);
        }
        el.appendChild(m);
      }
    }
    $("pencil").setAttribute("aria-pressed", String(game.pencil));
    $("pencil").classList.toggle("on", game.pencil);
    $("undo").disabled = game.undo.length === 0;
    $("redo").disabled = game.redo.length === 0;
  }

  // ---------------------------------------------------------------- playing

  const snapshot = () => ({ values: game.values.slice(), marks: game.marks.map((m) => new Set(m)) });
  function restore(s) {
    game.values = s.values;
    game.marks = s.marks;
  }
  function changed() {
    game.view = null;
    game.wrong = new Set();
    render();
  }
  function record() {
    if (explainer) closeExplain();
    game.undo.push(snapshot());
    if (game.undo.length > 500) game.undo.shift();
    game.redo = [];
  }

  function place(i, v) {
    game.values[i] = v;
    game.marks[i] = new Set();
    for (const p of peers(i)) game.marks[p].delete(v);
  }

  function enter(v) {
    if (!game.n) return;
    const i = game.selected;
    if (game.givens[i]) return say("That cell is a given.", "error");
    if (v < 1 || v > game.n) return;
    record();
    if (game.pencil) {
      if (game.values[i]) return;
      const m = game.marks[i];
      if (m.has(v)) m.delete(v); else m.add(v);
    } else if (game.values[i] === v) {
      game.values[i] = 0;
    } else {
      place(i, v);
    }
    changed();
    if (!game.pencil && game.values.every((x) => x) && game.solution &&
      game.values.every((x, k) => x === game.solution[k])) {
      say("Solved! Well done.", "good");
    }
  }

  function erase() {
    const i = game.selected;
    if (!game.n || game.givens[i]) return;
    record();
    game.values[i] = 0;
    game.marks[i] = new Set();
    changed();
  }

  function autoMarks() {
    if (!game.n) return;
    record();
    for (let i = 0; i < game.values.length; i++) game.marks[i] = candidatesOf(game.values, i);
    changed();
    say("Pencil marks filled in.");
  }

  function undo() {
    if (!game.undo.length) return;
    game.redo.push(snapshot());
    restore(game.undo.pop());
    changed();
  }
  function redo() {
    if (!game.redo.length) return;
    game.undo.push(snapshot());
    restore(game.redo.pop());
    changed();
  }

  async function check() {
    if (!game.n) return;
    if (!game.solution) return say("This puzzle has no single solution to check against.", "error");
    game.view = null;
    game.wrong = new Set();
    let open = 0;
    game.values.forEach((v, i) => {
      if (!v) open++;
      else if (v !== game.solution[i]) game.wrong.add(i);
    });
    render();
    if (game.wrong.size) say(game.wrong.size + " value" + (game.wrong.size === 1 ? " is" : "s are") + " wrong (marked in red).", "error");
    else if (open) say("All values so far are right; " + open + " cell" + (open === 1 ? "" : "s") + " to go.", "good");
    else say("Solved! Well done.", "good");
  }

  function move(dr, dc) {
    if (!game.n) return;
    const r = (rowOf(game.selected) + dr + game.n) % game.n;
    const c = (colOf(game.selected) + dc + game.n) % game.n;
    game.selected = r * game.n + c;
    render();
  }

  function onKey(e) {
    if (!game.n || e.altKey || e.metaKey) return;
    const k = e.key;
    if (e.ctrlKey) {
      if (k === "z" || k === "Z") { e.preventDefault(); undo(); }
      if (k === "y" || k === "Y") { e.preventDefault(); redo(); }
      return;
    }
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[k]) { e.preventDefault(); move(...moves[k]); return; }
    if (k === " ") { e.preventDefault(); game.pencil = !game.pencil; render(); return; }
    if (k === "Backspace" || k === "Delete" || k === "0" || k === ".") { e.preventDefault(); erase(); return; }
    const v = valueOf(k);
    if (v >= 1 && v <= game.n) { e.preventDefault(); enter(v); }
  }

  // ---------------------------------------------------------------- learning

  // The puzzle as loaded, for explain, rate and pictures: its givens, or the position
  // line of a position loaded with pencil marks.
  const puzzleBody = () => ({ puzzle: game.origin || lineOf(game.givens), box: game.box });

  // The position the player sees: values, and pencil marks where they made some
  // (a cell without marks counts as having every value its peers allow).
  function position() {
    const body = { puzzle: lineOf(game.givens), box: game.box, values: lineOf(game.values), svg: true };
    if (game.marks.some((m) => m.size)) {
      body.candidates = game.values.map((v, i) => {
        if (v) return [];
        const m = game.marks[i].size ? game.marks[i] : candidatesOf(game.values, i);
        return Array.from(m).sort((a, b) => a - b);
      });
    }
    return body;
  }

  // The roles of a step picture (numpl-render's SVG): cells, houses and pencil marks.
  function viewOf(svgText) {
    // Only the data attributes are read: the picture's own style sheet stays out.
    const bare = svgText.replace(/<style>[\s\S]*?<\/style>/g, "");
    const doc = new DOMParser().parseFromString(bare, "image/svg+xml");
    const view = { roles: new Map(), houses: new Map(), marks: new Map(), cands: new Map() };
    const idx = (name) => {
      const m = /^r(\d+)c(\d+)$/.exec(name || "");
      return m ? (Number(m[1]) - 1) * game.n + Number(m[2]) - 1 : -1;
    };
    for (const g of doc.querySelectorAll("g[data-cell]")) {
      const i = idx(g.getAttribute("data-cell"));
      if (i < 0) continue;
      const role = g.getAttribute("data-role");
      if (role) view.roles.set(i, role);
      const rect = g.querySelector("rect");
      const cls = rect ? rect.getAttribute("class") || "" : "";
      const h = /h-(base|cover)/.exec(cls);
      if (h) view.houses.set(i, h[1]);
      const texts = g.querySelectorAll("text[data-candidate]");
      if (!texts.length || game.values[i]) continue;
      const c = new Set();
      const roles = new Map();
      for (const t of texts) {
        const v = Number(t.getAttribute("data-candidate"));
        c.add(v);
        const r = t.getAttribute("data-role");
        if (r) roles.set(v, r);
      }
      view.cands.set(i, c);
      if (roles.size) view.marks.set(i, roles);
    }
    return view;
  }

  async function hint() {
    if (!game.n) return null;
    let res = null;
    await guarded(async () => {
      closeExplain();
      res = await api("/api/hint", position());
      if (!res.step) {
        game.view = null;
        render();
        const why = { solved: "Solved already.", unsolvable: "Your position has a contradiction: check your values and marks.", stuck: "Stuck: no technique applies." };
        say(why[res.status] || res.status, res.status === "solved" ? "good" : "error");
        res = null;
        return;
      }
      game.view = viewOf(res.svg);
      game.view.step = res.step;
      const first = res.step.placements[0] || res.step.eliminations[0];
      if (first) game.selected = first.index;
      render();
      say(res.hint, "hint");
    });
    return res;
  }

  function applyStep(step, cands) {
    record();
    if (step.eliminations.length && !game.marks.some((m) => m.size)) {
      // Eliminations work on pencil marks: start from the ones the hint showed.
      for (let i = 0; i < game.values.length; i++) {
        game.marks[i] = game.values[i] ? new Set() : new Set(cands.get(i) || candidatesOf(game.values, i));
      }
    }
    for (const e of step.eliminations) {
      if (!game.marks[e.index].size) game.marks[e.index] = new Set(cands.get(e.index) || candidatesOf(game.values, e.index));
      game.marks[e.index].delete(e.value);
    }
    for (const p of step.placements) place(p.index, p.value);
    changed();
  }

  async function step() {
    if (!game.n) return;
    let view = game.view;
    if (!view || !view.step) {
      await hint();
      view = game.view;
      if (!view || !view.step) return;
    }
    applyStep(view.step, view.cands);
    say("Applied: " + view.step.text, "hint");
  }

  async function explain() {
    if (!game.n) return;
    await guarded(async () => {
      const res = await api("/api/explain", puzzleBody());
      // The positions before each step, replayed from the givens with full marks (or
      // from the marks of a position loaded with them).
      const boards = [];
      let values = game.givens.slice();
      let marks = game.startMarks
        ? game.startMarks.map((m) => new Set(m))
        : values.map((_, i) => candidatesOf(values, i));
      for (const mv of res.moves) {
        boards.push({ values: values.slice(), marks: marks.map((m) => new Set(m)) });
        for (const e of mv.eliminations) marks[e.index].delete(e.value);
        for (const p of mv.placements) {
          values[p.index] = p.value;
          marks[p.index] = new Set();
          for (const q of peers(p.index)) marks[q].delete(p.value);
        }
      }
      explainer = { moves: res.moves, index: 0, boards, saved: snapshot() };
      const ol = $("steps");
      ol.textContent = "";
      res.moves.forEach((mv, k) => {
        const li = document.createElement("li");
        li.textContent = mv.text;
        li.addEventListener("click", () => showStep(k));
        ol.appendChild(li);
      });
      $("explainer").hidden = false;
      const end = res.status === "solved" ? "solved" : res.status;
      say("Explained: " + end + " after " + res.moves.length + " steps" +
        (res.level ? " (level " + res.level + ", score " + res.score + ")." : "."));
      if (res.moves.length) showStep(0);
    });
  }

  function showStep(k) {
    if (!explainer) return;
    const n = explainer.moves.length;
    k = Math.max(0, Math.min(n - 1, k));
    explainer.index = k;
    const mv = explainer.moves[k];
    const b = explainer.boards[k];
    game.values = b.values.slice();
    game.marks = b.marks.map((m) => new Set(m));
    const view = { roles: new Map(), houses: new Map(), marks: new Map(), cands: new Map(), step: null };
    for (const p of mv.placements) {
      view.roles.set(p.index, "pivot");
      view.marks.set(p.index, new Map([[p.value, "placed"]]));
    }
    for (const e of mv.eliminations) {
      if (!view.marks.has(e.index)) view.marks.set(e.index, new Map());
      view.marks.get(e.index).set(e.value, "eliminated");
    }
    game.view = view;
    render();
    $("stepno").textContent = "Step " + (k + 1) + " of " + n;
    const items = $("steps").children;
    for (let i = 0; i < items.length; i++) items[i].classList.toggle("current", i === k);
    if (items[k]) items[k].scrollIntoView({ block: "nearest" });
    say("Step " + (k + 1) + ": " + mv.text, "hint");
  }

  function closeExplain() {
    if (explainer) {
      restore(explainer.saved);
      explainer = null;
      game.view = null;
    }
    $("explainer").hidden = true;
    if (game.n) render();
  }

  async function rate() {
    if (!game.n) return;
    await guarded(async () => {
      const r = await api("/api/rate", puzzleBody());
      const box = $("rating");
      box.textContent = "";
      const h = document.createElement("p");
      h.className = "level";
      h.textContent = r.level ? "Level " + r.level + ", score " + r.score + " (" + r.status + ")" : "Status " + r.status;
      box.appendChild(h);
      const ul = document.createElement("ul");
      for (const [t, c] of Object.entries(r.techniques || {})) {
        const li = document.createElement("li");
        li.textContent = t.replace(/_/g, " ") + " \u00d7 " + c;
        ul.appendChild(li);
      }
      box.appendChild(ul);
      box.hidden = false;
      say("Rated: " + (r.level || r.status) + ".");
    });
  }

  function showSolution() {
    if (!game.n) return;
    if (!game.solution) return say("This puzzle has no single solution.", "error");
    closeExplain();
    record();
    game.values = game.solution.slice();
    game.marks = game.values.map(() => new Set());
    changed();
    say("The solution (Undo takes it back).");
  }

  // ---------------------------------------------------------------- export

  function offer(blob, name) {
    const a = $("download");
    if (a.href) URL.revokeObjectURL(a.href);
    a.href = URL.createObjectURL(blob);
    a.download = name;
    a.textContent = "Download " + name;
    a.hidden = false;
    a.click();
  }

  async function exportSvg() {
    if (!game.n) return;
    await guarded(async () => {
      const blob = await api("/api/svg", puzzleBody(), true);
      offer(blob, "numpl.svg");
      say("SVG picture ready.");
    });
  }

  async function exportPdf() {
    if (!game.n) return;
    if (game.origin) return say("A sheet is for paper: it prints givens, and a position with pencil marks has none to print.", "error");
    await guarded(async () => {
      const blob = await api("/api/pdf", { puzzles: [lineOf(game.givens)], box: game.box, solutions: true, per_page: 1 }, true);
      offer(blob, "numpl.pdf");
      say("PDF sheet ready (the puzzle, then its solution).");
    });
  }

  // ---------------------------------------------------------------- wiring

  function init() {
    const on = (id, fn) => $(id).addEventListener("click", fn);
    on("load", () => load($("puzzleText").value, $("boxText").value.trim()));
    on("generate", generate);
    on("pencil", () => { game.pencil = !game.pencil; render(); });
    on("erase", erase);
    on("auto", autoMarks);
    on("undo", undo);
    on("redo", redo);
    on("check", check);
    on("hint", hint);
    on("step", step);
    on("explain", explain);
    on("rate", rate);
    on("solve", showSolution);
    on("prev", () => explainer && showStep(explainer.index - 1));
    on("next", () => explainer && showStep(explainer.index + 1));
    on("closeExplain", closeExplain);
    on("exportSvg", exportSvg);
    on("exportPdf", exportPdf);
    document.addEventListener("keydown", (e) => {
      const t = e.target;
      if (t && (t.tagName === "TEXTAREA" || t.tagName === "INPUT" || t.tagName === "SELECT")) return;
      onKey(e);
    });
    $("puzzleText").value = SEED_SAMPLE;
    load(SEED_SAMPLE, "");
  }

  document.addEventListener("DOMContentLoaded", init);
})();
