//! What a hostile or unlucky user does: outputs that are devices, FIFOs and symlinks,
//! interrupts, a stderr that cannot be written, control bytes in the input.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::{assert_has, numpl, tmp_dir, write, BIN, SEED, SEED_SOLUTION};

/// A failed write to stderr (a full disk, a closed pipe) loses the message, never aborts.
#[test]
fn a_stderr_that_cannot_be_written_never_aborts() {
    let dir = tmp_dir("stderr-full");
    let good = write(&dir, "good.txt", &format!("{SEED}\n"));
    let bad = write(&dir, "bad.txt", &format!("{SEED}\nxx\n"));
    // 0 for the good file (summary lost), 1 for the bad one (its message lost too), 2 for
    // a file that cannot be opened: each as with a working stderr.
    for (file, want) in [(&good, 0), (&bad, 1), (&"/no/such/file".to_string(), 2)] {
        let full = File::options()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let out = Command::new(BIN)
            .args(["solve", file])
            .env_remove("RUST_LOG")
            .stderr(Stdio::from(full))
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(want), "{file}: {:?}", out.status);
        if want < 2 {
            let stdout = String::from_utf8(out.stdout).unwrap();
            assert!(stdout.starts_with(SEED_SOLUTION), "{stdout}");
        }
        // A closed pipe: the reading end is gone before numpl writes anything.
        let mut child = Command::new(BIN)
            .args(["solve", file])
            .env_remove("RUST_LOG")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
        drop(child.stderr.take());
        let status = child.wait().expect("ends");
        assert_eq!(
            status.code(),
            Some(want),
            "{file} (closed pipe): {status:?}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// `--budget 0` would stop every search before its first node: a usage error that says
/// so, not a budget silently ignored (the seed used to end `solved` with 60 nodes).
#[test]
fn a_budget_of_zero_is_refused() {
    for args in [
        &["solve", "--budget", "0"][..],
        &["solve", "--budget", "0_0", "--algo", "full"],
        &["rate", "--budget", "0"],
        &["generate", "--budget", "0"],
    ] {
        let out = numpl(args, &format!("{SEED}\n"));
        assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{args:?}");
        assert_has(&out.stderr, "a budget of 0 nodes would stop every search");
        assert_has(&out.stderr, "`none` for no limit");
    }
    let out = numpl(&["solve", "--budget", "1000"], &format!("{SEED}\n"));
    assert_eq!((out.code, out.stdout.trim()), (0, SEED_SOLUTION));
}

/// A picture folder that cannot be written fails every picture the same way: one message,
/// the run stops, exit 2 (it printed one "cannot write" per puzzle, 1,465 for a file).
/// With several workers a later puzzle may fail first; the message still comes (it was
/// lost about one run in thirty when only the first failure carried it), so four-worker
/// runs are repeated.
#[test]
fn a_picture_folder_that_cannot_be_written_stops_at_the_first_error() {
    let input = format!("{SEED}\n").repeat(200);
    for threads in ["1", "4", "4", "4", "4", "4", "4", "4", "4"] {
        // /proc/self exists as a folder, and nothing can be made in it.
        let args = [
            "show",
            "-f",
            "svg",
            "--out",
            "/proc/self",
            "--threads",
            threads,
        ];
        let out = numpl(&args, &input);
        assert_eq!(out.code, 2, "{}", out.stderr);
        assert_eq!(
            out.stderr.matches("cannot write").count(),
            1,
            "{}",
            out.stderr
        );
        assert_has(&out.stderr, "no more pictures are written");
    }
}

/// Control bytes of the input (ESC, NUL, 0x01) never reach the terminal raw: every message
/// quoting input escapes them (`\u{1b}`), on stdout (`# invalid:`) and on stderr.
#[test]
fn control_bytes_of_the_input_are_escaped_in_every_message() {
    let inputs = [
        ("12\x1b[31m3\n", "unknown symbol `\\u{1b}` at r1c3"),
        ("\x01\x00abc\n", "(`\\u{1}\\0abc`)"),
        ("1.3\x1b.\n", "(`1.3\\u{1b}.`)"),
    ];
    for (input, quoted) in inputs {
        for format in ["grid", "line"] {
            let out = numpl(&["solve", "-f", format], input);
            assert_eq!(out.code, 1, "{input:?}: {}", out.stderr);
            for text in [&out.stdout, &out.stderr] {
                assert!(
                    !text.contains(['\x1b', '\0', '\x01']),
                    "{input:?}: raw control byte in {text:?}"
                );
            }
            assert_has(&out.stderr, quoted);
            if format == "grid" {
                assert_has(&out.stdout, "# invalid: <stdin>:1: ");
                assert_has(&out.stdout, quoted);
            }
        }
    }
    let out = numpl(&["solve", "--symbols", "a\x1ba"], "");
    assert_eq!(out.code, 2);
    assert_has(&out.stderr, "--symbols: `a` appears twice");
    let out = numpl(&["solve", "--symbols", "a\x1b\x1b"], "");
    assert_has(&out.stderr, "--symbols: `\\u{1b}` appears twice");
}

/// The slow input: 16x16 puzzles the human solver takes a noticeable time to rate
/// (about a tenth of a second each on a 2-core machine, unoptimised CLI, optimised
/// solver), `copies` times over.
fn slow_input(dir: &std::path::Path, copies: usize) -> String {
    let one = include_str!("slow16.txt");
    write(dir, "slow.txt", &one.repeat(copies))
}

/// A run with stdout read line by line as it comes: after the first record, `signal`
/// (`INT` or `TERM`) is sent. Returns the exit code, the records, stderr, and how long the
/// first record took.
fn interrupt_after_first_record(
    args: &[&str],
    signal: &str,
) -> (Option<i32>, Vec<String>, String, Duration) {
    let start = Instant::now();
    let mut child = Command::new(BIN)
        .args(args)
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let stdout = child.stdout.take().expect("piped");
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut stderr = child.stderr.take().expect("piped");
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    // The whole run takes tens of seconds; its first record comes within a second or so.
    let first = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("a first record long before the run ends");
    let first_after = start.elapsed();
    assert!(
        child.try_wait().expect("waits").is_none(),
        "the run ended before its first record was read: not streamed"
    );
    let sent = Command::new("kill")
        .args([format!("-{signal}"), child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let mut records = vec![first];
    records.extend(rx.iter());
    let status = child.wait().expect("ends");
    reader.join().expect("stdout reader");
    let stderr = err_reader.join().expect("stderr reader");
    (status.code(), records, stderr, first_after)
}

/// A slow `rate` streams its records in order as they finish (it held them per 4,096
/// puzzles), and SIGINT or SIGTERM ends it with every finished record written, in order
/// and without a hole, the summary, and exit status 130 (it wrote 0 of ~600 records).
#[test]
fn an_interrupted_batch_writes_what_it_finished_with_its_summary() {
    let dir = tmp_dir("interrupt-batch");
    let copies = 10;
    let input = slow_input(&dir, copies);
    let total = 40 * copies;
    for (threads, signal) in [("2", "INT"), ("1", "TERM")] {
        let args = ["rate", "-f", "json", "--threads", threads, &input];
        let (code, records, stderr, first_after) = interrupt_after_first_record(&args, signal);
        assert_eq!(code, Some(130), "{signal}: {stderr}");
        assert!(first_after < Duration::from_secs(30), "{first_after:?}");
        assert!(
            !records.is_empty() && records.len() < total,
            "{}",
            records.len()
        );
        for (i, line) in records.iter().enumerate() {
            let v: serde_json::Value = serde_json::from_str(line).expect("whole JSON lines");
            assert_eq!(v["index"], i, "records in input order, none missing");
            assert_eq!(v["status"], "solved");
        }
        let n = records.len();
        assert_has(&stderr, format!("numpl: {n} puzzle"));
        assert_has(&stderr, format!("{n} solved"));
        assert_has(&stderr, "interrupted");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// SIGINT while `print` works: exit 130, no PDF, and no temporary file left behind
/// (interrupted runs left `.X.pdf.<pid>.tmp` files of 18-23 MB).
#[test]
fn an_interrupted_print_leaves_no_file_behind() {
    let dir = tmp_dir("interrupt-print");
    let input = slow_input(&dir, 5);
    let out = dir.join("sheet.pdf");
    let mut child = Command::new(BIN)
        .args(["print", "--threads", "2", "--out"])
        .arg(&out)
        .arg(&input)
        .env_remove("RUST_LOG")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    // Rating 200 of these takes the run several seconds: it is still preparing the sheet.
    std::thread::sleep(Duration::from_secs(1));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let status = child.wait().expect("ends");
    let mut stderr = String::new();
    let _ = child
        .stderr
        .take()
        .expect("piped")
        .read_to_string(&mut stderr);
    assert_eq!(status.code(), Some(130), "{stderr}");
    assert_has(&stderr, "interrupted");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .expect("dir")
        .map(|e| e.expect("entry").file_name())
        .filter(|n| n != "slow.txt")
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
    let _ = std::fs::remove_dir_all(dir);
}

fn print_to(out: &std::path::Path, input: &str) -> (Option<i32>, String) {
    let o = Command::new(BIN)
        .args(["print", "--out"])
        .arg(out)
        .arg(input)
        .env_remove("RUST_LOG")
        .stdout(Stdio::null())
        .output()
        .expect("runs");
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// `print --out` replaces only a regular file: a FIFO is written to (its reader gets the
/// PDF; it was replaced by a file), a symbolic link is followed (its target gets the PDF,
/// the link stays), a folder is refused, `-` is stdout.
#[test]
fn print_writes_fifos_links_and_stdout_as_they_are() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tmp_dir("print-targets");
    let input = write(&dir, "in.txt", &format!("{SEED}\n"));
    // A FIFO, read by another process as numpl writes it.
    let fifo = dir.join("pipe.pdf");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo")
        .success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).expect("read the FIFO"))
    };
    let (code, stderr) = print_to(&fifo, &input);
    assert_eq!(code, Some(0), "{stderr}");
    let got = reader.join().expect("FIFO reader");
    assert!(
        got.starts_with(b"%PDF"),
        "the FIFO's reader got {} bytes",
        got.len()
    );
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());
    // A symbolic link to an old sheet: the sheet is replaced, the link kept.
    let target = dir.join("target.pdf");
    std::fs::write(&target, "old").unwrap();
    let link = dir.join("link.pdf");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let (code, stderr) = print_to(&link, &input);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::read(&target).unwrap().starts_with(b"%PDF"));
    // A folder: refused, left alone.
    let (code, stderr) = print_to(&dir, &input);
    assert_eq!(code, Some(2), "{stderr}");
    assert_has(&stderr, "it is a folder");
    // Nothing else was made beside them (no temporary file).
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["in.txt", "link.pdf", "pipe.pdf", "target.pdf"]);
    // `-`: stdout.
    let o = Command::new(BIN)
        .args(["print", "--out", "-", &input])
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stdout.starts_with(b"%PDF"));
    let _ = std::fs::remove_dir_all(dir);
}
