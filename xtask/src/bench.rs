//! `cargo xtask bench`: how fast the `fast` solver is, against the `sudoku` crate (peer-bench).
//!
//! Run it as a release build (the library is called in-process, so the xtask binary itself
//! must be optimised):
//!
//! ```text
//! cargo run --release -p xtask -- bench [--rounds N] [--data DIR] [--files a.txt,b.txt]
//!                                      [--no-peer] [--no-big] [--big 4x4,5x5,6x6] [--check]
//! ```
//!
//! - For each of `top1465.txt`, `17-clue.txt`, `forum-hardest-1905.txt` and
//!   `forum-hardest-1106.txt` in `--data` (default `../shared/data`, beside the repository),
//!   single-threaded, both with the uniqueness check (up to two solutions) and with `--first`:
//!   numpl's puzzles/s (read each line with `PuzzleReader`, `solve` with `Algorithm::Fast`,
//!   write the solution with `format_line` into a buffer) and peer-bench's puzzles/s (its own
//!   report, run as `peer-bench FILE [--first] --print > /dev/null`), `--rounds` times
//!   (default 5) in alternation; the table shows the median rate of each and the median of
//!   the per-round ratios numpl / peer-bench.
//! - peer-bench is copied from `../shared/tools/peer-bench` (beside `--data`) to `/tmp/peer-bench` and built
//!   there with `cargo build --release` (`--no-peer` skips it).
//! - Big grids (`--no-big` skips): 16x16 and 25x25 puzzles made here from a fixed seed (a
//!   pattern grid, shuffled, cells removed in random order while the solution stays unique
//!   and its check costs under `DIG_BUDGET` nodes: minimal but for the costly cells), each
//!   solved with the uniqueness check; median and worst time. `--big 4x4,5x5,6x6` chooses
//!   the box shapes (default `4x4,5x5`: nine 16x16 and five 25x25 puzzles; one of 36x36).
//! - `--check`: instead of timing, solve every puzzle of the files with the 9x9 path and
//!   with the general solver, check every solution against the givens and the rules, and
//!   report any disagreement (status, solution). Exit status 1 on a mismatch.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use numpl_core::{format_line, Grid, InputFormat, ParseOptions, PuzzleReader, Shape, Symbols};
use numpl_solve::{solve, Algorithm, SolveOptions, Status};

const FILES: [&str; 4] = [
    "top1465.txt",
    "17-clue.txt",
    "forum-hardest-1905.txt",
    "forum-hardest-1106.txt",
];

struct Args {
    rounds: usize,
    data: PathBuf,
    files: Vec<String>,
    peer: bool,
    big: bool,
    big_sizes: Vec<(usize, usize)>,
    check: bool,
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let root = workspace_root();
    let mut a = Args {
        rounds: 5,
        data: root.join("../shared/data"),
        files: FILES.iter().map(|s| s.to_string()).collect(),
        peer: true,
        big: true,
        big_sizes: vec![(4, 4), (5, 5)],
        check: false,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("bench: {name} needs a value"))
        };
        match arg.as_str() {
            "--rounds" => {
                a.rounds = value("--rounds")?
                    .parse()
                    .map_err(|_| "bench: --rounds needs a number".to_string())?;
                a.rounds = a.rounds.max(1);
            }
            "--data" => a.data = PathBuf::from(value("--data")?),
            "--files" => {
                a.files = value("--files")?
                    .split(',')
                    .map(|s| s.to_string())
                    .collect()
            }
            "--no-peer" => a.peer = false,
            "--no-big" => a.big = false,
            "--big" => {
                a.big_sizes = value("--big")?
                    .split(',')
                    .map(|s| {
                        let shape: Shape = s.parse().map_err(|e| format!("bench: --big {s}: {e}"))?;
                        Ok((shape.box_rows(), shape.box_cols()))
                    })
                    .collect::<Result<_, String>>()?
            }
            "--check" => a.check = true,
            "-h" | "--help" => {
                return Err("usage: cargo run --release -p xtask -- bench [--rounds N] \
                     [--data DIR] [--files a.txt,b.txt] [--no-peer] [--no-big] [--big 4x4,5x5,6x6] [--check]"
                    .to_string())
            }
            other => return Err(format!("bench: unknown argument `{other}`")),
        }
    }
    Ok(a)
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."))
}

