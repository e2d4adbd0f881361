//! The one integration-test binary of numpl-solve: the engine-independent suite run
//! against every algorithm, the human solver's technique tests, and the public searcher.

mod algorithms;
mod blank;
mod human;
mod positions;
mod searcher;
