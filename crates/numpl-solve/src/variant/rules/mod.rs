//! From a variant's constraints to the engine's [`Model`]. One file per constraint; the
//! match in [`compile`] is the registry (a new constraint: its file and one line there).

mod arrow;
mod automaton;
mod between;
pub(crate) mod cage;
mod chess;
mod classes;
mod count_distinct;
mod counting;
mod dutch_flatmates;
mod either_or;
mod equal_sum;
mod equality_cage;
mod full_rank;
mod greater_than;
mod hidden_skyscraper;
mod indexing;
mod intersect;
mod kropki;
mod little_killer;
mod lockout;
mod look_and_say;
mod lunchbox;
mod nonconsecutive;
mod numbered_room;
mod pairwise;
mod palindrome;
mod parity;
mod quadruple;
mod region;
mod region_sum;
mod rellik;
mod renban;
mod same_values;
mod sandwich;
mod skyscraper;
pub(crate) mod sum;
mod sum_line;
mod taxicab;
mod thermo;
mod value_indexing;
mod whisper;
mod xsum;
mod xv;
mod zipper;

use std::collections::HashMap;

use numpl_core::variant::{Constraint, Variant};
use numpl_core::Grid;

use super::engine::{Bits, Contradiction, Finder, Model, Pair, Prop, State};

/// Collects what the constraints ask for, then builds the [`Model`].
pub(crate) struct Builder<'a> {
    pub(crate) variant: &'a Variant,
    pub(crate) n: usize,
    pub(crate) start: Vec<Bits>,
    groups: Vec<Vec<u16>>,
    houses: Vec<Vec<u16>>,
    relations: HashMap<(u16, u16), Vec<Bits>>,
    props: Vec<Box<dyn Prop>>,
    /// Cages with a sum inside each house, for the 45 rule (`cage.rs`).
    pub(crate) cages: Vec<(u32, Vec<u16>)>,
    /// Renban lines (`renban.rs`).
    pub(crate) renbans: Vec<Vec<u16>>,
    /// Windows and 2x2 blocks of the rules on classes of values (`classes.rs`).
    pub(crate) class_sets: Vec<classes::Pending>,
    /// Sets of counting circles (`counting.rs`).
    pub(crate) countings: Vec<Vec<u16>>,
    /// Values a run of cells must hold, for the search to branch on their places.
    pub(crate) finders: Vec<Finder>,
}

