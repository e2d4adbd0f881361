//! The `numpl` binary, run as a user runs it: arguments, stdin, files, stdout, stderr and
//! the exit code. Expected answers come from the seed's printed run (the solution below)
//! or are derived from it (relabelled digits), never from numpl's own output.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_numpl");

/// The seed's sample puzzle and the solution its program printed.
const SEED: &str =
    ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.";
const SEED_SOLUTION: &str =
    "821459673936172458745386291254638917187294536369715824693541782572863149418927365";

struct Out {
    stdout: String,
    stderr: String,
    code: i32,
}

fn numpl(args: &[&str], stdin: &str) -> Out {
    let mut child = Command::new(BIN)
        .args(args)
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the numpl binary runs");
    let mut input = child.stdin.take().expect("piped");
    let text = stdin.to_string();
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().expect("numpl finishes");
    feeder.join().expect("stdin feeder");
    let stderr = String::from_utf8(out.stderr).expect("utf-8 stderr");
    assert!(!stderr.contains("panicked"), "numpl panicked: {stderr}");
    Out {
        stdout: String::from_utf8(out.stdout).expect("utf-8 stdout"),
        stderr,
        code: out.status.code().expect("exited normally"),
    }
}

/// A fresh temporary directory for one test.
fn tmp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("numpl-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write temp file");
    p.to_str().expect("utf-8 path").to_string()
}

fn fixture(rel: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(rel);
    p.to_str().expect("utf-8 path").to_string()
}

/// Fails with the whole text when `part` is not in it.
#[track_caller]
fn assert_has(text: &str, part: impl AsRef<str>) {
    let part = part.as_ref();
    assert!(text.contains(part), "{part:?} not in:\n{text}");
}

/// The JSON records of a run's stdout, one a line.
fn json_lines(out: &Out) -> Vec<serde_json::Value> {
    out.stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn strip_trailing_spaces(s: &str) -> String {
    s.split('\n')
        .map(|l| l.trim_end())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The seed puzzle (or its solution) with every digit d replaced by (d - 1 + k) % 9 + 1:
/// a different puzzle whose solution is the relabelled seed solution.
fn relabel(s: &str, k: u8) -> String {
    s.chars()
        .map(|c| match c {
            '1'..='9' => (b'1' + (c as u8 - b'1' + k) % 9) as char,
            c => c,
        })
        .collect()
}

#[test]
fn seed_sample_prints_exactly_what_the_seed_printed() {
    let out = numpl(&["solve", &fixture("seed/sample.txt")], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let expected = std::fs::read_to_string(fixture("seed/sample.expected")).unwrap();
    // Byte for byte, trailing spaces and the blank lines at the end included.
    assert_eq!(out.stdout, expected);
    assert!(out.stdout.ends_with("  3  6  5 \n\n"), "{:?}", out.stdout);
    assert!(out
        .stdout
        .contains("  /  1  /   /  /  /   /  6  / \n\n\n\n  8  2  1"));
}

#[test]
fn solve_line_format_gives_the_solution_line() {
    let out = numpl(&["solve"], &format!("{SEED}\n"));
    assert_eq!(out.code, 0);
    assert_eq!(out.stdout, format!("{SEED_SOLUTION}\n"));
    assert_has(&out.stderr, "1 solved");
}

#[test]
fn every_algorithm_solves_the_seed() {
    for algo in ["fast", "full"] {
        let out = numpl(&["solve", "--algo", algo, "-"], &format!("{SEED}\n"));
        assert_eq!(out.stdout, format!("{SEED_SOLUTION}\n"), "algo {algo}");
        assert_eq!(out.code, 0);
    }
}

#[test]
fn solve_json_record_has_the_contract_fields() {
    let out = numpl(
        &["solve", "--format", "json"],
        &format!("# comment\n{SEED}\n"),
    );
    assert_eq!(out.code, 0);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 1);
    let v: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(v["index"], 0);
    assert_eq!(v["line"], 2);
    assert_eq!(v["file"], "<stdin>");
    assert_eq!(v["size"], 9);
    assert_eq!(v["box"], "3x3");
    assert_eq!(v["puzzle"], SEED);
    assert_eq!(v["status"], "solved");
    assert_eq!(v["solution"], SEED_SOLUTION);
    assert_eq!(v["algo"], "fast");
    assert!(v["guesses"].is_u64());
    assert!(v["micros"].is_u64());
    // Fields that do not apply are left out.
    for absent in ["error", "grid", "techniques"] {
        assert!(v.get(absent).is_none(), "{absent} in {v}");
    }
}

#[test]
fn json_invalid_record_names_file_and_line() {
    let out = numpl(
        &["solve", "-f", "json"],
        &format!("{SEED}\n{}\n", &SEED[..80]),
    );
    assert_eq!(out.code, 1);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["index"], 1);
    assert_eq!(lines[1]["line"], 2);
    assert_eq!(lines[1]["status"], "invalid");
    assert_eq!(
        lines[1]["error"],
        "<stdin>:2: a line puzzle has 80 cells; expected N*N cells for an allowed size (16, 36, 64, 81, ...), or N*N*N for a position with pencil marks (64, 216, 729, ...)"
    );
    assert!(lines[1].get("solution").is_none());
}

#[test]
fn show_formats() {
    // line -> grid: the seed's layout, which reads back as the same puzzle.
    let grid = numpl(&["show", "--format", "grid"], &format!("{SEED}\n"));
    assert_eq!(grid.code, 0);
    let seed_layout = std::fs::read_to_string(fixture("seed/sample.txt")).unwrap();
    assert_eq!(
        strip_trailing_spaces(grid.stdout.trim_end()),
        strip_trailing_spaces(seed_layout.trim_end())
    );
    // grid -> line (the default for grid input is grid, so ask for line).
    let line = numpl(&["show", "-f", "line", &fixture("seed/sample.txt")], "");
    assert_eq!(line.stdout, format!("{SEED}\n"));
    // Default format follows the input: grid in, grid out.
    let same = numpl(&["show", &fixture("seed/sample.txt")], "");
    assert_eq!(same.stdout, grid.stdout);
    // json
    let json = numpl(&["show", "-f", "json"], &format!("{SEED}\n"));
    let v: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert_eq!(v["puzzle"], SEED);
    assert_eq!(v["size"], 9);
    assert!(v.get("status").is_none());
    // detail: r1c1's candidates after the givens are 1 3 4 6 8 (hand-checked: row 1 has
    // 2 7, column 1 has 9 5, box 1 has 2 9), r1c2 holds the given 2 in its middle.
    let detail = numpl(&["show", "-f", "detail"], &format!("{SEED}\n"));
    let first: Vec<&str> = detail.stdout.lines().take(3).collect();
    assert_eq!(
        first[0],
        " 1 . 3         1 . 3 | . . 3  . . 3  . . . | 1 . 3         1 . 3"
    );
    assert_eq!(&first[1][..13], " 4 . 6    2  ");
    assert_eq!(&first[2][..7], " . 8 . ");
}

#[test]
#[allow(clippy::needless_range_loop)] // indexes rows and columns alike
fn custom_symbols_and_box_shapes() {
    // A 6x6 with tall boxes (3x2) read with --box; the solution comes back in line form.
    // Hand-made: the solution grid is rows of a valid 3x2-box Latin square.
    let solution = "123456345612561234234561456123612345";
    // Check our hand-made solution is valid for 3x2 boxes before using it.
    let rows: Vec<&[u8]> = solution.as_bytes().chunks(6).collect();
    for r in 0..6 {
        for c in 0..6 {
            for c2 in c + 1..6 {
                assert_ne!(rows[r][c], rows[r][c2]);
                assert_ne!(rows[c][r], rows[c2][r]);
            }
        }
    }
    for b in 0..6 {
        let (br, bc) = (b / 3 * 3, b % 3 * 2);
        let mut seen = Vec::new();
        for r in br..br + 3 {
            for c in bc..bc + 2 {
                assert!(!seen.contains(&rows[r][c]), "box {b}");
                seen.push(rows[r][c]);
            }
        }
    }
    let mut puzzle = solution.to_string();
    for i in [0, 7, 14, 21, 28, 35] {
        puzzle.replace_range(i..i + 1, ".");
    }
    let out = numpl(&["solve", "--box", "3x2"], &format!("{puzzle}\n"));
    assert_eq!(out.stdout, format!("{solution}\n"), "{}", out.stderr);
    // Hex alphabet for a 4x4: 0 is then a value (1), and the output uses it too.
    let out = numpl(
        &["show", "--symbols", "0123", "-f", "line"],
        "0123230112303012\n",
    );
    assert_eq!(out.stdout, "0123230112303012\n", "{}", out.stderr);
    let out = numpl(
        &["show", "--symbols", "0123", "-f", "line"],
        "0123230112303019\n",
    );
    assert_eq!(out.code, 1);
    assert_has(&out.stderr, "<stdin>:1:");
}

#[test]
fn exit_codes() {
    // 0: all solved.
    assert_eq!(numpl(&["solve"], &format!("{SEED}\n")).code, 0);
    // 1: one puzzle with two solutions (the empty 4x4 has many).
    let out = numpl(&["solve"], &format!("{SEED}\n................\n"));
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout, format!("{SEED_SOLUTION}\nmultiple\n"));
    // 1: unsolvable (r1c1 = 1 is a candidate but not the solution's value, so no solution exists).
    let unsolvable = format!("1{}", &SEED[1..]);
    let out = numpl(&["solve"], &format!("{unsolvable}\n"));
    assert_eq!((out.code, out.stdout.as_str()), (1, "unsolvable\n"));
    // 1: budget.
    let out = numpl(
        &["solve", "--algo", "full", "--budget", "10"],
        &format!("{SEED}\n"),
    );
    assert_eq!((out.code, out.stdout.as_str()), (1, "budget\n"));
    // 2: unreadable file, still processing the others.
    let out = numpl(
        &["solve", "/nonexistent/numpl.txt", "-"],
        &format!("{SEED}\n"),
    );
    assert_eq!(out.code, 2);
    assert_eq!(out.stdout, format!("{SEED_SOLUTION}\n"));
    assert_has(&out.stderr, "/nonexistent/numpl.txt: cannot open");
    // 2: a directory cannot be read as a puzzle file.
    let dir = std::env::temp_dir();
    let out = numpl(&["solve", dir.to_str().unwrap()], "");
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert_has(&out.stderr, "cannot read input");
    // 2: usage errors.
    assert_eq!(numpl(&["solve", "--algo", "magic"], "").code, 2);
    assert_eq!(numpl(&["solve", "--box", "1x9"], "").code, 2);
    assert_eq!(numpl(&["frobnicate"], "").code, 2);
    assert_eq!(numpl(&["solve", "--threads", "0"], "").code, 2);
    // --help says what the exit codes mean.
    let help = numpl(&["--help"], "");
    assert_eq!(help.code, 0);
    assert_has(&help.stdout, "Exit status: 0");
}

