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
//! Safe by default: request bodies over [`Config::max_body`] get 413; solving is bounded
//! by a node budget, human-solver work and generation by grid size and size x count;
//! CPU work runs on a bounded pool of blocking threads (heavy work never takes the last
//! thread, so a 9x9 solve answers while a 25x25 puzzle is being made); every response
//! carries security headers with a Content-Security-Policy that allows only the page's own
//! files; every error is JSON `{"error": "..."}`; a client that does not send its request
//! headers within [`Config::header_timeout`] is disconnected. Requests never touch the
//! file system.
//!
//! Its answers are numpl-record's [`Record`]s, the one record the CLI's `--format json` and
//! Python also give (docs/FORMATS.md, "Records"); the API is described in docs/FORMATS.md,
//! "Web API".

#![forbid(unsafe_code)]

mod api;
mod assets;
mod error;
mod pool;

pub use numpl_record::Record;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower::util::MapResponseLayer;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

pub use api::ApiDoc;
pub use error::{ApiError, ErrorBody};

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
    /// Where to listen (used by [`run`]; [`serve`] takes a bound listener).
    pub listen: SocketAddr,
    /// The largest request body in bytes (413 over it).
    pub max_body: usize,
    /// The node budget of one search (`fast` and `full` solving); a request may ask for
    /// less.
    pub solve_budget: u64,
    /// The largest grid side for human-solver work (`rate`, `hint`, `explain`),
    /// generation and pictures.
    pub max_size: usize,
    /// The most puzzles in one `generate` or `pdf` request.
    pub max_count: u64,
    /// The most cells one `generate` request may make (size x size x count).
    pub max_generate_cells: u64,
    /// Blocking threads for CPU work (heavy work takes at most one less).
    pub workers: usize,
    /// The longest a request may wait for and run its work (503 past it).
    pub timeout: Duration,
    /// The longest a client may take to send a request's header block, from the
    /// connection's start or the previous answer (the connection is closed past it).
    pub header_timeout: Duration,
}

impl Config {
    /// The default of [`Config::max_body`]: 1 MiB.
    pub const DEFAULT_MAX_BODY: usize = 1 << 20;
    /// The default of [`Config::solve_budget`].
    pub const DEFAULT_SOLVE_BUDGET: u64 = 10_000_000;
    /// The default of [`Config::max_size`].
    pub const DEFAULT_MAX_SIZE: usize = 25;
    /// The default of [`Config::max_count`].
    pub const DEFAULT_MAX_COUNT: u64 = 100;
    /// The default of [`Config::max_generate_cells`].
    pub const DEFAULT_MAX_GENERATE_CELLS: u64 = 20_000;
    /// The default of [`Config::timeout`], in seconds.
    pub const DEFAULT_TIMEOUT_SECS: u64 = 60;
    /// The default of [`Config::header_timeout`], in seconds.
    pub const DEFAULT_HEADER_TIMEOUT_SECS: u64 = 30;

    /// Whether every limit makes sense: each at least 1 (a zero would refuse every
    /// request), and `max_size` a grid side numpl has (4 to 64).
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
        at_least_one(self.timeout.as_millis(), "timeout")?;
        at_least_one(self.header_timeout.as_millis(), "header_timeout")?;
        if !(4..=numpl_core::MAX_SIZE).contains(&self.max_size) {
            return Err(ConfigError {
                field: "max_size",
                message: format!("max_size must be 4 to {}", numpl_core::MAX_SIZE),
            });
        }
        Ok(())
    }
}

impl Default for Config {
    fn default() -> Config {
        Config {
            listen: DEFAULT_LISTEN.parse().expect("a valid address"),
            max_body: Config::DEFAULT_MAX_BODY,
            solve_budget: Config::DEFAULT_SOLVE_BUDGET,
            max_size: Config::DEFAULT_MAX_SIZE,
            max_count: Config::DEFAULT_MAX_COUNT,
            max_generate_cells: Config::DEFAULT_MAX_GENERATE_CELLS,
            workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            timeout: Duration::from_secs(Config::DEFAULT_TIMEOUT_SECS),
            header_timeout: Duration::from_secs(Config::DEFAULT_HEADER_TIMEOUT_SECS),
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

/// The whole app for `config`: page, API, headers and limits.
pub fn router(config: Config) -> Router {
    let state = AppState {
        pool: Pool::new(config.workers, config.timeout),
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
    let mut app = api::routes()
        .merge(assets::routes())
        .fallback(not_found)
        .with_state(state)
        .layer(DefaultBodyLimit::max(config.max_body))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            config.timeout + Duration::from_secs(5),
        ))
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

/// Serves `config`'s app on `listener` until `shutdown` resolves, then finishes the
/// requests in flight and returns.
///
/// Each connection is HTTP/1.1 (keep-alive). A client gets [`Config::header_timeout`] to
/// send a request's header block, counted from the connection's start and, on a kept-alive
/// connection, from the end of the previous answer; past it the connection is closed. So a
/// client that trickles its headers a byte at a time (slowloris) or opens connections and
/// sends nothing holds them for that long only, never for ever. (The body is bounded by
/// [`Config::timeout`], like the work.)
///
/// # Errors
///
/// [`ConfigError`] (as an `InvalidInput` I/O error) for a config [`Config::check`] refuses.
/// Otherwise none: failures to accept one connection (a client gone, too many open files)
/// are logged and the loop goes on.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    config.check()?;
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::server::graceful::GracefulShutdown;
    use hyper_util::service::TowerToHyperService;

    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(config.header_timeout)
        .keep_alive(true);
    let app = router(config);
    let graceful = GracefulShutdown::new();
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
        let service = TowerToHyperService::new(app.clone());
        let conn = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            if let Err(e) = conn.await {
                tracing::debug!("numpl-web: connection ended: {e}");
            }
        });
    }
    // No new connections; the open ones finish what they are answering and close.
    drop(listener);
    graceful.shutdown().await;
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
