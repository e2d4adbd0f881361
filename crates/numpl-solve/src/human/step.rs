//! One logical step and its player-readable description.

use std::fmt::Write;

use numpl_core::{Cell, Mask, Shape, Unit};

use super::Technique;

/// A candidate of a chain: a value in a cell (or, for grouped chains, in one of a group of
/// cells), and whether the chain makes it true (`on`) or false at that point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainNode {
    /// The cell (the first cell of a group).
    pub cell: Cell,
    /// The other cells of a group node; empty for a single candidate.
    pub group: Vec<Cell>,
    /// The value.
    pub value: u8,
    /// True if the chain sets the candidate, false if it removes it.
    pub on: bool,
}

/// What kind of pattern a step is, within its technique ([`Step::variant`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Variant {
    /// The technique has no variants.
    #[default]
    None,
    /// A numbered type: unique rectangle types 1 to 6; simple and multi colors type 1
    /// (color trap) and 2 (color wrap); kraken fish types 1 (from the fins) and 2 (from a
    /// cover set and each fin).
    Type(u8),
    /// How a forcing chain or net proves its conclusion.
    Forcing(ForcingKind),
}

impl Variant {
    /// The number of a numbered type, or of a forcing kind ([`ForcingKind::number`]); 0
    /// when none.
    pub const fn number(self) -> u8 {
        match self {
            Variant::None => 0,
            Variant::Type(k) => k,
            Variant::Forcing(k) => k.number(),
        }
    }
}

/// How a forcing chain or net proves its conclusion: how its premise fails
/// (contradiction) or what proves a verity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ForcingKind {
    /// The premise implies its own negation.
    SelfNegation,
    /// A candidate both true and false (the cell in [`Step::extra`]).
    Both,
    /// Two values in one cell (the cell in [`Step::extra`]).
    TwoValues,
    /// A value twice in a unit (the unit in [`Step::units`]).
    Twice,
    /// A cell with every candidate false (the cell in [`Step::extra`]).
    EmptyCell,
    /// A unit with every place of a value false (the unit in [`Step::units`]).
    NoPlace,
    /// A candidate true and the same candidate false imply the same.
    OnOff,
    /// Every candidate of a cell implies the same.
    Cell,
    /// Every place of a value in a unit implies the same (the unit in [`Step::units`]).
    Unit,
    /// Grids beyond 16x16: a candidate leads to a contradiction.
    BigContradiction,
    /// Grids beyond 16x16: every other candidate of a cell leads to a contradiction.
    BigLast,
}

impl ForcingKind {
    /// Its number, 1 to 11 in the order declared.
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    /// Whether the step is a contradiction (else a verity).
    pub const fn is_contradiction(self) -> bool {
        !matches!(
            self,
            ForcingKind::OnOff | ForcingKind::Cell | ForcingKind::Unit
        )
    }
}

/// One logical step. Its fields are public to read; a step is made by the solver (or,
/// outside the crate, [`Step::new`] and then its fields set).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Values placed: (cell, value).
    pub placements: Vec<(Cell, u8)>,
    /// Candidates removed: (cell, value).
    pub eliminations: Vec<(Cell, u8)>,
    /// The cells of the pattern (for wings: pivot first; for fish: the base cells).
    pub cells: Vec<Cell>,
    /// The units of the pattern (for fish: base units, then cover units).
    pub units: Vec<Unit>,
    /// The values of the pattern.
    pub values: Mask,
    /// The candidates each cell of `cells` had when the step was found.
    pub cell_candidates: Vec<Mask>,
    /// Fins of a finned fish; the extra cells of a pattern (e.g. UR roof, BUG cell).
    pub extra: Vec<Cell>,
    /// The chain of a chain technique, first node first.
    pub chain: Vec<ChainNode>,
    /// The kind of pattern within the technique (unique rectangle type, multi colors
    /// type, how a forcing chain proves its conclusion ...), [`Variant::None`] when none.
    pub variant: Variant,
    /// Groups of cells of the pattern, e.g. the almost locked sets (pivot first for
    /// ALS-XY-Wing) with their candidates.
    pub groups: Vec<(Vec<Cell>, Mask)>,
}

