//! numpl-web: the web app and JSON API of numpl, served by `numpl serve`.
//!
//! - [`router`] builds the whole app for a [`Config`]: the page at `/` (HTML, CSS and
//!   JavaScript compiled into the binary, no CDN), the JSON API under `/api/`
//!   (`solve`, `rate`, `hint`, `explain`, `generate`, `svg`, `pdf`), `GET /api/openapi.json`
//!   (OpenAPI 3, generated from the handlers by utoipa) and `GET /healthz`.
//! - [`serve`] runs it on a listener until a shutdown future resolves, finishing the
//!   requests in flight; [`shutdown_signal`] is SIGINT or SIGTERM; [`run`] does it all on a
//!   runtime of its own (what the CLI calls).
//!
//! Safe by default: request bodies over [`Config::max_body`] get 413 (at once, unread,
//! when their `Content-Length` says so) and bodies slower than [`Config::body_timeout`]
//! 408; solving is bounded by a node budget and [`Config::max_solve_size`], human-solver
//! work and generation by grid size and size x count; CPU work runs on a bounded pool of
//! blocking threads (heavy work never takes the last thread, so a 9x9 solve answers while
//! a 25x25 puzzle is being made, and at most [`Config::max_big_jobs`] jobs above 16x16 run
//! at once, which bounds their memory); every response carries security headers with a
//! Content-Security-Policy that allows only the page's own files; every error is JSON
//! `{"error": "..."}`; a client that does not send its request headers within
//! [`Config::header_timeout`] is disconnected; on a loopback address only requests for
//! the server's own address (or [`Config::allowed_hosts`]) are answered, against DNS
//! rebinding. Requests never touch the file system.
//!
//! Its answers are numpl-record's [`Record`]s, the one record the CLI's `--format json` and
//! Python also give (docs/FORMATS.md, "Records"); the API is described in docs/FORMATS.md,
//! "Web API".

#![forbid(unsafe_code)]

mod api;
mod assets;
mod conn;
mod error;
mod host;
mod pool;
mod words;

pub use numpl_record::Record;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{middleware, Router};
use tower::util::MapResponseLayer;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

pub use api::ApiDoc;
pub use error::{ApiError, ErrorBody};

use crate::conn::{BodyLimits, ConnWork};
use crate::host::HostPolicy;
use crate::pool::Pool;

/// The default listen address: loopback only.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:8080";

/// The Content-Security-Policy of every response: the page's own scripts, styles and
/// images only (no inline code, no other origin); pictures the page makes of API answers
/// are `blob:` images.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; img-src 'self' blob:; connect-src 'self'; base-uri 'none'; \
     form-action 'none'; frame-ancestors 'none'";

/// What the server allows and how it runs: [`Config::default`], with fields set as needed,
/// then [`Config::check`] ([`run`] and [`serve`] check it themselves).
///
/// ```
/// let mut config = numpl_web::Config::default();
/// config.solve_budget = 1_000;
/// assert!(config.check().is_ok());
/// config.max_size = 100;
/// assert_eq!(config.check().unwrap_err().to_string(), "max_size must be 4 to 64");
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Config {
    /// Where to listen (used by [`run`]; [`serve`] takes a bound listener and uses its
    /// address instead). Also what the `Host` check of [`router`] compares with.
    pub listen: SocketAddr,
    /// The largest request body in bytes (413 over it; a `Content-Length` over it is
    /// refused before the body is read).
    pub max_body: usize,
    /// The node budget of one search (`fast` and `full` solving); a request may ask for
    /// less.
    pub solve_budget: u64,
    /// The largest grid side for human-solver work (`rate`, `hint`, `explain`),
    /// generation and pictures.
    pub max_size: usize,
    /// The largest grid side `/api/solve` takes, whatever the algorithm: a search holds
    /// memory that grows with the fourth power of the side (a blank 36x36 about 25 MB, a
    /// 49x49 about 100 MB, a 64x64 about 380 MB).
    pub max_solve_size: usize,
    /// The most puzzles in one `generate` or `pdf` request.
    pub max_count: u64,
    /// The most cells one `generate` request may make (size x size x count).
    pub max_generate_cells: u64,
    /// Blocking threads for CPU work (heavy work takes at most one less). Default: the
    /// cores, at most [`Config::DEFAULT_WORKERS_CAP`].
    pub workers: usize,
    /// The most jobs on grids above 16x16 (solving, human-solver work, generation, sheets)
    /// that run at once, whatever `workers` is; others wait their turn (within
    /// `timeout`). What bounds the memory big grids hold.
    pub max_big_jobs: usize,
    /// The longest a request may wait for and run its work (503 past it).
    pub timeout: Duration,
    /// The longest a client may take to send a request's header block, from the
    /// connection's start or the previous answer (the connection is closed past it).
    pub header_timeout: Duration,
    /// The longest a client may take to send a request's body once its headers are in
    /// (408 past it, and the connection is closed).
    pub body_timeout: Duration,
    /// Host names (`numpl.example`, or `name:port` for that port only) that requests may
    /// give in their `Host` header besides the listening address itself. On a loopback
    /// address only `127.0.0.1:PORT`, `[::1]:PORT`, `localhost:PORT` and these are
    /// answered (403 otherwise: a web page cannot reach the server by rebinding its own
    /// name to 127.0.0.1); on another address every host is, unless this is not empty.
    pub allowed_hosts: Vec<String>,
}

