//! The one integration-test binary of numpl-solve: the engine-independent suite run
//! against every algorithm, and the human solver's technique tests.

mod algorithms;
mod human;