impl Builder<'_> {
    /// The mask of every value.
    pub(crate) fn all(&self) -> Bits {
        if self.n >= 64 {
            u64::MAX
        } else {
            (1u64 << self.n) - 1
        }
    }

    /// The cells all differ.
    pub(crate) fn distinct(&mut self, cells: &[u16]) {
        if cells.len() > 1 {
            self.groups.push(cells.to_vec());
        }
    }

    /// The cells hold every value once.
    pub(crate) fn house(&mut self, cells: &[u16]) {
        self.distinct(cells);
        self.houses.push(cells.to_vec());
    }

    /// Cell `c` keeps only `keep`.
    pub(crate) fn restrict(&mut self, c: u16, keep: Bits) {
        self.start[c as usize] &= keep;
    }

    /// How much the grid's values (1..N) exceed the puzzle's: 1 for values from 0
    /// (`Variant::first_value`), else 0. A rule reading values (sums, parity, dots)
    /// reads the puzzle's.
    pub(crate) fn off(&self) -> u32 {
        1 - self.variant.first_value() as u32
    }

    /// The total of `sum of coef * value = total` (the puzzle's values) as the same
    /// equation over the grid's values 1..N, which the propagators read.
    pub(crate) fn grid_total(&self, terms: &[(u16, i64)], total: i64) -> i64 {
        total + self.off() as i64 * terms.iter().map(|t| t.1).sum::<i64>()
    }

    /// Cells `a` and `b` hold values `x`, `y` with `ok(x, y)` (the puzzle's values: from
    /// 1, or from 0).
    pub(crate) fn relation(&mut self, a: u16, b: u16, ok: impl Fn(u32, u32) -> bool) {
        let n = self.n as u32;
        let off = self.off();
        let ok = |x: u32, y: u32| ok(x - off, y - off);
        let (key, flip) = if a < b {
            ((a, b), false)
        } else {
            ((b, a), true)
        };
        let table: Vec<Bits> = (1..=n)
            .map(|x| {
                (1..=n)
                    .filter(|&y| if flip { ok(y, x) } else { ok(x, y) })
                    .fold(0, |m, y| m | 1 << (y - 1))
            })
            .collect();
        let all = self.all();
        let slot = self
            .relations
            .entry(key)
            .or_insert_with(|| vec![all; n as usize]);
        for (s, t) in slot.iter_mut().zip(table) {
            *s &= t;
        }
    }

    /// The houses so far.
    pub(crate) fn houses_snapshot(&self) -> Vec<Vec<u16>> {
        self.houses.clone()
    }

    /// A propagator.
    pub(crate) fn prop(&mut self, p: impl Prop + 'static) {
        self.props.push(Box::new(p));
    }

    fn build(self) -> Model {
        let cells = self.n * self.n;
        let mut peers: Vec<Vec<u16>> = vec![Vec::new(); cells];
        for g in &self.groups {
            for &a in g {
                for &b in g {
                    if a != b {
                        peers[a as usize].push(b);
                    }
                }
            }
        }
        for p in &mut peers {
            p.sort_unstable();
            p.dedup();
        }
        let n = self.n;
        let mut pairs = Vec::new();
        let mut pairs_of: Vec<Vec<u32>> = vec![Vec::new(); cells];
        let mut keys: Vec<_> = self.relations.into_iter().collect();
        keys.sort_by_key(|(k, _)| *k);
        for ((a, b), ab) in keys {
            let mut ba = vec![0; n];
            for (x, &m) in ab.iter().enumerate() {
                for (y, slot) in ba.iter_mut().enumerate() {
                    if m >> y & 1 != 0 {
                        *slot |= 1 << x;
                    }
                }
            }
            let k = pairs.len() as u32;
            pairs_of[a as usize].push(k);
            pairs_of[b as usize].push(k);
            pairs.push(Pair { a, b, ab, ba });
        }
        let mut props_of: Vec<Vec<u32>> = vec![Vec::new(); cells];
        let mut bounds_of: Vec<Vec<u32>> = vec![Vec::new(); cells];
        for (k, p) in self.props.iter().enumerate() {
            let of = if p.bounds_only() {
                &mut bounds_of
            } else {
                &mut props_of
            };
            for &c in p.watches() {
                of[c as usize].push(k as u32);
            }
        }
        for w in props_of.iter_mut().chain(&mut bounds_of) {
            w.dedup();
        }
        let mut houses_of: Vec<Vec<u32>> = vec![Vec::new(); cells];
        for (k, h) in self.houses.iter().enumerate() {
            for &c in h {
                houses_of[c as usize].push(k as u32);
            }
        }
        let sums = self.props.iter().any(|p| p.is_sum());
        let mut slow_words = vec![0u64; self.props.len().div_ceil(64)];
        for (k, p) in self.props.iter().enumerate() {
            if p.expensive() {
                slow_words[k / 64] |= 1 << (k % 64);
            }
        }
        Model {
            finders: self.finders,
            sums,
            slow_words,
            watch_words: super::engine::words_of(&props_of),
            bound_words: super::engine::words_of(&bounds_of),
            shape: self.variant.shape(),
            n,
            start: self.start,
            peers,
            houses: self.houses,
            house_words: super::engine::words_of(&houses_of),
            houses_of,
            pairs,
            pairs_of,
            props: self.props,
            props_of,
            bounds_of,
        }
    }
}

/// Each cell's peers (the other cells of every group holding it) as a bitset.
pub(crate) struct Peers {
    words: usize,
    bits: Vec<Vec<u64>>,
}

