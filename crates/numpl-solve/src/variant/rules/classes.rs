//! Rules on classes of values: entropic lines (the values in thirds: every three cells in
//! a row along the line hold one of each), modular lines (every `m` cells in a row hold
//! `m` different remainders modulo `m`), and every 2x2 block holding each third (global
//! entropy) or each remainder modulo 3 (global modular).
//!
//! Cells of a window that must differ in class are pair relations; each window (each 2x2
//! block) is also a propagator that, over at most four cells, tries every way of giving
//! its cells classes (each cell a class it has a value of): distinct for a window, every
//! class present in a block, and each cell keeps the values of the classes some way gives
//! it; where every class must be present, a class with one value left among the cells
//! has that value in the set, and the cells outside seeing all its places lose it. A
//! longer window as long as the classes are many puts a class with one place left there.

use numpl_core::variant::{blocks_2x2, remainders, thirds};

use super::{required, Builder, Peers};
use crate::variant::engine::{Bits, Contradiction, Prop, State};

/// A window or block waiting for the peers (to know which cells see its cells).
pub(crate) struct Pending {
    cells: Vec<u16>,
    classes: Vec<Bits>,
    distinct: bool,
}

/// The windows and blocks as propagators, each knowing what its cells see outside it.
pub(super) fn finish(b: &mut Builder<'_>, peers: &Peers) {
    for p in std::mem::take(&mut b.class_sets) {
        let seen = peers.outside(&p.cells);
        b.prop(ClassSet {
            cells: p.cells,
            classes: p.classes,
            distinct: p.distinct,
            seen,
        });
    }
}

/// A line whose every `classes.len()` cells in a row differ in class.
pub(super) fn compile_line(b: &mut Builder<'_>, cells: &[u16], classes: Vec<Vec<u8>>) {
    let size = classes.len().min(cells.len());
    let masks = masks(&classes);
    let class_of = class_table(b.n, &masks);
    // The classes are of the grid's values 1..N (from 0, the puzzle's thirds and
    // remainders fall on the same sets of cells' values); the relation reads the
    // puzzle's.
    let off = b.off() as usize;
    for (i, &a) in cells.iter().enumerate() {
        for &c in &cells[i + 1..(i + size).min(cells.len())] {
            b.relation(a, c, |x, y| {
                class_of[x as usize + off] != class_of[y as usize + off]
            });
        }
    }
    for window in cells.windows(size) {
        b.class_sets.push(Pending {
            cells: window.to_vec(),
            classes: masks.clone(),
            distinct: true,
        });
    }
}

/// Every 2x2 block holds each class.
pub(super) fn compile_global(b: &mut Builder<'_>, classes: Vec<Vec<u8>>) {
    let masks = masks(&classes);
    for block in blocks_2x2(b.variant.shape()) {
        b.class_sets.push(Pending {
            cells: block.to_vec(),
            classes: masks.clone(),
            distinct: false,
        });
    }
}

/// The entropic rules' classes (thirds), the modular ones' (remainders).
pub(super) fn entropic(n: usize) -> Vec<Vec<u8>> {
    thirds(n).unwrap_or_default()
}

pub(super) fn modular(n: usize, m: usize) -> Vec<Vec<u8>> {
    remainders(n, m)
}

fn masks(classes: &[Vec<u8>]) -> Vec<Bits> {
    classes
        .iter()
        .map(|k| k.iter().fold(0, |m, &v| m | 1 << (v - 1)))
        .collect()
}

/// Each value's class (index 0 unused: values are 1-based).
fn class_table(n: usize, masks: &[Bits]) -> Vec<usize> {
    (0..=n)
        .map(|v| {
            if v == 0 {
                usize::MAX
            } else {
                masks
                    .iter()
                    .position(|&m| m >> (v - 1) & 1 != 0)
                    .unwrap_or(usize::MAX)
            }
        })
        .collect()
}

struct ClassSet {
    cells: Vec<u16>,
    classes: Vec<Bits>,
    /// A window: the cells' classes differ (else a block: every class present).
    distinct: bool,
    /// What each cell sees outside the set ([`Peers::outside`]).
    seen: Vec<Vec<u64>>,
}

impl ClassSet {
    /// Tries every class for cells `i..` (`used`: the classes given so far, `chosen`
    /// each cell's), adding what each complete way allows to `keep`.
    fn go(&self, m: &[Bits], i: usize, used: u32, chosen: &mut [usize; 4], keep: &mut [Bits; 4]) {
        let k = self.classes.len();
        if i == m.len() {
            let complete = used.count_ones() as usize == k.min(m.len());
            if complete {
                for (j, &c) in chosen[..m.len()].iter().enumerate() {
                    keep[j] |= m[j] & self.classes[c];
                }
            }
            return;
        }
        for c in 0..k {
            if (self.distinct && used >> c & 1 != 0) || m[i] & self.classes[c] == 0 {
                continue;
            }
            chosen[i] = c;
            self.go(m, i + 1, used | 1 << c, chosen, keep);
        }
    }
}

impl Prop for ClassSet {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let m: Vec<Bits> = self.cells.iter().map(|&c| st.get(c)).collect();
        if m.len() <= 4 && self.classes.len() <= 32 {
            let mut keep = [0 as Bits; 4];
            self.go(&m, 0, 0, &mut [0; 4], &mut keep);
            for (j, &c) in self.cells.iter().enumerate() {
                st.restrict(c, keep[j])?;
            }
            // A class present with one value left among the cells: that value is in the
            // set, so the cells seeing all its places lose it (as ISS's 2x2 handlers).
            if m.len() >= self.classes.len() {
                let mut any: Bits = 0;
                for &c in &self.cells {
                    any |= st.get(c);
                }
                let mut need: Bits = 0;
                for &class in &self.classes {
                    let left = any & class;
                    if left.count_ones() == 1 {
                        need |= left;
                    }
                }
                required(st, &self.cells, &self.seen, need)?;
            }
            return Ok(());
        }
        // A longer window (a modular line of 5 or more): where it is as long as the
        // classes are many, each class once; one with one place left goes there. (Its
        // cells' pair relations keep their classes apart.)
        if m.len() != self.classes.len() {
            return Ok(());
        }
        for &class in &self.classes {
            let places: Vec<u16> = self
                .cells
                .iter()
                .copied()
                .filter(|&c| st.get(c) & class != 0)
                .collect();
            match places[..] {
                [] => return Err(Contradiction),
                [only] => st.restrict(only, class)?,
                _ => {}
            }
        }
        Ok(())
    }
}
