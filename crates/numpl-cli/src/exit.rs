//! The process's exit statuses: a leaf module, so that the batch and the commands that
//! decide a status do not import the binary's root.

use crate::interrupt;

/// Exit statuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exit {
    /// Every puzzle ended `solved` (or was read, for `show`; or was made, for `generate`).
    Ok = 0,
    /// Some puzzle ended otherwise.
    Failed = 1,
    /// Usage error, unreadable file, I/O error.
    Error = 2,
    /// Ended by SIGINT or SIGTERM (see `interrupt`).
    Interrupted = interrupt::EXIT_INTERRUPTED as isize,
}
