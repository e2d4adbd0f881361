//! Full-rank clues: every row and column read as a number from each end (4N numbers),
//! ranked from the smallest. The 4N numbers start with every value four times (each
//! edge of the grid holds every value once), so a clue's rank fixes its first digit,
//! `ceil(rank / 4)`, and says how many of the three other numbers starting with it lie
//! below. [`FullRank`] counts, among the numbers whose first cell may hold that digit,
//! those that may and those that must lie below (and above): too few or too many is a
//! contradiction, and when the count is tight the numbers that must be in the group (or
//! out of it) have their first cell fixed (or that digit taken out), as ISS's full-rank
//! handler does. Ties ([`Ties`]): a clued number equals no other unless `any`; with
//! `none` no two numbers are equal ([`NoTies`]). The group's digit lies once along each
//! edge: where none of the group's clued numbers starts on an edge, the search may branch
//! on the digit's places there ([`crate::variant::engine::Finder`]), sooner the more
//! edges the group's clues start on (ISS's required-value candidate finders).

use numpl_core::variant::{full_rank_sides, full_rank_ties, Constraint, Outside, Ties};

use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

pub(super) fn compile(b: &mut Builder<'_>, rank: u32, side: Outside) {
    let shape = b.variant.shape();
    let entries: Vec<Vec<u16>> = full_rank_sides(shape).map(|o| o.cells(shape)).collect();
    let at = |o: Outside| {
        let cells = o.cells(shape);
        entries
            .iter()
            .position(|e| *e == cells)
            .expect("every side is a full-rank number")
    };
    let me = at(side);
    // The group's digit (0-based) and how many of the group lie below the clue's number.
    let group = (rank as usize - 1) / 4;
    let below = rank as usize - 1 - 4 * group;
    let value: Bits = 1 << group;
    b.restrict(entries[me][0], value);
    let ties_ok = full_rank_ties(b.variant) == Ties::Any;
    // Each clued number's rank (a number clued twice with two ranks cannot be). Those of
    // this clue's group are ordered against it by their ranks; the counts in `run` are of
    // the numbers without a clue.
    let mut ranks: Vec<Option<u32>> = vec![None; entries.len()];
    let mut consistent = true;
    for c in b.variant.constraints() {
        if let &Constraint::FullRank { rank: r, side: o } = c {
            let i = at(o);
            consistent &= ranks[i].is_none_or(|x| x == r);
            ranks[i] = Some(r);
        }
    }
    // The group's digit lies once along each edge: along an edge where no number of the
    // group starts, the search may branch on its places, the more the edges where one
    // does, the sooner (ISS's required-value finders).
    let n = shape.size();
    let starts: Vec<u16> = ranks
        .iter()
        .enumerate()
        .filter(|(_, r)| r.is_some_and(|r| (r as usize - 1) / 4 == group))
        .map(|(i, _)| entries[i][0])
        .collect();
    // Top row, left column, bottom row, right column (rows are the first N units).
    let geo = shape.geometry();
    let edges = [0, n, n - 1, 2 * n - 1].map(|u| geo.unit(u).to_vec());
    let clued_edges = edges
        .each_ref()
        .map(|edge| starts.iter().any(|s| edge.contains(s)));
    let multiplier = clued_edges.iter().filter(|&&e| e).count() as u32;
    for (cells, _) in edges.into_iter().zip(clued_edges).filter(|(_, c)| !c) {
        if !b
            .finders
            .iter()
            .any(|f| f.value == value && f.cells == cells)
        {
            b.finders.push(crate::variant::engine::Finder {
                cells,
                value,
                multiplier,
            });
        }
    }
    let clued: Vec<bool> = ranks.iter().map(Option::is_some).collect();
    let mut lower = Vec::new();
    let mut higher = Vec::new();
    let mut same = Vec::new();
    for (i, r) in ranks.iter().enumerate() {
        let Some(r) = *r else {
            continue;
        };
        if i == me || (r as usize - 1) / 4 != group {
            continue;
        }
        match r.cmp(&rank) {
            std::cmp::Ordering::Less => lower.push(i),
            std::cmp::Ordering::Greater => higher.push(i),
            std::cmp::Ordering::Equal => same.push(i),
        }
    }
    // Of the three others in the group: `below` lie below, the rest above (or equal,
    // where ties count).
    let below_free = below as isize - lower.len() as isize;
    let above_free = (3 - below) as isize - higher.len() as isize - same.len() as isize;
    let possible = consistent && below_free >= 0 && above_free >= 0 && (ties_ok || same.is_empty());
    b.prop(FullRank {
        all: (0..shape.cells() as u16).collect(),
        entries,
        me,
        value,
        below: below_free.max(0) as usize,
        above: above_free.max(0) as usize,
        clued,
        lower,
        higher,
        same,
        ties_ok,
        possible,
    });
}

