//! The page and its files, compiled into the binary: no CDN, works offline. Each file is
//! gzipped once, on first use, and sent so to browsers that accept it.

use std::io::Write;
use std::sync::OnceLock;

use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::AppState;

const INDEX_HTML: &str = include_str!("../assets/index.html");
const APP_JS: &str = include_str!("../assets/app.js");
const APP_CSS: &str = include_str!("../assets/app.css");
const ICON_SVG: &str = include_str!("../assets/icon.svg");

/// Cached for an hour: the files change only with the binary.
const CACHE: &str = "public, max-age=3600";

/// A file of the page: its type, its text and its gzipped bytes (made once).
struct Asset {
    kind: &'static str,
    body: &'static str,
    gzip: OnceLock<Vec<u8>>,
}

impl Asset {
    const fn new(kind: &'static str, body: &'static str) -> Asset {
        Asset {
            kind,
            body,
            gzip: OnceLock::new(),
        }
    }

    fn gzipped(&self) -> &[u8] {
        self.gzip.get_or_init(|| {
            let mut z = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
            z.write_all(self.body.as_bytes())
                .and_then(|()| z.finish())
                .unwrap_or_default()
        })
    }

    fn answer(&'static self, headers: &HeaderMap) -> Response {
        let gzip_ok = headers
            .get_all(header::ACCEPT_ENCODING)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .any(|e| {
                let mut parts = e.trim().split(';');
                parts.next() == Some("gzip") && !parts.any(|q| q.trim() == "q=0")
            });
        let common = [
            (header::CONTENT_TYPE, HeaderValue::from_static(self.kind)),
            (header::CACHE_CONTROL, HeaderValue::from_static(CACHE)),
            (header::VARY, HeaderValue::from_static("accept-encoding")),
        ];
        let zipped = self.gzipped();
        if gzip_ok && !zipped.is_empty() {
            let enc = [(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"))];
            (common, enc, zipped).into_response()
        } else {
            (common, self.body).into_response()
        }
    }
}

static INDEX: Asset = Asset::new("text/html; charset=utf-8", INDEX_HTML);
static JS: Asset = Asset::new("text/javascript; charset=utf-8", APP_JS);
static CSS: Asset = Asset::new("text/css; charset=utf-8", APP_CSS);
static ICON: Asset = Asset::new("image/svg+xml", ICON_SVG);

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(|h: HeaderMap| async move { INDEX.answer(&h) }))
        .route("/app.js", get(|h: HeaderMap| async move { JS.answer(&h) }))
        .route(
            "/app.css",
            get(|h: HeaderMap| async move { CSS.answer(&h) }),
        )
        .route(
            "/icon.svg",
            get(|h: HeaderMap| async move { ICON.answer(&h) }),
        )
}