impl Config {
    /// The default of [`Config::max_body`]: 1 MiB.
    pub const DEFAULT_MAX_BODY: usize = 1 << 20;
    /// The default of [`Config::solve_budget`].
    pub const DEFAULT_SOLVE_BUDGET: u64 = 10_000_000;
    /// The default of [`Config::max_size`].
    pub const DEFAULT_MAX_SIZE: usize = 25;
    /// The default of [`Config::max_solve_size`]: 36, whose blank search holds about 25 MB
    /// (a 49x49 about 100 MB).
    pub const DEFAULT_MAX_SOLVE_SIZE: usize = 36;
    /// The default of [`Config::max_count`].
    pub const DEFAULT_MAX_COUNT: u64 = 100;
    /// The default of [`Config::max_generate_cells`].
    pub const DEFAULT_MAX_GENERATE_CELLS: u64 = 20_000;
    /// The most [`Config::workers`] by default, however many cores there are.
    pub const DEFAULT_WORKERS_CAP: usize = 16;
    /// The most [`Config::workers`] [`Config::check`] takes.
    pub const MAX_WORKERS: usize = 1024;
    /// The default of [`Config::max_big_jobs`].
    pub const DEFAULT_MAX_BIG_JOBS: usize = 2;
    /// The default of [`Config::timeout`], in seconds.
    pub const DEFAULT_TIMEOUT_SECS: u64 = 60;
    /// The default of [`Config::header_timeout`], in seconds.
    pub const DEFAULT_HEADER_TIMEOUT_SECS: u64 = 30;
    /// The default of [`Config::body_timeout`], in seconds.
    pub const DEFAULT_BODY_TIMEOUT_SECS: u64 = 30;

    /// Whether every limit makes sense: each at least 1 (a zero would refuse every
    /// request), `max_size` and `max_solve_size` grid sides numpl has (4 to 64), `workers`
    /// at most [`Config::MAX_WORKERS`], and every allowed host a plain host name or
    /// address, with a port or without.
    ///
    /// # Errors
    ///
    /// [`ConfigError`], naming the first field that is wrong.
    pub fn check(&self) -> Result<(), ConfigError> {
        let at_least_one = |v: u128, field: &'static str| {
            if v == 0 {
                Err(ConfigError {
                    field,
                    message: format!("{field} must be at least 1"),
                })
            } else {
                Ok(())
            }
        };
        at_least_one(self.max_body as u128, "max_body")?;
        at_least_one(u128::from(self.solve_budget), "solve_budget")?;
        at_least_one(u128::from(self.max_count), "max_count")?;
        at_least_one(u128::from(self.max_generate_cells), "max_generate_cells")?;
        at_least_one(self.workers as u128, "workers")?;
        at_least_one(self.max_big_jobs as u128, "max_big_jobs")?;
        at_least_one(self.timeout.as_millis(), "timeout")?;
        at_least_one(self.header_timeout.as_millis(), "header_timeout")?;
        at_least_one(self.body_timeout.as_millis(), "body_timeout")?;
        for (v, field) in [
            (self.max_size, "max_size"),
            (self.max_solve_size, "max_solve_size"),
        ] {
            if !(4..=numpl_core::MAX_SIZE).contains(&v) {
                return Err(ConfigError {
                    field,
                    message: format!("{field} must be 4 to {}", numpl_core::MAX_SIZE),
                });
            }
        }
        if self.workers > Config::MAX_WORKERS {
            return Err(ConfigError {
                field: "workers",
                message: format!("workers must be at most {}", Config::MAX_WORKERS),
            });
        }
        if let Some(bad) = self.allowed_hosts.iter().find(|h| !host::is_host_name(h)) {
            return Err(ConfigError {
                field: "allowed_hosts",
                message: format!(
                    "allowed_hosts: `{bad}` is not a host name (a name or address, and \
                     `:port` or not)"
                ),
            });
        }
        Ok(())
    }
}