impl Step {
    /// An empty step of `technique`: nothing placed or removed, no pattern.
    pub fn new(technique: Technique) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            units: Vec::new(),
            values: Mask::EMPTY,
            cell_candidates: Vec::new(),
            extra: Vec::new(),
            chain: Vec::new(),
            variant: Variant::None,
            groups: Vec::new(),
        }
    }

    /// A sentence a player understands, e.g.
    /// `XY-Wing: pivot r2c4 {5,8}, pincers r2c9 {8,9}, r5c4 {5,9} => r5c9 <> 9`.
    pub fn describe(&self, shape: Shape) -> String {
        use Technique::*;
        let cn = |c: Cell| shape.cell_name(c);
        let un = |u: Unit| shape.unit_name(u);
        let cells_with = |i: usize| -> String {
            let c = self.cells[i];
            match self.cell_candidates.get(i) {
                Some(m) => format!("{} {}", cn(c), m),
                None => cn(c),
            }
        };
        let list = |cells: &[Cell]| cells.iter().map(|&c| cn(c)).collect::<Vec<_>>().join(", ");
        let vals = |m: Mask| {
            m.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        let title = self.technique.title();
        let mut s = String::new();
        match self.technique {
            FullHouse | NakedSingle | HiddenSingle => {
                let (c, v) = self
                    .placements
                    .first()
                    .copied()
                    .unwrap_or((Cell::new(0), 0));
                let why = match (self.technique, self.units.first()) {
                    (FullHouse, Some(&u)) => format!("last open cell of {}", un(u)),
                    (HiddenSingle, Some(&u)) => format!("only place for {v} in {}", un(u)),
                    _ => "only candidate left".to_string(),
                };
                let _ = write!(s, "{title}: {} = {v} ({why})", cn(c));
                return s;
            }
            BruteForce => {
                let (c, v) = self
                    .placements
                    .first()
                    .copied()
                    .unwrap_or((Cell::new(0), 0));
                let _ = write!(
                    s,
                    "{title}: {} = {v} (the solution's value; no logical step applies)",
                    cn(c)
                );
                return s;
            }
            LockedCandidatesPointing | LockedCandidatesClaiming => {
                let v = vals(self.values);
                let (a, b) = (self.units.first().copied(), self.units.get(1).copied());
                if let (Some(a), Some(b)) = (a, b) {
                    let _ = write!(s, "{title}: {v} in {} is confined to {}", un(a), un(b));
                }
            }
            LockedPair | LockedTriple | NakedTuple(_) => {
                let _ = write!(s, "{title}: {} {}", list(&self.cells), self.values);
                if !self.units.is_empty() {
                    let us: Vec<String> = self.units.iter().map(|&u| un(u)).collect();
                    let _ = write!(s, " in {}", us.join(" and "));
                }
            }
            HiddenTuple(_) => {
                let _ = write!(s, "{title}: {} only in {}", self.values, list(&self.cells));
                if let Some(&u) = self.units.first() {
                    let _ = write!(s, " of {}", un(u));
                }
            }
            Fish(k) | FinnedFish(k) | SashimiFish(k) => {
                let k = k as usize;
                let base: Vec<String> = self.units.iter().take(k).map(|&u| un(u)).collect();
                let cover: Vec<String> = self.units.iter().skip(k).map(|&u| un(u)).collect();
                let _ = write!(
                    s,
                    "{title}: {} in {} covered by {}",
                    vals(self.values),
                    base.join(", "),
                    cover.join(", ")
                );
                if !self.extra.is_empty() {
                    let _ = write!(s, ", fins {}", list(&self.extra));
                }
            }
            FrankenFish(_) | FinnedFrankenFish(_) | MutantFish(_) | FinnedMutantFish(_) => {
                let _ = write!(s, "{title}: {}", self.fish_text(shape));
            }
            KrakenFish => {
                let target = self
                    .eliminations
                    .first()
                    .map(|&(c, v)| format!("{} <> {v}", cn(c)))
                    .unwrap_or_default();
                let _ = write!(
                    s,
                    "{title} type {}: {} {}",
                    self.variant.number(),
                    self.fish_name(shape),
                    self.fish_text(shape)
                );
                let from = match self.groups.first() {
                    Some((cells, _)) if self.variant == Variant::Type(2) => {
                        format!("{} of the cover set ({})", vals(self.values), list(cells))
                    }
                    _ => "fin".to_string(),
                };
                let more = if self.variant == Variant::Type(2) {
                    " and each fin"
                } else {
                    ""
                };
                let _ = write!(s, "; each {from}{more} leads to {target}");
                for (i, part) in self.chain_branches().into_iter().enumerate() {
                    s.push_str(if i == 0 { ": " } else { "; " });
                    s.push_str(&chain_text(shape, part));
                }
            }
            XyWing | XyzWing => {
                if self.cells.len() >= 3 {
                    let _ = write!(
                        s,
                        "{title}: pivot {}, pincers {}, {}",
                        cells_with(0),
                        cells_with(1),
                        cells_with(2)
                    );
                }
            }
            WWing => {
                if self.cells.len() >= 4 {
                    let _ = write!(
                        s,
                        "{title}: {} and {}, joined by the strong link {} - {}",
                        cells_with(0),
                        cells_with(1),
                        cn(self.cells[2]),
                        cn(self.cells[3])
                    );
                }
            }
            Skyscraper | TwoStringKite | TurbotFish | EmptyRectangle => {
                let _ = write!(s, "{title}: {} in {}", vals(self.values), list(&self.cells));
                if !self.units.is_empty() {
                    let us: Vec<String> = self.units.iter().map(|&u| un(u)).collect();
                    let _ = write!(s, " ({})", us.join(", "));
                }
            }
            HiddenRectangle => {
                let _ = write!(s, "{title}: {} in {}", self.values, list(&self.cells));
                if self.units.len() == 2 {
                    let _ = write!(
                        s,
                        " (first value only in the rectangle in {} and {})",
                        un(self.units[0]),
                        un(self.units[1])
                    );
                }
            }
            UniqueRectangle => {
                let _ = write!(
                    s,
                    "{title} type {}: {} in {}",
                    self.variant.number(),
                    self.values,
                    list(&self.cells)
                );
            }
            SueDeCoq => {
                let parts: Vec<String> = self
                    .groups
                    .iter()
                    .map(|(cells, m)| format!("{} {}", list(cells), m))
                    .collect();
                let us: Vec<String> = self.units.iter().map(|&u| un(u)).collect();
                let _ = write!(s, "{title}: {} in {}", parts.join(" + "), us.join(" and "));
            }
            AlsXz | AlsXyWing => {
                let sets: Vec<String> = self
                    .groups
                    .iter()
                    .map(|(cells, m)| format!("{} {}", list(cells), m))
                    .collect();
                let names: &[&str] = if self.technique == AlsXz {
                    &["A", "B"]
                } else {
                    &["pivot", "A", "B"]
                };
                let parts: Vec<String> = sets
                    .iter()
                    .zip(names)
                    .map(|(s, n)| format!("{n} = {s}"))
                    .collect();
                let _ = write!(
                    s,
                    "{title}: {}, restricted common {}",
                    parts.join("; "),
                    vals(self.values)
                );
            }
            AlsXyChain => {
                let sets: Vec<String> = self
                    .groups
                    .iter()
                    .map(|(cells, m)| format!("{} {}", list(cells), m))
                    .collect();
                let _ = write!(
                    s,
                    "{title}: {}, restricted common {}",
                    sets.join(" - "),
                    vals(self.values)
                );
            }
            DeathBlossom => {
                // One petal per stem candidate, in the candidates' order.
                let stem = self.cell_candidates.first().copied().unwrap_or(Mask::EMPTY);
                let petals: Vec<String> = self
                    .groups
                    .iter()
                    .zip(stem.iter())
                    .map(|((cells, m), v)| format!("{v}: {} {}", list(cells), m))
                    .collect();
                let _ = write!(
                    s,
                    "{title}: stem {}, petals {}; {} in every petal",
                    cells_with(0),
                    petals.join(", "),
                    vals(self.values)
                );
            }
            ForcingChain | ForcingNet => forcing_text(self, shape, &mut s),
            BugPlusOne => {
                let _ = write!(s, "{title}: every other open cell is bivalue");
                if let Some(&c) = self.extra.first() {
                    let _ = write!(s, "; {} must hold the value seen three times", cn(c));
                }
            }
            _ => {
                let _ = write!(s, "{title}:");
                if !self.chain.is_empty() {
                    s.push(' ');
                    s.push_str(&chain_text(shape, &self.chain));
                } else {
                    let _ = write!(s, " {}", list(&self.cells));
                    if !self.values.is_empty() {
                        let _ = write!(s, " {}", self.values);
                    }
                }
            }
        }
        s.push_str(" => ");
        s.push_str(&self.conclusions(shape));
        s
    }

    /// The branches of the step's chain: for a forcing chain or net, one per premise (a
    /// contradiction's branches all start from its one premise), each from its premise to
    /// what it implies; any other chain is a single branch.
    pub fn chain_branches(&self) -> Vec<&[ChainNode]> {
        if self.chain.is_empty() {
            return Vec::new();
        }
        if self.technique == Technique::KrakenFish {
            return self.kraken_chains();
        }
        if !matches!(
            self.technique,
            Technique::ForcingChain | Technique::ForcingNet
        ) {
            return vec![&self.chain[..]];
        }
        let first_on = self.chain[0].on;
        let premise = |x: &ChainNode| {
            self.cells.contains(&x.cell)
                && self.values.contains(x.value)
                && (self.variant == Variant::Forcing(ForcingKind::OnOff) || x.on == first_on)
        };
        let mut out = Vec::new();
        let mut start = 0;
        for i in 1..self.chain.len() {
            if premise(&self.chain[i]) {
                out.push(&self.chain[start..i]);
                start = i;
            }
        }
        out.push(&self.chain[start..]);
        out
    }

    /// A kraken fish's chains: one per fin (and, type 2, per base candidate of its cover
    /// set), each ending where it removes the eliminated candidate.
    fn kraken_chains(&self) -> Vec<&[ChainNode]> {
        let mut out = Vec::new();
        let mut start = 0;
        for (i, node) in self.chain.iter().enumerate() {
            if !node.on && self.eliminations.contains(&(node.cell, node.value)) {
                out.push(&self.chain[start..=i]);
                start = i + 1;
            }
        }
        if start < self.chain.len() {
            out.push(&self.chain[start..]);
        }
        out
    }

    /// A generalized fish's base and cover sets and fins: `3 in row 1, box 7 covered by
    /// column 2, column 5, fins r5c9, endo fin r7c2`.
    fn fish_text(&self, shape: Shape) -> String {
        let k = self.units.len() / 2;
        let un = |u: &Unit| shape.unit_name(*u);
        let base: Vec<String> = self.units[..k].iter().map(un).collect();
        let cover: Vec<String> = self.units[k..].iter().map(un).collect();
        let vals: Vec<String> = self.values.iter().map(|v| v.to_string()).collect();
        let mut s = format!(
            "{} in {} covered by {}",
            vals.join(","),
            base.join(", "),
            cover.join(", ")
        );
        // An endo fin lies in two base sets.
        let geo = shape.geometry();
        let base_units: Vec<usize> = self.units[..k].iter().map(|u| u.index()).collect();
        let (endo, fins): (Vec<Cell>, Vec<Cell>) = self.extra.iter().partition(|c| {
            geo.units_of(c.index())
                .iter()
                .filter(|&&u| base_units.contains(&(u as usize)))
                .count()
                >= 2
        });
        let names = |cs: &[Cell]| cs.iter().map(|&c| shape.cell_name(c)).collect::<Vec<_>>();
        for (list, one, many) in [(&fins, "fin", "fins"), (&endo, "endo fin", "endo fins")] {
            if !list.is_empty() {
                let word = if list.len() == 1 { one } else { many };
                let _ = write!(s, ", {word} {}", names(list).join(", "));
            }
        }
        s
    }

    /// The kind of fish a kraken fish starts from: `Finned X-Wing`, `Sashimi Swordfish`,
    /// `Finned Franken Jellyfish` ...
    fn fish_name(&self, shape: Shape) -> String {
        let n = shape.size();
        let k = self.units.len() / 2;
        let bits = |us: &[Unit]| {
            us.iter()
                .fold(0u8, |a, u| a | [1u8, 2, 4][(u.index() / n).min(2)])
        };
        let kind = super::techniques::fish::franken::classify(
            bits(&self.units[..k]),
            bits(&self.units[k..]),
        );
        let size = k.clamp(2, 4) as u8;
        match kind {
            super::techniques::fish::franken::Kind::Basic => {
                // Sashimi: a base set with at most one candidate besides fins.
                let geo = shape.geometry();
                let sashimi = self.units[..k].iter().any(|u| {
                    self.cells
                        .iter()
                        .filter(|c| geo.units_of(c.index()).contains(&(u.index() as u16)))
                        .count()
                        <= 1
                });
                if sashimi {
                    Technique::SashimiFish(size).title().into_owned()
                } else {
                    Technique::FinnedFish(size).title().into_owned()
                }
            }
            super::techniques::fish::franken::Kind::Franken => {
                Technique::FinnedFrankenFish(size).title().into_owned()
            }
            super::techniques::fish::franken::Kind::Mutant => {
                Technique::FinnedMutantFish(size).title().into_owned()
            }
        }
    }

    /// The placements and eliminations, e.g. `r1c1 = 5, r2c3, r2c5 <> 4, r7c7 <> 1/8`:
    /// eliminations grouped by value, and values removed from the same cells together.
    pub fn conclusions(&self, shape: Shape) -> String {
        conclusions(shape, &self.placements, &self.eliminations)
    }
}

