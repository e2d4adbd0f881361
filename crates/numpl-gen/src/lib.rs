//! numpl-gen