/// Runs the benchmark (see the module documentation).
pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let a = parse_args(args)?;
    if cfg!(debug_assertions) {
        eprintln!(
            "bench: warning: this is a debug build; use `cargo run --release -p xtask -- bench`"
        );
    }
    if a.check {
        return check(&a);
    }
    let peer = if a.peer {
        Some(build_peer(&a.data.join("../tools/peer-bench"))?)
    } else {
        None
    };
    println!(
        "{:<24} {:<7} {:>10} {:>12} {:>12} {:>7}",
        "file", "mode", "puzzles", "numpl /s", "peer /s", "ratio"
    );
    for file in &a.files {
        let path = a.data.join(file);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                println!("{file:<24} skipped: {}: {e}", path.display());
                continue;
            }
        };
        for first in [false, true] {
            let mut ours = Vec::new();
            let mut theirs = Vec::new();
            let mut ratios = Vec::new();
            let mut count = 0;
            for _ in 0..a.rounds {
                let (n, rate) = time_ours(&text, first);
                count = n;
                ours.push(rate);
                if let Some(p) = &peer {
                    let r = time_peer(p, &path, first)?;
                    theirs.push(r);
                    ratios.push(if r > 0.0 { rate / r } else { 0.0 });
                }
            }
            let mode = if first { "first" } else { "unique" };
            let fmt = |v: Option<f64>, prec: usize| match v {
                Some(x) => format!("{x:.prec$}"),
                None => "-".to_string(),
            };
            println!(
                "{:<24} {:<7} {:>10} {:>12} {:>12} {:>7}",
                file,
                mode,
                count,
                fmt(median(&mut ours), 0),
                fmt(median(&mut theirs), 0),
                fmt(median(&mut ratios), 2),
            );
        }
    }
    if a.big {
        for &(br, bc) in &a.big_sizes {
            let n = br * bc;
            let count = if n <= 16 {
                9
            } else if n <= 25 {
                5
            } else {
                1
            };
            big_grids(br, bc, count, a.rounds)?;
        }
    }
    Ok(())
}

/// The median (the mean of the middle two for an even count); `None` for no values.
fn median(v: &mut [f64]) -> Option<f64> {
    if v.is_empty() {
        return None;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let m = v.len() / 2;
    Some(if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    })
}

fn rate(count: usize, secs: f64) -> f64 {
    if secs > 0.0 {
        count as f64 / secs
    } else {
        0.0
    }
}

fn nine_options() -> ParseOptions {
    ParseOptions {
        input: InputFormat::Line,
        shape: Some(Shape::NINE),
        symbols: Symbols::standard(),
    }
}

/// Reads, solves and writes every puzzle of `text`; (puzzles, puzzles per second).
fn time_ours(text: &str, first: bool) -> (usize, f64) {
    let opts = SolveOptions {
        limit: if first { 1 } else { 2 },
        budget: None,
    };
    let symbols = Symbols::standard();
    let mut out: Vec<u8> = Vec::with_capacity(text.len() + 1024);
    let start = Instant::now();
    let mut count = 0;
    for parsed in PuzzleReader::new(text.as_bytes(), nine_options()) {
        count += 1;
        match parsed {
            Ok(p) => {
                let o = solve(&p.grid, Algorithm::Fast, &opts);
                match o.solution {
                    Some(s) => {
                        out.extend_from_slice(format_line(&s, &symbols).as_bytes());
                        out.push(b'\n');
                    }
                    None => out.extend_from_slice(b"-\n"),
                }
            }
            Err(_) => out.extend_from_slice(b"-\n"),
        }
    }
    let secs = start.elapsed().as_secs_f64();
    std::hint::black_box(&out);
    (count, rate(count, secs))
}

