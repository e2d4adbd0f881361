//! Variant puzzles: a grid shape plus a list of constraints (killer cages, jigsaw regions,
//! diagonals, thermometers, arrows, kropki dots, ...), each checked when it is read.
//!
//! A [`Variant`] holds the constraints of one puzzle; its givens stay in the puzzle's
//! [`Grid`] (a variant puzzle is a [`Parsed`](crate::Parsed) whose
//! [`variant`](crate::Parsed::variant) is set). Cells are indexes in reading order; every
//! message names them `r1c1`. [`Variant::new`] checks each constraint against the shape
//! (cells inside the grid, lines of neighbours, sums in range), so the solver never meets
//! a malformed one; [`Variant::violation`] checks a full grid against every rule, which is
//! how tests and front ends check a solution without the solver.
//!
//! Three text forms are read: numpl's own JSON record ([`json`], one puzzle a line, and
//! written back by [`Variant::to_json`]), the Interactive Sudoku Solver's constraint
//! string ([`iss`], with the killer shorthands it reads), and f-puzzles' JSON with the
//! f-puzzles and SudokuPad links that carry it ([`fpuzzles`], written back too, so what
//! numpl makes opens in SudokuPad; the links' LZ-string base64 is [`lz_string`]).
//!
//! Adding a constraint: a variant of [`Constraint`] here (its checks in `check.rs`, its
//! JSON in `json.rs`), and its propagator in numpl-solve's `variant/` (one file, one
//! line in the compiler there). See ARCHITECTURE.md.

pub mod automaton;
mod check;
pub mod fpuzzles;
pub mod iss;
pub mod json;
pub mod lz_string;
#[cfg(test)]
mod tests;

use std::fmt;

use crate::{Grid, Mask, Shape};

pub use check::{
    circle_number, distinct_sum_range, full_rank_sides, full_rank_ties, jumps, orthogonal_pairs,
    region_segments, skyscrapers_seen, sum_line_divides, VariantError, SUM_LINE_MAX,
};

/// A row or a column, for outside clues (sandwich, skyscraper, X-sum).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// The row with this 0-based index.
    Row(u8),
    /// The column with this 0-based index.
    Col(u8),
}

impl Line {
    /// The line's cells in reading order (left to right, top to bottom).
    pub fn cells(self, shape: Shape) -> Vec<u16> {
        let n = shape.size();
        match self {
            Line::Row(r) => (0..n).map(|c| (r as usize * n + c) as u16).collect(),
            Line::Col(c) => (0..n).map(|r| (r * n + c as usize) as u16).collect(),
        }
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Row(r) => write!(f, "row {}", r + 1),
            Line::Col(c) => write!(f, "column {}", c + 1),
        }
    }
}

/// Where a clue outside the grid stands: a row or column, read from one of its ends
/// (skyscrapers, X-sums).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outside {
    /// The row or column.
    pub line: Line,
    /// Read from its far end: the right of a row, the bottom of a column.
    pub back: bool,
}

impl Outside {
    /// The line's cells from the clue inward.
    pub fn cells(self, shape: Shape) -> Vec<u16> {
        let mut cells = self.line.cells(shape);
        if self.back {
            cells.reverse();
        }
        cells
    }

    /// The end the clue stands at: `left`, `right`, `top` or `bottom`.
    pub fn side(self) -> &'static str {
        match (self.line, self.back) {
            (Line::Row(_), false) => "left",
            (Line::Row(_), true) => "right",
            (Line::Col(_), false) => "top",
            (Line::Col(_), true) => "bottom",
        }
    }
}

impl fmt::Display for Outside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} from the {}", self.line, self.side())
    }
}

/// When two full-rank numbers ([`Constraint::FullRank`]) may be equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ties {
    /// Never: every row and column reads a different number both ways.
    None,
    /// Only numbers without a clue may be equal (ISS's default, "only-unclued").
    Unclued,
    /// Any: a clue's rank is one more than the numbers below it, equal ones sharing it.
    Any,
}

impl Ties {
    /// ISS's and numpl's JSON name: `none`, `only-unclued`, `any`.
    pub fn name(self) -> &'static str {
        match self {
            Ties::None => "none",
            Ties::Unclued => "only-unclued",
            Ties::Any => "any",
        }
    }

    /// The rule of that name ([`Ties::name`]).
    pub fn from_name(name: &str) -> Option<Ties> {
        [Ties::None, Ties::Unclued, Ties::Any]
            .into_iter()
            .find(|t| t.name() == name)
    }
}

