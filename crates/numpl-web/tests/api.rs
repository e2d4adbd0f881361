//! The API over real HTTP on loopback: each test serves the app in-process on 127.0.0.1:0
//! and talks to it with a plain HTTP/1.1 client over a TCP socket, as any program would.
//! Expected answers come from the seed's printed run, never from numpl's own output.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use numpl_web::Config;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

const SEED: &str =
    ".2.....7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.";
const SEED_SOLUTION: &str =
    "821459673936172458745386291254638917187294536369715824693541782572863149418927365";
/// The seed's sample with a 1 added at r1c6 that clashes with the 1 at r2c4.
const CLASH: &str =
    ".2...1.7.9..1.2..8....8.....5.....1...7.9.5...6.....2.....4....5..8.3..9.1.....6.";

/// A server on a free port, stopped by `stop`.
struct Server {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<std::io::Result<()>>,
}

impl Server {
    async fn start(config: Config) -> Server {
        Server::start_on("127.0.0.1:0", config).await
    }

    /// A server bound to `bind` (port 0), whose `addr` is on loopback.
    async fn start_on(bind: &str, config: Config) -> Server {
        let listener = TcpListener::bind(bind).await.unwrap();
        let mut addr = listener.local_addr().unwrap();
        if addr.ip().is_unspecified() {
            addr.set_ip(std::net::Ipv4Addr::LOCALHOST.into());
        }
        let (tx, rx) = oneshot::channel::<()>();
        let task = tokio::spawn(numpl_web::serve(listener, config, async {
            let _ = rx.await;
        }));
        Server {
            addr,
            stop: Some(tx),
            task,
        }
    }

    async fn default() -> Server {
        Server::start(Config::default()).await
    }

    async fn stop(mut self) {
        let _ = self.stop.take().unwrap().send(());
        let done = tokio::time::timeout(Duration::from_secs(30), self.task).await;
        done.expect("the server stops").unwrap().unwrap();
    }
}

struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    fn json(&self) -> Value {
        assert!(
            self.header("content-type")
                .is_some_and(|c| c.starts_with("application/json")),
            "JSON content type, got {:?}: {}",
            self.header("content-type"),
            String::from_utf8_lossy(&self.body)
        );
        serde_json::from_slice(&self.body).expect("a JSON body")
    }

    fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("UTF-8 body")
    }
}

/// One request on its own connection (`Connection: close`): status, headers and body.
/// A server may answer before the body is all sent (413) and close the connection: the
/// rest of the body then fails to go, and the answer is read all the same.
async fn raw(addr: SocketAddr, head: &str, body: &[u8]) -> Reply {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(head.as_bytes()).await.unwrap();
    let _ = s.write_all(body).await;
    let mut buf = Vec::new();
    let read = async {
        let mut chunk = vec![0u8; 64 * 1024];
        // Up to the end, or a reset after the answer (the body the server did not read).
        while let Ok(n @ 1..) = s.read(&mut chunk).await {
            buf.extend_from_slice(&chunk[..n]);
        }
    };
    tokio::time::timeout(Duration::from_secs(60), read)
        .await
        .expect("the server answers");
    let split = buf
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a header block");
    let head = String::from_utf8(buf[..split].to_vec()).unwrap();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    Reply {
        status,
        headers,
        body: buf[split + 4..].to_vec(),
    }
}

async fn get(addr: SocketAddr, path: &str) -> Reply {
    let head = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    raw(addr, &head, b"").await
}

async fn post_bytes(addr: SocketAddr, path: &str, kind: &str, body: &[u8]) -> Reply {
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    raw(addr, &head, body).await
}

async fn post(addr: SocketAddr, path: &str, body: Value) -> Reply {
    post_bytes(addr, path, "application/json", body.to_string().as_bytes()).await
}

