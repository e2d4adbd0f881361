//! CPU work off the async workers, on a bounded number of blocking threads in two lanes:
//! light work (a 9x9 solve, hint or rating) and heavy work (generation, grids above 9x9,
//! PDF sheets). Heavy work may take at most `workers - 1` threads (at least one), so light
//! requests always find a thread of their own while big jobs run. Big work (grids above
//! 16x16, whose memory grows with the fourth power of the side: a blank 36x36 search holds
//! about 25 MB, a 64x64 one about 380 MB) is heavy work that also needs one of a few
//! places of its own (`big_jobs`), so the memory it holds is bounded whatever the thread
//! count.

use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use tokio::sync::Semaphore;

use crate::error::ApiError;

/// The largest grid side whose work is not big.
pub(crate) const BIG_ABOVE: usize = 16;

/// Which lane a piece of work runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lane {
    /// Quick work.
    Light,
    /// Work that may take seconds.
    Heavy,
    /// Heavy work on a grid above 16x16: seconds, and memory.
    Big,
}

/// The bounded pool.
#[derive(Clone, Debug)]
pub(crate) struct Pool {
    light: Arc<Semaphore>,
    heavy: Arc<Semaphore>,
    big: Arc<Semaphore>,
    timeout: Duration,
}

impl Pool {
    pub(crate) fn new(workers: usize, big_jobs: usize, timeout: Duration) -> Pool {
        let workers = workers.max(1);
        Pool {
            light: Arc::new(Semaphore::new(workers)),
            heavy: Arc::new(Semaphore::new(workers.saturating_sub(1).max(1))),
            big: Arc::new(Semaphore::new(big_jobs.max(1))),
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
        let timeout = self.timeout;
        let closed = |_| ApiError::internal("the work pool is closed");
        let work = async {
            // A big job takes its big place first, so that big jobs waiting for one hold
            // no heavy thread meanwhile.
            let big = match lane {
                Lane::Big => Some(self.big.clone().acquire_owned().await.map_err(closed)?),
                _ => None,
            };
            let sem = match lane {
                Lane::Light => &self.light,
                Lane::Heavy | Lane::Big => &self.heavy,
            };
            let permit = sem.clone().acquire_owned().await.map_err(closed)?;
            tokio::task::spawn_blocking(move || {
                let out = f();
                drop(permit);
                drop(big);
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