impl Default for Config {
    fn default() -> Config {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Config {
            listen: DEFAULT_LISTEN.parse().expect("a valid address"),
            max_body: Config::DEFAULT_MAX_BODY,
            solve_budget: Config::DEFAULT_SOLVE_BUDGET,
            max_size: Config::DEFAULT_MAX_SIZE,
            max_solve_size: Config::DEFAULT_MAX_SOLVE_SIZE,
            max_count: Config::DEFAULT_MAX_COUNT,
            max_generate_cells: Config::DEFAULT_MAX_GENERATE_CELLS,
            workers: cores.min(Config::DEFAULT_WORKERS_CAP),
            max_big_jobs: Config::DEFAULT_MAX_BIG_JOBS,
            timeout: Duration::from_secs(Config::DEFAULT_TIMEOUT_SECS),
            header_timeout: Duration::from_secs(Config::DEFAULT_HEADER_TIMEOUT_SECS),
            body_timeout: Duration::from_secs(Config::DEFAULT_BODY_TIMEOUT_SECS),
            allowed_hosts: Vec::new(),
        }
    }
}

/// A [`Config`] field that is out of range ([`Config::check`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    /// The field's name (`max_size`, `solve_budget`, ...).
    pub field: &'static str,
    message: String,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConfigError {}

impl From<ConfigError> for std::io::Error {
    fn from(e: ConfigError) -> std::io::Error {
        std::io::Error::new(std::io::ErrorKind::InvalidInput, e)
    }
}

/// What every handler shares.
#[derive(Clone, Debug)]
pub(crate) struct AppState {
    pub(crate) config: Arc<Config>,
    pub(crate) pool: Pool,
}

/// The whole app for `config`: page, API, headers and limits, and the `Host` check of
/// [`Config::allowed_hosts`] for a server on [`Config::listen`] ([`serve`] sets it to the
/// address it listens on).
pub fn router(config: Config) -> Router {
    let state = AppState {
        pool: Pool::new(config.workers, config.max_big_jobs, config.timeout),
        config: Arc::new(config.clone()),
    };
    let headers = [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "no-referrer"),
        (
            header::HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
        (
            header::HeaderName::from_static("cross-origin-resource-policy"),
            "same-origin",
        ),
    ];
    let limits = BodyLimits {
        max: config.max_body,
        timeout: config.body_timeout,
    };
    let mut app = api::routes()
        .merge(assets::routes())
        .fallback(not_found)
        .with_state(state)
        .layer(DefaultBodyLimit::max(config.max_body))
        // The work's time; the body's is the body timeout's, outside.
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            config.timeout + Duration::from_secs(5),
        ))
        .layer(middleware::from_fn_with_state(limits, conn::read_body));
    if let Some(policy) = HostPolicy::new(config.listen, &config.allowed_hosts) {
        app = app.layer(middleware::from_fn_with_state(
            Arc::new(policy),
            host::check_host,
        ));
    }
    let mut app = app
        .layer(CatchPanicLayer::custom(|_| {
            ApiError::internal("internal error: this is a bug in numpl, please report it")
                .into_response()
        }))
        // Outside the layers that make bodiless errors (the timeout's 408): a plain map
        // of the response, no boxing or cloning of the service per request.
        .layer(MapResponseLayer::new(json_errors));
    for (name, value) in headers {
        app = app.layer(SetResponseHeaderLayer::overriding(
            name,
            HeaderValue::from_static(value),
        ));
    }
    app
}

async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such page or endpoint")
}

/// Errors that axum or a layer makes without a body (405, 408, ...) get the JSON one.
fn json_errors(res: Response) -> Response {
    let status = res.status();
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if (status.is_client_error() || status.is_server_error()) && !is_json {
        let msg = match status {
            StatusCode::METHOD_NOT_ALLOWED => "method not allowed here".to_string(),
            StatusCode::REQUEST_TIMEOUT => "the request took too long".to_string(),
            StatusCode::PAYLOAD_TOO_LARGE => "the request body is over the limit".to_string(),
            s => s.canonical_reason().unwrap_or("error").to_lowercase(),
        };
        let mut out = ApiError::new(status, msg).into_response();
        if let Some(allow) = res.headers().get(header::ALLOW) {
            out.headers_mut().insert(header::ALLOW, allow.clone());
        }
        return out;
    }
    res
}

/// How long a connection with no request in flight is given, once the server stops, to
/// finish writing an answer before it is dropped.
const SHUTDOWN_DRAIN: Duration = Duration::from_millis(1000);

