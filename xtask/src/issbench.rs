//! `cargo xtask issbench [--iss DIR] [--numpl PATH] [--collections LIST] [--budget N]`:
//! numpl's variant engine beside the Interactive Sudoku Solver (ISS), on ISS's own
//! puzzles, in one run on this machine.
//!
//! - ISS as published (`--iss`, default `../shared/tools/iss`), run with node; its puzzles
//!   are listed by `iss-dump.mjs` (beside the ISS folder): collection, name, constraint
//!   types, ISS's constraint string, solution (the examples have one, the collections not).
//! - Collections (`--collections`, default: `examples` (ISS's examples with solutions),
//!   TAREK_ALL, EXTREME_KILLERS, HARD_THERMOS, HARD_RENBAN, MATHEMAGIC_KILLERS,
//!   HS_KILLERS, LITTLE_KILLER_SNIPES, HARD_PENCILMARKS: every collection ISS ships). An
//!   example written as a sandbox script (`/data/scripts/NAME.js`) is run by ISS's own
//!   `tools/debug/run_sandbox.js` into the constraint string it builds, which both
//!   solvers then read; a line under the table gives those puzzles' share of the times.
//! - numpl: `numpl solve --format json --threads 1 --budget N` on the constraint strings
//!   (the binary as it ships, or `--numpl`); a puzzle numpl cannot read is *unsupported*,
//!   and the constraint type its message names is counted.
//! - ISS: `node tools/perf/benchmark_puzzles.js --max-backtracks none --json` on the same
//!   puzzles (a collection by name, an example by its string), uniqueness proved (two
//!   solutions looked for, as numpl does); its `ms` is the solver's own time, without
//!   node's start.
//! - Checked for every supported puzzle: the same verdict (unique, several, none), numpl's
//!   solution satisfies every rule (numpl-core's `Variant::violation`, which is not the
//!   engine) and the givens, and equals the solution ISS lists where it lists one.
//! - Timed: numpl's `micros` per puzzle against ISS's `ms`, summed per collection over the
//!   puzzles both finished; the ratio ISS / numpl (above 1: numpl is faster).
//!
//! Machines here are shared: compare the ratio, measured in one run.
//!
//! `--rows FILE` also writes a TSV row a puzzle numpl read: collection, name, numpl's
//! status, nodes and ms, ISS's status and ms (empty where a side has none).
//!
//! `--steps` asks instead how far numpl's variant techniques (`numpl rate`, the step
//! solver of `numpl_solve::variant`) go on the same puzzles: per collection, the puzzles
//! with one solution, those the techniques finish without guessing and their levels, and
//! the steps taken on the others before they stop.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use numpl_core::variant::iss;
use numpl_core::variant::json::cell_index;

use crate::workspace;

const DEFAULT: &[&str] = &[
    "examples",
    "TAREK_ALL",
    "EXTREME_KILLERS",
    "HARD_THERMOS",
    "HARD_RENBAN",
    "MATHEMAGIC_KILLERS",
    "HS_KILLERS",
    "LITTLE_KILLER_SNIPES",
    "HARD_PENCILMARKS",
];

/// One puzzle of ISS's.
struct Puzzle {
    name: String,
    input: String,
    solution: String,
    /// Written as a sandbox script (its `input` the string the script builds, where
    /// [`expand_scripts`] could run it).
    script: bool,
}

/// What numpl made of one puzzle.
struct Ours {
    status: String,
    solution: Option<String>,
    micros: f64,
    nodes: Option<u64>,
    error: Option<String>,
}

/// What ISS made of one puzzle.
struct Theirs {
    status: String,
    ms: f64,
}

