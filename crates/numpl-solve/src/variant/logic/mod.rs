//! Step-by-step logic for variant puzzles: the steps a player takes, each explained, so
//! that `hint`, `explain` and `rate` work on killer, jigsaw, X, thermo and the other
//! variants ([`crate::variant::rate`], [`crate::variant::hint`]).
//!
//! The board is a candidate grid: a value placed leaves every cell that must differ from
//! its cell (the peers: rows, columns, houses, cages, regions, anti-knight neighbours ...,
//! as [`crate::variant::distinct_groups`] lists them), as pencil marks do. The techniques
//! are tried in the table's order ([`TABLE`], easiest first); the first that finds a step
//! takes it, and the search starts again from the top:
//!
//! - the classic singles over every house (rows, columns and [`Variant::named_houses`]:
//!   boxes, jigsaw regions, diagonals, windoku regions);
//! - cage combinations (`cages.rs`): a cage's sum and size fix the digit sets it can
//!   hold;
//! - each constraint's own rule (`rules.rs`): a thermometer's rise, an arrow's sum, a
//!   kropki or XV pair, a whisper's gap, ... as the variant engine propagates that one
//!   constraint alone (so every constraint numpl reads has its step);
//! - locked candidates over any group that must hold a value (`locked.rs`): a house, or a
//!   cage whose every combination holds it;
//! - naked and hidden pairs and triples (`subsets.rs`), over houses and cages;
//! - innies and outies, the 45 rule over one house, two neighbouring boxes or a band of
//!   two or three rows or columns (`innies.rs`);
//! - X-Wings over rows and columns (`fish.rs`).
//!
//! A technique is one file and one line of [`TABLE`] (its name, title, level, score and
//! finder). Levels are numpl's own for variants (HoDoKu rates classic puzzles only): the
//! hardest technique's level; the score adds every step's. A puzzle these techniques
//! cannot finish is `stuck` (it needs guessing or techniques numpl does not have yet).

mod cages;
mod fish;
mod innies;
mod locked;
mod rules;
mod singles;
mod subsets;
#[cfg(test)]
mod tests;

use std::fmt;

use numpl_core::variant::{Constraint, Variant};
use numpl_core::{Cell, Grid, Shape};

use super::engine::{Bits, Model};
use crate::{Level, Status};

