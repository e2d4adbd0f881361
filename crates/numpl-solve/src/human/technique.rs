//! The techniques: one table (`techniques!` below) gives each its snake_case name (as
//! the command line and JSON use them), title, place in HoDoKu's order, HoDoKu level
//! (`level.rs`), base score and whether it is on by default.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use numpl_core::MAX_SIZE;

use super::Level;
use crate::{NameKind, ParseNameError};

/// Declares [`Technique`] from the technique table: a technique without a size is one row
/// (its variant, snake_case name, title, place in HoDoKu's order, level, base score, and
/// whether the solver uses it unless told otherwise); a technique with a size K (tuples,
/// fish) is a variant whose name, order, level and score depend on K and are worked out
/// in the methods below.
macro_rules! techniques {
    (
        fixed {
            $($(#[$fdoc:meta])* $fixed:ident: $name:literal, $title:literal, $order:literal,
              $level:ident, $score:literal, $on:ident;)*
        }
        sized {
            $($(#[$sdoc:meta])* $sized:ident,)*
        }
    ) => {
        /// A solving technique. Techniques are ordered by difficulty in HoDoKu's order (the
        /// order the solver tries them in); tuples and fish carry their size K.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Technique {
            $($(#[$fdoc])* $fixed,)*
            $($(#[$sdoc])* $sized(u8),)*
        }

        impl Technique {
            /// The techniques without a size, in the table's order (for parsing and
            /// listing).
            const FIXED: &'static [Technique] = &[$(Technique::$fixed,)*];

            /// The table's row of a technique without a size.
            const fn row(self) -> Option<Row> {
                match self {
                    $(Technique::$fixed => Some(Row {
                        name: $name,
                        title: $title,
                        order: $order,
                        level: Level::$level,
                        score: $score,
                        on: on_off!($on),
                    }),)*
                    _ => None,
                }
            }
        }
    };
}

macro_rules! on_off {
    (on) => {
        true
    };
    (off) => {
        false
    };
}

/// What the table says of a technique without a size.
#[derive(Clone, Copy)]
struct Row {
    name: &'static str,
    title: &'static str,
    order: u32,
    level: Level,
    score: u32,
    on: bool,
}

// The technique table. To add a technique: one row here (in any place; `order` is its
// place in the order tried), its finder in one file under `techniques/` and one line in
// `techniques::find_with` (see `techniques/mod.rs`).
techniques! {
    fixed {
        /// The last open cell of a unit.
        FullHouse: "full_house", "Full House", 100, Easy, 4, on;
        /// A cell with one candidate.
        NakedSingle: "naked_single", "Naked Single", 200, Easy, 4, on;
        /// A value with one place in a unit.
        HiddenSingle: "hidden_single", "Hidden Single", 300, Easy, 14, on;
        /// A naked pair in a box and a line: eliminates from both.
        LockedPair: "locked_pair", "Locked Pair", 1000, Medium, 40, on;
        /// A naked triple in a box and a line: eliminates from both.
        LockedTriple: "locked_triple", "Locked Triple", 1100, Medium, 60, on;
        /// A value confined to one line within a box (type 1).
        LockedCandidatesPointing: "locked_candidates_pointing", "Locked Candidates (Pointing)", 1200, Medium, 50, on;
        /// A value confined to one box within a line (type 2).
        LockedCandidatesClaiming: "locked_candidates_claiming", "Locked Candidates (Claiming)", 1210, Medium, 50, on;
        /// A chain of bivalue cells with the same two values.
        RemotePair: "remote_pair", "Remote Pair", 2800, Hard, 110, on;
        /// Bivalue universal grave + 1 (uniqueness).
        BugPlusOne: "bug_plus_one", "BUG+1", 2900, Hard, 100, on;
        /// Two conjugate pairs sharing one end line.
        Skyscraper: "skyscraper", "Skyscraper", 3000, Hard, 130, on;
        /// A row and a column conjugate pair joined in a box.
        TwoStringKite: "two_string_kite", "2-String Kite", 3100, Hard, 150, on;
        /// Two conjugate pairs (one in a box) joined by a weak link.
        TurbotFish: "turbot_fish", "Turbot Fish", 3120, Hard, 120, on;
        /// A box whose candidates form a cross, with a conjugate pair.
        EmptyRectangle: "empty_rectangle", "Empty Rectangle", 3170, Hard, 120, on;
        /// Two equal bivalue cells joined by a strong link.
        WWing: "w_wing", "W-Wing", 3200, Hard, 150, on;
        /// A bivalue pivot and two bivalue pincers.
        XyWing: "xy_wing", "XY-Wing", 3300, Hard, 160, on;
        /// A trivalue pivot and two bivalue pincers.
        XyzWing: "xyz_wing", "XYZ-Wing", 3400, Hard, 180, on;
        /// Unique rectangle, types 1 to 6 (uniqueness).
        UniqueRectangle: "unique_rectangle", "Unique Rectangle", 3500, Hard, 100, on;
        /// Hidden rectangle (uniqueness).
        HiddenRectangle: "hidden_rectangle", "Hidden Rectangle", 4010, Hard, 100, on;
        /// Two values in a line-box intersection with an ALS in each (Sue de Coq).
        SueDeCoq: "sue_de_coq", "Sue de Coq", 5300, Unfair, 250, on;
        /// Simple colors (color trap and color wrap) on one value.
        SimpleColors: "simple_colors", "Simple Colors", 5330, Hard, 150, on;
        /// Multi colors on one value.
        MultiColors: "multi_colors", "Multi Colors", 5360, Hard, 200, on;
        /// An alternating chain on one value.
        XChain: "x_chain", "X-Chain", 5400, Unfair, 260, on;
        /// A chain of bivalue cells.
        XyChain: "xy_chain", "XY-Chain", 5500, Unfair, 260, on;
        /// A continuous nice loop: a loop of alternating strong and weak links, so every weak
    /// link is strong too (eliminations along the weak links and in the loop's cells).
        ContinuousNiceLoop: "continuous_nice_loop", "Continuous Nice Loop", 5600, Unfair, 280, on;
        /// A discontinuous nice loop: a chain from a candidate back to its cell proves the
    /// candidate true or false.
        DiscontinuousNiceLoop: "discontinuous_nice_loop", "Discontinuous Nice Loop", 5601, Unfair, 280, on;
        /// Alternating inference chain over any candidates: one of its two ends is true.
        Aic: "aic", "AIC", 5602, Unfair, 280, on;
        /// A continuous nice loop with group nodes (a value in two or three cells of a
    /// line-box intersection).
        GroupedContinuousNiceLoop: "grouped_continuous_nice_loop", "Grouped Continuous Nice Loop", 5650, Unfair, 300, on;
        /// A discontinuous nice loop with group nodes.
        GroupedDiscontinuousNiceLoop: "grouped_discontinuous_nice_loop", "Grouped Discontinuous Nice Loop", 5651, Unfair, 300, on;
        /// AIC with group nodes.
        GroupedAic: "grouped_aic", "Grouped AIC", 5652, Unfair, 300, on;
        /// Two almost locked sets with a restricted common value.
        AlsXz: "als_xz", "ALS-XZ", 5700, Unfair, 300, on;
        /// Three almost locked sets linked by two restricted common values.
        AlsXyWing: "als_xy_wing", "ALS-XY-Wing", 5800, Unfair, 320, on;
        /// A chain of four or more almost locked sets linked by restricted common values.
        AlsXyChain: "als_xy_chain", "ALS-XY-Chain", 5900, Unfair, 340, on;
        /// A stem cell with an almost locked set (petal) for each of its candidates.
        DeathBlossom: "death_blossom", "Death Blossom", 6000, Unfair, 360, off;
        /// Kraken fish (HoDoKu's types 1 and 2, [`Step::variant`](crate::Step)): a finned
    /// basic or Franken fish with up to two fins whose eliminations chains prove.
        KrakenFish: "kraken_fish", "Kraken Fish", 8450, Extreme, 500, off;
        /// Forcing chain: a premise whose direct implications contradict each other, or a
    /// conclusion every premise of a cell, a unit or a candidate implies.
        ForcingChain: "forcing_chain", "Forcing Chain", 8500, Extreme, 500, on;
        /// Forcing net: as a forcing chain, but implications may follow from several premises
    /// at once (singles on a board copy).
        ForcingNet: "forcing_net", "Forcing Net", 8600, Extreme, 700, on;
        /// The last resort when no logic applies, as HoDoKu makes it: the solution's value is
    /// placed in the middle open cell (the open cell at index open/2 in reading order).
        BruteForce: "brute_force", "Brute Force", 8900, Extreme, 10000, on;
    }
    sized {
        /// K cells of a unit holding only K values (2 pair, 3 triple, 4 quad, larger: `naked_tuple_K`).
        NakedTuple,
        /// K values of a unit confined to K cells.
        HiddenTuple,
        /// Basic fish of size K (2 X-Wing, 3 Swordfish, 4 Jellyfish, larger: `fish_K`).
        Fish,
        /// Finned fish of size K.
        FinnedFish,
        /// Sashimi fish of size K.
        SashimiFish,
        /// Franken fish of size K (2 X-Wing, 3 Swordfish, 4 Jellyfish): base sets of rows and
        /// boxes covered by columns and boxes (or the transpose), without fins.
        FrankenFish,
        /// Finned Franken fish of size K (fins and endo fins; HoDoKu has no sashimi Franken).
        FinnedFrankenFish,
        /// Mutant fish of size K: base and cover sets any mix of rows, columns and boxes.
        MutantFish,
        /// Finned mutant fish of size K.
        FinnedMutantFish,
    }
}

/// Makes a sized technique.
type Make = fn(u8) -> Technique;

const FISH_NAMES: [&str; 3] = ["x_wing", "swordfish", "jellyfish"];

impl Technique {
    /// The snake_case name used on the command line and in JSON: `naked_pair`, `x_wing`,
    /// `naked_tuple_5`, `fish_6` ...
    pub fn name(self) -> Cow<'static, str> {
        use Technique::*;
        if let Some(row) = self.row() {
            return Cow::Borrowed(row.name);
        }
        let s: &'static str = match self {
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
            _ => unreachable!("every technique without a size has a row"),
        };
        Cow::Borrowed(s)
    }

    /// The name players read: `Hidden Single`, `XY-Wing`, `Naked Tuple (5)` ...
    pub fn title(self) -> Cow<'static, str> {
        use Technique::*;
        if let Some(row) = self.row() {
            return Cow::Borrowed(row.title);
        }
        let s: &'static str = match self {
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
            _ => unreachable!("every technique without a size has a row"),
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
        if let Some(row) = self.row() {
            return row.order;
        }
        let big = |k: u8| 2 * (k as u32).saturating_sub(4);
        match self {
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
            FinnedFish(k) => match k {
                0..=4 => 4100 + 200 * (k.max(2) as u32 - 2),
                _ => 4600 + big(k) - 1,
            },
            SashimiFish(k) => match k {
                0..=4 => 4200 + 200 * (k.max(2) as u32 - 2),
                _ => 4600 + big(k),
            },
            FrankenFish(k) => 6100 + 100 * (k.clamp(2, 4) as u32 - 2),
            FinnedFrankenFish(k) => 6700 + 100 * (k.clamp(2, 4) as u32 - 2),
            MutantFish(k) => 7300 + 100 * (k.clamp(2, 4) as u32 - 2),
            FinnedMutantFish(k) => 7900 + 100 * (k.clamp(2, 4) as u32 - 2),
            _ => unreachable!("every technique without a size has a row"),
        }
    }

    /// HoDoKu's level for the technique.
    pub fn level(self) -> Level {
        use Technique::*;
        if let Some(row) = self.row() {
            return row.level;
        }
        match self {
            NakedTuple(k) | HiddenTuple(k) if k <= 3 => Level::Medium,
            Fish(k) if k <= 4 => Level::Hard,
            FinnedFish(2) | SashimiFish(2) => Level::Hard,
            FrankenFish(k) | FinnedFrankenFish(k) if k <= 4 => Level::Unfair,
            NakedTuple(_) | HiddenTuple(_) => Level::Hard,
            Fish(_) | FinnedFish(_) | SashimiFish(_) => Level::Unfair,
            _ => Level::Extreme,
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
            MutantFish(_) | FinnedMutantFish(_) => false,
            t => t.row().is_none_or(|row| row.on),
        }
    }

    /// HoDoKu's base score of one step with the technique. Sizes HoDoKu does not have
    /// (tuples beyond quads) score 30 more per size.
    pub fn score(self) -> u32 {
        use Technique::*;
        if let Some(row) = self.row() {
            return row.score;
        }
        match self {
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
            _ => 470,
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
        if let Some(&found) = Technique::FIXED.iter().find(|x| x.name() == t) {
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