/// One rule of a variant puzzle. Cells are indexes in reading order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Constraint {
    /// Irregular regions replacing the boxes: a partition of the grid into N regions of N
    /// cells, each holding every value once (jigsaw).
    Jigsaw {
        /// The regions, each a list of cells.
        regions: Vec<Vec<u16>>,
    },
    /// A main diagonal holds every value once: `anti` false is r1c1 to rNcN, true is
    /// r1cN to rNc1 (X sudoku has both).
    Diagonal {
        /// The anti-diagonal (top right to bottom left).
        anti: bool,
    },
    /// The windoku (hyper) regions: the boxes offset by one cell from the grid's edges,
    /// each holding every value once.
    Windoku,
    /// Disjoint groups: the cells at the same place in every box hold every value once.
    DisjointSets,
    /// An extra region whose cells all differ (at most N cells).
    Region {
        /// Its cells.
        cells: Vec<u16>,
    },
    /// Cells a knight's move apart differ.
    AntiKnight,
    /// Cells a king's move apart (diagonal neighbours included) differ.
    AntiKing,
    /// Orthogonal neighbours never hold consecutive values.
    NonConsecutive,
    /// The cells hold even values.
    Even {
        /// The shaded cells.
        cells: Vec<u16>,
    },
    /// The cells hold odd values.
    Odd {
        /// The circled cells.
        cells: Vec<u16>,
    },
    /// A cell's candidates are limited to a set (a pencil-mark puzzle's clue).
    Allowed {
        /// The cell.
        cell: u16,
        /// Its allowed values.
        values: Mask,
    },
    /// A killer cage: its values differ and, with a sum, add up to it.
    Cage {
        /// The sum, if given.
        sum: Option<u32>,
        /// Its cells (orthogonally connected).
        cells: Vec<u16>,
    },
    /// A rellik cage (killer backwards): its values differ, and no one or more of them add
    /// up to `sum`.
    RellikCage {
        /// The sum no values of the cage make.
        sum: u32,
        /// Its cells.
        cells: Vec<u16>,
    },
    /// A sum over any cells: their values (repeats allowed where no other rule forbids
    /// them) add up to `sum`; a cell listed twice counts twice (ISS's `Sum`).
    Sum {
        /// The sum.
        sum: u32,
        /// The cells.
        cells: Vec<u16>,
    },
    /// A little killer clue: the values along a diagonal (repeats allowed) add up to `sum`.
    LittleKiller {
        /// The sum.
        sum: u32,
        /// The diagonal's cells from the clue inward.
        cells: Vec<u16>,
    },
    /// A sandwich clue: the values between the lowest and highest value (1 and N) of a row
    /// or column add up to `sum`.
    Sandwich {
        /// The sum.
        sum: u32,
        /// The row or column.
        line: Line,
    },
    /// A skyscraper clue: seen from its end of the row or column, a value hides every
    /// smaller one behind it; `count` values are seen.
    Skyscraper {
        /// How many are seen.
        count: u32,
        /// The row or column and the end it is seen from.
        side: Outside,
    },
    /// An X-sum clue: the first cell from its end of the row or column holds X, and the
    /// first X cells (that one included) add up to `sum`.
    XSum {
        /// The sum.
        sum: u32,
        /// The row or column and the end it is read from.
        side: Outside,
    },
    /// A numbered room: the first cell from the clue's end holds X, and the X-th cell
    /// from that end holds the clue.
    NumberedRoom {
        /// The value the X-th cell holds.
        value: u32,
        /// The row or column and the end it is read from.
        side: Outside,
    },
    /// A hidden skyscraper clue: seen from its end of the row or column, the values rise
    /// (each is seen) up to the first one lower than one before it (hidden behind it),
    /// which is the clue's value. The first cell is always seen.
    HiddenSkyscraper {
        /// The value of the first hidden cell.
        value: u32,
        /// The row or column and the end it is read from.
        side: Outside,
    },
    /// Either/or: of several sets of rules, at least one holds in full (ISS's `Or` ...
    /// `End`, an item a set). A set holds rules on cells (no houses, no rules over the whole
    /// grid, no either/or of its own); a value in a cell is an [`Constraint::Allowed`] of one.
    Or {
        /// The sets of rules, two or more.
        options: Vec<Vec<Constraint>>,
    },
    /// A full-rank clue: every row and column is read as a number from each of its ends
    /// (4N numbers of N digits), and the numbers ranked from the smallest (rank 1); the
    /// clue is the rank of its row or column read from its end. How numbers may tie:
    /// [`Constraint::FullRankTies`].
    FullRank {
        /// The rank, 1 to 4N.
        rank: u32,
        /// The row or column and the end it is read from.
        side: Outside,
    },
    /// How full-rank numbers may tie (one a puzzle; without it, [`Ties::Unclued`]).
    FullRankTies {
        /// The tie rule.
        ties: Ties,
    },
    /// A thermometer: values increase from the bulb (the first cell); `slow` allows equal
    /// neighbours.
    Thermo {
        /// Its cells from the bulb.
        cells: Vec<u16>,
        /// A slow thermometer (values never decrease).
        slow: bool,
    },
    /// An arrow: the values on the line add up to the number in the circle (several
    /// circle cells read as one number, left to right, top to bottom: a pill).
    Arrow {
        /// The circle's cells.
        circle: Vec<u16>,
        /// The line's cells from the circle.
        line: Vec<u16>,
    },
    /// A kropki dot between two neighbours: white, consecutive values; black, one double
    /// the other.
    Kropki {
        /// A black dot.
        black: bool,
        /// The two cells.
        cells: [u16; 2],
    },
    /// Every kropki dot is given: neighbours without a dot are neither consecutive nor
    /// in ratio 2.
    KropkiNegative,
    /// An X (sum 10) or V (sum 5) between two neighbours.
    Xv {
        /// 10 for X, 5 for V.
        sum: u8,
        /// The two cells.
        cells: [u16; 2],
    },
    /// Every X and V is given: neighbours without one add up to neither 5 nor 10.
    XvNegative,
    /// A greater-than sign between two neighbours: the first holds the greater value
    /// (fortress cells, f-puzzles' maximum and minimum, are signs towards each neighbour).
    GreaterThan {
        /// The greater cell, then the smaller.
        cells: [u16; 2],
    },
    /// The values along the line read the same both ways.
    Palindrome {
        /// The line's cells.
        cells: Vec<u16>,
    },
    /// Indexing cells (159 sudoku: columns 1, 5 and 9): a cell in column `c` holding `v`
    /// says where `c` is in its row: the cell in column `v` of that row holds `c`
    /// (`rows`: the same down its column, the cell in row `v` holding the cell's row).
    Indexing {
        /// Row indexing rather than column indexing.
        rows: bool,
        /// The indexing cells.
        cells: Vec<u16>,
    },
    /// A zipper line: cells at the same distance from either end add up to the value at
    /// its middle (a line of odd length), or all to the same total (even length).
    Zipper {
        /// The line's cells.
        cells: Vec<u16>,
    },
    /// German whispers (difference 5 on 9x9): neighbours on the line differ by at least
    /// `diff`.
    Whisper {
        /// The line's cells.
        cells: Vec<u16>,
        /// The least difference.
        diff: u8,
    },
    /// Anti-taxicab: a cell holding `x` has no other `x` at taxicab distance exactly `x`
    /// (`x` steps between orthogonal neighbours).
    AntiTaxicab,
    /// Dutch flatmates: every middle value (5 on 9x9, `ceil(N / 2)`) has a 1 right above
    /// it or an N right below it (or both).
    DutchFlatmates,
    /// An equality cage: its values differ, as many are even as odd, and as many are low
    /// as high (the lower and the upper half of the values; on an odd N the middle value
    /// is neither, and never in the cage).
    EqualityCage {
        /// The cage's cells (an even number).
        cells: Vec<u16>,
    },
    /// Equal sums: each segment's values add up to the same total (ISS's `EqualSum`: a
    /// magic square's rows, columns and diagonals). Segments may share cells.
    EqualSum {
        /// The segments, each a list of cells.
        segments: Vec<Vec<u16>>,
    },
    /// A look-and-say clue: its cells (repeats allowed where no other rule forbids them)
    /// hold each listed value exactly as many times as listed (0: not at all); other
    /// values are free. ISS's clue `1223` is one 2 and two 3s.
    LookAndSay {
        /// (how many, the value), values in the puzzle's range, each once.
        counts: Vec<(u8, u32)>,
        /// The cells.
        cells: Vec<u16>,
    },
    /// A lockout line: its two ends (diamonds) differ by at least `diff`, and every value
    /// between them on the line lies outside the ends' range (below the lesser end or
    /// above the greater).
    Lockout {
        /// The line's cells, ends included.
        cells: Vec<u16>,
        /// The ends' least difference.
        diff: u8,
    },
    /// A double arrow: the values between the line's two ends (circles) add up to the
    /// ends' sum.
    DoubleArrow {
        /// The line's cells, ends included.
        cells: Vec<u16>,
    },
    /// An entropic line: every three cells in a row along it hold a low, a middle and a
    /// high value (1-3, 4-6, 7-9 on 9x9: the values in thirds).
    EntropicLine {
        /// The line's cells.
        cells: Vec<u16>,
    },
    /// A modular line: every `modulus` cells in a row along it hold values of different
    /// remainders modulo `modulus` (3: one of 1 4 7, one of 2 5 8, one of 3 6 9).
    ModularLine {
        /// The modulus (2 or more).
        modulus: u8,
        /// The line's cells.
        cells: Vec<u16>,
    },
    /// Every 2x2 block of the grid holds a low, a middle and a high value (thirds).
    GlobalEntropy,
    /// Every 2x2 block of the grid holds values of all three remainders modulo 3.
    GlobalModular,
    /// Renban: the line's values are distinct and consecutive, in any order.
    Renban {
        /// The line's cells.
        cells: Vec<u16>,
    },
    /// Between line: values on the line lie strictly between the two ends' values.
    Between {
        /// The line's cells, ends included.
        cells: Vec<u16>,
    },
    /// A lunchbox: its values differ, and those lying along it between its least and its
    /// greatest value add up to `sum`.
    Lunchbox {
        /// The sum between.
        sum: u32,
        /// Its cells, in order.
        cells: Vec<u16>,
    },
    /// A sum line: the line divides into segments of neighbouring cells each adding up to
    /// `sum` (a loop divides likewise around its whole length); values may repeat where
    /// no other rule forbids it.
    SumLine {
        /// Each segment's sum.
        sum: u32,
        /// The line's cells, in order.
        cells: Vec<u16>,
        /// The line closes on itself (its last cell is beside its first).
        looped: bool,
    },
    /// Clones: sets of cells of one size holding the same values, as many times each
    /// (ISS's same-value sets; sets of one cell each hold one value).
    SameValues {
        /// The sets, each in order.
        sets: Vec<Vec<u16>>,
    },
    /// Counting circles: a value in one of the circles says how many of the circles hold
    /// it (each value there appears as many times as it says, or not at all).
    CountingCircles {
        /// The circled cells.
        cells: Vec<u16>,
    },
    /// A quadruple: the values in the circle where four cells meet are among those cells'
    /// values (a value listed twice, twice).
    Quadruple {
        /// The four cells in reading order (top left, top right, bottom left, bottom
        /// right).
        cells: [u16; 4],
        /// The values, 1 to 4 of them.
        values: Vec<u8>,
    },
    /// Region-sum line: the line's values in each box (or region) it crosses add up to
    /// the same sum; each separate pass through a box counts on its own.
    RegionSumLine {
        /// The line's cells.
        cells: Vec<u16>,
    },
    /// A relation of the setter's own between cells (ISS's pairwise rules, `Pair` and
    /// `PairX`): along a line each cell and the next (`all` false), or every two of a set
    /// of cells, each with each later one (`all` true), hold a pair of values the relation
    /// allows. `allowed[i]` has bit `j` set when the first of two cells may hold the
    /// puzzle's `i`-th value (`first + i`, [`Variant::value`]) while the second holds its
    /// `j`-th: the table does not move with the values' first.
    Pairwise {
        /// Every two cells, not only neighbours on the line.
        all: bool,
        /// For each value of the first cell (by its place among the values), the second
        /// cell's allowed values (bit `j`: the `j`-th value).
        allowed: Vec<u64>,
        /// The rule's name as the setter gave it ("Nabner"), or empty.
        label: String,
        /// The cells, in the line's order.
        cells: Vec<u16>,
    },
    /// A regex line: the values along the line, in order, read as a word (digits, and
    /// letters from 10), match a regular expression as a whole ([`automaton::Automaton::
    /// from_regex`] reads it; the Interactive Sudoku Solver's `Regex`).
    Regex {
        /// The pattern, as written.
        pattern: String,
        /// The cells, in the line's order (a cell may come back).
        cells: Vec<u16>,
    },
    /// A count of different values (the Interactive Sudoku Solver's `CountDistinct`):
    /// the circled cell's value is how many different values its counted cells hold.
    CountDistinct {
        /// The circled cell.
        cell: u16,
        /// The cells counted (not the circled one).
        cells: Vec<u16>,
    },
    /// A slingshot (the Interactive Sudoku Solver's `ValueIndexing`): the line's second
    /// cell holds a distance `d`, and the cell `d` places further along the line holds
    /// the line's first cell's value.
    ValueIndexing {
        /// The cells in the line's order: the value's cell, the distance's, then the
        /// cells it may point at (at least one).
        cells: Vec<u16>,
    },
    /// A line read by a state machine of the setter's own (the Interactive Sudoku
    /// Solver's `NFA`): the values along it, in order, are a word the automaton accepts.
    /// A line of several segments reads a break between them: the symbol after the last
    /// value (place N of the automaton's moves).
    Automaton {
        /// The rule's name as the setter gave it ("Skyscraper-9"), or empty.
        label: String,
        /// The automaton, over the values' places (place 0: the least value).
        automaton: automaton::Automaton,
        /// The line's segments, each in order (most lines have one).
        segments: Vec<Vec<u16>>,
    },
}