fn dump(iss_dir: &Path, collection: &str) -> Result<Vec<Puzzle>, String> {
    let script = iss_dir
        .parent()
        .map(|p| p.join("iss-dump.mjs"))
        .ok_or("issbench: the ISS folder has no parent")?;
    let mut cmd = Command::new("node");
    cmd.arg(&script).arg(iss_dir);
    if collection != "examples" {
        cmd.arg(collection);
    }
    let out = cmd
        .output()
        .map_err(|e| format!("issbench: node {}: {e}", script.display()))?;
    if !out.status.success() {
        return Err(format!(
            "issbench: iss-dump failed for {collection}: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout)
        .lines()
        .enumerate()
        .filter_map(|(i, l)| {
            let f: Vec<&str> = l.split('\t').collect();
            (f.len() >= 5).then(|| Puzzle {
                // A collection's puzzle without a name of its own: its place, as ISS's
                // benchmark names it.
                name: if f[1].is_empty() || f[1] == f[3] {
                    format!("{collection}#{i}")
                } else {
                    f[1].to_string()
                },
                input: f[3].to_string(),
                solution: f[4].to_string(),
                script: is_script(f[3]),
            })
        })
        .collect())
}

/// Whether an example's text is the path of a sandbox script (`/data/scripts/NAME.js`)
/// rather than a puzzle.
fn is_script(input: &str) -> bool {
    input.trim_end().ends_with(".js")
}

/// ISS's examples written as sandbox scripts, run by ISS's own runner
/// (`tools/debug/run_sandbox.js --file`, which prints the constraint string the script
/// returns) and replaced by that string, which both solvers then read: how many ran. A
/// script the runner cannot run stays a path (counted as a script numpl cannot read).
fn expand_scripts(iss_dir: &Path, puzzles: &mut [Puzzle]) -> usize {
    let runner = iss_dir.join("tools/debug/run_sandbox.js");
    if !runner.is_file() {
        return 0;
    }
    let mut ran = 0;
    for p in puzzles.iter_mut().filter(|p| is_script(&p.input)) {
        let file = iss_dir.join(p.input.trim().trim_start_matches('/'));
        let Ok(out) = Command::new("node")
            .arg(&runner)
            .arg("--file")
            .arg(&file)
            .current_dir(iss_dir)
            .output()
        else {
            continue;
        };
        if let Some(text) = out
            .status
            .success()
            .then(|| sandbox_string(&String::from_utf8_lossy(&out.stdout)))
            .flatten()
        {
            p.input = text;
            ran += 1;
        }
    }
    ran
}

/// The constraint string in what ISS's sandbox runner printed: one item a line
/// (`.Cage~...`) or all on one, joined; `None` where it printed no constraint string
/// (console output of the script's own before it, an error).
fn sandbox_string(stdout: &str) -> Option<String> {
    let text: String = stdout.lines().map(str::trim).collect();
    (text.starts_with('.') && !text.contains(char::is_whitespace)).then_some(text)
}

/// `numpl COMMAND --format json --threads 1 --budget N` over the puzzles' strings: its
/// standard output and error.
fn run_numpl(
    numpl: &Path,
    command: &str,
    puzzles: &[Puzzle],
    budget: u64,
) -> Result<std::process::Output, String> {
    let dir = workspace::scratch("issbench");
    std::fs::create_dir_all(&dir).map_err(|e| format!("issbench: {e}"))?;
    let file = dir.join(format!("{command}.txt"));
    let text: String = puzzles.iter().map(|p| p.input.clone() + "\n").collect();
    std::fs::write(&file, text).map_err(|e| format!("issbench: {e}"))?;
    Command::new(numpl)
        .args([
            command,
            "--format",
            "json",
            "--threads",
            "1",
            "--progress",
            "never",
        ])
        .args(["--budget", &budget.to_string()])
        .arg(&file)
        .output()
        .map_err(|e| format!("issbench: {}: {e}", numpl.display()))
}

fn ours(numpl: &Path, puzzles: &[Puzzle], budget: u64) -> Result<Vec<Ours>, String> {
    let out = run_numpl(numpl, "solve", puzzles, budget)?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<Ours> = stdout
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap_or_default();
            Ours {
                status: v["status"].as_str().unwrap_or("?").to_string(),
                solution: v["solution"].as_str().map(str::to_string),
                micros: v["micros"].as_f64().unwrap_or(0.0),
                nodes: v["nodes"].as_u64(),
                error: v["error"].as_str().map(str::to_string),
            }
        })
        .collect();
    if rows.len() != puzzles.len() {
        return Err(format!(
            "issbench: numpl wrote {} records for {} puzzles: {}",
            rows.len(),
            puzzles.len(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(rows)
}

fn iss_rows(iss_dir: &Path, args: &[&str]) -> Result<Vec<Theirs>, String> {
    let out = Command::new("node")
        .arg("tools/perf/benchmark_puzzles.js")
        .args(["--max-backtracks", "none", "--json"])
        .args(args)
        .current_dir(iss_dir)
        .output()
        .map_err(|e| format!("issbench: node: {e}"))?;
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).map_err(|e| {
        format!(
            "issbench: ISS's benchmark printed no JSON ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })?;
    Ok(v.as_array()
        .map(|rows| {
            rows.iter()
                .map(|r| Theirs {
                    status: r["status"].as_str().unwrap_or("?").to_string(),
                    ms: r["ms"].as_f64().unwrap_or(0.0),
                })
                .collect()
        })
        .unwrap_or_default())
}

/// ISS's rows for the puzzles of `collection` that `wanted` marks.
fn theirs(
    iss_dir: &Path,
    collection: &str,
    puzzles: &[Puzzle],
    wanted: &[bool],
) -> Result<Vec<Option<Theirs>>, String> {
    if collection != "examples" {
        let rows = iss_rows(iss_dir, &["--puzzles", collection])?;
        if rows.len() != puzzles.len() {
            return Err(format!(
                "issbench: ISS gave {} rows for {} puzzles of {collection}",
                rows.len(),
                puzzles.len()
            ));
        }
        return Ok(rows
            .into_iter()
            .zip(wanted)
            .map(|(r, &w)| w.then_some(r))
            .collect());
    }
    let file = workspace::scratch("issbench").join("one.txt");
    let mut out = Vec::new();
    for (p, &w) in puzzles.iter().zip(wanted) {
        if !w {
            out.push(None);
            continue;
        }
        std::fs::write(&file, &p.input).map_err(|e| format!("issbench: {e}"))?;
        let f = file.to_string_lossy().to_string();
        out.push(iss_rows(iss_dir, &["--input-file", &f])?.into_iter().next());
    }
    Ok(out)
}

/// How the table of unsupported puzzles counts a refusal of `input` with message `msg`
/// (`PATH:LINE: what`): by the constraint type it names (`... does not support ...
/// (TYPE)`), by what else it is about ([`unsupported_key`]), or, for ISS's examples made
/// by a script (`/data/scripts/NAME.js`, no puzzle text to read), as a script.
fn refusal_key(input: &str, msg: &str) -> String {
    if is_script(input) {
        return "an ISS script (a JavaScript file, no puzzle text)".to_string();
    }
    // A `Var`'s cells named in another item count with the `Var`s.
    if msg.contains("is a cell of an ISS `Var`") {
        return "Var".to_string();
    }
    let what = msg.split_once(": ").map_or(msg, |(_, w)| w);
    what.split_once(" (")
        .and_then(|(_, rest)| rest.split_once(')'))
        .filter(|_| what.contains("does not support"))
        .map(|(t, _)| t.to_string())
        .unwrap_or_else(|| unsupported_key(what))
}

/// What a refusal other than an unsupported constraint type is about, without the
/// puzzle's particulars: `ISS shape `6x8`: numpl supports ...` as `ISS shape 6x8`, `a
/// line puzzle has 40 cells; ...` as `a line puzzle has ... cells`.
fn unsupported_key(what: &str) -> String {
    // A constraint refused by the checks (`ISS: constraint 1 (sum-line r3c2): numpl reads
    // a sum line with values from 1 only (...)`): the reason, not the constraint's place.
    let what = match what.strip_prefix("ISS: constraint ") {
        Some(rest) => rest.split_once("): ").map_or(rest, |(_, why)| why),
        None => what,
    };
    // An item numpl read but could not take (`ISS item 3 (Replicate): `VL1` is not a
    // cell name like r1c1`, an either/or's set): its type and the reason, without names.
    if let Some((kind, why)) = what
        .strip_prefix("ISS item ")
        .and_then(|rest| rest.split_once(" ("))
        .and_then(|(_, rest)| rest.split_once("): "))
    {
        let why = why
            .split_once(": ")
            .filter(|(set, _)| set.starts_with("set "))
            .map_or(why, |(_, w)| w);
        let mut plain = String::new();
        for (i, part) in why.split('`').enumerate() {
            plain.push_str(if i % 2 == 1 { "..." } else { part });
        }
        // A cell name of any grid numpl reads (up to 64x64).
        let cell = |w: &str| cell_index(w.trim_end_matches([',', '.']), 64).is_ok();
        let plain: Vec<&str> = plain
            .split_whitespace()
            .map(|w| if cell(w) { "..." } else { w })
            .collect();
        return format!("{kind}: {}", unsupported_key(&plain.join(" ")));
    }
    let what = what.split(" (").next().unwrap_or(what);
    let head = what
        .split([':', ';'])
        .next()
        .unwrap_or(what)
        .replace('`', "");
    head.split_whitespace()
        .map(|w| {
            if w.chars().all(|c| c.is_ascii_digit()) {
                "..."
            } else {
                w
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(60)
        .collect()
}

/// numpl's status in ISS's words.
fn verdict(status: &str) -> &str {
    match status {
        "solved" => "unique",
        "multiple" => "multiple",
        "unsolvable" => "none",
        other => other,
    }
}

pub(crate) fn run(a: &crate::IssbenchArgs) -> Result<(), String> {
    let iss_dir: PathBuf = a.iss.clone().unwrap_or_else(|| {
        workspace::default_data()
            .parent()
            .map(|p| p.join("tools/iss"))
            .unwrap_or_default()
    });
    if !iss_dir.join("tools/perf/benchmark_puzzles.js").is_file() {
        return Err(format!(
            "issbench: no ISS at {} (--iss DIR)",
            iss_dir.display()
        ));
    }
    let numpl = match &a.numpl {
        Some(p) => p.clone(),
        None => workspace::build_numpl("issbench")?,
    };
    let collections: Vec<String> = match &a.collections {
        Some(c) => c.clone(),
        None => DEFAULT.iter().map(|s| s.to_string()).collect(),
    };
    if a.steps {
        return steps(&iss_dir, &numpl, &collections, a.budget);
    }
    println!("| collection | puzzles | numpl reads | same verdict | solution checked | numpl ms | ISS ms | ISS / numpl |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    let mut unsupported: BTreeMap<String, usize> = BTreeMap::new();
    let mut problems = Vec::new();
    let (mut all_ours, mut all_theirs) = (0.0, 0.0);
    // A line per collection with scripts, printed under the table.
    let mut script_lines: Vec<String> = Vec::new();
    let mut tsv = String::from("collection\tname\tnumpl\tnodes\tnumpl_ms\tiss\tiss_ms\n");
    for c in &collections {
        let mut puzzles = dump(&iss_dir, c)?;
        let expanded = expand_scripts(&iss_dir, &mut puzzles);
        let rows = ours(&numpl, &puzzles, a.budget)?;
        let wanted: Vec<bool> = rows.iter().map(|r| r.status != "invalid").collect();
        for (r, p) in rows
            .iter()
            .zip(&puzzles)
            .filter(|(r, _)| r.status == "invalid")
        {
            let msg = r.error.as_deref().unwrap_or_default();
            *unsupported.entry(refusal_key(&p.input, msg)).or_default() += 1;
        }
        let iss = theirs(&iss_dir, c, &puzzles, &wanted)?;
        let (mut read, mut same, mut checked, mut t_ours, mut t_theirs) = (0, 0, 0, 0.0, 0.0);
        // The scripts' puzzles numpl read, and their times.
        let (mut s_read, mut s_ours, mut s_theirs) = (0, 0.0, 0.0);
        for ((p, r), t) in puzzles.iter().zip(&rows).zip(&iss) {
            if r.status == "invalid" {
                continue;
            }
            read += 1;
            s_read += p.script as usize;
            tsv.push_str(&format!(
                "{c}\t{}\t{}\t{}\t{:.1}\t{}\t{}\n",
                p.name.replace(['\t', '\n'], " "),
                r.status,
                r.nodes.map(|n| n.to_string()).unwrap_or_default(),
                r.micros / 1000.0,
                t.as_ref().map_or("", |t| t.status.as_str()),
                t.as_ref()
                    .map(|t| format!("{:.1}", t.ms))
                    .unwrap_or_default(),
            ));
            let Some(t) = t else { continue };
            if verdict(&r.status) == t.status {
                same += 1;
            } else {
                problems.push(format!(
                    "{c} / {}: numpl {} ({}), ISS {}",
                    p.name,
                    r.status,
                    verdict(&r.status),
                    t.status
                ));
            }
            if let Some(sol) = &r.solution {
                match check(&p.input, sol, &p.solution, r.status == "multiple") {
                    Ok(()) => checked += 1,
                    Err(e) => problems.push(format!("{c} / {}: {e}", p.name)),
                }
            }
            if r.status != "budget" && t.status != "capped" {
                t_ours += r.micros / 1000.0;
                t_theirs += t.ms;
                if p.script {
                    s_ours += r.micros / 1000.0;
                    s_theirs += t.ms;
                }
            }
        }
        all_ours += t_ours;
        all_theirs += t_theirs;
        println!(
            "| {c} | {} | {read} | {same} | {checked} | {t_ours:.0} | {t_theirs:.0} | {:.2} |",
            puzzles.len(),
            t_theirs / t_ours.max(1e-9)
        );
        let n_scripts = puzzles.iter().filter(|p| p.script).count();
        if n_scripts > 0 {
            script_lines.push(format!(
                "{c}: {n_scripts} are sandbox scripts; {expanded} run by ISS's \
                 tools/debug/run_sandbox.js into the constraint string both solvers read, \
                 {s_read} of them read by numpl (numpl {s_ours:.0} ms, ISS {s_theirs:.0} ms on \
                 those, {:.2}; counted above).",
                s_theirs / s_ours.max(1e-9)
            ));
        }
    }
    println!(
        "| all | | | | | {all_ours:.0} | {all_theirs:.0} | {:.2} |",
        all_theirs / all_ours.max(1e-9)
    );
    if let Some(path) = &a.rows {
        std::fs::write(path, &tsv).map_err(|e| format!("issbench: {}: {e}", path.display()))?;
    }
    for line in &script_lines {
        println!();
        println!("{line}");
    }
    println!();
    println!("Unsupported (puzzles numpl refuses, by the type or reason its message names):");
    for (k, n) in &unsupported {
        println!("- {k}: {n}");
    }
    if !problems.is_empty() {
        println!();
        println!("Disagreements:");
        for p in &problems {
            println!("- {p}");
        }
        return Err(format!("issbench: {} disagreements", problems.len()));
    }
    Ok(())
}

/// `--steps`: numpl's variant techniques on every collection (`numpl rate`).
fn steps(iss_dir: &Path, numpl: &Path, collections: &[String], budget: u64) -> Result<(), String> {
    println!("| collection | puzzles | numpl reads | one solution | finished by the techniques | easy | medium | hard | stuck | mean steps before stuck | numpl ms |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for c in collections {
        let mut puzzles = dump(iss_dir, c)?;
        expand_scripts(iss_dir, &mut puzzles);
        let out = run_numpl(numpl, "rate", &puzzles, budget)?;
        let (mut read, mut unique, mut done, mut stuck, mut stuck_steps, mut ms) =
            (0, 0, 0, 0, 0u64, 0.0);
        let mut levels: BTreeMap<String, usize> = BTreeMap::new();
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap_or_default();
            let status = v["status"].as_str().unwrap_or("?");
            if status == "invalid" {
                continue;
            }
            read += 1;
            ms += v["micros"].as_f64().unwrap_or(0.0) / 1000.0;
            let taken: u64 = v["techniques"]
                .as_object()
                .map(|m| m.values().filter_map(|x| x.as_u64()).sum())
                .unwrap_or(0);
            match status {
                "solved" => {
                    unique += 1;
                    done += 1;
                    let l = v["level"].as_str().unwrap_or("?").to_string();
                    *levels.entry(l).or_default() += 1;
                }
                "stuck" => {
                    unique += 1;
                    stuck += 1;
                    stuck_steps += taken;
                }
                _ => {}
            }
        }
        let lv = |l: &str| levels.get(l).copied().unwrap_or(0);
        println!(
            "| {c} | {} | {read} | {unique} | {done} | {} | {} | {} | {stuck} | {:.0} | {ms:.0} |",
            puzzles.len(),
            lv("easy"),
            lv("medium"),
            lv("hard"),
            stuck_steps as f64 / stuck.max(1) as f64
        );
    }
    Ok(())
}

/// numpl's solution against the rules (numpl-core's check, not the engine), the givens
/// and the solution ISS lists (if any). Of a puzzle with several solutions (`several`)
/// ISS lists one, and numpl may find another ("Sandwich snipe 18": 1 and 9 swapped
/// throughout is a solution too): the rules and givens alone judge it, where numpl can
/// read them.
/// A solution's values: numpl writes 1-9 then A, B, ... (10, 11, ...); ISS writes a grid
/// of more than nine values with letters from A (1).
fn values_of(solution: &str, iss: bool) -> Vec<u32> {
    let letters = iss && solution.chars().count() > 81;
    solution
        .chars()
        .map(|ch| match ch {
            'A'..='Z' if letters => ch as u32 - 'A' as u32 + 1,
            'a'..='z' if letters => ch as u32 - 'a' as u32 + 1,
            _ => ch.to_digit(36).unwrap_or(0),
        })
        .collect()
}

fn check(input: &str, solution: &str, listed: &str, several: bool) -> Result<(), String> {
    let judged_by_rules = several && iss::detect(input);
    if !listed.is_empty()
        && !judged_by_rules
        && values_of(listed, true) != values_of(solution, false)
    {
        return Err(format!("numpl's solution {solution} is not ISS's {listed}"));
    }
    if !iss::detect(input) {
        // A classic line or a pencil-mark position: the classic solvers answered it.
        return if listed.is_empty() {
            check_plain(input, solution)
        } else {
            Ok(())
        };
    }
    let p = iss::read(input).map_err(|e| format!("re-read: {e}"))?;
    let shape = p.givens.shape();
    // numpl writes the grid in the puzzle's alphabet (`0`-`8` for values from 0).
    let symbols = p.variant.symbols();
    let values: Vec<u8> = solution
        .chars()
        .map(|ch| match symbols.read(ch, shape.size()) {
            numpl_core::Symbol::Value(v) => v,
            _ => 0,
        })
        .collect();
    let grid = numpl_core::Grid::from_values(shape, values).map_err(|e| e.to_string())?;
    if let Some(why) = p.variant.violation(&grid) {
        return Err(format!("numpl's solution breaks a rule: {why}"));
    }
    if p.givens
        .values()
        .iter()
        .zip(grid.values())
        .any(|(&g, &v)| g != 0 && g != v)
    {
        return Err("numpl's solution does not keep the givens".into());
    }
    Ok(())
}

/// A classic line or pencil-mark position's solution, where ISS lists none (its
/// HARD_PENCILMARKS): a filled grid that keeps the rows, columns and boxes, the givens
/// and every cell's marks.
fn check_plain(input: &str, solution: &str) -> Result<(), String> {
    let opts = numpl_core::ParseOptions::default();
    let p = numpl_core::parse_first(input, &opts).map_err(|e| format!("re-read: {e}"))?;
    let grid = numpl_core::parse_first(solution, &opts)
        .map_err(|e| format!("numpl's solution {solution}: {e}"))?
        .into_grid();
    if !grid.is_solution_of(p.grid()) {
        return Err(format!(
            "numpl's solution {solution} is not a filled grid of the rules keeping the givens"
        ));
    }
    if let Some(marks) = p.marks() {
        if let Some(c) = (0..marks.len()).find(|&c| !marks[c].contains(grid.values()[c])) {
            return Err(format!(
                "numpl's solution puts {} in cell {}, against its given or marks",
                grid.values()[c],
                c + 1
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pencil-mark position's solution is checked against the rules, the givens and the
    /// marks (ISS lists no solution for its HARD_PENCILMARKS).
    #[test]
    fn a_position_s_solution_keeps_its_marks() {
        let solution =
            "821459673936172458745386291254638917187294536369715824693541782572863149418927365";
        // Every cell's marks: its own value, and 9 as well where the value is not 9.
        let marks: String = solution
            .chars()
            .map(|ch| {
                (1..=9u8)
                    .map(|d| {
                        let v = ch.to_digit(10).unwrap() as u8;
                        if d == v || d == 9 {
                            (b'0' + d) as char
                        } else {
                            '.'
                        }
                    })
                    .collect::<String>()
            })
            .collect();
        assert_eq!(check_plain(&marks, solution), Ok(()));
        // 1 and 2 swapped everywhere: a grid of the rules still, but not of the marks.
        let relabelled: String = solution
            .chars()
            .map(|ch| match ch {
                '1' => '2',
                '2' => '1',
                other => other,
            })
            .collect();
        assert!(check_plain(&marks, &relabelled)
            .unwrap_err()
            .contains("against its given or marks"));
        // Not a filled grid.
        assert!(check_plain(&marks, &solution.replacen('8', ".", 1)).is_err());
        // A classic line's givens.
        let puzzle = format!(".{}", &solution[1..]);
        assert_eq!(check_plain(&puzzle, solution), Ok(()));
    }

    /// A grid of values from 0: numpl's solution is read in its alphabet (`0` a value).
    #[test]
    fn a_solution_from_zero_is_read_in_its_own_alphabet() {
        let killer = concat!(
            ".Shape~4x4~0-3.~R4C4_0.Cage~1~R1C1~R1C2.Cage~5~R1C3~R1C4.Cage~3~R2C1~R3C1",
            ".Cage~3~R2C2~R2C3.Cage~3~R2C4~R3C4.Cage~2~R3C2~R4C2.Cage~4~R3C3~R4C3~R4C4.Cage~3~R4C1"
        );
        let solution = "0123230110323210";
        assert_eq!(check(killer, solution, solution, false), Ok(()));
        // The cage r1c1 r1c2 made 1 + 0 the other way round breaks the column's 0s.
        let broken = "1023230110323210";
        assert!(check(killer, broken, "", false).is_err());
    }

    /// A puzzle with several solutions: numpl's, another than the one ISS lists, is judged
    /// by the rules; a unique puzzle's must be ISS's.
    #[test]
    fn a_solution_of_a_puzzle_with_several_is_judged_by_the_rules() {
        let sandwich = ".Sandwich~18~C1.Sandwich~18~C2.Sandwich~18~C3.Sandwich~18~R1.Sandwich~18~R2.Sandwich~18~R3.Sandwich~18~R4.Sandwich~18~R5.Sandwich~18~R6.Sandwich~18~C4.Sandwich~18~C5.Sandwich~18~C7.Sandwich~18~C9.";
        let listed =
            "584137269239684157167592843396751428845923671721846935952478316673219584418365792";
        // ISS's solution with two values swapped throughout.
        let swap = |x: char, y: char| -> String {
            listed
                .chars()
                .map(|c| match c {
                    c if c == x => y,
                    c if c == y => x,
                    c => c,
                })
                .collect()
        };
        // 1 and 9 swapped: every sandwich keeps its sum.
        let swapped = swap('1', '9');
        assert_eq!(check(sandwich, &swapped, listed, true), Ok(()));
        assert!(check(sandwich, &swapped, listed, false)
            .unwrap_err()
            .contains("is not ISS's"));
        // 1 and 2 swapped breaks the sandwiches: the rules say so.
        let broken = swap('1', '2');
        assert!(check(sandwich, &broken, listed, true)
            .unwrap_err()
            .contains("breaks a rule"));
    }

    #[test]
    fn sixteen_value_solutions_compare_across_the_two_alphabets() {
        // numpl's 1-9, A-G against ISS's A-P for a 16x16 grid (256 values).
        let ours: String = "123456789ABCDEFG".repeat(16);
        let theirs: String = "ABCDEFGHIJKLMNOP".repeat(16);
        assert_eq!(values_of(&ours, false), values_of(&theirs, true));
        let wrong: String = "BACDEFGHIJKLMNOP".repeat(16);
        assert_ne!(values_of(&ours, false), values_of(&wrong, true));
        // 9x9: digits on both sides.
        assert_eq!(values_of("123", false), values_of("123", true));
    }

    #[test]
    fn the_sandbox_runner_s_lines_are_one_constraint_string() {
        assert_eq!(
            sandbox_string(".Shape~9x9\n.Cage~3~R1C1~R1C2\n  .Thermo~R2C1~R2C2\n").as_deref(),
            Some(".Shape~9x9.Cage~3~R1C1~R1C2.Thermo~R2C1~R2C2")
        );
        assert_eq!(
            sandbox_string(".Cage~3~R1C1~R1C2").as_deref(),
            Some(".Cage~3~R1C1~R1C2")
        );
        // Console output, or nothing: no puzzle.
        assert_eq!(sandbox_string("found 3 cages\n.Cage~3~R1C1~R1C2\n"), None);
        assert_eq!(sandbox_string(""), None);
        assert!(is_script("/data/scripts/nordschleife.js") && !is_script(".Cage~3~R1C1~R1C2"));
    }

    #[test]
    fn a_refusal_counts_by_its_type_its_reason_or_as_a_script() {
        assert_eq!(
            refusal_key(
                ".Shape~9x9~0-8.SumLine~10~R3C2~R3C3",
                "-:1: ISS: constraint 1 (sum-line r3c2): numpl reads a sum line with values from 1 only (this grid's are 0-8)"
            ),
            "numpl reads a sum line with values from ... only"
        );
        assert_eq!(
            refusal_key(
                ".Var~A~Outside~3",
                "-:1: ISS item 1 (Var): numpl does not support this constraint type"
            ),
            "Var"
        );
        assert_eq!(
            refusal_key(
                ".~VS1_3",
                "-:1: ISS item 1 (Given): `VS1` is a cell of an ISS `Var` (extra cells outside the grid), which numpl does not support"
            ),
            "Var"
        );
        assert_eq!(
            refusal_key(
                "/data/scripts/nordschleife.js",
                "-:1: a line puzzle has 29 cells; ..."
            ),
            "an ISS script (a JavaScript file, no puzzle text)"
        );
        assert_eq!(
            refusal_key("1234", "-:1: a line puzzle has 4 cells; expected N*N cells"),
            "a line puzzle has ... cells"
        );
    }

    #[test]
    fn refusals_group_by_what_they_are_about() {
        assert_eq!(
            unsupported_key("ISS item 3 (Replicate): `VL1` is not a cell name like r1c1"),
            "Replicate: ... is not a cell name like ..."
        );
        assert_eq!(
            unsupported_key(
                "ISS item 1 (Or): set 2: ISS: constraint 1 (arrow r1c2): r2c3 and r2c1 are not neighbours"
            ),
            "Or: ... and ... are not neighbours"
        );
        assert_eq!(
            unsupported_key("ISS shape `6x8`: numpl supports square grids with boxes"),
            "ISS shape 6x8"
        );
        assert_eq!(
            unsupported_key("a line puzzle has 40 cells; expected N*N cells for N from 4"),
            "a line puzzle has ... cells"
        );
    }
}
