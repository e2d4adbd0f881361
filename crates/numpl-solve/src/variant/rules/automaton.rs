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
    /// The moves `(values, to)` each place may take, by the place and the state they
    /// leave: at place `i`, state `a`'s are `first[base[i] + a]..first[base[i] + a + 1]`.
    /// Only the moves between states on some accepted word of the line's length whatever
    /// the cells hold (forward from the start states, back from the accepting ones, every
    /// value at every cell), with the values the place can read; the states of each place
    /// numbered anew from 0 (`sizes[i]` of them before place `i`, `sizes[k]` after the
    /// last, all accepting), so a state that could not finish in the places left (a
    /// product too small for the cells after it) is never walked, and the sets are small.
    moves: Vec<(u64, u32)>,
    first: Vec<u32>,
    base: Vec<u32>,
    sizes: Vec<u32>,
    /// Words of the largest place's state set.
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
        let w = (automaton.states as usize).div_ceil(64).max(1);
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
        let k = places.len();
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
        // Each place's useful states numbered from 0, and its moves between them.
        let number = |i: usize| {
            let mut local = vec![u32::MAX; states_n];
            for (j, a) in states(&useful[i * w..(i + 1) * w]).enumerate() {
                local[a] = j as u32;
            }
            local
        };
        let sizes: Vec<u32> = (0..=k)
            .map(|i| states(&useful[i * w..(i + 1) * w]).count() as u32)
            .collect();
        let (mut layered, mut starts, mut base) = (Vec::new(), Vec::new(), Vec::new());
        for (i, &p) in places.iter().enumerate() {
            let next = number(i + 1);
            base.push(starts.len() as u32);
            // (State `a` is numbered by its rank here, as `number` ranks them.)
            for a in states(&useful[i * w..(i + 1) * w]) {
                starts.push(layered.len() as u32);
                for &(vals, b) in moves_of(a) {
                    if vals & symbols(p) != 0 && next[b as usize] != u32::MAX {
                        layered.push((vals & symbols(p), next[b as usize]));
                    }
                }
            }
            starts.push(layered.len() as u32);
        }
        let words = sizes
            .iter()
            .map(|&u| (u as usize).div_ceil(64))
            .max()
            .unwrap_or(1)
            .max(1);
        Line {
            moves: layered,
            first: starts,
            base,
            sizes,
            words,
            brk,
            places,
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
            return match self.sizes[0] {
                0 => Err(Contradiction),
                _ => Ok(()),
            };
        }
        if self.places.len() < SHORT {
            match self.words {
                1 => return self.run_small::<u64>(st),
                2 => return self.run_small::<[u64; 2]>(st),
                3 | 4 => return self.run_small::<[u64; 4]>(st),
                5..=8 => return self.run_small::<[u64; 8]>(st),
                _ => {}
            }
        }
        self.run_long(st)
    }
}

/// Fewer places than this, and at most 512 states at any place: the passes keep their
/// state sets on the stack (a `u64` up to 64 states, arrays of words above).
const SHORT: usize = 64;

/// A set of a place's states, held in registers or on the stack.
trait StateSet: Copy {
    /// States `0..n`.
    fn upto(n: u32) -> Self;
    fn empty() -> Self;
    /// Adds `s` where `on` (branch-free: whether a move reads a candidate is a coin
    /// toss).
    fn put(&mut self, s: u32, on: bool);
    /// Adds the states `moves` lead to that read a value of `m` (the moves sorted by the
    /// state they lead to).
    fn gather(&mut self, moves: &[(u64, u32)], m: u64);
    /// All ones where `s` is in the set, else 0.
    fn mask(&self, s: u32) -> u64;
    fn is_empty(&self) -> bool;
    /// Calls `f` with each state, lowest first.
    fn each(&self, f: impl FnMut(usize));
}

