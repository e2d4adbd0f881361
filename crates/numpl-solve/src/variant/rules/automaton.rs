//! Lines read by an automaton: regex lines and ISS's state machines (`NFA`). The values
//! along the line, in order, must form a word the automaton accepts (core's
//! [`Automaton`]); a line of several segments reads a break symbol between them (ISS's
//! segment break, the place after the last value).
//!
//! Narrowed as Pesant's regular constraint (2004): the states reachable from a start
//! state after each place (forward), then those of them from which an accepting state is
//! still reachable (backward); a cell keeps the values of the moves between the two.
//! ISS's NFA handler does the same.

use numpl_core::variant::automaton::Automaton;

use super::Builder;
use crate::variant::engine::{Bits, Contradiction, Prop, State};

/// A place of the word: a cell, or the break between two segments.
#[derive(Clone, Copy)]
enum Place {
    Cell(u16),
    Break,
}

pub(super) fn compile(b: &mut Builder<'_>, automaton: &Automaton, segments: &[Vec<u16>]) {
    let mut places = Vec::new();
    for (k, seg) in segments.iter().enumerate() {
        if k > 0 {
            places.push(Place::Break);
        }
        places.extend(seg.iter().map(|&c| Place::Cell(c)));
    }
    let mut cells: Vec<u16> = segments.iter().flatten().copied().collect();
    cells.sort_unstable();
    cells.dedup();
    let words = (automaton.states as usize).div_ceil(64).max(1);
    let set = |list: &[u32]| {
        let mut s = vec![0u64; words];
        for &x in list {
            s[x as usize / 64] |= 1 << (x % 64);
        }
        s
    };
    b.prop(Line {
        start: set(&automaton.start),
        accept: set(&automaton.accept),
        moves: automaton.moves.clone(),
        words,
        brk: 1 << b.n,
        places,
        cells,
    });
}

struct Line {
    /// The start and accepting states as bitsets of `words` words.
    start: Vec<u64>,
    accept: Vec<u64>,
    /// The automaton's moves `(from, values, to)` (values by place; bit `n` the break).
    moves: Vec<(u32, u64, u32)>,
    words: usize,
    /// The break's symbol (bit `n`).
    brk: u64,
    places: Vec<Place>,
    /// The line's cells, each once.
    cells: Vec<u16>,
}

#[inline]
fn has(set: &[u64], s: u32) -> bool {
    set[s as usize / 64] >> (s % 64) & 1 == 1
}

impl Prop for Line {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn expensive(&self) -> bool {
        true
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        let (w, k) = (self.words, self.places.len());
        let symbols = |st: &State, p: Place| -> Bits {
            match p {
                Place::Cell(c) => st.get(c),
                Place::Break => self.brk,
            }
        };
        // reach[i]: the states some word of the first i places' candidates leads to.
        let mut reach = vec![0u64; (k + 1) * w];
        reach[..w].copy_from_slice(&self.start);
        for (i, &p) in self.places.iter().enumerate() {
            let m = symbols(st, p);
            let (now, next) = reach[i * w..(i + 2) * w].split_at_mut(w);
            let mut any = 0;
            for &(a, vals, b) in &self.moves {
                if vals & m != 0 && has(now, a) {
                    next[b as usize / 64] |= 1 << (b % 64);
                    any = 1;
                }
            }
            if any == 0 {
                return Err(Contradiction);
            }
        }
        // Backward: the states after place i that still reach an accepting state.
        let mut live: Vec<u64> = self
            .accept
            .iter()
            .zip(&reach[k * w..])
            .map(|(a, r)| a & r)
            .collect();
        if live.iter().all(|&x| x == 0) {
            return Err(Contradiction);
        }
        let mut before = vec![0u64; w];
        for i in (0..k).rev() {
            let p = self.places[i];
            let m = symbols(st, p);
            let now = &reach[i * w..(i + 1) * w];
            before.fill(0);
            let mut support: Bits = 0;
            for &(a, vals, b) in &self.moves {
                let used = vals & m;
                if used != 0 && has(now, a) && has(&live, b) {
                    before[a as usize / 64] |= 1 << (a % 64);
                    support |= used;
                }
            }
            if let Place::Cell(c) = p {
                st.restrict(c, support)?;
            }
            std::mem::swap(&mut live, &mut before);
        }
        Ok(())
    }
}