/// Copies peer-bench (`tools/peer-bench` beside the data directory) to /tmp and builds it;
/// returns the binary's path.
fn build_peer(src: &Path) -> Result<PathBuf, String> {
    let dst = PathBuf::from("/tmp/peer-bench");
    let status = Command::new("cp")
        .arg("-r")
        .arg(src)
        .arg("/tmp/")
        .status()
        .map_err(|e| format!("bench: cp {}: {e}", src.display()))?;
    if !status.success() {
        return Err(format!("bench: could not copy {}", src.display()));
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    eprintln!("bench: building peer-bench in {}", dst.display());
    let status = Command::new(cargo)
        .args(["build", "--release", "--quiet", "--manifest-path"])
        .arg(dst.join("Cargo.toml"))
        // Its own target dir, whatever the outer build uses.
        .env("CARGO_TARGET_DIR", dst.join("target"))
        .status()
        .map_err(|e| format!("bench: cargo build peer-bench: {e}"))?;
    if !status.success() {
        return Err("bench: building peer-bench failed".to_string());
    }
    Ok(dst.join("target/release/peer-bench"))
}

/// Runs peer-bench once; its reported puzzles per second.
fn time_peer(bin: &Path, file: &Path, first: bool) -> Result<f64, String> {
    let mut cmd = Command::new(bin);
    cmd.arg(file).arg("--print");
    if first {
        cmd.arg("--first");
    }
    let out = cmd
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("bench: running {}: {e}", bin.display()))?;
    let err = String::from_utf8_lossy(&out.stderr);
    err.split_whitespace()
        .skip_while(|w| *w != "puzzles/s")
        .nth(1)
        .and_then(|w| w.parse().ok())
        .ok_or_else(|| format!("bench: unexpected peer-bench output: {err}"))
}

/// `--check`: the 9x9 path against the general solver on every puzzle of the files.
fn check(a: &Args) -> Result<(), String> {
    let mut bad = 0usize;
    for file in &a.files {
        let path = a.data.join(file);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                println!("{file}: skipped: {}: {e}", path.display());
                continue;
            }
        };
        let (mut n, mut solved, mut multiple, mut none) = (0usize, 0usize, 0usize, 0usize);
        let start = Instant::now();
        for (i, parsed) in PuzzleReader::new(text.as_bytes(), nine_options()).enumerate() {
            let Ok(p) = parsed else {
                println!("{file}: puzzle {i}: unreadable");
                bad += 1;
                continue;
            };
            n += 1;
            let fast = numpl_solve::count_solutions_general(&p.grid, 2);
            let nine = solve(&p.grid, Algorithm::Fast, &SolveOptions::default());
            let fine = match nine.status {
                Status::Solved => {
                    solved += 1;
                    fast.count == 1 && nine.solution.as_ref() == fast.first.as_ref()
                }
                Status::Multiple => {
                    multiple += 1;
                    fast.count == 2
                }
                Status::Unsolvable => {
                    none += 1;
                    fast.count == 0
                }
                _ => false,
            } && nine
                .solution
                .as_ref()
                .is_none_or(|s| s.is_solution_of(&p.grid));
            if !fine {
                bad += 1;
                println!(
                    "{file}: line {}: 9x9 path says {:?}, general solver found {}",
                    p.line, nine.status, fast.count
                );
            }
        }
        println!(
            "{file}: {n} puzzles: {solved} solved, {multiple} multiple, {none} unsolvable; {:.1}s",
            start.elapsed().as_secs_f64()
        );
    }
    std::io::stdout().flush().ok();
    if bad > 0 {
        Err(format!("bench --check: {bad} mismatches"))
    } else {
        println!("check: the 9x9 path and the general solver agree");
        Ok(())
    }
}

