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
    b.prop(Line::new(automaton, b.all(), 1 << b.n, places, cells));
}

struct Line {
    /// The moves `(values, to)` (values by place; bit `n` the break) each place may
    /// take, by the place and the state they leave: at place `i`, state `s`'s are
    /// `first[i * (states + 1) + s]` to the next; only those between the place's
    /// [`Line::useful`] states and the next place's, with the values the place can read.
    moves: Vec<(u64, u32)>,
    first: Vec<u32>,
    /// States of the automaton.
    states: usize,
    /// Words of a set of states (bitsets, state `s` bit `s % 64` of word `s / 64`).
    words: usize,
    /// The break's symbol (bit `n`).
    brk: u64,
    places: Vec<Place>,
    /// The states that lie on some accepted word of the line's length before each place
    /// (and after the last), whatever the cells hold: `words` words a place. The passes
    /// keep to them, so a state that could not finish in the places left (a product
    /// too small for the cells after it) is never walked.
    useful: Vec<u64>,
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

impl Line {
    /// The line over `places` read by `automaton`, the cells' values `all` and the break
    /// `brk`.
    fn new(
        automaton: &Automaton,
        all: Bits,
        brk: u64,
        places: Vec<Place>,
        cells: Vec<u16>,
    ) -> Line {
        let words = (automaton.states as usize).div_ceil(64).max(1);
        let states_n = automaton.states as usize;
        // The moves by their state (sorted so), `first[s]..first[s + 1]` state `s`'s.
        let mut sorted = automaton.moves.clone();
        sorted.sort_by_key(|&(a, _, b)| (a, b));
        let mut first = vec![0u32; states_n + 1];
        for &(a, _, _) in &sorted {
            first[a as usize + 1] += 1;
        }
        for s in 0..states_n {
            first[s + 1] += first[s];
        }
        let moves: Vec<(u64, u32)> = sorted.into_iter().map(|(_, m, b)| (m, b)).collect();
        let moves_of = |a: usize| &moves[first[a] as usize..first[a + 1] as usize];
        // Forward from the start states and back from the accepting ones with every
        // value at every cell: the states on some accepted word of this length.
        let (w, k) = (words, places.len());
        let set = |list: &[u32]| {
            let mut s = vec![0u64; w];
            for &x in list {
                s[x as usize / 64] |= 1 << (x % 64);
            }
            s
        };
        let symbols = |p: Place| match p {
            Place::Cell(_) => all,
            Place::Break => brk,
        };
        let mut reach = vec![0u64; (k + 1) * w];
        reach[..w].copy_from_slice(&set(&automaton.start));
        for (i, &p) in places.iter().enumerate() {
            let (now, next) = reach[i * w..(i + 2) * w].split_at_mut(w);
            for a in states(now) {
                for &(vals, b) in moves_of(a) {
                    if vals & symbols(p) != 0 {
                        next[b as usize / 64] |= 1 << (b % 64);
                    }
                }
            }
        }
        let mut useful = vec![0u64; (k + 1) * w];
        let accept = set(&automaton.accept);
        for j in 0..w {
            useful[k * w + j] = reach[k * w + j] & accept[j];
        }
        for i in (0..k).rev() {
            let m = symbols(places[i]);
            for a in states(&reach[i * w..(i + 1) * w]) {
                let live = &useful[(i + 1) * w..(i + 2) * w];
                if moves_of(a)
                    .iter()
                    .any(|&(vals, b)| vals & m != 0 && has(live, b))
                {
                    useful[i * w + a / 64] |= 1 << (a % 64);
                }
            }
        }
        // Each place's moves between useful states, with the values it can read.
        let mut layered = Vec::new();
        let mut starts = Vec::with_capacity(k * (states_n + 1));
        for (i, &p) in places.iter().enumerate() {
            let next = &useful[(i + 1) * w..(i + 2) * w];
            for a in 0..states_n {
                starts.push(layered.len() as u32);
                if !has(&useful[i * w..(i + 1) * w], a as u32) {
                    continue;
                }
                for &(vals, b) in moves_of(a) {
                    if vals & symbols(p) != 0 && has(next, b) {
                        layered.push((vals & symbols(p), b));
                    }
                }
            }
            starts.push(layered.len() as u32);
        }
        Line {
            moves: layered,
            first: starts,
            states: states_n,
            words,
            brk,
            places,
            useful,
            cells,
        }
    }
}

impl Prop for Line {
    fn watches(&self) -> &[u16] {
        &self.cells
    }

