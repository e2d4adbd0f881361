// Lighthouse (npm) on numpl serve's page in Debian's Chromium: accessibility, best
// practices and performance, for a phone (Lighthouse's default, throttled) and a desktop;
// with the page's transfer size and its first paint. `npm run lighthouse`; the report is
// printed, and written to $SCREENSHOTS/lighthouse-*.json.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../..");
const target = process.env.CARGO_TARGET_DIR ? resolve(root, process.env.CARGO_TARGET_DIR) : join(root, "target");
const bin = process.env.NUMPL_BIN || join(target, "debug/numpl");
const out = process.env.SCREENSHOTS || join(target, "web-screenshots");
mkdirSync(out, { recursive: true });

const server = spawn(bin, ["serve", "--listen", "127.0.0.1:0"], { stdio: ["ignore", "ignore", "pipe"] });
const base = await new Promise((ok, fail) => {
  let err = "";
  server.stderr.on("data", (d) => {
    err += d;
    const m = /listening on (http:\/\/\S+)/.exec(err);
    if (m) ok(m[1]);
  });
  server.on("exit", (c) => fail(new Error("numpl serve exited " + c + ": " + err)));
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM || "/usr/bin/chromium",
  chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--no-proxy-server", "--no-first-run", "--disable-sync"],
});
let failed = false;
try {
  for (const form of ["mobile", "desktop"]) {
    const config = form === "desktop"
      ? { extends: "lighthouse:default", settings: { formFactor: "desktop", screenEmulation: { mobile: false, width: 1280, height: 800, deviceScaleFactor: 1, disabled: false }, throttlingMethod: "simulate", throttling: { rttMs: 40, throughputKbps: 10240, cpuSlowdownMultiplier: 1 } } }
      : undefined;
    const r = await lighthouse(base, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices"] }, config);
    const lhr = r.lhr;
    if (lhr.runtimeError) console.log("  lighthouse: " + lhr.runtimeError.code + ": " + lhr.runtimeError.message);
    for (const w of lhr.runWarnings || []) console.log("  warning: " + w);
    writeFileSync(join(out, "lighthouse-" + form + ".json"), r.report);
    const score = (c) => Math.round(lhr.categories[c].score * 100);
    const a = lhr.audits;
    const line = {
      form,
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      "first-contentful-paint": a["first-contentful-paint"].displayValue,
      "largest-contentful-paint": a["largest-contentful-paint"].displayValue,
      "total-blocking-time": a["total-blocking-time"].displayValue,
      "cumulative-layout-shift": a["cumulative-layout-shift"].displayValue,
      "transfer size": a["total-byte-weight"].displayValue,
    };
    console.log(JSON.stringify(line));
    for (const c of ["performance", "accessibility", "best-practices"]) {
      if (score(c) < 95) {
        failed = true;
        const bad = Object.values(lhr.audits).filter((x) => x.score !== null && x.score < 1 && lhr.categories[c].auditRefs.some((ref) => ref.id === x.id && ref.weight > 0));
        console.log("  " + c + " below 95: " + bad.map((x) => x.id + " (" + x.score + ")").join(", "));
      }
    }
  }
} finally {
  await chrome.kill();
  server.kill("SIGTERM");
}
process.exit(failed ? 1 : 0);
