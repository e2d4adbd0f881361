//! SIGINT and SIGTERM. A signal thread (signal-hook's safe iterator: no unsafe code here)
//! sets one flag. A batch polls it: it stops taking new work, writes every record it has
//! finished, in order, prints its summary and exits 130. Anything else (reading ahead,
//! `print` solving its sheet) is ended at once: the temporary files registered here are
//! removed and the process exits 130. A second signal always ends the process at once
//! (a puzzle that is still being solved is not waited for).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// A signal came.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// A batch is running and stops by itself when [`interrupted`].
static COOPERATIVE: AtomicBool = AtomicBool::new(false);
/// Temporary files to remove when the process is ended by a signal.
static TEMP_FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The exit status of a run ended by a signal (128 + SIGINT, as shells report it).
pub(crate) const EXIT_INTERRUPTED: u8 = 130;

/// Starts listening for SIGINT and SIGTERM. Not for `serve`, which has its own shutdown.
pub(crate) fn install() {
    let mut signals = match Signals::new([SIGINT, SIGTERM]) {
        Ok(s) => s,
        Err(e) => {
            tracing::warn!("cannot listen for interrupts: {e}");
            return;
        }
    };
    let spawned = std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for _ in signals.forever() {
                let again = INTERRUPTED.swap(true, Ordering::SeqCst);
                if again || !COOPERATIVE.load(Ordering::SeqCst) {
                    end_now();
                }
            }
        });
    if let Err(e) = spawned {
        tracing::warn!("cannot listen for interrupts: {e}");
    }
}

/// Removes the temporary files and exits 130.
fn end_now() -> ! {
    remove_temp_files();
    say!("numpl: interrupted");
    std::process::exit(i32::from(EXIT_INTERRUPTED));
}

/// Removes every registered temporary file.
fn remove_temp_files() {
    for f in std::mem::take(&mut *lock()) {
        let _ = std::fs::remove_file(f);
    }
}

/// Whether a signal asked the run to stop.
pub(crate) fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// While the guard lives, a first signal only sets the flag: the batch stops by itself.
pub(crate) struct Cooperating(());

impl Cooperating {
    pub(crate) fn start() -> Cooperating {
        COOPERATIVE.store(true, Ordering::SeqCst);
        Cooperating(())
    }
}

impl Drop for Cooperating {
    fn drop(&mut self) {
        COOPERATIVE.store(false, Ordering::SeqCst);
    }
}

/// A temporary file: removed when dropped (every error path) and when a signal ends the
/// process, unless [`TempFile::keep`] says it has been renamed into place.
// Only `print` makes temporary files.
#[cfg_attr(not(feature = "print"), allow(dead_code))]
pub(crate) struct TempFile {
    path: PathBuf,
}

// Only `print` makes temporary files.
#[cfg_attr(not(feature = "print"), allow(dead_code))]
impl TempFile {
    /// Registers `path` (before the file is made, so that no moment leaves it behind).
    pub(crate) fn new(path: PathBuf) -> TempFile {
        lock().push(path.clone());
        TempFile { path }
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// The file is gone from its temporary name (renamed): nothing to remove.
    pub(crate) fn keep(self) {
        forget(&self.path);
        std::mem::forget(self);
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
        forget(&self.path);
    }
}

fn lock() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    TEMP_FILES.lock().unwrap_or_else(|p| p.into_inner())
}

// Only `print` makes temporary files.
#[cfg_attr(not(feature = "print"), allow(dead_code))]
fn forget(path: &Path) {
    lock().retain(|p| p != path);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_files_go_on_drop_and_on_a_signal_but_not_once_kept() {
        let dir = std::env::temp_dir().join(format!("numpl-temp-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let [a, b, c] = ["a", "b", "c"].map(|n| dir.join(n));
        let dropped = TempFile::new(a.clone());
        std::fs::write(dropped.path(), "x").unwrap();
        drop(dropped);
        assert!(!a.exists());
        let kept = TempFile::new(b.clone());
        std::fs::write(kept.path(), "x").unwrap();
        kept.keep();
        let pending = TempFile::new(c.clone());
        std::fs::write(pending.path(), "x").unwrap();
        // What the signal thread does before it exits.
        remove_temp_files();
        assert!(b.exists() && !c.exists());
        assert!(lock().is_empty());
        drop(pending);
        let _ = std::fs::remove_dir_all(dir);
    }
}
