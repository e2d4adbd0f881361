//! Shared fixtures run against every algorithm (being written).