impl StateSet for u64 {
    fn upto(n: u32) -> Self {
        if n >= 64 {
            !0
        } else {
            (1 << n) - 1
        }
    }
    fn empty() -> Self {
        0
    }
    #[inline]
    fn put(&mut self, s: u32, on: bool) {
        *self |= (on as u64) << s;
    }
    #[inline]
    fn gather(&mut self, moves: &[(u64, u32)], m: u64) {
        for &(vals, b) in moves {
            self.put(b, vals & m != 0);
        }
    }
    #[inline]
    fn mask(&self, s: u32) -> u64 {
        (*self >> s & 1).wrapping_neg()
    }
    fn is_empty(&self) -> bool {
        *self == 0
    }
    #[inline]
    fn each(&self, mut f: impl FnMut(usize)) {
        let mut x = *self;
        while x != 0 {
            f(x.trailing_zeros() as usize);
            x &= x - 1;
        }
    }
}

impl<const W: usize> StateSet for [u64; W] {
    fn upto(n: u32) -> Self {
        let mut s = [0; W];
        for (j, word) in s.iter_mut().enumerate() {
            *word = u64::upto(n.saturating_sub(64 * j as u32));
        }
        s
    }
    fn empty() -> Self {
        [0; W]
    }
    #[inline]
    fn put(&mut self, s: u32, on: bool) {
        self[s as usize / 64] |= (on as u64) << (s % 64);
    }
    #[inline]
    fn gather(&mut self, moves: &[(u64, u32)], m: u64) {
        // A word at a time in a register, stored when the moves pass to the next word
        // (or-ing each move into memory waited on the store before).
        let (mut word, mut bits) = (0usize, 0u64);
        for &(vals, b) in moves {
            let j = b as usize / 64;
            if j != word {
                self[word] |= bits;
                (word, bits) = (j, 0);
            }
            bits |= ((vals & m != 0) as u64) << (b % 64);
        }
        self[word] |= bits;
    }
    #[inline]
    fn mask(&self, s: u32) -> u64 {
        (self[s as usize / 64] >> (s % 64) & 1).wrapping_neg()
    }
    fn is_empty(&self) -> bool {
        self.iter().all(|&x| x == 0)
    }
    #[inline]
    fn each(&self, mut f: impl FnMut(usize)) {
        for (j, &word) in self.iter().enumerate() {
            word.each(|a| f(j * 64 + a));
        }
    }
}

impl Line {
    /// The symbols place `p` may read.
    #[inline]
    fn symbols(&self, st: &State, p: Place) -> Bits {
        match p {
            Place::Cell(c) => st.get(c),
            Place::Break => self.brk,
        }
    }

    /// The moves place `i` may take from its state `a`.
    #[inline]
    fn moves_of(&self, i: usize, a: usize) -> &[(u64, u32)] {
        let at = self.base[i] as usize + a;
        &self.moves[self.first[at] as usize..self.first[at + 1] as usize]
    }