impl Constraint {
    /// The name used in messages, in numpl's JSON (`"type"`) and in documentation.
    pub fn name(&self) -> &'static str {
        match self {
            Constraint::Jigsaw { .. } => "jigsaw",
            Constraint::Diagonal { anti: false } => "diagonal",
            Constraint::Diagonal { anti: true } => "anti-diagonal",
            Constraint::Windoku => "windoku",
            Constraint::DisjointSets => "disjoint-sets",
            Constraint::Region { .. } => "region",
            Constraint::AntiKnight => "anti-knight",
            Constraint::AntiKing => "anti-king",
            Constraint::NonConsecutive => "non-consecutive",
            Constraint::Even { .. } => "even",
            Constraint::Odd { .. } => "odd",
            Constraint::Allowed { .. } => "allowed",
            Constraint::Cage { .. } => "cage",
            Constraint::LittleKiller { .. } => "little-killer",
            Constraint::Sum { .. } => "sum",
            Constraint::RellikCage { .. } => "rellik-cage",
            Constraint::Sandwich { .. } => "sandwich",
            Constraint::Skyscraper { .. } => "skyscraper",
            Constraint::FullRank { .. } => "full-rank",
            Constraint::FullRankTies { .. } => "full-rank-ties",
            Constraint::XSum { .. } => "x-sum",
            Constraint::NumberedRoom { .. } => "numbered-room",
            Constraint::HiddenSkyscraper { .. } => "hidden-skyscraper",
            Constraint::Or { .. } => "or",
            Constraint::Thermo { slow: false, .. } => "thermo",
            Constraint::Thermo { slow: true, .. } => "slow-thermo",
            Constraint::Arrow { .. } => "arrow",
            Constraint::Kropki { black: false, .. } => "white-dot",
            Constraint::Kropki { black: true, .. } => "black-dot",
            Constraint::KropkiNegative => "kropki-negative",
            Constraint::Xv { sum: 10, .. } => "x",
            Constraint::Xv { .. } => "v",
            Constraint::XvNegative => "xv-negative",
            Constraint::GreaterThan { .. } => "greater-than",
            Constraint::Palindrome { .. } => "palindrome",
            Constraint::Zipper { .. } => "zipper",
            Constraint::Indexing { rows: false, .. } => "column-indexing",
            Constraint::Indexing { rows: true, .. } => "row-indexing",
            Constraint::Whisper { .. } => "whisper",
            Constraint::Lockout { .. } => "lockout",
            Constraint::LookAndSay { .. } => "look-and-say",
            Constraint::EqualSum { .. } => "equal-sum",
            Constraint::AntiTaxicab => "anti-taxicab",
            Constraint::DutchFlatmates => "dutch-flatmates",
            Constraint::EqualityCage { .. } => "equality-cage",
            Constraint::DoubleArrow { .. } => "double-arrow",
            Constraint::Renban { .. } => "renban",
            Constraint::EntropicLine { .. } => "entropic-line",
            Constraint::ModularLine { .. } => "modular-line",
            Constraint::GlobalEntropy => "global-entropy",
            Constraint::GlobalModular => "global-modular",
            Constraint::Between { .. } => "between",
            Constraint::Lunchbox { .. } => "lunchbox",
            Constraint::SumLine { .. } => "sum-line",
            Constraint::SameValues { .. } => "same-values",
            Constraint::Quadruple { .. } => "quadruple",
            Constraint::CountingCircles { .. } => "counting-circles",
            Constraint::RegionSumLine { .. } => "region-sum-line",
            Constraint::Pairwise { .. } => "pairwise",
            Constraint::Regex { .. } => "regex",
            Constraint::ValueIndexing { .. } => "value-indexing",
            Constraint::CountDistinct { .. } => "count-distinct",
            Constraint::Automaton { .. } => "automaton",
        }
    }
}