/// The seed's sample with its naked single r8c8 = 4 filled in, as line text.
fn with(puzzle: &str, cell: usize, value: char) -> String {
    let mut c: Vec<char> = puzzle.chars().collect();
    c[cell] = value;
    c.into_iter().collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_page_assets_and_security_headers() {
    let srv = Server::default().await;
    let h = get(srv.addr, "/healthz").await;
    assert_eq!((h.status, h.json()), (200, json!({"status": "ok"})));

    let page = get(srv.addr, "/").await;
    assert_eq!(page.status, 200);
    assert!(page
        .header("content-type")
        .unwrap()
        .starts_with("text/html"));
    let csp = page.header("content-security-policy").unwrap();
    for part in [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
    ] {
        assert!(csp.contains(part), "{csp}");
    }
    assert!(
        !csp.contains("unsafe-inline") && !csp.contains("http"),
        "{csp}"
    );
    assert_eq!(page.header("x-content-type-options"), Some("nosniff"));
    assert_eq!(page.header("x-frame-options"), Some("DENY"));
    let html = page.text();
    // No inline script or style: every script has a src, no style element or attribute.
    assert_eq!(
        html.matches("<script").count(),
        html.matches("<script src=").count()
    );
    assert!(!html.contains("<style") && !html.contains("style=") && !html.contains(" on"));
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "no CDN"
    );
    for (path, kind) in [
        ("/app.js", "text/javascript"),
        ("/app.css", "text/css"),
        ("/icon.svg", "image/svg+xml"),
    ] {
        let r = get(srv.addr, path).await;
        assert_eq!(r.status, 200, "{path}");
        assert!(
            r.header("content-type").unwrap().starts_with(kind),
            "{path}"
        );
        assert!(r.header("content-security-policy").is_some());
        assert!(!r.body.is_empty());
    }
    // Gzipped for a browser that accepts it: the same bytes once unzipped.
    let head = format!(
        "GET /app.js HTTP/1.1\r\nHost: {}\r\nAccept-Encoding: gzip, deflate, br\r\nConnection: close\r\n\r\n",
        srv.addr
    );
    let zipped = raw(srv.addr, &head, b"").await;
    assert_eq!(zipped.header("content-encoding"), Some("gzip"));
    let plain = get(srv.addr, "/app.js").await;
    assert_eq!(plain.header("content-encoding"), None);
    let mut unzipped = Vec::new();
    std::io::Read::read_to_end(
        &mut flate2::read::GzDecoder::new(&zipped.body[..]),
        &mut unzipped,
    )
    .unwrap();
    assert_eq!(unzipped, plain.body);
    assert!(
        zipped.body.len() * 3 < plain.body.len(),
        "gzip saves two thirds"
    );
    // The API's answers carry the headers too.
    let s = post(srv.addr, "/api/solve", json!({"puzzle": SEED})).await;
    assert!(s.header("content-security-policy").is_some());
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn openapi_document_lists_every_endpoint() {
    let srv = Server::default().await;
    let r = get(srv.addr, "/api/openapi.json").await;
    assert_eq!(r.status, 200);
    let doc = r.json();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    for path in [
        "/api/solve",
        "/api/play",
        "/api/rate",
        "/api/hint",
        "/api/explain",
        "/api/generate",
        "/api/svg",
        "/api/pdf",
        "/api/openapi.json",
        "/healthz",
    ] {
        assert!(doc["paths"][path].is_object(), "{path} in the document");
    }
    assert!(doc["components"]["schemas"]["Record"]["properties"]["solution"].is_object());
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_level_only_gives_the_level_without_what_it_did_not_finish() {
    let srv = Server::default().await;
    let a = srv.addr;
    let monster =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    let whole = post(a, "/api/rate", json!({"puzzle": monster}))
        .await
        .json();
    let quick = post(
        a,
        "/api/rate",
        json!({"puzzle": monster, "level_only": true}),
    )
    .await
    .json();
    for field in ["status", "solution", "level"] {
        assert_eq!(quick[field], whole[field], "{field}: {quick}");
    }
    assert_eq!(quick["level"], "extreme");
    assert!(whole["score"].is_u64(), "{whole}");
    assert!(
        quick.get("score").is_none() && quick.get("techniques").is_none(),
        "{quick}"
    );
    // An easier puzzle is rated whole.
    let whole = post(a, "/api/rate", json!({"puzzle": SEED})).await.json();
    let quick = post(a, "/api/rate", json!({"puzzle": SEED, "level_only": true}))
        .await
        .json();
    for field in ["status", "solution", "level", "score", "techniques"] {
        assert_eq!(quick[field], whole[field], "{field}: {quick}");
    }
    srv.stop().await;
}

/// `/api/rate` with `scale: "se"`: Sudoku Explainer's ER/EP/ED as serate gives them for the
/// first puzzle of the repository's fixtures/se/17-clue; HoDoKu's options and unknown
/// scales refused; a variant puzzle refused in a sentence.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_on_sudoku_explainers_scale() {
    let srv = Server::default().await;
    let a = srv.addr;
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/se");
    let first = |name: &str| {
        std::fs::read_to_string(fixtures.join(name))
            .unwrap()
            .lines()
            .find(|l| !l.starts_with('#') && !l.trim().is_empty())
            .unwrap()
            .trim()
            .to_string()
    };
    let (puzzle, serate) = (first("17-clue.txt"), first("17-clue.se"));
    let rec = post(a, "/api/rate", json!({"puzzle": puzzle, "scale": "se"}))
        .await
        .json();
    let got = format!(
        "{}/{}/{}",
        rec["er"].as_str().unwrap(),
        rec["ep"].as_str().unwrap(),
        rec["ed"].as_str().unwrap()
    );
    assert_eq!(
        (rec["status"].as_str(), got.as_str()),
        (Some("solved"), serate.as_str())
    );
    let bad = post(
        a,
        "/api/rate",
        json!({"puzzle": puzzle, "scale": "se", "level_only": true}),
    )
    .await;
    assert_eq!(bad.status, 400);
    let unknown = post(
        a,
        "/api/rate",
        json!({"puzzle": puzzle, "scale": "explainer"}),
    )
    .await;
    assert_eq!(unknown.status, 400);
    // A variant: rated by the variant techniques (an empty X-sudoku with one cage has
    // many solutions: its status, no level); SE rates classic puzzles only and says so.
    let variant = post(
        a,
        "/api/rate",
        json!({"puzzle": ".Cage~10~R1C1~R1C2.Diagonal~1"}),
    )
    .await;
    assert_eq!(variant.status, 200, "{}", variant.text());
    assert_eq!(variant.json()["status"], "multiple");
    assert!(variant.json().get("level").is_none());
    let se = post(
        a,
        "/api/rate",
        json!({"puzzle": ".Cage~10~R1C1~R1C2.Diagonal~1", "scale": "se"}),
    )
    .await;
    assert!(se.text().contains("not variants"), "{}", se.text());
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn solve_statuses_and_options() {
    let srv = Server::default().await;
    let a = srv.addr;
    // The seed's sample, as a line and as the seed's printed grid.
    let r = post(a, "/api/solve", json!({"puzzle": SEED})).await;
    assert_eq!(r.status, 200);
    let v = r.json();
    assert_eq!(v["status"], "solved");
    assert_eq!(v["solution"], SEED_SOLUTION);
    assert_eq!(
        (v["size"].as_u64(), v["box"].as_str()),
        (Some(9), Some("3x3"))
    );
    assert_eq!(v["puzzle"], SEED);
    assert_eq!(v["algo"], "fast");
    assert!(v["micros"].is_u64() && v["nodes"].is_u64() && v["guesses"].is_u64());
    let grid = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/seed/sample.txt"
    ))
    .unwrap();
    let g = post(a, "/api/solve", json!({"puzzle": grid})).await.json();
    assert_eq!(g["solution"], SEED_SOLUTION);

    for algo in ["full", "human"] {
        let v = post(a, "/api/solve", json!({"puzzle": SEED, "algo": algo}))
            .await
            .json();
        assert_eq!(
            (v["status"].as_str(), v["algo"].as_str()),
            (Some("solved"), Some(algo))
        );
        assert_eq!(v["solution"], SEED_SOLUTION);
    }
    let human = post(a, "/api/solve", json!({"puzzle": SEED, "algo": "human"}))
        .await
        .json();
    assert!(human["techniques"].is_object() && human["level"].is_string());

    // Multiple and unsolvable are 200 with that status.
    let empty = ".".repeat(81);
    let m = post(a, "/api/solve", json!({"puzzle": empty})).await;
    assert_eq!(m.status, 200);
    assert_eq!(m.json()["status"], "multiple");
    let f = post(a, "/api/solve", json!({"puzzle": empty, "first": true})).await;
    assert_eq!(f.json()["status"], "solved");
    // r1c1 may hold only 8 (the solution's), here 4 is forced elsewhere: put 3 in r1c1,
    // which no given forbids but the solution does, so the search finds nothing.
    let wrong = with(SEED, 0, '3');
    let u = post(a, "/api/solve", json!({"puzzle": wrong})).await;
    assert_eq!(u.status, 200);
    assert_eq!(u.json()["status"], "unsolvable");

    // A 6x6 with tall boxes.
    let six = "1.....\n......\n......\n......\n......\n.....1";
    let r = post(
        a,
        "/api/solve",
        json!({"puzzle": six, "box": "3x2", "first": true}),
    )
    .await
    .json();
    assert_eq!(
        (r["box"].as_str(), r["status"].as_str()),
        (Some("3x2"), Some("solved"))
    );
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invalid_puzzles_are_422_naming_the_cells() {
    let srv = Server::default().await;
    for path in [
        "/api/solve",
        "/api/rate",
        "/api/hint",
        "/api/explain",
        "/api/svg",
    ] {
        let r = post(srv.addr, path, json!({"puzzle": CLASH})).await;
        assert_eq!(r.status, 422, "{path}");
        let v = r.json();
        assert_eq!(v["status"], "invalid", "{path}");
        let e = v["error"].as_str().unwrap();
        assert!(e.contains("r1c6") && e.contains("r2c4"), "{path}: {e}");
    }
    for bad in ["", "12345", "x".repeat(81).as_str()] {
        let r = post(srv.addr, "/api/solve", json!({"puzzle": bad})).await;
        assert_eq!(r.status, 422, "{bad:?}");
        assert_eq!(r.json()["status"], "invalid");
    }
    let r = post(srv.addr, "/api/pdf", json!({"puzzles": [SEED, CLASH]})).await;
    assert_eq!(r.status, 422);
    assert!(r.json()["error"].as_str().unwrap().starts_with("puzzle 2:"));
    srv.stop().await;
}

/// The seed as a 729-symbol position line: an open cell with all nine marks, a given as
/// its one mark (a cell with one candidate, not a given).
fn seed_position() -> String {
    SEED.chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => (1..=9)
                .map(|v| if v == d { c } else { '.' })
                .collect::<String>(),
            None => "123456789".to_string(),
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn positions_with_pencil_marks_are_read_everywhere_but_the_sheet() {
    let srv = Server::default().await;
    let a = srv.addr;
    let position = seed_position();
    assert_eq!(position.len(), 729);
    // Solved within its marks (the fast search and the human solver; the seed's plain
    // backtracking does not propagate a one-mark cell and meets its budget on 81 open
    // cells); the record's puzzle is the position line.
    for algo in ["fast", "human"] {
        let v = post(a, "/api/solve", json!({"puzzle": position, "algo": algo}))
            .await
            .json();
        assert_eq!(v["status"], "solved", "{algo}: {v}");
        assert_eq!(v["solution"], SEED_SOLUTION, "{algo}");
        assert_eq!(v["puzzle"], position.as_str(), "{algo}");
    }
    // r1c1 is 8 in the solution: without that mark the position has no solution.
    let mut lost = position.clone();
    assert_eq!(&lost[7..8], "8");
    lost.replace_range(7..8, ".");
    let v = post(a, "/api/solve", json!({"puzzle": lost})).await.json();
    assert_eq!(v["status"], "unsolvable", "{v}");
    // Rated and explained from the marks: no givens, so all 81 values are placed by steps.
    let v = post(a, "/api/rate", json!({"puzzle": position}))
        .await
        .json();
    assert_eq!(v["status"], "solved", "{v}");
    let plain = post(a, "/api/rate", json!({"puzzle": SEED})).await.json();
    assert!(v["score"].as_u64() > plain["score"].as_u64(), "{v} {plain}");
    let v = post(a, "/api/explain", json!({"puzzle": position}))
        .await
        .json();
    let placed: usize = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["placements"].as_array().unwrap().len())
        .sum();
    assert_eq!(placed, 81, "{v}");
    assert_eq!(v["puzzle"], position.as_str());
    // A hint from the position itself: the first explained step.
    let h = post(a, "/api/hint", json!({"puzzle": position}))
        .await
        .json();
    assert_eq!(h["hint"], v["steps"][0], "{h}");
    // ... but not a position and the player's values or marks besides.
    let r = post(a, "/api/hint", json!({"puzzle": position, "values": SEED})).await;
    assert_eq!(r.status, 400);
    assert!(r.json()["error"].as_str().unwrap().contains("not both"));
    // The picture draws the marks: the position's SVG has many more glyphs than the puzzle's.
    let with = post(a, "/api/svg", json!({"puzzle": position})).await;
    let without = post(a, "/api/svg", json!({"puzzle": SEED})).await;
    assert_eq!((with.status, without.status), (200, 200));
    let glyphs = |r: &Reply| String::from_utf8_lossy(&r.body).matches("<text").count();
    assert!(
        glyphs(&with) > glyphs(&without) + 200,
        "{} {}",
        glyphs(&with),
        glyphs(&without)
    );
    // A printed sheet takes plain puzzles only, and says so.
    let r = post(a, "/api/pdf", json!({"puzzles": [SEED, position]})).await;
    assert_eq!(r.status, 422);
    let e = r.json()["error"].as_str().unwrap().to_string();
    assert!(
        e.starts_with("puzzle 2:") && e.contains("position with pencil marks"),
        "{e}"
    );
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn request_errors_are_json_with_fitting_codes() {
    let srv = Server::default().await;
    let a = srv.addr;
    let check = |r: &Reply, code: u16| {
        assert_eq!(r.status, code, "{}", String::from_utf8_lossy(&r.body));
        let v = r.json();
        assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{v}");
    };
    check(&get(a, "/nowhere").await, 404);
    check(&get(a, "/api/solve").await, 405);
    check(&post(a, "/healthz", json!({})).await, 405);
    check(
        &post_bytes(a, "/api/solve", "text/plain", SEED.as_bytes()).await,
        415,
    );
    check(
        &post_bytes(a, "/api/solve", "application/json", b"{\"puzzle\": ").await,
        400,
    );
    check(
        &post(a, "/api/solve", json!({"puzzle": SEED, "colour": 1})).await,
        400,
    );
    check(&post(a, "/api/solve", json!({"puzzle": 7})).await, 400);
    check(
        &post(a, "/api/solve", json!({"puzzle": SEED, "algo": "quick"})).await,
        400,
    );
    check(
        &post(a, "/api/solve", json!({"puzzle": SEED, "box": "7x1"})).await,
        400,
    );
    // Over 1 MiB: 413, with a length given and chunked.
    let big = json!({"puzzle": ".".repeat(1 << 20)}).to_string();
    check(
        &post_bytes(a, "/api/solve", "application/json", big.as_bytes()).await,
        413,
    );
    let mut chunked = Vec::new();
    for piece in big.as_bytes().chunks(64 * 1024) {
        chunked.extend_from_slice(format!("{:x}\r\n", piece.len()).as_bytes());
        chunked.extend_from_slice(piece);
        chunked.extend_from_slice(b"\r\n");
    }
    chunked.extend_from_slice(b"0\r\n\r\n");
    let head = format!(
        "POST /api/rate HTTP/1.1\r\nHost: {a}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    );
    check(&raw(a, &head, &chunked).await, 413);
    // Just under the limit is read (and is then an invalid puzzle).
    let under = json!({"puzzle": ".".repeat((1 << 20) - 100)}).to_string();
    let r = post_bytes(a, "/api/solve", "application/json", under.as_bytes()).await;
    assert_eq!(r.status, 422);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn solve_budget_stops_the_search_with_a_clear_error() {
    let srv = Server::start({
        let mut c = Config::default();
        c.solve_budget = 50;
        c
    })
    .await;
    // The empty grid needs 81 nodes for a first solution: over a budget of 50.
    let empty = ".".repeat(81);
    for body in [
        json!({"puzzle": empty, "first": true}),
        json!({"puzzle": empty, "first": true, "algo": "full"}),
        json!({"puzzle": empty, "first": true, "budget": 1_000_000}),
    ] {
        let r = post(srv.addr, "/api/solve", body.clone()).await;
        assert_eq!(r.status, 200, "{body}");
        let v = r.json();
        assert_eq!(v["status"], "budget", "{body}");
        assert!(
            v["error"]
                .as_str()
                .unwrap()
                .contains("node budget of 50 nodes"),
            "{v}"
        );
    }
    srv.stop().await;
    // A request may ask for less than the server's budget.
    let srv = Server::default().await;
    let r = post(
        srv.addr,
        "/api/solve",
        json!({"puzzle": ".".repeat(81), "first": true, "budget": 10}),
    )
    .await;
    assert_eq!(r.json()["status"], "budget");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_and_explain() {
    let srv = Server::default().await;
    let r = post(srv.addr, "/api/rate", json!({"puzzle": SEED})).await;
    assert_eq!(r.status, 200);
    let v = r.json();
    assert_eq!(v["status"], "solved");
    assert_eq!(v["solution"], SEED_SOLUTION);
    assert_eq!(v["algo"], "human");
    assert!(v["level"].is_string() && v["score"].is_u64());
    let t = v["techniques"].as_object().unwrap();
    assert!(t.contains_key("naked_single") || t.contains_key("hidden_single"));

    let e = post(srv.addr, "/api/explain", json!({"puzzle": SEED})).await;
    assert_eq!(e.status, 200);
    let v = e.json();
    let steps = v["steps"].as_array().unwrap();
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(steps.len(), moves.len());
    assert!(steps.len() >= 60, "at least one step per open cell");
    assert_eq!(v["status"], "solved");
    // Replaying the moves' placements from the puzzle gives the seed's solution.
    let mut grid: Vec<char> = SEED.chars().collect();
    for (m, s) in moves.iter().zip(steps) {
        assert_eq!(m["text"], *s);
        for p in m["placements"].as_array().unwrap() {
            let i = p["index"].as_u64().unwrap() as usize;
            grid[i] = char::from(b'0' + p["value"].as_u64().unwrap() as u8);
        }
    }
    assert_eq!(grid.into_iter().collect::<String>(), SEED_SOLUTION);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hint_from_the_puzzle_and_from_a_position() {
    let srv = Server::default().await;
    let a = srv.addr;
    let r = post(a, "/api/hint", json!({"puzzle": SEED})).await;
    assert_eq!(r.status, 200);
    let v = r.json();
    assert!(v.get("status").is_none(), "a step was found: {v}");
    let step = &v["step"];
    assert_eq!(v["hint"], step["text"]);
    let placed = &step["placements"][0];
    let (i, value) = (
        placed["index"].as_u64().unwrap() as usize,
        placed["value"].as_u64().unwrap() as u8,
    );
    // The hint is right: the seed's solution has that value there.
    assert_eq!(SEED_SOLUTION.as_bytes()[i], b'0' + value);
    assert!(v.get("svg").is_none());

    // From the position with that value placed, the next hint is about another cell.
    let values = with(SEED, i, char::from(b'0' + value));
    let v = post(
        a,
        "/api/hint",
        json!({"puzzle": SEED, "values": values, "svg": true}),
    )
    .await
    .json();
    let next = &v["step"];
    assert!(next["placements"]
        .as_array()
        .unwrap()
        .iter()
        .chain(next["eliminations"].as_array().unwrap())
        .all(|p| p["index"].as_u64() != Some(i as u64)));
    let svg = v["svg"].as_str().unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("data-role"));

    // Pencil marks: every cell's candidates as the givens allow, but the hinted cell's
    // only candidate struck out: the position is a contradiction.
    let mut cands: Vec<Vec<u8>> = vec![(1..=9).collect(); 81];
    cands[i].retain(|&c| c != value);
    let v = post(a, "/api/hint", json!({"puzzle": SEED, "candidates": cands}))
        .await
        .json();
    assert_eq!(v["status"], "unsolvable", "{v}");
    assert!(v.get("step").is_none());
    // With marks that keep only the solution's value in r1c1, the hint is that single.
    let mut cands: Vec<Vec<u8>> = vec![(1..=9).collect(); 81];
    cands[0] = vec![8];
    let v = post(a, "/api/hint", json!({"puzzle": SEED, "candidates": cands}))
        .await
        .json();
    assert_eq!(v["step"]["placements"][0]["cell"], "r1c1", "{v}");
    assert_eq!(v["step"]["placements"][0]["value"], 8);

    // The whole solution as values: solved already.
    let v = post(
        a,
        "/api/hint",
        json!({"puzzle": SEED, "values": SEED_SOLUTION}),
    )
    .await
    .json();
    assert_eq!(v["status"], "solved");

    // Errors: values that change a given or clash, marks of the wrong shape.
    let r = post(
        a,
        "/api/hint",
        json!({"puzzle": SEED, "values": with(SEED, 1, '3')}),
    )
    .await;
    assert_eq!(r.status, 422);
    assert!(r.json()["error"].as_str().unwrap().contains("r1c2"));
    // Values that clash are the player's mistake: 200, the player's cell named.
    let r = post(
        a,
        "/api/hint",
        json!({"puzzle": SEED, "values": with(SEED, 0, '2')}),
    )
    .await;
    assert_eq!(r.status, 200);
    let v = r.json();
    assert_eq!(v["status"], "unsolvable", "{v}");
    assert_eq!(v["mistake"]["kind"], "clash", "{v}");
    assert_eq!(v["mistake"]["cell"], "r1c1", "{v}");
    assert_eq!(v["mistake"]["other"], "r1c2", "{v}");
    assert!(v.get("step").is_none());
    // Unreadable values: a sentence, not `line 1:`.
    let r = post(a, "/api/hint", json!({"puzzle": SEED, "values": "12"})).await;
    assert_eq!(r.status, 422);
    let e = r.json()["error"].as_str().unwrap().to_string();
    assert!(!e.contains("line 1"), "{e}");
    assert!(e.ends_with('.'), "{e}");
    let r = post(a, "/api/hint", json!({"puzzle": SEED, "candidates": [[1]]})).await;
    assert_eq!(r.status, 400);
    let mut cands: Vec<Vec<u8>> = vec![(1..=9).collect(); 81];
    cands[5] = vec![10];
    let r = post(a, "/api/hint", json!({"puzzle": SEED, "candidates": cands})).await;
    assert_eq!(r.status, 400);
    assert!(r.json()["error"].as_str().unwrap().contains("r1c6"));
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn generate_variant_puzzles_and_refusals() {
    let srv = Server::default().await;
    let a = srv.addr;
    for kind in ["killer", "jigsaw", "x", "windoku", "thermo"] {
        let r = post(a, "/api/generate", json!({"seed": "3", "variant": kind})).await;
        assert_eq!(r.status, 200, "{kind}");
        let rec = r.json()[0].clone();
        assert!(rec["variant"].is_object(), "{kind}: {rec}");
        // Played as the page plays it: numpl's variant record through /api/play.
        let mut text = rec["variant"].clone();
        text["box"] = rec["box"].clone();
        text["givens"] = rec["puzzle"].clone();
        let play = post(a, "/api/play", json!({"puzzle": text.to_string()}))
            .await
            .json();
        assert_eq!(play["status"], "solved", "{kind}");
        assert_eq!(play["solution"], rec["solution"], "{kind}");
    }
    // Killer options: givens over cages of 4 or 5 cells.
    let r = post(
        a,
        "/api/generate",
        json!({"seed": "3", "variant": "killer", "cage_cells": [4, 5], "killer_givens": true}),
    )
    .await;
    let rec = r.json()[0].clone();
    assert!(rec["givens"].as_u64().unwrap() > 0, "{rec}");
    // At a level: the record says it, and /api/rate agrees.
    let r = post(
        a,
        "/api/generate",
        json!({"seed": "3", "variant": "killer", "level": "easy"}),
    )
    .await;
    let rec = r.json()[0].clone();
    assert_eq!(rec["level"], "easy", "{rec}");
    let mut text = rec["variant"].clone();
    text["box"] = rec["box"].clone();
    text["givens"] = rec["puzzle"].clone();
    let rated = post(a, "/api/rate", json!({"puzzle": text.to_string()}))
        .await
        .json();
    assert_eq!(
        (&rated["status"], &rated["level"]),
        (&json!("solved"), &json!("easy"))
    );
    for (body, says) in [
        (
            json!({"variant": "killer", "level": "extreme"}),
            "easy, medium and hard",
        ),
        (
            json!({"variant": "thermo", "max_technique": "x_wing"}),
            "not with max_technique",
        ),
        (json!({"variant": "kakuro"}), "killer, jigsaw"),
        (
            json!({"variant": "x", "killer_givens": true}),
            "options of killer",
        ),
        (json!({"cage_cells": [2, 3]}), "go with variant killer"),
        (json!({"variant": "windoku", "size": 4}), "windoku"),
        (json!({"variant": "killer", "size": 16}), "up to 9x9"),
    ] {
        let r = post(a, "/api/generate", body.clone()).await;
        assert_eq!(r.status, 400, "{body}");
        assert!(r.json()["error"].as_str().unwrap().contains(says), "{body}");
    }
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn generate_records_and_limits() {
    let srv = Server::default().await;
    let a = srv.addr;
    let r = post(a, "/api/generate", json!({"seed": 5, "count": 2})).await;
    assert_eq!(r.status, 200);
    let v = r.json();
    let recs = v.as_array().unwrap();
    assert_eq!(recs.len(), 2);
    for (i, rec) in recs.iter().enumerate() {
        assert_eq!(rec["index"], i as u64);
        assert_eq!(rec["seed"], "5");
        assert_eq!(rec["status"], "solved");
        assert_eq!(rec["symmetry"], "point");
        // The solution solves the puzzle (checked by the solver endpoint).
        let s = post(a, "/api/solve", json!({"puzzle": rec["puzzle"]}))
            .await
            .json();
        assert_eq!(s["solution"], rec["solution"]);
    }
    // The same seed makes the same puzzles.
    let again = post(a, "/api/generate", json!({"seed": 5, "count": 2}))
        .await
        .json();
    assert_eq!(again[1]["puzzle"], recs[1]["puzzle"]);
    // Level, symmetry, size as N or RxC.
    let hard = post(
        a,
        "/api/generate",
        json!({"seed": 1, "level": "hard", "symmetry": "none", "size": "3x3"}),
    )
    .await
    .json();
    assert_eq!(
        (hard[0]["level"].as_str(), hard[0]["symmetry"].as_str()),
        (Some("hard"), Some("none"))
    );
    // Without naked and hidden singles, every puzzle made is solved without them.
    let body = json!({"seed": 3, "count": 3, "disable": ["naked_single", "hidden_single"]});
    let made = post(a, "/api/generate", body).await.json();
    for rec in made.as_array().unwrap() {
        assert_eq!(rec["status"], "solved", "{rec}");
        let t = rec["techniques"].as_object().unwrap();
        assert!(
            !t.contains_key("naked_single") && !t.contains_key("hidden_single"),
            "{rec}"
        );
    }
    let plain = post(a, "/api/generate", json!({"seed": 3, "count": 3}))
        .await
        .json();
    assert!(plain.as_array().unwrap().iter().any(|r| r["techniques"]
        .as_object()
        .unwrap()
        .contains_key("naked_single")));
    let six = post(a, "/api/generate", json!({"size": 6, "seed": 2}))
        .await
        .json();
    assert_eq!(
        (six[0]["size"].as_u64(), six[0]["box"].as_str()),
        (Some(6), Some("2x3"))
    );

    for (body, needle) in [
        (json!({"count": 0}), "count"),
        (json!({"count": 101}), "count"),
        (json!({"size": 36}), "25x25"),
        (json!({"size": 7}), "size"),
        (json!({"size": 25, "count": 40}), "cells"),
        (json!({"symmetry": "spiral"}), "spiral"),
        (json!({"level": "brutal"}), "brutal"),
        (json!({"size": "2x3", "symmetry": "rot90"}), "rot90"),
        (json!({"disable": ["magic"]}), "unknown technique `magic`"),
        (
            json!({"enable": ["x_wing"], "disable": ["x_wing"]}),
            "contradict",
        ),
    ] {
        let r = post(a, "/api/generate", body.clone()).await;
        assert_eq!(r.status, 400, "{body}");
        let e = r.json()["error"].as_str().unwrap().to_string();
        assert!(e.contains(needle), "{body}: {e}");
    }
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn svg_and_pdf_exports() {
    let srv = Server::default().await;
    let a = srv.addr;
    let r = post(a, "/api/svg", json!({"puzzle": SEED})).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("image/svg+xml"));
    let svg = r.text();
    assert!(svg.starts_with("<svg") && svg.contains("data-size=\"9\""));
    assert_eq!(svg.matches("data-given=").count(), 21);
    let sol = post(a, "/api/svg", json!({"puzzle": SEED, "solution": true}))
        .await
        .text();
    assert_eq!(sol.matches("data-value=").count(), 60);
    let r = post(
        a,
        "/api/svg",
        json!({"puzzle": ".".repeat(81), "solution": true}),
    )
    .await;
    assert_eq!(r.status, 422);

    let r = post(
        a,
        "/api/pdf",
        json!({"puzzles": [SEED], "solutions": true, "title": "T"}),
    )
    .await;
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/pdf"));
    assert!(r.body.starts_with(b"%PDF-"));
    for body in [
        json!({"puzzles": []}),
        json!({"puzzles": [SEED], "per_page": 3}),
        json!({"puzzles": [SEED], "paper": "a3"}),
    ] {
        assert_eq!(
            post(a, "/api/pdf", body.clone()).await.status,
            400,
            "{body}"
        );
    }
    let r = post(a, "/api/pdf", json!({"puzzles": [".".repeat(81)]})).await;
    assert_eq!(r.status, 422);
    assert!(r.json()["error"].as_str().unwrap().contains("multiple"));
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn size_limits_for_human_work() {
    let srv = Server::start({
        let mut c = Config::default();
        c.max_size = 9;
        c
    })
    .await;
    let sixteen = ".".repeat(256);
    for path in ["/api/rate", "/api/hint", "/api/explain", "/api/svg"] {
        let r = post(srv.addr, path, json!({"puzzle": sixteen})).await;
        assert_eq!(r.status, 400, "{path}");
        assert!(
            r.json()["error"].as_str().unwrap().contains("9x9"),
            "{path}"
        );
    }
    // The fast search takes any size.
    let r = post(
        srv.addr,
        "/api/solve",
        json!({"puzzle": sixteen, "first": true}),
    )
    .await;
    assert_eq!(r.json()["status"], "solved");
    srv.stop().await;
}

/// A 25x25 puzzle takes seconds to make; meanwhile 9x9 work answers in milliseconds, and a
/// shutdown waits for the generation to finish and answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heavy_work_does_not_stall_light_work_and_shutdown_is_graceful() {
    let srv = Server::start({
        let mut c = Config::default();
        c.workers = 2;
        c
    })
    .await;
    let a = srv.addr;
    let heavy = tokio::spawn(async move {
        let start = Instant::now();
        let r = post(a, "/api/generate", json!({"size": 25, "seed": 1})).await;
        (r, start.elapsed())
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut worst = Duration::ZERO;
    for _ in 0..5 {
        let start = Instant::now();
        let s = post(a, "/api/solve", json!({"puzzle": SEED})).await;
        let h = post(a, "/api/hint", json!({"puzzle": SEED})).await;
        let r = post(a, "/api/rate", json!({"puzzle": SEED})).await;
        worst = worst.max(start.elapsed());
        assert_eq!(s.json()["status"], "solved");
        assert!(h.json()["step"].is_object());
        assert_eq!(r.json()["status"], "solved");
    }
    assert!(
        !heavy.is_finished(),
        "the 25x25 generation is still running"
    );
    assert!(
        worst < Duration::from_millis(500),
        "light requests took {worst:?}"
    );
    // Shut down while the generation runs: it still gets its answer.
    let stop = tokio::spawn(srv.stop());
    let (r, took) = heavy.await.unwrap();
    assert_eq!(r.status, 200);
    assert_eq!(r.json()[0]["size"], 25);
    assert!(took > Duration::from_millis(300));
    stop.await.unwrap();
    // And the port is closed.
    assert!(TcpStream::connect(a).await.is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn work_over_the_time_limit_is_503() {
    let srv = Server::start({
        let mut c = Config::default();
        c.timeout = Duration::from_millis(200);
        c
    })
    .await;
    let start = Instant::now();
    let r = post(
        srv.addr,
        "/api/generate",
        json!({"size": 25, "seed": 2, "count": 2}),
    )
    .await;
    assert_eq!(r.status, 503);
    assert!(r.json()["error"].as_str().unwrap().contains("limit"));
    assert!(start.elapsed() < Duration::from_secs(3));
    srv.stop().await;
}

/// Reads until the server closes the connection (end of stream or a reset), failing if it
/// is still open after `limit`; gives what was read.
async fn until_closed(s: &mut TcpStream, limit: Duration) -> Vec<u8> {
    let mut buf = Vec::new();
    let read = tokio::time::timeout(limit, s.read_to_end(&mut buf)).await;
    assert!(
        read.is_ok(),
        "the server still holds the connection after {limit:?}"
    );
    buf
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_silent_and_idle_connections_are_closed() {
    let srv = Server::start({
        let mut c = Config::default();
        c.header_timeout = Duration::from_millis(400);
        c
    })
    .await;
    let start = Instant::now();
    // Connects and sends nothing.
    let mut silent = TcpStream::connect(srv.addr).await.unwrap();
    // Slowloris: half a header block, a line at a time, never finished.
    let mut slow = TcpStream::connect(srv.addr).await.unwrap();
    slow.write_all(b"GET /healthz HTTP/1.1\r\n").await.unwrap();
    tokio::time::sleep(Duration::from_millis(150)).await;
    slow.write_all(format!("Host: {}\r\n", srv.addr).as_bytes())
        .await
        .unwrap();
    // A whole request on a kept-alive connection, then nothing more.
    let mut idle = TcpStream::connect(srv.addr).await.unwrap();
    idle.write_all(format!("GET /healthz HTTP/1.1\r\nHost: {}\r\n\r\n", srv.addr).as_bytes())
        .await
        .unwrap();
    // Meanwhile other clients are answered.
    assert_eq!(get(srv.addr, "/healthz").await.status, 200);

    let limit = Duration::from_secs(20);
    let silent_got = until_closed(&mut silent, limit).await;
    let slow_got = until_closed(&mut slow, limit).await;
    let idle_got = until_closed(&mut idle, limit).await;
    // Not before the header timeout: the slow client's second line came in time, yet the
    // clock runs from the connection's start, not from its last byte.
    assert!(start.elapsed() >= Duration::from_millis(400));
    assert!(
        !String::from_utf8_lossy(&slow_got).contains("200 OK"),
        "an unfinished request is never answered"
    );
    assert!(!silent_got.starts_with(b"HTTP/1.1 200"));
    // The kept-alive connection got its answer, then was closed while idle.
    assert!(
        idle_got.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&idle_got)
    );
    srv.stop().await;
}

/// A blank N x N grid as line text.
fn blank(n: usize) -> String {
    ".".repeat(n * n)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn solve_has_a_size_limit_and_the_worker_count_a_cap() {
    // The defaults: a blank 36x36 search holds about 25 MB, a 64x64 one about 380 MB.
    let d = Config::default();
    assert_eq!(d.max_solve_size, 36);
    assert!((1..=Config::DEFAULT_WORKERS_CAP).contains(&d.workers));
    assert_eq!(Config::DEFAULT_WORKERS_CAP, 16);
    let srv = Server::start({
        let mut c = Config::default();
        c.max_solve_size = 16;
        c
    })
    .await;
    for algo in ["fast", "full", "human"] {
        let r = post(
            srv.addr,
            "/api/solve",
            json!({"puzzle": blank(25), "first": true, "algo": algo}),
        )
        .await;
        assert_eq!(r.status, 400, "{algo}");
        let e = r.json()["error"].as_str().unwrap().to_string();
        assert!(e.contains("16x16") && e.contains("25x25"), "{algo}: {e}");
    }
    let r = post(
        srv.addr,
        "/api/solve",
        json!({"puzzle": blank(16), "first": true}),
    )
    .await;
    assert_eq!(r.json()["status"], "solved");
    srv.stop().await;
    // A config out of range is refused.
    for (size, ok) in [(3, false), (4, true), (64, true), (65, false)] {
        let mut c = Config::default();
        c.max_solve_size = size;
        assert_eq!(c.check().is_ok(), ok, "{size}");
    }
    let mut c = Config::default();
    c.max_big_jobs = 0;
    assert_eq!(c.check().unwrap_err().field, "max_big_jobs");
}

/// With one place for big work, a 25x25 solve waits for a 25x25 generation, while a
/// 16x16 solve (heavy, not big) and 9x9 work do not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn big_grids_take_turns() {
    let srv = Server::start({
        let mut c = Config::default();
        c.workers = 4;
        c.max_big_jobs = 1;
        c
    })
    .await;
    let a = srv.addr;
    let sent = Instant::now();
    let generation =
        tokio::spawn(async move { post(a, "/api/generate", json!({"size": 25, "seed": 1})).await });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let r = post(a, "/api/solve", json!({"puzzle": blank(16), "first": true})).await;
    assert_eq!(r.json()["status"], "solved");
    assert!(
        !generation.is_finished(),
        "the 16x16 solve did not wait for the generation"
    );
    let r = post(a, "/api/solve", json!({"puzzle": blank(25), "first": true})).await;
    let solved = sent.elapsed();
    assert_eq!(r.json()["status"], "solved");
    let g = generation.await.unwrap();
    assert_eq!(g.status, 200);
    // The generation began after it was sent and took its `micros`: the solve's answer
    // came no earlier than that.
    let took = Duration::from_micros(g.json()[0]["micros"].as_u64().unwrap());
    assert!(
        solved >= took,
        "the 25x25 solve ran beside the 25x25 generation ({solved:?} < {took:?})"
    );
    srv.stop().await;
}

/// A request that says its body is huge is refused before any of it is read.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_huge_content_length_is_413_at_once() {
    let srv = Server::default().await;
    let head = format!(
        "POST /api/solve HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Content-Length: 999999999999\r\n\r\n",
        srv.addr
    );
    let start = Instant::now();
    let r = tokio::time::timeout(Duration::from_secs(5), raw(srv.addr, &head, b"{\"puz"))
        .await
        .expect("answered within 5 s");
    assert_eq!(r.status, 413);
    assert!(r.json()["error"].as_str().unwrap().contains("limit"));
    assert!(start.elapsed() < Duration::from_secs(5));
    srv.stop().await;
}

/// A body that trickles in is cut off at the body timeout with 408.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_body_is_408() {
    let srv = Server::start({
        let mut c = Config::default();
        c.body_timeout = Duration::from_millis(500);
        c
    })
    .await;
    let head = format!(
        "POST /api/solve HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\n\r\n",
        srv.addr
    );
    let start = Instant::now();
    let r = tokio::time::timeout(Duration::from_secs(5), raw(srv.addr, &head, b"{\"puzzle\""))
        .await
        .expect("answered within 5 s");
    assert_eq!(r.status, 408);
    assert!(r.json()["error"].as_str().unwrap().contains("body"));
    assert!(start.elapsed() >= Duration::from_millis(500));
    srv.stop().await;
}

/// At shutdown the work in flight is finished and answered, but connections that are idle
/// or still sending their headers or body are dropped: the server stops at once, not at the
/// header or body timeout (30 s each here).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_finishes_work_in_flight_and_waits_for_no_client() {
    let srv = Server::start({
        let mut c = Config::default();
        c.workers = 2;
        c
    })
    .await;
    let a = srv.addr;
    let work = tokio::spawn(async move {
        post(
            a,
            "/api/generate",
            json!({"size": 16, "seed": 1, "count": 3}),
        )
        .await
    });
    let mut idle = TcpStream::connect(a).await.unwrap();
    idle.write_all(format!("GET /healthz HTTP/1.1\r\nHost: {a}\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let mut headers = TcpStream::connect(a).await.unwrap();
    headers
        .write_all(format!("POST /api/solve HTTP/1.1\r\nHost: {a}\r\n").as_bytes())
        .await
        .unwrap();
    let mut body = TcpStream::connect(a).await.unwrap();
    body.write_all(
        format!(
            "POST /api/solve HTTP/1.1\r\nHost: {a}\r\nContent-Type: application/json\r\n\
             Content-Length: 100\r\n\r\n{{\"puz"
        )
        .as_bytes(),
    )
    .await
    .unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let start = Instant::now();
    let _ = srv.stop.unwrap().send(());
    let r = work.await.unwrap();
    assert_eq!(r.status, 200, "the work in flight is answered");
    assert_eq!(r.json().as_array().unwrap().len(), 3);
    let answered = start.elapsed();
    tokio::time::timeout(Duration::from_secs(5), srv.task)
        .await
        .expect("the server stops within 5 s of the last answer")
        .unwrap()
        .unwrap();
    for (name, s) in [
        ("idle", &mut idle),
        ("headers", &mut headers),
        ("body", &mut body),
    ] {
        let got = until_closed(s, Duration::from_secs(5)).await;
        let got = String::from_utf8_lossy(&got);
        assert!(name == "idle" || !got.contains("200 OK"), "{name}: {got}");
    }
    assert!(start.elapsed() < answered + Duration::from_secs(5));
    assert!(TcpStream::connect(a).await.is_err());
}

/// A request on localhost answers only for its own address, so a page whose name was
/// rebound to 127.0.0.1 reads nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hosts_other_than_the_servers_own_are_refused_on_loopback() {
    async fn with_host(addr: SocketAddr, host: Option<&str>) -> Reply {
        let host = host.map_or(String::new(), |h| format!("Host: {h}\r\n"));
        let head = format!("GET /healthz HTTP/1.1\r\n{host}Connection: close\r\n\r\n");
        raw(addr, &head, b"").await
    }
    let srv = Server::default().await;
    let a = srv.addr;
    let port = a.port();
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
    ] {
        assert_eq!(with_host(a, Some(&host)).await.status, 200, "{host}");
    }
    for host in [
        Some(format!("evil.example:{port}")),
        Some("evil.example".to_string()),
        Some("localhost".to_string()),
        Some(format!("127.0.0.1:{}", port.wrapping_add(1))),
        None,
    ] {
        let r = with_host(a, host.as_deref()).await;
        assert_eq!(r.status, 403, "{host:?}");
        assert!(
            r.json()["error"].as_str().unwrap().contains("Host"),
            "{host:?}"
        );
    }
    // The API too, before reading the body.
    let head = format!(
        "POST /api/solve HTTP/1.1\r\nHost: evil.example:{port}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: 999999\r\n\r\n"
    );
    let r = tokio::time::timeout(Duration::from_secs(5), raw(a, &head, b""))
        .await
        .expect("answered at once");
    assert_eq!(r.status, 403);
    srv.stop().await;

    // A name the config allows.
    let srv = Server::start({
        let mut c = Config::default();
        c.allowed_hosts = vec!["numpl.test".into()];
        c
    })
    .await;
    assert_eq!(with_host(srv.addr, Some("numpl.test")).await.status, 200);
    assert_eq!(
        with_host(srv.addr, Some("numpl.test:8443")).await.status,
        200
    );
    assert_eq!(with_host(srv.addr, Some("evil.test")).await.status, 403);
    srv.stop().await;

    // On every address, every host, unless some are allowed.
    let srv = Server::start_on("0.0.0.0:0", Config::default()).await;
    assert_eq!(with_host(srv.addr, Some("evil.example")).await.status, 200);
    srv.stop().await;
    let srv = Server::start_on("0.0.0.0:0", {
        let mut c = Config::default();
        c.allowed_hosts = vec!["numpl.test".into()];
        c
    })
    .await;
    assert_eq!(with_host(srv.addr, Some("numpl.test")).await.status, 200);
    assert_eq!(with_host(srv.addr, Some("evil.example")).await.status, 403);
    srv.stop().await;

    let mut c = Config::default();
    c.allowed_hosts = vec!["http://numpl.test/".into()];
    assert_eq!(c.check().unwrap_err().field, "allowed_hosts");
}

/// Issue 36: mistakes first (a wrong value, a lost pencil mark), steps in plain words with
/// their highlights, and seeds as strings.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_put_mistakes_first() {
    let srv = Server::default().await;
    let a = srv.addr;
    // r1c1 is 8 in the solution; a 1 there clashes with nothing but is wrong.
    let v = post(
        a,
        "/api/hint",
        json!({"puzzle": SEED, "values": with(SEED, 0, '1')}),
    )
    .await
    .json();
    assert_eq!(v["status"], "unsolvable", "{v}");
    assert!(v.get("step").is_none(), "{v}");
    let m = &v["mistake"];
    assert_eq!(
        (&m["kind"], &m["cell"], &m["index"], &m["value"]),
        (&json!("value"), &json!("r1c1"), &json!(0), &json!(1)),
        "{v}"
    );
    assert!(m["text"].as_str().unwrap().starts_with("r1c1 "), "{v}");
    // A pencil mark of the solution's value removed: that candidate is named.
    let mut cands: Vec<Vec<u8>> = vec![(1..=9).collect(); 81];
    cands[2].retain(|&c| c != 1); // r1c3 is 1
    let v = post(a, "/api/hint", json!({"puzzle": SEED, "candidates": cands}))
        .await
        .json();
    let m = &v["mistake"];
    assert_eq!(
        (&m["kind"], &m["cell"], &m["value"]),
        (&json!("candidate"), &json!("r1c3"), &json!(1)),
        "{v}"
    );
    // A right position: a step in plain words, with a nudge and its highlights.
    let v = post(a, "/api/hint", json!({"puzzle": SEED})).await.json();
    let step = &v["step"];
    assert!(v.get("mistake").is_none(), "{v}");
    let plain = step["plain"].as_str().unwrap();
    assert!(plain.contains(" is "), "{plain}");
    assert!(
        step["nudge"].as_str().unwrap().starts_with("Look for a "),
        "{v}"
    );
    assert!(!step["marks"].as_array().unwrap().is_empty(), "{v}");
    // The nudge's house: its 9 cells, the step's own placement among them.
    let house: Vec<u64> = step["nudge_cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect();
    assert_eq!(house.len(), 9, "{v}");
    let placed = step["placements"][0]["index"].as_u64().unwrap();
    assert!(house.contains(&placed), "{v}");
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn explain_moves_carry_their_pattern_and_plain_words() {
    let srv = Server::default().await;
    let a = srv.addr;
    let v = post(a, "/api/explain", json!({"puzzle": SEED}))
        .await
        .json();
    let moves = v["moves"].as_array().unwrap();
    // Every move that removes candidates shows the cells that prove it, and none says `<>`.
    for m in moves {
        let plain = m["plain"].as_str().unwrap();
        assert!(!plain.contains("<>") && plain.ends_with('.'), "{plain}");
        if m["placements"].as_array().unwrap().is_empty() {
            let shown =
                m["cells"].as_array().unwrap().len() + m["houses"].as_array().unwrap().len();
            assert!(shown > 0, "a removal step with no pattern drawn: {m}");
            assert!(plain.contains("can't be"), "{plain}");
        }
    }
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seeds_travel_as_strings() {
    let srv = Server::default().await;
    let a = srv.addr;
    let big = "13331099814048314356";
    let r = post(a, "/api/generate", json!({"seed": big})).await;
    assert_eq!(r.status, 200);
    let by_text = r.json();
    assert_eq!(by_text[0]["seed"], big, "{by_text}");
    // The same seed as a JSON number makes the same puzzle.
    let body = format!(r#"{{"seed": {big}}}"#);
    let r = post_bytes(a, "/api/generate", "application/json", body.as_bytes()).await;
    assert_eq!(r.json()[0]["puzzle"], by_text[0]["puzzle"]);
    assert_eq!(r.json()[0]["seed"], big);
    let r = post(a, "/api/generate", json!({"seed": "12x"})).await;
    assert_eq!(r.status, 400);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pictures_and_sheets_of_a_game_in_progress() {
    let srv = Server::default().await;
    let a = srv.addr;
    // The player's 8 at r1c1 is drawn as a placed value, their marks in r1c3.
    let mut marks: Vec<Vec<u8>> = vec![vec![]; 81];
    marks[2] = vec![1, 4];
    let r = post(
        a,
        "/api/svg",
        json!({"puzzle": SEED, "values": with(SEED, 0, '8'), "marks": marks}),
    )
    .await;
    assert_eq!(r.status, 200);
    let svg = r.text();
    let r1c1 = svg.split("data-cell=\"r1c1\"").nth(1).unwrap();
    let r1c1 = &r1c1[..r1c1.find("</g>").unwrap()];
    assert!(r1c1.contains("data-value=\"8\""), "{r1c1}");
    assert!(!r1c1.contains("data-given"), "{r1c1}");
    assert!(svg.contains("data-candidate=\"4\""));
    // A sheet with a note (the seed) beside the number; notes are bounded.
    let r = post(
        a,
        "/api/pdf",
        json!({"puzzles": [SEED], "notes": ["seed 13331099814048314356"], "per_page": 1, "title": "Mine"}),
    )
    .await;
    assert_eq!(r.status, 200);
    let r = post(
        a,
        "/api/pdf",
        json!({"puzzles": [SEED], "notes": ["a", "b"]}),
    )
    .await;
    assert_eq!(r.status, 400);
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_position_with_no_solution_names_where() {
    let srv = Server::default().await;
    let a = srv.addr;
    // The seed as a position, with 8 struck out of every open cell of row 1: no step is
    // built on it, and the contradiction names the row and the value.
    let mut cells: Vec<String> = seed_position()
        .as_bytes()
        .chunks(9)
        .map(|c| String::from_utf8(c.to_vec()).unwrap())
        .collect();
    for c in cells.iter_mut().take(9) {
        if c.len() == 9 && c.chars().filter(|&ch| ch != '.').count() > 1 {
            *c = c.replace('8', ".");
        }
    }
    let v = post(a, "/api/hint", json!({"puzzle": cells.concat()}))
        .await
        .json();
    assert_eq!(v["status"], "unsolvable", "{v}");
    assert!(v.get("step").is_none(), "{v}");
    let m = &v["mistake"];
    assert_eq!(m["kind"], "contradiction", "{v}");
    assert_eq!(m["value"], 8, "{v}");
    assert!(m["text"].as_str().unwrap().contains("row 1"), "{v}");
    assert!(m["cell"].as_str().unwrap().starts_with("r1c"), "{v}");
    srv.stop().await;
}

// ---------------------------------------------------------------------------------------
// Variant puzzles on the play page: ISS's own examples, with the solutions ISS gives.

/// ISS's "Killer" example (29 cages, no givens) and its solution.
const KILLER: &str = ".Cage~3~R1C1~R1C2.Cage~15~R1C3~R1C4~R1C5.Cage~25~R2C1~R2C2~R3C1~R3C2.Cage~17~R2C3~R2C4.Cage~9~R3C3~R3C4~R4C4.Cage~22~R1C6~R2C5~R2C6~R3C5.Cage~4~R1C7~R2C7.Cage~16~R1C8~R2C8.Cage~15~R1C9~R2C9~R3C9~R4C9.Cage~20~R3C7~R3C8~R4C7.Cage~8~R3C6~R4C6~R5C6.Cage~17~R4C5~R5C5~R6C5.Cage~20~R5C4~R6C4~R7C4.Cage~14~R4C2~R4C3.Cage~6~R4C1~R5C1.Cage~13~R5C2~R5C3~R6C2.Cage~6~R6C3~R7C2~R7C3.Cage~17~R4C8~R5C7~R5C8.Cage~27~R6C1~R7C1~R8C1~R9C1.Cage~8~R8C2~R9C2.Cage~16~R8C3~R9C3.Cage~10~R7C5~R8C4~R8C5~R9C4.Cage~12~R5C9~R6C9.Cage~6~R6C7~R6C8.Cage~20~R6C6~R7C6~R7C7.Cage~15~R8C6~R8C7.Cage~14~R7C8~R7C9~R8C8~R8C9.Cage~13~R9C5~R9C6~R9C7.Cage~17~R9C8~R9C9";
const KILLER_SOLUTION: &str =
    "215647398368952174794381652586274931142593867973816425821739546659428713437165289";
/// The same killer as an f-puzzles link (as f-puzzles writes them: LZ-string JSON).
const KILLER_LINK: &str = "https://www.f-puzzles.com/?load=N4Ig5gTglgJiBcBtRwC+AaNmNdz/2AuuigXtheWsaZWfXTVQ80Sax/Uyz4+75za1BnbnXGjiIANZQANnICmEAMYBDMIoQoQKxQoDO2kACUAjAGEzIdKcsAmEFIBuauQFct8EAGYQOXX05IyQ7Cz9bcwsAFhswgFYnW1cPLxAzRIC9Q2MTeys4vItHSJ8C0uKkkBTPBBB7TMxAnNCiiNN82Jc3Wu8zAHZ/Juzg3LL2kzLYyOiYqpq0gE4h0BGQxDCANkL8xMj87YrE7tS6+0csoPWwwf2LQZPekFjLlo2ogA4diy/HtLNtq9Rq1LMs7mDTGUISZZss/nUMitmsD3mVbpCfoVZg9kj00vYAAxItZjCyHUyzckmeJk+Z4upfIHXGEWPamGlskybVl0059QZM3I06ambkikz9Obw7yE4lXXKzEoU8K8p5mF7DeWtWbWSI06zSkCAzVvdmVPUqyLcxyGsx+QWtbkTSVKiUqw3G1Za96zL4W9HUzG2gUmlGi8qmSW60wfCMmRYFQ32ENe00mWOuhM23F8kCM0PM2MTBN+W2e5HMyWc2Pi2OchNdHNqokO9406HcuFN/4XAu5bkB7m/bt1cskx20yKSqmSnHVekylt91qxqmxucLBGNVNht1+yMWaGx/fpw+q/4anfMhP1yemBMbhfpe3L94Jk8Jrvz3MDfxSAxQAAXl4iyoEAA";
/// ISS's "Thermo" example and its solution.
const THERMO: &str = ".~R1C2_4~R1C8_1~R2C1_2~R2C9_6~R8C1_9~R8C9_2~R9C2_1~R9C8_9.Thermo~R9C4~R8C3~R7C2~R6C1~R5C2~R4C3.Thermo~R4C1~R3C2~R2C3~R1C4~R2C5~R3C6.Thermo~R1C6~R2C7~R3C8~R4C9~R5C8~R6C7.Thermo~R6C9~R7C8~R8C7~R9C6~R8C5~R7C4";
const THERMO_SOLUTION: &str =
    "847632519295471386631598247129743865486259173753816924368924751974185632512367498";
/// ISS's "Jigsaw" example (no boxes) and its solution.
const JIGSAW: &str = ".NoBoxes.Jigsaw~000000021453303021453333221453322221455566121445666111445566667488887777888887777.~R1C1_3~R1C9_7~R2C1_1~R2C9_5~R3C5_6~R3C6_8~R4C3_5~R4C5_1~R4C6_9~R5C4_9~R6C9_2~R7C1_8~R7C6_3~R8C4_2~R8C5_3~R8C6_5~R8C9_1~R9C8_9";
const JIGSAW_SOLUTION: &str =
    "364891527189374265542168739625719843213987456937456182876523914498235671751642398";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_opens_a_killer_a_thermo_and_a_jigsaw_with_their_drawing_and_groups() {
    let srv = Server::default().await;
    // A classic puzzle: the solve record, nothing more.
    let r = post(srv.addr, "/api/play", json!({"puzzle": SEED})).await;
    assert_eq!(r.status, 200);
    let v = r.json();
    assert_eq!(v["solution"], SEED_SOLUTION);
    assert!(v.get("play").is_none());
    for (text, solution, what) in [
        (KILLER, KILLER_SOLUTION, "cage"),
        (KILLER_LINK, KILLER_SOLUTION, "cage"),
        (THERMO, THERMO_SOLUTION, "thermo"),
        (JIGSAW, JIGSAW_SOLUTION, "jigsaw"),
    ] {
        let r = post(srv.addr, "/api/play", json!({"puzzle": text})).await;
        assert_eq!(r.status, 200, "{what}");
        let v = r.json();
        assert_eq!(v["status"], "solved", "{what}");
        assert_eq!(v["solution"], solution, "{what}");
        let play = &v["play"];
        // Cages over the cells; thermometers and jigsaw borders under them.
        let (under, over) = (
            play["svg"].as_str().unwrap(),
            play["svg_top"].as_str().unwrap(),
        );
        let svg = format!("{under}{over}");
        assert!(
            under.starts_with("<svg") && over.starts_with("<svg"),
            "{what}"
        );
        assert!(svg.contains("aria-hidden=\"true\""), "{what}");
        let layer = if what == "cage" { over } else { under };
        assert!(
            layer.contains(&format!("data-constraint=\"{what}\"")),
            "{what}"
        );
        assert!(!svg.contains("data-cell"), "{what}: no cells in the layer");
        assert_eq!(play["margin"], json!([0.0, 0.0, 0.0, 0.0]));
        assert_eq!(play["boxes"], what != "jigsaw", "{what}");
        let groups: Vec<Vec<u64>> = serde_json::from_value(play["groups"].clone()).unwrap();
        // Rows and columns always; no group holds two equal values of the solution.
        assert!(
            groups.contains(&(0..9).collect::<Vec<u64>>()),
            "{what}: row 1"
        );
        let sol: Vec<u8> = solution.bytes().collect();
        for g in &groups {
            for (k, &a) in g.iter().enumerate() {
                for &b in &g[k + 1..] {
                    assert_ne!(sol[a as usize], sol[b as usize], "{what}: {g:?}");
                }
            }
        }
        // The saved text reads back as the same puzzle.
        let again = post(srv.addr, "/api/play", json!({"puzzle": play["text"]})).await;
        assert_eq!(again.json()["solution"], solution, "{what}");
        assert!(play["rules"]
            .as_str()
            .unwrap()
            .starts_with("Each of the rows"));
    }
    let killer = post(srv.addr, "/api/play", json!({"puzzle": KILLER}))
        .await
        .json();
    let groups: Vec<Vec<u64>> = serde_json::from_value(killer["play"]["groups"].clone()).unwrap();
    assert!(groups.contains(&vec![0, 1]), "the cage r1c1 r1c2");
    // Every cage's first cell carries its sum: r1c1, r1c3, r1c6 ...
    let sums: Vec<u64> = serde_json::from_value(killer["play"]["sum_cells"].clone()).unwrap();
    assert_eq!(sums.len(), 29);
    assert_eq!(&sums[..3], &[0, 2, 5]);
    assert!(killer["play"]["rules"]
        .as_str()
        .unwrap()
        .contains("29 killer cages"));
    let jigsaw = post(srv.addr, "/api/play", json!({"puzzle": JIGSAW}))
        .await
        .json();
    assert!(jigsaw["play"]["rules"]
        .as_str()
        .unwrap()
        .starts_with("Each of the rows and columns"));
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_variant_numpl_cannot_play_is_refused_naming_the_constraint() {
    let srv = Server::default().await;
    let bad = r#"{"constraints":[{"type":"cage","sum":30,"cells":["r1c1","r1c2"]}]}"#;
    let r = post(srv.addr, "/api/play", json!({"puzzle": bad})).await;
    assert_eq!(r.status, 422);
    let e = r.json()["error"].as_str().unwrap().to_string();
    assert!(e.contains("constraint 1 (cage r1c1)"), "{e}");
    let r = post(srv.addr, "/api/play", json!({"puzzle": ".Var~A~Outside~3"})).await;
    assert_eq!(r.status, 422);
    assert!(r.json()["error"].as_str().unwrap().contains("Var"));
    srv.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_grid_of_values_from_zero_plays_in_its_own_digits() {
    let srv = Server::default().await;
    // Values from 0: the record's strings in 0-8, the rules saying so, the player's values
    // read in that alphabet (a 0 is a value: r1c1 and r1c2 add up to 1 as 0 and 1).
    let zero = ".Shape~9x9~0-8.Cage~1~R1C1~R1C2";
    let r = post(srv.addr, "/api/play", json!({"puzzle": zero})).await;
    assert_eq!(r.status, 200);
    let j = r.json();
    assert_eq!(j["variant"]["values"], "0-8");
    let rules = j["play"]["rules"].as_str().unwrap();
    assert!(rules.starts_with("The digits are 0 to 8. "), "{rules}");
    let solution = j["solution"].as_str().unwrap_or("");
    assert!(solution.is_empty() || solution.contains('0'), "{solution}");
    let values = format!("00{}", ".".repeat(79));
    let r = post(
        srv.addr,
        "/api/hint",
        json!({"puzzle": zero, "values": values}),
    )
    .await;
    assert_eq!(r.status, 200);
    let m = r.json()["mistake"]["text"]
        .as_str()
        .unwrap_or("")
        .to_string();
    assert_eq!(m, "r1c2 and r1c1 can't both hold 0: one of them is wrong.");
    srv.stop().await;
}

/// `solution` with cell `i` changed to `v`.
fn changed(solution: &str, i: usize, v: char) -> String {
    let mut s: Vec<char> = solution.chars().collect();
    s[i] = v;
    s.into_iter().collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_variant_hint_finds_mistakes_then_gives_a_step() {
    let srv = Server::default().await;
    let empty = ".".repeat(81);
    // A clash inside the cage r1c1 r1c2 (both 1): no repeated digit in a cage.
    let clash = format!("11{}", &empty[2..]);
    let r = post(
        srv.addr,
        "/api/hint",
        json!({"puzzle": KILLER, "values": clash}),
    )
    .await;
    assert_eq!(r.status, 200);
    let m = &r.json()["mistake"];
    assert_eq!(m["kind"], "clash");
    assert_eq!(m["cell"], "r1c2");
    assert_eq!(m["other"], "r1c1");
    // The same digit in r3c3 and r4c4: no row, column or box in common, but one cage.
    let in_cage = changed(&changed(&empty, 20, '5'), 30, '5');
    let r = post(
        srv.addr,
        "/api/hint",
        json!({"puzzle": KILLER, "values": in_cage}),
    )
    .await;
    let m = &r.json()["mistake"];
    assert_eq!(m["kind"], "clash");
    assert_eq!(
        (m["cell"].as_str(), m["other"].as_str()),
        (Some("r4c4"), Some("r3c3"))
    );
    // A wrong value (r1c1 is 2, not 1).
    let wrong = format!("1{}", &empty[1..]);
    let r = post(
        srv.addr,
        "/api/hint",
        json!({"puzzle": KILLER, "values": wrong}),
    )
    .await;
    let v = r.json();
    assert_eq!(v["mistake"]["kind"], "value");
    assert_eq!(v["mistake"]["cell"], "r1c1");
    // No mistake: the next step of the variant techniques, with what it removes.
    let r = post(
        srv.addr,
        "/api/hint",
        json!({"puzzle": KILLER, "values": empty, "cell": 40}),
    )
    .await;
    let v = r.json();
    assert!(v.get("reveal").is_none(), "{v}");
    let step = &v["step"];
    assert_eq!(step["technique"], "cage_combination", "{v}");
    assert!(v["hint"]
        .as_str()
        .unwrap()
        .starts_with("Cage Combination: cage "));
    assert!(!step["eliminations"].as_array().unwrap().is_empty());
    assert!(!step["nudge_cells"].as_array().unwrap().is_empty());
    // A jigsaw with one cell open: its last open cell, by the variant techniques (two
    // equal values in one 3x3 box are no clash: its boxes do not count).
    let mut jig = JIGSAW_SOLUTION.to_string();
    jig.replace_range(80..81, ".");
    let r = post(
        srv.addr,
        "/api/hint",
        json!({"puzzle": JIGSAW, "values": jig}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    assert_eq!(v["step"]["placements"][0]["cell"], "r9c9", "{v}");
    assert_eq!(
        v["step"]["placements"][0]["value"],
        JIGSAW_SOLUTION[80..81].parse::<u64>().unwrap()
    );
    // A thermo: a wrong value, and a solved grid.
    let r = post(
        srv.addr,
        "/api/hint",
        json!({"puzzle": THERMO, "values": changed(THERMO_SOLUTION, 0, '9')}),
    )
    .await;
    let v = r.json();
    assert!(
        v["mistake"]["kind"] == "clash" || v["mistake"]["kind"] == "value",
        "{v}"
    );
    let r = post(
        srv.addr,
        "/api/hint",
        json!({"puzzle": THERMO, "values": THERMO_SOLUTION}),
    )
    .await;
    assert_eq!(r.json()["status"], "solved");
    // The picture of a game in progress draws the constraints and the player's values.
    let r = post(
        srv.addr,
        "/api/svg",
        json!({"puzzle": KILLER, "values": changed(&empty, 0, '2')}),
    )
    .await;
    assert_eq!(r.status, 200);
    let svg = r.text();
    assert!(svg.contains("data-constraint=\"cage\"") && svg.contains("data-value=\"2\""));
    srv.stop().await;
}
