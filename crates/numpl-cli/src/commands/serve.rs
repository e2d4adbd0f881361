//! `numpl serve`: the web app and JSON API (crate numpl-web) on a local address until
//! SIGINT or SIGTERM. Its flags live here (not in `cli.rs`) and are checked here into a
//! [`numpl_web::Config`]; the crate knows nothing of flags.

use std::io::Write;
use std::net::SocketAddr;
use std::time::Duration;

use clap::Args;

use crate::settings::UsageError;
use crate::Exit;

/// `numpl serve`'s flags.
#[derive(Debug, Args)]
pub(crate) struct ServeArgs {
    /// The address to listen on (port 0 picks a free one); loopback only by default.
    #[arg(long, value_name = "ADDR:PORT", default_value = numpl_web::DEFAULT_LISTEN)]
    pub(crate) listen: SocketAddr,

    /// The largest request body, in bytes (413 over it).
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 20)]
    pub(crate) max_body: usize,

    /// The node budget of one search (`fast` and `full` solving).
    #[arg(long, value_name = "NODES", default_value_t = 10_000_000)]
    pub(crate) solve_budget: u64,

    /// The largest grid side for rating, hints, explanations, generation and pictures.
    #[arg(long, value_name = "N", default_value_t = 25)]
    pub(crate) max_size: usize,

    /// The most puzzles in one `generate` or `pdf` request.
    #[arg(long, value_name = "K", default_value_t = 100)]
    pub(crate) max_count: u64,

    /// The most cells (size x size x count) one `generate` request may make.
    #[arg(long, value_name = "CELLS", default_value_t = 20_000)]
    pub(crate) max_generate_cells: u64,

    /// The longest a request may take, in seconds (503 past it).
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    pub(crate) timeout: u64,

    /// The longest a client may take to send a request's headers, in seconds (from the
    /// connection's start or the previous answer; the connection is closed past it).
    #[arg(long, value_name = "SECONDS", default_value_t = 30)]
    pub(crate) header_timeout: u64,
}

/// The server's configuration; `threads` (from `--threads`) is the size of the work pool.
pub(crate) fn config(a: ServeArgs, threads: usize) -> Result<numpl_web::Config, UsageError> {
    let at_least_one = |v: u64, flag: &str| {
        if v == 0 {
            Err(UsageError(format!("{flag} must be at least 1")))
        } else {
            Ok(v)
        }
    };
    at_least_one(a.max_body as u64, "--max-body")?;
    at_least_one(a.solve_budget, "--solve-budget")?;
    at_least_one(a.max_count, "--max-count")?;
    at_least_one(a.max_generate_cells, "--max-generate-cells")?;
    at_least_one(a.timeout, "--timeout")?;
    at_least_one(a.header_timeout, "--header-timeout")?;
    if !(4..=64).contains(&a.max_size) {
        return Err(UsageError("--max-size must be 4 to 64".into()));
    }
    Ok(numpl_web::Config {
        listen: a.listen,
        max_body: a.max_body,
        solve_budget: a.solve_budget,
        max_size: a.max_size,
        max_count: a.max_count,
        max_generate_cells: a.max_generate_cells,
        workers: threads,
        timeout: Duration::from_secs(a.timeout),
        header_timeout: Duration::from_secs(a.header_timeout),
    })
}

/// Serves until SIGINT or SIGTERM (exit 0); a listen address that cannot be bound is an
/// I/O error (exit 2).
pub(crate) fn serve(config: numpl_web::Config) -> Result<Exit, Box<dyn std::error::Error>> {
    // The CLI's panic hook ends the process; a server keeps serving: a panic in a request
    // is a bug reported as a 500 by the web crate, and logged here in one line.
    // stderr is written with `writeln!` and its errors ignored: a closed stderr must not
    // stop the server (`eprintln!` would panic).
    std::panic::set_hook(Box::new(|info| {
        let _ = writeln!(
            std::io::stderr(),
            "numpl serve: internal error: {info}; this is a bug in numpl, please report it"
        );
    }));
    let listen = config.listen;
    numpl_web::run(config, |addr| {
        let _ = writeln!(std::io::stderr(), "listening on http://{addr}/");
    })
    .map_err(|e| format!("numpl serve on {listen}: {e}"))?;
    let _ = writeln!(std::io::stderr(), "numpl serve: stopped");
    Ok(Exit::Ok)
}