    fn expensive(&self) -> bool {
        true
    }

    fn run(&self, st: &mut State) -> Result<(), Contradiction> {
        if self.places.is_empty() {
            // The empty word: accepted or not, whatever the cells hold.
            return match self.useful.iter().any(|&x| x != 0) {
                true => Ok(()),
                false => Err(Contradiction),
            };
        }
        if self.places.len() < SHORT {
            match self.words {
                1 => return self.run_fixed::<1>(st),
                2 => return self.run_fixed::<2>(st),
                3 | 4 => return self.run_fixed::<4>(st),
                5..=8 => return self.run_fixed::<8>(st),
                _ => {}
            }
        }
        self.run_long(st)
    }
}

/// Places a line of at most 512 states is narrowed with arrays on the stack.
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

    /// The moves place `i` may take from state `s` (between useful states).
    #[inline]
    fn moves_of(&self, i: usize, s: usize) -> &[(u64, u32)] {
        let at = i * (self.states + 1) + s;
        &self.moves[self.first[at] as usize..self.first[at + 1] as usize]
    }

    /// At most `64 * W` states and fewer than [`SHORT`] places: the state sets in arrays
    /// on the stack (a word a set for up to 64 states).
    fn run_fixed<const W: usize>(&self, st: &mut State) -> Result<(), Contradiction> {
        let (w, k) = (self.words, self.places.len());
        // reach[i]: the useful states some word of the first i places' candidates leads to.
        let mut reach = [[0u64; W]; SHORT];
        reach[0][..w].copy_from_slice(&self.useful[..w]);
        for (i, &p) in self.places.iter().enumerate() {
            let m = self.symbols(st, p);
            let mut next = [0u64; W];
            for a in states(&reach[i][..w]) {
                for &(vals, b) in self.moves_of(i, a) {
                    if vals & m != 0 {
                        next[b as usize / 64] |= 1 << (b % 64);
                    }
                }
            }
            // (Every move leads to a useful state.)
            if next.iter().all(|&x| x == 0) {
                return Err(Contradiction);
            }
            reach[i + 1] = next;
        }
        // Backward: the states before place i that still lead to an accepting state (the
        // useful states after the last place are all accepting).
        let mut live = reach[k];
        for i in (0..k).rev() {
            let p = self.places[i];
            let m = self.symbols(st, p);
            let (mut before, mut support) = ([0u64; W], 0 as Bits);
            for a in states(&reach[i][..w]) {
                for &(vals, b) in self.moves_of(i, a) {
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
            live = before;
        }
        Ok(())
    }

    /// Any number of states and places.
    fn run_long(&self, st: &mut State) -> Result<(), Contradiction> {
        let (w, k) = (self.words, self.places.len());
        let mut reach = vec![0u64; (k + 1) * w];
        reach[..w].copy_from_slice(&self.useful[..w]);
        for (i, &p) in self.places.iter().enumerate() {
            let m = self.symbols(st, p);
            let (now, next) = reach[i * w..(i + 2) * w].split_at_mut(w);
            for a in states(now) {
                for &(vals, b) in self.moves_of(i, a) {
                    if vals & m != 0 {
                        next[b as usize / 64] |= 1 << (b % 64);
                    }
                }
            }
            if next.iter().all(|&x| x == 0) {
                return Err(Contradiction);
            }
        }
        let mut live: Vec<u64> = reach[k * w..].to_vec();
        let mut before = vec![0u64; w];
        for i in (0..k).rev() {
            let p = self.places[i];
            let m = self.symbols(st, p);
            before.fill(0);
            let mut support: Bits = 0;
            for a in states(&reach[i * w..(i + 1) * w]) {
                for &(vals, b) in self.moves_of(i, a) {
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
        let automaton = Automaton {
            states,
            start: vec![0],
            accept: accept.to_vec(),
            moves: moves.to_vec(),
        };
        let mut cells: Vec<u16> = places
            .iter()
            .filter_map(|p| match p {
                Place::Cell(c) => Some(*c),
                Place::Break => None,
            })
            .collect();
        cells.sort_unstable();
        cells.dedup();
        Line::new(&automaton, 0b1111, 1 << 4, places, cells)
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
            let mut b = State::of(cells.clone());
            let mut c = State::of(cells.clone());
            let mut d = State::of(cells);
            let ra = short.run_fixed::<1>(&mut a).is_ok();
            let rb = long.run_long(&mut b).is_ok();
            let rc = long.run_fixed::<2>(&mut c).is_ok();
            let rd = long.run_fixed::<8>(&mut d).is_ok();
            prop_assert_eq!(ra, rb);
            prop_assert_eq!(ra, rc);
            prop_assert_eq!(ra, rd);
            if ra {
                prop_assert_eq!(&a.cells, &b.cells);
                prop_assert_eq!(&a.cells, &c.cells);
                prop_assert_eq!(&a.cells, &d.cells);
            }
        }

        /// On a line of different cells, a cell keeps exactly the values some accepted
        /// word puts there, and a line with no accepted word is a contradiction (every
        /// word over the cells' candidates tried, the automaton run on each): the passes
        /// and the states they keep to before each place lose nothing and keep nothing
        /// more; and a second run narrows nothing.
        #[test]
        fn a_line_keeps_what_the_accepted_words_use(
            moves in proptest::collection::vec((0u32..5, 1u64..32, 0u32..5), 1..14),
            accept in proptest::collection::vec(0u32..5, 1..3),
            cells in proptest::collection::vec(1u64..16, 5),
            order in proptest::sample::subsequence(vec![0u8, 1, 2, 3, 4], 1..5),
            breaks in proptest::collection::vec(any::<bool>(), 5),
        ) {
            let mut places = Vec::new();
            for (i, &c) in order.iter().enumerate() {
                if i > 0 && breaks[i] {
                    places.push(Place::Break);
                }
                places.push(Place::Cell(c as u16));
            }
            let accepted = |word: &[u64]| {
                let mut now = 1u64;
                for &sym in word {
                    let mut next = 0;
                    for &(a, m, b) in &moves {
                        if now >> a & 1 == 1 && m & sym != 0 {
                            next |= 1 << b;
                        }
                    }
                    now = next;
                }
                accept.iter().any(|&s| now >> s & 1 == 1)
            };
            // Every word over the places' candidates (a break reads bit 4).
            let mut keep = [0u64; 5];
            let mut any = false;
            let mut word = vec![0u64; places.len()];
            fn each(
                i: usize, places: &[Place], cells: &[u64], word: &mut Vec<u64>,
                f: &mut dyn FnMut(&[u64]),
            ) {
                if i == places.len() {
                    return f(word);
                }
                match places[i] {
                    Place::Break => {
                        word[i] = 1 << 4;
                        each(i + 1, places, cells, word, f);
                    }
                    Place::Cell(c) => {
                        let mut bits = cells[c as usize];
                        while bits != 0 {
                            word[i] = bits & bits.wrapping_neg();
                            bits &= bits - 1;
                            each(i + 1, places, cells, word, f);
                        }
                    }
                }
            }
            each(0, &places, &cells, &mut word, &mut |w: &[u64]| {
                if accepted(w) {
                    any = true;
                    for (p, &sym) in places.iter().zip(w) {
                        if let Place::Cell(c) = p {
                            keep[*c as usize] |= sym;
                        }
                    }
                }
            });
            let l = line(5, &moves, &accept, places);
            let mut st = State::of(cells.clone());
            let ok = l.run(&mut st).is_ok();
            prop_assert_eq!(ok, any);
            if ok {
                for c in 0..5u8 {
                    let want = if order.contains(&c) { keep[c as usize] } else { cells[c as usize] };
                    prop_assert_eq!(st.cells[c as usize], want, "cell {}", c);
                }
                // Its fixed point: a second run narrows nothing.
                let once = st.cells.clone();
                prop_assert!(l.run(&mut st).is_ok());
                prop_assert_eq!(st.cells, once);
            }
        }
    }
}