/// The rule `none`: no two numbers are equal.
pub(super) fn compile_ties(b: &mut Builder<'_>, ties: Ties) {
    if ties == Ties::None {
        let shape = b.variant.shape();
        b.prop(NoTies {
            all: (0..shape.cells() as u16).collect(),
            entries: full_rank_sides(shape).map(|o| o.cells(shape)).collect(),
        });
    }
}

/// What a number may be against another (both starting with the same digit).
const LESS: u8 = 1;
const GREATER: u8 = 2;
const EQUAL: u8 = 4;
/// Below (above) if in the group: less (greater) and, where equal counts, not equal.
const BELOW_IF_IN: u8 = 8;
const ABOVE_IF_IN: u8 = 16;

/// Whether number `f` may be less than, greater than or equal to number `e`, both
/// starting with `first`: digit by digit from the second, while the two may still be equal
/// (a digit they may share is then used in neither later: a row holds it once).
fn compare(st: &State, f: &[u16], e: &[u16], first: Bits) -> u8 {
    let mut flags = 0;
    let mut free = !first;
    for (&x, &y) in f.iter().zip(e).skip(1) {
        let (a, b) = (st.get(x) & free, st.get(y) & free);
        if a == 0 || b == 0 {
            // The two cannot be equal up to here.
            return flags;
        }
        let (a_lo, a_hi) = (a.trailing_zeros(), 63 - a.leading_zeros());
        let (b_lo, b_hi) = (b.trailing_zeros(), 63 - b.leading_zeros());
        if a_hi > b_lo {
            flags |= GREATER;
        }
        if a_lo < b_hi {
            flags |= LESS;
        }
        let shared = a & b;
        if shared == 0 {
            return flags;
        }
        if flags & (LESS | GREATER) == LESS | GREATER {
            return flags | EQUAL;
        }
        free &= !shared;
    }
    flags | EQUAL
}

/// One full-rank clue.
struct FullRank {
    all: Vec<u16>,
    /// Every number's cells, from the end it is read from.
    entries: Vec<Vec<u16>>,
    /// The clue's number.
    me: usize,
    /// Its first digit (a bit).
    value: Bits,
    /// How many of the numbers without a clue that start with that digit lie below it,
    /// and above it (or, where ties count, at most that many above).
    below: usize,
    above: usize,
    /// The numbers with a clue (their own propagators count them).
    clued: Vec<bool>,
    /// The clued numbers of the same group with a lower (higher) rank.
    lower: Vec<usize>,
    higher: Vec<usize>,
    /// The clued numbers of the same rank: equal to it (ties allowed; else impossible).
    same: Vec<usize>,
    /// Whether the clue's number may equal another ([`Ties::Any`]).
    ties_ok: bool,
    /// False when the clues of its group cannot all hold (too many below or above it).
    possible: bool,
}

/// Number `low` lies strictly below `high`, both starting with the same digit: at the
/// first place where they are not both fixed and equal, `low`'s digit is at most
/// `high`'s greatest and `high`'s at least `low`'s least (ISS's ordered pair).
fn order(st: &mut State, low: &[u16], high: &[u16]) -> Result<(), Contradiction> {
    let mut free = !(st.get(low[0]) & st.get(high[0]));
    for (&x, &y) in low.iter().zip(high).skip(1) {
        let (mut lo, mut hi) = (st.get(x) & free, st.get(y) & free);
        if lo == 0 || hi == 0 {
            return Err(Contradiction);
        }
        if lo == hi && lo & (lo - 1) == 0 {
            free &= !lo;
            continue;
        }
        let top = 63 - hi.leading_zeros();
        lo &= if top == 63 { !0 } else { (2 << top) - 1 };
        if lo == 0 {
            return Err(Contradiction);
        }
        hi &= !((lo & lo.wrapping_neg()) - 1);
        st.restrict(x, lo)?;
        st.restrict(y, hi)?;
        if !(lo == hi && lo & (lo - 1) == 0) {
            return Ok(());
        }
        free &= !lo;
    }
    // Equal throughout: not below.
    Err(Contradiction)
}

impl Prop for FullRank {
    fn watches(&self) -> &[u16] {
        &self.all
    }

    fn expensive(&self) -> bool {
        true
    }