#[test]
fn first_stops_at_one_solution() {
    let out = numpl(&["solve", "--first"], "................\n");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout.trim().len(), 16);
}

/// Every kind of bad input: one record each, the run goes on, the message names file and
/// line (and the cell where there is one).
#[test]
fn bad_inputs_are_reported_with_file_and_line() {
    let dir = tmp_dir("bad");
    let conflict = format!("5...5{}", &SEED[5..]); // r1c1 and r1c5 both hold 5
    let unknown = format!("{}?", &SEED[..80]);
    let out_of_range = "1..5............"; // a 4x4 holding 5
    let no_box = ".".repeat(49); // 7x7
    let text = format!(
        "{SEED}\n{}\n{unknown}\n{conflict}\n{out_of_range}\n{no_box}\n{SEED}\n",
        &SEED[..79]
    );
    let f = write(&dir, "bad.txt", &text);
    let out = numpl(&["solve", &f], "");
    assert_eq!(out.code, 1);
    assert_eq!(
        out.stdout,
        format!("{SEED_SOLUTION}\ninvalid\ninvalid\ninvalid\ninvalid\ninvalid\n{SEED_SOLUTION}\n")
    );
    let expect = [
        format!("{f}:2: a line puzzle has 79 cells"),
        format!("{f}:3: unknown symbol `?` at r9c9"),
        format!("{f}:4: conflicting givens: r1c1 and r1c5 both hold 5"),
        format!("{f}:5: value 5 at r1c4 is out of range 1..4"),
        format!("{f}:6: a line puzzle has 49 cells"),
    ];
    for e in &expect {
        assert!(
            out.stderr.contains(e.as_str()),
            "missing {e:?} in\n{}",
            out.stderr
        );
    }
    assert_has(&out.stderr, "2 solved");
    assert_has(&out.stderr, "5 invalid");

    // A truncated grid, after a good one, in grid format.
    let seed_layout = std::fs::read_to_string(fixture("seed/sample.txt")).unwrap();
    let cut: String = seed_layout
        .lines()
        .take(5)
        .map(|l| format!("{l}\n"))
        .collect();
    let g = write(&dir, "truncated.txt", &format!("{seed_layout}{cut}"));
    let out = numpl(&["solve", "-f", "line", &g], "");
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout, format!("{SEED_SOLUTION}\ninvalid\n"));
    assert_has(&out.stderr, format!("{g}:12: truncated grid: 4 of 9 rows"));
    // A grid row of the wrong length names its own line.
    let mut rows: Vec<String> = seed_layout.lines().map(String::from).collect();
    rows[1].push_str("  7");
    let g = write(&dir, "row.txt", &(rows.join("\n") + "\n"));
    let out = numpl(&["solve", &g], "");
    assert_eq!(out.code, 1);
    assert!(out.stdout.starts_with("# invalid: "), "{}", out.stdout);
    assert_has(
        &out.stderr,
        format!("{g}:2: row 2 has 10 cells; expected 9"),
    );

    // An empty file: no record, a message naming the file, exit 1.
    let e = write(&dir, "empty.txt", "");
    let out = numpl(&["solve", &e], "");
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout, "");
    assert_has(&out.stderr, format!("{e}: no puzzle in the input"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn several_files_share_one_index_and_keep_their_own_lines() {
    let dir = tmp_dir("files");
    let a = write(
        &dir,
        "a.txt",
        &format!("# first\n{SEED}\n{}\n", relabel(SEED, 1)),
    );
    let b = write(&dir, "b.txt", &format!("\n\n{}\n", relabel(SEED, 2)));
    let out = numpl(&["solve", "-f", "json", &a, &b], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let recs = json_lines(&out);
    let got: Vec<(u64, u64, String, String)> = recs
        .iter()
        .map(|r| {
            (
                r["index"].as_u64().unwrap(),
                r["line"].as_u64().unwrap(),
                r["file"].as_str().unwrap().to_string(),
                r["solution"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (0, 2, a.clone(), SEED_SOLUTION.to_string()),
            (1, 3, a.clone(), relabel(SEED_SOLUTION, 1)),
            (2, 3, b.clone(), relabel(SEED_SOLUTION, 2)),
        ]
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// More puzzles than one chunk, bad lines mixed in: every record, in order, the same with
/// one thread and with two.
#[test]
fn batch_keeps_order_and_drops_nothing() {
    let dir = tmp_dir("batch");
    let n = 9000; // over two chunks of 4096
    let mut input = String::new();
    let mut expected = String::new();
    for i in 0..n {
        if i % 7 == 3 {
            input.push_str(&format!("bad line {i}\n"));
            expected.push_str("invalid\n");
        } else {
            let k = (i % 9) as u8;
            input.push_str(&relabel(SEED, k));
            input.push('\n');
            expected.push_str(&relabel(SEED_SOLUTION, k));
            expected.push('\n');
        }
    }
    let f = write(&dir, "batch.txt", &input);
    let one = numpl(&["solve", "--threads", "1", &f], "");
    let two = numpl(&["solve", "--threads", "2", &f], "");
    assert_eq!(one.code, 1);
    assert_eq!(two.code, 1);
    assert!(
        one.stdout == expected,
        "threads 1: records differ from the expected"
    );
    assert!(
        two.stdout == expected,
        "threads 2: records differ from the expected"
    );
    let bad = (0..n).filter(|i| i % 7 == 3).count();
    let summary = format!("numpl: {n} puzzles: {} solved", n - bad);
    assert_has(&one.stderr, &summary);
    assert_has(&two.stderr, format!("{bad} invalid"));
    // The messages come in input order too, each naming its line.
    let warned: Vec<usize> = two
        .stderr
        .lines()
        .filter_map(|l| l.split(&format!("{f}:")).nth(1))
        .map(|rest| rest.split(':').next().unwrap().parse().unwrap())
        .collect();
    let lines: Vec<usize> = (0..n).filter(|i| i % 7 == 3).map(|i| i + 1).collect();
    assert_eq!(warned, lines);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn closed_stdout_ends_quietly() {
    let dir = tmp_dir("pipe");
    let text = format!("{SEED}\n").repeat(50_000);
    let f = write(&dir, "many.txt", &text);
    for threads in ["1", "2"] {
        let mut child = Command::new(BIN)
            .args(["solve", "--threads", threads, &f])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 82];
        stdout.read_exact(&mut first).unwrap();
        assert_eq!(&first[..], format!("{SEED_SOLUTION}\n").as_bytes());
        drop(stdout); // like `| head -1`
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(!stderr.contains("Broken pipe"), "{stderr}");
        assert_eq!(out.status.code(), Some(0), "{stderr}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn zero_puzzles_print_zeros_never_nan() {
    let out = numpl(&["solve"], "");
    assert_eq!(out.stdout, "");
    assert_eq!(out.code, 1);
    assert_has(&out.stderr, "<stdin>: no puzzle in the input");
    assert_has(&out.stderr, "numpl: 0 puzzles: 0 solved");
    assert_has(&out.stderr, " 0 puzzles/s");
    let lower = out.stderr.to_lowercase();
    assert!(
        !lower.contains("nan") && !lower.contains("inf"),
        "{}",
        out.stderr
    );
    // Comments only is zero puzzles too.
    let out = numpl(&["show"], "# nothing here\n\n");
    assert_has(&out.stderr, "numpl: 0 puzzles: 0 shown, 0 invalid");
}

#[test]
fn quiet_drops_the_summary_and_warnings_but_keeps_why_a_puzzle_is_invalid() {
    let out = numpl(&["solve", "-q"], &format!("{SEED}\nxx\n\n"));
    assert_eq!(out.stdout, format!("{SEED_SOLUTION}\ninvalid\n"));
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{}", out.stderr);
    assert!(lines[0].contains("<stdin>:2: "), "{}", out.stderr);
    // An empty file is a warning: -q drops it.
    let out = numpl(&["solve", "-q"], "");
    assert_eq!((out.code, out.stderr.as_str()), (1, ""));
    // -qq: nothing at all.
    let out = numpl(&["solve", "-qq"], &format!("{SEED}\nxx\n"));
    assert_eq!(out.stdout, format!("{SEED_SOLUTION}\ninvalid\n"));
    assert_eq!((out.code, out.stderr.as_str()), (1, ""));
}

#[test]
fn help_and_version_to_a_full_disk_fail() {
    let full = Path::new("/dev/full");
    if !full.exists() {
        panic!("this test needs /dev/full (Linux)");
    }
    for args in [&["--help"][..], &["--version"], &["solve", "--help"]] {
        let out = Command::new(BIN)
            .args(args)
            .stdout(std::fs::File::create(full).unwrap())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("cannot write to stdout"), "{stderr}");
    }
    assert_eq!(numpl(&["--version"], "").code, 0);
}

#[test]
fn too_many_threads_are_capped_with_a_warning() {
    let out = numpl(&["solve", "--threads", "10000"], &format!("{SEED}\n"));
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, format!("{SEED_SOLUTION}\n"));
    assert_has(&out.stderr, "--threads 10000 is more than 4 per core");
}

#[test]
fn summaries_count_in_good_english() {
    let out = numpl(&["solve"], &format!("{SEED}\n"));
    assert_has(&out.stderr, "numpl: 1 puzzle: 1 solved");
    let out = numpl(&["explain"], "123434122143432.\n");
    assert_has(&out.stdout, "solved after 1 step ");
}

#[test]
fn generate_streams_through_the_ordered_batch() {
    let args = [
        "generate", "--size", "4", "-n", "40", "--seed", "9", "-f", "json",
    ];
    let one = numpl(&[&args[..], &["-j", "1"]].concat(), "");
    let two = numpl(&[&args[..], &["-j", "2"]].concat(), "");
    assert_eq!(one.code, 0, "{}", one.stderr);
    // Everything but the time taken is the same whatever the thread count.
    let records = |out: &Out| -> Vec<serde_json::Value> {
        out.stdout
            .lines()
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                assert!(v["micros"].is_u64(), "{v}");
                v.as_object_mut().unwrap().remove("micros");
                v
            })
            .collect()
    };
    let recs = records(&one);
    assert_eq!(recs, records(&two), "the thread count changes nothing");
    let indexes: Vec<u64> = recs.iter().map(|r| r["index"].as_u64().unwrap()).collect();
    assert_eq!(indexes, (0..40).collect::<Vec<u64>>());
    assert_has(
        &one.stderr,
        "numpl: 40 puzzles: 40 generated, 0 failed, 0 budget; ",
    );
    assert_has(&one.stderr, "; seed 9");
}

#[test]
fn generate_refuses_bad_options_at_once() {
    let out = numpl(&["generate", "--max-tries", "0"], "");
    assert_eq!(out.code, 2);
    assert_has(&out.stderr, "--max-tries must be at least 1");
    assert_eq!(out.stdout, "");
}

#[test]
fn grid_format_of_a_puzzle_that_is_not_solved_says_why() {
    let unsolvable = format!("1{}", &SEED[1..]);
    let out = numpl(&["solve", "-f", "grid"], &format!("{unsolvable}\n"));
    assert_eq!(out.code, 1);
    assert!(out.stdout.starts_with("  1  2  /"), "{}", out.stdout);
    assert_has(&out.stdout, "\n\n\n# unsolvable");
}

#[test]
fn rate_reports_the_human_solver() {
    let out = numpl(&["rate", "-f", "json"], &format!("{SEED}\nxx\n"));
    let recs = json_lines(&out);
    assert_eq!(recs.len(), 2);
    assert_eq!(recs[0]["algo"], "human");
    assert!(recs[0]["techniques"].is_object(), "{}", recs[0]);
    assert!(recs[0].get("guesses").is_none());
    assert_eq!(recs[1]["status"], "invalid");
    let status = recs[0]["status"].as_str().unwrap();
    assert!(["solved", "stuck"].contains(&status), "{status}");
    if status == "solved" {
        assert_eq!(recs[0]["solution"], SEED_SOLUTION);
    }
    // The readable line starts with the puzzle and its status.
    let out = numpl(&["rate"], &format!("{SEED}\n"));
    assert!(
        out.stdout.starts_with(&format!("{SEED} {status}")),
        "{}",
        out.stdout
    );
}

#[test]
fn rate_ends_every_unique_puzzle_solved_and_rates_only_what_has_a_rating() {
    // Easter Monster: logic alone gets stuck; brute force (HoDoKu's last resort) ends it.
    let monster =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    let out = numpl(&["rate"], &format!("{monster}\n"));
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .starts_with(&format!("{monster} solved level=extreme score=")),
        "{}",
        out.stdout
    );
    assert_has(&out.stdout, " brute_force=");
    // Logic only: stuck, no brute force, and at least as hard as what the limit left out
    // (brute force: extreme), whatever the steps taken score.
    let out = numpl(
        &["rate", "--max-technique", "forcing_net"],
        &format!("{monster}\n"),
    );
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stdout
            .starts_with(&format!("{monster} stuck level=extreme score=")),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains("brute_force"), "{}", out.stdout);
    // A puzzle no allowed technique can start is not "easy": it needs at least the next
    // technique past the limit (after x_wing comes a hard one), though it scores 0.
    let out = numpl(
        &["rate", "--max-technique", "x_wing"],
        &format!("{monster}\n"),
    );
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(out.stdout, format!("{monster} stuck level=hard score=0\n"));
    // No solution, or several: said so, with no level or score.
    let unsolvable = format!("1{}", &SEED[1..]);
    let several = format!(".{}", &SEED[1..]).replacen('2', ".", 1);
    let out = numpl(
        &["rate", "-f", "json"],
        &format!("{unsolvable}\n{several}\n"),
    );
    let recs = json_lines(&out);
    assert_eq!(recs[0]["status"], "unsolvable");
    assert_eq!(recs[1]["status"], "multiple");
    for r in &recs {
        assert!(r.get("level").is_none(), "{r}");
        assert!(r.get("score").is_none(), "{r}");
    }
    let out = numpl(&["rate"], &format!("{unsolvable}\n"));
    assert!(!out.stdout.contains("level="), "{}", out.stdout);
}

#[test]
fn rate_level_only_gives_the_level_and_leaves_out_what_it_did_not_finish() {
    let monster =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    let input = format!("{monster}\n{SEED}\nxx\n");
    let whole = json_lines(&numpl(&["rate", "-f", "json"], &input));
    let out = numpl(&["rate", "--level-only", "-f", "json"], &input);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let quick = json_lines(&out);
    assert_eq!(quick.len(), 3);
    // Every puzzle keeps its status, solution and level, in input order.
    for (q, w) in quick.iter().zip(&whole) {
        for field in ["index", "status", "solution", "level"] {
            assert_eq!(q.get(field), w.get(field), "{field}: {q}");
        }
    }
    // The monster is found extreme part way: no score, no technique counts.
    assert_eq!(quick[0]["level"], "extreme");
    assert!(quick[0].get("score").is_none(), "{}", quick[0]);
    assert!(quick[0].get("techniques").is_none(), "{}", quick[0]);
    // The seed's sample is rated whole: the same record but the time.
    assert_eq!(quick[1]["score"], whole[1]["score"]);
    assert_eq!(quick[1]["techniques"], whole[1]["techniques"]);
    assert_eq!(quick[2]["status"], "invalid");
    // The readable line and CSV say the same.
    let out = numpl(&["rate", "--level-only"], &format!("{monster}\n"));
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, format!("{monster} solved level=extreme\n"));
    let out = numpl(
        &["rate", "--level-only", "-f", "csv"],
        &format!("{monster}\n"),
    );
    let row = out.stdout.lines().nth(1).unwrap().to_string();
    assert!(row.ends_with(",solved,extreme,"), "{row}");
    // With logic only the level needs the whole solve: a usage error naming both.
    for args in [
        &["rate", "--level-only", "--max-technique", "forcing_net"][..],
        &["rate", "--level-only", "--disable", "brute_force"][..],
    ] {
        let out = numpl(args, &format!("{monster}\n"));
        assert_eq!(out.code, 2, "{args:?}");
        assert_has(&out.stderr, "--level-only needs brute force");
    }
}

#[test]
fn hint_gives_the_one_step_left() {
    // 1234/3412/2143/4321 with r4c4 open: the only step is r4c4 = 1.
    let out = numpl(&["hint"], "123434122143432.\n");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.starts_with("123434122143432.: "),
        "{}",
        out.stdout
    );
    assert_has(&out.stdout, "r4c4 = 1");
    let out = numpl(
        &["hint", "-f", "json"],
        "123434122143432.\n1234341221434321\n",
    );
    let recs = json_lines(&out);
    assert!(
        recs[0]["hint"].as_str().unwrap().contains("r4c4 = 1"),
        "{}",
        recs[0]
    );
    assert!(recs[0].get("status").is_none(), "{}", recs[0]);
    assert_eq!(recs[1]["status"], "solved"); // nothing left to hint
    assert!(recs[1].get("hint").is_none());
}

#[test]
fn explain_lists_every_step() {
    let out = numpl(&["explain"], &format!("{SEED}\n"));
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines[0], format!("# <stdin>:1: {SEED}"));
    assert!(lines[1].starts_with("   1. "), "{}", lines[1]);
    let last = lines.iter().rev().find(|l| !l.is_empty()).unwrap();
    if out.code == 0 {
        // Solved: at least one step per open cell placed a value (58 open cells).
        assert!(last.starts_with("solved after "), "{last}");
        let n: usize = last["solved after ".len()..]
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(n >= 58, "{last}");
        assert_eq!(
            lines.len(),
            n + 3,
            "header, {n} steps, the end line, a blank line"
        );
    } else {
        assert!(last.starts_with("stuck"), "{last}");
    }
    let json = numpl(&["explain", "-f", "json"], &format!("{SEED}\n"));
    let v: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert!(v["steps"].as_array().unwrap().len() >= 2);
    assert_eq!(v["algo"], "human");
}

