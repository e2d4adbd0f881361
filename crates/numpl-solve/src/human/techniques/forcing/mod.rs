//! Forcing chains and forcing nets, the last resort before brute force, found as HoDoKu
//! finds them: with implication tables ("Trebor's tables").
//!
//! Every candidate gives two premises, "it is true" (on) and "it is false" (off). Each
//! premise has a table of what it implies, closed under implication (if A implies B and B
//! implies C, A's table holds C):
//!
//! - for a **forcing chain** a premise implies only what follows from it alone: a true
//!   candidate removes the other candidates of its cell and its value from the peers; a
//!   false candidate makes the other candidate of a bivalue cell true, and the other place
//!   of its value in a unit where the value had two places. Every conclusion hangs on one
//!   premise, so each branch reads as a chain;
//! - for a **forcing net** the premise is applied to a copy of the board, followed by up to
//!   four rounds of every naked and hidden single the copy then has: a single may need
//!   several earlier conclusions at once (a cell that lost two candidates in two places),
//!   so a branch is a net.
//!
//! A premise is false when its table holds a contradiction: the premise's own negation, a
//! candidate both true and false, two values in a cell, a value twice in a unit, a cell
//! with every candidate false, or a unit where every place of a value is false
//! (contradiction). A conclusion is true when both premises of a candidate imply it, or
//! every candidate of a cell, or every place of a value in a unit (verity). Each step has
//! one conclusion; of all found, HoDoKu's choice is taken: a placement before an
//! elimination, the lowest cell (then value) first, and of the proofs of that conclusion
//! the one with the shortest branches. A forcing net runs only when no forcing chain
//! exists, so every net step really needs a net.
//!
//! How it is fast: the candidates are numbered compactly, so a table is a bit set of two
//! bits per candidate of the board; the graph and its buffers are kept per thread and
//! reused, and so is what depends on the board alone (the numbering, the houses and unit
//! groups of the contradiction tests) when a net runs where the chain found nothing. A
//! forcing net's premise is played out on one cell set per value (the copy of the board),
//! where a round of singles is a few word operations, hidden singles looked for only
//! where a value's count of places in a unit has just dropped to one; in a bivalue cell
//! "v is false" plays as "w is true" and shares its table, and on a board
//! with no single "v is false" is not played when it can make none (its cell keeps three
//! candidates or more, each of its units three places of v or more): its table is itself
//! alone. The best conclusion is found before any proof: the best verity (an AND of
//! tables per set of premises, word by word and only up to the best so far), then the
//! premises in the order of the conclusion their contradiction would draw, up to the first
//! that has one (64 tables at a time, one per strongly connected component of premises,
//! turned on their side so that each contradiction is a few word operations per
//! candidate, cell, unit and house, and a premise that implies nothing but itself decided
//! without its table: `scan.rs`); only the proofs of that conclusion are then
//! listed, in the order an exhaustive search meets them. A plain search
//! (`reference.rs`) is kept for tests, which compare the two.
//!
//! The tables hold a bit per candidate and premise, so they are kept to grids of up to
//! 16x16; on larger grids forcing nets are found by the propagation of `big.rs`.
//!
//! The files:
//!
//! - `net.rs`: the implication graph ([`Net`]: the numbering of the candidates, the edges,
//!   the closed tables) and its closure;
//! - `edges.rs`: the direct implications of every premise (forcing chains) and what a
//!   premise implies through singles (forcing nets);
//! - `sim.rs`: a forcing net's premise played out on a copy of the board;
//! - `check.rs`: the contradictions and verities the tables prove, and the best conclusion;
//! - `proof.rs`: the shortest proof of that conclusion, built into a [`Step`];
//! - `scan.rs`: the first premise with a contradiction, 64 tables at a time;
//! - `big.rs`: forcing nets on grids larger than the tables allow;
//! - `reference.rs` (tests only): the plain search the fast one is compared with;
//! - `tests.rs`: the tests.

mod big;
mod check;
mod edges;
mod net;
mod proof;
#[cfg(test)]
mod reference;
mod scan;
mod sim;
#[cfg(test)]
mod tests;

use crate::human::{Board, Step, Technique};
use check::check;
use edges::{chain_edges, net_edges};
use net::{close, Net};
use proof::build;
use std::cell::RefCell;

/// Rounds of singles a forcing net follows from its premise (HoDoKu's default depth).
const LOOK_AHEAD: usize = 4;

/// The largest grid side the tables are built for.
pub(crate) const MAX_TABLE_N: usize = 16;

const NONE: u32 = u32::MAX;
thread_local! {
    static NET: RefCell<Net> = RefCell::new(Net::default());
}
/// Forcing chains (contradiction and verity), HoDoKu's choice of all that exist.
pub(crate) fn forcing_chain(b: &Board) -> Option<Step> {
    if b.n > MAX_TABLE_N {
        return None;
    }
    NET.with(|net| {
        let net = &mut *net.borrow_mut();
        net.reset(b);
        chain_edges(b, net);
        close(net);
        let found = check(b, net);
        build(Technique::ForcingChain, b, net, found)
    })
}

/// Forcing nets (contradiction and verity), HoDoKu's choice of all that exist.
pub(crate) fn forcing_net(b: &Board) -> Option<Step> {
    if b.n > MAX_TABLE_N {
        return big::forcing_net_big(b);
    }
    NET.with(|net| {
        let net = &mut *net.borrow_mut();
        net.reset(b);
        match b.cands.len().div_ceil(64) {
            0 | 1 => net_edges::<1>(b, net),
            2 => net_edges::<2>(b, net),
            3 => net_edges::<3>(b, net),
            _ => net_edges::<4>(b, net),
        }
        close(net);
        let found = check(b, net);
        build(Technique::ForcingNet, b, net, found)
    })
}
