//! Request bodies read within limits (size before and while reading, and time), and which
//! connections have work in flight, for a shutdown that finishes that work but waits for
//! no client.

use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, HttpBody};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tokio::sync::watch;

use crate::error::ApiError;

/// What a request body may be.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BodyLimits {
    pub(crate) max: usize,
    pub(crate) timeout: Duration,
}

/// Reads the whole body before the handler runs: 413 at once for a `Content-Length` over
/// the limit (nothing read), 413 as soon as a body without one passes it, 408 for a body
/// not in within the time limit; these close the connection. Then the request is work in
/// flight on its connection until the handler answers.
pub(crate) async fn read_body(
    State(limits): State<BodyLimits>,
    req: Request,
    next: Next,
) -> Response {
    let (parts, body) = req.into_parts();
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limits.max as u64) {
        return closing(too_large());
    }
    let cap = declared.map_or(0, |n| n.min(limits.max as u64) as usize);
    let bytes = match tokio::time::timeout(limits.timeout, collect(body, limits.max, cap)).await {
        Ok(Ok(b)) => b,
        Ok(Err(e)) => return closing(e),
        Err(_) => {
            return closing(ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request body did not come within this server's limit of {} s",
                    limits.timeout.as_secs_f64()
                ),
            ))
        }
    };
    let work = parts.extensions.get::<ConnWork>().map(ConnWork::start);
    let res = next
        .run(Request::from_parts(parts, Body::from(bytes)))
        .await;
    drop(work);
    res
}

fn too_large() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        "the request body is over the limit",
    )
}

/// The error, and the connection closed after it (the rest of the body is never read).
fn closing(e: ApiError) -> Response {
    let mut res = e.into_response();
    res.headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    res
}

async fn collect(mut body: Body, max: usize, cap: usize) -> Result<Vec<u8>, ApiError> {
    let mut buf = Vec::with_capacity(cap);
    while let Some(frame) = std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await {
        let frame = frame.map_err(|e| {
            ApiError::bad_request(format!("the request body could not be read: {e}"))
        })?;
        if let Ok(data) = frame.into_data() {
            if buf.len() + data.len() > max {
                return Err(too_large());
            }
            buf.extend_from_slice(&data);
        }
    }
    Ok(buf)
}

/// How many requests of one connection are in flight (body read, work running).
#[derive(Clone, Debug)]
pub(crate) struct ConnWork(Arc<watch::Sender<usize>>);

impl ConnWork {
    pub(crate) fn new() -> ConnWork {
        ConnWork(Arc::new(watch::channel(0).0))
    }

    fn start(&self) -> WorkGuard {
        self.0.send_modify(|n| *n += 1);
        WorkGuard(self.0.clone())
    }

    /// The count, and its changes.
    pub(crate) fn watch(&self) -> watch::Receiver<usize> {
        self.0.subscribe()
    }
}

/// One request in flight, until dropped.
struct WorkGuard(Arc<watch::Sender<usize>>);

impl Drop for WorkGuard {
    fn drop(&mut self) {
        self.0.send_modify(|n| *n -= 1);
    }
}
