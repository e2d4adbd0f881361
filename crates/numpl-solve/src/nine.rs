//! The dedicated 9x9 solver (being written).