/// The rules of one variant puzzle beyond its givens: whether the boxes count, and the
/// constraints, each checked against the shape ([`Variant::new`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    shape: Shape,
    boxes: bool,
    constraints: Vec<Constraint>,
    /// The least value: 1 (values 1..N) or 0 (values 0..N-1, as ISS's `~0-8`).
    first: u8,
}

impl Variant {
    /// The rules of a puzzle of `shape`: boxes count when `boxes` is true (a jigsaw puzzle
    /// has them off: its regions replace them; a puzzle may keep both, as ISS allows).
    ///
    /// # Errors
    ///
    /// [`VariantError`] naming the constraint (its 1-based place and name) and the cell or
    /// value that is wrong.
    ///
    /// ```
    /// use numpl_core::variant::{Constraint, Variant};
    /// use numpl_core::Shape;
    ///
    /// let cage = Constraint::Cage { sum: Some(3), cells: vec![0, 1] };
    /// assert!(Variant::new(Shape::NINE, true, vec![cage]).is_ok());
    /// let bad = Constraint::Cage { sum: Some(30), cells: vec![0, 1] };
    /// let err = Variant::new(Shape::NINE, true, vec![bad]).unwrap_err();
    /// assert_eq!(err.to_string(), "constraint 1 (cage r1c1): a sum of 30 is out of reach of 2 different values (3 to 17)");
    /// ```
    pub fn new(
        shape: Shape,
        boxes: bool,
        constraints: Vec<Constraint>,
    ) -> Result<Variant, VariantError> {
        Variant::new_from(1, shape, boxes, constraints)
    }

