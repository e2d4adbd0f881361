//! CPU work off the async workers, on a bounded number of blocking threads in two lanes:
//! light work (a 9x9 solve, hint or rating) and heavy work (generation, grids above 9x9,
//! PDF sheets). Heavy work may take at most `workers - 1` threads (at least one), so light
//! requests always find a thread of their own while big jobs run.

use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use tokio::sync::Semaphore;

use crate::error::ApiError;

/// Which lane a piece of work runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lane {
    /// Quick work.
    Light,
    /// Work that may take seconds.
    Heavy,
}

/// The bounded pool.
#[derive(Clone, Debug)]
pub(crate) struct Pool {
    light: Arc<Semaphore>,
    heavy: Arc<Semaphore>,
    timeout: Duration,
}

impl Pool {
    pub(crate) fn new(workers: usize, timeout: Duration) -> Pool {
        let workers = workers.max(1);
        Pool {
            light: Arc::new(Semaphore::new(workers)),
            heavy: Arc::new(Semaphore::new(workers.saturating_sub(1).max(1))),
            timeout,
        }
    }

    /// Runs `f` on a blocking thread of `lane`, waiting at most the pool's timeout for a
    /// thread and for the work (503 past it; the work then finishes on its own thread and
    /// frees its place, and its result is dropped).
    pub(crate) async fn run<T, F>(&self, lane: Lane, f: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let sem = match lane {
            Lane::Light => &self.light,
            Lane::Heavy => &self.heavy,
        };
        let timeout = self.timeout;
        let work = async {
            let permit = sem
                .clone()
                .acquire_owned()
                .await
                .map_err(|_| ApiError::internal("the work pool is closed"))?;
            tokio::task::spawn_blocking(move || {
                let out = f();
                drop(permit);
                out
            })
            .await
            .map_err(|e| ApiError::internal(format!("the work failed: {e}")))
        };
        match tokio::time::timeout(timeout, work).await {
            Ok(r) => r,
            Err(_) => Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the work took longer than this server's limit of {} s",
                    timeout.as_secs_f64()
                ),
            )),
        }
    }
}
