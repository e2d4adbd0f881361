//! What a hostile or unlucky user does: outputs that are devices, FIFOs and symlinks,
//! interrupts, a stderr that cannot be written, control bytes in the input.

use std::fs::File;
use std::process::{Command, Stdio};

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
#[test]
fn a_picture_folder_that_cannot_be_written_stops_at_the_first_error() {
    let input = format!("{SEED}\n").repeat(200);
    for threads in ["1", "4"] {
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