    /// [`Variant::new`] over values from `first`: 1 (values 1..N, as `new`) or 0 (values
    /// 0..N-1, a "0-8" grid on 9x9). Every number in the constraints (sums, clue values,
    /// a quadruple's values) is then a value of that range; a grid ([`Grid`]) still holds
    /// 1..N, value `v` of the puzzle as `v - first + 1` ([`Variant::value`]; an
    /// [`Constraint::Allowed`] mask likewise), and is written with [`Variant::symbols`].
    ///
    /// # Errors
    ///
    /// As [`Variant::new`], the ranges counted from `first`; and when `first` is neither
    /// 0 nor 1, when values from 0 meet a grid of more than 36 values (their alphabet is
    /// `0`-`9`, `A`-`Z`), or a constraint whose rule numpl keeps only from 1 (those reading
    /// a value as a place, or adding up runs of cells bounded by values: sandwich, X-sum,
    /// numbered room, lunchbox, sum line, rellik cage, indexing), naming it. From 0, a
    /// skyscraper of 0 is no building (ISS's rule), and no counting circle holds 0 (it
    /// would say that none does).
    ///
    /// ```
    /// use numpl_core::variant::{Constraint, Variant};
    /// use numpl_core::Shape;
    ///
    /// // Two cells of 0..8 adding up to 1: 0 and 1.
    /// let cage = Constraint::Cage { sum: Some(1), cells: vec![0, 1] };
    /// let zero = Variant::new_from(0, Shape::NINE, true, vec![cage.clone()]).unwrap();
    /// assert_eq!(zero.value(1), 0);
    /// assert_eq!(zero.symbols().write(1), Some('0'));
    /// assert_eq!(zero.values_text(), "0-8");
    /// // From 1, the same cage is out of reach.
    /// let err = Variant::new(Shape::NINE, true, vec![cage]).unwrap_err();
    /// assert!(err.to_string().contains("out of reach"));
    /// ```
    pub fn new_from(
        first: u8,
        shape: Shape,
        boxes: bool,
        constraints: Vec<Constraint>,
    ) -> Result<Variant, VariantError> {
        let whole = |message: String| VariantError {
            constraint: 0,
            what: "values".into(),
            message,
        };
        let n = shape.size();
        if first > 1 {
            return Err(whole(format!(
                "values start at 0 or 1, not {first} (0-{} or 1-{n})",
                n - 1
            )));
        }
        if first == 0 && n > ZERO_ALPHABET.len() {
            return Err(whole(format!(
                "values from 0 need a grid of at most {} values (0-9, A-Z); this one has {n}",
                ZERO_ALPHABET.len()
            )));
        }
        let v = Variant {
            shape,
            boxes,
            constraints,
            first,
        };
        check::check_all(&v)?;
        Ok(v)
    }