/// Finds one step of a technique on a board, or none.
type Finder = fn(&Logic<'_>, &Board) -> Option<VariantStep>;

macro_rules! variant_techniques {
    ($($(#[$doc:meta])* $t:ident: $name:literal, $title:literal, $level:ident, $score:literal, $find:expr;)*) => {
        /// A technique of the variant solver, easiest first (the order they are tried in).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum VariantTechnique {
            $($(#[$doc])* $t,)*
        }

        /// The technique table: each technique's name, title, level, score and finder.
        const TABLE: &[Row] = &[
            $(Row {
                technique: VariantTechnique::$t,
                name: $name,
                title: $title,
                level: Level::$level,
                score: $score,
                find: $find,
            },)*
        ];
    };
}

variant_techniques! {
    /// The last open cell of a house.
    FullHouse: "full_house", "Full House", Easy, 4, singles::full_house;
    /// A cell with one candidate left.
    NakedSingle: "naked_single", "Naked Single", Easy, 4, singles::naked_single;
    /// A value with one place left in a house.
    HiddenSingle: "hidden_single", "Hidden Single", Easy, 14, singles::hidden_single;
    /// Even, odd or given-candidate cells keep their values.
    Parity: "parity", "Even and Odd Cells", Easy, 4, |l, b| rules::find(l, b, VariantTechnique::Parity);
    /// A killer cage's sum and size fix the digits it can hold.
    CageCombination: "cage_combination", "Cage Combination", Easy, 20, cages::find;
    /// A thermometer's values rise from its bulb.
    Thermometer: "thermometer", "Thermometer", Easy, 20, |l, b| rules::find(l, b, VariantTechnique::Thermometer);
    /// Kropki dots: consecutive (white) or double (black) neighbours.
    Kropki: "kropki", "Kropki Pair", Easy, 20, |l, b| rules::find(l, b, VariantTechnique::Kropki);
    /// X and V: neighbours adding up to 10 or 5.
    Xv: "xv", "XV Pair", Easy, 20, |l, b| rules::find(l, b, VariantTechnique::Xv);
    /// Orthogonal neighbours are not consecutive.
    NonConsecutive: "non_consecutive", "Non-Consecutive", Easy, 20, |l, b| rules::find(l, b, VariantTechnique::NonConsecutive);
    /// German whispers: neighbours on the line differ by at least the gap.
    Whisper: "whisper", "Whisper Line", Easy, 20, |l, b| rules::find(l, b, VariantTechnique::Whisper);
    /// An arrow's line adds up to its circle.
    Arrow: "arrow", "Arrow Sum", Medium, 30, |l, b| rules::find(l, b, VariantTechnique::Arrow);
    /// A palindrome reads the same both ways.
    Palindrome: "palindrome", "Palindrome", Medium, 30, |l, b| rules::find(l, b, VariantTechnique::Palindrome);
    /// An indexing cell's value and the cell it points at.
    Indexing: "indexing", "Indexing", Medium, 30, |l, b| rules::find(l, b, VariantTechnique::Indexing);
    /// A zipper line's pairs add up to its middle (or to one total).
    Zipper: "zipper", "Zipper Line", Medium, 30, |l, b| rules::find(l, b, VariantTechnique::Zipper);
    /// A pairwise rule of the setter's own: the pairs of values its relation allows.
    Pairwise: "pairwise", "Pairwise Relation", Easy, 20, |l, b| rules::find(l, b, VariantTechnique::Pairwise);
    /// A circle counts its cells' different values.
    CountDistinct: "count_distinct", "Count Different", Medium, 30, |l, b| rules::find(l, b, VariantTechnique::CountDistinct);
    /// A slingshot: the distance cell points at a cell holding the first cell's value.
    Slingshot: "slingshot", "Slingshot", Medium, 30, |l, b| rules::find(l, b, VariantTechnique::Slingshot);
    /// A regex line: the values along it match a pattern.
    Regex: "regex", "Regex Line", Medium, 30, |l, b| rules::find(l, b, VariantTechnique::Regex);
    /// A state machine's line: the values along it spell a word it accepts.
    StateMachine: "state_machine", "State Machine", Medium, 30, |l, b| rules::find(l, b, VariantTechnique::StateMachine);
    /// A greater-than sign between neighbours.
    GreaterThan: "greater_than", "Greater Than", Easy, 20, |l, b| rules::find(l, b, VariantTechnique::GreaterThan);
    /// A quadruple's values are among its four cells'.
    Quadruple: "quadruple", "Quadruple", Easy, 20, |l, b| rules::find(l, b, VariantTechnique::Quadruple);
    /// Clones hold the same values.
    Clone: "clone", "Clone", Medium, 30, |l, b| rules::find(l, b, VariantTechnique::Clone);
    /// Values in thirds: entropic lines' windows and 2x2 blocks hold one of each.
    Entropy: "entropy", "Entropy", Medium, 30, |l, b| rules::find(l, b, VariantTechnique::Entropy);
    /// Values by remainder: modular lines' windows and 2x2 blocks hold one of each.
    Modular: "modular", "Modular", Medium, 30, |l, b| rules::find(l, b, VariantTechnique::Modular);
    /// A renban line holds a run of consecutive values.
    Renban: "renban", "Renban Set", Medium, 30, |l, b| rules::find(l, b, VariantTechnique::Renban);
    /// A between line's values lie between its ends'.
    Between: "between", "Between Line", Medium, 30, |l, b| rules::find(l, b, VariantTechnique::Between);
    /// A little killer diagonal adds up to its clue.
    LittleKiller: "little_killer", "Little Killer Sum", Medium, 40, |l, b| rules::find(l, b, VariantTechnique::LittleKiller);
    /// A rellik cage: no values of it add up to its clue.
    Rellik: "rellik", "Rellik Cage", Medium, 30, |l, b| rules::find(l, b, VariantTechnique::Rellik);
    /// Counting circles: each value in them as many times as it says.
    CountingCircles: "counting_circles", "Counting Circles", Medium, 40, |l, b| rules::find(l, b, VariantTechnique::CountingCircles);
    /// Cells that add up to a sum (repeats allowed).
    Sum: "sum", "Cell Sum", Medium, 40, |l, b| rules::find(l, b, VariantTechnique::Sum);
    /// A region-sum line's segments add up alike.
    RegionSum: "region_sum", "Region Sum Line", Medium, 40, |l, b| rules::find(l, b, VariantTechnique::RegionSum);
    /// A sum line divides into segments adding up to its sum.
    SumLine: "sum_line", "Sum Line", Medium, 40, |l, b| rules::find(l, b, VariantTechnique::SumLine);
    /// A numbered room: the first value X puts the clue in the X-th cell.
    NumberedRoom: "numbered_room", "Numbered Room", Medium, 40, |l, b| rules::find(l, b, VariantTechnique::NumberedRoom);
    /// An X-sum clue: the first X values of its row or column add up to it.
    XSum: "x_sum", "X-Sum", Medium, 40, |l, b| rules::find(l, b, VariantTechnique::XSum);
    /// A sandwich clue: the values between 1 and N add up to it.
    Sandwich: "sandwich", "Sandwich Sum", Medium, 50, |l, b| rules::find(l, b, VariantTechnique::Sandwich);
    /// A lunchbox: the values between its least and greatest add up to its sum.
    Lunchbox: "lunchbox", "Lunchbox Sum", Medium, 50, |l, b| rules::find(l, b, VariantTechnique::Lunchbox);
    /// A skyscraper clue: how many values its row or column shows from its end.
    Skyscraper: "skyscraper", "Skyscraper", Medium, 50, |l, b| rules::find(l, b, VariantTechnique::Skyscraper);
    /// A look-and-say clue: how many of each listed value its cells hold.
    LookAndSay: "look_and_say", "Look-and-Say", Medium, 30, |l, b| rules::find(l, b, VariantTechnique::LookAndSay);
    /// Anti-taxicab: no two cells holding x are x steps apart.
    AntiTaxicab: "anti_taxicab", "Anti-Taxicab", Medium, 30, |l, b| rules::find(l, b, VariantTechnique::AntiTaxicab);
    /// Dutch flatmates: a middle value has a 1 above or an N below.
    DutchFlatmates: "dutch_flatmates", "Dutch Flatmates", Medium, 30, |l, b| rules::find(l, b, VariantTechnique::DutchFlatmates);
    /// An equality cage: as many even as odd values, as many low as high.
    EqualityCage: "equality_cage", "Equality Cage", Medium, 30, |l, b| rules::find(l, b, VariantTechnique::EqualityCage);
    /// A lockout line: its ends apart, the values between outside their range.
    Lockout: "lockout", "Lockout Line", Medium, 30, |l, b| rules::find(l, b, VariantTechnique::Lockout);
    /// A full-rank clue: its number's first digit, and the numbers below and above it.
    FullRank: "full_rank", "Full Rank", Medium, 50, |l, b| rules::find(l, b, VariantTechnique::FullRank);
    /// An either/or: what every set of rules still standing leaves.
    EitherOr: "either_or", "Either/Or", Medium, 50, |l, b| rules::find(l, b, VariantTechnique::EitherOr);
    /// A hidden skyscraper clue: the first value its row or column hides from its end.
    HiddenSkyscraper: "hidden_skyscraper", "Hidden Skyscraper", Medium, 50, |l, b| rules::find(l, b, VariantTechnique::HiddenSkyscraper);
    /// A group that must hold a value has its places inside another's reach (pointing,
    /// claiming, a cage's digit locked in a house).
    LockedCandidates: "locked_candidates", "Locked Candidates", Medium, 50, locked::find;
    /// Two cells of a group holding two values between them.
    NakedPair: "naked_pair", "Naked Pair", Medium, 60, |l, b| subsets::naked(l, b, 2);
    /// Two values of a house with the same two places.
    HiddenPair: "hidden_pair", "Hidden Pair", Medium, 70, |l, b| subsets::hidden(l, b, 2);
    /// The 45 rule: a house's (or band's) cells left out of its cages, or its cages' cells
    /// outside it, add up to what the house's total and the cage sums leave.
    InniesOuties: "innies_outies", "Innies and Outies", Medium, 80, innies::find;
    /// Three cells of a group holding three values between them.
    NakedTriple: "naked_triple", "Naked Triple", Hard, 80, |l, b| subsets::naked(l, b, 3);
    /// Three values of a house with the same three places.
    HiddenTriple: "hidden_triple", "Hidden Triple", Hard, 100, |l, b| subsets::hidden(l, b, 3);
    /// A value in two rows only in the same two columns (or the other way round).
    XWing: "x_wing", "X-Wing", Hard, 140, fish::find;
}

/// One row of [`TABLE`].
struct Row {
    technique: VariantTechnique,
    name: &'static str,
    title: &'static str,
    level: Level,
    score: u32,
    find: Finder,
}

impl VariantTechnique {
    /// Every technique, in the order they are tried.
    pub fn all() -> impl Iterator<Item = VariantTechnique> {
        TABLE.iter().map(|r| r.technique)
    }

    fn row(self) -> &'static Row {
        TABLE
            .iter()
            .find(|r| r.technique == self)
            .expect("every technique has its row")
    }

    /// The snake_case name (JSON, technique counts).
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// The title, as steps are written (`Cage Combination`).
    pub fn title(self) -> &'static str {
        self.row().title
    }

    /// Its level on numpl's variant scale.
    pub fn level(self) -> Level {
        self.row().level
    }

    /// What each step of it adds to the score.
    pub fn score(self) -> u32 {
        self.row().score
    }
}

impl fmt::Display for VariantTechnique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

/// One step of the variant solver.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct VariantStep {
    /// The technique.
    pub technique: VariantTechnique,
    /// Values placed: (cell, value).
    pub placements: Vec<(Cell, u8)>,
    /// Candidates removed: (cell, value).
    pub eliminations: Vec<(Cell, u8)>,
    /// The cells of the pattern (the house, cage, line or subset the step reads).
    pub cells: Vec<Cell>,
    /// Why, in words (without the conclusions): `cage r1c1 (23, 3 cells) is 6+8+9`.
    pub why: String,
    /// The puzzle's least value (`Variant::first_value`): `placements` and
    /// `eliminations` hold the grid's values 1..N, [`VariantStep::describe`] and `why`
    /// the puzzle's (from 0: one less).
    pub first_value: u8,
}

impl VariantStep {
    fn new(technique: VariantTechnique, cells: &[u16], why: String) -> VariantStep {
        VariantStep {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: cells.iter().map(|&c| Cell::new(c)).collect(),
            why,
            first_value: 1,
        }
    }

    /// The step in words: `Hidden Single: r2c5 = 7 (only place for 7 in row 2)`,
    /// `Cage Combination: cage r1c1 (17 in 2 cells) is 8+9 => r1c1, r1c2 <> 1/2/3/4/5/6/7`.
    pub fn describe(&self, shape: Shape) -> String {
        let title = self.technique.title();
        // The puzzle's values (from 0: one less than the grid's).
        let shown = |list: &[(Cell, u8)]| -> Vec<(Cell, u8)> {
            list.iter()
                .map(|&(c, v)| (c, v + self.first_value - 1))
                .collect()
        };
        let (placements, eliminations) = (shown(&self.placements), shown(&self.eliminations));
        match self.technique {
            VariantTechnique::FullHouse
            | VariantTechnique::NakedSingle
            | VariantTechnique::HiddenSingle => {
                let (c, v) = placements.first().copied().unwrap_or((Cell::new(0), 0));
                format!("{title}: {} = {v} ({})", shape.cell_name(c), self.why)
            }
            _ => format!(
                "{title}: {} => {}",
                self.why,
                crate::human::conclusions(shape, &placements, &eliminations)
            ),
        }
    }
}

/// A variant puzzle rated step by step ([`crate::variant::rate`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct VariantRated {
    /// `solved` (the steps finish it), `stuck` (they do not), or the count's verdict:
    /// `multiple`, `unsolvable`, `budget`.
    pub status: Status,
    /// The solution (one of them for `multiple`).
    pub solution: Option<Grid>,
    /// Where the steps stopped (`stuck`).
    pub stuck_at: Option<Grid>,
    /// Every step taken.
    pub steps: Vec<VariantStep>,
    /// The level: the hardest technique's (`solved` only).
    pub level: Option<Level>,
    /// The sum of the steps' scores (`solved` only).
    pub score: Option<u32>,
}

