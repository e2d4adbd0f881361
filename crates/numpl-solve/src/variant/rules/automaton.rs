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
    // The moves by their state (sorted so), `first[s]..first[s + 1]` state `s`'s.
    let mut moves = automaton.moves.clone();
    moves.sort_by_key(|&(a, _, b)| (a, b));
    let mut first = vec![0u32; automaton.states as usize + 1];
    for &(a, _, _) in &moves {
        first[a as usize + 1] += 1;
    }
    for s in 0..automaton.states as usize {
        first[s + 1] += first[s];
    }
    b.prop(Line {
        start: set(&automaton.start),
        accept: set(&automaton.accept),
        moves: moves.into_iter().map(|(_, m, b)| (m, b)).collect(),
        first,
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
    /// The automaton's moves `(values, to)` (values by place; bit `n` the break), by
    /// the state they leave: state `s`'s are `first[s]..first[s + 1]`.
    moves: Vec<(u64, u32)>,
    first: Vec<u32>,
    words: usize,
    /// The break's symbol (bit `n`).
    brk: u64,
    places: Vec<Place>,
    /// The line's cells, each once.
    cells: Vec<u16>,
}

/// The states of a set (bitset words), lowest first.
fn states(set: &[u64]) -> impl Iterator<Item = usize> + '_ {
    set.iter().enumerate().flat_map(|(j, &word)| {
        let mut x = word;
        std::iter::from_fn(move || {
            (x != 0).then(|| {
                let a = j * 64 + x.trailing_zeros() as usize;
                x &= x - 1;
                a
            })
        })
    })
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
        if self.words == 1 && self.places.len() < SHORT {
            self.run_short(st)
        } else {
            self.run_long(st)
        }
    }
}

/// Places a line of at most 64 states is narrowed with arrays on the stack.
const SHORT: usize = 64;

impl Line {
    /// The symbols place `p` may read.
    #[inline]
    fn symbols(&self, st: &State, p: Place) -> Bits {
        match p {
            Place::Cell(c) => st.get(c),
            Place::Break => self.brk,
        }
    }

    /// The moves leaving state `s`.
    #[inline]
    fn moves_of(&self, s: usize) -> &[(u64, u32)] {
        &self.moves[self.first[s] as usize..self.first[s + 1] as usize]
    }

    /// At most 64 states (one word a set) and fewer than [`SHORT`] places.
    fn run_short(&self, st: &mut State) -> Result<(), Contradiction> {
        let k = self.places.len();
        // reach[i]: the states some word of the first i places' candidates leads to.
        let mut reach = [0u64; SHORT];
        reach[0] = self.start[0];
        for (i, &p) in self.places.iter().enumerate() {
            let m = self.symbols(st, p);
            let mut next = 0u64;
            let mut now = reach[i];
            while now != 0 {
                let a = now.trailing_zeros() as usize;
                now &= now - 1;
                for &(vals, b) in self.moves_of(a) {
                    if vals & m != 0 {
                        next |= 1 << b;
                    }
                }
            }
            if next == 0 {
                return Err(Contradiction);
            }
            reach[i + 1] = next;
        }
        // Backward: the states after place i that still reach an accepting state.
        let mut live = self.accept[0] & reach[k];
        if live == 0 {
            return Err(Contradiction);
        }
        for i in (0..k).rev() {
            let p = self.places[i];
            let m = self.symbols(st, p);
            let (mut before, mut support) = (0u64, 0 as Bits);
            let mut now = reach[i];
            while now != 0 {
                let a = now.trailing_zeros() as usize;
                now &= now - 1;
                for &(vals, b) in self.moves_of(a) {
                    let used = vals & m;
                    if used != 0 && live >> b & 1 == 1 {
                        before |= 1 << a;
                        support |= used;
                    }
                }
            }
            if let Place::Cell(c) = p {
                st.restrict(c, support)?;
            }
            live = before;
        }
        Ok(())
    }