    /// The least value: 1, or 0 for a grid of values 0..N-1 ([`Variant::new_from`]).
    pub fn first_value(&self) -> u8 {
        self.first
    }

    /// The puzzle's value that a grid's `held` (1..N) stands for: `held` itself, or one
    /// less for values from 0.
    pub fn value(&self, held: u8) -> u32 {
        held as u32 + self.first as u32 - 1
    }

    /// The values as ISS and numpl's JSON write them: `1-9`, `0-8`.
    pub fn values_text(&self) -> String {
        let first = self.first as usize;
        format!("{first}-{}", first + self.shape.size() - 1)
    }

    /// The alphabet the puzzle's grids are written in: the standard one (`1`-`9`, `A`-...)
    /// from 1; from 0, `0`-`9` then `A`-`Z` (so `0` is a value, not a blank).
    pub fn symbols(&self) -> crate::Symbols {
        if self.first == 1 {
            return crate::Symbols::standard();
        }
        let chars: String = ZERO_ALPHABET[..self.shape.size()]
            .iter()
            .map(|&b| b as char)
            .collect();
        crate::Symbols::custom(&chars).unwrap_or_default()
    }

    /// The grid's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Whether the boxes hold every value once (false for a jigsaw, or a Latin square).
    pub fn boxes(&self) -> bool {
        self.boxes
    }