impl VariantRated {
    /// The rating (`solved` only), as classic ratings are read: level and score, both on
    /// numpl's variant scale.
    pub fn rating(&self) -> Option<crate::Rating> {
        Some(crate::Rating {
            level: self.level?,
            score: self.score,
        })
    }

    /// How often each technique was used, in the table's order (those used only).
    pub fn counts(&self) -> Vec<(VariantTechnique, u32)> {
        VariantTechnique::all()
            .filter_map(|t| {
                let k = self.steps.iter().filter(|s| s.technique == t).count() as u32;
                (k > 0).then_some((t, k))
            })
            .collect()
    }
}

/// A named group of cells that all differ.
pub(crate) struct Group {
    pub(crate) name: String,
    pub(crate) cells: Vec<u16>,
    /// A house: it holds every value once.
    pub(crate) house: bool,
    /// A cage's sum.
    pub(crate) sum: Option<u32>,
}

/// A constraint read alone: its technique, cells and model.
pub(crate) struct Rule {
    pub(crate) technique: VariantTechnique,
    pub(crate) constraint: usize,
    pub(crate) cells: Vec<u16>,
    pub(crate) model: Model,
}

/// A puzzle's rules as the techniques read them.
pub(crate) struct Logic<'a> {
    pub(crate) shape: Shape,
    pub(crate) n: usize,
    pub(crate) variant: &'a Variant,
    /// Houses first (rows, columns, then the variant's), then cages and extra regions.
    pub(crate) groups: Vec<Group>,
    /// Each cell's peers.
    pub(crate) peers: Vec<Vec<u16>>,
    /// Whether two cells are peers: `seen[a * cells + b]`.
    seen: Vec<bool>,
    /// The constraints with a rule of their own (cages included: [`cages`]).
    pub(crate) rules: Vec<Rule>,
    /// The 45 rule's equations ([`innies`]), made once from the cages and houses.
    equations: Vec<innies::Equation>,
}