#[test]
fn solve_detail_shows_candidates_then_the_solution() {
    let out = numpl(&["solve", "-f", "detail"], &format!("{SEED}\n"));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let show = numpl(&["show", "-f", "detail"], &format!("{SEED}\n"));
    // The puzzle's pencil marks (as `show` prints them), two empty lines, the solution.
    let seed_out = std::fs::read_to_string(fixture("seed/sample.expected")).unwrap();
    let solution_part: String = seed_out.split('\n').skip(14).collect::<Vec<_>>().join("\n");
    assert_eq!(
        strip_trailing_spaces(&out.stdout),
        strip_trailing_spaces(&format!("{}\n\n{}", show.stdout, solution_part))
    );
}

#[test]
fn forced_input_formats() {
    // A 16-symbol line read as a line puzzle (a 4x4) or, forced, as a grid row.
    let line = "1234341221434321\n";
    let as_line = numpl(&["show", "--input", "line", "-f", "line"], line);
    assert_eq!((as_line.code, as_line.stdout.as_str()), (0, line));
    let as_row = numpl(&["show", "--input", "grid", "-f", "line"], line);
    assert_eq!(as_row.code, 1);
    assert_has(&as_row.stderr, "<stdin>:1: truncated grid: 1 of 16 rows");
}

/// CSV as the public machine-learning collections ship it: `quizzes,solutions`, `0` for a
/// blank. A CSV input gives CSV output by default; bad rows stay, in order, with a status.
#[test]
fn csv_in_csv_out_keeps_every_row() {
    let dir = tmp_dir("csv");
    let zeros = SEED.replace('.', "0");
    let text = format!(
        "quizzes,solutions\n{zeros},{SEED_SOLUTION}\nnot a puzzle,x\n{},\n{zeros}\n",
        relabel(&zeros, 1)
    );
    let f = write(&dir, "ml.csv", &text);
    let out = numpl(&["solve", &f], "");
    assert_eq!(out.code, 1);
    assert_eq!(
        out.stdout,
        format!(
            "quizzes,solutions,status\n{zeros},{SEED_SOLUTION},solved\n,,invalid\n{},{},solved\n,,invalid\n",
            relabel(&zeros, 1),
            relabel(SEED_SOLUTION, 1)
        )
    );
    assert_has(
        &out.stderr,
        format!("{f}:3: unexpected ` ` at column 4 in a line puzzle"),
    );
    assert_has(
        &out.stderr,
        format!("{f}:5: a CSV row has 1 field; the header has 2"),
    );
    // rate adds level and score; JSON still works on a CSV input.
    let rate = numpl(&["rate", "-q"], &format!("quizzes\n{zeros}\n"));
    let row = rate.stdout.lines().nth(1).unwrap().to_string();
    assert!(
        row.starts_with(&format!("{zeros},{SEED_SOLUTION},solved,")),
        "{row}"
    );
    assert_eq!(
        rate.stdout.lines().next(),
        Some("quizzes,solutions,status,level,score")
    );
    let json = numpl(&["solve", "-f", "json", &f], "");
    let recs = json_lines(&json);
    assert_eq!(recs.len(), 4);
    assert_eq!(
        (recs[0]["line"].as_u64(), recs[0]["puzzle"].as_str()),
        (Some(2), Some(SEED))
    );
    // Line input, CSV output.
    let out = numpl(&["solve", "-f", "csv"], &format!("{SEED}\n"));
    assert_eq!(
        out.stdout,
        format!("quizzes,solutions,status\n{zeros},{SEED_SOLUTION},solved\n")
    );
    // Forced: a header with no puzzle-like name, the first column.
    let out = numpl(
        &["solve", "--input", "csv", "-q"],
        &format!("a,b\n{SEED},1\n"),
    );
    assert_eq!(
        out.stdout.lines().nth(1),
        Some(format!("{zeros},{SEED_SOLUTION},solved").as_str())
    );
    // hint and explain write text or JSON only.
    let out = numpl(&["hint", "-f", "csv"], "");
    assert_eq!(out.code, 2);
    assert_has(&out.stderr, "not `csv`");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn generate_writes_csv_with_the_rating() {
    let out = numpl(
        &["generate", "-n", "3", "--seed", "4", "-f", "csv", "-q"],
        "",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let rows: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(rows[0], "quizzes,solutions,status,level,score");
    assert_eq!(rows.len(), 4);
    for row in &rows[1..] {
        let f: Vec<&str> = row.split(',').collect();
        assert_eq!(f.len(), 5, "{row}");
        assert_eq!((f[0].len(), f[1].len(), f[2]), (81, 81, "solved"));
        assert!(f[0].contains('0') && !f[1].contains('0'), "{row}");
        assert!(
            ["easy", "medium", "hard", "unfair", "extreme"].contains(&f[3]),
            "{row}"
        );
        assert!(f[4].parse::<u32>().is_ok(), "{row}");
    }
    // What it writes reads back, as CSV, to the same puzzles.
    let back = numpl(&["solve", "-q"], &out.stdout);
    let solved: Vec<String> = back.stdout.lines().skip(1).map(String::from).collect();
    let expect: Vec<String> = rows[1..]
        .iter()
        .map(|r| r.splitn(3, ',').take(2).collect::<Vec<_>>().join(",") + ",solved")
        .collect();
    assert_eq!(solved, expect);
}

/// One status everywhere: a puzzle whose candidates show a contradiction (r1c9 can hold
/// nothing but 9, which r2c9 holds) is `unsolvable` for hint, rate and solve alike.
#[test]
fn hint_rate_and_solve_agree_on_a_contradiction() {
    let p = format!("12345678.........9{}\n", ".".repeat(63));
    let hint = numpl(&["hint", "-f", "json", "-q"], &p);
    assert_eq!(json_lines(&hint)[0]["status"], "unsolvable");
    assert_has(&hint.stdout, "\"status\":\"unsolvable\"");
    let text = numpl(&["hint", "-q"], &p);
    assert_has(
        &text.stdout,
        ": unsolvable: the candidates show a contradiction",
    );
    for args in [
        &["rate", "-f", "json"][..],
        &["solve", "--algo", "human", "-f", "json"],
    ] {
        let out = numpl(args, &p);
        assert_eq!(json_lines(&out)[0]["status"], "unsolvable", "{args:?}");
    }
    assert_eq!(numpl(&["solve"], &p).stdout, "unsolvable\n");
}

/// One status everywhere: an empty 4x4 has many solutions and no technique applies to it,
/// so its hint ends `multiple` (exit 1), as its rating does, not `stuck`.
#[test]
fn hint_and_rate_agree_on_a_puzzle_with_several_solutions() {
    let p = format!("{}\n", ".".repeat(16));
    let hint = numpl(&["hint", "-f", "json", "-q"], &p);
    assert_eq!(json_lines(&hint)[0]["status"], "multiple");
    assert_eq!(hint.code, 1);
    let text = numpl(&["hint", "-q"], &p);
    assert_has(
        &text.stdout,
        ": multiple: several solutions, and no technique applies",
    );
    let rate = numpl(&["rate", "-f", "json", "-q"], &p);
    assert_eq!(json_lines(&rate)[0]["status"], "multiple");
}

#[test]
fn a_puzzle_that_cannot_be_made_is_named_once() {
    let out = numpl(
        &[
            "generate",
            "--size",
            "4",
            "--level",
            "extreme",
            "--max-tries",
            "1",
            "--seed",
            "3",
        ],
        "",
    );
    assert_eq!((out.code, out.stdout.as_str()), (1, ""));
    assert_has(&out.stderr, "puzzle 0: no extreme puzzle in 1 try");
    assert!(!out.stderr.contains("puzzle 0: puzzle 0"), "{}", out.stderr);
    assert_has(&out.stderr, "0 generated, 1 failed");
}
mod datasets;
mod hardening;
mod pictures;
mod positions;
mod serve;

/// A random 16x16 (80 givens, many solutions, `fixtures/special/random16.txt`): it needs
/// search.
const RANDOM_16: &str = "......F.6.7.D..8..2..4.6A1....BFE7C..5..G.4....A...G....3.CB.1............1......C3......85..2..5D..F................2..E...F9.7.............8.E.B.4.91..3A...5...G...4....2.C.39.A.8..B...4...........5.G.....B8.FCG.....2...A....E1B9....A...CB1..EA...9F..7.4";

/// The random 16x16: every command that searches ends a puzzle with the status `budget` (exit 1)
/// when its budget runs out, and `--budget none` lifts it.
#[test]
fn every_command_ends_with_budget_when_it_runs_out() {
    let input = format!("{RANDOM_16}\n");
    for algo in [
        &["solve"][..],
        &["solve", "--first"],
        &["solve", "--algo", "full"],
    ] {
        let mut args = algo.to_vec();
        args.extend(["--budget", "50"]);
        let out = numpl(&args, &input);
        assert_eq!((out.code, out.stdout.as_str()), (1, "budget\n"), "{args:?}");
        assert_has(&out.stderr, "1 budget");
    }
    let out = numpl(&["solve", "--algo", "human", "--budget", "50"], &input);
    assert_eq!((out.code, out.stdout.as_str()), (1, "budget\n"));
    let out = numpl(&["rate", "--budget", "50"], &input);
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout, format!("{RANDOM_16} budget\n"));
    let out = numpl(&["hint", "--budget", "50"], &input);
    assert_eq!(out.code, 1);
    assert_has(
        &out.stdout,
        "budget: the uniqueness count stopped at its node budget",
    );
    let out = numpl(&["explain", "--budget", "50"], &input);
    assert_eq!(out.code, 1);
    assert_has(&out.stdout, "budget: the uniqueness count stopped");
    let out = numpl(
        &[
            "generate", "--size", "16", "--seed", "1", "--budget", "50", "-f", "json",
        ],
        "",
    );
    assert_eq!(out.code, 1);
    assert_has(&out.stdout, "\"status\":\"budget\"");
    assert_has(&out.stderr, "budget of 50 nodes");
    assert_has(&out.stderr, "0 generated, 0 failed, 1 budget");
    // No limit: the answer.
    let out = numpl(&["solve", "--budget", "none"], &input);
    assert_eq!((out.code, out.stdout.as_str()), (1, "multiple\n"));
    let out = numpl(&["solve", "--budget", "none"], &format!("{SEED}\n"));
    assert_eq!(
        (out.code, out.stdout.clone()),
        (0, format!("{SEED_SOLUTION}\n"))
    );
    // The default budget is plenty for it.
    let out = numpl(&["solve"], &input);
    assert_eq!((out.code, out.stdout.as_str()), (1, "multiple\n"));
}

/// Progress goes to stderr only when it is a terminal: with stderr piped there is the
/// summary and nothing else, and `-q` leaves nothing at all.
#[test]
fn progress_is_not_drawn_when_stderr_is_not_a_terminal() {
    let out = numpl(&["solve"], &format!("{RANDOM_16}\n{SEED}\n"));
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{:?}", out.stderr);
    assert!(
        lines[0].starts_with("numpl: 2 puzzles: 1 solved, 1 multiple"),
        "{lines:?}"
    );
    assert!(!out.stderr.contains("nodes searched") && !out.stderr.contains('\r'));
    let out = numpl(&["-q", "generate", "--size", "16", "--seed", "2"], "");
    assert_eq!(out.code, 0);
    assert_eq!(out.stderr, "");
}

/// A puzzle whose logical solution takes one XY-Wing (`generate --require xy_wing
/// --max-technique xy_wing --seed 1`): hard, 758.
const XY_WING: &str =
    ".32.6..4...9..8....5..7....6...9...3...5.7...4...8...2....4..9....1..2...4..3.68.";

#[test]
fn enable_and_disable_turn_techniques_on_and_off() {
    let input = format!("{XY_WING}\n");
    let out = numpl(&["rate"], &input);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .starts_with(&format!("{XY_WING} solved level=hard score=758 ")),
        "{}",
        out.stdout
    );
    assert_has(&out.stdout, " xy_wing=1");
    // Without XY-Wings an XY-Chain (unfair, 260) does its work: the rating changes.
    let out = numpl(&["rate", "--disable", "xy_wing"], &input);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .starts_with(&format!("{XY_WING} solved level=unfair score=858 ")),
        "{}",
        out.stdout
    );
    assert_has(&out.stdout, " xy_chain=1");
    assert!(!out.stdout.contains("xy_wing"), "{}", out.stdout);
    // Names as --max-technique takes them, comma-separated or repeated; json too.
    let out = numpl(
        &[
            "rate",
            "-f",
            "json",
            "--disable",
            "XY-Wing,x_chain",
            "--disable",
            "aic",
        ],
        &input,
    );
    let rec = &json_lines(&out)[0];
    assert_eq!(rec["level"], "unfair", "{rec}");
    assert!(rec["techniques"].get("xy_wing").is_none(), "{rec}");
    // explain and solve --algo human follow them; hint too.
    let out = numpl(&["explain"], &input);
    assert_has(&out.stdout, "XY-Wing");
    let out = numpl(&["explain", "--disable", "xy_wing"], &input);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(!out.stdout.contains("XY-Wing"), "{}", out.stdout);
    assert_has(&out.stdout, "XY-Chain");
    let out = numpl(&["solve", "--algo", "human", "-f", "json"], &input);
    assert!(json_lines(&out)[0]["techniques"].get("xy_wing").is_some());
    let out = numpl(
        &[
            "solve",
            "--algo",
            "human",
            "-f",
            "json",
            "--disable",
            "xy_wing",
        ],
        &input,
    );
    let rec = &json_lines(&out)[0];
    assert_eq!(rec["status"], "solved", "{rec}");
    assert!(rec["techniques"].get("xy_wing").is_none(), "{rec}");
    let out = numpl(&["hint"], &input);
    assert_has(&out.stdout, "Naked Single");
    let singles = "full_house,naked_single,hidden_single";
    let out = numpl(&["hint", "--disable", singles], &input);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_has(&out.stdout, "Locked Triple");
    // Brute force off: logic only, stuck, and as hard as what was left out.
    let monster =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    let out = numpl(
        &["rate", "--disable", "brute_force"],
        &format!("{monster}\n"),
    );
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stdout
            .starts_with(&format!("{monster} stuck level=extreme score=")),
        "{}",
        out.stdout
    );
}

