//! `cargo xtask loadbench`: `numpl serve` under load from a Rust HTTP client on loopback.
//!
//! Builds the release `numpl` (unless `--bin` names one), starts `numpl serve --listen
//! 127.0.0.1:0`, and for each endpoint keeps `--connections` keep-alive connections busy
//! for `--seconds` (after a one-second warm-up that is not counted), each sending its next
//! request as soon as the last one is answered:
//!
//! - `solve`: `POST /api/solve` over the puzzles of top1465.txt in `--data DIR` (default
//!   `../shared/data` beside the workspace), in turn;
//! - `hint`: `POST /api/hint` over the same puzzles.
//!
//! It reports requests per second, latency percentiles (p50, p99, max), errors (any status
//! but 200, or a record without the expected field), and the server's resident memory
//! (VmRSS from /proc/PID/status) before the run and after each endpoint. The client is a
//! minimal HTTP/1.1 keep-alive client over tokio (one thread), so that on a small machine
//! most of the CPU goes to the server. Every request goes to 127.0.0.1; the run is bounded
//! by its time.
//!
//! ```text
//! cargo xtask loadbench [--bin PATH] [--data DIR] [--connections 64] [--seconds 10]
//!                       [--endpoints solve,hint] [--server-threads N]
//! ```
//!
//! `--seconds` is above 0 and at most 600; `--server-threads` is `numpl serve --threads`.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

type Res<T> = Result<T, Box<dyn std::error::Error + Send + Sync>>;

/// The server process, killed if the bench stops early.
struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// CPU seconds (user + system) a process has used (`self`: this one).
fn cpu_seconds(pid: &str) -> Res<f64> {
    crate::timing::process_cpu(pid, false).ok_or_else(|| "no CPU time in /proc/PID/stat".into())
}

impl Server {
    fn cpu(&self) -> Res<f64> {
        cpu_seconds(&self.child.id().to_string())
    }

    fn rss_kib(&self) -> Res<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))?;
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .ok_or_else(|| "no VmRSS in /proc/PID/status".into())
    }
}

fn start(bin: &PathBuf, threads: Option<usize>) -> Res<Server> {
    let mut cmd = Command::new(bin);
    cmd.args(["serve", "--listen", "127.0.0.1:0"]);
    if let Some(t) = threads {
        cmd.args(["--threads", &t.to_string()]);
    }
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
    let mut line = String::new();
    BufReader::new(child.stderr.take().ok_or("no stderr")?).read_line(&mut line)?;
    let addr = line
        .trim()
        .strip_prefix("listening on http://")
        .and_then(|s| s.strip_suffix('/'))
        .ok_or_else(|| format!("numpl serve said {line:?}"))?
        .to_string();
    Ok(Server { child, addr })
}

/// What one connection measured.
#[derive(Default)]
struct Tally {
    latencies_us: Vec<u32>,
    errors: u64,
}

/// One keep-alive request/response over `s`: the status and the body.
async fn exchange(s: &mut TcpStream, req: &[u8], buf: &mut Vec<u8>) -> Res<(u16, usize)> {
    s.write_all(req).await?;
    buf.clear();
    let mut chunk = [0u8; 16 * 1024];
    loop {
        let n = s.read(&mut chunk).await?;
        if n == 0 {
            return Err("connection closed".into());
        }
        buf.extend_from_slice(&chunk[..n]);
        let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") else {
            continue;
        };
        let head = std::str::from_utf8(&buf[..end])?;
        let status: u16 = head.split(' ').nth(1).ok_or("no status")?.parse()?;
        let len: usize = head
            .split("\r\n")
            .find_map(|l| {
                let (k, v) = l.split_once(':')?;
                k.eq_ignore_ascii_case("content-length")
                    .then(|| v.trim().parse().ok())?
            })
            .ok_or("no content-length")?;
        while buf.len() < end + 4 + len {
            let n = s.read(&mut chunk).await?;
            if n == 0 {
                return Err("connection closed mid-body".into());
            }
            buf.extend_from_slice(&chunk[..n]);
        }
        buf.drain(..end + 4);
        return Ok((status, len));
    }
}