impl<'a> Logic<'a> {
    pub(crate) fn new(variant: &'a Variant) -> Logic<'a> {
        let shape = variant.shape();
        let n = shape.size();
        let cells = n * n;
        let geo = shape.geometry();
        let mut groups = Vec::new();
        for u in 0..2 * n {
            groups.push(Group {
                name: shape.unit_name(numpl_core::Unit::new(u as u16)),
                cells: geo.unit(u).to_vec(),
                house: true,
                sum: None,
            });
        }
        for (name, cells) in variant.named_houses() {
            groups.push(Group {
                name,
                cells,
                house: true,
                sum: None,
            });
        }
        let mut rules = Vec::new();
        for (k, c) in variant.constraints().iter().enumerate() {
            match c {
                Constraint::Cage { sum, cells } => groups.push(Group {
                    name: cage_name(shape, cells, *sum),
                    cells: cells.clone(),
                    house: cells.len() == n,
                    sum: *sum,
                }),
                Constraint::Region { cells } => groups.push(Group {
                    name: format!("the extra region at {}", shape.cell_name(first(cells))),
                    cells: cells.clone(),
                    house: cells.len() == n,
                    sum: None,
                }),
                _ => {}
            }
            if let Some(technique) = rules::technique(c) {
                rules.push(Rule {
                    technique,
                    constraint: k,
                    cells: rules::cells(c, shape),
                    model: super::rules::compile_one(variant, c),
                });
            }
        }
        let mut peers = vec![Vec::new(); cells];
        let mut seen = vec![false; cells * cells];
        for g in super::distinct_groups(variant) {
            for &a in &g {
                for &b in &g {
                    if a != b && !seen[a as usize * cells + b as usize] {
                        seen[a as usize * cells + b as usize] = true;
                        peers[a as usize].push(b);
                    }
                }
            }
        }
        let mut logic = Logic {
            shape,
            n,
            variant,
            groups,
            peers,
            seen,
            rules,
            equations: Vec::new(),
        };
        logic.equations = innies::equations(&logic);
        logic
    }

    /// Whether `a` and `b` must differ.
    pub(crate) fn sees(&self, a: u16, b: u16) -> bool {
        self.seen[a as usize * self.n * self.n + b as usize]
    }

    /// The houses (groups holding every value once).
    pub(crate) fn houses(&self) -> impl Iterator<Item = &Group> {
        self.groups.iter().filter(|g| g.house)
    }

    /// The next step, trying the techniques up to level `max` in order.
    pub(crate) fn next_step(&self, board: &Board, max: Level) -> Option<VariantStep> {
        let mut step = TABLE
            .iter()
            .filter(|row| row.level <= max)
            .find_map(|row| (row.find)(self, board))?;
        step.first_value = self.variant.first_value();
        Some(step)
    }

    /// The puzzle's value of the grid's `v` (1..N): from 0, one less.
    pub(crate) fn shown(&self, v: u8) -> u32 {
        self.variant.value(v)
    }

    /// The puzzle's values of a mask of the grid's, `{1,2,4}`.
    pub(crate) fn shown_set(&self, m: Bits) -> String {
        let v: Vec<String> = (0..64u8)
            .filter(|i| m >> i & 1 != 0)
            .map(|i| self.shown(i + 1).to_string())
            .collect();
        format!("{{{}}}", v.join(","))
    }
}

/// The first cell of `cells` in reading order.
fn first(cells: &[u16]) -> Cell {
    Cell::new(cells.iter().copied().min().unwrap_or(0))
}

/// A cage as a player names it: by its first cell, with its sum and size.
fn cage_name(shape: Shape, cells: &[u16], sum: Option<u32>) -> String {
    let at = shape.cell_name(first(cells));
    let k = cells.len();
    let size = format!("{k} cell{}", if k == 1 { "" } else { "s" });
    match sum {
        Some(s) => format!("cage {at} ({s} in {size})"),
        None => format!("cage {at} ({size}, no sum)"),
    }
}

/// Cell names, `r1c1, r1c2`.
pub(crate) fn names(shape: Shape, cells: &[u16]) -> String {
    cells
        .iter()
        .map(|&c| shape.cell_name(Cell::new(c)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The candidate grid the techniques read.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    /// Each cell's candidates (one for a placed cell).
    pub(crate) cells: Vec<Bits>,
    /// Each cell's value, 0 while open.
    pub(crate) value: Vec<u8>,
}

impl Board {
    /// The givens placed, their peers cleared.
    pub(crate) fn new(logic: &Logic<'_>, givens: &Grid) -> Board {
        let n = logic.n;
        let all = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut b = Board {
            cells: vec![all; n * n],
            value: vec![0; n * n],
        };
        for (c, &v) in givens.values().iter().enumerate() {
            if v != 0 {
                b.place(logic, c as u16, v);
            }
        }
        b
    }

    /// Whether cell `c` is open.
    #[inline]
    pub(crate) fn open(&self, c: u16) -> bool {
        self.value[c as usize] == 0
    }

    /// Places `v` in `c` and removes it from the peers.
    pub(crate) fn place(&mut self, logic: &Logic<'_>, c: u16, v: u8) {
        let bit = 1u64 << (v - 1);
        self.value[c as usize] = v;
        self.cells[c as usize] = bit;
        for &p in &logic.peers[c as usize] {
            if self.open(p) {
                self.cells[p as usize] &= !bit;
            }
        }
    }

    /// Takes a step.
    pub(crate) fn apply(&mut self, logic: &Logic<'_>, step: &VariantStep) {
        for &(c, v) in &step.eliminations {
            self.cells[c.index()] &= !(1u64 << (v - 1));
        }
        for &(c, v) in &step.placements {
            self.place(logic, c.index() as u16, v);
        }
    }

    /// Whether every cell is placed.
    pub(crate) fn full(&self) -> bool {
        self.value.iter().all(|&v| v != 0)
    }

    /// Whether some open cell has no candidate left.
    pub(crate) fn broken(&self) -> bool {
        self.cells.contains(&0)
    }

    /// The placed values as a grid.
    pub(crate) fn grid(&self, shape: Shape) -> Grid {
        Grid::from_values(shape, self.value.clone()).expect("values within the shape")
    }

    /// The eliminations that turn `self.cells` into `narrowed`, on open cells, in cell
    /// then value order.
    pub(crate) fn removed(&self, narrowed: &[Bits]) -> Vec<(Cell, u8)> {
        let mut out = Vec::new();
        for (c, (&now, &then)) in self.cells.iter().zip(narrowed).enumerate() {
            if !self.open(c as u16) {
                continue;
            }
            let mut gone = now & !then;
            while gone != 0 {
                let v = gone.trailing_zeros() as u8 + 1;
                gone &= gone - 1;
                out.push((Cell::new(c as u16), v));
            }
        }
        out
    }
}

/// Runs the techniques up to level `max` from `givens` until the grid is full or none
/// applies.
pub(crate) fn run(logic: &Logic<'_>, givens: &Grid, max: Level) -> (Board, Vec<VariantStep>) {
    let mut board = Board::new(logic, givens);
    let mut steps = Vec::new();
    while !board.full() && !board.broken() {
        match logic.next_step(&board, max) {
            Some(step) => {
                board.apply(logic, &step);
                steps.push(step);
            }
            None => break,
        }
    }
    (board, steps)
}
