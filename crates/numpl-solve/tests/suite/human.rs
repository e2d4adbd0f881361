//! Human solver tests (being written).
