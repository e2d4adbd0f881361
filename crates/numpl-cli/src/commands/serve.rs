//! `numpl serve`: the web app and JSON API (crate numpl-web) on a local address until
//! SIGINT or SIGTERM. Its flags are `cli.rs`'s `ServeArgs`, turned into a checked
//! [`numpl_web::Config`] by `settings.rs`; the crate knows nothing of flags.

use std::io::Write;

/// Serves until SIGINT or SIGTERM (exit 0); a listen address that cannot be bound is an
/// I/O error (exit 2).
pub(crate) fn serve(config: numpl_web::Config) -> Result<(), Box<dyn std::error::Error>> {
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
    Ok(())
}
