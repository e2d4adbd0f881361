// numpl serve's page in a real headless Chromium: load it, enter the seed's sample, type a
// value, ask for a hint and see it on the board, solve, generate a hard puzzle, export a
// PDF. The server is the numpl binary ($NUMPL_BIN, default target/debug/numpl) on a free
// loopback port; screenshots go to target/web-screenshots/ ($SCREENSHOTS).
//
//   npm ci && npm test      (in crates/numpl-web/browser)

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../..");
const bin = process.env.NUMPL_BIN || join(root, "target/debug/numpl");
const shots = process.env.SCREENSHOTS || join(root, "target/web-screenshots");
const sample = readFileSync(join(root, "fixtures/seed/sample.txt"), "utf8");
const SOLUTION = "821459673936172458745386291254638917187294536369715824693541782572863149418927365";

let server, base, browser, page, profile;
const problems = [];

function startServer() {
  return new Promise((ok, fail) => {
    const p = spawn(bin, ["serve", "--listen", "127.0.0.1:0"], { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    const timer = setTimeout(() => fail(new Error("numpl serve did not start: " + err)), 15000);
    p.stderr.on("data", (d) => {
      err += d;
      const m = /listening on (http:\/\/[^\s]+)/.exec(err);
      if (m && !base) {
        clearTimeout(timer);
        base = m[1];
        ok(p);
      }
    });
    p.on("exit", (code) => fail(new Error("numpl serve exited " + code + ": " + err)));
  });
}

const cell = (name) => page.locator(`#board [data-cell="${name}"]`);
const shot = (name) => page.screenshot({ path: join(shots, name), fullPage: true });

before(async () => {
  mkdirSync(shots, { recursive: true });
  server = await startServer();
  profile = mkdtempSync(join(tmpdir(), "numpl-chromium-"));
  // A fresh profile (--user-data-dir) each run.
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic",
    ],
    viewport: { width: 1100, height: 900 },
    acceptDownloads: true,
  });
  page = browser.pages()[0] || (await browser.newPage());
  // Any script error or Content-Security-Policy violation fails the run.
  page.on("pageerror", (e) => problems.push("page error: " + e.message));
  page.on("console", (m) => { if (m.type() === "error") problems.push("console: " + m.text()); });
});

after(async () => {
  if (browser) await browser.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  if (server && server.exitCode === null) server.kill("SIGKILL");
});

test("the page loads with the seed's sample on the board", async () => {
  await page.goto(base);
  await assert.doesNotReject(cell("r1c2").locator(".v").waitFor());
  assert.equal(await page.locator("#board .cell").count(), 81);
  assert.equal(await cell("r1c2").innerText(), "2");
  assert.match(await cell("r1c2").getAttribute("class"), /given/);
});

test("entering the seed's sample text loads it", async () => {
  await page.fill("#puzzleText", sample);
  await page.click("#load");
  await page.locator("#message", { hasText: "Loaded a 9x9 puzzle" }).waitFor();
  assert.equal(await cell("r2c1").innerText(), "9");
});

test("typing a value puts it in the selected cell, and check agrees", async () => {
  await cell("r1c1").click();
  await page.keyboard.press("8");
  assert.equal(await cell("r1c1").innerText(), "8");
  assert.match(await cell("r1c1").getAttribute("class"), /\bvalue\b/);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("1"); // r1c3 is 1
  assert.equal(await cell("r1c3").innerText(), "1");
  await page.click("#check");
  await page.locator("#message", { hasText: "All values so far are right" }).waitFor();
  await page.click("#undo");
  assert.equal(await cell("r1c3").innerText(), "");
  await page.click("#redo");
  assert.equal(await cell("r1c3").innerText(), "1");
  await shot("01-typed.png");
});

test("a hint from the position is highlighted on the board with its sentence", async () => {
  await page.click("#auto");
  await page.click("#hint");
  const msg = page.locator("#message.hint");
  await msg.waitFor();
  const text = await msg.innerText();
  assert.match(text, /^[A-Z][A-Za-z +-]+: r\d+c\d+/);
  // The step's candidate is coloured as in the step pictures (placed green or eliminated red).
  const marked = page.locator("#board .k.m-placed, #board .k.m-eliminated");
  assert.ok((await marked.count()) >= 1, "a highlighted pencil mark");
  const bg = await marked.first().evaluate((e) => getComputedStyle(e).backgroundColor);
  assert.ok(["rgb(35, 150, 74)", "rgb(219, 58, 46)"].includes(bg), bg);
  await shot("02-hint.png");
  // Step applies it: the highlighted candidate becomes a value or goes away.
  const before = await page.locator("#board .cell.value").count();
  await page.click("#step");
  await page.locator("#message", { hasText: "Applied:" }).waitFor();
  assert.equal(await page.locator("#board .k.m-placed, #board .k.m-eliminated").count(), 0);
  assert.ok((await page.locator("#board .cell.value").count()) >= before);
});

test("explain walks through the steps and rate shows the level", async () => {
  await page.click("#explain");
  await page.locator("#explainer:not([hidden]) #steps li").first().waitFor();
  assert.ok((await page.locator("#steps li").count()) > 10);
  await page.click("#next");
  assert.match(await page.locator("#stepno").innerText(), /^Step 2 of \d+$/);
  await shot("03-explain.png");
  await page.click("#closeExplain");
  await page.click("#rate");
  await page.locator("#rating:not([hidden])").waitFor();
  assert.match(await page.locator("#rating .level").innerText(), /^Level medium, score \d+/);
});