impl Peers {
    fn new(b: &Builder<'_>) -> Peers {
        let cells = b.n * b.n;
        let words = cells.div_ceil(64);
        let mut bits = vec![vec![0u64; words]; cells];
        for g in &b.groups {
            for &a in g {
                for &p in g {
                    if a != p {
                        bits[a as usize][p as usize / 64] |= 1 << (p % 64);
                    }
                }
            }
        }
        Peers { words, bits }
    }

    /// Whether cells `a` and `b` must differ (some group holds both).
    pub(crate) fn sees(&self, a: u16, b: u16) -> bool {
        self.bits[a as usize][b as usize / 64] >> (b % 64) & 1 != 0
    }

    /// Tells every propagator which cells differ ([`Prop::learn_distinct`]).
    fn teach(&self, b: &mut Builder<'_>) {
        for p in &mut b.props {
            p.learn_distinct(&|x, y| self.sees(x, y));
        }
    }

    /// For each of `cells`, its peers outside `cells`.
    pub(crate) fn outside(&self, cells: &[u16]) -> Vec<Vec<u64>> {
        cells
            .iter()
            .map(|&c| {
                let mut m = self.bits[c as usize].clone();
                m.resize(self.words, 0);
                for &o in cells {
                    m[o as usize / 64] &= !(1 << (o % 64));
                }
                m
            })
            .collect()
    }
}