/// A small deterministic generator (xorshift64*), so the big puzzles repeat run to run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

/// The node budget of one uniqueness check while digging a big puzzle.
const DIG_BUDGET: u64 = 20_000;

/// A (budget-)minimal puzzle of boxes `br` x `bc`: a shuffled pattern grid with cells
/// removed, in random order, while the solution stays unique and the fast solver proves it
/// within [`DIG_BUDGET`] nodes. Every given left is needed or expensive to drop.
fn minimal_puzzle(br: usize, bc: usize, rng: &mut Rng) -> Grid {
    let shape = Shape::new(br, bc).expect("valid box");
    let n = br * bc;
    // Pattern: value(r, c) = (bc * (r % br) + r / br + c) % n, a valid grid for any box.
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    // Rows: shuffle bands (groups of br rows) and rows within a band; columns likewise.
    let perm = |groups: usize, size: usize, rng: &mut Rng| {
        let mut g: Vec<usize> = (0..groups).collect();
        rng.shuffle(&mut g);
        let mut out = Vec::with_capacity(groups * size);
        for gi in g {
            let mut inner: Vec<usize> = (0..size).collect();
            rng.shuffle(&mut inner);
            out.extend(inner.into_iter().map(|i| gi * size + i));
        }
        out
    };
    let rows = perm(bc, br, rng);
    let cols = perm(br, bc, rng);
    let mut cells = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            let (pr, pc) = (rows[r], cols[c]);
            cells[r * n + c] = digits[(bc * (pr % br) + pr / br + pc) % n];
        }
    }
    let mut grid = Grid::from_values(shape, cells).expect("in range");
    debug_assert!(grid.check().is_ok());
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    // A uniqueness check that needs more nodes than this keeps its cell: on 25x25 and up,
    // random digging otherwise ends in puzzles whose proof of uniqueness takes minutes.
    let check = SolveOptions {
        limit: 2,
        budget: Some(DIG_BUDGET),
    };
    for c in order {
        let v = grid.get(c);
        grid.set(c, 0);
        let o = solve(&grid, Algorithm::Fast, &check);
        if o.status != Status::Solved {
            grid.set(c, v);
        }
    }
    grid
}

/// Makes `count` minimal puzzles of boxes `br` x `bc` and times their solving.
fn big_grids(br: usize, bc: usize, count: usize, rounds: usize) -> Result<(), String> {
    let n = br * bc;
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (n as u64));
    let made = Instant::now();
    let puzzles: Vec<Grid> = (0..count)
        .map(|_| minimal_puzzle(br, bc, &mut rng))
        .collect();
    let made = made.elapsed().as_secs_f64();
    let mut times = Vec::new();
    let mut guesses = Vec::new();
    for p in &puzzles {
        let mut best = f64::INFINITY;
        for _ in 0..rounds {
            let start = Instant::now();
            let o = solve(p, Algorithm::Fast, &SolveOptions::default());
            let t = start.elapsed().as_secs_f64();
            if o.status != Status::Solved || !o.solution.is_some_and(|s| s.is_solution_of(p)) {
                return Err(format!("bench: a {n}x{n} puzzle was not solved uniquely"));
            }
            best = best.min(t);
            guesses.push(o.guesses as f64);
        }
        times.push(best * 1e3);
    }
    let clues: usize = puzzles.iter().map(|p| p.filled()).sum::<usize>() / count.max(1);
    let worst = times.iter().copied().fold(0.0, f64::max);
    println!(
        "{n}x{n}: {count} dug puzzles (~{clues} givens, made in {made:.1}s): median {:.3} ms, worst {worst:.3} ms, median guesses {:.0}",
        median(&mut times).unwrap_or(0.0),
        median(&mut guesses).unwrap_or(0.0),
    );
    Ok(())
}
