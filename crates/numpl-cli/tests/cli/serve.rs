//! `numpl serve`: the binary on a free loopback port, its records against the CLI's
//! `--format json` for the same puzzles, and SIGTERM ending it with exit status 0.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use serde_json::Value;

use super::{numpl, BIN, SEED, SEED_SOLUTION};

struct Served {
    child: Child,
    addr: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(extra: &[&str]) -> Served {
    let mut child = Command::new(BIN)
        .args(["serve", "--listen", "127.0.0.1:0"])
        .args(extra)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("numpl serve starts");
    let mut line = String::new();
    BufReader::new(child.stderr.take().expect("piped"))
        .read_line(&mut line)
        .expect("a line on stderr");
    let addr = line
        .strip_prefix("listening on http://")
        .and_then(|s| s.trim_end().strip_suffix('/'))
        .unwrap_or_else(|| panic!("the first line says where: {line:?}"))
        .to_string();
    Served { child, addr }
}

fn post(addr: &str, path: &str, body: &Value) -> (u16, Value) {
    post_to(addr, addr, path, body)
}

/// A request to `addr` whose `Host` is `host`.
fn post_to(addr: &str, host: &str, path: &str, body: &Value) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).expect("connects");
    let body = body.to_string();
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut reply = String::new();
    s.read_to_string(&mut reply).unwrap();
    let (head, body) = reply.split_once("\r\n\r\n").expect("a header block");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, serde_json::from_str(body).expect("JSON"))
}

/// The CLI's record for the same work, without what differs by nature: where the puzzle
/// came from (`file`, and `index` in a stream; the API has neither) and the time taken
/// (`micros`).
fn cli_record(args: &[&str], stdin: &str) -> serde_json::Map<String, Value> {
    let out = numpl(args, stdin);
    let mut v: serde_json::Map<String, Value> =
        serde_json::from_str(out.stdout.lines().next().unwrap()).unwrap();
    v.remove("file");
    v.remove("index");
    v.remove("micros");
    v
}

fn api_record(v: Value, drop: &[&str]) -> serde_json::Map<String, Value> {
    let mut v = v.as_object().unwrap().clone();
    v.remove("micros");
    for d in drop {
        v.remove(*d);
    }
    v
}

#[test]
fn serve_answers_with_the_cli_records_and_stops_on_sigterm() {
    let mut s = serve(&[]);
    let puzzle = serde_json::json!({"puzzle": SEED});
    // Same fields, same order, same values as `--format json`.
    for (path, args, algo) in [
        ("/api/solve", vec!["solve", "-f", "json", "-q"], None),
        (
            "/api/solve",
            vec!["solve", "-f", "json", "-q", "--algo", "human"],
            Some("human"),
        ),
        (
            "/api/solve",
            vec!["solve", "-f", "json", "-q", "--algo", "full"],
            Some("full"),
        ),
        ("/api/rate", vec!["rate", "-f", "json", "-q"], None),
        ("/api/hint", vec!["hint", "-f", "json", "-q"], None),
        ("/api/explain", vec!["explain", "-f", "json", "-q"], None),
    ] {
        let mut body = puzzle.clone();
        if let Some(a) = algo {
            body["algo"] = a.into();
        }
        let (status, v) = post(&s.addr, path, &body);
        assert_eq!(status, 200, "{path}");
        // The API's extensions: the step of a hint, every step's moves of an explanation.
        let api = api_record(v, &["step", "moves"]);
        let cli = cli_record(&args, &format!("{SEED}\n"));
        let keys = |m: &serde_json::Map<String, Value>| m.keys().cloned().collect::<Vec<_>>();
        assert_eq!(keys(&api), keys(&cli), "{path} {args:?}: field order");
        assert_eq!(api, cli, "{path} {args:?}");
    }
    let (_, v) = post(&s.addr, "/api/solve", &puzzle);
    assert_eq!(v["solution"], SEED_SOLUTION);
    // A generated puzzle: the same record as `numpl generate --format json`.
    let (status, v) = post(
        &s.addr,
        "/api/generate",
        &serde_json::json!({"seed": 9, "count": 2}),
    );
    assert_eq!(status, 200);
    let out = numpl(
        &[
            "generate", "-f", "json", "-q", "--seed", "9", "--count", "2",
        ],
        "",
    );
    for (api, line) in v.as_array().unwrap().iter().zip(out.stdout.lines()) {
        let mut cli: serde_json::Map<String, Value> = serde_json::from_str(line).unwrap();
        cli.remove("micros");
        // The web writes the seed as a string (a browser keeps every digit), in its place.
        let seed = cli["seed"].as_u64().unwrap().to_string();
        cli.insert("seed".into(), Value::String(seed));
        let api = api_record(api.clone(), &[]);
        assert_eq!(
            api.keys().collect::<Vec<_>>(),
            cli.keys().collect::<Vec<_>>()
        );
        assert_eq!(api, cli);
    }
    // SIGTERM: exit 0.
    let pid = s.child.id().to_string();
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    let status = s.child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
}

#[test]
fn serve_flags_are_checked() {
    for (args, needle) in [
        (vec!["serve", "--listen", "localhost"], "--listen"),
        (vec!["serve", "--max-size", "3"], "--max-size"),
        (vec!["serve", "--timeout", "0"], "--timeout"),
        (vec!["serve", "--max-solve-size", "65"], "--max-solve-size"),
        (vec!["serve", "--max-big-jobs", "0"], "--max-big-jobs"),
        (vec!["serve", "--body-timeout", "0"], "--body-timeout"),
        (vec!["serve", "--allow-host", "http://x/"], "--allow-host"),
    ] {
        let out = numpl(&args, "");
        assert_eq!(out.code, 2, "{args:?}");
        assert!(out.stderr.contains(needle), "{args:?}: {}", out.stderr);
    }
    // An address that is taken: exit 2 with the address in the message.
    let s = serve(&[]);
    let out = numpl(&["serve", "--listen", &s.addr], "");
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains(&s.addr), "{}", out.stderr);
}

#[test]
fn serve_limits_solving_checks_hosts_and_stops_at_once_on_sigterm() {
    let mut s = serve(&["--max-solve-size", "16", "--allow-host", "numpl.test"]);
    let blank = serde_json::json!({"puzzle": ".".repeat(625), "first": true});
    let (status, v) = post(&s.addr, "/api/solve", &blank);
    assert_eq!(status, 400, "{v}");
    assert!(v["error"].as_str().unwrap().contains("16x16"), "{v}");
    let seed = serde_json::json!({"puzzle": SEED});
    assert_eq!(post_to(&s.addr, "numpl.test", "/api/solve", &seed).0, 200);
    let (status, v) = post_to(&s.addr, "evil.example", "/api/solve", &seed);
    assert_eq!(status, 403, "{v}");
    // A request half sent does not hold the server at SIGTERM.
    let mut half = TcpStream::connect(&s.addr).unwrap();
    write!(half, "POST /api/solve HTTP/1.1\r\nHost: {}\r\n", s.addr).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(200));
    let start = std::time::Instant::now();
    let pid = s.child.id().to_string();
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    let status = s.child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    let took = start.elapsed();
    assert!(took < std::time::Duration::from_secs(5), "{took:?}");
}