/// Values `need` that `cells` (which differ) must hold: each goes to its one place, or
/// leaves every cell outside that sees all its places (`seen[i]`: what `cells[i]` sees
/// outside them, from [`Peers::outside`]).
pub(crate) fn required(
    st: &mut State,
    cells: &[u16],
    seen: &[Vec<u64>],
    mut need: Bits,
) -> Result<(), Contradiction> {
    while need != 0 {
        let v = need & need.wrapping_neg();
        need &= need - 1;
        let mut places = 0;
        let mut last = 0;
        for (i, &c) in cells.iter().enumerate() {
            if st.get(c) & v != 0 {
                places += 1;
                last = i;
            }
        }
        match places {
            0 => return Err(Contradiction),
            1 => st.restrict(cells[last], v)?,
            _ => {
                // The cells that see every place, four words of the bitset at a time (a
                // 9x9 grid's are two): a fixed array, not one for the biggest grid set
                // each time. (They are outside `cells`, so what goes does not move the
                // places.)
                let words = seen[0].len();
                for from in (0..words).step_by(4) {
                    let to = (from + 4).min(words);
                    let mut common = [u64::MAX; 4];
                    for (i, &c) in cells.iter().enumerate() {
                        if st.get(c) & v != 0 {
                            for (w, s) in common.iter_mut().zip(&seen[i][from..to]) {
                                *w &= s;
                            }
                        }
                    }
                    for (w, &word) in common[..to - from].iter().enumerate() {
                        let mut bits = word;
                        while bits != 0 {
                            let c = ((from + w) * 64) as u16 + bits.trailing_zeros() as u16;
                            bits &= bits - 1;
                            st.restrict(c, !v)?;
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// The model of `givens` under `variant`'s rules.
pub(crate) fn compile(givens: &Grid, variant: &Variant) -> Model {
    builder(givens, variant).build()
}

/// The groups of cells `variant`'s rules forbid to hold one value twice, as the engine
/// compiles them: every all-different group (rows, columns, houses, cages, regions,
/// renban lines, ...), then each pair of cells whose relation rules out equal values
/// (anti-knight, anti-king, thermometer neighbours, dots ...) as a group of two.
pub(crate) fn distinct_groups(variant: &Variant) -> Vec<Vec<u16>> {
    let b = builder(&Grid::empty(variant.shape()), variant);
    let mut out = b.groups.clone();
    let mut pairs: Vec<(u16, u16)> = b
        .relations
        .iter()
        .filter(|(_, table)| table.iter().enumerate().all(|(x, &m)| m >> x & 1 == 0))
        .map(|(&k, _)| k)
        .collect();
    pairs.sort_unstable();
    out.extend(pairs.into_iter().map(|(a, c)| vec![a, c]));
    out
}

impl<'a> Builder<'a> {
    /// Nothing compiled yet; every cell starts with every value.
    fn new(variant: &'a Variant) -> Builder<'a> {
        let n = variant.shape().size();
        let mut b = Builder {
            variant,
            n,
            start: Vec::new(),
            groups: Vec::new(),
            houses: Vec::new(),
            relations: HashMap::new(),
            props: Vec::new(),
            cages: Vec::new(),
            renbans: Vec::new(),
            class_sets: Vec::new(),
            countings: Vec::new(),
            finders: Vec::new(),
        };
        b.start = vec![b.all(); n * n];
        b
    }
}

fn builder<'a>(givens: &Grid, variant: &'a Variant) -> Builder<'a> {
    let shape = variant.shape();
    let n = shape.size();
    let mut b = Builder::new(variant);
    let all = b.all();
    b.start = givens
        .values()
        .iter()
        .map(|&v| if v == 0 { all } else { 1u64 << (v - 1) })
        .collect();
    let geo = shape.geometry();
    for u in 0..2 * n {
        b.house(geo.unit(u));
    }
    for h in variant.houses() {
        b.house(&h);
    }
    for c in variant.constraints() {
        add(&mut b, c);
    }
    // Last, the propagators that need every group (the cells that see theirs).
    let peers = Peers::new(&b);
    cage::finish(&mut b, &peers);
    renban::finish(&mut b, &peers);
    classes::finish(&mut b, &peers);
    counting::finish(&mut b, &peers);
    intersect::compile(&mut b);
    peers.teach(&mut b);
    b
}

/// The registry: what each constraint adds to the model (its file's `compile`).
fn add(b: &mut Builder<'_>, c: &Constraint) {
    match c {
        // Houses: taken from `Variant::houses` (rules::builder).
        Constraint::Jigsaw { .. }
        | Constraint::Diagonal { .. }
        | Constraint::Windoku
        | Constraint::DisjointSets => {}
        Constraint::Region { cells } => region::compile(b, cells),
        Constraint::AntiKnight => chess::compile(b, true),
        Constraint::AntiKing => chess::compile(b, false),
        Constraint::NonConsecutive => nonconsecutive::compile(b),
        Constraint::Even { .. } | Constraint::Odd { .. } | Constraint::Allowed { .. } => {
            parity::compile(b, c)
        }
        Constraint::Cage { sum, cells } => cage::compile(b, *sum, cells),
        Constraint::LittleKiller { sum, cells } | Constraint::Sum { sum, cells } => {
            little_killer::compile(b, *sum, cells)
        }
        Constraint::Sandwich { sum, line } => sandwich::compile(b, *sum, *line),
        Constraint::RellikCage { sum, cells } => rellik::compile(b, *sum, cells),
        Constraint::Skyscraper { count, side } => skyscraper::compile(b, *count, *side),
        Constraint::FullRank { rank, side } => full_rank::compile(b, *rank, *side),
        Constraint::FullRankTies { ties } => full_rank::compile_ties(b, *ties),
        Constraint::HiddenSkyscraper { value, side } => {
            hidden_skyscraper::compile(b, *value, *side)
        }
        Constraint::Or { options } => either_or::compile(b, options),
        Constraint::XSum { sum, side } => xsum::compile(b, *sum, *side),
        Constraint::NumberedRoom { value, side } => numbered_room::compile(b, *value, *side),
        Constraint::Lunchbox { sum, cells } => lunchbox::compile(b, *sum, cells),
        Constraint::SumLine { sum, cells, looped } => sum_line::compile(b, *sum, cells, *looped),
        Constraint::SameValues { sets } => same_values::compile(b, sets),
        Constraint::Quadruple { cells, values } => quadruple::compile(b, cells, values),
        Constraint::GreaterThan { cells } => greater_than::compile(b, *cells),
        Constraint::CountingCircles { cells } => counting::compile(b, cells),
        Constraint::EntropicLine { cells } => {
            classes::compile_line(b, cells, classes::entropic(b.n))
        }
        Constraint::ModularLine { modulus, cells } => {
            classes::compile_line(b, cells, classes::modular(b.n, *modulus as usize))
        }
        Constraint::GlobalEntropy => classes::compile_global(b, classes::entropic(b.n)),
        Constraint::GlobalModular => classes::compile_global(b, classes::modular(b.n, 3)),
        Constraint::Thermo { cells, slow } => thermo::compile(b, cells, *slow),
        Constraint::Arrow { circle, line } => arrow::compile(b, circle, line),
        Constraint::DoubleArrow { cells } => arrow::compile_double(b, cells),
        Constraint::Lockout { cells, diff } => lockout::compile(b, cells, *diff),
        Constraint::LookAndSay { counts, cells } => look_and_say::compile(b, counts, cells),
        Constraint::EqualSum { segments } => equal_sum::compile(b, segments),
        Constraint::AntiTaxicab => taxicab::compile(b),
        Constraint::DutchFlatmates => dutch_flatmates::compile(b),
        Constraint::EqualityCage { cells } => equality_cage::compile(b, cells),
        Constraint::Kropki { black, cells } => kropki::compile(b, *black, *cells),
        Constraint::KropkiNegative => kropki::compile_negative(b),
        Constraint::Xv { sum, cells } => xv::compile(b, *sum, *cells),
        Constraint::XvNegative => xv::compile_negative(b),
        Constraint::Palindrome { cells } => palindrome::compile(b, cells),
        Constraint::Zipper { cells } => zipper::compile(b, cells),
        Constraint::Indexing { rows, cells } => indexing::compile(b, *rows, cells),
        Constraint::Whisper { cells, diff } => whisper::compile(b, cells, *diff),
        Constraint::Renban { cells } => renban::compile(b, cells),
        Constraint::Between { cells } => between::compile(b, cells),
        Constraint::RegionSumLine { cells } => region_sum::compile(b, cells),
        Constraint::Pairwise {
            all,
            allowed,
            cells,
            ..
        } => pairwise::compile(b, *all, allowed, cells),
        Constraint::ValueIndexing { cells } => value_indexing::compile(b, cells),
        Constraint::CountDistinct { cell, cells } => count_distinct::compile(b, *cell, cells),
        Constraint::Regex { pattern, cells } => {
            let first = b.variant.first_value();
            let a = numpl_core::variant::automaton::Automaton::from_regex(pattern, first, b.n)
                .expect("checked when read");
            automaton::compile(b, &a, std::slice::from_ref(cells));
        }
        Constraint::Automaton {
            automaton: a,
            segments,
            ..
        } => automaton::compile(b, &a.trimmed(), segments),
        _ => {}
    }
}

/// One constraint alone, as the step-by-step solver ([`crate::variant::logic`]) reads it:
/// its groups, relations and propagators over every cell, with no rows, columns or houses
/// (so a cage keeps its combinations but not the 45 rule or its complement in a house).
pub(crate) fn compile_one(variant: &Variant, c: &Constraint) -> Model {
    compile_set(variant, std::slice::from_ref(c))
}

/// Several constraints together, as [`compile_one`] reads one (an either/or's set).
pub(crate) fn compile_set(variant: &Variant, set: &[Constraint]) -> Model {
    let mut b = Builder::new(variant);
    for c in set {
        add(&mut b, c);
    }
    let peers = Peers::new(&b);
    cage::finish_sums(&mut b, &peers);
    renban::finish(&mut b, &peers);
    classes::finish(&mut b, &peers);
    counting::finish(&mut b, &peers);
    peers.teach(&mut b);
    b.build()
}