/// Serves `config`'s app on `listener` until `shutdown` resolves, then finishes the
/// requests in flight and returns.
///
/// Each connection is HTTP/1.1 (keep-alive). A client gets [`Config::header_timeout`] to
/// send a request's header block, counted from the connection's start and, on a kept-alive
/// connection, from the end of the previous answer; past it the connection is closed. So a
/// client that trickles its headers a byte at a time (slowloris) or opens connections and
/// sends nothing holds them for that long only, never for ever. The body then has
/// [`Config::body_timeout`] (408 past it) and is refused at once (413) when its
/// `Content-Length` is over [`Config::max_body`].
///
/// At `shutdown` no new connection is taken; a request in flight (its body read, its work
/// running) is finished and answered, and a connection with none (idle, or still sending
/// headers or a body) is closed within about a second.
///
/// # Errors
///
/// [`ConfigError`] (as an `InvalidInput` I/O error) for a config [`Config::check`] refuses,
/// or the listener's address cannot be read. Otherwise none: failures to accept one
/// connection (a client gone, too many open files) are logged and the loop goes on.
pub async fn serve(
    listener: tokio::net::TcpListener,
    mut config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    config.check()?;
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::service::TowerToHyperService;

    // The Host check compares with the address really bound (port 0 picks one).
    config.listen = listener.local_addr()?;
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(config.header_timeout)
        .keep_alive(true);
    let app = router(config);
    // `true` once the server stops; each connection task holds a `done` sender, so the
    // receiver ends when the last one has ended.
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let (done_tx, mut done_rx) = tokio::sync::mpsc::channel::<()>(1);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // As axum's own loop: a connection that failed before it was accepted
                    // is nothing; anything else (out of file descriptors) gets a pause.
                    if !is_connection_error(&e) {
                        tracing::warn!("numpl-web: accept failed: {e}");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // Small answers go out at once rather than wait for more to write.
        let _ = stream.set_nodelay(true);
        let work = ConnWork::new();
        let tag = work.clone();
        let service = TowerToHyperService::new(tower::util::MapRequest::new(
            app.clone(),
            move |mut req: axum::http::Request<hyper::body::Incoming>| {
                req.extensions_mut().insert(tag.clone());
                req
            },
        ));
        let conn = http.serve_connection(TokioIo::new(stream), service);
        let mut stop = stop_rx.clone();
        let done = done_tx.clone();
        tokio::spawn(async move {
            let mut conn = std::pin::pin!(conn);
            let ended = tokio::select! {
                r = conn.as_mut() => Some(r),
                _ = stop.wait_for(|s| *s) => None,
            };
            if ended.is_none() {
                // Stopping: no further request on this connection; it ends after the
                // answer in flight, or is dropped once it has had none for a while.
                conn.as_mut().graceful_shutdown();
                let mut busy = work.watch();
                loop {
                    let idle = *busy.borrow_and_update() == 0;
                    tokio::select! {
                        r = conn.as_mut() => {
                            if let Err(e) = r {
                                tracing::debug!("numpl-web: connection ended: {e}");
                            }
                            break;
                        }
                        _ = busy.changed() => {}
                        () = tokio::time::sleep(SHUTDOWN_DRAIN), if idle => break,
                    }
                }
            } else if let Some(Err(e)) = ended {
                tracing::debug!("numpl-web: connection ended: {e}");
            }
            drop(done);
        });
    }
    // No new connections; the open ones finish what they are answering and close.
    drop(listener);
    let _ = stop_tx.send(true);
    drop(done_tx);
    let _ = done_rx.recv().await;
    Ok(())
}

fn is_connection_error(e: &std::io::Error) -> bool {
    use std::io::ErrorKind;
    matches!(
        e.kind(),
        ErrorKind::ConnectionRefused | ErrorKind::ConnectionAborted | ErrorKind::ConnectionReset
    )
}

/// Resolves at the first SIGINT (Ctrl-C) or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

/// Binds `config.listen`, calls `ready` with the address bound (port 0 picks a free one),
/// and serves until SIGINT or SIGTERM, on a runtime of its own.
///
/// # Errors
///
/// A config [`Config::check`] refuses (`InvalidInput`), the runtime cannot start, the
/// address cannot be bound, or the listener fails.
pub fn run(config: Config, ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    config.check()?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(config.workers.max(1))
        // Light and heavy lanes at most, plus a few for the runtime's own use.
        .max_blocking_threads(2 * config.workers.max(1) + 4)
        .thread_name("numpl-web")
        .enable_all()
        .build()?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind(config.listen).await?;
        ready(listener.local_addr()?);
        serve(listener, config, shutdown_signal()).await
    })
}
