// numpl's page: the board, play (values, corner and centre marks, colours, undo/redo,
// clashes, timer), hints in levels (mistakes first), explain, rate, share and export, all
// through the JSON API of the same server. The game is saved in the browser as it changes.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const SEED_SAMPLE =
    ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.";
  const STORE = { games: "numpl.games", settings: "numpl.settings" };
  const MODES = ["normal", "corner", "centre", "colour"];
  const COLOURS = 9;

  // The game. Marks are bit masks (bit v for value v): `centre` are the candidates hints
  // read (Auto marks fills them), `corner` the player's own notes; `colours` 0 or 1..9.
  const game = {
    n: 0, br: 0, bc: 0, box: "",
    // The least value shown: 1, or 0 for a variant of values from 0 (`sym`, `valueOf`).
    first: 1,
    givens: [], values: [], centre: [], corner: [], colours: [],
    // A position loaded with pencil marks: its position line (what the API is sent for
    // explain, rate and pictures) and its marks (where explanations start); else null.
    origin: null, startMarks: null,
    solution: null, seed: null, level: null, id: "",
    // A variant puzzle (killer, thermo, jigsaw ...), as /api/play gives it: `text` (numpl's
    // variant JSON: what is saved, shared and sent back), `svg` (its constraints, drawn by
    // the server under the cells), `margin`, `boxes`, `groups` (cells that never repeat a
    // digit: clashes and auto marks use them), `sum_cells`, `rules` (in words); else null.
    variant: null,
    selected: 0, mode: "normal",
    undo: [], redo: [],
    wrong: new Set(), mistake: -1,
    view: null, // a step shown on the board: {roles, houses, marks, cands}
    elapsed: 0, since: 0, done: false, revealed: false,
  };
  let explainer = null; // {moves, index, boards, saved}
  let hintState = null; // {step, level}
  let asking = false; // a hint request in flight
  let peerList = [];
  let seeList = []; // the cells highlighted with the selected one: its rows, columns, boxes or regions
  const settings = Object.assign({ clashes: true, same: true, timer: true, theme: "system" },
    readJSON(STORE.settings) || {});

  function readJSON(key) {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (_) { return null; }
  }
  function writeJSON(key, v) {
    try { localStorage.setItem(key, JSON.stringify(v)); return true; } catch (_) { return false; }
  }

  // Symbols: 1-9, then A-Z for 10-35, as numpl writes them; a grid of values from 0 (a
  // variant's `"values": "0-8"`, game.first 0) shows the grid's value v as v - 1: 0-9, A-Z.
  // Values inside the page are the grid's, 1..N, whatever it shows.
  const char = (x) => (x <= 9 ? String(x) : String.fromCharCode(55 + x));
  const stdSym = (v) => char(v);
  const sym = (v) => char(v - 1 + game.first);
  const valueOf = (key) => {
    const k = key.toUpperCase();
    if (k.length !== 1) return 0;
    let x = -1;
    if (k >= "0" && k <= "9") x = k.charCodeAt(0) - 48;
    else if (k >= "A" && k <= "Z") x = k.charCodeAt(0) - 55;
    return x < game.first ? 0 : x + 1 - game.first;
  };
  const has = (m, v) => ((m >>> v) & 1) === 1;
  const listOf = (m) => { const out = []; for (let v = 1; v <= game.n; v++) if (has(m, v)) out.push(v); return out; };
  const lineOf = (arr) => arr.map((v) => (v ? sym(v) : ".")).join("");
  const rowOf = (i) => Math.floor(i / game.n);
  const colOf = (i) => i % game.n;
  const boxOf = (i) => Math.floor(rowOf(i) / game.br) * game.br + Math.floor(colOf(i) / game.bc);
  const nameOf = (i) => "r" + (rowOf(i) + 1) + "c" + (colOf(i) + 1);
  // Box lines are drawn unless a variant's boxes do not count (a jigsaw: its layer draws
  // the regions' borders).
  const boxLines = () => !game.variant || game.variant.boxes;
  // A variant's kinds in a few words (`killer`, `thermo`, `jigsaw` ...), from its rules.
  function variantName(vr) {
    const kinds = [];
    for (const m of (vr.svg + vr.svg_top).matchAll(/data-constraint="([a-z-]+)"/g)) {
      // Other kinds by their name in words (`hidden skyscraper`, `numbered room`).
      const k = { cage: "killer", "slow-thermo": "thermo", "anti-diagonal": "diagonal", "white-dot": "kropki", "black-dot": "kropki", x: "XV", v: "XV" }[m[1]] || m[1].replace(/-/g, " ");
      if (!kinds.includes(k)) kinds.push(k);
    }
    return kinds.length ? kinds.slice(0, 3).join(" ") : "variant";
  }
  // The rules of a variant in words, under the board (the board's description).
  function showRules() {
    const p = $("rules");
    if (!p) return;
    p.textContent = game.variant ? "Rules: " + game.variant.rules : "";
    p.hidden = !game.variant;
    if (game.variant) $("board").setAttribute("aria-describedby", "rules");
    else $("board").removeAttribute("aria-describedby");
  }
  function candidatesOf(values, i) {
    if (values[i]) return 0;
    let m = 0;
    for (let v = 1; v <= game.n; v++) m |= 1 << v;
    for (const p of peerList[i]) if (values[p]) m &= ~(1 << values[p]);
    return m;
  }
  // FNV-1a of the puzzle: a short id shown with the game and printed on sheets.
  function idOf(text) {
    let h = 0x811c9dc5;
    for (let k = 0; k < text.length; k++) { h ^= text.charCodeAt(k); h = Math.imul(h, 0x01000193) >>> 0; }
    return h.toString(16).padStart(8, "0");
  }
  const clock = (ms) => {
    const s = Math.floor(ms / 1000);
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    return (h ? h + ":" + String(m).padStart(2, "0") : m) + ":" + String(r).padStart(2, "0");
  };

  function say(text, kind) {
    const m = $("message");
    m.textContent = text;
    m.className = "message" + (kind ? " " + kind : "");
  }

  // An API error as a sentence: no `line 1:` and a capital letter.
  function sentence(msg) {
    let s = String(msg).replace(/^line \d+: /, "").replace(/^values: /, "");
    s = s.charAt(0).toUpperCase() + s.slice(1);
    return /[.!?]$/.test(s) ? s : s + ".";
  }

  async function api(path, body, binary) {
    const res = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) {
      let msg = "The server answered " + res.status + " " + res.statusText;
      try {
        const j = await res.json();
        if (j.error) msg = j.error;
      } catch (_) { /* not JSON */ }
      throw new Error(sentence(msg));
    }
    return binary ? res.blob() : res.json();
  }

  async function guarded(fn) {
    document.body.classList.add("busy");
    try {
      await fn();
    } catch (e) {
      say(e.message, "error");
    } finally {
      document.body.classList.remove("busy");
    }
  }

  // ---------------------------------------------------------------- saving

  const snapshot = () => ({
    v: game.values.slice(), c: game.centre.slice(), k: game.corner.slice(), o: game.colours.slice(),
  });
  function restore(s) {
    game.values = s.v.slice(); game.centre = s.c.slice(); game.corner = s.k.slice(); game.colours = s.o.slice();
  }
  function elapsedNow() {
    return game.elapsed + (game.since ? performance.now() - game.since : 0);
  }

  // The game as saved: what `start` and `resume` need to put it back.
  function serial(withHistory) {
    const keep = withHistory ? Math.max(20, Math.floor(200000 / (game.n * game.n * 4))) : 0;
    return {
      version: 1, id: game.id, box: game.box, n: game.n,
      puzzle: game.origin || lineOf(game.givens),
      solution: game.solution ? lineOf(game.solution) : null,
      variant: game.variant,
      seed: game.seed, level: game.level,
      now: snapshot(),
      undo: keep ? game.undo.slice(-keep) : [], redo: keep ? game.redo.slice(-keep) : [],
      elapsed: Math.round(elapsedNow()), done: game.done, revealed: game.revealed,
      selected: game.selected, when: Date.now(),
    };
  }

  // The current game first, then the others (without their undo history), at most 8.
  function save() {
    if (!game.n || !game.id || explainer) return;
    const games = (readJSON(STORE.games) || []).filter((g) => g.id !== game.id).slice(0, 7)
      .map((g) => Object.assign(g, { undo: [], redo: [] }));
    games.unshift(serial(true));
    if (!writeJSON(STORE.games, games)) writeJSON(STORE.games, [serial(false)]);
    showRecent(games);
  }

  function showRecent(games) {
    const ul = $("recent");
    ul.textContent = "";
    for (const g of games || readJSON(STORE.games) || []) {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      const cells = g.n * g.n;
      const filled = g.now.v.filter((x) => x).length;
      const state = g.revealed ? "revealed" : g.done ? "solved" : filled + "/" + cells;
      b.textContent = g.n + "x" + g.n + (g.variant ? " " + variantName(g.variant) : "") + (g.level ? " " + g.level : "") + " \u00b7 " + state +
        " \u00b7 " + clock(g.elapsed) + " \u00b7 id " + g.id;
      if (g.id === game.id) { b.setAttribute("aria-current", "true"); b.classList.add("current"); }
      b.addEventListener("click", () => { if (g.id !== game.id) { save(); resume(g); say("Back to game " + g.id + "."); } });
      li.appendChild(b);
      ul.appendChild(li);
    }
  }

  // A saved game back on the board.
  function resume(g) {
    setup({ box: g.box, size: g.n, puzzle: g.puzzle, solution: g.solution, status: g.solution ? "solved" : "", seed: g.seed, level: g.level, play: g.variant || null });
    restore(g.now);
    game.undo = g.undo || []; game.redo = g.redo || [];
    game.elapsed = g.elapsed || 0; game.done = !!g.done; game.revealed = !!g.revealed;
    game.selected = g.selected || 0;
    runTimer();
    render();
    save();
  }

  // ---------------------------------------------------------------- loading a puzzle

  // A record's puzzle: N*N symbols, or a position line of N*N*N (each cell's N places
  // hold the value while it is a candidate, `.` when not). A position line has no givens:
  // every cell is open, with its marks (a cell with one mark too).
  function setup(rec) {
    const [br, bc] = rec.box.split("x").map(Number);
    const n = rec.size;
    const sizeChanged = n !== game.n || br !== game.br || !!game.variant || !!rec.play;
    game.n = n; game.br = br; game.bc = bc; game.box = rec.box;
    game.variant = rec.play || null;
    // Values from 0: the record's strings are written 0-8 (its variant says `0-8`).
    game.first = rec.variant && /^0-/.test(rec.variant.values || "") ? 0 : 1;
    if (rec.puzzle.length === n * n * n) {
      game.givens = new Array(n * n).fill(0);
      game.startMarks = game.givens.map((_, i) => {
        let m = 0;
        for (let v = 1; v <= n; v++) if (rec.puzzle[i * n + v - 1] !== ".") m |= 1 << v;
        return m;
      });
      game.origin = rec.puzzle;
    } else {
      game.givens = Array.from(rec.puzzle, (ch) => (ch === "." ? 0 : valueOf(ch)));
      game.startMarks = null;
      game.origin = null;
    }
    game.id = idOf(rec.box + ":" + (game.variant ? game.variant.text : rec.puzzle));
    game.values = game.givens.slice();
    game.centre = game.startMarks ? game.startMarks.slice() : game.givens.map(() => 0);
    game.corner = game.givens.map(() => 0);
    game.colours = game.givens.map(() => 0);
    game.solution = rec.solution && rec.status === "solved" ? Array.from(rec.solution, (ch) => valueOf(ch)) : null;
    game.seed = rec.seed != null ? String(rec.seed) : null;
    game.level = rec.level || null;
    game.undo = []; game.redo = [];
    game.wrong = new Set(); game.mistake = -1;
    game.view = null; hintState = null;
    game.elapsed = 0; game.since = 0; game.done = false; game.revealed = false;
    game.selected = Math.max(0, game.givens.findIndex((v) => v === 0));
    explainer = null;
    $("explainer").hidden = true;
    $("rating").hidden = true;
    if (sizeChanged || $("board").querySelectorAll(".grow").length !== n) build();
    showRules();
  }

  function start(rec) {
    setup(rec);
    runTimer();
    render();
    save();
    $("board").focus();
  }

  async function load(text, box, progress) {
    await guarded(async () => {
      const body = { puzzle: importText(text) };
      if (box) body.box = box;
      // The server reads every form (classic, positions, variants) and solves it; for a
      // variant it also draws the constraints and lists the groups that never repeat.
      let rec;
      try {
        rec = await api("/api/play", body);
      } catch (e) {
        // The server's word for an f-puzzles rule it has no engine for, as players say it.
        const m = /^F-puzzles: `([^`]+)` is not supported/.exec(e.message);
        if (m) throw new Error("This f-puzzles puzzle has a rule numpl does not play yet: " + m[1] + ".");
        throw e;
      }
      if (rec.size > 25) throw new Error("The page plays grids up to 25x25.");
      const id = idOf(rec.box + ":" + (rec.play ? rec.play.text : rec.puzzle));
      const saved = (readJSON(STORE.games) || []).find((g) => g.id === id);
      if (saved && !progress) {
        save();
        resume(saved);
        say("Back to game " + id + " where you left it.");
        return;
      }
      save();
      start(rec);
      if (progress) applyProgress(progress);
      const note = rec.status === "solved" ? "" : " (" + rec.status + ": no single solution to check against)";
      const what = game.origin ? " position with pencil marks" : game.variant ? " " + variantName(game.variant) + " puzzle" : " puzzle";
      say("Loaded a " + rec.size + "x" + rec.size + what + note + ".");
    });
  }

  async function generate() {
    let variantText = null, made = null;
    await guarded(async () => {
      const body = { size: Number($("genSize").value), symmetry: $("genSym").value };
      const kind = $("genKind").value;
      if (kind) body.variant = kind;
      // Variants have the levels easy, medium and hard (numpl's variant scale).
      if ($("genLevel").value && !(kind && ["unfair", "extreme"].includes($("genLevel").value))) {
        body.level = $("genLevel").value;
      }
      const seed = $("genSeed").value.trim();
      if (seed) {
        if (!/^\d+$/.test(seed)) throw new Error("The seed is a whole number.");
        body.seed = seed; // a string: a browser's numbers lose digits above 2^53
      }
      say("Generating...");
      const [rec] = await api("/api/generate", body);
      if (rec.error) throw new Error(sentence(rec.error));
      if (rec.variant) {
        // Played as any variant is: numpl's variant record, through /api/play below.
        variantText = JSON.stringify(Object.assign({ box: rec.box, givens: rec.puzzle }, rec.variant));
        made = rec;
        return;
      }
      save();
      // The generate record has no solution: ask for it, then play.
      const solved = await api("/api/solve", { puzzle: rec.puzzle, box: rec.box });
      start(Object.assign({}, solved, { seed: rec.seed, level: rec.level }));
      $("puzzleText").value = rec.puzzle;
      say("Generated a " + rec.size + "x" + rec.size + " puzzle: level " + rec.level +
        ", score " + rec.score + ", " + rec.givens + " givens, seed " + rec.seed + ".");
    });
    if (variantText) {
      await load(variantText);
      $("puzzleText").value = variantText;
      say("Generated a " + made.size + "x" + made.size + " " + $("genKind").value + " puzzle" +
        (made.level ? ": level " + made.level : "") + ", " + made.givens + " givens, seed " + made.seed + ".");
    }
  }

  // ---------------------------------------------------------------- import

  // LZ-string's base64 form, as f-puzzles and SudokuPad links carry their JSON, decoded
  // from the algorithm (an LZW variant): codes are read low bit first from six-bit base64
  // characters (high bit first), each code as wide as the dictionary's size needs; code 0
  // brings a new 8-bit character, 1 a 16-bit one, 2 ends the text; any other names a
  // dictionary entry, or the entry about to be made (the previous one plus its own first
  // character). Each code after the first adds the previous entry plus the first character
  // of this one. Null for text that is not of this form.
  const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  function lzFromBase64(text) {
    const src = text.replace(/=+$/, "");
    let at = 0, word = 0, left = 0; // next character, its bits, how many are unread
    const read = (width) => {
      let code = 0;
      for (let k = 0; k < width; k++) {
        if (left === 0) {
          if (at >= src.length) return -1;
          word = B64.indexOf(src[at++]);
          if (word < 0) return -1;
          left = 6;
        }
        left--;
        if ((word >> left) & 1) code |= 1 << k;
      }
      return code;
    };
    const dict = ["", "", ""]; // codes 0, 1 and 2 are commands
    const next = () => {
      const code = read(32 - Math.clz32(dict.length));
      if (code === 0 || code === 1) {
        const ch = read(code === 0 ? 8 : 16);
        if (ch < 0) return -1;
        dict.push(String.fromCharCode(ch));
        return dict.length - 1;
      }
      return code;
    };
    let code = next();
    if (code === 2) return "";
    if (code < 3) return null;
    let prev = dict[code];
    const out = [prev];
    for (;;) {
      code = next();
      if (code === 2) return out.join("");
      let entry;
      if (code > 2 && code < dict.length) entry = dict[code];
      else if (code === dict.length) entry = prev + prev[0];
      else return null;
      out.push(entry);
      dict.push(prev + entry[0]);
      prev = entry;
    }
  }

  // SudokuPad's zipped JSON (its `scl` and `ctc` links): single quotes for double ones
  // (`\'` a quote of the text), keys and colours unquoted, `t`/`f` for true and false,
  // empty objects left out of arrays (`[,{v:5},]`), and short keys (`ce` cells, `v` value,
  // `re` regions, `ca` cages, `l` lines, `a` arrows, `o` overlays, `u` underlays ...,
  // which readers below take in either form). Plain JSON passes as it is.
  function unzipPad(text) {
    try { return JSON.parse(text); } catch (_) { /* zipped */ }
    let t = text;
    if (!t.includes('"')) t = t.replace(/\\'/g, "\uE000").replace(/'/g, '"').replace(/\uE000/g, "'");
    // The strings aside while the rest is restored.
    const strings = [];
    t = t.replace(/"(?:\\.|[^"\\])*"/g, (str) => "\u0001" + (strings.push(str) - 1) + "\u0001");
    t = t.replace(/([,[])(?=[,\]])/g, "$1{}")
      .replace(/([{,[])([A-Za-z0-9]+):/g, '$1"$2":')
      .replace(/:f(?=[,}\]])/g, ":false").replace(/:t(?=[,}\]])/g, ":true")
      .replace(/:#0(?=[,}\]])/g, ':"#000000"').replace(/:#F(?=[,}\]])/g, ':"#FFFFFF"')
      .replace(/:([0-9a-fA-F]{6})(?=[,}\]])/g, ':"#$1"')
      .replace(/\u0001(\d+)\u0001/g, (_, k) => strings[Number(k)]);
    try { return JSON.parse(t); } catch (_) { return null; }
  }

  const pick = (o, ...keys) => { for (const k of keys) if (o && o[k] != null) return o[k]; return undefined; };
  const some = (v) => (Array.isArray(v) ? v.length > 0 : v != null && v !== false);

  // What SudokuPad draws beyond a classic grid, in words: a cage with cells (its cells-less
  // ones carry the title, author and rules), lines, arrows, shapes, regions not the boxes.
  function padRules(j, n) {
    const rules = [];
    const cages = pick(j, "cages", "ca") || [];
    if (cages.some((c) => some(pick(c, "cells", "ce")))) rules.push("cages");
    if (some(pick(j, "lines", "l"))) rules.push("lines");
    if (some(pick(j, "arrows", "a"))) rules.push("arrows");
    if (some(pick(j, "overlays", "o")) || some(pick(j, "underlays", "u"))) rules.push("circles, dots or shapes");
    const regions = pick(j, "regions", "re");
    if (Array.isArray(regions) && regions.length) {
      let br = 1;
      for (let d = 1; d * d <= n; d++) if (n % d === 0) br = d;
      const bc = n / br;
      const boxOfRc = (rc) => Math.floor(rc[0] / br) * br + Math.floor(rc[1] / bc);
      const boxes = regions.length === n && regions.every((reg) => Array.isArray(reg) && reg.length === n &&
        reg.every((rc) => Array.isArray(rc) && boxOfRc(rc) === boxOfRc(reg[0])));
      if (!boxes || new Set(regions.map((reg) => boxOfRc(reg[0]))).size !== n) rules.push("regions that are not boxes");
    }
    for (const k of ["fogofwar", "foglight", "cosmetics"]) if (some(j[k])) rules.push(k);
    return rules;
  }

  // What an f-puzzles puzzle has beyond a classic grid, in words: every top-level key but
  // the plain ones (size, grid, title, author, rules text, solution, settings) that holds
  // something (f-puzzles writes `diagonal+`, `antiknight`, `killercage`, `thermometer`,
  // `arrow`, `littlekillersum`, `xv`, `negative`, its cosmetics `text`, `line`, `cage` ...),
  // and cells with a `region` of their own (a jigsaw).
  const FP_PLAIN = new Set(["size", "grid", "title", "author", "ruleset", "solution",
    "highlightConflicts", "disabledlogic", "truecandidatesoptions"]);
  function fpuzzlesRules(j) {
    const rules = Object.keys(j).filter((k) => !FP_PLAIN.has(k) && some(j[k]));
    if (j.grid.some((row) => row.some((c) => c && c.region != null))) rules.push("irregular regions");
    return rules;
  }

  // A classic puzzle of an f-puzzles JSON (`grid`: rows of {value, given}) or SudokuPad's
  // (`cells`: rows of {value}, zipped `ce` and `v`), as a line; null if it is neither.
  function lineOfJson(j) {
    if (!j || typeof j !== "object") return null;
    const rows = j.grid || pick(j, "cells", "ce");
    if (!Array.isArray(rows) || !rows.every(Array.isArray)) return null;
    const n = rows.length;
    const rules = j.grid ? fpuzzlesRules(j) : padRules(j, n);
    if (rules.length) {
      // An f-puzzles variant: the server reads it (and names any rule it does not know).
      if (j.grid) return VARIANT;
      throw new Error("This SudokuPad puzzle has rules numpl does not play yet: " + rules.join(", ") +
        ". numpl plays variants from f-puzzles links, and SudokuPad links that carry an f-puzzles puzzle.");
    }
    return rows.map((row) => row.map((c) => {
      const v = c && (c.given === false ? 0 : pick(c, "value", "v"));
      return Number(v) >= 1 && Number(v) <= 35 ? stdSym(Number(v)) : ".";
    }).join("")).join("");
  }

  const VARIANT = {}; // lineOfJson's answer for an f-puzzles variant: send the text as it is

  // The puzzle a SudokuPad or f-puzzles link carries: SudokuPad's `scl` (and its older name
  // `ctc`) zipped JSON, `fpuzzles` (or `fpuz`) f-puzzles JSON, f-puzzles' own `?load=`;
  // anywhere in the link (`sudokupad.app/scl...`, `?puzzle=scl...`, `/puzzle/scl...`).
  function puzzleOfLink(t) {
    const load = /[?&]load=([^&#\s]+)/.exec(t);
    const pad = /(?:^|[/=])(scl|ctc|fpuz(?:zles)?)([A-Za-z0-9+/=%_-]+)/.exec(t);
    if (!load && !pad) return null;
    const packed = load ? load[1] : pad[2];
    let data = packed;
    try { data = decodeURIComponent(packed); } catch (_) { /* as it is */ }
    const raw = lzFromBase64(data.replace(/ /g, "+"));
    const j = raw == null ? null : (load || pad[1].startsWith("fpuz") ? parseJson(raw) : unzipPad(raw));
    const line = lineOfJson(j);
    if (line === VARIANT) return t.trim(); // the server reads the link itself
    if (line) return line;
    throw new Error("That link holds no puzzle this page can read.");
  }
  const parseJson = (t) => { try { return JSON.parse(t); } catch (_) { return null; } };

  // What a player pastes, as text the server reads: links (sudokuwiki `?bd=`, f-puzzles
  // `?load=`, SudokuPad `fpuzzles...` or `scl...`) and framed grids (HoDoKu's `| . 2 . |`
  // between `.---+---.` lines, sudokuwiki's `*-----*`) become a line; the rest is sent
  // as it is.
  function importText(text) {
    const t = text.trim();
    if (/^https?:\/\//i.test(t) || /[?&](bd|load|puzzle)=/.test(t) || /^(scl|ctc|fpuz)[A-Za-z0-9]/.test(t) ||
        /^[\w.-]*(sudokupad\.app|crackingthecryptic\.com)\//i.test(t)) {
      const bd = /[?&#]bd=([0-9.]+)/.exec(t);
      if (bd) return bd[1];
      const line = puzzleOfLink(t);
      if (line) return line;
      // Any other link that carries a 9x9 puzzle as 81 digits.
      const digits = /(?:^|[^0-9.])([0-9.]{81})(?![0-9.])/.exec(t);
      if (digits) return digits[1];
      if (/sudokupad|crackingthecryptic/i.test(t)) {
        throw new Error("That SudokuPad link names a puzzle kept on SudokuPad's server; this page reads links that carry the puzzle itself (scl..., ctc... or fpuzzles...).");
      }
      throw new Error("That link holds no puzzle this page can read (a sudokuwiki ?bd= link, or an f-puzzles or SudokuPad link).");
    }
    // JSON (f-puzzles' or numpl's variant record) goes on one line, as the server reads it.
    if (/^\{[\s\S]*\}$/.test(t)) return t.replace(/\s*\r?\n\s*/g, " ");
    const lines = t.split(/\r?\n/);
    if (lines.length > 3 && lines.some((l) => /^[\s.*'`:|+=-]+$/.test(l) && /[-=]{3}/.test(l))) {
      const rows = [];
      for (const l of lines) {
        if (/^[\s.*'`:|+=-]*$/.test(l) && /[-=]{3}/.test(l)) continue; // a frame line
        const body = l.replace(/[|!]/g, " ").trim();
        if (!body) continue;
        const tokens = body.split(/\s+/);
        const cells = tokens.every((c) => c.length === 1) ? tokens : Array.from(tokens.join(""));
        rows.push(cells);
      }
      const n = rows.length;
      if (n >= 4 && rows.every((r) => r.length === n && r.every((c) => c.length === 1))) {
        return rows.map((r) => r.join("")).join("").replace(/0/g, ".");
      }
    }
    return text;
  }

  // ---------------------------------------------------------------- the board

  function build() {
    const board = $("board");
    board.textContent = "";
    board.style.setProperty("--n", game.n);
    board.style.setProperty("--br", game.br);
    board.style.setProperty("--bc", game.bc);
    board.dataset.size = game.n;
    const n = game.n;
    const vr = game.variant;
    board.classList.toggle("variant", !!vr);
    board.classList.toggle("noboxes", !!vr && !vr.boxes);
    peerList = [];
    seeList = [];
    if (vr) {
      // A variant's peers are the server's groups (rows, columns, regions, cages, and
      // pairs a rule keeps apart): no rule is derived here. The cells highlighted with
      // the selected one are those of its full houses (groups of N cells).
      const peers = [], sees = [];
      for (let i = 0; i < n * n; i++) { peers.push(new Set()); sees.push(new Set()); }
      for (const g of vr.groups) {
        for (const a of g) for (const b of g) if (a !== b) { peers[a].add(b); if (g.length === n) sees[a].add(b); }
      }
      peerList = peers.map((p) => Array.from(p));
      seeList = sees;
    } else {
      for (let i = 0; i < n * n; i++) {
        const ps = [];
        for (let j = 0; j < n * n; j++) {
          if (j !== i && (rowOf(j) === rowOf(i) || colOf(j) === colOf(i) || boxOf(j) === boxOf(i))) ps.push(j);
        }
        peerList.push(ps);
        seeList.push(new Set(ps));
      }
    }
    // The constraints, drawn by the server (numpl-render), under the cells: the same
    // geometry (100 units a cell), reaching `margin` cells beyond the grid for outside clues.
    // Two layers: shading, lines and region borders under the cells' colours and digits;
    // cages, dots, X/V and outside clues over them (as SudokuPad draws them), never
    // taking a click.
    if (vr) {
      for (const [svg, cls] of [[vr.svg, "vlayer"], [vr.svg_top, "vlayer top"]]) {
        const layer = document.createElement("div");
        layer.className = cls;
        layer.setAttribute("aria-hidden", "true");
        layer.innerHTML = svg;
        board.appendChild(layer);
      }
      const [ml, mt, mr, mb] = vr.margin;
      board.style.setProperty("--ml", ml); board.style.setProperty("--mt", mt);
      board.style.setProperty("--mr", mr); board.style.setProperty("--mb", mb);
    } else {
      for (const k of ["--ml", "--mt", "--mr", "--mb"]) board.style.setProperty(k, 0);
    }
    for (let r = 0; r < n; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.className = "grow";
      for (let c = 0; c < n; c++) {
        const i = r * n + c;
        const cell = document.createElement("div");
        cell.className = "cell";
        cell.id = "cell-" + i;
        cell.setAttribute("role", "gridcell");
        cell.dataset.cell = nameOf(i);
        if (r % game.br === 0 && boxLines()) cell.classList.add("bt");
        if (c % game.bc === 0 && boxLines()) cell.classList.add("bl");
        if (r === n - 1) cell.classList.add("bb");
        if (c === n - 1) cell.classList.add("br");
        cell.addEventListener("click", () => {
          game.selected = i;
          render();
          board.focus();
        });
        row.appendChild(cell);
      }
      board.appendChild(row);
    }
    const pad = $("pad");
    pad.textContent = "";
    for (let v = 1; v <= n; v++) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.value = v;
      // Named by its content: the digit, then (for screen readers) how many are left.
      const d = document.createElement("span");
      d.className = "d";
      d.textContent = sym(v);
      const k = document.createElement("span");
      k.className = "cnt";
      const pre = document.createElement("span");
      pre.className = "sr";
      const post = document.createElement("span");
      post.className = "sr";
      b.append(d, pre, k, post);
      b.addEventListener("click", () => enter(v));
      pad.appendChild(b);
    }
    layout();
  }

  // The board fills the space it has; on 16x16 and up its cells stay big enough for
  // readable marks (the board then scrolls), and the pad's buttons stay 44 px or more.
  function layout() {
    if (!game.n) return;
    const play = document.querySelector(".play");
    const twoCols = window.innerWidth >= 900;
    const controls = twoCols ? 21 * 16 + 16 : 0;
    const room = Math.max(200, play.clientWidth - controls - 6);
    // (Less the frame's 6 pixels of padding: a board of the frame's whole height
    // overflowed it by those, and scrolled both ways.)
    const tall = window.innerHeight - (twoCols ? 80 : 20) - 6;
    // A variant's outside clues (little killers, sandwiches) take cells of room around it.
    const [ml, mt, mr, mb] = game.variant ? game.variant.margin : [0, 0, 0, 0];
    const across = game.n + ml + mr, down = game.n + mt + mb;
    let side = Math.min(room, twoCols ? Math.max(320, tall) : room, 900);
    const minCell = game.n <= 9 ? 28 : 10 * game.bc + 4;
    const cell = Math.max(side / Math.max(across, down), minCell);
    side = cell * game.n;
    const board = $("board");
    board.style.setProperty("--side", side + "px");
    board.style.margin = ml || mt || mr || mb ? mt * cell + "px " + mr * cell + "px " + mb * cell + "px " + ml * cell + "px" : "";
    const w = cell * across, h = cell * down;
    // A board bigger than the screen scrolls within a frame the screen's size.
    $("boardWrap").style.setProperty("width", Math.min(w, room) + 6 + "px");
    $("boardWrap").style.setProperty("height", Math.min(h + 6, Math.max(320, window.innerHeight - (twoCols ? 80 : 120))) + "px");
    const pad = $("pad");
    const pw = twoCols ? controls - 16 : room;
    const fit = Math.max(3, Math.floor((pw + 5) / 49));
    const rows = Math.ceil(game.n / Math.min(fit, 9));
    pad.style.setProperty("--pc", Math.ceil(game.n / rows));
  }

  function clashes() {
    const out = new Set();
    if (!settings.clashes) return out;
    for (let i = 0; i < game.values.length; i++) {
      const v = game.values[i];
      if (!v) continue;
      for (const p of peerList[i]) if (game.values[p] === v) { out.add(i); break; }
    }
    return out;
  }

  function render() {
    const board = $("board");
    const cells = board.querySelectorAll(".cell");
    const view = game.view;
    const sel = game.selected;
    // The same digit is highlighted while playing, not over a step's own colours.
    const digit = settings.same && !view ? game.values[sel] : 0;
    const clash = clashes();
    const sums = new Set(game.variant ? game.variant.sum_cells : []);
    for (let i = 0; i < cells.length; i++) {
      const el = cells[i];
      el.textContent = "";
      let cls = "cell";
      if (rowOf(i) % game.br === 0 && boxLines()) cls += " bt";
      if (colOf(i) % game.bc === 0 && boxLines()) cls += " bl";
      if (sums.has(i)) cls += " sum";
      if (rowOf(i) === game.n - 1) cls += " bb";
      if (colOf(i) === game.n - 1) cls += " br";
      const v = game.values[i];
      if (i === sel) cls += " selected";
      else if (seeList[sel] && seeList[sel].has(i)) cls += " peer";
      if (digit && v === digit && i !== sel) cls += " same";
      if (game.colours[i]) cls += " col-" + game.colours[i];
      if (i === game.mistake) cls += " mistake";
      if (view) {
        const role = view.roles.get(i);
        if (role) cls += " r-" + role;
        const house = view.houses.get(i);
        if (house) cls += " h-" + house;
      }
      el.setAttribute("aria-selected", String(i === sel));
      let label = nameOf(i);
      if (v) {
        cls += game.givens[i] ? " given" : " value";
        if (game.wrong.has(i)) cls += " wrong";
        if (clash.has(i)) cls += " clash";
        const s = document.createElement("span");
        s.className = "v";
        s.setAttribute("aria-hidden", "true");
        s.textContent = sym(v);
        el.appendChild(s);
        label += (game.givens[i] ? ", given " : ", ") + sym(v) + (clash.has(i) ? ", clashes" : "") +
          (game.wrong.has(i) ? ", wrong" : "");
      } else {
        const shown = view && view.cands.has(i) ? view.cands.get(i) : game.centre[i];
        if (shown) {
          const m = document.createElement("div");
          m.className = "marks";
          m.setAttribute("aria-hidden", "true");
          const roles = view ? view.marks.get(i) : null;
          // The symbols are drawn by CSS (`data-s`): the cell's label says them.
          for (let w = 1; w <= game.n; w++) {
            const k = document.createElement("span");
            k.className = "k";
            if (has(shown, w)) {
              k.dataset.s = sym(w);
              k.dataset.candidate = w;
              const r = roles && roles.get(w);
              if (r) k.classList.add("m-" + r);
              else if (digit === w) k.classList.add("same");
            }
            m.appendChild(k);
          }
          el.appendChild(m);
        }
        if (game.corner[i]) {
          const c = document.createElement("span");
          c.className = "corner";
          c.setAttribute("aria-hidden", "true");
          c.dataset.s = listOf(game.corner[i]).map(sym).join(" ");
          el.appendChild(c);
        }
        label += ", empty";
        if (shown) label += ", marks " + listOf(shown).map(sym).join(" ");
        if (game.corner[i]) label += ", corner " + listOf(game.corner[i]).map(sym).join(" ");
      }
      if (game.colours[i]) label += ", colour " + game.colours[i];
      el.className = cls;
      el.setAttribute("aria-label", label);
    }
    board.setAttribute("aria-activedescendant", "cell-" + sel);
    for (const b of document.querySelectorAll(".modes button")) {
      b.setAttribute("aria-pressed", String(b.dataset.mode === game.mode));
    }
    $("board").dataset.mode = game.mode;
    // The pad: each value with how many are still to place (colours in colour mode).
    const count = new Array(game.n + 1).fill(0);
    for (const v of game.values) count[v]++;
    for (const b of $("pad").children) {
      const v = Number(b.dataset.value);
      const left = game.n - count[v];
      const colour = game.mode === "colour";
      b.classList.toggle("swatch", colour && v <= COLOURS);
      b.classList.toggle("complete", !colour && left <= 0);
      b.querySelector(".cnt").textContent = colour ? "" : String(Math.max(0, left));
      const [pre, post] = b.querySelectorAll(".sr");
      pre.textContent = colour ? " colour" : ", ";
      post.textContent = colour ? "" : " left";
      if (colour && v <= COLOURS) b.dataset.colour = v; else delete b.dataset.colour;
    }
    $("undo").disabled = game.undo.length === 0;
    $("redo").disabled = game.redo.length === 0;
    const info = [game.n + "x" + game.n + (game.variant ? " " + variantName(game.variant) : "")];
    if (game.level) info.push(game.level);
    if (game.id) info.push("id " + game.id);
    if (game.seed) info.push("seed " + game.seed);
    if (game.revealed) info.push("revealed");
    else if (game.done) info.push("solved");
    $("gameInfo").textContent = info.join(" \u00b7 ");
    showTime();
  }

  // ---------------------------------------------------------------- the timer

  function runTimer() {
    const active = game.n && !game.done && !document.hidden;
    if (active && !game.since) game.since = performance.now();
    if (!active && game.since) { game.elapsed += performance.now() - game.since; game.since = 0; }
    showTime();
  }
  function showTime() {
    const t = $("timer");
    t.hidden = !settings.timer;
    t.textContent = clock(elapsedNow()) + (game.since || game.done ? "" : " (paused)");
  }

  // ---------------------------------------------------------------- playing

  function changed() {
    game.view = null;
    game.wrong = new Set();
    game.mistake = -1;
    hintState = null;
    finished();
    render();
    save();
  }
  function record() {
    if (explainer) closeExplain();
    game.undo.push(snapshot());
    if (game.undo.length > 1000) game.undo.shift();
    game.redo = [];
  }

  function place(i, v) {
    game.values[i] = v;
    game.centre[i] = 0;
    game.corner[i] = 0;
    for (const p of peerList[i]) game.centre[p] &= ~(1 << v);
  }

  function finished() {
    if (!game.solution) return;
    const right = game.values.every((x, k) => x === game.solution[k]);
    if (game.done && !right && !game.revealed) {
      // Undone after solving: the game and its clock go on.
      game.done = false;
      runTimer();
      return;
    }
    if (!game.done && right) {
      game.done = true;
      runTimer();
      if (!game.revealed) say("Solved in " + clock(game.elapsed) + "! Well done.", "good");
    }
    // A full grid that is not the solution: say so at once (Check marks what is wrong).
    else if (!right && game.values.every((x) => x)) {
      say("The grid is full, but not solved: Check marks the wrong values.", "error");
    }
  }

  // A value or mark from the pad or the keyboard, in the current mode (or `mode`).
  function enter(v, mode) {
    if (!game.n) return;
    if (explainer) closeExplain(); // back to the game, then the move
    mode = mode || game.mode;
    const i = game.selected;
    if (mode === "colour") {
      if (v > COLOURS) return;
      record();
      game.colours[i] = game.colours[i] === v ? 0 : v;
      return changed();
    }
    if (game.givens[i]) return say("That cell is a given.", "error");
    if (v < 1 || v > game.n) return;
    if (mode !== "normal") {
      if (game.values[i]) return; // marks go in open cells: no empty undo step
      record();
      if (mode === "centre") game.centre[i] ^= 1 << v;
      else game.corner[i] ^= 1 << v;
      return changed();
    }
    record();
    if (game.values[i] === v) game.values[i] = 0;
    else place(i, v);
    changed();
  }

  function erase() {
    const i = game.selected;
    if (!game.n) return;
    if (explainer) closeExplain();
    if (game.mode === "colour") {
      if (!game.colours[i]) return;
      record();
      game.colours[i] = 0;
      return changed();
    }
    if (game.givens[i] || (!game.values[i] && !game.centre[i] && !game.corner[i])) return;
    record();
    if (game.values[i]) game.values[i] = 0;
    else { game.centre[i] = 0; game.corner[i] = 0; }
    changed();
  }

  function autoMarks() {
    if (!game.n) return;
    record();
    for (let i = 0; i < game.values.length; i++) game.centre[i] = candidatesOf(game.values, i);
    changed();
    say("Centre marks filled in.");
  }

  function undo() {
    if (explainer) closeExplain();
    if (!game.undo.length) return;
    game.redo.push(snapshot());
    restore(game.undo.pop());
    changed();
  }
  function redo() {
    if (explainer) closeExplain();
    if (!game.redo.length) return;
    game.undo.push(snapshot());
    restore(game.redo.pop());
    changed();
  }

  function check() {
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
    else say(game.revealed ? "The solution is on the board (revealed)." : "Solved! Well done.", "good");
  }

  function setMode(m) {
    game.mode = m;
    render();
  }

  function move(dr, dc) {
    if (!game.n) return;
    const r = (rowOf(game.selected) + dr + game.n) % game.n;
    const c = (colOf(game.selected) + dc + game.n) % game.n;
    game.selected = r * game.n + c;
    render();
  }

  function onKey(e) {
    if (!game.n || e.altKey) return;
    const k = e.key;
    if (e.ctrlKey || e.metaKey) {
      const low = k.toLowerCase();
      if (low === "z" && e.shiftKey) { e.preventDefault(); redo(); }
      else if (low === "z") { e.preventDefault(); undo(); }
      else if (low === "y") { e.preventDefault(); redo(); }
      return;
    }
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[k]) { e.preventDefault(); move(...moves[k]); return; }
    if (k === " ") { e.preventDefault(); setMode(MODES[(MODES.indexOf(game.mode) + 1) % MODES.length]); return; }
    if (k === "Backspace" || k === "Delete" || (k === "0" && game.first === 1) || k === ".") { e.preventDefault(); erase(); return; }
    if (k === "Escape") { if (explainer) closeExplain(); game.view = null; hintState = null; render(); return; }
    // SudokuPad's mode keys; C is a value from 12x12 up, so centre mode is on C up to 9x9.
    const modeKeys = { z: "normal", x: "corner", v: "colour" };
    if (game.n <= 9) modeKeys.c = "centre";
    const low = k.toLowerCase();
    if (modeKeys[low] && !(game.n > 9 && valueOf(k) <= game.n)) { e.preventDefault(); setMode(modeKeys[low]); return; }
    // Shift with a digit: a corner mark (the key is then `!`, `@` ...: read the code).
    const digit = /^Digit(\d)$/.exec(e.code || "");
    const shifted = digit ? valueOf(digit[1]) : 0;
    if (e.shiftKey && shifted >= 1 && shifted <= game.n) {
      e.preventDefault();
      enter(shifted, game.mode === "corner" ? "centre" : "corner");
      return;
    }
    const v = valueOf(k);
    if (v >= 1 && v <= game.n) { e.preventDefault(); enter(v); }
  }

  // ---------------------------------------------------------------- learning

  // The puzzle as loaded, for explain, rate and pictures: its givens, or the position
  // line of a position loaded with pencil marks.
  const puzzleBody = () => ({ puzzle: puzzleText(), box: game.box });
  // The puzzle as the server reads it back: a variant's JSON, a position line or the givens.
  const puzzleText = () => (game.variant ? game.variant.text : game.origin || lineOf(game.givens));

  // The position the player sees: values, and centre marks where they made some (a cell
  // without marks counts as having every value its peers allow).
  function position() {
    const body = { puzzle: puzzleText(), box: game.box, values: lineOf(game.values) };
    if (game.variant) body.cell = game.selected; // the cell to reveal when nothing is wrong
    if (game.centre.some((m) => m)) {
      body.candidates = game.values.map((v, i) => (v ? [] : listOf(game.centre[i] || candidatesOf(game.values, i))));
    }
    if (game.origin) {
      // A game loaded as a position: the position as it is now, as a position line.
      const n = game.n;
      let line = "";
      for (let i = 0; i < n * n; i++) {
        const m = game.values[i] ? 1 << game.values[i] : game.centre[i] || candidatesOf(game.values, i);
        for (let v = 1; v <= n; v++) line += has(m, v) ? sym(v) : ".";
      }
      return { puzzle: line, box: game.box };
    }
    return body;
  }

  // What a step shows on the board at a hint level: 2 its cells and houses, 3 everything
  // (the candidates it uses, places and removes too).
  function viewOf(step, level) {
    const view = { roles: new Map(), houses: new Map(), marks: new Map(), cands: new Map() };
    for (const c of step.cells || []) view.roles.set(c.index, c.role);
    for (const h of step.houses || []) view.houses.set(h.index, h.role);
    for (const p of step.placements) if (!view.roles.has(p.index)) view.roles.set(p.index, "pivot");
    if (level < 3) return view;
    for (const m of step.marks || []) {
      if (!view.marks.has(m.index)) view.marks.set(m.index, new Map());
      view.marks.get(m.index).set(m.value, m.role);
    }
    for (const [i, roles] of view.marks) {
      let shown = game.centre[i] || candidatesOf(game.values, i);
      for (const v of roles.keys()) shown |= 1 << v;
      view.cands.set(i, shown);
    }
    return view;
  }

  // The first level shows only the house the nudge names, all its cells lightly shaded
  // (the step's own cells are not told apart until the second level).
  function nudgeView(step) {
    const view = { roles: new Map(), houses: new Map(), marks: new Map(), cands: new Map() };
    for (const i of step.nudge_cells || []) view.houses.set(i, "nudge");
    return view;
  }

  function showHint() {
    const { step, level } = hintState;
    if (level === 1) {
      game.view = nudgeView(step);
      say("Hint 1 of 4: " + step.nudge + " (Hint again: the cells.)", "hint");
    } else if (level === 2) {
      game.view = viewOf(step, 2);
      say("Hint 2 of 4: " + step.title + " \u2014 the cells it uses are shaded. (Hint again: the whole step.)", "hint");
    } else {
      game.view = viewOf(step, 3);
      say("Hint 3 of 4: " + step.plain + " (Hint again: apply it.)", "hint");
    }
    const first = step.placements[0] || step.eliminations[0];
    if (level >= 3 && first) game.selected = first.index;
    render();
  }

  // A mistake the server found (a wrong value, a lost mark, a clash, a contradiction).
  function showMistake(m) {
    game.view = null;
    hintState = null;
    game.mistake = m.index != null ? m.index : -1;
    if (m.index != null) game.selected = m.index;
    render();
    say(m.text + " (Undo takes moves back.)", "error");
  }

  async function askHint() {
    const res = await api("/api/hint", position());
    if (res.mistake) { showMistake(res.mistake); return null; }
    if (res.reveal) {
      // A variant where no variant technique applies: one cell of the solution, in a
      // plain sentence.
      record();
      place(res.reveal.index, res.reveal.value);
      game.selected = res.reveal.index;
      changed();
      if (!game.done) say(res.note, "hint");
      return null;
    }
    if (!res.step) {
      game.view = null;
      render();
      if (game.variant && res.status === "solved" && game.solution && !game.values.every((x, k) => x === game.solution[k])) {
        return say("Every cell is full but something is wrong: Check marks the wrong values.", "error"), null;
      }
      const why = {
        solved: "Solved already.",
        unsolvable: "Your position has no solution: check your values and marks.",
        multiple: "This puzzle has several solutions, and no technique applies.",
        stuck: "Stuck: no technique applies.",
      };
      say(why[res.status] || res.status, res.status === "solved" ? "good" : "error");
      return null;
    }
    return res.step;
  }

  // Hint in levels, as Good Sudoku and HoDoKu give them: the nudge, the cells, the whole
  // step, then applying it. Mistakes come first.
  async function hint() {
    if (!game.n) return;
    if (game.done) return say(game.revealed ? "The solution is on the board (revealed)." : "Solved already.", "good");
    if (explainer) closeExplain();
    if (hintState) {
      hintState.level++;
      if (hintState.level >= 4) {
        const step = hintState.step;
        applyStep(step);
        say("Applied: " + step.plain, "hint");
        return;
      }
      showHint();
      return;
    }
    if (asking) return; // one question at a time: a second click waits for the answer
    asking = true;
    await guarded(async () => {
      const step = await askHint();
      if (!step) return;
      hintState = { step, level: 1 };
      showHint();
    });
    asking = false;
  }

  function applyStep(step) {
    record();
    if (step.eliminations.length) {
      // Eliminations work on centre marks: start from every candidate where there are none.
      const none = !game.centre.some((m) => m);
      for (let i = 0; i < game.values.length; i++) {
        if (!game.values[i] && (none || !game.centre[i])) game.centre[i] = candidatesOf(game.values, i);
      }
    }
    for (const e of step.eliminations) game.centre[e.index] &= ~(1 << e.value);
    for (const p of step.placements) place(p.index, p.value);
    changed();
  }

  async function step() {
    if (!game.n || game.done) return;
    if (explainer) closeExplain();
    if (game.variant) return hint(); // no steps to apply: the hint's mistake or revealed cell
    if (hintState) {
      const s = hintState.step;
      applyStep(s);
      say("Applied: " + s.plain, "hint");
      return;
    }
    await guarded(async () => {
      const s = await askHint();
      if (!s) return;
      applyStep(s);
      say("Applied: " + s.plain, "hint");
    });
  }

  async function explain() {
    if (!game.n) return;
    await guarded(async () => {
      const res = await api("/api/explain", puzzleBody());
      // The positions before each step, replayed from the givens with full marks (or
      // from the marks of a position loaded with them).
      const boards = [];
      const values = game.givens.slice();
      const marks = game.startMarks ? game.startMarks.slice() : values.map((_, i) => candidatesOf(values, i));
      for (const mv of res.moves) {
        boards.push({ values: values.slice(), marks: marks.slice() });
        for (const e of mv.eliminations) marks[e.index] &= ~(1 << e.value);
        for (const p of mv.placements) {
          values[p.index] = p.value;
          marks[p.index] = 0;
          for (const q of peerList[p.index]) marks[q] &= ~(1 << p.value);
        }
      }
      if (explainer) closeExplain();
      hintState = null;
      explainer = { moves: res.moves, index: 0, boards, saved: snapshot() };
      const ol = $("steps");
      ol.textContent = "";
      res.moves.forEach((mv, k) => {
        const li = document.createElement("li");
        li.textContent = mv.plain;
        li.addEventListener("click", () => showStep(k));
        ol.appendChild(li);
      });
      $("explainer").hidden = false;
      say("Explained: " + res.status + " after " + res.moves.length + " steps" +
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
    game.centre = b.marks.slice();
    game.corner = game.values.map(() => 0);
    game.view = viewOf(mv, 3);
    render();
    $("stepno").textContent = "Step " + (k + 1) + " of " + n;
    const items = $("steps").children;
    for (let i = 0; i < items.length; i++) items[i].classList.toggle("current", i === k);
    if (items[k]) items[k].scrollIntoView({ block: "nearest" });
    say("Step " + (k + 1) + ": " + mv.plain, "hint");
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
      if (r.level && !game.level) { game.level = r.level; save(); }
      say("Rated: " + (r.level || r.status) + ".");
    });
  }

  function askSolve() {
    if (!game.n) return;
    if (!game.solution) return say("This puzzle has no single solution.", "error");
    const d = $("confirmSolve");
    if (typeof d.showModal === "function") d.showModal();
    else if (window.confirm($("confirmText").textContent)) reveal();
  }

  function reveal() {
    if (explainer) closeExplain();
    record();
    game.values = game.solution.slice();
    game.centre = game.values.map(() => 0);
    game.corner = game.values.map(() => 0);
    game.revealed = true;
    changed();
    say("The solution, revealed: this game counts as revealed, not solved (Undo takes it back).", "hint");
  }

  // ---------------------------------------------------------------- share and export

  // The share link: the puzzle (and the progress) in the URL fragment, which never
  // reaches a server.
  function shareLink(progress) {
    const p = new URLSearchParams();
    p.set("p", puzzleText());
    p.set("box", game.box);
    if (game.seed) p.set("seed", game.seed);
    if (progress) {
      p.set("v", lineOf(game.values));
      if (game.centre.some((m) => m)) p.set("m", packMarks(game.centre));
      if (game.corner.some((m) => m)) p.set("k", packMarks(game.corner));
      if (game.colours.some((c) => c)) p.set("o", packColours(game.colours));
    }
    return location.origin + location.pathname + "#" + p.toString();
  }

  // Marks in a link: each cell's bit mask in base 36 (empty for none), joined by `-`.
  const packMarks = (marks) => marks.map((m) => (m ? m.toString(36) : "")).join("-");
  function unpackMarks(text) {
    const ms = text.split("-");
    if (ms.length !== game.n * game.n) return null;
    const full = 2 * ((1 << game.n) - 1); // bits 1..n
    return ms.map((s) => (/^[0-9a-z]{0,6}$/.test(s) ? (parseInt(s, 36) || 0) & full : 0));
  }
  // Colours in a link: a digit a coloured cell, a letter a run of uncoloured ones (`a` one,
  // `z` 26), so a few colours on a big board stay short.
  function packColours(cols) {
    let out = "", run = 0;
    const flush = () => { for (; run > 0; run -= 26) out += String.fromCharCode(96 + Math.min(run, 26)); run = 0; };
    for (const c of cols) { if (c) { flush(); out += c; } else run++; }
    flush();
    return out;
  }
  function unpackColours(text) {
    if (!/^[1-9a-z]*$/.test(text)) return null;
    const cols = [];
    for (const ch of text) {
      if (ch <= "9") cols.push(Number(ch) <= COLOURS ? Number(ch) : 0);
      else for (let k = ch.charCodeAt(0) - 96; k > 0; k--) cols.push(0);
      if (cols.length > game.n * game.n) return null;
    }
    return cols.length === game.n * game.n ? cols : null;
  }

  function applyProgress(pr) {
    if (pr.v && pr.v.length === game.n * game.n) {
      const vals = Array.from(pr.v, (ch) => (ch === "." ? 0 : valueOf(ch)));
      vals.forEach((v, i) => { if (!game.givens[i] && v >= 1 && v <= game.n) game.values[i] = v; });
    }
    const centre = pr.m && unpackMarks(pr.m);
    if (centre) game.centre = centre;
    const corner = pr.k && unpackMarks(pr.k);
    if (corner) game.corner = corner;
    const colours = pr.o && unpackColours(pr.o);
    if (colours) game.colours = colours;
    render();
    save();
  }

  // Opens the game of a share link (`#p=...`), or else the last game played.
  async function openFromHash() {
    const h = location.hash.replace(/^#/, "");
    if (!h) return false;
    const p = new URLSearchParams(h);
    const puzzle = p.get("p");
    if (!puzzle) return false;
    history.replaceState(null, "", location.pathname + location.search);
    const progress = ["v", "m", "k", "o"].some((k) => p.get(k))
      ? { v: p.get("v"), m: p.get("m"), k: p.get("k"), o: p.get("o") } : null;
    await load(puzzle, p.get("box") || "", progress);
    if (p.get("seed") && game.n && !game.seed) { game.seed = p.get("seed"); render(); save(); }
    return true;
  }

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
      const body = game.origin ? puzzleBody() : {
        puzzle: puzzleText(), box: game.box, values: lineOf(game.values),
        marks: game.values.map((v, i) => (v ? [] : listOf(game.centre[i]))),
      };
      const blob = await api("/api/svg", body, true);
      offer(blob, "numpl-" + game.id + ".svg");
      say("SVG picture of your progress ready.");
    });
  }

  async function exportPdf() {
    if (!game.n) return;
    if (game.origin) return say("A sheet is for paper: it prints givens, and a position with pencil marks has none to print.", "error");
    if (game.variant) return say("Sheets print classic puzzles for now; Export SVG draws this variant puzzle with its rules.", "error");
    await guarded(async () => {
      const per = Number($("pdfPer").value);
      // This puzzle first, then recent ones of its size to fill the page.
      // With "my progress", this puzzle as it stands: the givens and the values placed.
      const progress = $("pdfProgress").checked;
      const puzzles = [lineOf(progress ? game.values : game.givens)];
      const notes = [(game.seed ? "seed " + game.seed : "id " + game.id) + (progress ? ", in progress" : "")];
      for (const g of readJSON(STORE.games) || []) {
        if (puzzles.length >= per) break;
        if (g.id !== game.id && g.box === game.box && g.puzzle.length === g.n * g.n && g.solution && !g.variant) {
          puzzles.push(g.puzzle);
          notes.push(g.seed ? "seed " + g.seed : "id " + g.id);
        }
      }
      const body = { puzzles, notes, box: game.box, solutions: $("pdfSolutions").checked, per_page: per };
      const title = $("pdfTitle").value.trim();
      if (title) body.title = title;
      let blob;
      try {
        blob = await api("/api/pdf", body, true);
      } catch (e) {
        if (progress && /^Puzzle 1 is unsolvable/.test(e.message)) {
          throw new Error("Your progress has a mistake, so it has no solution to print: Hint finds it.");
        }
        throw e;
      }
      offer(blob, "numpl.pdf");
      say("PDF sheet ready: " + puzzles.length + " puzzle" + (puzzles.length === 1 ? "" : "s") +
        (body.solutions ? ", with solutions." : "."));
    });
  }

  // ---------------------------------------------------------------- theme

  function applyTheme() {
    const t = settings.theme;
    if (t === "system") document.documentElement.removeAttribute("data-theme");
    else document.documentElement.dataset.theme = t;
    $("theme").textContent = "Theme: " + t;
  }

  // ---------------------------------------------------------------- wiring

  async function init() {
    const on = (id, fn) => $(id).addEventListener("click", fn);
    on("load", () => load($("puzzleText").value, $("boxText").value.trim()));
    on("generate", generate);
    // Variants have no levels yet: the level list is off while a variant kind is chosen.
    // Variants have the levels easy, medium and hard: the harder ones are off for them.
    $("genKind").addEventListener("change", () => {
      for (const o of $("genLevel").options) o.disabled = !!$("genKind").value && ["unfair", "extreme"].includes(o.value);
    });
    for (const b of document.querySelectorAll(".modes button")) b.addEventListener("click", () => setMode(b.dataset.mode));
    on("erase", erase);
    on("auto", autoMarks);
    on("undo", undo);
    on("redo", redo);
    on("check", check);
    on("hint", hint);
    on("step", step);
    on("explain", explain);
    on("rate", rate);
    on("solve", askSolve);
    on("solveYes", () => { $("confirmSolve").close(); reveal(); });
    on("solveNo", () => $("confirmSolve").close());
    on("prev", () => explainer && showStep(explainer.index - 1));
    on("next", () => explainer && showStep(explainer.index + 1));
    on("closeExplain", closeExplain);
    on("exportSvg", exportSvg);
    on("exportPdf", exportPdf);
    on("share", async () => {
      const link = shareLink($("shareProgress").checked);
      $("shareLink").value = link;
      $("shareLink").select();
      try { await navigator.clipboard.writeText(link); say("Share link copied."); } catch (_) { say("Share link ready below."); }
    });
    on("theme", () => {
      const order = ["system", "light", "dark"];
      settings.theme = order[(order.indexOf(settings.theme) + 1) % order.length];
      writeJSON(STORE.settings, settings);
      applyTheme();
    });
    const option = (id, key) => {
      $(id).checked = settings[key];
      $(id).addEventListener("change", () => { settings[key] = $(id).checked; writeJSON(STORE.settings, settings); render(); });
    };
    option("optClashes", "clashes");
    option("optSame", "same");
    option("optTimer", "timer");
    applyTheme();
    const typing = (t) => t && (t.tagName === "TEXTAREA" || t.tagName === "INPUT" || t.tagName === "SELECT");
    document.addEventListener("keydown", (e) => { if (!typing(e.target) && !$("confirmSolve").open) onKey(e); });
    document.addEventListener("paste", (e) => {
      if (typing(e.target)) return;
      const text = e.clipboardData && e.clipboardData.getData("text");
      if (!text || !text.trim()) return;
      e.preventDefault();
      $("puzzleText").value = text;
      load(text, "");
    });
    document.addEventListener("visibilitychange", () => { runTimer(); save(); });
    window.addEventListener("pagehide", save);
    window.addEventListener("resize", layout);
    window.addEventListener("hashchange", openFromHash);
    // The link codecs, for the browser tests and the console.
    window.numpl = Object.freeze({ lzFromBase64, unzipPad, importText });
    // The clock shows every second; the time played is saved every ten.
    let ticks = 0;
    setInterval(() => { showTime(); if (++ticks % 10 === 0 && game.since) save(); }, 1000);
    $("puzzleText").value = SEED_SAMPLE;
    // An empty 9x9 board at once, so the page does not move when the puzzle comes.
    setup({ box: "3x3", size: 9, puzzle: ".".repeat(81) });
    game.id = ""; // not a game: never saved
    render();
    if (await openFromHash()) return;
    const games = readJSON(STORE.games) || [];
    if (games.length && games[0].version === 1) {
      resume(games[0]);
      say("Welcome back: your game is where you left it.");
      return;
    }
    await load(SEED_SAMPLE, "");
  }

  document.addEventListener("DOMContentLoaded", init);
})();