    /// Fewer than [`SHORT`] places, each place's states in an `S`.
    fn run_small<S: StateSet>(&self, st: &mut State) -> Result<(), Contradiction> {
        let k = self.places.len();
        // reach[i]: the states before place i some word of the candidates before leads to.
        let mut reach = [S::empty(); SHORT];
        reach[0] = S::upto(self.sizes[0]);
        for (i, &p) in self.places.iter().enumerate() {
            let m = self.symbols(st, p);
            let mut next = S::empty();
            reach[i].each(|a| next.gather(self.moves_of(i, a), m));
            if next.is_empty() {
                return Err(Contradiction);
            }
            reach[i + 1] = next;
        }
        // Backward: the states before place i that still lead to an accepting state (the
        // states after the last place are all accepting).
        let mut live = reach[k];
        for i in (0..k).rev() {
            let p = self.places[i];
            let m = self.symbols(st, p);
            let (mut before, mut support) = (S::empty(), 0 as Bits);
            reach[i].each(|a| {
                let mut on = 0u64;
                for &(vals, b) in self.moves_of(i, a) {
                    on |= vals & live.mask(b);
                }
                before.put(a as u32, on & m != 0);
                support |= on & m;
            });
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
        for (j, word) in reach[..w].iter_mut().enumerate() {
            *word = u64::upto(self.sizes[0].saturating_sub(64 * j as u32));
        }
        for (i, &p) in self.places.iter().enumerate() {
            let m = self.symbols(st, p);
            let (now, next) = reach[i * w..(i + 2) * w].split_at_mut(w);
            for a in states(now) {
                for &(vals, b) in self.moves_of(i, a) {
                    next[b as usize / 64] |= ((vals & m != 0) as u64) << (b % 64);
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
                let mut on = 0u64;
                for &(vals, b) in self.moves_of(i, a) {
                    on |= vals & (live[b as usize / 64] >> (b % 64) & 1).wrapping_neg();
                }
                before[a / 64] |= ((on & m != 0) as u64) << (a % 64);
                support |= on & m;
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

    /// One form of a line's passes.
    type Pass = fn(&Line, &mut State) -> Result<(), Contradiction>;

    proptest! {
        /// A line whose places have more than 64 states each (a trie of the words of four
        /// letters over 4 values: 64 states before the last place, 256 after), so that the
        /// sets of several words carry states in each word: each form that holds it keeps
        /// exactly the values of the accepted words the candidates allow.
        #[test]
        fn states_in_several_words_narrow_as_the_words_say(
            words in proptest::collection::btree_set(0usize..256, 1..200),
            cells in proptest::collection::vec(1u64..16, 4),
        ) {
            // State of a prefix: 0 the empty one, then by length and letters (base 4).
            let id = |len: usize, code: usize| ((4usize.pow(len as u32) - 1) / 3 + code) as u32;
            let mut moves = Vec::new();
            for len in 0..4 {
                for code in 0..4usize.pow(len as u32) {
                    for v in 0..4 {
                        moves.push((id(len, code), 1u64 << v, id(len + 1, code * 4 + v)));
                    }
                }
            }
            let accept: Vec<u32> = words.iter().map(|&w| id(4, w)).collect();
            let places: Vec<Place> = (0..4).map(Place::Cell).collect();
            let l = line(341, &moves, &accept, places);
            // The letters of word `w`, first to last.
            let letters = |w: usize| [w >> 6 & 3, w >> 4 & 3, w >> 2 & 3, w & 3];
            let mut keep = [0u64; 4];
            for &w in &words {
                let ls = letters(w);
                if (0..4).all(|i| cells[i] >> ls[i] & 1 == 1) {
                    for i in 0..4 {
                        keep[i] |= 1 << ls[i];
                    }
                }
            }
            let any = keep[0] != 0;
            let runs: [Pass; 3] = [
                Line::run_small::<[u64; 4]>,
                Line::run_small::<[u64; 8]>,
                Line::run_long,
            ];
            prop_assert!(l.words > 1 || words.len() <= 64);
            for (j, run) in runs.iter().enumerate() {
                let mut st = State::of(cells.clone());
                prop_assert_eq!(run(&l, &mut st).is_ok(), any, "form {}", j);
                if any {
                    prop_assert_eq!(&st.cells[..], &keep[..], "form {}", j);
                }
            }
        }

        /// Every form of the passes (a place's states in a `u64`, arrays of 2, 4 or 8
        /// words on the stack, vectors) narrows alike, and an automaton's states
        /// numbered from 0 or past 100 (a second word) make the same line.
        #[test]
        fn every_form_of_the_passes_narrows_alike(
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
            prop_assert_eq!(long.words, 1);
            let runs: [Pass; 5] = [
                Line::run_small::<u64>,
                Line::run_small::<[u64; 2]>,
                Line::run_small::<[u64; 4]>,
                Line::run_small::<[u64; 8]>,
                Line::run_long,
            ];
            let mut want = State::of(cells.clone());
            let ok = short.run_small::<u64>(&mut want).is_ok();
            for (j, run) in runs.iter().enumerate() {
                for l in [&short, &long] {
                    let mut got = State::of(cells.clone());
                    prop_assert_eq!(run(l, &mut got).is_ok(), ok, "form {}", j);
                    if ok {
                        prop_assert_eq!(&got.cells, &want.cells, "form {}", j);
                    }
                }
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
