//! `cargo xtask batch-bench [--data DIR] [--rounds N] [--million N] [--threads 1,2]`:
//! how fast and how lean `numpl solve` is on big files, end to end (the binary, as users run it).
//!
//! - Builds the release binary through `$CARGO build --release -p numpl-cli`.
//! - For `forum-hardest-1905.txt` and `17-clue.txt` in `--data` (default `../shared/data`
//!   beside the repository): `numpl solve --threads T -q FILE > /dev/null` for each thread
//!   count, `--rounds` times (default 3), best wall time; puzzles/s, the speed-up over the
//!   first thread count, and peak RSS (from `/usr/bin/time -v`, when it exists).
//! - A file of `--million` puzzles (default 1,000,000) made in the temp directory by
//!   repeating the first puzzle of 17-clue.txt: the same figures, once per thread count.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

struct Args {
    data: PathBuf,
    rounds: usize,
    million: usize,
    threads: Vec<usize>,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace")
        .to_path_buf()
}

fn parse(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        data: root().join("../shared/data"),
        rounds: 3,
        million: 1_000_000,
        threads: vec![1, 2],
    };
    let mut it = args.iter();
    while let Some(x) = it.next() {
        let mut val = || it.next().ok_or(format!("{x} needs a value"));
        match x.as_str() {
            "--data" => a.data = PathBuf::from(val()?),
            "--rounds" => a.rounds = val()?.parse().map_err(|e| format!("--rounds: {e}"))?,
            "--million" => a.million = val()?.parse().map_err(|e| format!("--million: {e}"))?,
            "--threads" => {
                a.threads = val()?
                    .split(',')
                    .map(|t| t.parse().map_err(|e| format!("--threads: {e}")))
                    .collect::<Result<_, _>>()?
            }
            other => return Err(format!("batch-bench: unknown argument {other}")),
        }
    }
    if a.rounds == 0 || a.threads.is_empty() {
        return Err("batch-bench: --rounds and --threads must not be empty".into());
    }
    Ok(a)
}

/// Builds `numpl` in release mode and returns its path.
fn build() -> Result<PathBuf, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(&cargo)
        .args(["build", "--release", "-p", "numpl-cli"])
        .current_dir(root())
        .status()
        .map_err(|e| format!("{cargo}: {e}"))?;
    if !status.success() {
        return Err("batch-bench: building numpl failed".into());
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"));
    Ok(target.join("release/numpl"))
}

/// One run: wall seconds and peak RSS in kB (when /usr/bin/time exists).
fn run_once(numpl: &Path, file: &Path, threads: usize) -> Result<(f64, Option<u64>), String> {
    let time = Path::new("/usr/bin/time");
    let mut cmd = if time.exists() {
        let mut c = Command::new(time);
        c.arg("-v").arg(numpl);
        c
    } else {
        Command::new(numpl)
    };
    cmd.args(["solve", "-q", "--progress", "never", "--threads"])
        .arg(threads.to_string())
        .arg(file)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let start = Instant::now();
    let out = cmd
        .output()
        .map_err(|e| format!("{}: {e}", numpl.display()))?;
    let secs = start.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Exit status 1 (some puzzle not solved) is a normal outcome here; 2 is not.
    if out.status.code() == Some(2) {
        return Err(format!("numpl failed on {}: {stderr}", file.display()));
    }
    let rss = stderr
        .lines()
        .find_map(|l| l.trim().strip_prefix("Maximum resident set size (kbytes):"))
        .and_then(|v| v.trim().parse().ok());
    Ok((secs, rss))
}

fn puzzles_in(file: &Path) -> Result<usize, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .count())
}

fn rate(n: usize, secs: f64) -> f64 {
    if n == 0 || secs <= 0.0 {
        0.0
    } else {
        n as f64 / secs
    }
}

pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let a = parse(args)?;
    let numpl = build()?;
    let mut files: Vec<(String, PathBuf, usize)> = Vec::new();
    for name in ["forum-hardest-1905.txt", "17-clue.txt"] {
        let p = a.data.join(name);
        files.push((name.to_string(), p.clone(), a.rounds));
    }
    // The million-puzzle file: the first puzzle of 17-clue.txt, repeated.
    let clue = std::fs::read_to_string(a.data.join("17-clue.txt"))
        .map_err(|e| format!("{}: {e}", a.data.join("17-clue.txt").display()))?;
    let first = clue
        .lines()
        .find(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .ok_or("17-clue.txt holds no puzzle")?;
    let big = std::env::temp_dir().join(format!("numpl-batch-{}.txt", a.million));
    std::fs::write(&big, format!("{first}\n").repeat(a.million))
        .map_err(|e| format!("{}: {e}", big.display()))?;
    files.push((format!("{} x {first}", a.million), big.clone(), 1));

    println!(
        "{:<28}  {:>7}  {:>9}  {:>8}  {:>10}  {:>7}  {:>8}",
        "file", "threads", "puzzles", "seconds", "puzzles/s", "speedup", "peak RSS"
    );
    for (name, path, rounds) in &files {
        let n = puzzles_in(path)?;
        let mut base = None;
        for &t in &a.threads {
            let mut best = f64::INFINITY;
            let mut rss = None;
            for _ in 0..*rounds {
                let (s, r) = run_once(&numpl, path, t)?;
                best = best.min(s);
                rss = rss.max(r);
            }
            let r = rate(n, best);
            let base_rate = *base.get_or_insert(r);
            let speedup = if base_rate > 0.0 { r / base_rate } else { 0.0 };
            let rss = rss.map_or("-".to_string(), |k| format!("{:.1} MB", k as f64 / 1024.0));
            let short: String = name.chars().take(28).collect();
            println!(
                "{short:<28}  {t:>7}  {n:>9}  {best:>8.2}  {r:>10.0}  {speedup:>6.2}x  {rss:>8}"
            );
        }
    }
    let _ = std::fs::remove_file(&big);
    Ok(())
}