    fn weight(&self, _n: usize) -> u32 {
        // Every cell is watched, alike: no weight of its own for the search. (Weighing the
        // edges' cells more took "Full rank - 6 clue snipe" from 75k nodes to 91k, the
        // others up too; branching on where a group's digit lies along an edge, as ISS
        // does, took it to 943: `compile`'s finders.)
        0
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        if !self.possible {
            return Err(Contradiction);
        }
        let e = &self.entries[self.me];
        for &g in &self.lower {
            order(st, &self.entries[g], e)?;
        }
        for &g in &self.higher {
            order(st, e, &self.entries[g])?;
        }
        // Two clues of one rank are the same number, digit by digit.
        for &g in &self.same {
            for (&x, &y) in e.iter().zip(&self.entries[g]) {
                let both = st.get(x) & st.get(y);
                st.restrict(x, both)?;
                st.restrict(y, both)?;
            }
        }
        let (below, above) = (self.below, self.above);
        // For each number without a clue that may start with the digit: whether it does,
        // and whether it may or must lie below (above) if it does.
        let mut seen: Vec<(usize, bool, u8)> = Vec::with_capacity(self.entries.len());
        let (mut maybe_less, mut must_less, mut maybe_greater, mut must_greater) = (0, 0, 0, 0);
        for (i, f) in self.entries.iter().enumerate() {
            let head = st.get(f[0]);
            if self.clued[i] || head & self.value == 0 {
                continue;
            }
            let fixed = head == self.value;
            let flags = compare(st, f, e, self.value);
            if !self.ties_ok && fixed && flags == EQUAL {
                return Err(Contradiction);
            }
            // Equal counts as neither below nor above, where a clue may tie.
            let eq = self.ties_ok && flags & EQUAL != 0;
            let less_only = flags & LESS != 0 && flags & GREATER == 0 && !eq;
            let greater_only = flags & GREATER != 0 && flags & LESS == 0 && !eq;
            if flags & LESS != 0 {
                maybe_less += 1;
                must_less += usize::from(fixed && less_only);
            }
            if flags & GREATER != 0 {
                maybe_greater += 1;
                must_greater += usize::from(fixed && greater_only);
            }
            let sure = if less_only { BELOW_IF_IN } else { 0 }
                | if greater_only { ABOVE_IF_IN } else { 0 };
            seen.push((i, fixed, flags | sure));
        }
        if maybe_less < below || must_less > below || must_greater > above {
            return Err(Contradiction);
        }
        if !self.ties_ok && maybe_greater < above {
            return Err(Contradiction);
        }
        let both = LESS | GREATER;
        for &(i, fixed, flags) in &seen {
            let f = &self.entries[i];
            // All that may lie below are needed below: in the group, and below.
            if maybe_less == below && must_less < below && flags & LESS != 0 {
                st.restrict(f[0], self.value)?;
                if flags & both == both {
                    order(st, f, e)?;
                }
            }
            if !self.ties_ok
                && maybe_greater == above
                && must_greater < above
                && flags & GREATER != 0
            {
                st.restrict(f[0], self.value)?;
                if flags & both == both {
                    order(st, e, f)?;
                }
            }
            // The places below (above) are taken: a number that would lie below (above)
            // starts with another digit, and one in the group that may lie either way
            // lies above (below), where it cannot equal the clue's.
            if must_less == below {
                if !fixed && flags & BELOW_IF_IN != 0 {
                    st.restrict(f[0], !self.value)?;
                }
                if fixed && !self.ties_ok && flags & both == both {
                    order(st, e, f)?;
                }
            }
            if must_greater == above {
                if !fixed && flags & ABOVE_IF_IN != 0 {
                    st.restrict(f[0], !self.value)?;
                }
                if fixed && !self.ties_ok && flags & both == both {
                    order(st, f, e)?;
                }
            }
        }
        Ok(())
    }
}

/// No two full-rank numbers are equal: two numbers whose cells are all fixed differ.
struct NoTies {
    all: Vec<u16>,
    entries: Vec<Vec<u16>>,
}

impl Prop for NoTies {
    fn watches(&self) -> &[u16] {
        &self.all
    }

    fn expensive(&self) -> bool {
        true
    }

    fn weight(&self, _n: usize) -> u32 {
        0
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let mut fixed: Vec<Vec<Bits>> = self
            .entries
            .iter()
            .map(|e| e.iter().map(|&c| st.get(c)).collect::<Vec<Bits>>())
            .filter(|d| d.iter().all(|&m| m & (m - 1) == 0))
            .collect();
        fixed.sort_unstable();
        if fixed.windows(2).any(|w| w[0] == w[1]) {
            return Err(Contradiction);
        }
        Ok(())
    }
}