    /// The constraints, in the order read.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// The all-different groups of N cells beyond rows and columns: the boxes (if they
    /// count), jigsaw regions, diagonals, windoku regions and disjoint sets. These are
    /// houses: each holds every value exactly once.
    pub fn houses(&self) -> Vec<Vec<u16>> {
        self.named_houses().into_iter().map(|(_, h)| h).collect()
    }

    /// [`Variant::houses`] with the name a player reads for each: `box 4`, `region 2`
    /// (a jigsaw piece), `the main diagonal`, `the anti-diagonal`, `windoku region 3`,
    /// `disjoint group 5`.
    pub fn named_houses(&self) -> Vec<(String, Vec<u16>)> {
        let shape = self.shape;
        let n = shape.size();
        let mut out = Vec::new();
        if self.boxes {
            let geo = shape.geometry();
            for b in 0..n {
                out.push((format!("box {}", b + 1), geo.unit(2 * n + b).to_vec()));
            }
        }
        for c in &self.constraints {
            match c {
                Constraint::Jigsaw { regions } => out.extend(
                    regions
                        .iter()
                        .enumerate()
                        .map(|(i, r)| (format!("region {}", i + 1), r.clone())),
                ),
                Constraint::Diagonal { anti } => out.push((
                    if *anti {
                        "the anti-diagonal"
                    } else {
                        "the main diagonal"
                    }
                    .to_string(),
                    (0..n)
                        .map(|r| (r * n + if *anti { n - 1 - r } else { r }) as u16)
                        .collect(),
                )),
                Constraint::Windoku => out.extend(
                    windoku_regions(shape)
                        .into_iter()
                        .enumerate()
                        .map(|(i, r)| (format!("windoku region {}", i + 1), r)),
                ),
                Constraint::DisjointSets => {
                    let geo = shape.geometry();
                    for k in 0..n {
                        out.push((
                            format!("disjoint group {}", k + 1),
                            (0..n).map(|b| geo.unit(2 * n + b)[k]).collect(),
                        ));
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// The regions a region-sum line is cut by: the boxes, or without them the jigsaw's
    /// regions (as ISS does). Each cell's region number.
    pub fn region_of_cells(&self) -> Vec<u16> {
        let shape = self.shape;
        let n = shape.size();
        let mut region = vec![0u16; n * n];
        let jigsaw = if self.boxes {
            None
        } else {
            self.constraints
                .iter()
                .find(|c| matches!(c, Constraint::Jigsaw { .. }))
        };
        if let Some(Constraint::Jigsaw { regions }) = jigsaw {
            for (i, r) in regions.iter().enumerate() {
                for &c in r {
                    region[c as usize] = i as u16;
                }
            }
        } else {
            for (cell, slot) in region.iter_mut().enumerate() {
                *slot = shape.box_of(crate::Cell::new(cell as u16)) as u16;
            }
        }
        region
    }

    /// The first rule a full grid breaks, in words naming the cells (`None`: every rule
    /// holds, the grid is a solution of these rules). Rows and columns are checked too;
    /// givens are not (compare with the puzzle's grid for that).
    pub fn violation(&self, grid: &Grid) -> Option<String> {
        check::violation(self, grid)
    }

    /// Two givens of one value in a row, a column or a house of these rules (boxes,
    /// jigsaw regions, diagonals, extra regions), in words naming them (`None`: none).
    pub fn givens_clash(&self, givens: &Grid) -> Option<String> {
        check::givens_clash(self, givens)
    }
}

/// The characters of values from 0 ([`Variant::symbols`]).
const ZERO_ALPHABET: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// A pairwise relation ([`Constraint::Pairwise`]) in words, over values from `first`:
/// each value of the first cell with those the second may hold beside it, runs written as
/// ranges, values that allow nothing left out: `1 with 3-9; 2 with 4-9; 5 with 1, 3`.
///
/// ```
/// // Values 1..4; 1 beside 2, 3 or 4, 3 beside 1.
/// let t = numpl_core::variant::relation_text(&[0b1110, 0, 0b0001, 0], 1);
/// assert_eq!(t, "1 with 2-4; 3 with 1");
/// ```
pub fn relation_text(allowed: &[u64], first: u8) -> String {
    let first = first as usize;
    let mut parts = Vec::new();
    for (i, &m) in allowed.iter().enumerate() {
        if m == 0 {
            continue;
        }
        let mut runs: Vec<String> = Vec::new();
        let mut j = 0;
        while j < 64 {
            if m >> j & 1 == 0 {
                j += 1;
                continue;
            }
            let start = j;
            while j < 64 && m >> j & 1 == 1 {
                j += 1;
            }
            runs.push(match j - start {
                1 => format!("{}", start + first),
                2 => format!("{}, {}", start + first, start + first + 1),
                _ => format!("{}-{}", start + first, j - 1 + first),
            });
        }
        parts.push(format!("{} with {}", i + first, runs.join(", ")));
    }
    parts.join("; ")
}

/// The classes of values the entropic rules use: the values in thirds (1-3, 4-6, 7-9
/// on 9x9); `None` where N is not a multiple of 3.
pub fn thirds(n: usize) -> Option<Vec<Vec<u8>>> {
    (n.is_multiple_of(3) && n > 0).then(|| {
        (0..3)
            .map(|k| {
                ((k * n / 3 + 1)..=((k + 1) * n / 3))
                    .map(|v| v as u8)
                    .collect()
            })
            .collect()
    })
}

/// The classes of values modulo `m`: remainder 1 first (1 4 7 ...), 0 last.
pub fn remainders(n: usize, m: usize) -> Vec<Vec<u8>> {
    (0..m)
        .map(|k| {
            (1..=n)
                .filter(|v| v % m == (k + 1) % m)
                .map(|v| v as u8)
                .collect()
        })
        .collect()
}

/// The 2x2 blocks of a grid, each as its four cells in reading order.
pub fn blocks_2x2(shape: Shape) -> Vec<[u16; 4]> {
    let n = shape.size();
    let mut out = Vec::new();
    for r in 0..n.saturating_sub(1) {
        for c in 0..n - 1 {
            let a = (r * n + c) as u16;
            out.push([a, a + 1, a + n as u16, a + n as u16 + 1]);
        }
    }
    out
}

impl Constraint {
    /// The cells the constraint lists (a jigsaw's every region's, an arrow's circle then
    /// line); empty for the rules over the whole grid (diagonals, windoku, anti-knight, ...)
    /// and for sandwich clues (their row or column: [`Line::cells`]).
    pub fn cells(&self) -> Vec<u16> {
        check::cells_of(self)
    }
}

/// The windoku regions of a shape: boxes of the grid's box shape placed one cell in from
/// the edges with one cell between them (four on 9x9).
pub fn windoku_regions(shape: Shape) -> Vec<Vec<u16>> {
    let n = shape.size();
    let (br, bc) = (shape.box_rows(), shape.box_cols());
    let mut out = Vec::new();
    let mut r0 = 1;
    while r0 + br < n {
        let mut c0 = 1;
        while c0 + bc < n {
            let mut cells = Vec::with_capacity(n);
            for r in r0..r0 + br {
                for c in c0..c0 + bc {
                    cells.push((r * n + c) as u16);
                }
            }
            out.push(cells);
            c0 += bc + 1;
        }
        r0 += br + 1;
    }
    out
}
