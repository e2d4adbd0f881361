//! Every error the API sends: a JSON object `{"error": "..."}` (plus `"status": "invalid"`
//! for a puzzle that cannot be read) with a fitting status code.

use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

/// The body of every error response.
#[derive(Serialize, Debug, Clone, ToSchema)]
pub struct ErrorBody {
    /// What went wrong, in words (naming the cells for an invalid puzzle).
    pub error: String,
    /// `invalid` for a puzzle that could not be read or whose givens clash.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<&'static str>,
}

/// An error response.
#[derive(Debug, Clone)]
pub struct ApiError {
    /// The HTTP status.
    pub code: StatusCode,
    /// The JSON body.
    pub body: ErrorBody,
}

impl ApiError {
    /// An error with a status code and a message.
    pub fn new(code: StatusCode, msg: impl Into<String>) -> ApiError {
        ApiError {
            code,
            body: ErrorBody {
                error: msg.into(),
                status: None,
            },
        }
    }

    /// 400: a request the server will not take (a bad option, a limit passed).
    pub fn bad_request(msg: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, msg)
    }

    /// 422 with status `invalid`: the puzzle (or position) cannot be read or clashes.
    pub fn invalid(msg: impl Into<String>) -> ApiError {
        ApiError {
            code: StatusCode::UNPROCESSABLE_ENTITY,
            body: ErrorBody {
                error: msg.into(),
                status: Some("invalid"),
            },
        }
    }

    /// 500: a bug in numpl.
    pub fn internal(msg: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, msg)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.code, Json(self.body)).into_response()
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> ApiError {
        let code = match &r {
            // A body that parses as JSON but has the wrong fields is a bad request; 422 is
            // kept for puzzles that are invalid.
            JsonRejection::JsonDataError(_) => StatusCode::BAD_REQUEST,
            other => other.status(),
        };
        let msg = match code {
            StatusCode::PAYLOAD_TOO_LARGE => "the request body is over the limit".to_string(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE => {
                "the request body must be JSON (Content-Type: application/json)".to_string()
            }
            _ => r.body_text(),
        };
        ApiError::new(code, msg)
    }
}
