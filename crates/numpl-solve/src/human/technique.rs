//! The techniques, their snake_case names (as the command line and JSON use them), order,
//! HoDoKu levels (`level.rs`) and base scores.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use numpl_core::MAX_SIZE;

use super::Level;
use crate::{NameKind, ParseNameError};

/// A solving technique. Techniques are ordered by difficulty in HoDoKu's order (the order
/// the solver tries them in); tuples and fish carry their size K.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Technique {
    /// The last open cell of a unit.
    FullHouse,
    /// A cell with one candidate.
    NakedSingle,
    /// A value with one place in a unit.
    HiddenSingle,
    /// A naked pair in a box and a line: eliminates from both.
    LockedPair,
    /// A naked triple in a box and a line: eliminates from both.
    LockedTriple,
    /// A value confined to one line within a box (type 1).
    LockedCandidatesPointing,
    /// A value confined to one box within a line (type 2).
    LockedCandidatesClaiming,
    /// K cells of a unit holding only K values (2 pair, 3 triple, 4 quad, larger: `naked_tuple_K`).
    NakedTuple(u8),
    /// K values of a unit confined to K cells.
    HiddenTuple(u8),
    /// Basic fish of size K (2 X-Wing, 3 Swordfish, 4 Jellyfish, larger: `fish_K`).
    Fish(u8),
    /// A chain of bivalue cells with the same two values.
    RemotePair,
    /// Bivalue universal grave + 1 (uniqueness).
    BugPlusOne,
    /// Two conjugate pairs sharing one end line.
    Skyscraper,
    /// A row and a column conjugate pair joined in a box.
    TwoStringKite,
    /// Two conjugate pairs (one in a box) joined by a weak link.
    TurbotFish,
    /// A box whose candidates form a cross, with a conjugate pair.
    EmptyRectangle,
    /// Two equal bivalue cells joined by a strong link.
    WWing,
    /// A bivalue pivot and two bivalue pincers.
    XyWing,
    /// A trivalue pivot and two bivalue pincers.
    XyzWing,
    /// Unique rectangle, types 1 to 6 (uniqueness).
    UniqueRectangle,
    /// Hidden rectangle (uniqueness).
    HiddenRectangle,
    /// Finned fish of size K.
    FinnedFish(u8),
    /// Sashimi fish of size K.
    SashimiFish(u8),
    /// Two values in a line-box intersection with an ALS in each (Sue de Coq).
    SueDeCoq,
    /// Simple colors (color trap and color wrap) on one value.
    SimpleColors,
    /// Multi colors on one value.
    MultiColors,
    /// An alternating chain on one value.
    XChain,
    /// A chain of bivalue cells.
    XyChain,
    /// A continuous nice loop: a loop of alternating strong and weak links, so every weak
    /// link is strong too (eliminations along the weak links and in the loop's cells).
    ContinuousNiceLoop,
    /// A discontinuous nice loop: a chain from a candidate back to its cell proves the
    /// candidate true or false.
    DiscontinuousNiceLoop,
    /// Alternating inference chain over any candidates: one of its two ends is true.
    Aic,
    /// A continuous nice loop with group nodes (a value in two or three cells of a
    /// line-box intersection).
    GroupedContinuousNiceLoop,
    /// A discontinuous nice loop with group nodes.
    GroupedDiscontinuousNiceLoop,
    /// AIC with group nodes.
    GroupedAic,
    /// Two almost locked sets with a restricted common value.
    AlsXz,
    /// Three almost locked sets linked by two restricted common values.
    AlsXyWing,
    /// A chain of four or more almost locked sets linked by restricted common values.
    AlsXyChain,
    /// A stem cell with an almost locked set (petal) for each of its candidates.
    DeathBlossom,
    /// Franken fish of size K (2 X-Wing, 3 Swordfish, 4 Jellyfish): base sets of rows and
    /// boxes covered by columns and boxes (or the transpose), without fins.
    FrankenFish(u8),
    /// Finned Franken fish of size K (fins and endo fins; HoDoKu has no sashimi Franken).
    FinnedFrankenFish(u8),
    /// Mutant fish of size K: base and cover sets any mix of rows, columns and boxes.
    MutantFish(u8),
    /// Finned mutant fish of size K.
    FinnedMutantFish(u8),
    /// Kraken fish (HoDoKu's types 1 and 2, [`Step::variant`](crate::Step)): a finned
    /// basic or Franken fish with up to two fins whose eliminations chains prove.
    KrakenFish,
    /// Forcing chain: a premise whose direct implications contradict each other, or a
    /// conclusion every premise of a cell, a unit or a candidate implies.
    ForcingChain,
    /// Forcing net: as a forcing chain, but implications may follow from several premises
    /// at once (singles on a board copy).
    ForcingNet,
    /// The last resort when no logic applies, as HoDoKu makes it: the solution's value is
    /// placed in the middle open cell (the open cell at index open/2 in reading order).
    BruteForce,
}