test("solve fills the board with the solution", async () => {
  await page.click("#solve");
  const values = await page.locator("#board .cell").allInnerTexts();
  assert.equal(values.join(""), SOLUTION);
  await page.click("#check");
  await page.locator("#message", { hasText: "Solved!" }).waitFor();
  await shot("04-solved.png");
});

test("generate a hard puzzle", async () => {
  await page.selectOption("#genLevel", "hard");
  await page.fill("#genSeed", "7");
  await page.click("#generate");
  await page.locator("#message", { hasText: "level hard" }).waitFor({ timeout: 60000 });
  assert.match(await page.locator("#message").innerText(), /seed 7\./);
  assert.ok((await page.locator("#board .cell.given").count()) >= 17);
  await shot("05-generated-hard.png");
});

test("export the puzzle as a PDF sheet and an SVG picture", async () => {
  const [pdf] = await Promise.all([page.waitForEvent("download"), page.click("#exportPdf")]);
  assert.equal(pdf.suggestedFilename(), "numpl.pdf");
  const bytes = readFileSync(await pdf.path());
  assert.equal(bytes.subarray(0, 5).toString(), "%PDF-");
  const [svg] = await Promise.all([page.waitForEvent("download"), page.click("#exportSvg")]);
  const text = readFileSync(await svg.path(), "utf8");
  assert.match(text, /^<svg [^>]*data-size="9"/);
});

test("a 16x16 puzzle plays with letters", async () => {
  await page.selectOption("#genSize", "16");
  await page.selectOption("#genLevel", "");
  await page.fill("#genSeed", "3");
  await page.click("#generate");
  await page.locator("#message", { hasText: "16x16" }).waitFor({ timeout: 60000 });
  assert.equal(await page.locator("#board .cell").count(), 256);
  const open = page.locator("#board .cell:not(.given)").first();
  await open.click();
  await page.keyboard.press("g"); // 16
  assert.equal(await open.innerText(), "G");
  await shot("06-sixteen.png");
});

test("a pattern hint colours its cells and candidates like the step pictures", async () => {
  // top1465's puzzle whose first step is a finned swordfish.
  const fish = "4..6..3...1..2..6...8..7..19..8..5...4..5..1......2..75.....6...3..8..4......9..5";
  await page.fill("#puzzleText", fish);
  await page.click("#load");
  await page.locator("#message", { hasText: "Loaded" }).waitFor();
  await page.click("#hint");
  await page.locator("#message.hint", { hasText: "Finned Swordfish" }).waitFor();
  // The fish's cells, its fin and the candidates it removes are all marked.
  assert.ok((await page.locator("#board .cell.r-pattern").count()) >= 4);
  assert.ok((await page.locator("#board .cell.r-fin").count()) >= 1);
  assert.equal(await page.locator("#board .k.m-eliminated").count(), 2);
  const fin = await page.locator("#board .cell.r-fin").first().evaluate((e) => getComputedStyle(e).backgroundColor);
  assert.equal(fin, "rgb(241, 189, 233)"); // numpl-render's r-fin
  await shot("08-pattern-hint.png");
});

test("a position with pencil marks loads with its marks, and hints, explains and rates from them", async () => {
  // The seed's sample as a 729-symbol position line: an open cell with all nine marks, a
  // given as its one mark (so an open cell with one candidate: no givens on the board).
  const seed = ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.";
  const position = Array.from(seed, (ch) => ch === "." ? "123456789" : "123456789".replace(/./g, (d) => (d === ch ? d : "."))).join("");
  assert.equal(position.length, 729);
  await page.fill("#puzzleText", position);
  await page.click("#load");
  await page.locator("#message", { hasText: "Loaded a 9x9 position with pencil marks" }).waitFor();
  assert.equal(await page.locator("#board .cell.given").count(), 0);
  assert.equal((await cell("r1c2").locator(".marks").innerText()).replace(/\s+/g, ""), "2");
  assert.equal((await cell("r1c1").locator(".marks").innerText()).replace(/\s+/g, ""), "123456789");
  await shot("09-position.png");
  // The first hint places a one-mark cell.
  await page.click("#hint");
  await page.locator("#message.hint", { hasText: /Single|Full House/ }).waitFor();
  // Explain starts from the marks: every one of the 81 cells is placed by a step.
  await page.click("#explain");
  await page.locator("#explainer:not([hidden]) #steps li").first().waitFor();
  assert.ok((await page.locator("#steps li").count()) >= 81);
  await page.click("#closeExplain");
  await page.click("#rate");
  await page.locator("#rating:not([hidden])").waitFor();
  assert.match(await page.locator("#rating .level").innerText(), /^Level \w+, score \d+ \(solved\)/);
  // A sheet prints givens: the page says so instead of asking.
  await page.click("#exportPdf");
  await page.locator("#message.error", { hasText: "A sheet is for paper" }).waitFor();
});

test("the page on a phone screen", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.fill("#puzzleText", sample);
  await page.click("#load");
  await page.locator("#message", { hasText: "Loaded" }).waitFor({ timeout: 5000 }).catch(async (e) => {
    await shot("07-phone-failed.png");
    throw new Error(e.message + "; message: " + (await page.locator("#message").innerText()));
  });
  const box = await page.locator("#board").boundingBox();
  assert.ok(box.width <= 390 && box.width > 300, "the board fits the screen: " + box.width);
  await shot("07-phone.png");
});

test("no script errors and no CSP violations", () => {
  assert.deepEqual(problems, []);
});

test("SIGTERM stops the server with exit status 0", async () => {
  const code = await new Promise((ok) => {
    server.on("exit", (c) => ok(c));
    server.kill("SIGTERM");
  });
  assert.equal(code, 0);
});