    /// Any number of states and places.
    fn run_long(&self, st: &mut State) -> Result<(), Contradiction> {
        let (w, k) = (self.words, self.places.len());
        let mut reach = vec![0u64; (k + 1) * w];
        reach[..w].copy_from_slice(&self.start);
        for (i, &p) in self.places.iter().enumerate() {
            let m = self.symbols(st, p);
            let (now, next) = reach[i * w..(i + 2) * w].split_at_mut(w);
            for a in states(now) {
                for &(vals, b) in self.moves_of(a) {
                    if vals & m != 0 {
                        next[b as usize / 64] |= 1 << (b % 64);
                    }
                }
            }
            if next.iter().all(|&x| x == 0) {
                return Err(Contradiction);
            }
        }
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
            let m = self.symbols(st, p);
            before.fill(0);
            let mut support: Bits = 0;
            for a in states(&reach[i * w..(i + 1) * w]) {
                for &(vals, b) in self.moves_of(a) {
                    let used = vals & m;
                    if used != 0 && has(&live, b) {
                        before[a / 64] |= 1 << (a % 64);
                        support |= used;
                    }
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

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// A line over 4 values with `moves` (`(from, values, to)`), start 0, as compiled.
    fn line(states: u32, moves: &[(u32, u64, u32)], accept: &[u32], places: Vec<Place>) -> Line {
        let words = (states as usize).div_ceil(64).max(1);
        let set = |list: &[u32]| {
            let mut s = vec![0u64; words];
            for &x in list {
                s[x as usize / 64] |= 1 << (x % 64);
            }
            s
        };
        let mut sorted = moves.to_vec();
        sorted.sort_by_key(|&(a, _, b)| (a, b));
        let mut first = vec![0u32; states as usize + 1];
        for &(a, _, _) in &sorted {
            first[a as usize + 1] += 1;
        }
        for s in 0..states as usize {
            first[s + 1] += first[s];
        }
        Line {
            start: set(&[0]),
            accept: set(accept),
            moves: sorted.into_iter().map(|(_, m, b)| (m, b)).collect(),
            first,
            words,
            brk: 1 << 4,
            places,
            cells: Vec::new(),
        }
    }

    proptest! {
        /// The stack arrays' narrowing (at most 64 states) and the general one (state
        /// sets of several words) agree: the same automaton, its states numbered from 0 or
        /// from 100 (a second word), narrows the same cells alike.
        #[test]
        fn short_and_long_lines_narrow_alike(
            moves in proptest::collection::vec((0u32..5, 1u64..32, 0u32..5), 1..12),
            accept in proptest::collection::vec(0u32..5, 1..3),
            cells in proptest::collection::vec(1u64..16, 5),
            path in proptest::collection::vec(0u8..6, 1..7),
        ) {
            // Place 5: a break; places 0-4 the five cells.
            let places: Vec<Place> = path
                .iter()
                .map(|&p| if p == 5 { Place::Break } else { Place::Cell(p as u16) })
                .collect();
            let short = line(5, &moves, &accept, places.clone());
            // States shifted past 64 (state 0 stays the start).
            let shift = |s: u32| if s == 0 { 0 } else { s + 100 };
            let far: Vec<(u32, u64, u32)> =
                moves.iter().map(|&(a, m, b)| (shift(a), m, shift(b))).collect();
            let far_accept: Vec<u32> = accept.iter().map(|&s| shift(s)).collect();
            let long = line(105, &far, &far_accept, places);
            prop_assert_eq!(long.words, 2);
            let mut a = State::of(cells.clone());
            let mut b = State::of(cells);
            let ra = short.run_short(&mut a).is_ok();
            let rb = long.run_long(&mut b).is_ok();
            prop_assert_eq!(ra, rb);
            if ra {
                prop_assert_eq!(a.cells, b.cells);
            }
        }
    }
}