/// Makes a sized technique.
type Make = fn(u8) -> Technique;

const FISH_NAMES: [&str; 3] = ["x_wing", "swordfish", "jellyfish"];

impl Technique {
    /// The techniques without a size, in order (for parsing and listing).
    const FIXED: [Technique; 33] = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::LockedPair,
        Technique::LockedTriple,
        Technique::LockedCandidatesPointing,
        Technique::LockedCandidatesClaiming,
        Technique::RemotePair,
        Technique::BugPlusOne,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::EmptyRectangle,
        Technique::WWing,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueRectangle,
        Technique::HiddenRectangle,
        Technique::SueDeCoq,
        Technique::SimpleColors,
        Technique::MultiColors,
        Technique::XChain,
        Technique::XyChain,
        Technique::ContinuousNiceLoop,
        Technique::DiscontinuousNiceLoop,
        Technique::Aic,
        Technique::GroupedContinuousNiceLoop,
        Technique::GroupedDiscontinuousNiceLoop,
        Technique::GroupedAic,
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::AlsXyChain,
        Technique::DeathBlossom,
    ];

    /// The snake_case name used on the command line and in JSON: `naked_pair`, `x_wing`,
    /// `naked_tuple_5`, `fish_6` ...
    pub fn name(self) -> Cow<'static, str> {
        use Technique::*;
        let s: &'static str = match self {
            FullHouse => "full_house",
            NakedSingle => "naked_single",
            HiddenSingle => "hidden_single",
            LockedPair => "locked_pair",
            LockedTriple => "locked_triple",
            LockedCandidatesPointing => "locked_candidates_pointing",
            LockedCandidatesClaiming => "locked_candidates_claiming",
            NakedTuple(k) => match k {
                2 => "naked_pair",
                3 => "naked_triple",
                4 => "naked_quad",
                _ => return Cow::Owned(format!("naked_tuple_{k}")),
            },
            HiddenTuple(k) => match k {
                2 => "hidden_pair",
                3 => "hidden_triple",
                4 => "hidden_quad",
                _ => return Cow::Owned(format!("hidden_tuple_{k}")),
            },
            Fish(k) => match k {
                2..=4 => FISH_NAMES[k as usize - 2],
                _ => return Cow::Owned(format!("fish_{k}")),
            },
            FinnedFish(k) => match k {
                2 => "finned_x_wing",
                3 => "finned_swordfish",
                4 => "finned_jellyfish",
                _ => return Cow::Owned(format!("finned_fish_{k}")),
            },
            SashimiFish(k) => match k {
                2 => "sashimi_x_wing",
                3 => "sashimi_swordfish",
                4 => "sashimi_jellyfish",
                _ => return Cow::Owned(format!("sashimi_fish_{k}")),
            },
            RemotePair => "remote_pair",
            BugPlusOne => "bug_plus_one",
            Skyscraper => "skyscraper",
            TwoStringKite => "two_string_kite",
            TurbotFish => "turbot_fish",
            EmptyRectangle => "empty_rectangle",
            WWing => "w_wing",
            XyWing => "xy_wing",
            XyzWing => "xyz_wing",
            UniqueRectangle => "unique_rectangle",
            HiddenRectangle => "hidden_rectangle",
            SueDeCoq => "sue_de_coq",
            SimpleColors => "simple_colors",
            MultiColors => "multi_colors",
            XChain => "x_chain",
            XyChain => "xy_chain",
            ContinuousNiceLoop => "continuous_nice_loop",
            DiscontinuousNiceLoop => "discontinuous_nice_loop",
            Aic => "aic",
            GroupedContinuousNiceLoop => "grouped_continuous_nice_loop",
            GroupedDiscontinuousNiceLoop => "grouped_discontinuous_nice_loop",
            GroupedAic => "grouped_aic",
            AlsXz => "als_xz",
            AlsXyWing => "als_xy_wing",
            AlsXyChain => "als_xy_chain",
            DeathBlossom => "death_blossom",
            FrankenFish(k) => match k {
                2..=4 => {
                    ["franken_x_wing", "franken_swordfish", "franken_jellyfish"][k as usize - 2]
                }
                _ => return Cow::Owned(format!("franken_fish_{k}")),
            },
            FinnedFrankenFish(k) => match k {
                2..=4 => [
                    "finned_franken_x_wing",
                    "finned_franken_swordfish",
                    "finned_franken_jellyfish",
                ][k as usize - 2],
                _ => return Cow::Owned(format!("finned_franken_fish_{k}")),
            },
            MutantFish(k) => match k {
                2..=4 => ["mutant_x_wing", "mutant_swordfish", "mutant_jellyfish"][k as usize - 2],
                _ => return Cow::Owned(format!("mutant_fish_{k}")),
            },
            FinnedMutantFish(k) => match k {
                2..=4 => [
                    "finned_mutant_x_wing",
                    "finned_mutant_swordfish",
                    "finned_mutant_jellyfish",
                ][k as usize - 2],
                _ => return Cow::Owned(format!("finned_mutant_fish_{k}")),
            },
            KrakenFish => "kraken_fish",
            ForcingChain => "forcing_chain",
            ForcingNet => "forcing_net",
            BruteForce => "brute_force",
        };
        Cow::Borrowed(s)
    }

    /// The name players read: `Hidden Single`, `XY-Wing`, `Naked Tuple (5)` ...
    pub fn title(self) -> Cow<'static, str> {
        use Technique::*;
        let s: &'static str = match self {
            FullHouse => "Full House",
            NakedSingle => "Naked Single",
            HiddenSingle => "Hidden Single",
            LockedPair => "Locked Pair",
            LockedTriple => "Locked Triple",
            LockedCandidatesPointing => "Locked Candidates (Pointing)",
            LockedCandidatesClaiming => "Locked Candidates (Claiming)",
            NakedTuple(2) => "Naked Pair",
            NakedTuple(3) => "Naked Triple",
            NakedTuple(4) => "Naked Quad",
            NakedTuple(k) => return Cow::Owned(format!("Naked Tuple ({k})")),
            HiddenTuple(2) => "Hidden Pair",
            HiddenTuple(3) => "Hidden Triple",
            HiddenTuple(4) => "Hidden Quad",
            HiddenTuple(k) => return Cow::Owned(format!("Hidden Tuple ({k})")),
            Fish(2) => "X-Wing",
            Fish(3) => "Swordfish",
            Fish(4) => "Jellyfish",
            Fish(k) => return Cow::Owned(format!("Fish ({k})")),
            FinnedFish(2) => "Finned X-Wing",
            FinnedFish(3) => "Finned Swordfish",
            FinnedFish(4) => "Finned Jellyfish",
            FinnedFish(k) => return Cow::Owned(format!("Finned Fish ({k})")),
            SashimiFish(2) => "Sashimi X-Wing",
            SashimiFish(3) => "Sashimi Swordfish",
            SashimiFish(4) => "Sashimi Jellyfish",
            SashimiFish(k) => return Cow::Owned(format!("Sashimi Fish ({k})")),
            RemotePair => "Remote Pair",
            BugPlusOne => "BUG+1",
            Skyscraper => "Skyscraper",
            TwoStringKite => "2-String Kite",
            TurbotFish => "Turbot Fish",
            EmptyRectangle => "Empty Rectangle",
            WWing => "W-Wing",
            XyWing => "XY-Wing",
            XyzWing => "XYZ-Wing",
            UniqueRectangle => "Unique Rectangle",
            HiddenRectangle => "Hidden Rectangle",
            SueDeCoq => "Sue de Coq",
            SimpleColors => "Simple Colors",
            MultiColors => "Multi Colors",
            XChain => "X-Chain",
            XyChain => "XY-Chain",
            ContinuousNiceLoop => "Continuous Nice Loop",
            DiscontinuousNiceLoop => "Discontinuous Nice Loop",
            Aic => "AIC",
            GroupedContinuousNiceLoop => "Grouped Continuous Nice Loop",
            GroupedDiscontinuousNiceLoop => "Grouped Discontinuous Nice Loop",
            GroupedAic => "Grouped AIC",
            AlsXz => "ALS-XZ",
            AlsXyWing => "ALS-XY-Wing",
            AlsXyChain => "ALS-XY-Chain",
            DeathBlossom => "Death Blossom",
            FrankenFish(k) | FinnedFrankenFish(k) | MutantFish(k) | FinnedMutantFish(k) => {
                let kind = match self {
                    FrankenFish(_) => "Franken",
                    FinnedFrankenFish(_) => "Finned Franken",
                    MutantFish(_) => "Mutant",
                    _ => "Finned Mutant",
                };
                return Cow::Owned(match k {
                    2..=4 => format!(
                        "{kind} {}",
                        ["X-Wing", "Swordfish", "Jellyfish"][k as usize - 2]
                    ),
                    _ => format!("{kind} Fish ({k})"),
                });
            }
            KrakenFish => "Kraken Fish",
            ForcingChain => "Forcing Chain",
            ForcingNet => "Forcing Net",
            BruteForce => "Brute Force",
        };
        Cow::Borrowed(s)
    }

    /// The size K of a tuple or fish, 0 for other techniques.
    pub fn size(self) -> u8 {
        match self {
            Technique::NakedTuple(k)
            | Technique::HiddenTuple(k)
            | Technique::Fish(k)
            | Technique::FinnedFish(k)
            | Technique::SashimiFish(k)
            | Technique::FrankenFish(k)
            | Technique::FinnedFrankenFish(k)
            | Technique::MutantFish(k)
            | Technique::FinnedMutantFish(k) => k,
            _ => 0,
        }
    }

    /// Position in HoDoKu's order (its step index; sizes beyond 4 slot in after quads/jellyfish).
    fn order(self) -> u32 {
        use Technique::*;
        let big = |k: u8| 2 * (k as u32).saturating_sub(4);
        match self {
            FullHouse => 100,
            NakedSingle => 200,
            HiddenSingle => 300,
            LockedPair => 1000,
            LockedTriple => 1100,
            LockedCandidatesPointing => 1200,
            LockedCandidatesClaiming => 1210,
            NakedTuple(k) => match k {
                0..=2 => 1300,
                3 => 1400,
                4 => 2000,
                _ => 2100 + big(k) - 1,
            },
            HiddenTuple(k) => match k {
                0..=2 => 1500,
                3 => 1600,
                4 => 2100,
                _ => 2100 + big(k),
            },
            Fish(k) => match k {
                0..=4 => 2200 + 100 * (k.max(2) as u32 - 2),
                _ => 2400 + big(k),
            },
            RemotePair => 2800,
            BugPlusOne => 2900,
            Skyscraper => 3000,
            TwoStringKite => 3100,
            TurbotFish => 3120,
            EmptyRectangle => 3170,
            WWing => 3200,
            XyWing => 3300,
            XyzWing => 3400,
            UniqueRectangle => 3500,
            HiddenRectangle => 4010,
            FinnedFish(k) => match k {
                0..=4 => 4100 + 200 * (k.max(2) as u32 - 2),
                _ => 4600 + big(k) - 1,
            },
            SashimiFish(k) => match k {
                0..=4 => 4200 + 200 * (k.max(2) as u32 - 2),
                _ => 4600 + big(k),
            },
            SueDeCoq => 5300,
            SimpleColors => 5330,
            MultiColors => 5360,
            XChain => 5400,
            XyChain => 5500,
            // HoDoKu finds the three in one search (its step 5600, "nice loop"), and
            // the grouped three in another (5650).
            ContinuousNiceLoop => 5600,
            DiscontinuousNiceLoop => 5601,
            Aic => 5602,
            GroupedContinuousNiceLoop => 5650,
            GroupedDiscontinuousNiceLoop => 5651,
            GroupedAic => 5652,
            AlsXz => 5700,
            AlsXyWing => 5800,
            AlsXyChain => 5900,
            DeathBlossom => 6000,
            FrankenFish(k) => 6100 + 100 * (k.clamp(2, 4) as u32 - 2),
            FinnedFrankenFish(k) => 6700 + 100 * (k.clamp(2, 4) as u32 - 2),
            MutantFish(k) => 7300 + 100 * (k.clamp(2, 4) as u32 - 2),
            FinnedMutantFish(k) => 7900 + 100 * (k.clamp(2, 4) as u32 - 2),
            KrakenFish => 8450,
            ForcingChain => 8500,
            ForcingNet => 8600,
            BruteForce => 8900,
        }
    }

    /// HoDoKu's level for the technique.
    pub fn level(self) -> Level {
        use Technique::*;
        match self {
            FullHouse | NakedSingle | HiddenSingle => Level::Easy,
            LockedPair | LockedTriple | LockedCandidatesPointing | LockedCandidatesClaiming => {
                Level::Medium
            }
            NakedTuple(k) | HiddenTuple(k) if k <= 3 => Level::Medium,
            NakedTuple(_) | HiddenTuple(_) => Level::Hard,
            Fish(k) if k <= 4 => Level::Hard,
            Fish(_) => Level::Unfair,
            FinnedFish(2) | SashimiFish(2) => Level::Hard,
            FinnedFish(_) | SashimiFish(_) => Level::Unfair,
            RemotePair | BugPlusOne | Skyscraper | TwoStringKite | TurbotFish | EmptyRectangle
            | WWing | XyWing | XyzWing | UniqueRectangle | HiddenRectangle | SimpleColors
            | MultiColors => Level::Hard,
            SueDeCoq
            | XChain
            | XyChain
            | ContinuousNiceLoop
            | DiscontinuousNiceLoop
            | Aic
            | GroupedContinuousNiceLoop
            | GroupedDiscontinuousNiceLoop
            | GroupedAic
            | AlsXz
            | AlsXyWing
            | AlsXyChain
            | DeathBlossom => Level::Unfair,
            FrankenFish(k) | FinnedFrankenFish(k) if k <= 4 => Level::Unfair,
            FrankenFish(_) | FinnedFrankenFish(_) | MutantFish(_) | FinnedMutantFish(_) => {
                Level::Extreme
            }
            KrakenFish | ForcingChain | ForcingNet | BruteForce => Level::Extreme,
        }
    }

    /// The hardest technique that the search finding `self` also finds, and may take in
    /// its place. HoDoKu looks for continuous and discontinuous nice loops and AICs in one
    /// search and takes the best step of the three (the most eliminations), whatever its
    /// type; the grouped three likewise. So where a discontinuous nice loop applies, a
    /// solver that allows AICs may take an AIC instead, and a run limited to discontinuous
    /// nice loops can take other steps than an unlimited one. Every other technique: itself.
    pub fn search_top(self) -> Technique {
        use Technique::*;
        match self {
            ContinuousNiceLoop | DiscontinuousNiceLoop => Aic,
            GroupedContinuousNiceLoop | GroupedDiscontinuousNiceLoop => GroupedAic,
            t => t,
        }
    }

    /// Whether the solver uses the technique unless told otherwise
    /// ([`HumanSolver::enable`](crate::HumanSolver::enable)). As in HoDoKu's default
    /// configuration, the techniques that rarely pay for their search time (e.g. mutant
    /// fish, death blossom, kraken fish) are off by default, so ratings match HoDoKu's.
    pub fn on_by_default(self) -> bool {
        use Technique::*;
        match self {
            FrankenFish(k) | FinnedFrankenFish(k) => k <= 3,
            MutantFish(_) | FinnedMutantFish(_) | KrakenFish | DeathBlossom => false,
            _ => true,
        }
    }

    /// HoDoKu's base score of one step with the technique. Sizes HoDoKu does not have
    /// (tuples beyond quads) score 30 more per size.
    pub fn score(self) -> u32 {
        use Technique::*;
        match self {
            FullHouse | NakedSingle => 4,
            HiddenSingle => 14,
            LockedPair => 40,
            LockedTriple => 60,
            LockedCandidatesPointing | LockedCandidatesClaiming => 50,
            NakedTuple(k) => match k {
                0..=2 => 60,
                3 => 80,
                4 => 120,
                _ => 120 + 30 * (k as u32 - 4),
            },
            HiddenTuple(k) => match k {
                0..=2 => 70,
                3 => 100,
                4 => 150,
                _ => 150 + 30 * (k as u32 - 4),
            },
            Fish(k) => match k {
                0..=2 => 140,
                3 => 150,
                4 => 160,
                _ => 470,
            },
            FinnedFish(k) => match k {
                0..=2 => 130,
                3 => 200,
                4 => 250,
                _ => 470,
            },
            SashimiFish(k) => match k {
                0..=2 => 150,
                3 => 240,
                4 => 260,
                _ => 470,
            },
            RemotePair => 110,
            BugPlusOne | UniqueRectangle | HiddenRectangle => 100,
            Skyscraper => 130,
            TwoStringKite | WWing | SimpleColors => 150,
            EmptyRectangle | TurbotFish => 120,
            XyWing => 160,
            XyzWing => 180,
            MultiColors => 200,
            SueDeCoq => 250,
            XChain | XyChain => 260,
            ContinuousNiceLoop | DiscontinuousNiceLoop | Aic => 280,
            GroupedContinuousNiceLoop | GroupedDiscontinuousNiceLoop | GroupedAic => 300,
            AlsXz => 300,
            AlsXyWing => 320,
            FrankenFish(k) => match k {
                0..=2 => 300,
                3 => 350,
                4 => 370,
                _ => 470,
            },
            FinnedFrankenFish(k) => match k {
                0..=2 => 390,
                3 => 410,
                4 => 430,
                _ => 470,
            },
            MutantFish(k) if k <= 4 => 450,
            MutantFish(_) | FinnedMutantFish(_) => 470,
            AlsXyChain => 340,
            DeathBlossom => 360,
            KrakenFish | ForcingChain => 500,
            ForcingNet => 700,
            BruteForce => 10000,
        }
    }

    /// Every technique the solver knows for grids of side `n`, in the order it tries them.
    pub fn all_for(n: usize) -> Vec<Technique> {
        // Made once per side (every solve asks for its list; sorting it cost more than a
        // rating's singles).
        static LISTS: [OnceLock<Vec<Technique>>; MAX_SIZE + 1] =
            [const { OnceLock::new() }; MAX_SIZE + 1];
        match LISTS.get(n) {
            Some(list) => list.get_or_init(|| Technique::list_for(n)).clone(),
            None => Technique::list_for(n),
        }
    }

    /// [`Technique::all_for`], made afresh.
    fn list_for(n: usize) -> Vec<Technique> {
        let half = (n / 2).max(2) as u8;
        let mut v: Vec<Technique> = Technique::FIXED.to_vec();
        v.push(Technique::KrakenFish);
        v.push(Technique::ForcingChain);
        v.push(Technique::ForcingNet);
        v.push(Technique::BruteForce);
        for k in 2..=half {
            v.push(Technique::NakedTuple(k));
            v.push(Technique::HiddenTuple(k));
            v.push(Technique::Fish(k));
        }
        for k in 2..=half.min(4) {
            v.push(Technique::FinnedFish(k));
            v.push(Technique::SashimiFish(k));
        }
        // Franken and mutant fish search many more base sets than basic fish (boxes too):
        // HoDoKu's sizes on grids up to 9x9, X-Wings only on larger grids (where a
        // swordfish search alone would cost more than the rest of a solve).
        let generalized = if n <= 9 { half.min(4) } else { 2 };
        for k in 2..=generalized {
            v.push(Technique::FrankenFish(k));
            v.push(Technique::FinnedFrankenFish(k));
            v.push(Technique::MutantFish(k));
            v.push(Technique::FinnedMutantFish(k));
        }
        v.sort();
        v
    }
}