/// Placements and eliminations in words, e.g. `r1c1 = 5, r2c3, r2c5 <> 4, r7c7 <> 1/8`:
/// eliminations grouped by value, and values removed from the same cells together (the
/// variant solver's steps are written the same way).
pub(crate) fn conclusions(
    shape: Shape,
    placements: &[(Cell, u8)],
    eliminations: &[(Cell, u8)],
) -> String {
    let mut parts: Vec<String> = placements
        .iter()
        .map(|&(c, v)| format!("{} = {v}", shape.cell_name(c)))
        .collect();
    let mut values: Vec<u8> = eliminations.iter().map(|&(_, v)| v).collect();
    values.sort_unstable();
    values.dedup();
    // Values removed from the same cells are written together: `r5c9 <> 2/5/6`.
    let mut groups: Vec<(String, Vec<u8>)> = Vec::new();
    for v in values {
        let mut cells: Vec<Cell> = eliminations
            .iter()
            .filter(|&&(_, w)| w == v)
            .map(|&(c, _)| c)
            .collect();
        cells.sort_unstable();
        let names: Vec<String> = cells.iter().map(|&c| shape.cell_name(c)).collect();
        let key = names.join(", ");
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, vs)) => vs.push(v),
            None => groups.push((key, vec![v])),
        }
    }
    for (cells, vs) in groups {
        let vs: Vec<String> = vs.iter().map(|v| v.to_string()).collect();
        parts.push(format!("{cells} <> {}", vs.join("/")));
    }
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(", ")
    }
}