#[test]
fn generate_makes_puzzles_that_need_only_techniques_left_on() {
    // Up to XY-Wing, without naked and hidden singles (full houses and the rest stay):
    // every puzzle made is solved by the human solver under the same limits. (Under no
    // limit the flag changes nothing: HoDoKu's forcing chains follow the singles'
    // implications, so they finish whatever singles would.)
    let singles = "naked_single,hidden_single";
    let limit = ["--max-technique", "xy_wing", "--disable", singles];
    let mut args = vec!["generate", "-n", "6", "--seed", "3"];
    args.extend(limit);
    let out = numpl(&args, "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let mut rate = vec!["rate"];
    rate.extend(limit);
    let rated = numpl(&rate, &out.stdout);
    assert_eq!(rated.code, 0, "{}\n{}", rated.stdout, rated.stderr);
    assert_eq!(
        rated.stdout.matches(" solved ").count(),
        6,
        "{}",
        rated.stdout
    );
    assert!(!rated.stdout.contains("naked_single"), "{}", rated.stdout);
    // The same seed and limit without the flag makes puzzles that need singles, which
    // the limited solver cannot finish: the flag is what made the difference.
    let plain = numpl(
        &[
            "generate",
            "-n",
            "6",
            "--seed",
            "3",
            "--max-technique",
            "xy_wing",
        ],
        "",
    );
    assert_eq!(plain.code, 0, "{}", plain.stderr);
    let rated = numpl(&rate, &plain.stdout);
    assert_eq!(rated.code, 1, "{}", rated.stdout);
    assert!(rated.stdout.contains(" stuck "), "{}", rated.stdout);
}

#[test]
fn enable_and_disable_are_checked() {
    let input = format!("{XY_WING}\n");
    let out = numpl(&["rate", "--disable", "magic"], &input);
    assert_eq!(out.code, 2);
    assert_has(&out.stderr, "unknown technique `magic`");
    let out = numpl(
        &["hint", "--enable", "x_wing", "--disable", "x_wing"],
        &input,
    );
    assert_eq!(out.code, 2);
    assert_has(
        &out.stderr,
        "--enable x_wing and --disable x_wing contradict",
    );
    let out = numpl(&["solve", "--disable", "x_wing"], &input);
    assert_eq!(out.code, 2);
    assert_has(&out.stderr, "add `--algo human`");
    let out = numpl(
        &["generate", "--require", "xy_wing", "--disable", "xy_wing"],
        "",
    );
    assert_eq!(out.code, 2);
    assert_has(&out.stderr, "require xy_wing contradicts disable xy_wing");
}

#[test]
fn show_exports_f_puzzles_json_and_links_that_read_back() {
    // A classic puzzle as f-puzzles JSON, then as a SudokuPad link, then back as a line.
    let json = numpl(&["show", "--export", "fpuzzles"], &format!("{SEED}\n"));
    assert_eq!(json.code, 0, "{}", json.stderr);
    let v: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert_eq!(v["size"], 9);
    assert_eq!(
        v["grid"][0][1],
        serde_json::json!({"value": 2, "given": true})
    );
    let pad = numpl(&["show", "--export", "sudokupad-link"], &json.stdout);
    assert_eq!(pad.code, 0, "{}", pad.stderr);
    assert_has(&pad.stdout, "https://sudokupad.app/fpuzzles");
    let line = numpl(&["show", "-f", "line"], &pad.stdout);
    assert_eq!(line.stdout, format!("{SEED}\n"));
    // A variant (numpl's record) as an f-puzzles link, which reads back as the same
    // f-puzzles JSON; a 4x4 killer from f-puzzles JSON solves.
    let record = r#"{"box":"2x2","givens":"..343412214343..","constraints":[{"type":"cage","sum":3,"cells":["r1c1","r1c2"]},{"type":"cage","sum":3,"cells":["r4c3","r4c4"]}]}"#;
    let direct = numpl(&["show", "--export", "fpuzzles"], &format!("{record}\n"));
    let link = numpl(
        &["show", "--export", "fpuzzles-link"],
        &format!("{record}\n"),
    );
    assert_has(&link.stdout, "https://www.f-puzzles.com/?load=");
    let back = numpl(&["show", "--export", "fpuzzles"], &link.stdout);
    assert_eq!(back.stdout, direct.stdout);
    assert_has(
        &direct.stdout,
        r#""killercage":[{"cells":["R1C1","R1C2"],"value":"3"}"#,
    );
    let solved = numpl(&["solve", "-f", "line"], &direct.stdout);
    assert_eq!(solved.stdout, "1234341221434321\n", "{}", solved.stderr);
    // What f-puzzles cannot hold is invalid, saying why; --export takes no --format.
    let slow = r#"{"constraints":[{"type":"slow-thermo","cells":["r1c1","r1c2"]}]}"#;
    let out = numpl(&["show", "--export", "fpuzzles"], &format!("{slow}\n"));
    assert_eq!((out.code, out.stdout.as_str()), (1, "invalid\n"));
    assert_has(&out.stderr, "a slow thermometer has no f-puzzles form");
    let out = numpl(&["show", "--export", "fpuzzles", "-f", "json"], "");
    assert_eq!(out.code, 2);
    assert_has(
        &out.stderr,
        "--export writes its own lines: drop `--format json`",
    );
}

/// `rate --scale se`: Sudoku Explainer's ER/EP/ED in text, JSON and CSV; a puzzle with
/// several solutions gets its status and no rating; HoDoKu's options are refused with it.
#[test]
fn rate_on_sudoku_explainers_scale() {
    // se-sample's first puzzle: serate 1.2.1.3 rates it 7.5/1.2/1.2.
    let p = "..21....8.68....4.71...9...8..2.17......6......59.8..3...6...17.7....83.2....79..";
    let many = format!("{}1{}", ".".repeat(75), ".".repeat(5));
    let out = numpl(&["rate", "--scale", "se"], &format!("{p}\n"));
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_has(
        &out.stdout,
        "solved ER=7.5/1.2/1.2 er=\"Aligned Triplet Exclusion\"",
    );
    let out = numpl(
        &["rate", "--scale", "se", "-f", "json"],
        &format!("{p}\n{many}\n"),
    );
    let recs = json_lines(&out);
    assert_eq!(recs[0]["er"], "7.5");
    assert_eq!(recs[0]["ep"], "1.2");
    assert_eq!(recs[0]["ed"], "1.2");
    assert_eq!(recs[0]["er_technique"], "Aligned Triplet Exclusion");
    assert_eq!(recs[1]["status"], "multiple");
    assert!(recs[1].get("er").is_none());
    let out = numpl(&["rate", "--scale", "se", "-f", "csv"], &format!("{p}\n"));
    let mut lines = out.stdout.lines();
    assert_eq!(
        lines.next(),
        Some("quizzes,solutions,status,er,ep,ed,er_technique,ep_technique,ed_technique")
    );
    assert!(lines
        .next()
        .unwrap()
        .ends_with(",solved,7.5,1.2,1.2,Aligned Triplet Exclusion,Hidden Single,Hidden Single"));
    let out = numpl(
        &["rate", "--scale", "se", "--level-only"],
        &format!("{p}\n"),
    );
    assert_eq!(out.code, 2);
}

/// `explain --scale se` lists serate's steps with their SE difficulty and ends with ER/EP/
/// ED; `hint --scale se` gives the first of them; pictures and HoDoKu's options are refused.
#[test]
fn explain_and_hint_on_sudoku_explainers_scale() {
    // se-sample (serate 1.2.1.3): 7.5/1.2/1.2, the 7.5 an aligned triplet exclusion.
    let p = "..21....8.68....4.71...9...8..2.17......6......59.8..3...6...17.7....83.2....79..";
    let out = numpl(&["explain", "--scale", "se"], &format!("{p}\n"));
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_has(&out.stdout, ". Aligned Triplet Exclusion (7.5) => r");
    assert_has(&out.stdout, "(ER 7.5, EP 1.2, ED 1.2)");
    let first = out.stdout.lines().nth(1).unwrap();
    assert!(
        first.starts_with("   1. ") && first.contains(" (1."),
        "{first}"
    );
    let hint = numpl(&["hint", "--scale", "se"], &format!("{p}\n"));
    assert_eq!(hint.stdout, format!("{p}: {}\n", &first[6..]));
    let recs = json_lines(&numpl(
        &["explain", "--scale", "se", "-f", "json"],
        &format!("{p}\n"),
    ));
    assert_eq!(
        (recs[0]["er"].as_str(), recs[0]["status"].as_str()),
        (Some("7.5"), Some("solved"))
    );
    let steps = recs[0]["steps"].as_array().unwrap();
    assert_eq!(steps[0].as_str(), Some(&first[6..]));
    let recs = json_lines(&numpl(
        &["hint", "--scale", "se", "-f", "json"],
        &format!("{p}\n"),
    ));
    assert_eq!(recs[0]["hint"].as_str(), Some(&first[6..]));
    // Several solutions: the status, no step.
    let out = numpl(&["hint", "--scale", "se"], &format!("{}\n", ".".repeat(81)));
    assert_has(&out.stdout, "multiple: the puzzle has several solutions");
    for args in [
        &["explain", "--scale", "se", "-f", "svg"][..],
        &["hint", "--scale", "se", "--disable", "x_wing"][..],
    ] {
        let out = numpl(args, &format!("{p}\n"));
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
    }
}

/// `generate --variant`: each kind's records read back as variant puzzles with one
/// solution, the one the JSON record carries; the same seed repeats whatever `--threads`;
/// what a variant cannot be (a rating level, a grid picture, windoku on 4x4) is refused.
/// `generate --variant KIND --level L`: each record has the level; `rate` of its line
/// gives the same level and `solved`; `explain` lists steps in words ending `solved after`;
/// `hint` gives the first of them; `rate --format csv` has the level column.
#[test]
fn variant_puzzles_are_rated_hinted_and_explained_at_a_level() {
    for (kind, level) in [("killer", "easy"), ("jigsaw", "medium"), ("thermo", "easy")] {
        let args = [
            "generate",
            "--variant",
            kind,
            "--level",
            level,
            "-n",
            "2",
            "--seed",
            "9",
        ];
        let lines = numpl(&args, "");
        assert_eq!(lines.code, 0, "{kind}: {}", lines.stderr);
        let made = json_lines(&numpl(&[&args[..], &["-f", "json"]].concat(), ""));
        assert!(made.iter().all(|r| r["level"] == level), "{kind}: {made:?}");
        let rated = json_lines(&numpl(&["rate", "-f", "json"], &lines.stdout));
        assert_eq!(rated.len(), 2);
        for (r, m) in rated.iter().zip(&made) {
            assert_eq!(r["status"], "solved", "{kind}");
            assert_eq!(r["level"], level, "{kind}");
            assert_eq!(r["solution"], m["solution"], "{kind}");
            assert!(r["score"].as_u64().unwrap() > 0);
            assert!(r["techniques"].as_object().unwrap().len() >= 2);
        }
        let first = lines.stdout.lines().next().unwrap().to_string() + "\n";
        let explained = numpl(&["explain"], &first);
        assert_eq!(explained.code, 0, "{}", explained.stderr);
        let steps: Vec<&str> = explained
            .stdout
            .lines()
            .filter(|l| l.trim_start().starts_with("1. "))
            .collect();
        assert_eq!(steps.len(), 1, "{}", explained.stdout);
        assert_has(&explained.stdout, format!("level {level}"));
        let hint = numpl(&["hint"], &first);
        let said = hint
            .stdout
            .rsplit_once("}: ")
            .map(|(_, h)| h.trim())
            .unwrap();
        assert_eq!(
            said,
            steps[0].trim_start().trim_start_matches("1. "),
            "{kind}"
        );
        let csv = numpl(&["rate", "-f", "csv"], &first);
        assert_has(&csv.stdout, format!(",solved,{level},"));
    }
    // Killer options: cages of 2 or 3 cells; givens over bigger cages.
    let small = json_lines(&numpl(
        &[
            "generate",
            "--variant",
            "killer",
            "--cage-cells",
            "2-3",
            "-n",
            "2",
            "--seed",
            "3",
            "-f",
            "json",
        ],
        "",
    ));
    for r in &small {
        let cages = r["variant"]["constraints"].as_array().unwrap();
        assert!(
            cages
                .iter()
                .all(|c| c["cells"].as_array().unwrap().len() <= 3),
            "{r}"
        );
        assert_eq!(r["givens"], 0);
    }
    let given = json_lines(&numpl(
        &[
            "generate",
            "--variant",
            "killer",
            "--cage-cells",
            "4-5",
            "--killer-givens",
            "-n",
            "1",
            "--seed",
            "3",
            "-f",
            "json",
        ],
        "",
    ));
    assert!(given[0]["givens"].as_u64().unwrap() > 0, "{}", given[0]);
    for (args, says) in [
        (
            &["generate", "--variant", "jigsaw", "--killer-givens"][..],
            "options of killer",
        ),
        (
            &["generate", "--cage-cells", "2-3"][..],
            "go with --variant killer",
        ),
        (
            &["generate", "--variant", "killer", "--cage-cells", "two"][..],
            "MIN-MAX",
        ),
    ] {
        let out = numpl(args, "");
        assert_eq!(out.code, 2, "{args:?}");
        assert_has(&out.stderr, says);
    }
    // A classic technique limit is refused for a variant, in words.
    let line = numpl(
        &["generate", "--variant", "x", "-n", "1", "--seed", "2"],
        "",
    )
    .stdout;
    let out = numpl(&["rate", "--max-technique", "x_wing"], &line);
    assert_has(&out.stderr, "names a classic technique");
}

#[test]
fn generate_variant_puzzles_read_back_unique() {
    for kind in ["killer", "jigsaw", "x", "windoku", "thermo"] {
        let lines = numpl(
            &[
                "generate",
                "--variant",
                kind,
                "-n",
                "3",
                "--seed",
                "4",
                "--threads",
                "2",
            ],
            "",
        );
        assert_eq!(lines.code, 0, "{kind}: {}", lines.stderr);
        let again = numpl(
            &["generate", "--variant", kind, "-n", "3", "--seed", "4"],
            "",
        );
        assert_eq!(lines.stdout, again.stdout, "{kind}: the seed repeats");
        let json = json_lines(&numpl(
            &[
                "generate",
                "--variant",
                kind,
                "-n",
                "3",
                "--seed",
                "4",
                "-f",
                "json",
            ],
            "",
        ));
        let solved = json_lines(&numpl(&["solve", "-f", "json"], &lines.stdout));
        assert_eq!(solved.len(), 3);
        for (s, g) in solved.iter().zip(&json) {
            assert_eq!(s["status"], "solved", "{kind}");
            assert_eq!(s["solution"], g["solution"], "{kind}");
            assert!(s["variant"].is_object(), "{kind}: read back as a variant");
        }
        if kind == "killer" {
            assert_eq!(json[0]["givens"], 0);
        }
    }
    for (args, says) in [
        (
            &["generate", "--variant", "thermo", "--level", "extreme"][..],
            "easy, medium and hard",
        ),
        (
            &["generate", "--variant", "killer", "--require", "x_wing"][..],
            "not with --require",
        ),
        (
            &["generate", "--variant", "x", "-f", "grid"][..],
            "variant records",
        ),
        (
            &["generate", "--variant", "windoku", "--size", "4"][..],
            "windoku",
        ),
        (&["generate", "--variant", "kakuro"][..], "killer, jigsaw"),
    ] {
        let out = numpl(args, "");
        assert_eq!(out.code, 2, "{args:?}");
        assert_has(&out.stderr, says);
    }
}

/// A grid of values from 0 (ISS's `Shape~4x4~0-3`, numpl's `"values":"0-3"`): `solve`
/// writes its solution in its own alphabet (`0` a value), in lines, JSON and the grid
/// layout; `show` writes it back as its record; `rate`, `hint` and `explain` speak its
/// values; f-puzzles' export refuses it.
#[test]
fn values_from_zero_solve_in_their_own_alphabet() {
    // A 4x4 killer from 0 (0123/2301/1032/3210): r1c1 and r1c2 add up to 1, r1c1 is 0
    // or 2, r4c4 is given 0.
    let iss = concat!(
        ".Shape~4x4~0-3.~R4C4_0~R1C1_0_2.Cage~1~R1C1~R1C2.Cage~5~R1C3~R1C4.Cage~3~R2C1~R3C1",
        ".Cage~3~R2C2~R2C3.Cage~3~R2C4~R3C4.Cage~2~R3C2~R4C2.Cage~4~R3C3~R4C3~R4C4.Cage~3~R4C1\n"
    );
    let solved = numpl(&["solve"], iss);
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    let line = solved.stdout.trim().to_string();
    assert_eq!(line, "0123230110323210");
    let rec = &json_lines(&numpl(&["solve", "-f", "json"], iss))[0];
    assert_eq!(rec["solution"], line);
    assert_eq!(rec["variant"]["values"], "0-3");
    assert_eq!(rec["puzzle"], "...............0");
    // Its record reads back as the same puzzle.
    let shown = numpl(&["show"], iss);
    assert!(
        shown.stdout.contains(r#""values":"0-3""#),
        "{}",
        shown.stdout
    );
    assert_eq!(numpl(&["solve"], &shown.stdout).stdout.trim(), line);
    let grid = numpl(&["solve", "-f", "grid"], iss);
    assert!(grid.stdout.contains("  0  1   2  3"), "{}", grid.stdout);
    // The variant techniques speak the puzzle's values.
    let rated = &json_lines(&numpl(&["rate", "-f", "json"], iss))[0];
    assert_eq!(rated["status"], "solved");
    assert_eq!(rated["level"], "easy");
    assert_eq!(rated["solution"], line);
    let explained = numpl(&["explain"], iss);
    assert!(
        explained
            .stdout
            .contains("Cage Combination: cage r1c1 (1 in 2 cells) is 0+1"),
        "{}",
        explained.stdout
    );
    let hint = &json_lines(&numpl(&["hint", "-f", "json"], iss))[0];
    assert_eq!(
        hint["hint"],
        "Even and Odd Cells: r1c1 is one of {0,2} => r1c1 <> 1/3"
    );
    let export = numpl(&["show", "--export", "fpuzzles"], iss);
    assert!(
        export
            .stderr
            .contains("f-puzzles has no grid of values 0-3"),
        "{}",
        export.stderr
    );
}