impl PartialOrd for Technique {
    fn partial_cmp(&self, other: &Technique) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Technique {
    fn cmp(&self, other: &Technique) -> Ordering {
        (self.order(), self.size()).cmp(&(other.order(), other.size()))
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl FromStr for Technique {
    type Err = ParseNameError;

    /// Parses a technique's name ([`Technique::name`]: `x_wing`, `naked_tuple_5`, ...);
    /// `-` may stand for `_`, and case does not matter.
    ///
    /// # Errors
    ///
    /// [`ParseNameError`] for a name no technique has.
    fn from_str(s: &str) -> Result<Technique, ParseNameError> {
        let t = s.trim().to_ascii_lowercase().replace('-', "_");
        for x in [
            Technique::KrakenFish,
            Technique::ForcingChain,
            Technique::ForcingNet,
            Technique::BruteForce,
        ] {
            if x.name() == t {
                return Ok(x);
            }
        }
        if let Some(found) = Technique::FIXED.into_iter().find(|x| x.name() == t) {
            return Ok(found);
        }
        for k in 2..=4u8 {
            for x in [
                Technique::NakedTuple(k),
                Technique::HiddenTuple(k),
                Technique::Fish(k),
                Technique::FinnedFish(k),
                Technique::SashimiFish(k),
                Technique::FrankenFish(k),
                Technique::FinnedFrankenFish(k),
                Technique::MutantFish(k),
                Technique::FinnedMutantFish(k),
            ] {
                if x.name() == t {
                    return Ok(x);
                }
            }
        }
        let sized: [(&str, Make); 5] = [
            ("naked_tuple_", Technique::NakedTuple),
            ("hidden_tuple_", Technique::HiddenTuple),
            ("finned_fish_", Technique::FinnedFish),
            ("sashimi_fish_", Technique::SashimiFish),
            ("fish_", Technique::Fish),
        ];
        for (prefix, make) in sized {
            if let Some(k) = t.strip_prefix(prefix).and_then(|k| k.parse::<u8>().ok()) {
                if (2..=32).contains(&k) {
                    return Ok(make(k));
                }
            }
        }
        Err(ParseNameError::new(NameKind::Technique, s))
    }
}
