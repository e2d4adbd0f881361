//! Fish: a value's candidates in `k` base sets covered by `k` cover sets.
//!
//! - `basic.rs`: X-Wing, Swordfish, Jellyfish and larger (rows against columns), finned
//!   and sashimi;
//! - `franken/`: Franken and mutant fish (base and cover sets mixing rows, columns and
//!   boxes), plain and finned, and the fish search kraken fish start from;
//! - `kraken.rs`: kraken fish (a finned fish whose eliminations chains from the fins
//!   prove);
//! - `tests.rs`: Franken, mutant and kraken fish on positions built by hand.

pub(crate) mod basic;
pub(crate) mod franken;
pub(crate) mod kraken;
#[cfg(test)]
mod tests;
