//! The technique finders, one concern per file, and the registry that maps each
//! [`Technique`] to its finder ([`find_with`]).
//!
//! A finder reads a [`Board`] (and the solve's [`Memo`], to skip searches that failed on
//! the same candidates) and returns the first [`Step`] it finds, or None. Singles are
//! scanned for directly by the solver (`singles.rs`) and brute force is the solver's last
//! resort, so neither has a registry line.
//!
//! # Adding a technique
//!
//! 1. Its row in the technique table (`technique.rs`, the `techniques!` list): the
//!    variant of [`Technique`] with its name, title, place in the order tried, level,
//!    score and whether it is on by default. (A technique with a size K, like tuples and
//!    fish, is a sized variant whose figures the methods there work out from K.)
//! 2. Its finder in one file here (`fn(&Board, ..) -> Option<Step>`, declared with a `mod`
//!    line below), its tests beside it (`#[cfg(test)] mod tests;` and the file
//!    `<name>/tests.rs`). Shared pieces: `crate::human::bits` for cell sets, the memo
//!    ([`Memo`]) to skip searches that failed on the same candidates.
//! 3. Its line in the table in [`find_with`]. A finder that reads only one value's
//!    candidate positions goes through [`per_value`], which skips values unchanged since
//!    it failed on them.
//!
//! The solver tries it in the order of step 1, whenever [`HumanSolver::allows`] it.
//!
//! [`HumanSolver::allows`]: crate::human::HumanSolver::allows

pub(crate) mod als;
pub(crate) mod als_chain;
pub(crate) mod chains;
pub(crate) mod fish;
pub(crate) mod forcing;
pub(crate) mod sdc;
pub(crate) mod singles;
pub(crate) mod subsets;
pub(crate) mod uniq;
pub(crate) mod wings;

use chains::ChainKind;
use fish::franken::{self, Kind::Franken, Kind::Mutant};

use super::memo::Memo;
use super::{Board, Step, Technique};

/// Whether the solver has a finder for `t` in [`find_with`].
pub(crate) fn implemented(t: Technique) -> bool {
    use Technique::*;
    !matches!(t, FullHouse | NakedSingle | HiddenSingle | BruteForce)
}

/// Runs a single-digit finder (which reads only the candidate positions of its value) on
/// every value in turn, skipping values whose positions are unchanged since it failed there.
pub(crate) fn per_value(
    t: Technique,
    b: &Board,
    memo: &mut Memo,
    f: impl Fn(&Board, u8) -> Option<Step>,
) -> Option<Step> {
    for v in 1..=b.n as u8 {
        if memo.skip_value(t, b, v) {
            continue;
        }
        if let Some(step) = f(b, v) {
            return Some(step);
        }
        memo.value_failed(t, b, v);
    }
    None
}

/// Runs the finder of one technique beyond singles (every technique allowed).
#[cfg(test)]
pub(crate) fn find(t: Technique, b: &Board, memo: &mut Memo) -> Option<Step> {
    find_with(t, b, memo, &|_| true)
}

/// The registry: runs the finder of one technique beyond singles; `allows` says which
/// techniques the solver may use. HoDoKu finds continuous and discontinuous nice loops and
/// AICs in one search and takes the best step of the three (and the grouped three in
/// another): that search runs at the first of its techniques allowed, and offers only
/// allowed ones.
pub(crate) fn find_with(
    t: Technique,
    b: &Board,
    memo: &mut Memo,
    allows: &dyn Fn(Technique) -> bool,
) -> Option<Step> {
    use Technique::*;
    // A nice-loop or AIC search, unless one of the techniques `earlier` in its search
    // is allowed (the search then ran there).
    let loops = |kind: ChainKind, memo: &mut Memo, earlier: &[Technique]| {
        if earlier.iter().any(|&e| allows(e)) {
            return None;
        }
        chains::chain(b, kind, memo, allows)
    };
    let (cnl, dnl) = (ContinuousNiceLoop, DiscontinuousNiceLoop);
    let (gcnl, gdnl) = (GroupedContinuousNiceLoop, GroupedDiscontinuousNiceLoop);
    match t {
        LockedPair => subsets::naked_tuple(b, 2, true, memo),
        LockedTriple => subsets::naked_tuple(b, 3, true, memo),
        LockedCandidatesPointing => subsets::locked_candidates(b, true, Some(memo)),
        LockedCandidatesClaiming => subsets::locked_candidates(b, false, Some(memo)),
        NakedTuple(k) => subsets::naked_tuple(b, k as usize, false, memo),
        HiddenTuple(k) => subsets::hidden_tuple(b, k as usize, memo),
        Fish(k) => fish::basic::basic_fish(b, k as usize, memo),
        FinnedFish(k) => fish::basic::finned_fish(b, k as usize, false, memo),
        SashimiFish(k) => fish::basic::finned_fish(b, k as usize, true, memo),
        RemotePair => wings::remote_pair(b),
        Skyscraper => per_value(t, b, memo, wings::skyscraper),
        TwoStringKite => per_value(t, b, memo, wings::two_string_kite),
        TurbotFish => per_value(t, b, memo, wings::turbot_fish),
        EmptyRectangle => per_value(t, b, memo, wings::empty_rectangle),
        WWing => wings::w_wing(b),
        XyWing => wings::xy_wing(b),
        XyzWing => wings::xyz_wing(b),
        UniqueRectangle => uniq::unique_rectangle(b),
        HiddenRectangle => uniq::hidden_rectangle(b),
        BugPlusOne => uniq::bug_plus_one(b),
        SimpleColors => per_value(t, b, memo, chains::simple_colors),
        MultiColors => per_value(t, b, memo, chains::multi_colors),
        XChain => chains::chain(b, ChainKind::X, memo, allows),
        XyChain => chains::chain(b, ChainKind::Xy, memo, allows),
        ContinuousNiceLoop => loops(ChainKind::Aic, memo, &[]),
        DiscontinuousNiceLoop => loops(ChainKind::Aic, memo, &[cnl]),
        Aic => loops(ChainKind::Aic, memo, &[cnl, dnl]),
        GroupedContinuousNiceLoop => loops(ChainKind::Grouped, memo, &[]),
        GroupedDiscontinuousNiceLoop => loops(ChainKind::Grouped, memo, &[gcnl]),
        GroupedAic => loops(ChainKind::Grouped, memo, &[gcnl, gdnl]),
        AlsXz => als::als_xz(b, memo),
        AlsXyWing => als::als_xy_wing(b, memo),
        AlsXyChain => als_chain::als_xy_chain(b, memo),
        DeathBlossom => als_chain::death_blossom(b, memo),
        FrankenFish(k) => franken::generalized_fish(b, k as usize, Franken, false, memo),
        FinnedFrankenFish(k) => franken::generalized_fish(b, k as usize, Franken, true, memo),
        MutantFish(k) => franken::generalized_fish(b, k as usize, Mutant, false, memo),
        FinnedMutantFish(k) => franken::generalized_fish(b, k as usize, Mutant, true, memo),
        KrakenFish => fish::kraken::kraken_fish(b, memo),
        ForcingChain => forcing::forcing_chain(b),
        ForcingNet => forcing::forcing_net(b),
        SueDeCoq => sdc::sue_de_coq(b, memo),
        FullHouse | NakedSingle | HiddenSingle | BruteForce => None,
    }
}
