//! The page and its files, compiled into the binary: no CDN, works offline.

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

use crate::AppState;

const INDEX_HTML: &str = include_str!("../assets/index.html");
const APP_JS: &str = include_str!("../assets/app.js");
const APP_CSS: &str = include_str!("../assets/app.css");
const ICON_SVG: &str = include_str!("../assets/icon.svg");

/// Cached for an hour: the files change only with the binary.
const CACHE: &str = "public, max-age=3600";

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(|| file("text/html; charset=utf-8", INDEX_HTML)))
        .route(
            "/app.js",
            get(|| file("text/javascript; charset=utf-8", APP_JS)),
        )
        .route("/app.css", get(|| file("text/css; charset=utf-8", APP_CSS)))
        .route("/icon.svg", get(|| file("image/svg+xml", ICON_SVG)))
}

async fn file(kind: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, CACHE)],
        body,
    )
}