/// Drives `connections` connections until `stop`, counting after `counting` is set.
async fn load(
    server: &Server,
    addr: String,
    requests: Arc<Vec<Vec<u8>>>,
    expect: &'static [u8],
    connections: usize,
    warmup: Duration,
    measure: Duration,
) -> Res<(Vec<Tally>, Duration, (f64, f64))> {
    let next = Arc::new(AtomicUsize::new(0));
    let counting = Arc::new(AtomicBool::new(false));
    let stop = Arc::new(AtomicBool::new(false));
    let mut tasks = Vec::with_capacity(connections);
    for _ in 0..connections {
        let (addr, requests, next, counting, stop) = (
            addr.clone(),
            requests.clone(),
            next.clone(),
            counting.clone(),
            stop.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let mut tally = Tally::default();
            let mut s = TcpStream::connect(&addr).await?;
            s.set_nodelay(true)?;
            let mut buf = Vec::with_capacity(4096);
            while !stop.load(Ordering::Relaxed) {
                let i = next.fetch_add(1, Ordering::Relaxed) % requests.len();
                let t = Instant::now();
                let r = exchange(&mut s, &requests[i], &mut buf).await;
                let us = t.elapsed().as_micros().min(u32::MAX as u128) as u32;
                let ok =
                    matches!(r, Ok((200, _))) && buf.windows(expect.len()).any(|w| w == expect);
                if counting.load(Ordering::Relaxed) {
                    tally.latencies_us.push(us);
                    if !ok {
                        tally.errors += 1;
                    }
                }
                if r.is_err() {
                    // Reconnect after a broken connection.
                    s = TcpStream::connect(&addr).await?;
                    s.set_nodelay(true)?;
                }
            }
            Ok::<Tally, Box<dyn std::error::Error + Send + Sync>>(tally)
        }));
    }
    tokio::time::sleep(warmup).await;
    counting.store(true, Ordering::Relaxed);
    let t0 = Instant::now();
    let (s0, c0) = (server.cpu()?, cpu_seconds("self")?);
    tokio::time::sleep(measure).await;
    counting.store(false, Ordering::Relaxed);
    let took = t0.elapsed();
    let cpu = (server.cpu()? - s0, cpu_seconds("self")? - c0);
    stop.store(true, Ordering::Relaxed);
    let mut out = Vec::with_capacity(connections);
    for t in tasks {
        out.push(t.await??);
    }
    Ok((out, took, cpu))
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    f64::from(sorted[i]) / 1000.0
}

pub(crate) fn run(o: &crate::LoadbenchArgs) -> Result<(), String> {
    bench(o).map_err(|e| e.to_string())
}

fn bench(o: &crate::LoadbenchArgs) -> Res<()> {
    let bin = match &o.bin {
        Some(b) => b.clone(),
        None => crate::workspace::build_numpl("loadbench")?,
    };
    let data = o
        .data
        .clone()
        .unwrap_or_else(crate::workspace::default_data);
    let file = data.join("top1465.txt");
    let text = std::fs::read_to_string(&file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let puzzles: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| l.len() == 81 && !l.starts_with('#'))
        .collect();
    if puzzles.is_empty() {
        return Err(format!("no puzzles in {}", file.display()).into());
    }
    let server = start(&bin, o.server_threads)?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "loadbench: {} (pid {}) on http://{}/, {} puzzles of {}, {} connections, {} s per endpoint, {cores} cores",
        bin.display(),
        server.child.id(),
        server.addr,
        puzzles.len(),
        file.display(),
        o.connections,
        o.seconds
    );
    let rss0 = server.rss_kib()?;
    println!("server RSS before: {:.1} MiB", rss0 as f64 / 1024.0);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    for endpoint in &o.endpoints {
        let (path, expect): (&str, &'static [u8]) = match endpoint.as_str() {
            "solve" => ("/api/solve", b"\"status\":\"solved\""),
            // A hint answers with a step, or with the status saying why there is none.
            _ => ("/api/hint", b"\"algo\":\"human\""),
        };
        let requests: Arc<Vec<Vec<u8>>> = Arc::new(
            puzzles
                .iter()
                .map(|p| {
                    let body = format!("{{\"puzzle\":\"{p}\"}}");
                    format!(
                        "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                        server.addr,
                        body.len()
                    )
                    .into_bytes()
                })
                .collect(),
        );
        let (tallies, took, (server_cpu, client_cpu)) = rt.block_on(load(
            &server,
            server.addr.clone(),
            requests,
            expect,
            o.connections,
            Duration::from_secs(1),
            Duration::from_secs_f64(o.seconds),
        ))?;
        let mut lat: Vec<u32> = tallies
            .iter()
            .flat_map(|t| t.latencies_us.iter().copied())
            .collect();
        lat.sort_unstable();
        let errors: u64 = tallies.iter().map(|t| t.errors).sum();
        let rss = server.rss_kib()?;
        println!(
            "{path}: {} requests in {:.2} s = {:.0} requests/s; latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {errors} errors; server RSS after: {:.1} MiB",
            lat.len(),
            took.as_secs_f64(),
            lat.len() as f64 / took.as_secs_f64(),
            percentile(&lat, 0.50),
            percentile(&lat, 0.99),
            percentile(&lat, 1.0),
            rss as f64 / 1024.0
        );
        // What the figures would be without the client on the same cores: the server's
        // CPU time per request, and the requests/s all cores would give at that cost.
        let n = lat.len().max(1) as f64;
        println!(
            "  CPU: server {:.2} s ({:.1} us a request), client {:.2} s ({:.1} us a request); \
             {cores} cores at the server's cost: {:.0} requests/s",
            server_cpu,
            server_cpu * 1e6 / n,
            client_cpu,
            client_cpu * 1e6 / n,
            if server_cpu > 0.0 {
                cores as f64 * n / server_cpu
            } else {
                0.0
            }
        );
        if errors > 0 {
            return Err(format!("{path}: {errors} requests failed").into());
        }
    }
    Ok(())
}