/// A forcing chain or net: what was assumed, and how it failed (contradiction) or what
/// all the premises agree on (verity).
fn forcing_text(step: &Step, shape: Shape, s: &mut String) {
    use ForcingKind as K;
    let cn = |c: Cell| shape.cell_name(c);
    let title = step.technique.title();
    let c0 = step.cells.first().map(|&c| cn(c)).unwrap_or_default();
    let v0 = step.values.first().unwrap_or(0);
    let unit = step
        .units
        .first()
        .map(|&u| shape.unit_name(u))
        .unwrap_or_default();
    let at = step.extra.first().map(|&c| cn(c)).unwrap_or_default();
    let premise = match step.chain.first() {
        Some(p) if !p.on => format!("{c0} <> {v0}"),
        _ => format!("{c0} = {v0}"),
    };
    // The value a contradiction's branches end on (the last node of the first branch).
    let branches = step.chain_branches();
    let end = branches
        .first()
        .and_then(|b| b.last())
        .map(|x| x.value)
        .unwrap_or(0);
    let kind = match step.variant {
        Variant::Forcing(k) => Some(k),
        _ => None,
    };
    let why = match kind {
        Some(K::SelfNegation) => Some(format!(
            "{c0} {} {v0} as well",
            if premise.contains("<>") { "=" } else { "<>" }
        )),
        Some(K::Both) => Some(format!("{at} both = {end} and <> {end}")),
        Some(K::TwoValues) => Some(format!("two values in {at}")),
        Some(K::Twice) => Some(format!("{end} twice in {unit}")),
        Some(K::EmptyCell) => Some(format!("no candidate left in {at}")),
        Some(K::NoPlace) => Some(format!("no place left for {end} in {unit}")),
        Some(K::BigContradiction) => Some("a contradiction".to_string()),
        _ => None,
    };
    let _ = match (kind, why) {
        (_, Some(why)) => write!(s, "{title} (contradiction): {premise} leads to {why}"),
        (Some(K::OnOff), None) => write!(
            s,
            "{title} (verity): {c0} = {v0} and {c0} <> {v0} lead to the same"
        ),
        (Some(K::Cell), None) => write!(
            s,
            "{title} (verity): each candidate {} of {c0} leads to the same",
            step.values
        ),
        (Some(K::Unit), None) => {
            let cells: Vec<String> = step.cells.iter().map(|&c| cn(c)).collect();
            write!(
                s,
                "{title} (verity): each place of {v0} in {unit} ({}) leads to the same",
                cells.join(", ")
            )
        }
        (Some(K::BigLast), None) => write!(
            s,
            "{title} (contradiction): every other candidate of {c0} leads to a contradiction"
        ),
        _ => write!(s, "{title}"),
    };
}

/// `(5)r1c2 = (5)r1c8 - (5)r4c8 = ...`: `=` before a node made true, `-` before a node made false.
fn chain_text(shape: Shape, chain: &[ChainNode]) -> String {
    let mut s = String::new();
    for (i, node) in chain.iter().enumerate() {
        if i > 0 {
            s.push_str(if node.on { " = " } else { " - " });
        }
        let _ = write!(s, "({}){}", node.value, shape.cell_name(node.cell));
        for &c in &node.group {
            let _ = write!(s, "/{}", shape.cell_name(c));
        }
    }
    s
}
